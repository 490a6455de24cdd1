package pathfinder

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The hex run's part of what the prompt shows (show.go): the briefing, the map, the status and the
// armies, from a snapshot of the armies (armyNow) taken from the plan (the briefing before day 1)
// or from the run.

// armyNow is an army as the views show it.
type armyNow struct {
	pa     *plan.PFArmy
	hex    int // -1: off the map
	hp     int
	max    int
	morale int
	state  string // hexArmy.state(): "on the field", "in reserve", "routed", "destroyed" ...
}

// now is every army of the run as it stands (plan order); armies an order has not formed yet
// are left out.
func (r *hexRun) now() []armyNow {
	var out []armyNow
	for i := range r.armies {
		a := &r.armies[i]
		if a.gone == "not formed" {
			continue
		}
		out = append(out, armyNow{pa: a.pa, hex: a.hex, hp: a.hp, max: a.st.HP, morale: a.st.Morale, state: a.state()})
	}
	return out
}

// planArmies is every army of p at its start, before day 1 (the formed-by-order ones left out).
func planArmies(p *plan.Plan) []armyNow {
	var out []armyNow
	for i := range p.Pathfinder.Armies {
		pa := &p.Pathfinder.Armies[i]
		if pa.Formed {
			continue
		}
		out = append(out, armyNow{pa: pa, hex: pa.Start, hp: pa.Stats.HP, max: pa.Stats.HP, morale: pa.Stats.Morale, state: "on the field"})
	}
	return out
}

// RunBriefing is what `sortie run` of a Pathfinder hex scenario opens with at the terminal, before
// day 1: the title and days, the objectives and what ends the run in failure (a failure
// objective, or the day limit), the kingdoms and their treasuries (P-11, P-57), every army
// (P-1..P-11) and the map (P-12). Lines are indented two spaces.
func RunBriefing(p *plan.Plan) string {
	if p.Pathfinder == nil {
		return ""
	}
	var w bytes.Buffer
	writeRunBriefing(&w, p, planArmies(p), nil)
	return w.String()
}

// writeRunBriefing writes the briefing with the armies as given; under fog, only the side's own
// kingdom (the other's counters and Control DC are its books, issue 23 review).
func writeRunBriefing(w *bytes.Buffer, p *plan.Plan, armies []armyNow, fog *HexFog) {
	fmt.Fprintf(w, "  == briefing: %s ==\n", esc.Text(p.Scenario.Title))
	fmt.Fprintf(w, "  %d days of war on a field of %d hexes: armies march along their routes (P-12, P-13)\n", p.DayLimit, len(p.Pathfinder.Hexes))
	w.WriteString("  and fight where hostile armies meet (P-14).\n")
	writePFObjectives(w, p, nil, fog.playsEnemy())
	writeKingdoms(w, fog.kingdoms(p.Pathfinder.Kingdoms))
	writeArmyList(w, p.Pathfinder, armies)
	writeHexMap(w, p.Pathfinder, armies, "day 1")
	w.WriteString("  At a question, type ? for help, map, status (where things stand) or units (the armies).\n")
}

// writePFObjectives lists the objectives (checked at the end of each day, the first met ends the
// run) and what loses: every failure objective and the day limit; met (nil: none met yet) says
// which are met now. A scenario's objectives are the friendly side's (P-12: the kingdom's
// armies); enemy (a player of the enemy side, --play enemy) words them from that side: a
// success of the friendly side is its defeat, a failure and the day limit its victory (issue 23
// review: the enemy player read "the run is lost when" the enemy took the capital).
func writePFObjectives(w *bytes.Buffer, p *plan.Plan, met func(o *plan.PFObjective) bool, enemy bool) {
	pf := p.Pathfinder
	if enemy {
		writeEnemyObjectives(w, p, met)
		return
	}
	w.WriteString("  objectives (checked at the end of each day; the first met ends the run):\n")
	for i := range pf.Objectives {
		o := &pf.Objectives[i]
		state := ""
		if met != nil && met(o) {
			state = " [met]"
		}
		say := ""
		if o.Say != "" {
			say = "\n      when met: " + esc.Text(o.Say)
		}
		fmt.Fprintf(w, "    %s (%s): %s%s%s\n", o.ID, o.Outcome, objectiveWords(pf, o), state, say)
	}
	w.WriteString("  the run is lost when:\n")
	for i := range pf.Objectives {
		if o := &pf.Objectives[i]; o.Outcome == "failure" {
			fmt.Fprintf(w, "    %s (%s)\n", objectiveWords(pf, o), o.ID)
		}
	}
	fmt.Fprintf(w, "    day %d ends with no objective met (the day limit)\n", p.DayLimit)
}

// writeEnemyObjectives is writePFObjectives for the enemy side's player.
func writeEnemyObjectives(w *bytes.Buffer, p *plan.Plan, met func(o *plan.PFObjective) bool) {
	pf := p.Pathfinder
	w.WriteString("  objectives, the friendly side's (checked at the end of each day; the first met ends the run):\n")
	for i := range pf.Objectives {
		o := &pf.Objectives[i]
		state := ""
		if met != nil && met(o) {
			state = " [met]"
		}
		yours := "your defeat"
		if o.Outcome == "failure" {
			yours = "your victory"
		}
		fmt.Fprintf(w, "    %s (%s for them: %s): %s%s\n", o.ID, o.Outcome, yours, objectiveWords(pf, o), state)
	}
	w.WriteString("  you win when:\n")
	for i := range pf.Objectives {
		if o := &pf.Objectives[i]; o.Outcome == "failure" {
			fmt.Fprintf(w, "    %s (%s)\n", objectiveWords(pf, o), o.ID)
		}
	}
	fmt.Fprintf(w, "    day %d ends with no objective met (the day limit: the friendly side fails)\n", p.DayLimit)
}

// objectiveWords says what meets an objective: "skeletons and zombies defeated (routed,
// destroyed or gone)" or "skeletons reaches capital".
func objectiveWords(pf *plan.Pathfinder, o *plan.PFObjective) string {
	if len(o.Defeat) > 0 {
		ids := make([]string, len(o.Defeat))
		for i, a := range o.Defeat {
			ids[i] = pf.Armies[a].ID
		}
		return strings.Join(ids, " and ") + " defeated (routed or destroyed, P-55, P-57)"
	}
	if o.Reach != nil {
		// The hex first, so the verb agrees with any army's name (issue 23 review D9: "skeletons
		// reaches capital").
		return pf.Hexes[o.Reach[1]].ID + " reached by " + pf.Armies[o.Reach[0]].ID
	}
	return "never"
}

// writeKingdoms writes each side's kingdom: its counters (P-57), its Control DC (P-61) and, where
// it pays its armies, its treasury and income (P-11, P-66).
func writeKingdoms(w *bytes.Buffer, ks [2]*plan.Kingdom) {
	for s, k := range ks {
		if k == nil {
			continue
		}
		fmt.Fprintf(w, "  kingdom %s%s: economy %d, loyalty %d, stability %d, control DC %d", sideNames[s], esc.Text(kname(k)), k.Economy, k.Loyalty, k.Stability, k.ControlDC)
		if k.Upkeep {
			fmt.Fprintf(w, ";\n    treasury %d BP, income %d BP a kingdom turn, pays its armies every week (P-11)", k.Treasury, k.Income)
		}
		w.WriteByte('\n')
	}
}

// writeArmyList writes every army, friendly first, in a line each (units between battles).
func writeArmyList(w *bytes.Buffer, pf *plan.Pathfinder, armies []armyNow) {
	w.WriteString("  the armies:\n")
	for s := 0; s < 2; s++ {
		for i := range armies {
			a := &armies[i]
			if a.pa.Side != s {
				continue
			}
			where := "off the map"
			if a.hex >= 0 {
				where = "at " + pf.Hexes[a.hex].ID
			}
			w.WriteString(wrapList("    "+sideNames[s]+": ", append(armyWords(a.pa, a.hp, a.morale), a.state+" "+where)) + "\n")
		}
	}
}

// writeStatus writes where the run stands: the day (unless the caller said it: the recap's first
// line), the objectives (met or not), the kingdoms (under fog, the side's own: the other's
// treasury and losses are not seen), the armies as given.
func (r *hexRun) writeStatus(w *bytes.Buffer, armies []armyNow, fog *HexFog, day bool) {
	if day {
		fmt.Fprintf(w, "  day %d of %d\n", max(r.day, 1), r.p.DayLimit)
	}
	writePFObjectives(w, r.p, r.met, fog.playsEnemy())
	writeKingdoms(w, fog.kingdoms(r.kingdoms))
	writeArmyList(w, r.pf, armies)
}

// mapCell is the width of a hex on the text map; a row of hexes is shifted half a cell from the
// next (axial coordinates [q, r] drawn at column 2q+r, plan.Hex).
const mapCell = 12

// writeHexMap draws the hexes at their axial places, each with its id and, under it, the armies in
// it ("F2 E1": two friendly, one enemy), then lists every hex: its terrain, what makes it hard to
// take (P-6 difficult, fortification, advantageous terrain, P-65 conditions), its neighbours and
// the armies in it.
func writeHexMap(w *bytes.Buffer, pf *plan.Pathfinder, armies []armyNow, when string) {
	if len(pf.Hexes) == 0 {
		return
	}
	minX, maxX, minR, maxR := 1<<30, -(1 << 30), 1<<30, -(1 << 30)
	for i := range pf.Hexes {
		q, r := pf.Hexes[i].At[0], pf.Hexes[i].At[1]
		minX, maxX = min(minX, 2*q+r), max(maxX, 2*q+r)
		minR, maxR = min(minR, r), max(maxR, r)
	}
	count := make([][2]int, len(pf.Hexes))
	for i := range armies {
		if a := &armies[i]; a.hex >= 0 && a.state != "in reserve" {
			count[a.hex][a.pa.Side]++
		}
	}
	fmt.Fprintf(w, "  map on %s (F friendly, E enemy armies; reserves not counted):\n", when)
	width := (maxX-minX)/2*mapCell + mapCell
	if width > 400 {
		width = 0 // too wide to draw: the list below says it all
	}
	for r := minR; r <= maxR && width > 0; r++ {
		names, marks := []byte(strings.Repeat(" ", width)), []byte(strings.Repeat(" ", width))
		used := false
		for i := range pf.Hexes {
			h := &pf.Hexes[i]
			if h.At[1] != r {
				continue
			}
			at := (2*h.At[0] + r - minX) * mapCell / 2
			used = true
			copy(names[at:], clip(h.ID, mapCell-2))
			var m []string
			if c := count[i]; c[0] > 0 {
				m = append(m, fmt.Sprintf("F%d", c[0]))
			}
			if c := count[i]; c[1] > 0 {
				m = append(m, fmt.Sprintf("E%d", c[1]))
			}
			copy(marks[at:], strings.Join(m, " "))
		}
		if used {
			w.WriteString("    " + strings.TrimRight(string(names), " ") + "\n")
			if m := strings.TrimRight(string(marks), " "); m != "" {
				w.WriteString("    " + m + "\n")
			}
		}
	}
	w.WriteString("  hexes:\n")
	for i := range pf.Hexes {
		h := &pf.Hexes[i]
		line := h.ID
		if h.Name != "" {
			line += " (" + esc.Text(h.Name) + ")"
		}
		var p []string
		if h.Terrain != "" {
			p = append(p, esc.Text(h.Terrain))
		}
		if h.Difficult {
			p = append(p, "difficult (P-6)")
		}
		if h.Fortification > 0 {
			p = append(p, fmt.Sprintf("fortification %d", h.Fortification))
		}
		if h.AdvantageousTerrain {
			p = append(p, "advantageous terrain")
		}
		c := h.Conditions
		c.Terrain = ""
		if s := conditionWords(c); s != "" {
			p = append(p, s)
		}
		if len(p) > 0 {
			line += ": " + strings.Join(p, ", ")
		}
		var next []string
		for _, n := range h.Neighbours {
			next = append(next, pf.Hexes[n].ID)
		}
		if len(next) > 0 {
			line += "\n" + wrapList("      next to ", next)
		}
		var here []string
		for j := range armies {
			if a := &armies[j]; a.hex == i {
				s := fmt.Sprintf("%s (%s, hp %d/%d", a.pa.ID, sideNames[a.pa.Side], a.hp, a.max)
				if a.state != "on the field" {
					s += ", " + a.state
				}
				here = append(here, s+")")
			}
		}
		if len(here) > 0 {
			line += "\n" + wrapList("      armies: ", here)
		}
		w.WriteString("    " + line + "\n")
	}
}

// showWidth is the width the views wrap their lists at: a terminal of 100 columns.
const showWidth = 98

// wrapList is head and the items joined by ", ", broken into lines of at most showWidth
// characters (an item longer than a line stays whole), each continuation indented under the first
// item; no final newline.
func wrapList(head string, items []string) string {
	var b strings.Builder
	b.WriteString(head)
	n := len(head)
	pad := strings.Repeat(" ", len(head))
	for i, it := range items {
		if i > 0 {
			if n+2+len(it) > showWidth {
				b.WriteString(",\n" + pad)
				n = len(pad)
			} else {
				b.WriteString(", ")
				n += 2
			}
		}
		b.WriteString(it)
		n += len(it)
	}
	return b.String()
}

// clip cuts s to n bytes (ids are plain ASCII, #ID).
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// kname is a kingdom's name in parentheses after its side (" (Greenbelt)"), or "" for a kingdom
// without a name.
func kname(k *plan.Kingdom) string {
	if k.Name == "" {
		return ""
	}
	return " (" + k.Name + ")"
}
