package pathfinder

import (
	"fmt"
	"strings"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// decisions connects a Pathfinder battle to the run's decisions and dice: it is the battle's
// Chooser (every choice becomes a Request of KindTactic, KindStrategy, KindTarget or
// KindAnswer for the Decider) and its dice.Source (every die goes to the Decider's Roller first,
// then to the run's dice). A choice with one legal answer is not asked. The first choice is the
// engine's default (Policy: its tactic, strategy, target and yes/no answers), so that the "first"
// policy plays the battle as the engine would.
//
// Chooser methods cannot fail: the first error is kept in err, later questions take the default
// without asking, and the caller checks err after the battle.
type decisions struct {
	ch      runner.Chain // the deciders and the dice
	none    bool         // no decider: every question takes the engine's default (a lone battle)
	req     runner.Request
	day     int
	hex     string
	names   []string  // battle index -> army id
	sides   [2]string // Side -> its name, for Request.Side ("" unset)
	err     error
	choices []runner.Choice
	view    pfView  // every Request's View: what the prompt shows on demand (show.go)
	battle  *Battle // the battle whose question is being asked (choose); nil otherwise
}

func newDecisions(dec, fallback runner.Decider, src dice.Source) *decisions {
	d := &decisions{none: dec == nil}
	if dec == nil {
		dec = runner.First
	}
	d.ch.Reset(dec, fallback, src)
	return d
}

func (d *decisions) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

// ask puts the request to the decider (or, once a script ran out, the fallback).
func (d *decisions) ask(req *runner.Request) (int, error) {
	if d.none {
		return 0, nil
	}
	if req.View == nil {
		d.view.b, d.view.names = d.battle, d.names
		req.View = &d.view
	}
	return d.ch.Ask(req)
}

// Roll is the battle's dice.Source: the decider's Roller first (script roll entries, table dice),
// then the run's dice. An error is kept (fail) and the die reads 1.
func (d *decisions) Roll(sides int) int {
	if d.err != nil || !d.ch.Rolls() {
		return d.ch.Source().Roll(sides)
	}
	req := &d.req
	*req = runner.Request{Kind: runner.KindRoll, Day: d.day, Phase: runner.PhaseBattle, Sides: sides, Block: d.hex, Cause: "battle"}
	f, err := d.ch.Die(req)
	if err != nil {
		d.fail(err)
		return 1
	}
	return f
}

func phaseTitle(b *Battle) string {
	if b.Phase() == PhaseTactics {
		return "tactics phase"
	}
	return fmt.Sprintf("%s phase %d", strings.ToLower(strings.TrimSuffix(b.Phase().String(), " Phase")), b.PhaseNo())
}

// choose asks a question whose first choice is the default; with one choice it is not asked.
func (d *decisions) choose(b *Battle, k runner.Kind, army, other int, cause string) int {
	if d.err != nil || len(d.choices) < 2 {
		return 0
	}
	req := &d.req
	*req = runner.Request{Kind: k, Day: d.day, Phase: runner.PhaseBattle, Choices: d.choices, Block: d.hex,
		Army: d.names[army], Title: phaseTitle(b), Cause: cause}
	if other >= 0 {
		req.Other = d.names[other]
	}
	if sd := b.SideOf(army); sd == SideA || sd == SideB {
		req.Side = d.sides[sd]
	}
	d.battle = b
	i, err := d.ask(req)
	d.battle = nil
	if err != nil {
		d.fail(err)
		return 0
	}
	return i
}

func lowerName(s string) string { return strings.ToLower(s) }

// joinNote is a choice's note and what the choice does, "; " between them when both are there.
func joinNote(note, effect string) string {
	switch {
	case effect == "":
		return note
	case note == "":
		return effect
	}
	return note + "; " + effect
}

// Tactic offers the engine's default (the Policy's choice) first, then every other allowed tactic
// (P-22, P-23). After the Tactics Phase the army's current tactic is marked "current" and every
// other one but Withdraw "DC 15 morale check" (P-23, P-25: switching to Withdraw needs no check),
// wherever the default puts them: the Policy may propose Withdraw while the army fights on with
// another tactic.
func (d *decisions) Tactic(b *Battle, army int) pfarmy.Tactic {
	def := Policy{}.Tactic(b, army)
	allowed := b.Allowed(army)
	if !allowed.Has(def) {
		def = allowed.List()[0]
	}
	opts := []pfarmy.Tactic{def}
	d.choices = append(d.choices[:0], runner.Choice{Name: lowerName(def.String())})
	for _, t := range allowed.List() {
		if t != def {
			opts = append(opts, t)
			d.choices = append(d.choices, runner.Choice{Name: lowerName(t.String()), Value: int(t)})
		}
	}
	if b.Phase() != PhaseTactics {
		cur := b.State(army).Tactic
		for i, t := range opts {
			switch {
			case t == cur:
				d.choices[i].Note = "current"
			case t != pfarmy.TacWithdraw:
				d.choices[i].Note = "DC 15 morale check"
			}
		}
	}
	if !d.none && d.ch.ReadsNotes() { // what each does, for a person (issue 23); a policy never reads it
		for i, t := range opts {
			d.choices[i].Note = joinNote(d.choices[i].Note, t.Effect())
		}
	}
	return opts[d.choose(b, runner.KindTactic, army, -1, "")]
}

// Strategy offers the engine's default rung first (the Policy's: one rung toward Aggressive when
// ahead, toward Standard otherwise), then the rest of the track in order, those it may take; a step
// of two or more rungs needs a DC 20 morale check (P-52).
func (d *decisions) Strategy(b *Battle, army int) Strategy {
	cur := b.State(army).Strategy
	def := Policy{}.Strategy(b, army)
	opts := []Strategy{def}
	d.choices = append(d.choices[:0], runner.Choice{Name: lowerName(def.String())})
	for s := StratDefensive; s <= StratReckless; s++ {
		if s == def || !b.StrategyAllowed(army, s) {
			continue
		}
		c := runner.Choice{Name: lowerName(s.String()), Value: int(s)}
		if cur.Valid() && (int(s)-int(cur) >= 2 || int(cur)-int(s) >= 2) {
			c.Note = "DC 20 morale check"
		}
		opts = append(opts, s)
		d.choices = append(d.choices, c)
	}
	if !d.none && d.ch.ReadsNotes() {
		for i, s := range opts {
			d.choices[i].Note = joinNote(d.choices[i].Note, s.Effect())
		}
	}
	return opts[d.choose(b, runner.KindStrategy, army, -1, "")]
}

// Target offers the lowest-numbered army it can attack first (P-21).
func (d *decisions) Target(b *Battle, army int) int {
	def := Policy{}.Target(b, army)
	if def < 0 {
		return -1
	}
	opts := []int{def}
	d.choices = append(d.choices[:0], runner.Choice{Name: d.names[def]})
	for j := 0; j < b.Len(); j++ {
		if j != def && b.CanAttack(army, j) {
			opts = append(opts, j)
			d.choices = append(d.choices, runner.Choice{Name: d.names[j], Value: j})
		}
	}
	return opts[d.choose(b, runner.KindTarget, army, -1, "")]
}

// Decide offers the engine's default answer first.
func (d *decisions) Decide(b *Battle, army int, q Question, other int) bool {
	def := Policy{}.Decide(b, army, q, other)
	yes, no := runner.Choice{Name: "yes", Value: 1}, runner.Choice{Name: "no", Value: 0}
	if def {
		d.choices = append(d.choices[:0], yes, no)
	} else {
		d.choices = append(d.choices[:0], no, yes)
	}
	i := d.choose(b, runner.KindAnswer, army, other, q.String())
	return d.choices[i].Value == 1
}
