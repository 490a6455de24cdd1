package pathfinder

import (
	"errors"
	"fmt"
	"strings"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner/dice"
)

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
	Stats pfarmy.Stats
	Side  Side
	// HP at the start of the battle; 0 means full (Stats.HP).
	HP int
	// Routed: in the routed state from an earlier battle (P-59); under Options.RoutedAttacked = Seed it
	// may choose only Withdraw (P-60).
	Routed bool
	// Fortification is the Defense of the fortification or settlement it fights from, added to its DV
	// (P-5, P-65; typically 8). Siege engines cut it (P-66).
	Fortification int
	// FortKind is what the fortification is made of, for the abilities that pass some: "water" (a
	// moat or river: amphibious ignores it, climb cannot climb it), "earth" or "stone" (earth glide
	// ignores it), "city walls" (flight ignores it), "" another (Special Abilities).
	FortKind string
	// AdvantageousTerrain gives DV +2 (P-65).
	AdvantageousTerrain bool
	// BattlefieldAdvantage gives OM +2 and DV +2 (P-65).
	BattlefieldAdvantage bool
	// Ambusher: a fully concealed ambusher. In the Tactics Phase it makes a check (d20 + OM) against
	// the DV of a target it picks; beating it, the target skips the Tactics Phase: Standard (P-65).
	Ambusher bool
	// Ruling is a GM ruling added to both OM and DV, e.g. +4 or -4 after a side battle (P-54).
	Ruling int
	// Drain is energy drain's OM and DV penalty carried from a battle less than 24 hours ago (a
	// hex run: Special Abilities, Energy Drain), >= 0; new drains add to it.
	Drain int
	// Diseased: diseased from an earlier battle (Special Abilities, Disease); mercy may cure it.
	// Disease is the disease's penalty to OM and DV now, >= 0 (a hex run: hexdisease.go).
	Diseased bool
	Disease  int
}

// Setup is a battle to fight: the armies (2..MaxArmies, at least one per side), the field and the
// rule options.
type Setup struct {
	Armies  []Combatant
	Field   Field
	Options pfarmy.Options
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
	Tactic        pfarmy.Tactic
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
	Penalty       pfarmy.KingdomPenalty
	Used          pfarmy.TacticSet // every tactic the army used in the battle
	Diseased      bool             // damaged by an army with disease: -1 OM and DV a day after the battle (Special Abilities)
	Drain         int              // energy drain's OM and DV penalty now, carried drain included (Special Abilities)
}

// Errors Run and Reset return, wrapped with detail.
var (
	ErrSetup  = errors.New("invalid battle setup")
	ErrChoice = errors.New("invalid choice")
	ErrDice   = errors.New("die face out of range")
)

// unit is one army in the engine. The fields the plain path reads every phase come first (its
// state, sums and flags, in few cache lines); the statistics, read mostly in Reset, last.
type unit struct {
	s        state
	plainAtk int // plainOM and plainDV with the tactic's, set after the Tactics Phase (plain.go)
	plainDef int
	bloodied int
	maxHP    int
	num, den int   // ACR
	damage   int   // st.Damage: added to every check that deals damage
	rangedOM int   // weather's penalty in the Ranged Phase (positive); -1: no ranged attacks
	fogMode  uint8 // 0 no fog effect, 1 damage halved, 2 a quarter off (scent, track)
	ranged   bool  // st.Ranged
	side     Side
	boons    pfarmy.BoonSet
	startHP  int
	acrBonus int // P-5 option
	lead     int
	fort0    int
	ruling   int
	condOM   int // darkness / dim light
	condDV   int
	brightOM int // light sensitivity, light blindness
	// Special abilities (abilityfx.go).
	magic                      bool   // its attacks are magical
	seesInvis                  bool   // blindsight or scent
	dyn                        bool   // an ability the plain path does not play
	moraleFx                   bool   // an ability touches some morale checks (moraleAbility)
	fastHeal                   int    // healing each phase (fast healing, regeneration)
	immFear, immBleed, immPara uint16 // armies whose fear, bleed, paralysis do not touch it
	sigDef                     uint16 // armies its significant defense holds against
	adv                        bool
	terrain                    bool
	ambusher                   bool
	routed0                    bool
	drain0                     int8  // energy drain carried in (Combatant.Drain)
	sick0                      bool  // diseased when it came (Combatant.Diseased)
	sick                       int   // disease's OM and DV penalty (Combatant.Disease)
	fortKind                   uint8 // fortKindOf(Combatant.FortKind)
	fogStorm                   uint8 // fogMode under a created sandstorm (create sandstorm)
	heal2                      int   // a healing potion: 2 x ACR, at least 1 (P-66)
	triage                     int   // floor(ACR/2), at least 1 (P-47)
	omStatic                   int   // everything in OM that does not change in a battle
	dvStatic                   int
	plainOM                    int // the plain path's sums (plain.go)
	plainDV                    int
	st                         pfarmy.Stats
}

// covers reports whether hp is at most the army's ACR (P-55), as CR.covers.
func (u *unit) covers(hp int) bool { return hp*u.den <= u.num }

// state is what changes during a battle.
type state struct {
	hp                   int
	fort, engines        int
	status               Status
	tactic               pfarmy.Tactic
	strategy             Strategy
	potions              int8
	frNextT              int8
	skipNext, frNext     bool
	frUsed, dirtyUsed    bool
	triageUsed, holdUsed bool
	routChecked          bool
	tauntOK              [pfarmy.MaxArmies]uint8
	fate                 Fate
	// Special abilities (abilityfx.go).
	fearNext, grabbed    bool // afraid next phase (fear); grabbed this battle (grab)
	raging, rageUsed     bool
	smiteUsed, ferocious bool
	bleed, paraDV        int8             // d6s of bleed next phase; paralysis DV penalty
	ferocEnd             Status           // ferocity: what the army will be when its extra phase ends
	ferocAt              int16            // ferocity: the phase it began (MaxPhases <= 10000)
	used                 pfarmy.TacticSet // every tactic it used this battle
	// Issue 24's abilities (abilityonce.go, abilityfield.go).
	once             onceUsed // once-a-battle abilities used
	challenged       int8     // challenge: the army challenged, -1 none
	style            int8     // combat style: 1 ranged, 2 melee, 0 not yet
	drain, poison    int8     // energy drain's OM and DV penalty; poison dice among bleed's
	under            uint16   // armies whose fortification it burrowed under
	diseased, shaped bool     // diseased (disease); in wild shape
	elixir           bool     // alchemy's potion not drunk yet
	inspires         int8     // inspire courage given to this ally, -1 kept (abilityally.go)
	inspiredBy       uint16   // armies that gave it their inspire courage
	bondTo           int8     // hunter's bond's companions given to this ally, -1 kept
	bondedBy         uint16   // armies that gave it their companions' OM +1
	p                phase
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
	afraid, tripped      bool   // no offense check this phase (fear); DV -1 this phase (trip)
	aloft, smiteNow      bool   // holds aloft this Melee Phase (flight); smites its target (smite evil)
	feared               uint16 // fear armies that damaged it this phase
	burrowing            bool   // digs this phase (burrow): no attack; only burrowers reach it
	wsNow                bool   // weapon specialization's +2 on this phase's check
	judg                 uint8  // judgment's choice this phase (judgDamage ...), 0 none
	chanNow              bool   // channel energy heals this phase (channelHeal)
	caught               bool   // caught disease on the check just made (onDamage24): its row follows
}

// acc sums modifiers and, when rec is set (logging), itemises them.
type acc struct {
	sum int
	rec bool
	l   ModList
}

func (x *acc) reset(rec bool) { x.sum, x.rec, x.l.N = 0, rec, 0 }

// to itemises the step that brings the sum to v (a floor, a halving), if it moves it.
func (x *acc) to(k ModKind, ref uint8, v int) { x.add(k, ref, v-x.sum) }

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
	opt    pfarmy.Options
	field  Field
	n      int
	u      [pfarmy.MaxArmies]unit
	src    dice.Source
	fast   *dice.Seeded
	ch     Chooser
	log    func(*Event)
	ev     Event
	xa, xb acc
	xd     acc // an offense check's damage, itemised (offense, damageBy)

	phase    Phase
	phaseNo  int
	meleeNo  int
	max      int
	engines  bool // some army has siege engines
	dyn      bool // some army has an ability the plain path does not play
	hnr      bool // some army's commander has Hit and Run
	plainTac int8 // 0 not yet known, 1 the Tactics Phase's picks keep the plain path, 2 they do not
	plain    bool // the setup allows the plain path (plain.go)
	noPlain  bool // tests: never take the plain path
	plainOn  bool // this battle takes the plain path now (Run, plain.go)
	std      bool // ch == nil plays Standard, not the Policy
	// The Policy's estimates (gm.go): the Tactics Phase picks (made once a Reset), and per army the
	// expected damage (x 20) it deals its likeliest target and takes from its worst enemy.
	gmPicked, gmStale bool
	gmPick            [pfarmy.MaxArmies]pfarmy.Tactic
	gmDealt, gmTaken  [pfarmy.MaxArmies]int
	gmAim             [pfarmy.MaxArmies]int8
	gmAt              Phase // the phase the estimates were made in
	gmVolatile        bool  // the estimates change from phase to phase: more than two armies, or abilities
	// gmPlain keeps the plain path's estimates, at range [0] and in melee [1]: with the Tactics
	// Phase's picks kept, they are the same in every Run of a Reset.
	gmPlain [2]struct {
		ok           bool
		dealt, taken [2]int
		aim          [2]int8
	}
	estimating bool   // omMods leaves out what changes with hp (Bloodied but Unbroken)
	active     [2]int // armies of each side still on the field
	over       bool
	sand       bool // an army created a sandstorm (create sandstorm)
	res        Result
	err        error
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
	if n < 2 || n > pfarmy.MaxArmies {
		return fmt.Errorf("%w: %d armies (2..%d)", ErrSetup, n, pfarmy.MaxArmies)
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
		case c.Drain < 0 || c.Disease < 0:
			return fmt.Errorf("%w: army %d: energy drain %d, disease %d (each >= 0)", ErrSetup, i, c.Drain, c.Disease)
		case c.FortKind != "" && fortKindOf(c.FortKind) == fortOther:
			return fmt.Errorf("%w: army %d: fortification kind %q (%s)", ErrSetup, i, c.FortKind, strings.Join(FortKinds, ", "))
		}
		sides[c.Side]++
	}
	if sides[0] == 0 || sides[1] == 0 {
		return fmt.Errorf("%w: each side needs an army", ErrSetup)
	}
	b.opt, b.field, b.n = s.Options, s.Field, n
	b.max = b.opt.PhaseLimit()
	b.src = src
	b.fast, _ = src.(*dice.Seeded)
	b.engines = false
	b.std = false
	switch ch.(type) {
	case Policy, *Policy:
		ch = nil // the built-in policies run without interface calls
	case Standard, *Standard:
		ch, b.std = nil, true
	}
	b.ch = ch
	b.gmPicked, b.gmStale, b.plainTac = false, true, 0
	b.gmPlain[0].ok, b.gmPlain[1].ok = false, false
	for i := range s.Armies {
		c := &s.Armies[i]
		u := &b.u[i]
		*u = unit{st: c.Stats, side: c.Side, maxHP: c.Stats.HP, startHP: c.HP, fort0: c.Fortification,
			ruling: c.Ruling, adv: c.BattlefieldAdvantage, terrain: c.AdvantageousTerrain,
			ambusher: c.Ambusher, routed0: c.Routed, fortKind: fortKindOf(c.FortKind),
			drain0: int8(min(c.Drain, 100)), sick0: c.Diseased, sick: c.Disease}
		if u.startHP == 0 {
			u.startHP = u.maxHP
		}
		u.num, u.den = c.Stats.ACR.Frac()
		u.damage, u.ranged = c.Stats.Damage, c.Stats.Ranged
		b.engines = b.engines || c.Stats.SiegeEngines > 0
		u.acrBonus = b.opt.ACRBonus(c.Stats.ACR)
		if c.Stats.CommanderPresent {
			u.boons = c.Stats.Boons
			u.lead = c.Stats.Leadership
		}
		b.setupConditions(u)
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
	b.setupAbilities()
	b.dyn = false
	for i := 0; i < n; i++ {
		b.dyn = b.dyn || b.u[i].dyn
	}
	b.gmVolatile = n > 2 || b.dyn
	b.hnr = false
	for i := 0; i < n; i++ {
		b.hnr = b.hnr || b.u[i].boons.Has(pfarmy.BoonHitAndRun)
	}
	b.setupPlain()
	return nil
}

// SetLog sets the log callback; nil turns logging off (the fast path). The Event passed is reused.
func (b *Battle) SetLog(fn func(*Event)) { b.log = fn }

// Len is the number of armies.
func (b *Battle) Len() int { return b.n }

// Options returns the rule options in use.
func (b *Battle) Options() pfarmy.Options { return b.opt }

// Phase is the current phase.
func (b *Battle) Phase() Phase { return b.phase }

// PhaseNo counts the Ranged and Melee Phases so far (0 in the Tactics Phase).
func (b *Battle) PhaseNo() int { return b.phaseNo }

// MeleeNo counts the Melee Phases so far.
func (b *Battle) MeleeNo() int { return b.meleeNo }

// SideOf is army i's side.
func (b *Battle) SideOf(i int) Side { return b.u[i].side }

// Stats returns army i's statistics (read only).
func (b *Battle) Stats(i int) *pfarmy.Stats { return &b.u[i].st }

// Allowed is the set of tactics army i may choose (P-22; only Withdraw for a routed army under
// Options.RoutedAttacked = Seed, P-60; only Standard for a mindless army; none of Rage's forbidden
// ones while it rages).
func (b *Battle) Allowed(i int) pfarmy.TacticSet {
	u := &b.u[i]
	switch {
	case u.routed0 && b.opt.RoutedAttacked == pfarmy.Seed:
		return pfarmy.TacticSet(0).With(pfarmy.TacWithdraw)
	case u.st.Abil.Has(pfarmy.AbMindless):
		return pfarmy.TacticSet(0).With(pfarmy.TacStandard)
	case u.s.raging:
		var s pfarmy.TacticSet
		for _, t := range u.st.Tactics.List() {
			if !rageForbidden(t) {
				s = s.With(t)
			}
		}
		return s
	}
	return u.st.Tactics
}

// State returns army i's state.
func (b *Battle) State(i int) ArmyState {
	u := &b.u[i]
	s := &u.s
	return ArmyState{Status: s.status, HP: s.hp, Tactic: s.tactic, Strategy: s.strategy,
		Diseased: s.diseased, Target: int(s.p.target), Fortification: s.fort, SiegeEngines: s.engines, Potions: int(s.potions),
		Skip: s.p.skipNow, Withdrawing: s.p.withdrawing, Leaving: s.p.leaving, Routed: u.routed0, Fate: s.fate,
		Penalty: u.penalty(), Used: s.used, Drain: int(s.drain)}
}

func (u *unit) penalty() pfarmy.KingdomPenalty {
	if u.s.status != StatusDestroyed {
		return pfarmy.KingdomPenalty{}
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
	if b.dyn && b.burrowBlocks(i, j) {
		return false // burrow: only burrowers reach a burrowing army
	}
	if !b.atRange(i, j) {
		return true
	}
	return ui.st.Ranged && (b.phase != PhaseRanged || ui.rangedOM >= 0)
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
	if uj.s.p.aloft && !ui.has(pfarmy.AbFlight) {
		return true // flight: only flyers reach it in melee
	}
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
