package karzoral

import (
	"bytes"
	"fmt"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"sort"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// What the prompt shows on demand (runner.Shower, issue 23): the briefing at the start of a run,
// the recap on resume, the map and the status, all from the players' view (K-23). The seed: the
// map's illustration is what the PCs can see, and they may ask the GM about distant terrain
// 「マップのイラストはＰＣが見ることのできる光景です」: so the map lists the terrain of every block whose
// terrain is known (K-30: every block outside a hidden box; K-31: a box's once entered).

// Shows lists the words the prompt answers from the view (runner.Shower).
func (v *PlayerView) Shows() []string { return []string{"briefing", "map", "status"} }

// Show returns the text of what ("briefing", "recap", "map", "status"), indented two spaces and
// ending in a newline; "" for a word it does not know.
func (v *PlayerView) Show(what string) string {
	var b bytes.Buffer
	switch what {
	case "briefing":
		v.writeBriefing(&b)
	case "recap":
		fmt.Fprintf(&b, "  resumed: %s (%s), day %d of %d, %s phase\n", v.s.p.Scenario.ID, esc.Text(v.s.p.Scenario.Title), v.s.day, v.s.p.DayLimit, v.s.phase)
		v.writeStatus(&b)
		v.writeMap(&b)
	case "map":
		v.writeMap(&b)
	case "status":
		v.writeStatus(&b)
	default:
		return ""
	}
	return b.String()
}

// writeBriefing writes what the players are told before day 1: the title, the objectives as they
// know them, what fails the scenario (writeLosses, K-65), the party, its rations and light, the map with the terrain seen from afar.
func (v *PlayerView) writeBriefing(b *bytes.Buffer) {
	p := v.s.p
	fmt.Fprintf(b, "  == briefing: %s ==\n", esc.Text(p.Scenario.Title))
	fmt.Fprintf(b, "  You have %d days; the party of %d sets out from %s.\n", p.DayLimit, p.Party.Members, p.Field.Blocks[v.s.party].ID)
	v.writeObjectives(b)
	v.writeLosses(b)
	v.writeSupplies(b)
	v.writeMap(b)
	b.WriteString("  At a question, type ? for help, map for the map, status for where things stand.\n")
}

// writeObjectives lists the objectives: outcome, XP, the condition in words, reached or not.
func (v *PlayerView) writeObjectives(b *bytes.Buffer) {
	p := v.s.p
	if len(p.Objectives) == 0 {
		return
	}
	b.WriteString("  objectives:\n")
	for i := range p.Objectives {
		o := v.Objective(i)
		state := ""
		if o.Reached > 0 {
			state = fmt.Sprintf(" [reached on day %d]", o.Reached)
		} else if o.Retained {
			state = " [retained from an earlier attempt]"
		}
		when := "always"
		if o.When != nil {
			when = condWords(p, *o.When)
		}
		writeWrapped(b, "    ", fmt.Sprintf("%s (%s, %d XP): %s%s", o.ID, o.Outcome, o.XP, when, state))
	}
	v.writeFlags(b)
}

// writeFlags writes how to set each flag an objective reads, in objective order: the scenario's
// summary for the players (plan.FlagSummaries), or that the scenario does not tell.
func (v *PlayerView) writeFlags(b *bytes.Buffer) {
	p := v.s.p
	var flags []int
	seen := map[int]bool{}
	var walk func(c plan.Cond)
	walk = func(c plan.Cond) {
		if c.Op == plan.CondFlag && !seen[c.Flag] {
			seen[c.Flag] = true
			flags = append(flags, c.Flag)
		}
		for _, a := range c.Args {
			walk(a)
		}
	}
	for i := range p.Objectives {
		walk(p.Objectives[i].When)
	}
	if len(flags) == 0 {
		return
	}
	b.WriteString("  how the flags are set:\n")
	for _, f := range flags {
		how := "not told; events in play set it"
		if f < len(p.FlagSummaries) && p.FlagSummaries[f] != "" {
			how = p.FlagSummaries[f]
		}
		writeWrapped(b, "    ", p.Flags[f]+": "+how)
	}
}

// writeSupplies writes the party, its rations and its light (K-20, K-58).
func (v *PlayerView) writeSupplies(b *bytes.Buffer) {
	p := v.s.p
	days := 0
	if p.Party.Members > 0 {
		days = v.s.rations / p.Party.Members
	}
	fmt.Fprintf(b, "  party: %d members; %d rations (%d days at %d a day)\n", p.Party.Members, v.s.rations, days, p.Party.Members)
	for i := range p.Party.PCs {
		name, hp, maxHP := v.PC(i)
		name = esc.Text(name) // names, terrain, monsters, says: strangers' strings, one line each
		if v.PCDead(i) {
			fmt.Fprintf(b, "    %s: dead (the body is carried, K-101)\n", name)
		} else {
			fmt.Fprintf(b, "    %s: %d/%d HP\n", name, hp, maxHP)
		}
	}
	for i := range p.Party.Burdens {
		name, hp, dead := v.Burden(i)
		name = esc.Text(name)
		if dead {
			fmt.Fprintf(b, "    burden %s: dead\n", name)
		} else {
			fmt.Fprintf(b, "    burden %s: %d HP\n", name, hp)
		}
	}
	t, o := v.Light()
	fmt.Fprintf(b, "  light: %s and %s: %s (a forced march burns 12, K-41, K-58)\n", words.CountOf(t, "torch", "torches"), words.CountOf(o, "flask of oil", "flasks of oil"), words.CountOf(lightHours(t, o), "hour", "hours"))
}

// lightHours is the light carried, in hours (K-58: 6 torches give 12 hours, a flask of oil 12).
func lightHours(torches, oil int) int { return torches*2 + oil*12 }

// writeStatus writes where things stand: the day, the party's block, supplies, objectives, the
// armies as last seen.
func (v *PlayerView) writeStatus(b *bytes.Buffer) {
	blk := v.Block(v.s.party)
	at := blk.ID
	if blk.Terrain != "" {
		at += " (" + blk.Terrain + ")"
	}
	fmt.Fprintf(b, "  day %d of %d; the party is at %s\n", v.s.day, v.s.p.DayLimit, esc.Text(at))
	v.writeSupplies(b)
	v.writeObjectives(b)
	if s := v.Brief(); s != "" {
		b.WriteString("  armies: " + s + "\n")
	}
}

// writeMap writes the field as the players know it now, then the terrain of the known blocks.
func (v *PlayerView) writeMap(b *bytes.Buffer) {
	s := v.s
	p := s.p
	marks := make([]string, len(p.Field.Blocks))
	for i := range p.Armies {
		if a := v.Army(i); a.Block >= 0 && a.Missed == 0 {
			marks[a.Block] = addMark(marks[a.Block], a.Friendly, a.InView)
		}
	}
	heading := fmt.Sprintf("  map on day %d, as the party knows it:\n", s.day)
	if s.day == 0 {
		heading = "  map before day 1, as the party knows it:\n"
	}
	s.r.drawField(b, p, heading, s.party, s.revealed, marks, playLegend)
	// The terrain of every known block, grouped by terrain (sorted), blocks in plan order.
	by := map[string][]string{}
	var names []string
	for i := range p.Field.Blocks {
		bi := v.Block(i)
		if bi.Kind != "block" || !bi.Known || bi.Terrain == "" {
			continue
		}
		if _, ok := by[bi.Terrain]; !ok {
			names = append(names, bi.Terrain)
		}
		by[bi.Terrain] = append(by[bi.Terrain], bi.ID+entryWords(p.Field.Blocks[i].EnterFrom))
	}
	sort.Strings(names)
	if len(names) > 0 {
		b.WriteString("  terrain seen from afar:\n")
		for _, n := range names {
			fmt.Fprintf(b, "    %s: %s\n", esc.Text(n), strings.Join(by[n], " "))
		}
	}
	v.writeFriendlies(b)
}

// entryWords says from which sides a block may be entered when not from every side (K-32: a
// cliff, a stair, seen from afar as its terrain is): " (entered from the south only)", or "".
func entryWords(from []plan.Dir) string {
	if len(from) == 0 {
		return ""
	}
	names := make([]string, len(from))
	for i, d := range from {
		names[i] = d.String()
	}
	return " (entered from the " + strings.Join(names, " or ") + " only)"
}

// condWords says an objective's condition in words ("the party at gate, flag causewayTaken, army
// boggardWarband (Boggard warband) gone"): an army by its id, which the map and status use, and
// its name, which the events use.
func condWords(p *plan.Plan, c plan.Cond) string {
	switch c.Op {
	case plan.CondTrue:
		return "always"
	case plan.CondFlag:
		return "flag " + p.Flags[c.Flag]
	case plan.CondNot:
		return "not (" + condWords(p, c.Args[0]) + ")"
	case plan.CondAll, plan.CondAny:
		parts := make([]string, len(c.Args))
		for i := range c.Args {
			parts[i] = condWords(p, c.Args[i])
		}
		if c.Op == plan.CondAll {
			return strings.Join(parts, ", ")
		}
		return "any of: " + strings.Join(parts, "; ")
	case plan.CondAt:
		return "the party at " + p.Field.Blocks[c.Block].ID
	case plan.CondDay:
		return fmt.Sprintf("day %d reached", c.Day)
	case plan.CondArmyGone:
		a := &p.Armies[c.Army]
		if a.Name != "" && a.Name != a.ID {
			return "army " + a.ID + " (" + a.Name + ") gone"
		}
		return "army " + a.ID + " gone"
	}
	return c.Op.String()
}

// About says more about a question than its line (runner.Abouter): a battle's monsters and
// levels (K-93); at a pick, what keeping each face does from the pick's own table: the camp's
// episodes (K-37..K-39), a traversal area's faces (K-45), the ability a PC's growth raises
// (K-64); at night the light left and what a forced march burns (K-41, K-57, K-58).
func (v *PlayerView) About(r *runner.Request) string {
	p := v.s.p
	switch r.Kind {
	case runner.KindBattle:
		i := sort.Search(len(p.Encounters), func(i int) bool { return p.Encounters[i].ID >= r.Encounter })
		if i == len(p.Encounters) || p.Encounters[i].ID != r.Encounter {
			return ""
		}
		var parts []string
		for _, m := range p.Encounters[i].Monsters {
			s := fmt.Sprintf("%s level %d", m.Name, m.Level)
			if m.Count > 1 {
				s = fmt.Sprintf("%d x %s", m.Count, s)
			}
			if m.Leader {
				s += " (leader)"
			}
			parts = append(parts, s)
		}
		if len(parts) == 0 {
			return ""
		}
		return "  monsters: " + esc.Text(strings.Join(parts, ", ")) + "\n"
	case runner.KindPick:
		// Review P1: each pick from its own table, never the camp's episodes for another's.
		switch r.Cause {
		case "traversal":
			return v.aboutTraversalFaces(r)
		case "growth":
			return aboutGrowthFaces(r)
		}
		// K-37..K-39: what keeping each face rolled does, so that the choice can be made.
		var b strings.Builder
		for _, c := range r.Choices {
			f := c.Value
			if f < 1 || f > len(p.Episodes) {
				continue
			}
			if v.s.checked&(1<<(f-1)) != 0 {
				raid := "a night raid"
				if p.NightRaid < 0 {
					raid = "a quiet night" // the runner's default when the scenario has no night raid
				}
				fmt.Fprintf(&b, "  face %d: checked: keeping it brings %s, then every face is unchecked (K-39)\n", f, raid)
			} else {
				fmt.Fprintf(&b, "  face %d: its episode, then it is checked (K-38): %s\n", f, esc.Text(p.Episodes[f-1].Say))
			}
		}
		return b.String()
	case runner.KindNight:
		// K-41, K-57, K-58: the cost the engine will charge (state.marchLight), not a guess from
		// the block: a dark block's day already paid leaves the march its own 12 hours.
		t, o := v.Light()
		cost, short := v.MarchLight()
		s := fmt.Sprintf("  light left: %s (%s, %s); a forced march burns %d", words.CountOf(lightHours(t, o), "hour", "hours"),
			words.CountOf(t, "torch", "torches"), words.CountOf(o, "flask of oil", "flasks of oil"), cost)
		if cost == 0 {
			s += " more: the day's light serves it (K-57)"
		}
		if short {
			s += "; not enough: the march would be unlit, K-59"
		}
		return s + "\n"
	}
	return ""
}

// aboutTraversalFaces says what keeping each face offered at a traversal pick does, from the
// area's own table (K-36's roll over the area's faces, K-45): its text and its progress, granted
// once its battle is won when it has one (K-45 with K-96). Only unchecked faces are offered (K-46).
// r.Title is the area's id; "" when the plan has no such area.
func (v *PlayerView) aboutTraversalFaces(r *runner.Request) string {
	p := v.s.p
	var t *plan.Traversal
	for i := range p.Traversals {
		if p.Traversals[i].ID == r.Title {
			t = &p.Traversals[i]
		}
	}
	if t == nil {
		return ""
	}
	var b strings.Builder
	for _, c := range r.Choices {
		f := c.Value
		if f < 1 || f > len(t.Faces) {
			continue
		}
		face := &t.Faces[f-1]
		if hasBattle(face.Do) {
			fmt.Fprintf(&b, "  face %d: %q; a battle, then progress %+d once it is won (K-45)\n", f, face.Say, face.Progress)
		} else {
			fmt.Fprintf(&b, "  face %d: %q; progress %+d (K-45)\n", f, face.Say, face.Progress)
		}
	}
	return b.String()
}

// aboutGrowthFaces says which ability each face offered at a PC's ability growth raises by 1
// (K-64, K-3: the face names the ability).
func aboutGrowthFaces(r *runner.Request) string {
	var b strings.Builder
	for _, c := range r.Choices {
		if c.Value >= 1 && c.Value < len(abilityNames) {
			fmt.Fprintf(&b, "  face %d: %s +1 for %s (K-64)\n", c.Value, abilityNames[c.Value], esc.Text(r.Title))
		}
	}
	return b.String()
}

// RunBriefing is what a Karzoral run at the terminal opens with before day 1, before the
// transcript's first lines (issue 23 review: it came after day 1's "the party eats 5 rations"):
// the players' view's briefing (writeBriefing) of the run's start, from a runner set up as Run
// sets it up with seed, and not played. Errors: p is not a plan the runner can play (New).
func RunBriefing(p *plan.Plan, seed uint64) (string, error) {
	r, err := New(p)
	if err != nil {
		return "", err
	}
	r.s.reset(Options{Options: runner.Options{Seed: seed}}, dice.NewSeeded(seed))
	return r.s.pview.Show("briefing"), nil
}
