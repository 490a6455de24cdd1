package pathfinder

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
)

// The battle log as text: a table per phase (rolls, modifiers, totals, damage, hp), and the
// armies' stat blocks.

func mods(r *Roll) string {
	var parts []string
	for _, m := range r.Mods.Items() {
		parts = append(parts, m.String())
	}
	return strings.Join(parts, ", ")
}

// damageParts is an offense's damage itemised, " (over DV +9, strategy Aggressive +3, channel
// positive energy +4)", or "" when the total over the DV is all of it.
func damageParts(l *ModList) string {
	if l.N == 0 || l.N == 1 && l.M[0].Kind == ModOverDV {
		return ""
	}
	var parts []string
	for _, m := range l.Items() {
		parts = append(parts, m.String())
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func die(r *Roll) string {
	if r.Die == 0 {
		return ""
	}
	return strconv.Itoa(r.Die)
}

// eventRow is one row of a phase table: army, step, d20, modifiers, total, against, result.
func eventRow(e *Event, names []string) []string {
	n := func(i int) string {
		if i >= 0 && i < len(names) {
			return names[i]
		}
		return ""
	}
	r := &e.Roll
	total := strconv.Itoa(r.Total)
	switch e.Kind {
	case EvTactic:
		if r.Die == 0 {
			res := e.Tactic.String()
			if e.FromTactic != e.Tactic && e.Phase != PhaseTactics {
				res = e.FromTactic.String() + " -> " + e.Tactic.String()
			}
			return []string{n(e.Army), "tactic", "", "", "", "", res}
		}
		res := e.FromTactic.String() + " -> " + e.Tactic.String()
		if !e.OK {
			res = "keeps " + e.FromTactic.String() + " (failed " + e.Tactic.String() + ")"
		}
		return []string{n(e.Army), "tactic change", die(r), mods(r), total, "DC " + strconv.Itoa(r.DC), res}
	case EvStrategy:
		if r.Die == 0 {
			res := e.Strategy.String()
			if e.FromStrategy.Valid() && e.FromStrategy != e.Strategy {
				res = e.FromStrategy.String() + " -> " + e.Strategy.String()
			}
			return []string{n(e.Army), "strategy", "", "", "", "", res}
		}
		res := e.FromStrategy.String() + " -> " + e.Strategy.String()
		if !e.OK {
			res = "keeps " + e.FromStrategy.String() + " (failed " + e.Strategy.String() + ")"
		}
		return []string{n(e.Army), "strategy change", die(r), mods(r), total, "DC " + strconv.Itoa(r.DC), res}
	case EvTaunt:
		res := "OM and DV -2"
		if e.OK {
			res = "resists"
		}
		return []string{n(e.Army), "taunted by " + n(e.Other), die(r), mods(r), total, "DC " + strconv.Itoa(r.DC), res}
	case EvWithdraw:
		if r.Die == 0 && e.Against.Die == 0 {
			return []string{n(e.Army), "withdraw vs " + n(e.Other), "", "", "", "", "wins (unopposed)"}
		}
		res := "loses"
		if e.OK {
			res = "wins"
		}
		return []string{n(e.Army), "withdraw vs " + n(e.Other), die(r), mods(r), total, opposedText(n(e.Other), &e.Against), res}
	case EvLeave:
		if e.OK {
			return []string{n(e.Army), "withdraw", "", "", "", "", "leaves the field"}
		}
		return []string{n(e.Army), "withdraw", "", "", "", "", "fights this phase at range"}
	case EvPotion:
		return []string{n(e.Army), "healing potion", "", "", "", "", "heals " + strconv.Itoa(e.Heal)}
	case EvTriage:
		return []string{n(e.Army), "triage", "", "", "", "", "heals " + strconv.Itoa(e.Heal)}
	case EvFalseRetreat:
		return []string{n(e.Army), "false retreat", "", "", "", "", "no check; OM +6 next phase"}
	case EvSkip:
		return []string{n(e.Army), "no check", "", "", "", "", "natural 1 last phase (P-20)"}
	case EvFortification:
		return []string{n(e.Army), "siege engines vs " + n(e.Other), "", "", "", "", fmt.Sprintf("fortification -%d, now %d", e.Damage, e.HP)}
	case EvOffense, EvPartingShot:
		step := "attacks " + n(e.Other)
		if e.Kind == EvPartingShot {
			step = "parting shot at " + n(e.Other)
		}
		res := "damage " + strconv.Itoa(e.Damage) + damageParts(&e.DamageMods)
		switch e.Natural {
		case 20:
			res += " (natural 20)"
		case 1:
			res += " (natural 1: no check next phase)"
		}
		return []string{n(e.Army), step, die(r), mods(r), total, dvText(&e.Against), res}
	case EvSiegebreaker:
		res := "misses"
		if e.OK {
			res = "destroys a siege engine"
		}
		return []string{n(e.Army), "siegebreaker vs " + n(e.Other), die(r), mods(r), total, "DV " + strconv.Itoa(e.Against.Total), res}
	case EvAmbush:
		res := "fails"
		if e.OK {
			res = n(e.Other) + " skips the tactics phase"
		}
		return []string{n(e.Army), "ambush " + n(e.Other), die(r), mods(r), total, "DV " + strconv.Itoa(e.Against.Total), res}
	case EvHP:
		res := fmt.Sprintf("hp %d", e.HP)
		if e.Heal > 0 {
			res = fmt.Sprintf("+%d, %s", e.Heal, res)
		}
		return []string{n(e.Army), "damage taken", "", "", strconv.Itoa(e.Damage), "", res}
	case EvDestroyed:
		res := fmt.Sprintf("kingdom %+d/%+d/%+d", e.Penalty.Economy, e.Penalty.Loyalty, e.Penalty.Stability)
		if e.Fate != FateNone {
			res += ", commander " + e.Fate.String()
		}
		return []string{n(e.Army), "destroyed", "", "", "", "", res}
	case EvWithdrawn:
		return []string{n(e.Army), "withdrawn", "", "", "", "", "left the field"}
	case EvRoutCheck:
		step := "rout check"
		if e.Reroll {
			step = "rout check (Hold the Line)"
		}
		res := "fails"
		if e.OK {
			res = "holds"
		}
		return []string{n(e.Army), step, die(r), mods(r), total, "DC " + strconv.Itoa(r.DC), res}
	case EvRouted:
		return []string{n(e.Army), "routs", "", "", "", "", "leaves the field"}
	case EvBleed:
		return []string{n(e.Army), "bleeds", "", "", "", "", "takes " + strconv.Itoa(e.Damage) + " (bleed)"}
	case EvFear:
		res := "afraid next phase"
		if e.OK {
			res = "holds"
		}
		return []string{n(e.Army), "fear of " + n(e.Other), die(r), mods(r), total, "DC " + strconv.Itoa(r.DC), res}
	case EvAfraid:
		return []string{n(e.Army), "no check", "", "", "", "", "afraid (fear)"}
	case EvRage:
		return []string{n(e.Army), "rages", "", "", "", "", "OM +2, DV -1 for the battle"}
	case EvAloft:
		return []string{n(e.Army), "holds aloft", "", "", "", "", "no attack; only flyers reach it in melee"}
	case EvFerocity:
		return []string{n(e.Army), "ferocity", "", "", "", "", "fights one more phase at OM and DV -4, then " + e.End.String()}
	case EvAbility:
		step := e.Ability.String()
		if e.Other >= 0 {
			step += " vs " + n(e.Other)
		}
		return []string{n(e.Army), step, "", "", "", "", abilityResult(e)}
	case EvRegenerate:
		return []string{n(e.Army), "regenerates", "", "", "", "", fmt.Sprintf("hp %d, no enemy left to finish it", e.HP)}
	}
	return nil
}

// writeBattleTables writes a battle's log as one table per phase (rolls, modifiers, totals,
// damage, hp) and the winner.
func writeBattleTables(w *bytes.Buffer, events []Event, names []string, sides [2]string) error {
	names, sides = textNames(names), textSides(sides)
	var rows [][]string
	title := ""
	flush := func() error {
		if title == "" {
			return nil
		}
		w.WriteString(title + "\n")
		if len(rows) == 0 {
			w.WriteString("  (nothing happens)\n")
			return nil
		}
		err := renderFit(w, []string{"army", "step", "d20", "modifiers", "total", "vs", "result"}, rows, []int{5, 3, 6, 1}, runner.TableWidth)
		rows = rows[:0]
		return err
	}
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case EvPhase:
			if err := flush(); err != nil {
				return err
			}
			if e.Phase == PhaseTactics {
				title = "Tactics Phase"
			} else {
				title = fmt.Sprintf("%s%s Phase %d", strings.ToUpper(e.Phase.String()[:1]), e.Phase.String()[1:], e.PhaseNo)
			}
		case EvEnd:
			if err := flush(); err != nil {
				return err
			}
			title = ""
			switch {
			case e.OK:
				fmt.Fprintf(w, "winner: none: the battle stopped at the phase limit after %d phases, with armies of both sides on the field (options: maxPhases)\n", e.PhaseNo)
			case e.Side == SideA || e.Side == SideB:
				w.WriteString(runner.FitLine("winner: "+sides[e.Side], runner.TableWidth) + "\n")
			default:
				w.WriteString("winner: none\n")
			}
		default:
			if title == "" {
				title = "Tactics Phase"
			}
			if r := eventRow(e, names); r != nil {
				rows = append(rows, r)
			}
		}
	}
	return flush()
}

// textNames and textSides are a battle's army and side names as the text tables show them: a
// stranger's strings, each one line with its control characters escaped (esc.Text, issue 28).
func textNames(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = esc.Text(n)
	}
	return out
}

func textSides(sides [2]string) [2]string { return [2]string{esc.Text(sides[0]), esc.Text(sides[1])} }

// extraTactics lists a stat block's tactics but Standard and Withdraw, which every army has (P-10).
func extraTactics(all []string) []string {
	var out []string
	for _, t := range all {
		if t != pfarmy.TacStandard.String() && t != pfarmy.TacWithdraw.String() {
			out = append(out, t)
		}
	}
	return out
}

// armyTable writes the derived stat blocks (P-1..P-11).
func armyTable(w *bytes.Buffer, armies []plan.PFArmy, sides [2]string) error {
	sides = textSides(sides)
	var rows [][]string
	for i := range armies {
		a := &armies[i]
		s := &a.Stats
		om := fmt.Sprintf("%+d", s.OM)
		if s.Ranged {
			om += " (ranged)"
		}
		rows = append(rows, []string{esc.Text(a.ID), sides[a.Side], esc.Text(a.Army.Size), s.ACR, strconv.Itoa(s.HP),
			om, strconv.Itoa(s.DV), fmt.Sprintf("%+d", s.Morale), fmt.Sprintf("%+d", s.MoraleMod), strings.Join(extraTactics(s.Tactics), ", ")})
	}
	return renderFit(w, []string{"army", "side", "size", "ACR", "hp", "OM", "DV", "Morale", "check", "tactics"}, rows, []int{9, 1}, runner.TableWidth)
}

// opposedText is the opposing army's side of an opposed check (P-25): "orcs d20 7, Charisma +1 = 8",
// or its total alone when no die was rolled.
func opposedText(name string, r *Roll) string {
	if r.Die == 0 {
		return strconv.Itoa(r.Total)
	}
	m := mods(r)
	if m == "" {
		return fmt.Sprintf("%s d20 %d = %d", name, r.Die, r.Total)
	}
	return fmt.Sprintf("%s d20 %d, %s = %d", name, r.Die, m, r.Total)
}

// dvText is "DV 9 (10 + ACR 3, tactic Relentless Brutality -4)": the total and what makes it.
func dvText(r *Roll) string {
	var parts []string
	for _, m := range r.Mods.Items() {
		switch m.Kind {
		case ModBase:
			parts = append(parts, strconv.Itoa(int(m.Value)))
		default:
			parts = append(parts, m.String())
		}
	}
	if len(parts) == 0 {
		return "DV " + strconv.Itoa(r.Total)
	}
	return "DV " + strconv.Itoa(r.Total) + " (" + strings.Join(parts, ", ") + ")"
}
