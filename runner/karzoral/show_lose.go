package karzoral

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/mitchellh/go-wordwrap"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// What loses a scenario, as the briefing and the map tell the players (issue 23: a player who read
// the briefing and the map of field01 lost on day 5 without knowing that the mercenaries' loss
// fails it). Everything comes from the plan: no scenario writes it by hand.

// writeLosses writes what fails the scenario (K-65): a friendly army at strength 0 (K-25: at once
// and completely, no XP at all), the party defeated in a battle (K-100), every failure objective
// (its condition in words), and the end of the day limit with no success objective reached.
func (v *PlayerView) writeLosses(b *bytes.Buffer) {
	p := v.s.p
	b.WriteString("  the scenario fails (K-65) when:\n")
	for i := range p.Armies {
		if a := &p.Armies[i]; a.Friendly() {
			writeWrapped(b, "    ", fmt.Sprintf("losing %s, strength %d at the start: a friendly army at strength 0 fails the scenario at once, with no XP (K-25)", armyName(a), a.Strength))
		}
	}
	b.WriteString("    the party is defeated in a battle (K-100)\n")
	for i := range p.Objectives {
		if o := &p.Objectives[i]; o.Outcome == "failure" {
			writeWrapped(b, "    ", o.ID+": "+condWords(p, o.When))
		}
	}
	fmt.Fprintf(b, "    day %d ends with no success objective reached (the day limit)\n", p.DayLimit)
}

// writeFriendlies writes, under the map, every friendly army as the players know it and that its
// loss fails the scenario (K-25): where and when it was last seen, or that it is not in sight
// (K-23: the party learns of armies out of its block only by a survey or the scenario).
func (v *PlayerView) writeFriendlies(b *bytes.Buffer) {
	p := v.s.p
	first := true
	for i := range p.Armies {
		if !p.Armies[i].Friendly() {
			continue
		}
		if first {
			b.WriteString("  friendly armies (if one falls to strength 0 the scenario fails, K-25):\n")
			first = false
		}
		a := v.Army(i)
		where := "not in sight"
		switch {
		case a.InView:
			where = fmt.Sprintf("here, strength %d", a.Strength)
		case a.Gone:
			where = fmt.Sprintf("gone (day %d)", a.Day)
		case a.Seen && a.Block >= 0:
			where = fmt.Sprintf("last seen at %s on day %d, %s", p.Field.Blocks[a.Block].ID, a.Day, strengthAsOf(a.Strength, a.StrengthDay, a.Day))
		}
		fmt.Fprintf(b, "    %s: %s\n", esc.Text(armyName(&p.Armies[i])), where)
	}
}

// armyName is "mercenaries (Daisy Daisy's mercenaries)": the id the map and status use and the
// name the events use.
func armyName(a *plan.Army) string {
	if a.Name != "" && a.Name != a.ID {
		return a.ID + " (" + esc.Text(a.Name) + ")"
	}
	return a.ID
}

// playLegend is the players' map legend (partyLegend) in two lines, so that the prompt's map fits a
// terminal of 100 columns.
const playLegend = "  legend: @ party, *F friendly army, *E enemy army, *f *e last seen there,\n          [B] base, . trail, ? hidden box\n"

// showWidth is the width the prompt's views wrap their text at: a terminal of 100 columns, or
// a narrower one the transcript is fitted to (runner.TableWidth), two columns to spare.
func showWidth() int { return min(98, runner.TableWidth-2) }

// writeWrapped writes text after indent, its words wrapped at showWidth (go-wordwrap), each
// following line indented two spaces more. text is one line that may hold strangers' strings
// (names, flag summaries): it is escaped first (esc.Text), so a newline in a name starts no line.
func writeWrapped(b *bytes.Buffer, indent, text string) {
	lines := strings.Split(wordwrap.WrapString(esc.Text(text), uint(showWidth()-len(indent)-2)), "\n")
	for i, l := range lines {
		if i > 0 {
			b.WriteString(indent + "  ")
		} else {
			b.WriteString(indent)
		}
		b.WriteString(l + "\n")
	}
}
