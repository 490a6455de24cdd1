package pathfinder

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// What the prompt shows of a Pathfinder battle or hex run on demand (runner.Shower; issue 23, review
// B2), as the Karzoral and clash prompts do: "briefing" (what `sortie battle` and `sortie run` open
// with at the terminal), "map", "status" and "units", each printed without using the decision up,
// and "recap" (the first question of a resumed run). A hex run's views show the whole field, or,
// veiled by a HexFog (--play SIDE), what that side knows of it (HexSight's rule).

// pfView is every Request.View of a Pathfinder run or battle (decisions.ask sets it).
type pfView struct {
	run   *hexRun      // the hex run; nil in a lone battle
	lone  *plan.Battle // the battle file; nil in a hex run
	b     *Battle      // the battle whose question it is; nil between a run's battles
	names []string     // b's army index -> army id
	fog   *HexFog      // --play SIDE in a hex run: what the side knows (nil: everything)
}

// Shows lists the words the prompt answers from the view (runner.Shower).
func (v *pfView) Shows() []string { return []string{"briefing", "map", "status", "units"} }

// ShowWhat says what the words print in a battle file's battle or a hex run (runner.ShowSayer).
func (v *pfView) ShowWhat(word string) string {
	if v.run == nil {
		switch word {
		case "briefing":
			return "the briefing of the start of the battle again"
		case "status":
			return "where the battle stands: its phase, each army's state, hp, tactic and strategy"
		case "map":
			return "the two battle lines with each army's hp (mass combat has no squares)"
		}
		return ""
	}
	switch word {
	case "status":
		return "where the run stands: the day, objectives, kingdoms, armies, the battle under way"
	case "map":
		return "the hexes and the armies on them as you know them (the question stays open)"
	}
	return ""
}

// Show returns the text of what ("briefing", "recap", "map", "status", "units"), each line
// indented two spaces and ending in a newline; "" for a word it does not know.
func (v *pfView) Show(what string) string {
	var w bytes.Buffer
	if v.run != nil {
		r := v.run
		armies := v.fog.shown(r.now())
		switch what {
		case "briefing":
			writeRunBriefing(&w, r.p, armies, v.fog)
		case "recap":
			fmt.Fprintf(&w, "  resumed: %s (%s), day %d of %d\n", esc.Text(r.p.Scenario.Title), r.p.Scenario.ID, r.day, r.p.DayLimit)
			r.writeStatus(&w, armies, v.fog, false)
			v.writeBattle(&w)
			writeHexMap(&w, r.pf, armies, fmt.Sprintf("day %d", r.day))
		case "map":
			writeHexMap(&w, r.pf, armies, fmt.Sprintf("day %d", r.day))
		case "status":
			r.writeStatus(&w, armies, v.fog, true)
			v.writeBattle(&w)
		case "units":
			if v.b != nil {
				v.writeUnits(&w)
			} else {
				writeArmyList(&w, r.pf, armies)
			}
		default:
			return ""
		}
		return w.String()
	}
	if v.lone == nil {
		return ""
	}
	switch what {
	case "briefing":
		w.WriteString(BattleBriefing(v.lone))
	case "recap", "status":
		v.writeBattle(&w)
	case "map":
		v.writeLines(&w)
	case "units":
		v.writeUnits(&w)
	default:
		return ""
	}
	return w.String()
}

// BattleBriefing is what `sortie battle` of a battle file opens with at the terminal: the title,
// the sides, how a battle is won (P-15: melee phases repeat until one side has no army left on the
// field; an army leaves it withdrawn, P-25, routed, P-55, or destroyed, P-57), the field's
// conditions (P-65) and every army's stat block and commander (P-1..P-11). Lines are indented two
// spaces; strangers' strings are escaped (esc.Text).
func BattleBriefing(b *plan.Battle) string {
	var w bytes.Buffer
	title := b.Title
	if title == "" {
		title = b.ID
	}
	sides := textSides(b.Sides)
	fmt.Fprintf(&w, "  == briefing: %s ==\n", esc.Text(title))
	fmt.Fprintf(&w, "  %s against %s: one battle of mass combat. A tactics phase, a ranged phase,\n", sides[0], sides[1])
	w.WriteString("  then melee phases until one side has no army left on the field (P-15). An army leaves it\n")
	w.WriteString("  withdrawn (P-25), routed at hp <= ACR on a failed DC 15 morale check (P-55), or destroyed\n")
	w.WriteString("  at hp 0 (P-57).\n")
	if c := conditionWords(b.Conditions); c != "" {
		w.WriteString("  the field: " + c + " (P-65)\n")
	}
	w.WriteString("  the armies:\n")
	for s := 0; s < 2; s++ {
		for i := range b.Armies {
			if a := &b.Armies[i]; a.Side == s {
				w.WriteString(wrapList("    "+sides[s]+": ", armyWords(a, a.Stats.HP, a.Stats.Morale)) + "\n")
			}
		}
	}
	w.WriteString("  At a question, type ? for help, status or units for the armies now, map for the lines.\n")
	return w.String()
}

// armyWords is an army with its hp and Morale now, in parts that wrapList joins into lines of a
// terminal's width: "militia (Restov militia)", "Large", "ACR 3", "hp 16/16", "OM +4", "DV 14",
// "Morale +0", "speed 1", "tactics Defensive Wall", "commander Captain Kesten Garess (level 4)"
// (P-1..P-11).
func armyWords(a *plan.PFArmy, hp, morale int) []string {
	s := &a.Stats
	name := esc.Text(a.ID)
	if a.Army.Name != "" && a.Army.Name != a.ID {
		name += " (" + esc.Text(a.Army.Name) + ")"
	}
	om := fmt.Sprintf("OM %+d", s.OM)
	if s.Ranged {
		om += " (ranged)"
	}
	parts := []string{name, esc.Text(a.Army.Size), "ACR " + s.ACR, fmt.Sprintf("hp %d/%d", hp, s.HP), om,
		fmt.Sprintf("DV %d", s.DV), fmt.Sprintf("Morale %+d", morale), fmt.Sprintf("speed %d", s.Speed)}
	if t := extraTactics(s.Tactics); len(t) > 0 {
		parts = append(parts, "tactics "+strings.Join(t, " and "))
	}
	if c := a.Army.Commander; c != nil && c.Name != "" {
		parts = append(parts, fmt.Sprintf("commander %s (level %d)", esc.Text(c.Name), c.Level))
	}
	return parts
}

// conditionWords says a battlefield's conditions in words (P-65): "terrain swamp, darkness, rain,
// strong wind"; "" for none.
func conditionWords(c plan.Conditions) string {
	var p []string
	if c.Terrain != "" {
		p = append(p, "terrain "+esc.Text(c.Terrain))
	}
	for _, f := range []struct {
		on   bool
		name string
	}{{c.Darkness, "darkness"}, {c.DimLight, "dim light"}, {c.Fog, "fog"}, {c.Sandstorm, "sandstorm"}, {c.Rain, "rain"},
		{c.Snow, "snow"}, {c.BrightLight, "bright light"}, {c.Water, "in the water"}} {
		if f.on {
			p = append(p, f.name)
		}
	}
	if c.Wind != "" {
		p = append(p, esc.Text(c.Wind)+" wind")
	}
	return strings.Join(p, ", ")
}

// writeBattle writes where the battle under way stands (status): its phase, then each army's
// side, state, hp, tactic and strategy (P-22, P-51). Nothing between a run's battles.
func (v *pfView) writeBattle(w *bytes.Buffer) {
	b := v.b
	if b == nil {
		return
	}
	fmt.Fprintf(w, "  the battle, %s:\n", phaseTitle(b))
	sides := v.sideNames()
	for i := 0; i < b.Len(); i++ {
		st := b.State(i)
		fmt.Fprintf(w, "    %s (%s): %s, hp %d/%d, tactic %s, strategy %s\n", esc.Text(v.names[i]), sides[b.SideOf(i)],
			strings.ToLower(st.Status.String()), st.HP, b.Stats(i).HP, strings.ToLower(st.Tactic.String()), strategyWord(st.Strategy))
	}
}

// strategyWord is a strategy in lower case; "-" before the first melee phase, where none is
// chosen yet (P-51).
func strategyWord(s Strategy) string {
	if !s.Valid() {
		return "-"
	}
	return strings.ToLower(s.String())
}

// sideNames are the names of the battle's two sides: a battle file's, or friendly and enemy.
func (v *pfView) sideNames() [2]string {
	if v.lone != nil {
		return textSides(v.lone.Sides)
	}
	return sideNames
}

// writeLines writes the two battle lines (map, in a lone battle: mass combat has no squares): each
// side's armies with an hp bar of ten cells and their state.
func (v *pfView) writeLines(w *bytes.Buffer) {
	b := v.b
	if b == nil {
		return
	}
	sides := v.sideNames()
	fmt.Fprintf(w, "  the battle lines, %s (mass combat has no map: each army fights any enemy, P-21):\n", phaseTitle(b))
	for s := SideA; s <= SideB; s++ {
		fmt.Fprintf(w, "    %s:\n", sides[s])
		for i := 0; i < b.Len(); i++ {
			if b.SideOf(i) != s {
				continue
			}
			st := b.State(i)
			fmt.Fprintf(w, "      %-12s %s %d/%d %s\n", esc.Text(v.names[i]), hpBar(st.HP, b.Stats(i).HP), st.HP, b.Stats(i).HP, strings.ToLower(st.Status.String()))
		}
	}
}

// hpBar is hp out of max as ten cells: "[#######...]".
func hpBar(hp, max int) string {
	n := 0
	if max > 0 && hp > 0 {
		n = (hp*10 + max - 1) / max
	}
	n = min(n, 10)
	return "[" + strings.Repeat("#", n) + strings.Repeat(".", 10-n) + "]"
}

// writeUnits writes the battle's armies as a table (units): side, state, hp, OM, DV, Morale,
// tactic and strategy now.
func (v *pfView) writeUnits(w *bytes.Buffer) {
	b := v.b
	if b == nil {
		return
	}
	sides := v.sideNames()
	var rows [][]string
	for i := 0; i < b.Len(); i++ {
		st, s := b.State(i), b.Stats(i)
		rows = append(rows, []string{esc.Text(v.names[i]), sides[b.SideOf(i)], strings.ToLower(st.Status.String()),
			fmt.Sprintf("%d/%d", st.HP, s.HP), fmt.Sprintf("%+d", s.OM), strconv.Itoa(s.DV), fmt.Sprintf("%+d", s.Morale),
			strings.ToLower(st.Tactic.String()), strategyWord(st.Strategy)})
	}
	var t bytes.Buffer
	if err := runner.RenderTable(&t, []string{"army", "side", "state", "hp", "OM", "DV", "Morale", "tactic", "strategy"}, rows); err != nil {
		return
	}
	for _, l := range strings.SplitAfter(t.String(), "\n") {
		if l != "" {
			w.WriteString("  " + l)
		}
	}
}
