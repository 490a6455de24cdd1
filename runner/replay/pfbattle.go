package replay

import (
	"encoding/json"
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// pfCell is an army's square on a Pathfinder battle's line, px.
const pfCell = 120

// pfBattleMap draws a Pathfinder battle file's two battle lines: mass combat has no geometry
// (P-15..P-21: every army of a side fights every army of the other, targets picked per phase),
// so the first side's armies stand in a column on the left and the second side's on the right,
// each in a square with its id, name and statistics (hp, OM, DV: P-4, P-5) and the battlefield
// conditions it fights under (fortification, advantageous terrain, ambusher: P-65). Cell i is
// army i (Battle.Armies).
func pfBattleMap(id int, b *plan.Battle) mapData {
	m := mapData{Name: b.ID, Size: pfCell}
	rows := [2]int{}
	for _, a := range b.Armies {
		rows[a.Side&1]++
	}
	const gap = 140 // between the two lines, px
	h := float64(max(rows[0], rows[1], 1))*(pfCell+16) + 24
	w := float64(2*pfCell + gap)
	var sb strings.Builder
	svgOpen(&sb, id, w, h, "pfbattle")
	for s := 0; s < 2; s++ {
		name := b.Sides[s]
		x := float64(s * (pfCell + gap))
		fmt.Fprintf(&sb, `<text class="sidename side%d" x="%.0f" y="10">%s</text>`, s, x, svgText(name))
	}
	fmt.Fprintf(&sb, `<text class="vs" x="%.0f" y="%.0f">vs</text>`, w/2, h/2)
	row := [2]int{}
	for i, a := range b.Armies {
		s := a.Side & 1
		x, y := float64(s*(pfCell+gap)), 24+float64(row[s]*(pfCell+16))
		row[s]++
		tip := fmt.Sprintf("%s: %s (%s), ACR %s, hp %d, OM %+d, DV %d", a.ID, a.Army.Name, b.Sides[s], a.Stats.ACR, a.Stats.HP, a.Stats.OM, a.Stats.DV)
		var cond []string
		if a.Fortification > 0 {
			cond = append(cond, "fortification +"+strconv.Itoa(a.Fortification))
		}
		if a.AdvantageousTerrain {
			cond = append(cond, "advantageous terrain")
		}
		if a.BattlefieldAdvantage {
			cond = append(cond, "battlefield advantage")
		}
		if a.Ambusher {
			cond = append(cond, "ambusher")
		}
		if a.Routed {
			cond = append(cond, "routed")
		}
		if len(cond) > 0 {
			tip += "; " + strings.Join(cond, ", ") + " (P-65)"
		}
		fmt.Fprintf(&sb, `<g class="cell army side%d" id="m%d-c%d" data-at="%s"><title>%s</title><rect class="ground" x="%.0f" y="%.0f" width="%d" height="%d"/>`,
			s, id, i, svgText(a.ID), svgText(tip), x, y, pfCell, pfCell)
		fmt.Fprintf(&sb, `<text class="id" x="%.0f" y="%.0f">%s</text>`, x+5, y+13, svgText(a.ID))
		fmt.Fprintf(&sb, `<text class="terrain" x="%.0f" y="%.0f">%s</text>`, x+5, y+pfCell-18, svgText(a.Army.Name))
		fmt.Fprintf(&sb, `<text class="terrain" x="%.0f" y="%.0f">OM %+d, DV %d, %d hp</text>`, x+5, y+pfCell-6, a.Stats.OM, a.Stats.DV, a.Stats.HP)
		sb.WriteString(`</g>`)
		m.Cells = append(m.Cells, [2]float64{x, y})
		m.IDs = append(m.IDs, a.ID)
	}
	svgClose(&sb)
	m.svg = template.HTML(sb.String())
	return m
}

// pfEntry is the part of a Pathfinder battle log entry the steps read: the lines of `sortie
// battle --format jsonl` (runner/pathfinder.LogEntry, no "type"), or the same fields in a
// simulation's "battleLog" event.
type pfEntry struct {
	Type, Kind, Phase, Army, Tactic, Strategy string
	PhaseNo                                   int
	OK                                        bool
	HP                                        int
}

// pfBattleSteps cuts a Pathfinder battle file's log into steps: the battle lines before the
// first phase, then each phase (P-15: the Tactics Phase, the Ranged Phase, each Melee Phase).
// The map marks every army on its square with its hp; an army routed (P-55), withdrawn (P-25,
// P-62) or destroyed is greyed with its fate. hp is the army's start (its plan stat block, or
// the battle's startHP, P-59) until a "hp" or "regenerate" entry gives the hp after the phase's
// damage and healing (P-16, P-18); tactics and strategies are the last chosen with success
// (P-22, P-23). Both views are the same: the two generals face each other across one field,
// and a lone battle file names no players' side (its fog is nil). The chart is each army's hp.
func pfBattleSteps(pg *page, b *plan.Battle, evs []event) error {
	pg.Maps = append(pg.Maps, pfBattleMap(0, b))
	type army struct {
		hp, max          int
		tactic, strategy string
		fate             string
		side             int
		name             string
	}
	armies := make([]*army, len(b.Armies))
	idx := map[string]int{}
	for i, a := range b.Armies {
		hp := a.Stats.HP
		if a.StartHP > 0 {
			hp = a.StartHP
		}
		armies[i] = &army{hp: hp, max: a.Stats.HP, side: a.Side & 1, name: a.ID}
		if a.Routed {
			armies[i].fate = "routed"
		}
		idx[a.ID] = i
		pg.Chart.Series = append(pg.Chart.Series, series{Name: a.ID + " hp", Aud: "all"})
	}
	closeStep := func() {
		st := &pg.Steps[len(pg.Steps)-1]
		st.GM = st.GM[:0:0]
		var hp []string
		for i, a := range armies {
			kind := "side" + strconv.Itoa(a.side)
			tip := fmt.Sprintf("%s (%s): %d/%d hp", a.name, b.Sides[a.side], a.hp, a.max)
			if a.tactic != "" {
				tip += ", tactic " + a.tactic
			}
			if a.strategy != "" {
				tip += ", strategy " + a.strategy
			}
			if a.fate != "" {
				kind += " down"
				tip += ", " + a.fate
			}
			bar := 0.0
			if a.max > 0 {
				bar = min(1, max(0.001, float64(a.hp)/float64(a.max)))
			}
			st.GM = append(st.GM, mark{Cell: i, Kind: kind, ID: a.name, Text: strconv.Itoa(a.hp), Tip: tip, Bar: bar})
			h := fmt.Sprintf("%s %d", a.name, a.hp)
			if a.fate != "" {
				h += " (" + a.fate + ")"
			}
			hp = append(hp, h)
			pg.Chart.Series[i].Values = append(pg.Chart.Series[i].Values, val(float64(max(a.hp, 0))))
		}
		st.Status = "hp: " + strings.Join(hp, ", ")
	}
	pg.Steps = append(pg.Steps, step{Label: "the battle lines (P-15)", Map: 0})
	for i := range evs {
		var v pfEntry
		evs[i].into(&v)
		if v.Kind == "phase" {
			closeStep()
			label := v.Phase + " phase"
			switch v.Phase {
			case "tactics":
				label = "the tactics phase (P-15, P-22)"
			case "ranged":
				label = fmt.Sprintf("phase %d: ranged (P-48)", v.PhaseNo)
			case "melee":
				label = fmt.Sprintf("phase %d: melee", v.PhaseNo)
			}
			pg.Steps = append(pg.Steps, step{Label: label, Map: 0, First: i})
		}
		pg.Steps[len(pg.Steps)-1].End = i + 1
		k, ok := idx[v.Army]
		if !ok {
			continue
		}
		a := armies[k]
		switch v.Kind {
		case "hp", "regenerate":
			a.hp = v.HP
		case "tactic":
			if v.OK {
				a.tactic = v.Tactic
			}
		case "strategy":
			if v.OK {
				a.strategy = v.Strategy
			}
		case "routed", "withdrawn", "destroyed":
			a.fate = v.Kind
		}
	}
	closeStep()
	return nil
}

// pfLogLine is a Pathfinder battle log entry's own line for a step's transcript (the run's text
// shows it only in its phase's table): the phase, a tactic or strategy, an attack with its roll
// and damage (P-17, P-18), hp after the phase, a withdrawal (P-25), an army destroyed, the winner.
// "" for a line that is no entry.
func pfLogLine(raw []byte) string {
	var e struct {
		Kind, Phase, Army, Other, Tactic, Strategy, Fate, Winner string
		Die, Total, Against, Damage, Heal, DC                    int
		HP                                                       int
		OK                                                       bool
	}
	if json.Unmarshal(raw, &e) != nil {
		return ""
	}
	switch e.Kind {
	case "phase":
		return "  " + e.Phase + " phase\n"
	case "tactic":
		if !e.OK {
			return fmt.Sprintf("  %s: fails to change tactic to %s\n", e.Army, e.Tactic)
		}
		return fmt.Sprintf("  %s: tactic %s\n", e.Army, e.Tactic)
	case "strategy":
		return fmt.Sprintf("  %s: strategy %s\n", e.Army, e.Strategy)
	case "offense":
		return fmt.Sprintf("  %s attacks %s: d20 %d, total %d vs %d: damage %d\n", e.Army, e.Other, e.Die, e.Total, e.Against, e.Damage)
	case "hp":
		return fmt.Sprintf("  %s loses %d hp, %d left\n", e.Army, e.Damage-e.Heal, e.HP)
	case "withdraw":
		return fmt.Sprintf("  %s tries to withdraw from %s: %d vs %d\n", e.Army, e.Other, e.Total, e.Against)
	case "leave":
		return fmt.Sprintf("  %s leaves the field\n", e.Army)
	case "withdrawn":
		return fmt.Sprintf("  %s has withdrawn (P-62)\n", e.Army)
	case "routed":
		return fmt.Sprintf("  %s is routed (P-55)\n", e.Army)
	case "rout check":
		return fmt.Sprintf("  %s's rout check: %d vs DC %d\n", e.Army, e.Total, e.DC)
	case "destroyed":
		return fmt.Sprintf("  %s is destroyed (commander %s)\n", e.Army, e.Fate)
	case "end":
		if e.Winner == "none" || e.Winner == "" {
			return "  no side wins\n"
		}
		return fmt.Sprintf("  the %s side wins\n", e.Winner)
	case "":
		return ""
	}
	return fmt.Sprintf("  %s: %s\n", e.Kind, e.Army)
}
