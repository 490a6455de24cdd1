package pathfinder

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// One battle of a battle file (`sortie battle`): the armies' statistics, the battle with every
// choice from the Decider, its log as tables or JSON Lines.

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
	Limit  bool // stopped at the phase limit (Options.MaxPhases) with armies of both sides left
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
	field, err := FieldOf(b.Conditions)
	if err != nil {
		return nil, nil, err
	}
	s := &Setup{Field: field, Options: rules}
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
	out := &BattleResult{Phases: res.Phases, Limit: res.Limit}
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
