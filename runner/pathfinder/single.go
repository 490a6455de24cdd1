package pathfinder

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// LogEntry is one line of a Pathfinder battle log as JSONL records hold it (Event with
// army ids and names instead of indices and enums).
type LogEntry struct {
	Kind         string   `json:"kind"`
	Phase        string   `json:"phase"`
	PhaseNo      int      `json:"phaseNo"`
	Army         string   `json:"army,omitempty"`
	Other        string   `json:"other,omitempty"`
	Tactic       string   `json:"tactic,omitempty"`
	FromTactic   string   `json:"fromTactic,omitempty"`
	Strategy     string   `json:"strategy,omitempty"`
	FromStrategy string   `json:"fromStrategy,omitempty"`
	Die          int      `json:"die,omitempty"`
	Mods         []LogMod `json:"mods,omitempty"`
	Total        int      `json:"total,omitempty"`
	DC           int      `json:"dc,omitempty"`
	Against      int      `json:"against,omitempty"` // the DV, or the opposing check's total
	OK           bool     `json:"ok,omitempty"`
	Natural      int      `json:"natural,omitempty"`
	Damage       int      `json:"damage,omitempty"`
	Heal         int      `json:"heal,omitempty"`
	HP           int      `json:"hp,omitempty"`
	Fate         string   `json:"fate,omitempty"`
	Penalty      *[3]int  `json:"penalty,omitempty"` // Economy, Loyalty, Stability (P-57)
	Winner       string   `json:"winner,omitempty"`
}

// LogMod is one itemised modifier.
type LogMod struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

func logEntry(e *Event, names []string, sides [2]string) LogEntry {
	name := func(i int) string {
		if i >= 0 && i < len(names) {
			return names[i]
		}
		return ""
	}
	out := LogEntry{Kind: e.Kind.String(), Phase: e.Phase.String(), PhaseNo: e.PhaseNo, Army: name(e.Army),
		Other: name(e.Other), Die: e.Roll.Die, Total: e.Roll.Total, DC: e.Roll.DC, OK: e.OK,
		Natural: e.Natural, Damage: e.Damage, Heal: e.Heal, HP: e.HP}
	for _, m := range e.Roll.Mods.Items() {
		out.Mods = append(out.Mods, LogMod{m.Name(), int(m.Value)})
	}
	switch e.Kind {
	case EvTactic:
		out.Tactic, out.FromTactic = e.Tactic.String(), e.FromTactic.String()
	case EvStrategy:
		out.Strategy = e.Strategy.String()
		if e.FromStrategy.Valid() {
			out.FromStrategy = e.FromStrategy.String()
		}
	case EvOffense, EvPartingShot, EvSiegebreaker, EvAmbush, EvWithdraw:
		out.Against = e.Against.Total
	case EvDestroyed:
		out.Fate = e.Fate.String()
		out.Penalty = &[3]int{e.Penalty.Economy, e.Penalty.Loyalty, e.Penalty.Stability}
	case EvEnd:
		out.Winner = "none"
		if e.Side == SideA || e.Side == SideB {
			out.Winner = sides[e.Side]
		}
	}
	if e.Kind == EvOffense || e.Kind == EvPartingShot {
		out.OK = false
	}
	return out
}

func mods(r *Roll) string {
	var parts []string
	for _, m := range r.Mods.Items() {
		parts = append(parts, m.String())
	}
	return strings.Join(parts, ", ")
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
		return []string{n(e.Army), "withdraw vs " + n(e.Other), die(r), mods(r), total, strconv.Itoa(e.Against.Total), res}
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
		res := "damage " + strconv.Itoa(e.Damage)
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
	}
	return nil
}

// writeBattleTables writes a battle's log as one table per phase (rolls, modifiers, totals,
// damage, hp) and the winner.
func writeBattleTables(w *bytes.Buffer, events []Event, names []string, sides [2]string) error {
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
		err := runner.RenderTable(w, []string{"army", "step", "d20", "modifiers", "total", "vs", "result"}, rows)
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
			if e.Side == SideA || e.Side == SideB {
				fmt.Fprintf(w, "winner: %s\n", sides[e.Side])
			} else {
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

// BattleOptions configure RunBattle. The battle file's options apply on top of Rules.
type BattleOptions struct {
	Seed     uint64         // seeds the dice unless Dice is set
	Dice     dice.Source    // replaces dice.NewSeeded(Seed)
	Decider  runner.Decider // nil: the engine's default policy (Policy)
	Fallback runner.Decider // takes over when a script runs out (ErrScriptEnded)
	Rules    Options
	Out      io.Writer // nil: no output
	Format   string    // "text" (tables per phase) or "jsonl" (one LogEntry a line)
}

// BattleResult is how one battle ended.
type BattleResult struct {
	Winner string // a side's name, or "" for none
	Phases int
	Armies []BattleArmyResult
}

// BattleArmyResult is an army after a battle.
type BattleArmyResult struct {
	ID     string
	Status string // active | routed | destroyed | withdrawn
	HP     int
}

// battleSetup derives every army's statistics (P-1..P-11) and builds the engine's setup.
func battleSetup(b *plan.Battle, base Options) (*Setup, []string, error) {
	rules, err := ApplyOptions(base, b.Options)
	if err != nil {
		return nil, nil, err
	}
	s := &Setup{Field: FieldOf(b.Conditions), Options: rules}
	var names []string
	for i := range b.Armies {
		pa := &b.Armies[i]
		a, err := ArmyOf(&pa.Army)
		if err != nil {
			return nil, nil, fmt.Errorf("army %s: %v", pa.ID, err)
		}
		st, err := Derive(&a, rules)
		if err != nil {
			return nil, nil, fmt.Errorf("army %s: %v", pa.ID, err)
		}
		s.Armies = append(s.Armies, Combatant{Stats: st, Side: Side(pa.Side), HP: pa.StartHP,
			Routed: pa.Routed, Fortification: pa.Fortification, AdvantageousTerrain: pa.AdvantageousTerrain,
			BattlefieldAdvantage: pa.BattlefieldAdvantage, Ambusher: pa.Ambusher, Ruling: pa.Ruling})
		names = append(names, pa.ID)
	}
	return s, names, nil
}

// RunBattle fights one battle of a compiled battle file (P-15..P-56) with every choice from the
// Decider and every die through the Decider's Roller, then the seeded dice, and writes the log: per
// phase a table (text) or one LogEntry per line (jsonl), then each army's end state.
func RunBattle(b *plan.Battle, o BattleOptions) (*BattleResult, error) {
	setup, names, err := battleSetup(b, o.Rules)
	if err != nil {
		return nil, err
	}
	src := o.Dice
	if src == nil {
		src = dice.NewSeeded(o.Seed)
	}
	d := newDecisions(o.Decider, o.Fallback, src)
	d.day, d.hex, d.names = 0, b.ID, names // a lone battle has no days
	var ch Chooser = d
	if o.Decider == nil {
		ch = nil
	}
	eng, err := New(setup, d, ch)
	if err != nil {
		return nil, err
	}
	var events []Event
	eng.SetLog(Collect(&events))
	res, err := eng.Run()
	if d.err != nil {
		return nil, d.err
	}
	if err != nil {
		return nil, err
	}
	out := &BattleResult{Phases: res.Phases}
	if res.Winner == SideA || res.Winner == SideB {
		out.Winner = b.Sides[res.Winner]
	}
	for i := range names {
		st := eng.State(i)
		out.Armies = append(out.Armies, BattleArmyResult{ID: names[i], Status: st.Status.String(), HP: st.HP})
	}
	if o.Out == nil {
		return out, nil
	}
	var buf bytes.Buffer
	switch o.Format {
	case "jsonl":
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		for i := range events {
			if err := enc.Encode(logEntry(&events[i], names, b.Sides)); err != nil {
				return nil, err
			}
		}
	default:
		title := b.Title
		if title == "" {
			title = b.ID
		}
		fmt.Fprintf(&buf, "battle %s: %s vs %s\n", title, b.Sides[0], b.Sides[1])
		if err := armyTable(&buf, b.Armies, b.Sides); err != nil {
			return nil, err
		}
		if err := writeBattleTables(&buf, events, names, b.Sides); err != nil {
			return nil, err
		}
		var rows [][]string
		for i, a := range out.Armies {
			rows = append(rows, []string{a.ID, b.Sides[b.Armies[i].Side], a.Status, fmt.Sprintf("%d/%d", a.HP, setup.Armies[i].Stats.HP)})
		}
		if err := runner.RenderTable(&buf, []string{"army", "side", "status", "hp"}, rows); err != nil {
			return nil, err
		}
	}
	if _, err := o.Out.Write(buf.Bytes()); err != nil {
		return nil, err
	}
	return out, nil
}

// extraTactics lists a stat block's tactics but Standard and Withdraw, which every army has (P-10).
func extraTactics(all []string) []string {
	var out []string
	for _, t := range all {
		if t != TacStandard.String() && t != TacWithdraw.String() {
			out = append(out, t)
		}
	}
	return out
}

// armyTable writes the derived stat blocks (P-1..P-11).
func armyTable(w *bytes.Buffer, armies []plan.PFArmy, sides [2]string) error {
	var rows [][]string
	for i := range armies {
		a := &armies[i]
		s := &a.Stats
		om := fmt.Sprintf("%+d", s.OM)
		if s.Ranged {
			om += " (ranged)"
		}
		rows = append(rows, []string{a.ID, sides[a.Side], a.Army.Size, s.ACR, strconv.Itoa(s.HP),
			om, strconv.Itoa(s.DV), fmt.Sprintf("%+d", s.MoraleMod), strings.Join(extraTactics(s.Tactics), ", ")})
	}
	return runner.RenderTable(w, []string{"army", "side", "size", "ACR", "hp", "OM", "DV", "morale", "tactics"}, rows)
}

// Rates are the outcomes of many battles (RunBattleRates).
type Rates struct {
	Runs     int         `json:"runs"`
	Seed     uint64      `json:"seed"`
	Sides    [2]string   `json:"sides"`
	Wins     [2]int      `json:"wins"`     // battles each side won
	NoWinner int         `json:"noWinner"` // battles without a winner (both sides gone, or the phase limit)
	Phases   int         `json:"phases"`   // Ranged and Melee Phases fought, all battles together
	Armies   []ArmyRates `json:"armies"`
}

// ArmyRates counts how often one army ended a battle routed, destroyed or withdrawn.
type ArmyRates struct {
	ID        string `json:"id"`
	Side      int    `json:"side"`
	Routed    int    `json:"routed"`
	Destroyed int    `json:"destroyed"`
	Withdrawn int    `json:"withdrawn"`
}

// RunBattleRates fights a battle runs times with the engine's default policy (Policy)
// and dice seeded by seed, one after the other from one generator: the same seed gives the same
// rates.
func RunBattleRates(b *plan.Battle, seed uint64, runs int, rules Options) (*Rates, error) {
	setup, names, err := battleSetup(b, rules)
	if err != nil {
		return nil, err
	}
	eng, err := New(setup, dice.NewSeeded(seed), nil)
	if err != nil {
		return nil, err
	}
	r := &Rates{Runs: runs, Seed: seed, Sides: b.Sides, Armies: make([]ArmyRates, len(names))}
	for i := range names {
		r.Armies[i] = ArmyRates{ID: names[i], Side: b.Armies[i].Side}
	}
	for range runs {
		res, err := eng.Run()
		if err != nil {
			return nil, err
		}
		r.Phases += res.Phases
		if res.Winner == SideA || res.Winner == SideB {
			r.Wins[res.Winner]++
		} else {
			r.NoWinner++
		}
		for i := range names {
			switch eng.State(i).Status {
			case StatusRouted:
				r.Armies[i].Routed++
			case StatusDestroyed:
				r.Armies[i].Destroyed++
			case StatusWithdrawn:
				r.Armies[i].Withdrawn++
			}
		}
	}
	return r, nil
}

// WriteRates writes rates as a table: per side the share of battles won, per army the share it
// ended routed, destroyed or withdrawn (percent, one decimal).
func WriteRates(w io.Writer, b *plan.Battle, r *Rates, seed uint64) error {
	pct := func(n int) string {
		if r.Runs == 0 {
			return "0.0%"
		}
		return strconv.FormatFloat(100*float64(n)/float64(r.Runs), 'f', 1, 64) + "%"
	}
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "%d battles, seed %d, %.2f phases a battle\n", r.Runs, seed, float64(r.Phases)/float64(max(1, r.Runs)))
	var rows [][]string
	for s := 0; s < 2; s++ {
		rows = append(rows, []string{"side " + b.Sides[s], pct(r.Wins[s]), "", "", ""})
		for _, a := range r.Armies {
			if a.Side == s {
				rows = append(rows, []string{"army " + a.ID, "", pct(a.Routed), pct(a.Destroyed), pct(a.Withdrawn)})
			}
		}
	}
	rows = append(rows, []string{"no winner", pct(r.NoWinner), "", "", ""})
	if err := runner.RenderTable(&buf, []string{"", "wins", "routed", "destroyed", "withdrawn"}, rows); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
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
