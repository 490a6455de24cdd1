package pathfinder

import (
	"errors"
	"fmt"

	"github.com/sortie-rpg/sortie/runner/dice"
)

// MaxArmies is the most armies one battle can hold, both sides together.
const MaxArmies = 16

// Side is one side of a battle.
type Side int8

// Sides.
const (
	NoSide Side = -1 // no winner
	SideA  Side = 0
	SideB  Side = 1
)

func (s Side) String() string {
	switch s {
	case SideA:
		return "A"
	case SideB:
		return "B"
	}
	return "none"
}

// Combatant is one army entering a battle: its statistics and what is particular to this battle.
type Combatant struct {
	Stats Stats
	Side  Side
	// HP at the start of the battle; 0 means full (Stats.HP).
	HP int
	// Routed: in the routed state from an earlier battle (P-59); under Options.RoutedAttacked = Seed it
	// may choose only Withdraw (P-60).
	Routed bool
	// Fortification is the Defense of the fortification or settlement it fights from, added to its DV
	// (P-5, P-65; typically 8). Siege engines cut it (P-66).
	Fortification int
	// AdvantageousTerrain gives DV +2 (P-65).
	AdvantageousTerrain bool
	// BattlefieldAdvantage gives OM +2 and DV +2 (P-65).
	BattlefieldAdvantage bool
	// Ambusher: a fully concealed ambusher. In the Tactics Phase it makes a check (d20 + OM) against
	// the DV of a target it picks; beating it, the target skips the Tactics Phase: Standard (P-65).
	Ambusher bool
	// Ruling is a GM ruling added to both OM and DV, e.g. +4 or -4 after a side battle (P-54).
	Ruling int
}

// Field holds the battlefield conditions that touch every army (P-65). Armies with darkvision ignore
// darkness and dim light; with both set, darkness applies.
type Field struct {
	Darkness  bool `json:"darkness"`  // OM -2, DV -3
	DimLight  bool `json:"dimLight"`  // OM -1
	Fog       bool `json:"fog"`       // damage halved (at least 1), +2 on Withdraw morale checks
	Sandstorm bool `json:"sandstorm"` // as fog, and 1 damage to every army each Ranged and Melee Phase
}

// Setup is a battle to fight: the armies (2..MaxArmies, at least one per side), the field and the
// rule options.
type Setup struct {
	Armies  []Combatant
	Field   Field
	Options Options
}

// Result is how a battle ended.
type Result struct {
	Winner Side // the side with armies still on the field (P-61); NoSide when none or at the limit
	Phases int  // Ranged and Melee Phases fought
	Melee  int  // of which Melee Phases
	Limit  bool // stopped at Options.MaxPhases
}

// ArmyState is an army's state during or after a battle.
type ArmyState struct {
	Status        Status
	HP            int
	Tactic        Tactic
	Strategy      Strategy // StratNone before the first Melee Phase
	Target        int      // this phase's target; -1 for none
	Fortification int      // what is left of it
	SiegeEngines  int
	Potions       int  // healing potion uses left (P-66)
	Skip          bool // makes no offense check this phase (P-20)
	Withdrawing   bool // uses Withdraw and won against at least one enemy this phase (P-25)
	Leaving       bool // leaves the field at the end of this phase (P-25)
	Routed        bool // entered the battle routed (P-60)
	Fate          Fate
	Penalty       KingdomPenalty
}

// Errors Run and Reset return, wrapped with detail.
var (
	ErrSetup  = errors.New("invalid battle setup")
	ErrChoice = errors.New("invalid choice")
	ErrDice   = errors.New("die face out of range")
)

// unit is one army in the engine.
type unit struct {
	st       Stats
	side     Side
	maxHP    int
	startHP  int
	num, den int // ACR
	acrBonus int // P-5 option
	boons    BoonSet
	lead     int
	fort0    int
	ruling   int
	condOM   int // darkness / dim light
	condDV   int
	adv      bool
	terrain  bool
	ambusher bool
	routed0  bool
	heal2    int // a healing potion: 2 x ACR, at least 1 (P-66)
	triage   int // floor(ACR/2), at least 1 (P-47)
	omStatic int // everything in OM that does not change in a battle
	dvStatic int
	plainOM  int // the plain path's sums (plain.go)
	plainDV  int
	bloodied int
	s        state
}

// state is what changes during a battle.
type state struct {
	hp                   int
	fort, engines        int
	status               Status
	tactic               Tactic
	strategy             Strategy
	potions              int8
	frNextT              int8
	skipNext, frNext     bool
	frUsed, dirtyUsed    bool
	triageUsed, holdUsed bool
	routChecked          bool
	tauntOK              [MaxArmies]uint8
	fate                 Fate
	p                    phase
}

// phase is what lasts one phase; fight clears it at the start of each.
type phase struct {
	dmg, heal, lost      int
	target, frTarget     int8
	skipNow, frNow       bool
	leaving, rangedTreat bool
	routing, withdrawing bool
	dirtyNow, triageNow  bool
	beat, tauntedBy      uint16
}

// acc sums modifiers and, when rec is set (logging), itemises them.
type acc struct {
	sum int
	rec bool
	l   ModList
}

func (x *acc) reset(rec bool) { x.sum, x.rec, x.l.N = 0, rec, 0 }

func (x *acc) add(k ModKind, ref uint8, v int) {
	if v == 0 {
		return
	}
	x.sum += v
	if x.rec && x.l.N < MaxMods {
		x.l.M[x.l.N] = Mod{Kind: k, Ref: ref, Value: int16(v)}
		x.l.N++
	}
}

// Battle is the mass-combat engine (P-12..P-66): no I/O; every roll through a dice.Source, every
// choice through a Chooser, every line of the log through an optional callback. A Battle is reused:
// Reset sets it up, each Run fights the battle again from the start (continuing the dice), without
// allocating.
type Battle struct {
	opt    Options
	field  Field
	n      int
	u      [MaxArmies]unit
	src    dice.Source
	fast   *dice.Seeded
	ch     Chooser
	log    func(*Event)
	ev     Event
	xa, xb acc

	phase   Phase
	phaseNo int
	meleeNo int
	max     int
	engines bool   // some army has siege engines
	plain   bool   // the setup allows the plain path (plain.go)
	noPlain bool   // tests: never take the plain path
	active  [2]int // armies of each side still on the field
	over    bool
	res     Result
	err     error
}

// New returns a Battle set up by Reset.
func New(s *Setup, src dice.Source, ch Chooser) (*Battle, error) {
	b := new(Battle)
	if err := b.Reset(s, src, ch); err != nil {
		return nil, err
	}
	return b, nil
}

// Reset sets the battle up: armies, field, options, the dice and the chooser (nil: the default Policy).
// A *dice.Seeded source is called directly, not through the interface. It returns an error wrapping
// ErrSetup when the setup is unusable.
func (b *Battle) Reset(s *Setup, src dice.Source, ch Chooser) error {
	n := len(s.Armies)
	if src == nil {
		return fmt.Errorf("%w: no dice source", ErrSetup)
	}
	if n < 2 || n > MaxArmies {
		return fmt.Errorf("%w: %d armies (2..%d)", ErrSetup, n, MaxArmies)
	}
	var sides [2]int
	for i := range s.Armies {
		c := &s.Armies[i]
		st := &c.Stats
		switch {
		case c.Side != SideA && c.Side != SideB:
			return fmt.Errorf("%w: army %d: side %d is not A or B", ErrSetup, i, c.Side)
		case !st.ACR.Valid():
			return fmt.Errorf("%w: army %d: acr %s is not on the ladder (derive the stats first)", ErrSetup, i, st.ACR)
		case st.HP < 1:
			return fmt.Errorf("%w: army %d: full hp %d", ErrSetup, i, st.HP)
		case c.HP < 0 || c.HP > st.HP:
			return fmt.Errorf("%w: army %d: hp %d outside 0..%d", ErrSetup, i, c.HP, st.HP)
		case c.Fortification < 0:
			return fmt.Errorf("%w: army %d: fortification %d", ErrSetup, i, c.Fortification)
		}
		sides[c.Side]++
	}
	if sides[0] == 0 || sides[1] == 0 {
		return fmt.Errorf("%w: each side needs an army", ErrSetup)
	}
	b.opt, b.field, b.n = s.Options, s.Field, n
	b.max = b.opt.maxPhases()
	b.src = src
	b.fast, _ = src.(*dice.Seeded)
	b.engines = false
	switch ch.(type) {
	case Policy, *Policy:
		ch = nil // the built-in policy runs without interface calls
	}
	b.ch = ch
	for i := range s.Armies {
		c := &s.Armies[i]
		u := &b.u[i]
		*u = unit{st: c.Stats, side: c.Side, maxHP: c.Stats.HP, startHP: c.HP, fort0: c.Fortification,
			ruling: c.Ruling, adv: c.BattlefieldAdvantage, terrain: c.AdvantageousTerrain,
			ambusher: c.Ambusher, routed0: c.Routed}
		if u.startHP == 0 {
			u.startHP = u.maxHP
		}
		u.num, u.den = c.Stats.ACR.Frac()
		b.engines = b.engines || c.Stats.SiegeEngines > 0
		u.acrBonus = b.opt.acrBonus(c.Stats.ACR)
		if c.Stats.CommanderPresent {
			u.boons = c.Stats.Boons
			u.lead = c.Stats.Leadership
		}
		if !c.Stats.Darkvision {
			switch {
			case b.field.Darkness:
				u.condOM, u.condDV = -2, -3
			case b.field.DimLight:
				u.condOM = -1
			}
		}
		u.heal2 = max(1, 2*u.num/u.den)
		u.triage = max(1, u.num/(2*u.den))
		u.omStatic = c.Stats.OM - c.Stats.Parts.Siege + u.ruling + u.condOM
		u.dvStatic = c.Stats.DV + u.ruling + u.condDV
		if u.adv {
			u.omStatic += 2
			u.dvStatic += 2
		}
		if u.terrain {
			u.dvStatic += 2
		}
	}
	b.setupPlain()
	return nil
}

// SetLog sets the log callback; nil turns logging off (the fast path). The Event passed is reused.
func (b *Battle) SetLog(fn func(*Event)) { b.log = fn }

// Len is the number of armies.
func (b *Battle) Len() int { return b.n }

// Options returns the rule options in use.
func (b *Battle) Options() Options { return b.opt }

// Phase is the current phase.
func (b *Battle) Phase() Phase { return b.phase }

// PhaseNo counts the Ranged and Melee Phases so far (0 in the Tactics Phase).
func (b *Battle) PhaseNo() int { return b.phaseNo }

// MeleeNo counts the Melee Phases so far.
func (b *Battle) MeleeNo() int { return b.meleeNo }

// SideOf is army i's side.
func (b *Battle) SideOf(i int) Side { return b.u[i].side }

// Stats returns army i's statistics (read only).
func (b *Battle) Stats(i int) *Stats { return &b.u[i].st }

// Allowed is the set of tactics army i may choose (P-22; only Withdraw for a routed army under
// Options.RoutedAttacked = Seed, P-60).
func (b *Battle) Allowed(i int) TacticSet {
	u := &b.u[i]
	if u.routed0 && b.opt.RoutedAttacked == Seed {
		return TacticSet(0).With(TacWithdraw)
	}
	return u.st.Tactics
}

// State returns army i's state.
func (b *Battle) State(i int) ArmyState {
	u := &b.u[i]
	s := &u.s
	return ArmyState{Status: s.status, HP: s.hp, Tactic: s.tactic, Strategy: s.strategy,
		Target: int(s.p.target), Fortification: s.fort, SiegeEngines: s.engines, Potions: int(s.potions),
		Skip: s.p.skipNow, Withdrawing: s.p.withdrawing, Leaving: s.p.leaving, Routed: u.routed0, Fate: s.fate,
		Penalty: u.penalty()}
}

func (u *unit) penalty() KingdomPenalty {
	if u.s.status != StatusDestroyed {
		return KingdomPenalty{}
	}
	return u.st.Size.Penalty()
}

// CanAttack reports whether army i may make an offense check against army j now (P-21, P-25, P-48):
// j is an enemy still on the field, not leaving after beating i's withdrawal check, and where the
// exchange is at range i has ranged attacks.
func (b *Battle) CanAttack(i, j int) bool {
	if i < 0 || j < 0 || i >= b.n || j >= b.n {
		return false
	}
	return b.canAttack(i, j)
}

func (b *Battle) canAttack(i, j int) bool {
	ui, uj := &b.u[i], &b.u[j]
	if uj.s.status != StatusActive || uj.side == ui.side || uj.s.p.routing {
		return false
	}
	if uj.s.p.leaving && uj.s.p.beat&(1<<i) != 0 {
		return false
	}
	return ui.st.Ranged || !b.atRange(i, j)
}

// atRange reports whether an exchange between i and j is a ranged one: a Ranged Phase, or a Melee
// Phase that a withdrawing army treats as ranged against the armies it beat (P-25).
func (b *Battle) atRange(i, j int) bool {
	if b.phase == PhaseRanged {
		return true
	}
	if b.phase != PhaseMelee {
		return false
	}
	ui, uj := &b.u[i], &b.u[j]
	return ui.s.p.rangedTreat || (uj.s.p.rangedTreat && uj.s.p.beat&(1<<i) != 0)
}

func (b *Battle) anyTarget(i int) bool {
	for j := 0; j < b.n; j++ {
		if b.canAttack(i, j) {
			return true
		}
	}
	return false
}

// d rolls one die, straight to the generator for a *dice.Seeded.
func (b *Battle) d(sides int) int {
	if b.fast != nil {
		return b.fast.Roll(sides)
	}
	v := b.src.Roll(sides)
	if v < 1 || v > sides {
		if b.err == nil {
			b.err = fmt.Errorf("%w: d%d gave %d", ErrDice, sides, v)
		}
		v = min(max(v, 1), sides)
	}
	return v
}

func (b *Battle) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

// emit fills the common fields and calls the log. Callers check b.log first.
func (b *Battle) emit(k EventKind, army, other int) *Event {
	e := &b.ev
	*e = Event{Kind: k, Phase: b.phase, PhaseNo: b.phaseNo, Army: army, Other: other, Side: NoSide}
	return e
}

func (b *Battle) send() { b.log(&b.ev) }

func (c *Roll) set(die int, x *acc, dc int) {
	c.Die, c.Mods, c.Total, c.DC = die, x.l, die+x.sum, dc
}

// Run fights the battle from the start (P-15): the Tactics Phase, Ranged Phases, then Melee Phases
// until one side has no army left on the field, or Options.MaxPhases. It returns the result and the
// first error: a chooser's invalid answer (ErrChoice) or a die face out of range (ErrDice).
func (b *Battle) Run() (Result, error) {
	b.restart()
	b.tacticsPhase()
	ranged := true
	for b.err == nil && !b.over {
		if b.phaseNo >= b.max {
			b.res.Limit = true
			break
		}
		b.phaseNo++
		if ranged {
			b.phase = PhaseRanged
		} else {
			b.phase = PhaseMelee
			b.meleeNo++
		}
		if b.plain && b.ch == nil && b.log == nil && !b.noPlain {
			b.fightPlain()
		} else {
			b.fight()
		}
		if b.end() {
			break
		}
		if ranged {
			ranged = b.stay()
		}
	}
	b.res.Phases, b.res.Melee = b.phaseNo, b.meleeNo
	if b.log != nil && b.err == nil {
		b.emit(EvEnd, -1, -1).Side = b.res.Winner
		b.send()
	}
	return b.res, b.err
}

func (b *Battle) restart() {
	b.phase, b.phaseNo, b.meleeNo, b.over, b.err = PhaseNone, 0, 0, false, nil
	b.res = Result{Winner: NoSide}
	b.active = [2]int{}
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		b.active[u.side]++
		u.s = state{hp: u.startHP, fort: u.fort0, engines: u.st.SiegeEngines, frNextT: -1,
			p: phase{target: -1, frTarget: -1}}
		if u.st.HealingPotions {
			u.s.potions = 2
		}
	}
}

// end checks whether one side has no army left on the field (P-61).
func (b *Battle) end() bool {
	a, c := b.active[0], b.active[1]
	switch {
	case a > 0 && c > 0:
		return false
	case a > 0:
		b.res.Winner = SideA
	case c > 0:
		b.res.Winner = SideB
	}
	b.over = true
	return true
}

// stay decides whether another Ranged Phase follows (P-49).
func (b *Battle) stay() bool {
	if b.opt.StayAtRange == StayNever {
		return false
	}
	for i := 0; i < b.n; i++ {
		if u := &b.u[i]; u.s.status == StatusActive && !u.st.Ranged {
			return false
		}
	}
	for i := 0; i < b.n; i++ {
		if b.u[i].s.status == StatusActive && !b.decide(i, AskStayAtRange, -1) {
			return false
		}
	}
	return true
}

// tacticsPhase is P-22 with ambushes (P-65) and routed armies (P-60).
func (b *Battle) tacticsPhase() {
	b.phase = PhaseTactics
	if b.log != nil {
		b.emit(EvPhase, -1, -1)
		b.send()
	}
	var skip uint16
	for i := 0; i < b.n; i++ {
		if !b.u[i].ambusher || !b.anyTarget(i) {
			continue
		}
		t := b.chooseTarget(i)
		if t < 0 {
			continue
		}
		x, y := &b.xa, &b.xb
		x.reset(b.log != nil)
		y.reset(b.log != nil)
		b.omMods(i, t, false, false, x)
		b.dvMods(t, i, false, y)
		die := b.d(20)
		ok := die+x.sum > y.sum
		if ok {
			skip |= 1 << t
		}
		if b.log != nil {
			e := b.emit(EvAmbush, i, t)
			e.Roll.set(die, x, 0)
			e.Against.set(0, y, 0)
			e.OK = ok
			b.send()
		}
	}
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		var t Tactic
		switch {
		case u.routed0 && b.opt.RoutedAttacked == Seed:
			t = TacWithdraw
		case skip&(1<<i) != 0:
			t = TacStandard
		default:
			t = b.chooseTactic(i)
			if !u.st.Tactics.Has(t) {
				b.fail(fmt.Errorf("%w: army %d cannot use tactic %s", ErrChoice, i, t))
				return
			}
		}
		u.s.tactic = t
		if b.log != nil {
			e := b.emit(EvTactic, i, -1)
			e.Tactic, e.FromTactic, e.OK = t, TacStandard, true
			b.send()
		}
	}
}

// fight runs one Ranged or Melee Phase (the outline at the end of RULES.md Part P). Steps that no
// army can need this phase are skipped.
func (b *Battle) fight() {
	melee := b.phase == PhaseMelee
	if b.log != nil {
		b.emit(EvPhase, -1, -1)
		b.send()
	}
	for i := 0; i < b.n; i++ {
		s := &b.u[i].s
		s.p = phase{target: -1, skipNow: s.skipNext, frNow: s.frNext, frTarget: s.frNextT}
		s.skipNext, s.frNext, s.frNextT = false, false, -1
	}
	// The default policy never changes a tactic after the Tactics Phase, and picks Standard strategy in
	// the first Melee Phase only.
	if b.ch != nil {
		for i := 0; i < b.n && b.err == nil; i++ {
			if b.u[i].s.status == StatusActive {
				b.changeTactic(i)
			}
		}
	}
	if melee && (b.ch != nil || b.meleeNo == 1) {
		for i := 0; i < b.n && b.err == nil; i++ {
			if b.u[i].s.status == StatusActive {
				b.changeStrategy(i)
			}
		}
	}
	var inUse TacticSet
	for i := 0; i < b.n; i++ {
		if s := &b.u[i].s; s.status == StatusActive {
			inUse |= 1 << s.tactic
		}
	}
	if inUse.Has(TacTaunt) {
		b.taunts()
	}
	if inUse.Has(TacWithdraw) {
		for i := 0; i < b.n && b.err == nil; i++ {
			if s := &b.u[i].s; s.status == StatusActive && s.tactic == TacWithdraw {
				b.withdraw(i)
			}
		}
	}
	for i := 0; i < b.n && b.err == nil; i++ {
		if b.u[i].s.status == StatusActive {
			b.act(i, melee)
		}
	}
	if b.err != nil {
		return
	}
	if melee && b.engines {
		b.siegeEngines()
	}
	for i := 0; i < b.n; i++ {
		if s := &b.u[i].s; s.status == StatusActive && s.p.target >= 0 {
			b.attack(i)
		}
	}
	if b.field.Sandstorm {
		for i := 0; i < b.n; i++ {
			if s := &b.u[i].s; s.status == StatusActive {
				s.p.dmg++
			}
		}
	}
	b.resolve()
}

// changeTactic is P-23: the chooser may pick another tactic; Withdraw is free, others need a DC 15
// morale check (+ Flexible Tactics, P-41).
func (b *Battle) changeTactic(i int) {
	u := &b.u[i]
	if u.routed0 && b.opt.RoutedAttacked == Seed {
		return
	}
	t := b.chooseTactic(i)
	from := u.s.tactic
	if b.err != nil || t == from {
		return
	}
	if !u.st.Tactics.Has(t) {
		b.fail(fmt.Errorf("%w: army %d cannot use tactic %s", ErrChoice, i, t))
		return
	}
	if t == TacWithdraw {
		u.s.tactic = t
		if b.log != nil {
			e := b.emit(EvTactic, i, -1)
			e.Tactic, e.FromTactic, e.OK = t, from, true
			b.send()
		}
		return
	}
	x := &b.xa
	x.reset(b.log != nil)
	b.moraleMods(i, x)
	if u.boons.Has(BoonFlexibleTactics) {
		v := 5
		if u.lead >= 12 {
			v = 10
		}
		x.add(ModBoon, uint8(BoonFlexibleTactics), v)
	}
	die := b.d(20)
	ok := die+x.sum >= 15
	if ok {
		u.s.tactic = t
	}
	if b.log != nil {
		e := b.emit(EvTactic, i, -1)
		e.Tactic, e.FromTactic, e.OK = t, from, ok
		e.Roll.set(die, x, 15)
		b.send()
	}
}

// changeStrategy is P-52: any rung in the army's first Melee Phase, then one rung freely, more with a
// DC 20 morale check.
func (b *Battle) changeStrategy(i int) {
	u := &b.u[i]
	st := b.chooseStrategy(i)
	from := u.s.strategy
	if b.err != nil || st == from {
		return
	}
	if !st.Valid() {
		b.fail(fmt.Errorf("%w: army %d: strategy %s", ErrChoice, i, st))
		return
	}
	d := int(st) - int(from)
	if from == StratNone || d == 1 || d == -1 {
		u.s.strategy = st
		if b.log != nil {
			e := b.emit(EvStrategy, i, -1)
			e.Strategy, e.FromStrategy, e.OK = st, from, true
			b.send()
		}
		return
	}
	x := &b.xa
	x.reset(b.log != nil)
	b.moraleMods(i, x)
	die := b.d(20)
	ok := die+x.sum >= 20
	if ok {
		u.s.strategy = st
	}
	if b.log != nil {
		e := b.emit(EvStrategy, i, -1)
		e.Strategy, e.FromStrategy, e.OK = st, from, ok
		e.Roll.set(die, x, 20)
		b.send()
	}
}

// taunts is P-35: each enemy of a taunting army checks DC 10 + the taunter's ACR, until it has
// succeeded twice.
func (b *Battle) taunts() {
	for t := 0; t < b.n; t++ {
		ut := &b.u[t]
		if ut.s.status != StatusActive || ut.s.tactic != TacTaunt {
			continue
		}
		dc := 10 + ut.acrBonus
		for e := 0; e < b.n; e++ {
			ue := &b.u[e]
			if ue.s.status != StatusActive || ue.side == ut.side || ue.s.tauntOK[t] >= 2 {
				continue
			}
			x := &b.xa
			x.reset(b.log != nil)
			b.moraleMods(e, x)
			die := b.d(20)
			ok := die+x.sum >= dc
			if ok {
				ue.s.tauntOK[t]++
			} else {
				ue.s.p.tauntedBy |= 1 << t
			}
			if b.log != nil {
				ev := b.emit(EvTaunt, e, t)
				ev.Roll.set(die, x, dc)
				ev.OK = ok
				b.send()
			}
		}
	}
}

// withdraw is P-25: opposed morale checks against the enemy armies (Options.Withdraw); having won
// any, the army leaves at the end of the phase or treats the phase as a Ranged Phase.
func (b *Battle) withdraw(w int) {
	uw := &b.u[w]
	var enemies uint16
	for e := 0; e < b.n; e++ {
		if ue := &b.u[e]; ue.s.status == StatusActive && ue.side != uw.side {
			enemies |= 1 << e
		}
	}
	var beat uint16
	if b.opt.Withdraw == WithdrawSingle {
		best, bestMod := -1, 0
		for e := 0; e < b.n; e++ {
			if enemies&(1<<e) == 0 || !b.decide(e, AskOppose, w) {
				continue
			}
			x := &b.xb
			x.reset(false)
			b.opposeMods(e, x)
			if best < 0 || x.sum > bestMod {
				best, bestMod = e, x.sum
			}
		}
		if best < 0 || b.opposed(w, best) {
			beat = enemies
		}
	} else {
		for e := 0; e < b.n; e++ {
			if enemies&(1<<e) == 0 {
				continue
			}
			if !b.decide(e, AskOppose, w) {
				beat |= 1 << e
				if b.log != nil {
					b.emit(EvWithdraw, w, e).OK = true
					b.send()
				}
				continue
			}
			if b.opposed(w, e) {
				beat |= 1 << e
			}
		}
	}
	if b.err != nil || beat == 0 {
		return
	}
	uw.s.p.beat, uw.s.p.withdrawing = beat, true
	leave := b.decide(w, AskLeave, -1)
	if leave {
		uw.s.p.leaving = true
	} else if b.phase == PhaseMelee {
		uw.s.p.rangedTreat = true
	}
	if b.log != nil {
		b.emit(EvLeave, w, -1).OK = leave
		b.send()
	}
}

// opposeMods are the modifiers of an army's check against a withdrawal (P-8, P-45).
func (b *Battle) opposeMods(e int, x *acc) {
	b.moraleMods(e, x)
	if b.u[e].boons.Has(BoonMerciless) {
		x.add(ModBoon, uint8(BoonMerciless), 1)
	}
}

// opposed is one opposed morale check of withdrawing army w against army e (P-25): the higher total
// wins; on a tie the higher modifier, then a reroll (at most 100 times; then w loses).
func (b *Battle) opposed(w, e int) bool {
	uw := &b.u[w]
	for try := 0; try < 100 && b.err == nil; try++ {
		x, y := &b.xa, &b.xb
		x.reset(b.log != nil)
		y.reset(b.log != nil)
		b.moraleMods(w, x)
		if b.field.Fog || b.field.Sandstorm {
			x.add(ModFog, 0, 2)
		}
		if uw.boons.Has(BoonHitAndRun) && (b.phase == PhaseRanged || b.meleeNo == 1) {
			v := 2
			if uw.lead >= 10 {
				v = 4
			}
			x.add(ModBoon, uint8(BoonHitAndRun), v)
		}
		b.opposeMods(e, y)
		dw := b.d(20)
		de := b.d(20)
		tw, te := dw+x.sum, de+y.sum
		won, done := tw > te, tw != te
		if !done && x.sum != y.sum {
			won, done = x.sum > y.sum, true
		}
		if b.log != nil {
			ev := b.emit(EvWithdraw, w, e)
			ev.Roll.set(dw, x, 0)
			ev.Against.set(de, y, 0)
			ev.OK = won
			b.send()
		}
		if done {
			return won
		}
	}
	return false
}

// act decides what army i does this phase: drink a potion (P-66), feign retreat (P-31), skip after a
// natural 1 (P-20), or pick a target (P-21) with Dirty Fighters (P-29) and Triage (P-47).
func (b *Battle) act(i int, melee bool) {
	u := &b.u[i]
	s := &u.s
	if s.potions > 0 && b.decide(i, AskPotion, -1) {
		s.potions--
		s.p.heal += u.heal2
		if b.log != nil {
			b.emit(EvPotion, i, -1).Heal = u.heal2
			b.send()
		}
		return
	}
	if melee && s.tactic == TacFalseRetreat && !s.frUsed {
		s.frUsed, s.frNext = true, true
		if b.opt.FalseRetreat == Std && b.anyTarget(i) {
			s.frNextT = int8(b.chooseTarget(i))
		}
		if b.log != nil {
			b.emit(EvFalseRetreat, i, int(s.frNextT))
			b.send()
		}
		return
	}
	if s.p.skipNow {
		if b.log != nil {
			b.emit(EvSkip, i, -1)
			b.send()
		}
		return
	}
	if melee && s.p.leaving {
		return
	}
	var t int
	if b.ch == nil {
		t = policyTarget(b, i)
	} else if b.anyTarget(i) {
		t = b.chooseTarget(i)
	} else {
		return
	}
	if t < 0 || b.err != nil {
		return
	}
	s.p.target = int8(t)
	if melee && s.tactic == TacDirtyFighters {
		if b.opt.DirtyFighters == Seed {
			s.p.dirtyNow = b.meleeNo == 1
		} else if !s.dirtyUsed && b.decide(i, AskDirtyFighters, t) {
			s.p.dirtyNow, s.dirtyUsed = true, true
		}
	}
	if u.boons.Has(BoonTriage) && !s.triageUsed && b.decide(i, AskTriage, t) {
		s.triageUsed, s.p.triageNow = true, true
		s.p.heal += u.triage
		if b.log != nil {
			b.emit(EvTriage, i, -1).Heal = u.triage
			b.send()
		}
	}
}

// siegeEngines is P-66: each Melee Phase an army's siege engines cut its target's fortification by
// 1d4 each.
func (b *Battle) siegeEngines() {
	for i := 0; i < b.n; i++ {
		s := &b.u[i].s
		if s.status != StatusActive || s.p.target < 0 || s.engines <= 0 {
			continue
		}
		ts := &b.u[s.p.target].s
		if ts.fort <= 0 {
			continue
		}
		cut := 0
		for k := 0; k < s.engines; k++ {
			cut += b.d(4)
		}
		ts.fort = max(0, ts.fort-cut)
		if b.log != nil {
			e := b.emit(EvFortification, i, int(s.p.target))
			e.Damage, e.HP = cut, ts.fort
			b.send()
		}
	}
}

// attack makes army i's offense check against its target, and Siegebreaker's second check (P-33).
func (b *Battle) attack(i int) {
	u := &b.u[i]
	t := int(u.s.p.target)
	melee := !b.atRange(i, t)
	dmg := b.offense(i, t, melee, false)
	ut := &b.u[t]
	if dmg <= 0 || u.s.tactic != TacSiegebreaker || ut.s.engines-ut.s.p.lost <= 0 {
		return
	}
	// The modifiers of the first check still stand in b.xa and b.xb.
	die := b.d(20)
	total := die + b.xa.sum
	ok := die == 20 || total > b.xb.sum || (b.opt.Siegebreaker == SiegeMeetDV && total == b.xb.sum)
	if die == 1 {
		u.s.skipNext = true
	}
	if ok {
		ut.s.p.lost++
	}
	if b.log != nil {
		e := b.emit(EvSiegebreaker, i, t)
		e.Roll.set(die, &b.xa, 0)
		e.Against.set(0, &b.xb, 0)
		e.OK = ok
		if die == 20 || die == 1 {
			e.Natural = die
		}
		b.send()
	}
}

// offense is one offense check of army a against army t (P-17..P-20, P-53, P-65, P-36), adding the
// damage to t's pending damage. melee says whether strategy applies; parting marks a parting shot.
// It leaves the modifiers in b.xa (offense) and b.xb (DV).
func (b *Battle) offense(a, t int, melee, parting bool) int {
	ua, ut := &b.u[a], &b.u[t]
	x, y := &b.xa, &b.xb
	rec := b.log != nil
	x.reset(rec)
	y.reset(rec)
	b.omMods(a, t, melee, parting, x)
	b.dvMods(t, a, melee, y)
	die := b.d(20)
	total := die + x.sum
	sd := 0
	if melee {
		if b.opt.StrategyDamage == DamageTaken {
			sd = int(strategyInfo[ut.s.strategy].dmg)
		} else {
			sd = int(strategyInfo[ua.s.strategy].dmg)
		}
	}
	dmg := 0
	if total > y.sum || b.opt.Miss == MissStrategyDamage {
		dmg = max(0, total-y.sum+sd)
	}
	if die == 20 && dmg < 1 {
		dmg = 1 // P-19
	}
	if dmg > 0 && !parting && b.phase == PhaseMelee && ua.s.tactic == TacSniperSupport && ua.st.Ranged {
		dmg += 2 // P-36
	}
	if dmg > 0 && (b.field.Fog || b.field.Sandstorm) {
		dmg = max(1, dmg/2) // P-65, P-4
	}
	if die == 1 {
		ua.s.skipNext = true // P-20
	}
	ut.s.p.dmg += dmg
	if rec {
		k := EvOffense
		if parting {
			k = EvPartingShot
		}
		e := b.emit(k, a, t)
		e.Roll.set(die, x, 0)
		e.Against.set(0, y, 0)
		e.Damage = dmg
		e.HP = ut.s.hp
		if die == 20 || die == 1 {
			e.Natural = die
		}
		b.send()
	}
	return dmg
}

// omMods adds army a's offense modifiers against army t (P-17).
func (b *Battle) omMods(a, t int, melee, parting bool, x *acc) {
	u, tu := &b.u[a], &b.u[t]
	s := &u.s
	if x.rec {
		p := &u.st.Parts
		x.add(ModACR, 0, p.ACR)
		x.add(ModWeapons, 0, p.Weapons)
		x.add(ModMounts, 0, p.Mounts)
		x.add(ModAbilities, 0, p.AbilityOM)
		x.add(ModGiven, 0, p.GivenOM)
		x.add(ModRuling, 0, u.ruling)
		if u.adv {
			x.add(ModAdvantage, 0, 2)
		}
		b.addCond(u, x, true)
	} else {
		x.sum += u.omStatic
	}
	if s.engines > 0 {
		x.add(ModSiegeEngines, 0, u.st.Parts.Siege)
	}
	tac := s.tactic
	x.add(ModTactic, uint8(tac), int(tacticInfo[tac].om))
	switch tac {
	case TacCavalryExperts:
		if u.st.Mounted && !tu.st.Mounted {
			x.add(ModTactic, uint8(tac), 2)
		}
	case TacDirtyFighters:
		if s.p.dirtyNow {
			x.add(ModTactic, uint8(tac), 6)
		}
	case TacSpellbreaker:
		if b.opt.Spellbreaker == Seed && tu.st.Spellcasting {
			x.add(ModTactic, uint8(tac), 4)
		}
	}
	if s.p.frNow && (b.opt.FalseRetreat == Seed || int(s.p.frTarget) == t) {
		x.add(ModTactic, uint8(TacFalseRetreat), 6)
	}
	if melee {
		x.add(ModStrategy, uint8(s.strategy), int(strategyInfo[s.strategy].om))
	}
	if u.boons != 0 {
		if u.boons.Has(BoonBloodiedButUnbroken) && 2*s.hp <= u.maxHP {
			v := 1
			if u.lead >= 10 {
				v = 2
			}
			x.add(ModBoon, uint8(BoonBloodiedButUnbroken), v)
		}
		if u.boons.Has(BoonSharpshooter) && u.st.Ranged && tu.s.fort > 0 {
			x.add(ModBoon, uint8(BoonSharpshooter), 2)
		}
		if u.boons.Has(BoonMerciless) && b.merciless(t, parting) {
			x.add(ModBoon, uint8(BoonMerciless), 1)
		}
		if s.p.triageNow {
			x.add(ModBoon, uint8(BoonTriage), -4)
		}
	}
	if s.p.tauntedBy != 0 && (b.opt.Taunt == TauntAgainstAll || s.p.tauntedBy&(1<<t) != 0) {
		x.add(ModTaunted, 0, -2)
	}
}

// merciless reports whether Merciless's OM +1 applies against army t (P-45, Options.Merciless).
func (b *Battle) merciless(t int, parting bool) bool {
	ts := &b.u[t].s
	switch b.opt.Merciless {
	case MercilessWithdrawOnly:
		return ts.tactic == TacWithdraw
	case MercilessLastCheck:
		return parting || ts.p.leaving
	}
	return parting || ts.tactic == TacWithdraw
}

func (b *Battle) addCond(u *unit, x *acc, om bool) {
	if u.condOM == 0 && u.condDV == 0 {
		return
	}
	k := ModDimLight
	if b.field.Darkness {
		k = ModDarkness
	}
	if om {
		x.add(k, 0, u.condOM)
	} else {
		x.add(k, 0, u.condDV)
	}
}

// dvMods adds army t's defense value against army a (P-5, P-53).
func (b *Battle) dvMods(t, a int, melee bool, x *acc) {
	u, au := &b.u[t], &b.u[a]
	s := &u.s
	if x.rec {
		p := &u.st.Parts
		x.add(ModBase, 0, 10)
		x.add(ModACR, 0, p.ACR)
		x.add(ModArmor, 0, p.Armor)
		x.add(ModMounts, 0, p.Mounts)
		x.add(ModAbilities, 0, p.AbilityDV)
		x.add(ModGiven, 0, p.GivenDV)
		x.add(ModRuling, 0, u.ruling)
		if u.terrain {
			x.add(ModTerrain, 0, 2)
		}
		if u.adv {
			x.add(ModAdvantage, 0, 2)
		}
		b.addCond(u, x, false)
	} else {
		x.sum += u.dvStatic
	}
	if s.fort > 0 {
		x.add(ModFortification, 0, s.fort)
	}
	tac := s.tactic
	x.add(ModTactic, uint8(tac), int(tacticInfo[tac].dv))
	if tac == TacSpellbreaker && b.opt.Spellbreaker == Std && au.st.Spellcasting {
		x.add(ModTactic, uint8(tac), 4)
	}
	if s.p.frNow && b.opt.FalseRetreat == Std && int(s.p.frTarget) == a {
		x.add(ModTactic, uint8(TacFalseRetreat), 6)
	}
	if u.boons.Has(BoonDefensiveTactics) {
		x.add(ModBoon, uint8(BoonDefensiveTactics), 2)
	}
	if melee {
		x.add(ModStrategy, uint8(s.strategy), int(strategyInfo[s.strategy].dv))
	}
	if s.p.tauntedBy != 0 && (b.opt.Taunt == TauntAgainstAll || s.p.tauntedBy&(1<<a) != 0) {
		x.add(ModTaunted, 0, -2)
	}
}

// moraleMods adds army i's morale check modifiers (P-8): Morale, commander, Loyalty, abilities and
// the tactic's (Cautious Combat +2, P-26).
func (b *Battle) moraleMods(i int, x *acc) {
	u := &b.u[i]
	if x.rec {
		p := &u.st.Parts
		x.add(ModMorale, 0, u.st.Morale)
		x.add(ModCharisma, 0, p.Charisma)
		x.add(ModSoldier, 0, p.Soldier)
		x.add(ModBoon, uint8(BoonLoyalty), p.Loyalty)
		x.add(ModAbilities, 0, p.AbilityMorale)
	} else {
		x.sum += u.st.MoraleMod
	}
	x.add(ModTactic, uint8(u.s.tactic), int(tacticInfo[u.s.tactic].mo))
}

// resolve applies the phase's damage and healing together (P-16), then, army by army, destruction
// (P-57), withdrawal (P-25) or the rout check (P-55); then parting shots (P-56).
func (b *Battle) resolve() {
	parting, leaving := false, false
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		s := &u.s
		if s.status != StatusActive {
			continue
		}
		s.engines = max(0, s.engines-s.p.lost)
		if s.p.dmg != 0 || s.p.heal != 0 {
			s.hp = min(u.maxHP, s.hp+s.p.heal) - s.p.dmg
			if b.log != nil {
				e := b.emit(EvHP, i, -1)
				e.Damage, e.Heal, e.HP = s.p.dmg, s.p.heal, s.hp
				b.send()
			}
		}
		switch {
		case s.hp <= 0:
			b.destroy(i)
			continue
		case s.p.leaving:
			leaving = true
			parting = parting || b.opt.PartingWhen == PartingRoutsAndWithdraw
			continue
		case !u.st.ACR.covers(s.hp):
			continue
		}
		check := false
		switch b.opt.Rout {
		case RoutEveryPhase:
			check = true
		case RoutOnce:
			check = s.p.dmg > 0 && !s.routChecked
		default:
			check = s.p.dmg > 0
		}
		if check {
			s.routChecked = true
			if b.routs(i) {
				s.p.routing = true
				parting = true
				if b.log != nil {
					b.emit(EvRouted, i, -1)
					b.send()
				}
			}
		}
	}
	if parting {
		b.partingShots()
	}
	if !parting && !leaving {
		return
	}
	for i := 0; i < b.n; i++ {
		s := &b.u[i].s
		switch {
		case s.status != StatusActive:
		case s.p.routing:
			s.status = StatusRouted
			b.active[b.u[i].side]--
		case s.p.leaving:
			s.status = StatusWithdrawn
			b.active[b.u[i].side]--
			if b.log != nil {
				b.emit(EvWithdrawn, i, -1)
				b.send()
			}
		}
	}
}

// routs makes army i's DC 15 rout check, with Hold the Line's reroll (P-43, P-55); true: it routs.
func (b *Battle) routs(i int) bool {
	u := &b.u[i]
	ok := b.routCheck(i, false)
	if !ok && u.boons.Has(BoonHoldTheLine) && (b.opt.HoldTheLine == HoldEveryCheck || !u.s.holdUsed) {
		u.s.holdUsed = true
		ok = b.routCheck(i, true)
	}
	return !ok
}

func (b *Battle) routCheck(i int, reroll bool) bool {
	x := &b.xa
	x.reset(b.log != nil)
	b.moraleMods(i, x)
	die := b.d(20)
	ok := die+x.sum >= 15
	if b.log != nil {
		e := b.emit(EvRoutCheck, i, -1)
		e.Roll.set(die, x, 15)
		e.OK, e.Reroll = ok, reroll
		b.send()
	}
	return ok
}

// partingShots is P-56: every routing army (and, by option, every army leaving by Withdraw) takes one
// offense check from each army still fighting (enemies, or all by option), all at once.
func (b *Battle) partingShots() {
	melee := b.phase == PhaseMelee
	for r := 0; r < b.n; r++ {
		ur := &b.u[r]
		if ur.s.status != StatusActive || !(ur.s.p.routing || ur.s.p.leaving) {
			continue
		}
		if ur.s.p.leaving && b.opt.PartingWhen != PartingRoutsAndWithdraw {
			continue
		}
		ur.s.p.dmg = 0
		for a := 0; a < b.n; a++ {
			ua := &b.u[a]
			if a == r || ua.s.status != StatusActive || ua.s.p.routing || ua.s.p.leaving || ua.s.p.skipNow {
				continue
			}
			if ua.side == ur.side && b.opt.PartingWho != PartingAll {
				continue
			}
			b.offense(a, r, melee, true)
		}
	}
	for r := 0; r < b.n; r++ {
		s := &b.u[r].s
		if s.status != StatusActive || s.p.dmg == 0 || !(s.p.routing || s.p.leaving) {
			continue
		}
		s.hp -= s.p.dmg
		if b.log != nil {
			e := b.emit(EvHP, r, -1)
			e.Damage, e.HP = s.p.dmg, s.hp
			b.send()
		}
		if s.hp <= 0 {
			b.destroy(r)
		}
	}
}

// destroy is P-57 and P-58: the army is destroyed; a present NPC commander's fate is a d100.
func (b *Battle) destroy(i int) {
	u := &b.u[i]
	u.s.status = StatusDestroyed
	b.active[u.side]--
	u.s.fate = FateNone
	if u.st.Commander && u.st.CommanderPresent {
		if u.st.CommanderPC {
			u.s.fate = FatePC
		} else {
			u.s.fate = FateOf(b.d(100))
		}
	}
	if b.log != nil {
		e := b.emit(EvDestroyed, i, -1)
		e.Fate, e.Penalty, e.HP = u.s.fate, u.st.Size.Penalty(), u.s.hp
		b.send()
	}
}
