package pathfinder

import (
	"encoding/json"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// What Pathfinder contributes to `sortie simulate` and `sortie battle --runs`: the hex day loop as
// a runner.Simulator (a scenario's hexes, engagements, objectives, tactics and fates to cover), and
// a lone battle of a battle file as a runner.Subject (BattleSubject). What each run covers comes
// from its events (observe.go).

// Entity kinds a Pathfinder run covers (runner.Entity.Kind).
const (
	CoverHex        = "hex"        // an army entered the hex
	CoverEngagement = "engagement" // a friendly and an enemy army fought a battle: "a vs b"
	CoverObjective  = "objective"  // the objective was met
	CoverTactic     = "tactic"     // an army used a tactic: "army: Tactic" (P-22, P-23)
	CoverStrategy   = "strategy"   // an army took a strategy: "army: Strategy" (P-51, P-52)
	CoverAction     = "action"     // what an army did or suffered: "army: routed", "army: potion" ...
	CoverFate       = "fate"       // how an army ended a lone battle: "army: routed|destroyed|withdrawn"
)

// Prepare implements runner.Simulator for the hex day loop.
func (engine) Prepare(p *plan.Plan) (runner.Trial, error) {
	if err := validateScenario(p); err != nil {
		return nil, err
	}
	return &scenarioTrial{p: p}, nil
}

type scenarioTrial struct {
	p    *plan.Plan
	dice *dice.Seeded
}

func (t *scenarioTrial) Play(seed uint64, dec runner.Decider, sink runner.Sink) (*runner.Ending, error) {
	if t.dice == nil {
		t.dice = dice.NewSeeded(seed)
	}
	t.dice.Reseed(seed)
	res, err := RunScenario(t.p, ScenarioOptions{Options: runner.Options{Seed: seed, Decider: dec, Sink: sink, Dice: t.dice}})
	if res == nil {
		return nil, err
	}
	return &res.Ending, err
}

// Coverable implements runner.Simulator: the hexes (source order, with their axial
// coordinates), every friendly-enemy engagement, the objectives and each army's tactics.
func (engine) Coverable(p *plan.Plan) []runner.Entity {
	pf := p.Pathfinder
	if pf == nil {
		return nil
	}
	var out []runner.Entity
	for i := range pf.Hexes {
		h := &pf.Hexes[i]
		at := h.At
		out = append(out, runner.Entity{Kind: CoverHex, ID: h.ID, Name: h.Name, Decl: "field.hexes." + h.ID, At: &at, Grid: "hex"})
	}
	for i := range pf.Armies {
		a := &pf.Armies[i]
		if a.Side != 0 {
			continue
		}
		for j := range pf.Armies {
			if b := &pf.Armies[j]; b.Side != 0 {
				out = append(out, runner.Entity{Kind: CoverEngagement, ID: EngagementID(a.ID, b.ID), Decl: "armies." + a.ID})
			}
		}
	}
	for _, o := range pf.Objectives {
		out = append(out, runner.Entity{Kind: CoverObjective, ID: o.ID, Name: o.Outcome, Decl: "objectives." + o.ID})
	}
	return append(out, tacticEntities(pf.Armies, "armies.")...)
}

// tacticEntities lists each army's usable tactics (P-22), in army order.
func tacticEntities(armies []plan.PFArmy, decl string) []runner.Entity {
	var out []runner.Entity
	for i := range armies {
		a := &armies[i]
		for _, t := range a.Stats.Tactics {
			d := ""
			if decl != "" {
				d = decl + a.ID
			}
			// Standard and Withdraw are every army's (P-24, P-25): never falling back to them is
			// no gap in the battle's design, only a fact (issue 20 review: "never: orcs: Standard"
			// in red). A tactic the army was given and never used is one.
			base := t == pfarmy.TacStandard.String() || t == pfarmy.TacWithdraw.String()
			out = append(out, runner.Entity{Kind: CoverTactic, ID: a.ID + ": " + t, Decl: d, Optional: base})
		}
	}
	return out
}

// EngagementID names the engagement of friendly army a and enemy army b.
func EngagementID(a, b string) string { return a + " vs " + b }

// BattleSubject is a lone battle of a battle file as a simulation's subject: each run fights the
// battle with dice seeded by the run's seed and every choice from the run's decider (nil: the
// engine's default Policy, as `sortie battle --runs` plays it), base the rule switches under the
// file's options. A run's outcome is the winning side's name, or "no winner"; its day counts
// the Ranged and Melee Phases fought; each army's hp and fate are observed at the end. With
// detail, every entry of the battle's log goes to the run's sink too (the tactics, strategies
// and actions of sortie simulate); without it the engine takes its fast path (no log).
func BattleSubject(b *plan.Battle, base pfarmy.Options, detail bool) (runner.Subject, error) {
	return NewBattleSubject(b, SubjectOptions{Rules: base, Detail: detail})
}

// SubjectOptions configure NewBattleSubject.
type SubjectOptions struct {
	Rules  pfarmy.Options // the rule switches under the file's options
	Detail bool           // every entry of the battle's log to the run's sink (see BattleSubject)
	// Chooser makes the choices of a run whose decider is nil (nil: the engine's default Policy;
	// Standard: the baseline, on the engine's fast path too).
	Chooser Chooser
}

// NewBattleSubject is BattleSubject with every option.
func NewBattleSubject(b *plan.Battle, o SubjectOptions) (runner.Subject, error) {
	setup, names, err := battleSetup(b, o.Rules)
	if err != nil {
		return nil, err
	}
	return &battleSubject{b: b, setup: setup, names: names, detail: o.Detail, chooser: o.Chooser}, nil
}

type battleSubject struct {
	b       *plan.Battle
	setup   *Setup
	names   []string
	detail  bool
	chooser Chooser // of a run without a decider; nil: Policy
}

// Coverable lists each army's usable tactics and the fates it may end in (routed, destroyed,
// withdrawn).
func (s *battleSubject) Coverable() []runner.Entity {
	out := tacticEntities(s.b.Armies, "")
	for _, n := range s.names {
		for _, f := range []string{"routed", "destroyed", "withdrawn"} {
			// How an army ends is an outcome, not a gap: an army that never withdrew is no flaw.
			out = append(out, runner.Entity{Kind: CoverFate, ID: n + ": " + f, Optional: true})
		}
	}
	return out
}

func (s *battleSubject) Trial() (runner.Trial, error) {
	t := &battleTrial{s: s, src: dice.NewSeeded(0), keys: map[[3]int]string{}}
	eng, err := New(s.setup, t.src, s.chooser)
	if err != nil {
		return nil, err
	}
	t.eng = eng
	return t, nil
}

type battleTrial struct {
	s    *battleSubject
	src  *dice.Seeded
	eng  *Battle
	d    *decisions // the chooser under a run's decider, made once
	mode int        // what the engine was last Reset for: 0 nothing, 1 its chooser, 2 d, 3 Standard (StandardPolicy)
	sink runner.Sink
	ev   BattleLogEvent
	end  BattleEndEvent
	out  runner.Ending
	err  error
	// keys caches the coverage ids ("orcs: Defensive Wall") by (kind, army, value).
	keys map[[3]int]string
}

// Play fights one battle. The engine is Reset only when the chooser changes (its Policy, or the
// runs' deciders): a battle restarts from the setup on every Run. The Ending is the trial's own,
// valid until the next Play.
func (t *battleTrial) Play(seed uint64, dec runner.Decider, sink runner.Sink) (*runner.Ending, error) {
	t.src.Reseed(seed)
	mode := 1
	if isStandard(dec) {
		mode, dec = 3, nil // StandardPolicy: the Standard chooser on the fast path
	}
	if dec != nil {
		mode = 2
		if t.d == nil {
			t.d = newDecisions(dec, nil, t.src)
			t.d.day, t.d.hex, t.d.names = 0, t.s.b.ID, t.s.names
		} else {
			t.d.ch.Reset(dec, nil, t.src)
			t.d.err = nil
		}
	}
	if mode != t.mode {
		ch := t.s.chooser
		var src dice.Source = t.src
		switch mode {
		case 2:
			ch, src = t.d, t.d
		case 3:
			ch = Standard{}
		}
		if err := t.eng.Reset(t.s.setup, src, ch); err != nil {
			return nil, err
		}
		t.mode = mode
	}
	t.sink, t.err = sink, nil
	on := runner.Enabled(sink)
	if on && t.s.detail {
		t.eng.SetLog(t.log)
	} else {
		t.eng.SetLog(nil)
	}
	res, err := t.eng.Run()
	if mode == 2 && t.d.err != nil {
		err = t.d.err
	}
	if err == nil {
		err = t.err
	}
	end := &t.out
	*end = runner.Ending{Outcome: pfarmy.NoWinner, Day: res.Phases}
	if res.Winner == SideA || res.Winner == SideB {
		end.Outcome = t.s.b.Sides[res.Winner]
	}
	if err != nil {
		end.Outcome, end.Reason = runner.Stopped, err.Error()
		return end, err
	}
	if on {
		t.end = BattleEndEvent{Winner: end.Outcome, Phases: res.Phases, t: t}
		if werr := sink.Write(&t.end); werr != nil {
			return end, werr
		}
	}
	return end, nil
}

// log passes each entry of the battle's log to the sink (the engine reuses e; so does the event).
func (t *battleTrial) log(e *Event) {
	if t.err != nil {
		return
	}
	t.ev = BattleLogEvent{e: e, t: t}
	if err := t.sink.Write(&t.ev); err != nil {
		t.err = err
	}
}

// Kinds of key besides the log's event kinds (key).
const keyFate = -1

// key returns the coverage id "army: value" made once: for kind EvTactic the tactic value, for
// EvStrategy the strategy, for keyFate the army's status, for another event kind its name.
func (t *battleTrial) key(kind, army, value int) string {
	k := [3]int{kind, army, value}
	if s, ok := t.keys[k]; ok {
		return s
	}
	var name string
	switch kind {
	case int(EvTactic):
		name = pfarmy.Tactic(value).String()
	case int(EvStrategy):
		name = Strategy(value).String()
	case keyFate:
		name = Status(value).String()
	default:
		name = EventKind(kind).String()
	}
	s := ""
	if army >= 0 && army < len(t.s.names) {
		s = t.s.names[army] + ": " + name
	}
	t.keys[k] = s
	return s
}

// BattleLogEvent is one entry of a lone battle's log in a simulation (the engine's Event); a
// simulation's tally reads the tactics, strategies and fates from it. It is not written to
// transcripts: `sortie battle` writes its own log.
type BattleLogEvent struct {
	e *Event
	t *battleTrial
}

func (*BattleLogEvent) Type() string { return "battleLog" }

// MarshalJSON is the entry as `sortie battle --format jsonl` writes it (LogEntry): a replay of a
// simulated battle (sortie simulate --html) records it for its page.
func (e *BattleLogEvent) MarshalJSON() ([]byte, error) {
	return json.Marshal(logEntry(e.e, e.t.s.names, e.t.s.b.Sides))
}
func (*BattleLogEvent) Rule() string { return "P-15" }
func (*BattleLogEvent) Line() string { return "" }

// BattleEndEvent is the end of a lone battle in a simulation: the winner ("no winner": none),
// the phases fought, and (to the tally) every army's hp and fate.
type BattleEndEvent struct {
	Winner string `json:"winner"`
	Phases int    `json:"phases"`
	t      *battleTrial
}

func (*BattleEndEvent) Type() string   { return "battleEnd" }
func (*BattleEndEvent) Rule() string   { return "P-61" }
func (e *BattleEndEvent) Line() string { return "winner: " + e.Winner }
