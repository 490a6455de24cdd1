package clash

import (
	"errors"
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// One battle through the shared runner core (`sortie battle` on a clash battle file): every
// decision a runner.Request for the Decider (a script, the terminal, a policy), every die through
// the Decider's Roller first, every event into a runner.Sink.

// BattleOptions configure RunBattle. The battle file's options apply on top of Rules.
type BattleOptions struct {
	Seed uint64      // seeds the dice unless Dice is set, and PolicyRandom
	Dice dice.Source // replaces dice.NewSeeded(Seed)
	// Decider makes the decisions (nil: the engine's Policy makes them all, fastest). Its
	// Requests have Phase runner.PhaseRound and Day the round; only a unit's or an unattached
	// solo's action (runner.KindAction) is not Optional: a script may give a turn's action alone
	// and leave moves, targets and the rest to Policy.
	Decider runner.Decider
	// Fallback takes over when a script runs out; nil: Policy does.
	Fallback runner.Decider
	Sink     runner.Sink // nil or runner.Discard: no events
	Policy   Policy      // the engine's own answers (Question.Policy)
	Sides    *[2]Policy  // when set, side s's own answers come from Sides[s] (a head-to-head)
	Rules    clashrules.Options
	// Fog is the sight of the side a player plays (--play SIDE, NewFog): what a prompt's `map`,
	// `units` and move field show of the other side (U-50, U-80); nil: everything. It is fed by
	// the events it sees (Fog.Sink on Sink), so it must be the same Fog.
	Fog *Fog
}

// BattleResult is how a battle ended: the engine's Result and the run's Ending (Outcome success
// once the battle is fought to its end, stopped when a decision failed).
type BattleResult struct {
	runner.Ending
	Result
}

// RunBattle fights one battle of a compiled clash battle file (U-24..U-75).
func RunBattle(c *plan.Clash, o BattleOptions) (*BattleResult, error) {
	s, err := NewSetup(c, o.Rules)
	if err != nil {
		return nil, err
	}
	return s.Fight(o)
}

// Fight fights one battle of s (see RunBattle).
func (s *Setup) Fight(o BattleOptions) (*BattleResult, error) { return s.fightOn(NewBattle(s), o) }

// fightOn fights one battle of s on b (reset for it: a simulation's worker keeps one Battle).
func (s *Setup) fightOn(b *Battle, o BattleOptions) (*BattleResult, error) {
	src := o.Dice
	if src == nil {
		src = dice.NewSeeded(o.Seed)
	}
	cfg := Config{Dice: src, Seed: o.Seed, Policy: o.Policy, Sides: o.Sides}
	var rec *sinkRec
	if runner.Enabled(o.Sink) {
		rec = &sinkRec{sink: o.Sink}
		cfg.Rec = rec
	}
	var d *decisions
	if o.Decider != nil {
		d = &decisions{b: b, fallback: o.Fallback != nil, fog: o.Fog}
		d.ch.Reset(o.Decider, o.Fallback, src)
		d.ch.OnFallback(func() error {
			b.emit(func() Event {
				return &FallbackEvent{Round: b.round, Why: "the script ended: the policy decides from here"}
			})
			return nil
		})
		cfg.Chooser = d
		cfg.Dice = d
	}
	b.Reset(cfg)
	b.emit(func() Event { return b.startEvent() })
	res, err := b.Run()
	out := &BattleResult{Result: res}
	if err != nil {
		out.Ending = runner.Ending{Outcome: runner.Stopped, Day: b.round, Reason: err.Error()}
		return out, err
	}
	out.Ending = runner.Ending{Outcome: runner.Success, Day: res.Rounds, Reason: b.resultLine()}
	return out, nil
}

func (b *Battle) resultLine() string {
	r := &b.res
	if r.Winner < 0 {
		return fmt.Sprintf(drawLine, r.VP[0], r.VP[1], r.Reason)
	}
	return fmt.Sprintf(victoryLine, r.Outcome, b.sideName(int32(r.Winner)), r.VP[0], r.VP[1], r.Reason)
}

// The result lines (resultLine), shared with ResultLines.
const (
	drawLine    = "a draw at %d - %d VP (%s)"
	victoryLine = "%s victory for %s, %d - %d VP (%s)"
)

// ResultLines are the lines a battle between the sides named (Side.Name, else ID) may end with
// (Ending.Reason: resultLine), each VP total written as -1: every outcome (U-72..U-74) with every
// end reason (U-71, U-75), for sortie vet, which refuses a test's reason: that none can hold.
func ResultLines(sides [2]string) []string {
	var out []string
	for r := range endNames {
		why := EndReason(r)
		out = append(out, fmt.Sprintf(drawLine, -1, -1, why))
		for _, o := range []Outcome{Tactical, Total} {
			for _, s := range sides {
				out = append(out, fmt.Sprintf(victoryLine, o, s, -1, -1, why))
			}
		}
	}
	return out
}

// sinkRec writes the battle's events into a runner.Sink.
type sinkRec struct {
	sink runner.Sink
}

func (s *sinkRec) Record(b *Battle, e Event) {
	if err := s.sink.Write(e); err != nil {
		b.fail(err)
	}
}

// Abort stops the battle with err (a Chooser that cannot go on); Run returns it.
func (b *Battle) Abort(err error) { b.fail(err) }

// decisions is the battle's Chooser and dice source when a runner.Decider decides: each Question
// becomes a runner.Request; a die goes to the Decider's Roller first.
type decisions struct {
	b        *Battle
	ch       runner.Chain
	fallback bool
	off      bool // the script ended with no fallback: the engine's policy decides
	req      runner.Request
	choices  []runner.Choice
	show     battleShow // the Request's View: what a prompt shows on demand
	fog      *Fog       // BattleOptions.Fog
}

var askKinds = [...]runner.Kind{
	AskCommand: runner.KindCommand, AskAction: runner.KindAction, AskConfig: runner.KindConfig, AskMove: runner.KindTo,
	AskRoutine: runner.KindWith, AskTarget: runner.KindTarget, AskSpell: runner.KindSpell, AskArea: runner.KindArea,
	AskSpellTarget: runner.KindTarget, AskOverflow: runner.KindOverflow, AskFill: runner.KindFill,
	AskSoloStep: runner.KindStep, AskRejoin: runner.KindJoin, AskJoin: runner.KindJoin,
}

// Choose puts q to the Decider (Chooser).
func (d *decisions) Choose(b *Battle, q *Question) int {
	if d.off {
		return q.Policy
	}
	r := &d.req
	*r = runner.Request{Kind: askKinds[q.Ask], Day: b.round, Phase: runner.PhaseRound, Title: b.s.Plan.Title,
		Optional: !(q.Ask == AskAction && q.Part != PartNonCasters && (q.Unit >= 0 || b.turnUnit < 0)), Default: q.Policy, Block: "end of round",
		Side: b.s.Plan.Sides[q.Side].ID}
	switch {
	case b.turnUnit >= 0:
		r.Block = b.unitName(b.turnUnit) // whose turn it is
	case b.turnSolo >= 0:
		r.Block = b.soloName(b.turnSolo)
	}
	switch {
	case q.Solo >= 0 && (q.Ask == AskAction || q.Ask == AskSoloStep || q.Ask == AskJoin || q.Ask == AskRejoin || q.Ask == AskSpellTarget ||
		q.Unit < 0):
		r.Army, r.ArmyKind = b.soloName(int32(q.Solo)), "solo"
	case q.Unit >= 0:
		r.Army, r.ArmyKind = b.unitName(int32(q.Unit)), "unit"
	}
	if q.Stand >= 0 {
		r.Other = b.standName(int32(q.Stand))
	} else if q.Ask == AskCommand && q.Solo >= 0 {
		r.Other = b.soloName(int32(q.Solo))
	}
	if q.Ask == AskSpellTarget && q.Spell >= 0 {
		r.Cause, r.Title = "spell", b.s.Plan.Spells[q.Spell].Name // "which target does brannoc's Cure Wounds go to?"
	}
	if q.Ask == AskOverflow {
		r.Cause = "attacker" // U-56 Default: the attacker chooses; a battle file may give it to the defender
		if b.o.OverflowChooser == clashrules.OverflowDefender {
			r.Cause = "defender"
		}
	}
	if q.Ask == AskArea {
		r.Title = "spell"
		if q.Spell >= 0 {
			r.Title = AreaText(&b.s.Plan.Spells[q.Spell])
		}
	}
	d.choices = d.choices[:0]
	notes := (q.Ask == AskAction || q.Ask == AskCommand || q.Ask == AskConfig || q.Ask == AskSpell || q.Ask == AskTarget || q.Ask == AskSpellTarget) && d.ch.ReadsNotes()
	for i := range q.Options {
		c := runner.Choice{Name: q.Options[i].Name, Value: i}
		if notes {
			c.Note = optionNote(b, q, &q.Options[i])
		}
		d.choices = append(d.choices, c)
	}
	r.Choices = d.choices
	d.show = battleShow{b: b, q: q, fog: d.fog}
	r.View = &d.show
	i, err := d.ch.Ask(r)
	if err != nil {
		if !d.fallback && errors.Is(err, runner.ErrScriptEnded) {
			d.off = true
			b.emit(func() Event {
				return &FallbackEvent{Round: b.round, Why: "the script ended: the policy decides from here"}
			})
			return q.Policy
		}
		b.Abort(err)
		return q.Policy
	}
	if i < 0 {
		return q.Policy
	}
	return i
}

// Roll is the battle's dice: the Decider's Roller first (script roll entries, dice at the table).
func (d *decisions) Roll(sides int) int {
	if d.off || !d.ch.Rolls() {
		return d.ch.Source().Roll(sides)
	}
	b := d.b
	r := &d.req
	*r = runner.Request{Kind: runner.KindRoll, Day: b.round, Phase: runner.PhaseRound, Sides: sides, Cause: "battle"}
	f, err := d.ch.Die(r)
	if err != nil {
		b.Abort(err)
		return 1
	}
	return f
}

// FallbackEvent: the script ran out and the engine's policy decides the rest.
type FallbackEvent struct {
	Round int    `json:"round"`
	Why   string `json:"why"`
}

func (*FallbackEvent) Type() string   { return "clash.fallback" }
func (*FallbackEvent) Rule() string   { return "" }
func (e *FallbackEvent) Line() string { return e.Why }
