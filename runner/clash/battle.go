package clash

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Configuration codes of unit.cfg (Option.Value of AskConfig).
const (
	cfgAid = iota
	cfgDefend
	cfgMarch
)

var cfgNames = [3]plan.Config{plan.CfgAid, plan.CfgDefend, plan.CfgMarch}

// Solo states.
const (
	soloUp     = iota // able to act
	soloDying         // 0 hp, making death saves (U-58, U-61)
	soloStable        // 0 hp, stable: cannot act
	soloDead
	soloFled // left the grid (U-32)
)

var soloStateNames = [...]string{"up", "dying", "stable", "dead", "fled"}

type stand struct {
	unit, idx, cr int32
	x, y          int32
	hp, max       int32
	on            bool // on the grid
	cas           bool // a casualty (U-57)
	hidden        bool // U-50, U-80
	dodge         bool // U-84 Dodge (CoreAll): attacks against it have disadvantage
	iso           bool // isolated at the last evaluation (U-81)
	aided         bool // U-48: advantage on melee attack rolls this turn
	martial       bool // martial advantage used this turn
	caster        bool // could cast when its unit's Cast a Spell began (U-39)
	stealth       int32
	hit           uint32 // overflow chain marker
	cond          uint16 // condition bits (condition.go), from Battle.fx
	rose, busy    bool   // this turn: stood up from prone (half speed); its action spent escaping
	reck          bool   // reckless since the start of its last turn (TraitReckless)
	runFrom       int32  // square its move this round started from (a charge, TraitCharge)
	runRound      int32  // the round of runFrom; 0 none
	auraRound     int32  // the round it last saved against an enemy aura on its own turn (aura.go); 0 none
}

type unit struct {
	side      int32
	reg       bool
	cfg       int8 // configuration now (AC, attacks)
	speedCfg  int8 // configuration whose speed this turn uses (U-83)
	first, n  int32
	start     int32 // stands at the start (U-24)
	alive     int32 // stands on the grid
	broken    bool
	cmd       int32 // commanding solo, -1
	prep      int8  // Prepare: ends of this unit's turns it still lasts through (U-14)
	incite    int32 // round whose turn has advantage on attack rolls (U-14), 0 none
	surprised bool
	done      bool // took its turn this round
	init      int32
	initMod   int32
	moraleHit bool // has made its one morale check (MoraleOnce)
	scored    bool // attrition VP given (U-66)
}

type solo struct {
	side, cr  int32
	x, y      int32
	hp, max   int32
	stand     int32 // joined stand, -1
	state     uint8
	ds, df    int8 // death save successes and failures
	hidden    bool
	dodge     bool
	iso       bool
	surprised bool
	done      bool
	init      int32
	initMod   int32
	cmd       int32 // unit it commands, -1
	stealth   int32
	cond      uint16
	rose      bool
	reck      bool
	runFrom   int32
	runRound  int32
	auraRound int32 // as stand.auraRound
}

// Outcome is how a battle ended (U-71..U-75).
type Outcome uint8

// Outcomes.
const (
	Draw     Outcome = iota // U-74
	Tactical                // U-73: a lead of 1 or 2 VP
	Total                   // U-72: a lead of 3 VP or more
)

var outcomeNames = [...]string{"draw", "tactical", "total"}

func (o Outcome) String() string { return outcomeNames[o] }

// EndReason says what ended a battle.
type EndReason uint8

// End reasons.
const (
	EndVP           EndReason = iota // a side reached 10 VP (U-71)
	EndAnnihilation                  // a side had nothing left on the grid (U-75)
	EndNoScoring                     // no objective could score any more (U-75)
	EndMaxRounds                     // Options.MaxRounds (U-75)
)

var endNames = [...]string{"10 VP", "annihilation", "no scoring left", "round limit"}

func (r EndReason) String() string { return endNames[r] }

// Result is the end of a battle.
type Result struct {
	Rounds  int
	VP      [2]int
	Winner  int // 0 or 1; -1 for a draw
	Outcome Outcome
	Reason  EndReason
	// ObjectiveVP is the VP each objective scored, in plan order (U-87).
	ObjectiveVP []int
	// DesertedEvent lists the losing units eliminated by desertion rolls (U-72).
	DesertedEvent []int
}

// Config is what a battle is fought with besides its Setup.
type Config struct {
	Dice    dice.Source // every die roll; nil: a generator seeded with Seed
	Seed    uint64      // seeds the dice (when Dice is nil) and PolicyRandom's generator
	Chooser Chooser     // nil: Policy answers everything, without building options
	Policy  Policy      // the engine policy (and Question.Policy)
	// Sides, when set, gives each side its own policy (side s plays Sides[s]; Policy is then
	// unused): a head-to-head of two policies.
	Sides *[2]Policy
	Rec   Recorder // nil: no events
}

// Battle is one fight of a Setup. Reset prepares it for another run without allocating.
type Battle struct {
	s     *Setup
	o     *clashrules.Options
	w, h  int
	terr  []byte  // terrain, destroyed roads turned rough (U-67)
	step  []uint8 // per square and direction: a one-square walker's step cost (grid.go)
	cls   []uint8 // per square: occupancy class and clsDeep (grid.go)
	st    []stand
	un    []unit
	so    []solo
	occ   []int32  // per square: stand i, len(st)+solo j, or -1
	resAt []int32  // per square: resource square index or -1
	rhp   []int32  // resource squares' hp
	uses  []int16  // spell uses left
	fx    []effect // effects on stands and solos, in the order they began (condition.go)
	zones []zone   // spells' difficult ground, in the order laid (ground.go)
	snare []uint8  // per square: how many zones make it difficult
	vp    [2]int
	objVP []int
	objOK []bool // custom objective scored (once)
	order []int32
	round int
	extra bool // U-74: the extra round of a tie is being played
	over  bool
	res   Result

	dice   dice.Source
	seeded *dice.Seeded
	rng    *dice.Seeded
	ch     Chooser
	pol    [2]Policy // per side
	rec    Recorder
	err    error

	turnUnit, turnSolo int32 // whose turn it is (-1 none)
	hitSeq             uint32

	q         Question
	mv        moveScratch
	pf        policyScratch
	sc        spellState
	iso       isoCache
	whyBuf    reasons  // why(): the reasons of the roll being written
	left      []int    // per stand: movement left after the first part of a split move
	key       []int32  // per stand: sort keys
	placed    []uint32 // per stand: moveStamp of the move pass that placed it (integrity anchors)
	moveStamp uint32
	turn      int     // position in order of the turn being played
	buf       []int32 // scratch lists
	buf2      []int32
	around    []int32 // enemiesAround's list
	ends      []int32 // a copy of mv.ends while a move is decided
	extraWhy  EndReason
}

// NewBattle makes a battle of s; call Reset before each Run.
func NewBattle(s *Setup) *Battle {
	b := &Battle{s: s, o: &s.Opt, w: s.w, h: s.h}
	n := s.w * s.h
	b.terr = make([]byte, n)
	b.snare = make([]uint8, n)
	b.step = make([]uint8, 4*n)
	b.cls = make([]uint8, n)
	b.st = make([]stand, len(s.stands))
	b.un = make([]unit, len(s.units))
	b.so = make([]solo, len(s.solos))
	b.occ = make([]int32, n)
	b.resAt = make([]int32, n)
	b.rhp = make([]int32, len(s.resSq))
	b.uses = make([]int16, s.uses)
	b.objVP = make([]int, len(s.obj))
	b.objOK = make([]bool, len(s.obj))
	b.order = make([]int32, 0, len(s.units)+len(s.solos))
	b.left = make([]int, len(s.stands))
	b.key = make([]int32, len(s.stands))
	b.placed = make([]uint32, len(s.stands))
	b.mv.init(n)
	b.iso.init(len(s.stands), len(s.solos))
	b.pf.init(n)
	b.pf.goalOf = make([]fieldKey, len(s.units))
	b.pf.goalAt = make([]int, len(s.units))
	b.seeded = dice.NewSeeded(1)
	b.rng = dice.NewSeeded(1)
	return b
}

// Reset puts the battle at its start under cfg.
func (b *Battle) Reset(cfg Config) {
	s := b.s
	copy(b.terr, s.terr)
	clear(b.snare)
	b.mv.rules = [8]rules1Table{} // the options may have changed between battles
	b.zones = b.zones[:0]
	b.resetGrid()
	for i := range b.occ {
		b.occ[i] = -1
		b.resAt[i] = -1
	}
	for i, r := range s.resSq {
		b.resAt[r.sq] = int32(i)
		b.rhp[i] = int32(r.hp)
	}
	for i := range b.un {
		d := &s.units[i]
		cfgc := int8(cfgMarch)
		for k, c := range cfgNames {
			if c == d.cfg {
				cfgc = int8(k)
			}
		}
		b.un[i] = unit{side: int32(d.side), reg: d.regiment, cfg: cfgc, speedCfg: cfgc, first: int32(d.first),
			n: int32(d.n), start: int32(d.n), alive: int32(d.n), cmd: int32(d.commander), surprised: d.surprised}
	}
	for i := range b.st {
		d := &s.stands[i]
		cr := &s.cr[d.cr]
		m := int32(s.standMax(cr))
		hp := m
		if d.hp > 0 {
			hp = int32(d.hp)
		}
		b.st[i] = stand{unit: int32(d.unit), idx: int32(d.idx), cr: int32(d.cr), x: int32(d.x), y: int32(d.y),
			hp: hp, max: m, on: true}
		b.fill(int32(i), d.x, d.y, cr.space)
	}
	for i := range b.so {
		d := &s.solos[i]
		cr := &s.cr[d.cr]
		hp := int32(cr.hp)
		if d.hp > 0 {
			hp = int32(d.hp)
		}
		b.so[i] = solo{side: int32(d.side), cr: int32(d.cr), x: int32(d.x), y: int32(d.y), hp: hp, max: int32(cr.hp),
			stand: int32(d.stand), surprised: d.surprised, cmd: -1}
		if d.stand < 0 {
			b.fill(int32(len(b.st)+i), d.x, d.y, cr.space)
		} else {
			st := &b.st[d.stand]
			b.so[i].x, b.so[i].y = st.x, st.y
		}
	}
	for i := range b.un {
		if c := b.un[i].cmd; c >= 0 {
			b.so[c].cmd = int32(i)
		}
	}
	for i := range s.stands {
		for k := range s.cr[s.stands[i].cr].spells {
			b.uses[s.stands[i].uses+k] = int16(s.cr[s.stands[i].cr].spells[k].uses)
		}
	}
	for i := range s.solos {
		for k := range s.cr[s.solos[i].cr].spells {
			b.uses[s.solos[i].uses+k] = int16(s.cr[s.solos[i].cr].spells[k].uses)
		}
	}
	b.fx = b.fx[:0]
	b.vp = [2]int{}
	clear(b.objVP)
	clear(b.objOK)
	b.order = b.order[:0]
	b.round, b.extra, b.over = 0, false, false
	b.res = Result{ObjectiveVP: b.res.ObjectiveVP[:0], DesertedEvent: b.res.DesertedEvent[:0]}
	b.dice = cfg.Dice
	if b.dice == nil {
		b.seeded.Reseed(cfg.Seed)
		b.dice = b.seeded
	}
	b.rng.Reseed(cfg.Seed ^ 0x5bd1e995)
	b.ch, b.rec, b.err = cfg.Chooser, cfg.Rec, nil
	b.pol = [2]Policy{cfg.Policy, cfg.Policy}
	if cfg.Sides != nil {
		b.pol = *cfg.Sides
	}
	b.turnUnit, b.turnSolo = -1, -1
	b.hitSeq = 0
	clear(b.pf.goalAt)
	b.iso.reset()
	for i := range b.pf.slots {
		b.pf.slots[i].ok = false
	}
	b.pf.nearOK = [2]bool{}
	for i := range b.st {
		b.st[i].iso = b.isolatedStand(int32(i))
	}
	for i := range b.so {
		b.so[i].iso = b.isolatedSolo(int32(i))
	}
}

// fill marks an n x n space at x, y as id's (-1 clears it).
func (b *Battle) fill(id int32, x, y, n int) {
	o := id
	if o < 0 {
		o = b.occ[y*b.w+x]
	}
	if o >= 0 {
		b.pf.moved[b.occSide(o)]++
	}
	c := uint8(0)
	if id >= 0 {
		c = b.occClass(id)
	}
	for dy := 0; dy < n; dy++ {
		row := (y+dy)*b.w + x
		for dx := 0; dx < n; dx++ {
			b.occ[row+dx] = id
			b.cls[row+dx] = b.cls[row+dx]&clsDeep | c
		}
	}
}

// Run fights the battle to its end (U-24..U-75). The error is a Chooser's disallowed answer
// (ErrChoice) or a dice source's bad face; the battle stops at the first.
func (b *Battle) Run() (Result, error) {
	b.rollInitiative()
	for !b.over && b.err == nil {
		b.round++
		if b.round > 1 && b.o.InitiativeEvent == clashrules.InitiativeEveryRound {
			b.rollInitiative()
		}
		b.emit(func() Event { return &RoundStartEvent{Round: b.round} })
		for i := range b.un {
			b.un[i].done = false
		}
		for i := range b.so {
			b.so[i].done = false
		}
		for b.turn = 0; b.turn < len(b.order) && b.err == nil; b.turn++ {
			e := b.order[b.turn]
			if int(e) < len(b.un) {
				b.unitTurn(e)
			} else {
				b.soloTurn(e - int32(len(b.un)))
			}
		}
		if b.err != nil {
			break
		}
		b.endOfRound()
	}
	return b.res, b.err
}

func (b *Battle) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

// roll is one die from the battle's source.
func (b *Battle) roll(sides int) int {
	f := b.dice.Roll(sides)
	if f < 1 || f > sides {
		b.fail(fmt.Errorf("clash: the dice gave %d for a d%d", f, sides))
		return 1
	}
	return f
}

// d20 rolls a d20 with advantage and disadvantage (5e: both cancel): the face used and the two
// faces (the second 0 when one die was rolled).
func (b *Battle) d20(adv, dis bool) (face int, faces [2]int) {
	f := b.roll(20)
	if adv == dis {
		return f, [2]int{f, 0}
	}
	g := b.roll(20)
	if adv {
		return max(f, g), [2]int{f, g}
	}
	return min(f, g), [2]int{f, g}
}

// rollDice rolls e, with doubled dice for a critical hit.
func (b *Battle) rollDice(e dice.Expr, crit bool) int {
	t := e.Modifier
	for _, term := range e.Terms {
		n := term.Count
		if crit {
			n *= 2
		}
		sum := 0
		for i := 0; i < n; i++ {
			sum += b.roll(term.Sides)
		}
		if term.Neg {
			t -= sum
		} else {
			t += sum
		}
	}
	return max(t, 0)
}

// Round is the round being fought (1 = the first); 0 before Run.
func (b *Battle) Round() int { return b.round }

// VP returns the two sides' victory points.
func (b *Battle) VP() [2]int { return b.vp }

// Setup returns the battle's setup.
func (b *Battle) Setup() *Setup { return b.s }

// Result returns the result once Run has returned.
func (b *Battle) Result() Result { return b.res }
