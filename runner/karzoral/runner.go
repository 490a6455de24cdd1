package karzoral

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Runner runs one plan many times. New checks the plan and precomputes lookups once; Run reuses the
// state between runs, so repeated runs allocate little. A Runner is not safe for concurrent use.
type Runner struct {
	p *plan.Plan

	// enter[b] lists the OnEnter events of block b, in plan order.
	enter [][]int32
	// onDay[d] lists the OnDay events of day d (1..DayLimit), in plan order.
	onDay [][]int32
	// friendly and enemy army indices, ascending (K-22: friendly armies move first).
	friendly, enemy []int
	// boxBlocks[i] is the ids of box i's blocks (TypeReveal).
	boxBlocks [][]string
	// area[b] is block b's traversal area, -1 if none; nil when the plan has no areas (K-43).
	area []int

	seeded *dice.Seeded
	s      state
	mid    *Midpoint // the buffer of Result.Midpoint
	res    Result    // the Result of the last Run, its lists reused by the next (resultBuf)
	buf    resultBuf
	// The reasons a run ends with, made once per plan (a campaign's random run ends ~200 sorties).
	wipedOut, defeatedBy, objective []string // per army (K-25), encounter (K-100), objective
	passages                        [][4]string
	// shopTitle[b] is the title of the shopping decision at base block b (shopAtBase), made at
	// the first shopping there.
	shopTitle []string
	// fieldMap is the transcript's map of the field, laid out at the first day end shown.
	fieldMap *fieldMap
}

// Run runs p once with opts. See Runner.Run.
func Run(p *plan.Plan, opts Options) (*Result, error) {
	r, err := New(p)
	if err != nil {
		return nil, err
	}
	return r.Run(opts)
}

// New checks that p is a plan the runner can play (format, indices in range, six episodes) and
// prepares a Runner for it.
func New(p *plan.Plan) (*Runner, error) {
	if err := validate(p); err != nil {
		return nil, err
	}
	r := &Runner{p: p}
	nb := len(p.Field.Blocks)
	r.enter = make([][]int32, nb)
	r.onDay = make([][]int32, p.DayLimit+1)
	for i := range p.Events {
		e := &p.Events[i]
		switch e.On.Kind {
		case plan.OnEnter:
			r.enter[e.On.Block] = append(r.enter[e.On.Block], int32(i))
		case plan.OnDay:
			if e.On.Day >= 1 && e.On.Day <= p.DayLimit {
				r.onDay[e.On.Day] = append(r.onDay[e.On.Day], int32(i))
			}
		}
	}
	for i := range p.Armies {
		if p.Armies[i].Friendly() {
			r.friendly = append(r.friendly, i)
		} else {
			r.enemy = append(r.enemy, i)
		}
	}
	r.boxBlocks = make([][]string, len(p.Field.Boxes))
	for i, bx := range p.Field.Boxes {
		for _, b := range bx.Blocks {
			r.boxBlocks[i] = append(r.boxBlocks[i], p.Field.Blocks[b].ID)
		}
	}
	r.area = areaIndex(p)
	r.passages = passages(r)
	for i := range p.Armies {
		r.wipedOut = append(r.wipedOut, "friendly army "+p.Armies[i].ID+" wiped out (K-25)")
	}
	for i := range p.Encounters {
		r.defeatedBy = append(r.defeatedBy, "party defeated by "+p.Encounters[i].ID+" (K-100)")
	}
	for i := range p.Objectives {
		r.objective = append(r.objective, "objective "+p.Objectives[i].ID)
	}
	s := &r.s
	s.r = r
	s.p = p
	s.armyBlock = make([]int, len(p.Armies))
	s.armyStr = make([]int, len(p.Armies))
	s.armyStep = make([]int, len(p.Armies))
	s.armyNext = make([]int, len(p.Armies))
	s.routes = make([][]int, len(p.Armies))
	s.setupStr = make([]int, len(p.Armies))
	s.flags = newBitset(len(p.Flags))
	s.retained = newBitset(len(p.Objectives))
	s.gone = newBitset(len(p.Armies))
	s.revealed = newBitset(nb)
	s.visited = newBitset(nb)
	s.fired = make([]int32, len(p.Events))
	s.reached = make([]int32, len(p.Objectives))
	s.view.s = s
	s.pview.s = s
	s.sight = make([]sighting, len(p.Armies))
	s.ch.OnFallback(s.fallbackEvent)
	return r, nil
}

// Plan returns the plan the Runner plays.
func (r *Runner) Plan() *plan.Plan { return r.p }

// Run plays the scenario from its start until success, failure or a decider error.
//
// The Result is always returned (Outcome Stopped when err != nil). It is the Runner's own, and
// its lists are reused by the Runner's next Run: keep copies of what must outlive it (Run, the
// function, makes a fresh Runner each time). Errors: a *runner.DecisionError for a script
// entry that does not fit the state (X001) or a script that ran out with no Fallback (X003, matches
// ErrScriptEnded); an error wrapping ErrNoInput when a prompt reached end of input; other errors
// from the Sink or a Decider as they are.
func (r *Runner) Run(opts Options) (*Result, error) {
	if opts.Decider == nil {
		return nil, errors.New("runner: Options.Decider is nil")
	}
	s := &r.s
	src := opts.Dice
	if src == nil {
		if r.seeded == nil {
			r.seeded = dice.NewSeeded(opts.Seed)
		} else {
			r.seeded.Reseed(opts.Seed)
		}
		src = r.seeded
	}
	s.reset(opts, src)
	s.resumed = nil
	if c := opts.Carry; c != nil && c.Resume != nil {
		if err := s.resumeAt(c.Resume); err != nil {
			return nil, err
		}
		s.resumed = c.Resume
	}
	err := s.play()
	if err == nil {
		err = s.settle()
	}
	if err != nil && s.outcome == "" {
		s.outcome, s.reason = runner.Stopped, err.Error()
		var de *runner.DecisionError
		if errors.As(err, &de) {
			// The diagnostic itself goes to the caller (the CLI prints it once); the transcript
			// says where and why in short.
			s.reason = fmt.Sprintf("day %d, %s phase: the script does not fit the state (%s at %s)", de.Day, de.Phase, de.Diag.Code, de.Diag.Pos)
		}
	}
	if werr := s.finishEvents(); err == nil {
		err = werr
	}
	return s.result(), err
}

// state is the mutable state of one run.
type state struct {
	r *Runner
	p *plan.Plan

	ch         runner.Chain // the deciders and the dice
	seed       uint64
	sink       runner.Sink
	on         bool // the sink reads texts (runner.Printing): false for Discard and a simulation
	obs        bool // the sink wants events (runner.Enabled): a simulation observes the Observed ones
	checkpoint func() error

	day     int
	phase   runner.Phase
	party   int
	rations int

	armyBlock []int // block index, -1 when not on the field
	armyStr   []int
	// armyNext is, per army, the encounter of its consecutive chain the party fled (K-72, K-96):
	// the next battle against the army starts there, the beaten ones before it are not fought
	// again; -1: the army's own encounter.
	armyNext []int
	// fledEnc is the encounter the party fled in the last battle chain (set by battle1, K-72).
	fledEnc int
	// resumeEnc, when >= 0, replaces the encounter of the next battle action doActions runs: a
	// pending event resumes at the consecutive battle it was fled in (K-72), not its first.
	resumeEnc int
	armyStep  []int   // index into the army's route
	routes    [][]int // each army's route: the plan's, or the midpoint setup's (K-68)
	setupStr  []int   // each army's strength in its setup (spawn brings it back with it)

	flags    bitset
	retained bitset // objectives retained from an earlier attempt (K-67)
	// carriedDead are the named monsters dead before this run (Carry.NamedDead).
	carriedDead []string
	failXP      int      // K-66: the failure XP each PC gets (the plan's, or Carry.FailureXP)
	pcNames     []string // Carry.PCs: the campaign's PCs a members-only plan names in its XP lines
	gone        bitset   // armies that were on the field and left it (CondArmyGone)
	revealed    bitset
	fired       []int32 // times each event fired
	reached     []int32 // day each objective was reached, 0 if not
	order       []int32 // objectives in the order reached
	checked     uint8   // episode faces 1..6 as bits 0..5 (K-36)

	outcome, reason string
	dayEnded        int // the last day a day end was written for

	req      runner.Request
	choices  [5]runner.Choice
	view     View
	defeated bool // K-100

	pending []pendingEvent // events whose battle the party fled (K-96)
	visited bitset         // blocks the party has stood in
	sight   []sighting     // the players' last sight of each army (K-23)
	pview   PlayerView
	// from is the phase a resumed retry begins at on day s.day (K-67); PhaseNone: a day's start.
	from     runner.Phase
	resumed  *Midpoint // the midpoint this run resumed from (Carry.Resume), nil for a fresh run
	midpoint *Midpoint // the snapshot taken when the midpoint was cleared in this run (K-67)

	k           karzoral       // the campaign add-ons (PCs, light, traversal, XP)
	targets     []string       // K-75: monsters targeted this round
	clearXP     int            // achievement XP of the success objective (K-61)
	money       int            // gamels looted (K-98)
	shop        []plan.Item    // K-12: the price list at a base mid-scenario (stockItems), empty: nothing on sale
	purse       int            // K-12: gamels left to spend (Carry.Purse or plan.Party.Money, less what was bought)
	bought      []Purchase     // K-12: the purchases of this run
	raised      []Resurrection // K-14: the resurrections at a base of this run
	raiseCost   int            // K-14: a resurrection's price (Carry.ResurrectionCost), 0: the default
	shopChoices []runner.Choice
	buyNames    []string // buyName's: "buy ITEM" by index in shop
	ev          evbuf    // the frequent events, reused
}

func (s *state) reset(opts Options, src dice.Source) {
	p := s.p
	s.ch.Reset(opts.Decider, opts.Fallback, src)
	s.seed = opts.Seed
	s.sink = opts.Sink
	s.on = runner.Printing(s.sink)
	s.obs = runner.Enabled(s.sink)
	s.checkpoint = opts.Checkpoint
	s.day, s.phase = 0, runner.PhaseNone
	s.party = p.Party.Start
	s.rations = p.Party.Rations
	s.placeArmies(nil)
	s.flags.clear()
	s.gone.clear()
	s.revealed.clear()
	// K-30: the terrain of every block outside a box is known from the start; K-31: boxes are hidden.
	for b := range p.Field.Blocks {
		if p.Field.Blocks[b].Box < 0 {
			s.revealed.set(b)
		}
	}
	clear(s.fired)
	clear(s.reached)
	s.order = s.order[:0]
	s.checked = 0 // K-36 default: episodes reset at the start of every scenario
	s.outcome, s.reason = "", ""
	s.dayEnded = 0
	s.req = runner.Request{}
	s.clearXP, s.money = 0, 0
	s.defeated = false
	s.targets = s.targets[:0]
	s.pending = s.pending[:0]
	s.fledEnc, s.resumeEnc = -1, -1
	s.visited.clear()
	s.visited.set(s.party)
	s.from, s.midpoint = runner.PhaseNone, nil
	s.resetKarzoral(opts.Rules)
	s.carry(opts.Carry)
	clear(s.sight)
	s.look()
}

// placeArmies sets every army up as the scenario's setup says (K-21, K-68): the initial one, or
// with setup the midpoint's for the armies it lists.
func (s *state) placeArmies(setup *plan.Setup) {
	p := s.p
	for i := range p.Armies {
		a := &p.Armies[i]
		s.routes[i], s.setupStr[i] = a.Route, a.Strength
		reserve := a.Reserve
		if setup != nil {
			for _, as := range setup.Armies {
				if as.Army == i {
					s.routes[i], s.setupStr[i], reserve = as.Route, as.Strength, as.Reserve
				}
			}
		}
		s.armyStr[i] = s.setupStr[i]
		s.armyStep[i] = 0
		s.armyNext[i] = -1
		s.armyBlock[i] = -1
		if !reserve && s.armyStr[i] > 0 {
			s.armyBlock[i] = s.routes[i][0]
		}
	}
	s.gone.clear()
}

// carry applies what a campaign carries into the run (K-67): retained midpoints and named
// monsters that stay dead.
func (s *state) carry(c *Carry) {
	s.retained.clear()
	s.carriedDead = nil
	s.failXP = s.p.FailureXP
	s.purse, s.bought = 0, s.bought[:0]
	s.raised, s.raiseCost = s.raised[:0], 0
	s.pcNames = nil
	if c != nil {
		s.pcNames = c.PCs // the campaign's PCs (K-1)
	}
	if c == nil {
		s.shop, s.purse = stockItems(s.shop, nil, s.p.Shop), s.p.Party.Money // K-12 alone: the scenario's list and purse
		return
	}
	s.raiseCost = c.ResurrectionCost
	s.shop, s.purse = stockItems(s.shop, c.Shop, s.p.Shop), c.Purse
	if c.FailureXP > 0 {
		s.failXP = c.FailureXP
	}
	s.carriedDead = c.NamedDead
	for i := range s.p.Objectives {
		o := &s.p.Objectives[i]
		if o.Outcome == "midpoint" && slices.Contains(c.Midpoints, o.ID) {
			s.retained.set(i)
		}
	}
	for e := range s.p.Encounters {
		for j, m := range s.p.Encounters[e].Monsters {
			if m.Named && slices.Contains(c.NamedDead, m.Name) {
				s.k.named[e][j] = true
			}
		}
	}
}

// over reports whether the scenario has ended (or was stopped).
func (s *state) over() bool { return s.outcome != "" }

// finish ends the scenario with outcome and reason (the first ending wins).
func (s *state) finish(outcome, reason string) {
	if s.outcome == "" {
		s.outcome, s.reason = outcome, reason
	}
}

// play runs the day loop (K-18): start, action, camp, night, until an outcome or the day limit.
func (s *state) play() error {
	if s.obs {
		p := s.p
		if err := s.send(reuse(&s.ev.run, RunEvent{At: s.at(), Scenario: p.Scenario.ID, Title: p.Scenario.Title, Seed: s.seed,
			Party: p.Field.Blocks[s.party].ID, Members: p.Party.Members, Rations: s.rations, DayLimit: p.DayLimit,
			SourceHash: p.SourceHash})); err != nil {
			return err
		}
		for i := range p.Objectives {
			if s.retained.has(i) {
				o := &p.Objectives[i]
				if err := s.send(&ObjectiveEvent{At: s.at(), Objective: o.ID, Outcome: o.Outcome, Source: "retained"}); err != nil {
					return err
				}
			}
		}
		if s.resumed != nil {
			if err := s.resumeEvent(s.resumed); err != nil {
				return err
			}
		}
	}
	for s.day < s.p.DayLimit {
		// A resumed retry begins its first day at s.from (K-67); every other day at its start.
		from := s.from
		s.from = runner.PhaseNone
		if from == runner.PhaseNone {
			if err := s.startPhase(); err != nil || s.over() {
				return err
			}
		}
		if from <= runner.PhaseAction {
			s.k.restDay = false
			if s.k.trav >= 0 {
				// K-44: a traversal day: start and action phases only, no block movement; a dark
				// area needs its light every day (K-57).
				s.phase = runner.PhaseAction
				if err := s.darkDay(); err != nil {
					return err
				}
				normal, err := s.traversalDay()
				if err != nil || s.over() {
					return err
				}
				s.k.restDay = !normal
			} else if err := s.actionStep(runner.PhaseAction); err != nil || s.over() {
				return err
			}
			if s.k.restDay {
				// K-44, K-48: the automatic rest; no camp or night phase.
				if err := s.rest("K-48"); err != nil {
					return err
				}
				if err := s.endDay(); err != nil {
					return err
				}
				continue
			}
		}
		if from <= runner.PhaseCamp {
			if err := s.campPhase(); err != nil || s.over() {
				return err
			}
		}
		if err := s.nightPhase(); err != nil || s.over() {
			return err
		}
		if err := s.endDay(); err != nil {
			return err
		}
	}
	// K-18 / plan.DayLimit: not won by the end of the last day's night phase.
	s.phase = runner.PhaseNone
	s.finish(runner.Failure, "day limit")
	return nil
}

// endDay writes the day end of the current day once, then calls the checkpoint (a save point).
func (s *state) endDay() error {
	if s.day == 0 || s.dayEnded == s.day {
		return nil
	}
	s.dayEnded = s.day
	if s.obs {
		if err := s.send(reuse(&s.ev.dayEnd, DayEndEvent{At: At{Day: s.day, Seen: runner.AudienceGM}, Party: s.p.Field.Blocks[s.party].ID, Rations: s.rations,
			Armies: s.armiesAt(), view: &s.view})); err != nil {
			return err
		}
	}
	if s.on {
		if err := s.send(s.viewEvent()); err != nil {
			return err
		}
	}
	if s.checkpoint != nil {
		return s.checkpoint()
	}
	return nil
}

// armiesAt is the snapshot of the armies (plan order; never nil, so that it encodes as []), in
// the state's buffer: valid until the next snapshot.
func (s *state) armiesAt() []ArmyAt {
	n := len(s.p.Armies)
	if cap(s.ev.armies) < n || s.ev.armies == nil {
		s.ev.armies = make([]ArmyAt, n)
	}
	out := s.ev.armies[:n]
	for i := range s.p.Armies {
		out[i] = ArmyAt{ID: s.p.Armies[i].ID, Strength: s.armyStr[i]}
		if b := s.armyBlock[i]; b >= 0 {
			out[i].Block = &s.p.Field.Blocks[b].ID
		}
	}
	return out
}

// viewEvent is the players' day end (K-23): the armies they have seen.
func (s *state) viewEvent() *ViewEvent {
	s.look()
	if s.ev.seen == nil {
		s.ev.seen = []ArmySeen{}
	}
	e := reuse(&s.ev.view, ViewEvent{At: At{Day: s.day, Seen: runner.AudienceParty}, Party: s.p.Field.Blocks[s.party].ID, Rations: s.rations,
		Armies: s.ev.seen[:0], view: &s.pview})
	for i := range s.sight {
		if s.sight[i].seen {
			e.Armies = append(e.Armies, s.armySeen(i))
		}
	}
	s.ev.seen = e.Armies
	return e
}

// finishEvents writes the last day end (if the day ended early) and the end.
func (s *state) finishEvents() error {
	err := s.endDay()
	if !s.obs {
		return err
	}
	p := s.p
	e := reuse(&s.ev.end, EndEvent{At: At{Day: s.day, Seen: runner.AudienceGM}, Outcome: s.outcome, Reason: s.reason, Party: p.Field.Blocks[s.party].ID,
		Rations: s.rations, Armies: s.armiesAt(), view: &s.view})
	if !s.on { // a simulation observes the armies, the rations and the outcome (observe.go)
		if werr := s.send(e); err == nil {
			err = werr
		}
		return err
	}
	e.Objectives, e.Events = []ObjectiveAt{}, []FiredCount{}
	for i := range p.Objectives {
		if d := s.reached[i]; d > 0 {
			o := &p.Objectives[i]
			e.Objectives = append(e.Objectives, ObjectiveAt{ID: o.ID, Outcome: o.Outcome, XP: o.XP, Day: int(d)})
		}
	}
	for i := range p.Events {
		if n := s.fired[i]; n > 0 {
			e.Events = append(e.Events, FiredCount{ID: p.Events[i].ID, Fired: int(n)})
		}
	}
	// K-23: the players' end first, so that the GM's end stays the last record of a stream that
	// holds both (JSON Lines consumers read the last line as the end).
	if werr := s.send(s.partyEnd(e)); err == nil {
		err = werr
	}
	if werr := s.send(e); err == nil {
		err = werr
	}
	return err
}

// at is where the run is: the day and the phase.
func (s *state) at() At { return At{Day: s.day, Phase: s.phase} }

// note is the head of an add-on event for rule.
func (s *state) note(rule string) Note { return Note{At: s.at(), RuleID: rule} }

// send writes an event to the sink (only called when s.on, or s.obs for an Observed event).
func (s *state) send(e runner.Event) error { return s.sink.Write(e) }

// fallbackEvent reports that the script ended and the fallback took over (runner.Chain.OnFallback).
func (s *state) fallbackEvent() error {
	if !s.on {
		return nil
	}
	return s.send(&FallbackEvent{At: s.at()})
}

// decide asks the deciders (the script, then its fallback) and checks the answer. The Request
// carries the players' view (K-23): what a prompt shows and a policy decides on.
func (s *state) decide(req *runner.Request) (int, error) {
	s.look()
	req.View = &s.pview
	return s.ch.Ask(req)
}

// roll rolls one die of the given sides: the decider's Roller first, then the dice source.
func (s *state) roll(sides int, cause string) (int, error) {
	if !s.ch.Rolls() {
		// The common case (no script dice): no Request to build.
		f := s.ch.Source().Roll(sides)
		if f < 1 || f > sides {
			return 0, fmt.Errorf("day %d: the dice source rolled %d on 1d%d", s.day, f, sides)
		}
		return f, nil
	}
	req := &s.req
	*req = runner.Request{Kind: runner.KindRoll, Day: s.day, Phase: s.phase, Sides: sides, Cause: cause}
	if s.party >= 0 {
		req.Block = s.p.Field.Blocks[s.party].ID
	}
	return s.ch.Die(req)
}

// bitset is a fixed-size set of small non-negative integers.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) has(i int) bool { return b[i>>6]&(1<<(uint(i)&63)) != 0 }
func (b bitset) set(i int)      { b[i>>6] |= 1 << (uint(i) & 63) }
func (b bitset) unset(i int)    { b[i>>6] &^= 1 << (uint(i) & 63) }
func (b bitset) clear()         { clear(b) }
