package pathfinder

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// One battle of a battle file (`sortie battle`): the armies' statistics, the battle with every
// choice from the Decider, its log as tables or JSON Lines.

// BattleOptions configure RunBattle. The battle file's options apply on top of Rules.
type BattleOptions struct {
	Seed     uint64         // seeds the dice unless Dice is set
	Dice     dice.Source    // replaces dice.NewSeeded(Seed)
	Decider  runner.Decider // nil: the engine's default policy (Policy); StandardPolicy's: Standard
	Fallback runner.Decider // takes over when a script runs out (ErrScriptEnded)
	Rules    pfarmy.Options
	Out      io.Writer // nil: no output
	Format   string    // "text" (tables per phase) or "jsonl" (one LogEntry a line)
	// Stream writes each phase to Out as soon as it ends (the next phase's first event), so that a
	// player answering at the terminal sees the rolls and hp before the next question; the bytes
	// are the same as without it, which writes everything once the battle is over.
	Stream bool
	// Record, when set, also gets the battle's log as JSON Lines (one LogEntry a line, as Format
	// "jsonl" writes it to Out) once the battle is over, whatever Format is: the replay page's
	// input (sortie battle --html).
	Record io.Writer
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
func battleSetup(b *plan.Battle, base pfarmy.Options) (*Setup, []string, error) {
	rules, err := pfarmy.ApplyOptions(base, b.Options)
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
		a, err := pfarmy.ArmyOf(&pa.Army)
		if err != nil {
			return nil, nil, fmt.Errorf("army %s: %v", pa.ID, err)
		}
		st, err := pfarmy.Derive(&a, rules)
		if err != nil {
			return nil, nil, fmt.Errorf("army %s: %v", pa.ID, err)
		}
		s.Armies = append(s.Armies, Combatant{Stats: st, Side: Side(pa.Side), HP: pa.StartHP,
			Routed: pa.Routed, Fortification: pa.Fortification, FortKind: pa.FortKind, AdvantageousTerrain: pa.AdvantageousTerrain,
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
	d.sides = b.Sides
	d.view.lone = b
	var ch Chooser = d
	switch {
	case isStandard(o.Decider) && o.Fallback == nil:
		ch = Standard{} // StandardPolicy: every army on Standard (the baseline)
	case o.Decider == nil:
		ch = nil
	}
	eng, err := New(setup, d, ch)
	if err != nil {
		return nil, err
	}
	var events []Event
	out := &BattleResult{}
	var lw *logWriter
	if o.Out != nil {
		lw = &logWriter{b: b, names: names, w: o.Out, jsonl: o.Format == "jsonl", stream: o.Stream}
		lw.head()
	}
	eng.SetLog(func(e *Event) {
		// A battle whose question failed (the end of input) plays on with default answers,
		// which were not played: nothing from then on is shown.
		if lw != nil && lw.stream && e.Kind == EvPhase && d.err == nil {
			lw.phases(events)
		}
		events = append(events, *e)
	})
	res, err := eng.Run()
	if d.err != nil {
		return nil, d.err
	}
	if err != nil {
		return nil, err
	}
	out.Phases, out.Limit = res.Phases, res.Limit
	if res.Winner == SideA || res.Winner == SideB {
		out.Winner = b.Sides[res.Winner]
	}
	for i := range names {
		st := eng.State(i)
		out.Armies = append(out.Armies, BattleArmyResult{ID: names[i], Status: st.Status.String(), HP: st.HP})
	}
	if o.Record != nil {
		rw := &logWriter{b: b, names: names, w: o.Record, jsonl: true, stream: true}
		rw.phases(events)
		if rw.err != nil {
			return nil, rw.err
		}
	}
	if lw == nil {
		return out, nil
	}
	lw.phases(events)
	if !lw.jsonl {
		var rows [][]string
		sides := textSides(b.Sides)
		for i, a := range out.Armies {
			rows = append(rows, []string{esc.Text(a.ID), sides[b.Armies[i].Side], a.Status, fmt.Sprintf("%d/%d", a.HP, setup.Armies[i].Stats.HP)})
		}
		if lw.err == nil {
			lw.err = runner.RenderTable(&lw.buf, []string{"army", "side", "status", "hp"}, rows)
		}
	}
	lw.stream = true // the battle is over: write everything
	lw.flush()
	if lw.err != nil {
		return nil, lw.err
	}
	return out, nil
}

// logWriter writes a lone battle's log: the heading and the army table, then the events as
// tables per phase (text) or one LogEntry a line (jsonl). While stream is false it only buffers
// (a battle that fails writes nothing); the first error is kept in err and stops the writing.
type logWriter struct {
	b      *plan.Battle
	names  []string
	w      io.Writer
	jsonl  bool
	stream bool // write at every flush
	done   int  // events[:done] are written
	buf    bytes.Buffer
	err    error
}

// head writes the battle's title and its army table (text only).
func (l *logWriter) head() {
	if l.jsonl {
		return
	}
	title := l.b.Title
	if title == "" {
		title = l.b.ID
	}
	sides := textSides(l.b.Sides)
	// The heading fits the table's width (issue 24): a long title or side name wraps.
	l.buf.WriteString(runner.FitLine(fmt.Sprintf("battle %s: %s vs %s", esc.Text(title), sides[0], sides[1]), runner.TableWidth) + "\n")
	l.err = armyTable(&l.buf, l.b.Armies, l.b.Sides)
	l.flush()
}

// phases writes events[l.done:], which start at a phase (or the battle's start) and end where
// the next phase starts or the battle ended.
func (l *logWriter) phases(events []Event) {
	if l.err != nil || l.done >= len(events) {
		return
	}
	part := events[l.done:]
	l.done = len(events)
	if l.jsonl {
		enc := json.NewEncoder(&l.buf)
		enc.SetEscapeHTML(false)
		for i := range part {
			if l.err = enc.Encode(logEntry(&part[i], l.names, l.b.Sides)); l.err != nil {
				return
			}
		}
	} else if l.err = writeBattleTables(&l.buf, part, l.names, l.b.Sides); l.err != nil {
		return
	}
	l.flush()
}

// flush writes what is buffered when streaming.
func (l *logWriter) flush() {
	if !l.stream {
		return
	}
	if l.err == nil && l.buf.Len() > 0 {
		data := l.buf.Bytes()
		if s := string(data); !l.jsonl && esc.Lines(s) != s {
			data = []byte(esc.Lines(s)) // the last guard: no control character but newline and tab
		} else if l.jsonl {
			data = esc.JSON(data) // a bidi override or zero-width character in a name, as \uXXXX
		}
		_, l.err = l.w.Write(data)
	}
	l.buf.Reset()
}
