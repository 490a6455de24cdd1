package clash

import (
	"bytes"
	"fmt"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Briefing is what a person playing side (0 or 1; -1: both) reads before round 1 (issue 23: a
// briefing at the start of every run): the battle, how it is won (U-71, at most MaxRounds
// rounds), the forces under the player's command, the objectives of both sides and what may be
// typed at a question. Nothing of the other side's forces but what its objectives name: the map
// that follows shows what the player sees of them (U-50, U-80). Lines are indented by two
// spaces; every stranger's string in it (title, names) is one line, escaped (esc.Text).
func (s *Setup) Briefing(side int) string {
	b := NewBattle(s)
	b.Reset(Config{})
	c := s.Plan
	var w bytes.Buffer
	title := c.Title
	if title == "" {
		title = c.ID
	}
	fmt.Fprintf(&w, "  == briefing: %s ==\n", esc.Text(title))
	fmt.Fprintf(&w, "  %s against %s: one battle of When Armies Clash on a field of %dx%d squares of 20 ft.\n",
		esc.Text(b.sideName(0)), esc.Text(b.sideName(1)), c.Grid.Width, c.Grid.Height)
	w.WriteString("  Each round every unit and solo takes its turn in initiative order (U-26); at the end of\n")
	w.WriteString("  the round casualties leave the field, morale is checked and objectives score VP (U-59).\n")
	fmt.Fprintf(&w, "  A side with %d VP at the end of a round wins (U-71); the battle lasts at most %d rounds.\n",
		MaxVP, b.o.MaxRoundsOrDefault())
	for sd := 0; sd < 2; sd++ {
		if side >= 0 && sd != side {
			continue
		}
		who := "you command:"
		if side < 0 {
			who = esc.Text(b.sideName(int32(sd))) + ":"
		}
		w.WriteString("  " + who + "\n")
		for _, f := range forces(c, sd) {
			w.WriteString("    " + esc.Text(f) + "\n")
		}
	}
	if len(s.obj) > 0 {
		w.WriteString("  objectives:\n")
		for oi := range s.obj {
			o := &s.obj[oi]
			name := o.name
			if name == "" {
				name = o.id
			}
			fmt.Fprintf(&w, "    %s (%s): %s\n", esc.Text(name), esc.Text(b.sideName(int32(o.side))), esc.Text(b.objWords(o)))
		}
	}
	w.WriteString("  At a question, type ? for help, map for the field, units for the units, status for the VP.\n")
	return w.String()
}

// forces lists side sd's units ("pikes (Hill pikes): a regiment unit of 4 stands of Thug, in
// defend, with orrin") and unattached solos ("vessa (Vessa of the Tower): a solo, Mage"), in the
// file's order.
func forces(c *plan.Clash, sd int) []string {
	var out []string
	for u := range c.Units {
		un := &c.Units[u]
		if un.Side != sd {
			continue
		}
		f := un.ID
		if un.Name != "" {
			f += " (" + un.Name + ")"
		}
		f += fmt.Sprintf(": a %s unit of %d %s", un.Type, len(un.Stands), map[bool]string{true: "stand", false: "stands"}[len(un.Stands) == 1])
		if cr := un.Stands[0].Creature; cr >= 0 && cr < len(c.Creatures) {
			f += " of " + c.Creatures[cr].Name
		}
		if un.Config != "" {
			f += ", in " + string(un.Config) // U-48
		}
		var joined []string
		for j := range c.Solos {
			if so := &c.Solos[j]; so.Unit == u {
				joined = append(joined, so.ID)
			}
		}
		if len(joined) > 0 {
			f += ", with " + strings.Join(joined, ", ")
		}
		out = append(out, f)
	}
	for j := range c.Solos {
		if so := &c.Solos[j]; so.Side == sd && so.Unit < 0 {
			f := so.ID
			if so.Name != "" {
				f += " (" + so.Name + ")"
			}
			if so.Creature >= 0 && so.Creature < len(c.Creatures) {
				f += ": a solo, " + c.Creatures[so.Creature].Name
			}
			out = append(out, f)
		}
	}
	return out
}
