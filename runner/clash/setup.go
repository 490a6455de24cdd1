package clash

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Limits a plan must keep to (a hand-edited plan beyond them is refused, not run slowly).
const (
	maxAttacks   = 32
	maxRoutine   = 16
	maxDamageDie = 100 // dice in one damage part
)

// SetupError is a plan the engine cannot fight: what is wrong and where it was written.
type SetupError struct {
	Pos plan.Pos
	Msg string
}

func (e *SetupError) Error() string {
	p := e.Pos
	switch {
	case p.File == "":
		return e.Msg
	case p.Line == 0:
		return p.File + ": " + e.Msg
	case p.Column == 0:
		return fmt.Sprintf("%s:%d: %s", p.File, p.Line, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", p.File, p.Line, p.Column, e.Msg)
}

// Setup is a battle ready to fight: the plan checked, its dice parsed, its distances converted to
// squares. It is read-only once made, so any number of Battles (one per goroutine) may share it.
type Setup struct {
	Plan *plan.Clash
	Opt  clashrules.Options

	w, h   int
	nb     []int32 // per square and direction (N, E, S, W): the neighbour, -1 off the grid (grid.go)
	terr   []byte  // terrain letter per square (row-major)
	dark   uint8   // the light (U-50, U-80): 0 bright, lightDim, lightDark
	obsc   []bool  // per square: heavily obscured (U-50); nil when none is
	elev   []int16
	cr     []creature
	sp     []spell
	units  []unitDef
	solos  []soloDef
	stands []standDef // every stand, unit by unit
	resSq  []resSquare
	res    [][]int // resource -> indices into resSq
	obj    []objective
	types  []string // damage type names; bit i of a mask is types[i]
	uses   int      // spell-use counters a battle keeps (per stand and solo, per known spell)
}

type creature struct {
	id, name         string
	rank, space      int
	ac, hp           int
	walk, swim, fly  int // squares (U-3, U-6, U-77)
	abil, saves      [6]int
	stealth, percept int
	command          int // the better of Intimidation and Persuasion (U-14)
	attacks          []attack
	routines         [][]int // Multiattack, or one routine per attack
	spells           []knownSpell
	resist, immune   uint64
	vuln             uint64
	traits           uint16
	martial          dice.Expr
	reachAttack      int // index of its longest melee attack with reach >= 10 ft (U-36), -1 none
	hasMelee         bool
	hasRanged        bool
	bestMelee        int // expected damage of its best melee routine, in half hp (policy)
	bestRanged       int
	rangedBest       int       // the better of bestRanged and its at-will ranged damaging spells (policy)
	rangedReach      int       // squares: the longest normal range of those
	ctype            string    // creature type's first word, lower case ("humanoid")
	charge           charge    // TraitCharge (traits & trCharge)
	surprise         dice.Expr // TraitSurpriseAttack's extra damage
	condImm          uint16    // condition bits it is immune to ("Condition Immunities poisoned")
}

// charge is the minotaur's Charge trait (plan.TraitCharge).
type charge struct {
	attack int // index into attacks
	dmg    dice.Expr
	dc     int
	push   int // squares (U-3)
}

const (
	trPack uint16 = 1 << iota
	trMartial
	trMagicRes
	trFortitude
	trCharge
	trReckless
	trSurprise
	trKeen
	trSunlight
	trBrave
)

type attack struct {
	name   string
	toHit  int
	melee  bool
	ranged bool
	reach  int // ft
	rng    int // squares, normal range (U-37)
	long   int // squares, long range; 0 none
	dmg    []dmgPart
	avg2   int // expected damage x 2
	// rider: its onHit (onhit.go), a save spell of its own at Setup.sp[rider] with save DC riderDC;
	// hasRider false: none.
	rider, riderDC int
	hasRider       bool
}

type dmgPart struct {
	e   dice.Expr
	typ int // index into Setup.types; -1 untyped
}

type knownSpell struct {
	sp      int
	atk, dc int
	uses    int // 0: at will
	use     int // index of its counter within the caster's block of counters
	dmg     []dmgPart
	heal    dice.Expr
	hasHeal bool
	avg2    int
}

type spell struct {
	id, name string
	level    int
	rng      int // squares (U-37); for Self 0
	self     bool
	resolve  plan.SpellResolve
	melee    bool
	save     int // ability index
	half     bool
	dmg      []dmgPart
	heal     dice.Expr
	hasHeal  bool
	targets  int
	shape    plan.AreaShape // "" targeted
	size     int            // ft
	fx       *spellFx       // its effect besides damage, nil none
	rider    bool           // an attack's onHit (onhit.go), not a spell: magic resistance does not apply
}

type unitDef struct {
	id, name  string
	side      int
	regiment  bool
	cfg       plan.Config
	first, n  int // stands[first:first+n]
	commander int
	surprised bool
	mark      byte
	pos       plan.Pos
}

type standDef struct {
	unit, idx int
	cr        int
	x, y      int
	hp        int
	uses      int // first spell-use counter
}

type soloDef struct {
	id, name  string
	side, cr  int
	x, y      int
	stand     int // global stand index joined at the start, -1
	pc        bool
	hp        int
	surprised bool
	mark      byte
	uses      int
}

type resSquare struct {
	res, sq int
	hp, vp  int
}

type objective struct {
	id, name string
	side     int
	kind     plan.ObjKind
	units    []plan.UnitVP
	res      int
	vp       int
	when     *plan.ClashCond
	repeat   bool
}

// NewSetup checks c and prepares it to be fought under opt (the file's Options are applied over
// opt). Every problem is a *SetupError naming the entity's position.
func NewSetup(c *plan.Clash, opt clashrules.Options) (*Setup, error) {
	if c == nil {
		return nil, &SetupError{Msg: "no battle"}
	}
	o, err := clashrules.Apply(opt, c.Options)
	if err != nil {
		return nil, &SetupError{Pos: c.Pos, Msg: err.Error()}
	}
	s := &Setup{Plan: c, Opt: o}
	steps := []func() error{s.setupGrid, s.setupCreatures, s.setupSpells, s.setupRiders, s.setupUnits, s.setupSolos, s.setupResources, s.setupObjectives}
	for _, f := range steps {
		if err := f(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func errAt(p plan.Pos, format string, args ...any) error {
	return &SetupError{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

func (s *Setup) setupGrid() error {
	g := &s.Plan.Grid
	p := s.Plan.Pos
	if g.Width < 1 || g.Height < 1 || g.Width > clashrules.MaxGrid || g.Height > clashrules.MaxGrid {
		return errAt(p, "grid %dx%d: want 1..%d squares a side", g.Width, g.Height, clashrules.MaxGrid)
	}
	s.w, s.h = g.Width, g.Height
	if len(g.Rows) != g.Height {
		return errAt(p, "grid has %d terrain rows, want %d", len(g.Rows), g.Height)
	}
	s.terr = make([]byte, 0, s.w*s.h)
	for y, r := range g.Rows {
		if len(r) != s.w {
			return errAt(p, "terrain row %d has %d squares, want %d", y, len(r), s.w)
		}
		for x := 0; x < len(r); x++ {
			if !strings.ContainsRune(terrainLetters, rune(r[x])) {
				return errAt(p, "terrain row %d, square %d: %q is not one of %q", y, x, r[x], terrainLetters)
			}
		}
		s.terr = append(s.terr, r...)
	}
	s.buildNeighbours()
	s.elev = make([]int16, s.w*s.h)
	if len(g.Elevation) != 0 {
		if len(g.Elevation) != s.w*s.h {
			return errAt(p, "elevation has %d heights, want %d (width x height)", len(g.Elevation), s.w*s.h)
		}
		for i, e := range g.Elevation {
			if e < 0 || e > clashrules.MaxHeight {
				return errAt(p, "elevation of square %d,%d is %d: want 0..%d (20-ft steps)", i%s.w, i/s.w, e, clashrules.MaxHeight)
			}
			s.elev[i] = int16(e)
		}
	}
	return s.setupLight(g, p)
}

const terrainLetters = string(plan.TerrClear) + string(plan.TerrRough) + string(plan.TerrRoad) +
	string(plan.TerrForest) + string(plan.TerrShallow) + string(plan.TerrDeep)

func (s *Setup) damageType(t string) int {
	if t == "" {
		return -1
	}
	t = strings.ToLower(t)
	for i, n := range s.types {
		if n == t {
			return i
		}
	}
	if len(s.types) == 64 {
		return -1 // beyond 64 distinct types, the rest are untyped (no resistance applies)
	}
	s.types = append(s.types, t)
	return len(s.types) - 1
}

func (s *Setup) mask(list []string) uint64 {
	var m uint64
	for _, t := range list {
		if i := s.damageType(t); i >= 0 {
			m |= 1 << uint(i)
		}
	}
	return m
}

// parseDamage reads damage parts; avg2 is the expected total x 2.
func (s *Setup) parseDamage(p plan.Pos, what string, parts []plan.Damage) ([]dmgPart, int, error) {
	if len(parts) > clashrules.MaxDamageParts {
		return nil, 0, errAt(p, "%s: %d damage parts: at most %d", what, len(parts), clashrules.MaxDamageParts)
	}
	out := make([]dmgPart, 0, len(parts))
	avg2 := 0
	for _, d := range parts {
		e, err := parseDice(d.Dice)
		if err != nil {
			return nil, 0, errAt(p, "%s: damage %q: %v", what, d.Dice, err)
		}
		out = append(out, dmgPart{e: e, typ: s.damageType(d.Type)})
		avg2 += expect2(e)
	}
	return out, avg2, nil
}

// parseDice reads a damage or healing roll: dice and constants, no power rolls, at most
// maxDamageDie dice. A bare number ("10", as the schema allows: "dice as printed, or a number") is a
// fixed amount, a roll with no dice (0..dice.MaxNumber).
func parseDice(t string) (dice.Expr, error) {
	if n, err := strconv.Atoi(strings.TrimSpace(t)); err == nil {
		if n < 0 || n > dice.MaxNumber {
			return dice.Expr{}, fmt.Errorf("a fixed damage of %d is outside 0..%d", n, dice.MaxNumber)
		}
		return dice.Expr{Kind: dice.KindDice, Modifier: n}, nil
	}
	e, err := dice.Parse(t)
	if err != nil {
		return dice.Expr{}, err
	}
	if e.Kind != dice.KindDice {
		return dice.Expr{}, fmt.Errorf("a power roll is not a damage roll")
	}
	if e.Dice() > maxDamageDie {
		return dice.Expr{}, fmt.Errorf("more than %d dice", maxDamageDie)
	}
	return e, nil
}

// expect2 is twice the expected value of a dice expression (whole numbers: a d6 averages 7/2).
func expect2(e dice.Expr) int {
	v := 2 * e.Modifier
	for _, t := range e.Terms {
		x := t.Count * (t.Sides + 1)
		if t.Neg {
			x = -x
		}
		v += x
	}
	return v
}

// SquaresForSpeed converts a speed in ft to squares (U-3, U-6, U-77): ft ÷ 5 (30 ft -> 6), or with
// Speed20ft ft ÷ 20 (at least 1 for a positive speed).
func SquaresForSpeed(ft int, sc clashrules.SpeedScale) int {
	if ft <= 0 {
		return 0
	}
	if sc == clashrules.Speed20ft {
		return max(1, ft/20)
	}
	return ft / 5
}
