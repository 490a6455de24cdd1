package clash

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Limits a plan must keep to (a hand-edited plan beyond them is refused, not run slowly).
const (
	MaxGrid      = 100 // squares a side (2,000 ft)
	MaxHeight    = 50  // 20-ft steps
	MaxStands    = 400 // stands in a battle
	MaxUnits     = 100
	MaxSolos     = 100
	MaxAreaFt    = 400 // an area's size (a 400-ft radius is 20 squares)
	MaxHP        = 100000
	maxAttacks   = 32
	maxRoutine   = 16
	maxDamageDie = 100 // dice in one damage part
	// MaxDamageParts is the most parts one damage roll may have ("1d8+2 slashing plus 2d6 fire").
	MaxDamageParts = 8
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
	Opt  Options

	w, h   int
	terr   []byte // terrain letter per square (row-major)
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
	traits           uint8
	martial          dice.Expr
	reachAttack      int // index of its longest melee attack with reach >= 10 ft (U-36), -1 none
	hasMelee         bool
	hasRanged        bool
	bestMelee        int // expected damage of its best melee routine, in half hp (policy)
	bestRanged       int
	rangedBest       int // the better of bestRanged and its at-will ranged damaging spells (policy)
	rangedReach      int // squares: the longest normal range of those
}

const (
	trPack uint8 = 1 << iota
	trMartial
	trMagicRes
	trFortitude
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
func NewSetup(c *plan.Clash, opt Options) (*Setup, error) {
	if c == nil {
		return nil, &SetupError{Msg: "no battle"}
	}
	o, err := Apply(opt, c.Options)
	if err != nil {
		return nil, &SetupError{Pos: c.Pos, Msg: err.Error()}
	}
	s := &Setup{Plan: c, Opt: o}
	steps := []func() error{s.setupGrid, s.setupCreatures, s.setupSpells, s.setupUnits, s.setupSolos, s.setupResources, s.setupObjectives}
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
	if g.Width < 1 || g.Height < 1 || g.Width > MaxGrid || g.Height > MaxGrid {
		return errAt(p, "grid %dx%d: want 1..%d squares a side", g.Width, g.Height, MaxGrid)
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
	s.elev = make([]int16, s.w*s.h)
	if len(g.Elevation) != 0 {
		if len(g.Elevation) != s.w*s.h {
			return errAt(p, "elevation has %d heights, want %d (width x height)", len(g.Elevation), s.w*s.h)
		}
		for i, e := range g.Elevation {
			if e < 0 || e > MaxHeight {
				return errAt(p, "elevation of square %d,%d is %d: want 0..%d (20-ft steps)", i%s.w, i/s.w, e, MaxHeight)
			}
			s.elev[i] = int16(e)
		}
	}
	return nil
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
	if len(parts) > MaxDamageParts {
		return nil, 0, errAt(p, "%s: %d damage parts: at most %d", what, len(parts), MaxDamageParts)
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
// maxDamageDie dice. A bare constant ("7") is a roll with no dice.
func parseDice(t string) (dice.Expr, error) {
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
func SquaresForSpeed(ft int, sc SpeedScale) int {
	if ft <= 0 {
		return 0
	}
	if sc == Speed20ft {
		return max(1, ft/20)
	}
	return ft / 5
}

// SquaresForRange converts a range in ft to the farthest square it reaches (U-37): from the edge of
// the attacker's space a square counts when the range extends at least 10 ft into it, so
// max(1, floor((ft + 10) / 20)); measured from the centre of its square, max(1, floor(ft / 20)).
// Adjacent squares are always in range.
func SquaresForRange(ft int, origin RangeOrigin) int {
	if origin == RangeCenter {
		return max(1, ft/20)
	}
	return max(1, (ft+10)/20)
}

func (s *Setup) setupCreatures() error {
	c := s.Plan
	s.cr = make([]creature, len(c.Creatures))
	for i := range c.Creatures {
		pc := &c.Creatures[i]
		cr := &s.cr[i]
		cr.id, cr.name = pc.ID, pc.Name
		if cr.name == "" {
			cr.name = pc.ID
		}
		cr.rank, cr.space = pc.Size.Rank(), pc.Size.Space()
		if cr.rank < 0 {
			return errAt(pc.Pos, "creature %s: size %q is not one of tiny, small, medium, large, huge, gargantuan", pc.ID, pc.Size)
		}
		if pc.HP < 1 || pc.HP > MaxHP {
			return errAt(pc.Pos, "creature %s: hp %d: want 1..%d", pc.ID, pc.HP, MaxHP)
		}
		if pc.AC < 0 || pc.AC > 50 {
			return errAt(pc.Pos, "creature %s: AC %d: want 0..50", pc.ID, pc.AC)
		}
		sp := pc.Speed
		for _, v := range []int{sp.Walk, sp.Swim, sp.Fly, sp.Climb} {
			if v < 0 || v > 1000 {
				return errAt(pc.Pos, "creature %s: speed %d ft: want 0..1000", pc.ID, v)
			}
		}
		cr.ac, cr.hp = pc.AC, pc.HP
		cr.walk = SquaresForSpeed(sp.Walk, s.Opt.SpeedScale)
		cr.swim = SquaresForSpeed(sp.Swim, s.Opt.SpeedScale)
		cr.fly = SquaresForSpeed(sp.Fly, s.Opt.SpeedScale)
		for k := 0; k < 6; k++ {
			if a, v := pc.Abilities[k], pc.Saves[k]; a < -10 || a > 20 || v < -10 || v > 30 {
				return errAt(pc.Pos, "creature %s: %s modifier %d / save %d out of range", pc.ID, plan.AbilityNames[k], a, v)
			}
		}
		cr.abil, cr.saves = pc.Abilities, pc.Saves
		cr.stealth, cr.percept = pc.Skills.Stealth, pc.Skills.Perception
		cr.command = max(pc.Skills.Intimidation, pc.Skills.Persuasion)
		cr.resist, cr.immune, cr.vuln = s.mask(pc.Resistances), s.mask(pc.Immunities), s.mask(pc.Vulnerabilities)
		if len(pc.Attacks) > maxAttacks {
			return errAt(pc.Pos, "creature %s: %d attacks: at most %d", pc.ID, len(pc.Attacks), maxAttacks)
		}
		cr.reachAttack = -1
		for j := range pc.Attacks {
			pa := &pc.Attacks[j]
			what := fmt.Sprintf("creature %s, attack %q", pc.ID, pa.Name)
			if pa.Reach < 0 || pa.Range < 0 || pa.LongRange < 0 || (pa.LongRange > 0 && pa.LongRange < pa.Range) {
				return errAt(pc.Pos, "%s: reach %d, range %d/%d ft: want reach >= 0 and normal <= long range", what, pa.Reach, pa.Range, pa.LongRange)
			}
			if pa.Reach == 0 && pa.Range == 0 {
				return errAt(pc.Pos, "%s: neither a reach (melee) nor a range (ranged)", what)
			}
			if pa.ToHit < -10 || pa.ToHit > 30 {
				return errAt(pc.Pos, "%s: to-hit %+d out of range", what, pa.ToHit)
			}
			if len(pa.Damage) == 0 {
				return errAt(pc.Pos, "%s: no damage", what)
			}
			dmg, avg2, err := s.parseDamage(pc.Pos, what, pa.Damage)
			if err != nil {
				return err
			}
			a := attack{name: pa.Name, toHit: pa.ToHit, melee: pa.Reach > 0, ranged: pa.Range > 0, reach: pa.Reach,
				dmg: dmg, avg2: avg2}
			if a.ranged {
				a.rng = SquaresForRange(pa.Range, s.Opt.RangeOrigin)
				if pa.LongRange > 0 && s.Opt.LongRange == LongRangeDisadvantage {
					a.long = SquaresForRange(pa.LongRange, s.Opt.RangeOrigin)
				}
			}
			if a.melee {
				cr.hasMelee = true
				if pa.Reach >= 10 && (cr.reachAttack < 0 || pa.Reach > cr.attacks[cr.reachAttack].reach) {
					cr.reachAttack = j
				}
			}
			if a.ranged {
				cr.hasRanged = true
			}
			cr.attacks = append(cr.attacks, a)
		}
		for _, r := range pc.Multiattack {
			if len(r) == 0 || len(r) > maxRoutine {
				return errAt(pc.Pos, "creature %s: a Multiattack routine of %d attacks: want 1..%d", pc.ID, len(r), maxRoutine)
			}
			for _, k := range r {
				if k < 0 || k >= len(cr.attacks) {
					return errAt(pc.Pos, "creature %s: Multiattack names attack %d of %d", pc.ID, k, len(cr.attacks))
				}
			}
			cr.routines = append(cr.routines, append([]int(nil), r...))
		}
		// Without Multiattack, or besides it, each attack alone is a routine (5e: Multiattack is one
		// option of the Attack action).
		for j := range cr.attacks {
			cr.routines = append(cr.routines, []int{j})
		}
		for _, r := range cr.routines {
			m, g := 0, 0
			for _, k := range r {
				a := &cr.attacks[k]
				if a.melee {
					m += a.avg2
				}
				if a.ranged {
					g += a.avg2
				}
			}
			cr.bestMelee, cr.bestRanged = max(cr.bestMelee, m), max(cr.bestRanged, g)
		}
		cr.rangedBest = cr.bestRanged
		for _, a := range cr.attacks {
			if a.ranged {
				cr.rangedReach = max(cr.rangedReach, a.rng)
			}
		}
		for _, t := range pc.Traits {
			switch strings.ToLower(t.Name) {
			case plan.TraitPackTactics:
				cr.traits |= trPack
			case plan.TraitMartialAdvantage:
				e, err := parseDice(t.Dice)
				if err != nil {
					return errAt(pc.Pos, "creature %s: martial advantage dice %q: %v", pc.ID, t.Dice, err)
				}
				cr.traits |= trMartial
				cr.martial = e
			case plan.TraitMagicResistance:
				cr.traits |= trMagicRes
			case plan.TraitUndeadFortitude:
				cr.traits |= trFortitude
			default:
				return errAt(pc.Pos, "creature %s: trait %q is not one the engine simulates", pc.ID, t.Name)
			}
		}
	}
	return nil
}

func (s *Setup) setupSpells() error {
	c := s.Plan
	s.sp = make([]spell, len(c.Spells))
	for i := range c.Spells {
		ps := &c.Spells[i]
		sp := &s.sp[i]
		sp.id, sp.name, sp.level = ps.ID, ps.Name, ps.Level
		if sp.name == "" {
			sp.name = ps.ID
		}
		if ps.Range < 0 || ps.Range > 10000 || ps.Level < 0 || ps.Level > 9 {
			return errAt(ps.Pos, "spell %s: range %d ft, level %d: want range 0..10000, level 0..9", ps.ID, ps.Range, ps.Level)
		}
		sp.self = ps.Self
		if !ps.Self {
			if ps.Range == 0 {
				return errAt(ps.Pos, "spell %s: no range and not Self", ps.ID)
			}
			sp.rng = SquaresForRange(ps.Range, s.Opt.RangeOrigin)
		}
		sp.resolve, sp.melee, sp.half, sp.targets = ps.Resolve, ps.Melee, ps.HalfOnSave, ps.Targets
		switch ps.Resolve {
		case plan.ResolveAttack, plan.ResolveAuto:
		case plan.ResolveSave:
			sp.save = -1
			for k, n := range plan.AbilityNames {
				if n == strings.ToLower(ps.Save) {
					sp.save = k
				}
			}
			if sp.save < 0 {
				return errAt(ps.Pos, "spell %s: save %q is not one of %s", ps.ID, ps.Save, strings.Join(plan.AbilityNames[:], ", "))
			}
		case plan.ResolveHeal:
			if ps.Heal == "" {
				return errAt(ps.Pos, "spell %s: a healing spell without heal dice", ps.ID)
			}
		default:
			return errAt(ps.Pos, "spell %s: resolve %q is not one of attack, save, auto, heal", ps.ID, ps.Resolve)
		}
		dmg, _, err := s.parseDamage(ps.Pos, "spell "+ps.ID, ps.Damage)
		if err != nil {
			return err
		}
		sp.dmg = dmg
		if ps.Heal != "" {
			e, err := parseDice(ps.Heal)
			if err != nil {
				return errAt(ps.Pos, "spell %s: heal %q: %v", ps.ID, ps.Heal, err)
			}
			sp.heal, sp.hasHeal = e, true
		}
		if ps.Resolve != plan.ResolveHeal && len(dmg) == 0 {
			return errAt(ps.Pos, "spell %s: no damage (the engine simulates damaging and healing spells)", ps.ID)
		}
		if a := ps.Area; a != nil {
			switch a.Shape {
			case plan.AreaCone, plan.AreaCube, plan.AreaCylinder, plan.AreaLine, plan.AreaSphere:
			default:
				return errAt(ps.Pos, "spell %s: area shape %q is not one of cone, cube, cylinder, line, sphere", ps.ID, a.Shape)
			}
			if a.Size < 1 || a.Size > MaxAreaFt {
				return errAt(ps.Pos, "spell %s: area size %d ft: want 1..%d", ps.ID, a.Size, MaxAreaFt)
			}
			if ps.Resolve == plan.ResolveHeal {
				return errAt(ps.Pos, "spell %s: the engine does not simulate area healing", ps.ID)
			}
			sp.shape, sp.size = a.Shape, a.Size
			if (a.Shape == plan.AreaCone || a.Shape == plan.AreaLine) && !ps.Self {
				return errAt(ps.Pos, "spell %s: a %s starts at the caster (range Self)", ps.ID, a.Shape)
			}
		} else {
			if ps.Self {
				return errAt(ps.Pos, "spell %s: a Self spell needs an area", ps.ID)
			}
			if ps.Targets < 1 || ps.Targets > 100 {
				return errAt(ps.Pos, "spell %s: a targeted spell needs 1..100 targets, has %d", ps.ID, ps.Targets)
			}
		}
	}
	// The creatures' known spells, now that the spells are parsed.
	for i := range c.Creatures {
		pc := &c.Creatures[i]
		cr := &s.cr[i]
		for j, ks := range pc.Spells {
			if ks.Spell < 0 || ks.Spell >= len(s.sp) {
				return errAt(pc.Pos, "creature %s: spell %d of %d", pc.ID, ks.Spell, len(s.sp))
			}
			if ks.Uses < 0 || ks.Uses > 100 || ks.DC < 0 || ks.DC > 40 || ks.Attack < -10 || ks.Attack > 30 {
				return errAt(pc.Pos, "creature %s, spell %s: uses %d, DC %d, attack %+d out of range", pc.ID, s.sp[ks.Spell].id, ks.Uses, ks.DC, ks.Attack)
			}
			k := knownSpell{sp: ks.Spell, atk: ks.Attack, dc: ks.DC, uses: ks.Uses, use: j}
			sp := &s.sp[ks.Spell]
			k.dmg, k.heal, k.hasHeal = sp.dmg, sp.heal, sp.hasHeal
			if len(ks.Damage) > 0 {
				d, _, err := s.parseDamage(pc.Pos, "creature "+pc.ID+", spell "+sp.id, ks.Damage)
				if err != nil {
					return err
				}
				k.dmg = d
			}
			if ks.Heal != "" {
				e, err := parseDice(ks.Heal)
				if err != nil {
					return errAt(pc.Pos, "creature %s, spell %s: heal %q: %v", pc.ID, sp.id, ks.Heal, err)
				}
				k.heal, k.hasHeal = e, true
			}
			for _, d := range k.dmg {
				k.avg2 += expect2(d.e)
			}
			cr.spells = append(cr.spells, k)
			if k.uses == 0 && sp.shape == "" && sp.rng > 1 && sp.resolve != plan.ResolveHeal {
				cr.rangedBest = max(cr.rangedBest, k.avg2*max(1, sp.targets))
				cr.rangedReach = max(cr.rangedReach, sp.rng)
			}
		}
	}
	return nil
}

func (s *Setup) inGrid(x, y, n int) bool { return x >= 0 && y >= 0 && x+n <= s.w && y+n <= s.h }

func (s *Setup) setupUnits() error {
	c := s.Plan
	if len(c.Units) == 0 {
		return errAt(c.Pos, "no units")
	}
	if len(c.Units) > MaxUnits {
		return errAt(c.Pos, "%d units: at most %d", len(c.Units), MaxUnits)
	}
	occ := make([]int, s.w*s.h)
	for i := range occ {
		occ[i] = -1
	}
	marks := map[byte]string{}
	for i := range c.Units {
		pu := &c.Units[i]
		u := unitDef{id: pu.ID, name: pu.Name, side: pu.Side, commander: pu.Commander, surprised: pu.Surprised,
			first: len(s.stands), n: len(pu.Stands), pos: pu.Pos}
		if u.name == "" {
			u.name = pu.ID
		}
		if pu.Side != 0 && pu.Side != 1 {
			return errAt(pu.Pos, "unit %s: side %d: want 0 or 1", pu.ID, pu.Side)
		}
		switch pu.Type {
		case plan.Regiment:
			u.regiment = true
			switch pu.Config {
			case plan.CfgAid, plan.CfgDefend, plan.CfgMarch:
				u.cfg = pu.Config
			case "":
				u.cfg = plan.CfgMarch
			default:
				return errAt(pu.Pos, "unit %s: configuration %q is not one of aid, defend, march", pu.ID, pu.Config)
			}
		case plan.Skirmisher:
			if pu.Config != "" {
				return errAt(pu.Pos, "unit %s: a skirmisher has no configuration (U-48: regiments only)", pu.ID)
			}
		default:
			return errAt(pu.Pos, "unit %s: type %q is not skirmisher or regiment", pu.ID, pu.Type)
		}
		if len(pu.Stands) == 0 {
			return errAt(pu.Pos, "unit %s has no stands", pu.ID)
		}
		if len(s.stands)+len(pu.Stands) > MaxStands {
			return errAt(pu.Pos, "more than %d stands", MaxStands)
		}
		m, err := s.mark(pu.Pos, "unit "+pu.ID, pu.Mark, marks)
		if err != nil {
			return err
		}
		u.mark = m
		for j, st := range pu.Stands {
			if st.Creature < 0 || st.Creature >= len(s.cr) {
				return errAt(st.Pos, "unit %s, stand %d: creature %d of %d", pu.ID, j+1, st.Creature, len(s.cr))
			}
			cr := &s.cr[st.Creature]
			if cr.rank > plan.SizeHuge.Rank() {
				return errAt(st.Pos, "unit %s, stand %d: a stand of %s: gargantuan creatures are always solos (U-4)", pu.ID, j+1, cr.name)
			}
			d := standDef{unit: i, idx: j, cr: st.Creature, x: st.At[0], y: st.At[1], hp: st.HP, uses: s.uses}
			s.uses += len(cr.spells)
			if err := s.place(occ, st.Pos, fmt.Sprintf("unit %s, stand %d", pu.ID, j+1), d.x, d.y, cr.space, len(s.stands)); err != nil {
				return err
			}
			if st.HP < 0 || st.HP > s.standMax(cr) {
				return errAt(st.Pos, "unit %s, stand %d: hp %d: want 0..%d", pu.ID, j+1, st.HP, s.standMax(cr))
			}
			s.stands = append(s.stands, d)
		}
		s.units = append(s.units, u)
	}
	return nil
}

// standMax is a stand's maximum hp (U-6).
func (s *Setup) standMax(cr *creature) int {
	if s.Opt.StandHP == StandHPTen {
		return 10 * cr.hp
	}
	return cr.hp
}

func (s *Setup) mark(p plan.Pos, what, m string, taken map[byte]string) (byte, error) {
	if len(m) != 1 || !(m[0] >= 'A' && m[0] <= 'Z' || m[0] >= 'a' && m[0] <= 'z') {
		// A plan without marks still runs: take the first free letter.
		if m != "" {
			return 0, errAt(p, "%s: mark %q: want one ASCII letter", what, m)
		}
		for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
			if _, ok := taken[c]; !ok {
				taken[c] = what
				return c, nil
			}
		}
		return '?', nil
	}
	if other, ok := taken[m[0]]; ok {
		return 0, errAt(p, "%s: mark %q is also %s's", what, m, other)
	}
	taken[m[0]] = what
	return m[0], nil
}

func (s *Setup) place(occ []int, p plan.Pos, what string, x, y, n, id int) error {
	if !s.inGrid(x, y, n) {
		return errAt(p, "%s at %d,%d (%dx%d squares) is off the %dx%d grid", what, x, y, n, n, s.w, s.h)
	}
	for dy := 0; dy < n; dy++ {
		for dx := 0; dx < n; dx++ {
			q := (y+dy)*s.w + x + dx
			if occ[q] >= 0 {
				return errAt(p, "%s at %d,%d overlaps another occupant at %d,%d", what, x, y, x+dx, y+dy)
			}
			occ[q] = id
		}
	}
	return nil
}

func (s *Setup) setupSolos() error {
	c := s.Plan
	if len(c.Solos) > MaxSolos {
		return errAt(c.Pos, "more than %d solos", MaxSolos)
	}
	occ := make([]int, s.w*s.h)
	for i := range occ {
		occ[i] = -1
	}
	marks := map[byte]string{}
	for _, u := range s.units {
		marks[u.mark] = "unit " + u.id
	}
	for i, st := range s.stands {
		cr := &s.cr[st.cr]
		_ = s.place(occ, plan.Pos{}, "", st.x, st.y, cr.space, i) // checked in units()
	}
	for i := range c.Solos {
		ps := &c.Solos[i]
		d := soloDef{id: ps.ID, name: ps.Name, side: ps.Side, cr: ps.Creature, x: ps.At[0], y: ps.At[1], stand: -1,
			pc: ps.PC, hp: ps.HP, surprised: ps.Surprised, uses: s.uses}
		if d.name == "" {
			d.name = ps.ID
		}
		what := "solo " + ps.ID
		if ps.Side != 0 && ps.Side != 1 {
			return errAt(ps.Pos, "%s: side %d: want 0 or 1", what, ps.Side)
		}
		if ps.Creature < 0 || ps.Creature >= len(s.cr) {
			return errAt(ps.Pos, "%s: creature %d of %d", what, ps.Creature, len(s.cr))
		}
		cr := &s.cr[ps.Creature]
		s.uses += len(cr.spells)
		if ps.HP < 0 || ps.HP > cr.hp {
			return errAt(ps.Pos, "%s: hp %d: want 0..%d", what, ps.HP, cr.hp)
		}
		if ps.Unit >= 0 {
			if ps.Unit >= len(s.units) {
				return errAt(ps.Pos, "%s: joined to unit %d of %d", what, ps.Unit, len(s.units))
			}
			u := &s.units[ps.Unit]
			if ps.Stand < 0 || ps.Stand >= u.n {
				return errAt(ps.Pos, "%s: joined to stand %d of unit %s's %d", what, ps.Stand+1, u.id, u.n)
			}
			if u.side != ps.Side {
				return errAt(ps.Pos, "%s: joined to unit %s of the other side", what, u.id)
			}
			d.stand = u.first + ps.Stand
			if sc := &s.cr[s.stands[d.stand].cr]; cr.rank > sc.rank+1 {
				return errAt(ps.Pos, "%s (%s) is more than one size larger than stand %d's creatures: it cannot join (U-51)", what, c.Creatures[ps.Creature].Size, ps.Stand+1)
			}
		} else {
			if cr.rank > plan.SizeGargantuan.Rank() {
				return errAt(ps.Pos, "%s: unknown size", what)
			}
			if err := s.place(occ, ps.Pos, what, d.x, d.y, cr.space, len(s.stands)+i); err != nil {
				return err
			}
		}
		// Every solo has a letter: a joined one draws it once it leaves its stand.
		m, err := s.mark(ps.Pos, what, ps.Mark, marks)
		if err != nil {
			return err
		}
		d.mark = m
		if d.stand < 0 && s.deepFor(d.x, d.y, cr) {
			return errAt(ps.Pos, "%s starts in deep water without a swim or fly speed (U-22)", what)
		}
		s.solos = append(s.solos, d)
	}
	for i := range s.units {
		u := &s.units[i]
		if u.commander < 0 {
			u.commander = -1
			continue
		}
		if u.commander >= len(s.solos) {
			return errAt(u.pos, "unit %s: commander %d of %d solos", u.id, u.commander, len(s.solos))
		}
		so := &s.solos[u.commander]
		if so.stand < 0 || s.stands[so.stand].unit != i {
			return errAt(u.pos, "unit %s: its commander %s is not joined to one of its stands (U-12)", u.id, so.id)
		}
		for j := 0; j < i; j++ {
			if s.units[j].commander == u.commander {
				return errAt(u.pos, "unit %s: %s already commands unit %s (U-12: one unit each)", u.id, so.id, s.units[j].id)
			}
		}
	}
	for i := range s.stands {
		st := &s.stands[i]
		if s.deepFor(st.x, st.y, &s.cr[st.cr]) {
			u := &s.units[st.unit]
			return errAt(c.Units[st.unit].Stands[st.idx].Pos, "unit %s, stand %d starts in deep water without a swim or fly speed (U-22)", u.id, st.idx+1)
		}
	}
	return nil
}

// deepFor reports whether a creature's space at x, y holds deep water it cannot enter.
func (s *Setup) deepFor(x, y int, cr *creature) bool {
	if cr.swim > 0 || cr.fly > 0 {
		return false
	}
	for dy := 0; dy < cr.space; dy++ {
		for dx := 0; dx < cr.space; dx++ {
			if s.terr[(y+dy)*s.w+x+dx] == plan.TerrDeep {
				return true
			}
		}
	}
	return false
}

func (s *Setup) setupResources() error {
	c := s.Plan
	seen := map[int]string{}
	for i := range c.Resources {
		r := &c.Resources[i]
		if len(r.Squares) == 0 {
			return errAt(r.Pos, "resource %s has no squares", r.ID)
		}
		var idx []int
		for _, q := range r.Squares {
			if !s.inGrid(q.At[0], q.At[1], 1) {
				return errAt(r.Pos, "resource %s: square %d,%d is off the grid", r.ID, q.At[0], q.At[1])
			}
			if q.HP < 1 || q.HP > MaxHP || q.VP < 0 || q.VP > 100 {
				return errAt(r.Pos, "resource %s: square %d,%d: hp %d, VP %d out of range", r.ID, q.At[0], q.At[1], q.HP, q.VP)
			}
			sq := q.At[1]*s.w + q.At[0]
			if other, ok := seen[sq]; ok {
				return errAt(r.Pos, "resource %s: square %d,%d is also %s's", r.ID, q.At[0], q.At[1], other)
			}
			seen[sq] = r.ID
			idx = append(idx, len(s.resSq))
			s.resSq = append(s.resSq, resSquare{res: i, sq: sq, hp: q.HP, vp: q.VP})
		}
		s.res = append(s.res, idx)
	}
	return nil
}

func (s *Setup) setupObjectives() error {
	c := s.Plan
	for i := range c.Objectives {
		po := &c.Objectives[i]
		o := objective{id: po.ID, name: po.Name, side: po.Side, kind: po.Kind, units: po.Units, res: po.Resource,
			vp: po.VP, when: po.When, repeat: po.Repeat}
		if o.name == "" {
			o.name = po.ID
		}
		if po.Side != 0 && po.Side != 1 {
			return errAt(po.Pos, "objective %s: side %d: want 0 or 1", po.ID, po.Side)
		}
		switch po.Kind {
		case plan.ObjAttrition:
			for _, u := range po.Units {
				if u.Unit < 0 || u.Unit >= len(s.units) || s.units[u.Unit].side == po.Side {
					return errAt(po.Pos, "objective %s: unit %d is not an enemy unit", po.ID, u.Unit)
				}
				if u.VP < 0 || u.VP > 100 {
					return errAt(po.Pos, "objective %s: %d VP for a unit: want 0..100", po.ID, u.VP)
				}
			}
		case plan.ObjDestroy, plan.ObjProtect:
			if po.Resource < 0 || po.Resource >= len(s.res) {
				return errAt(po.Pos, "objective %s: resource %d of %d", po.ID, po.Resource, len(s.res))
			}
			if po.Kind == plan.ObjProtect && o.vp <= 0 {
				o.vp = s.Opt.protectionVP()
			}
		case plan.ObjCustom:
			if po.When == nil {
				return errAt(po.Pos, "objective %s: a custom objective without a condition", po.ID)
			}
			if err := s.checkCond(po.Pos, po.ID, po.When, 0); err != nil {
				return err
			}
		default:
			return errAt(po.Pos, "objective %s: kind %q is not one of attrition, destroy, protect, custom", po.ID, po.Kind)
		}
		if o.vp < 0 || o.vp > 100 {
			return errAt(po.Pos, "objective %s: %d VP: want 0..100", po.ID, o.vp)
		}
		s.obj = append(s.obj, o)
	}
	return nil
}

func (s *Setup) checkCond(p plan.Pos, id string, c *plan.ClashCond, depth int) error {
	if depth > 20 {
		return errAt(p, "objective %s: conditions nested more than 20 deep", id)
	}
	bad := func(what string, n, of int) error {
		return errAt(p, "objective %s: condition %s: %s %d of %d", id, c.Op, what, n, of)
	}
	switch c.Op {
	case plan.ClashAll, plan.ClashAny, plan.ClashNot:
		if c.Op == plan.ClashNot && len(c.Args) != 1 || len(c.Args) == 0 {
			return errAt(p, "objective %s: condition %s has %d arguments", id, c.Op, len(c.Args))
		}
		for i := range c.Args {
			if err := s.checkCond(p, id, &c.Args[i], depth+1); err != nil {
				return err
			}
		}
	case plan.ClashIn:
		if c.Unit >= len(s.units) || c.Unit < -1 {
			return bad("unit", c.Unit, len(s.units))
		}
		if c.Side != 0 && c.Side != 1 {
			return bad("side", c.Side, 2)
		}
		if len(c.Zone) == 0 {
			return errAt(p, "objective %s: condition in: an empty zone", id)
		}
		for _, q := range c.Zone {
			if !s.inGrid(q[0], q[1], 1) {
				return errAt(p, "objective %s: zone square %d,%d is off the grid", id, q[0], q[1])
			}
		}
		if c.Count < 0 || c.Count > MaxStands {
			return bad("count", c.Count, MaxStands)
		}
	case plan.ClashEliminated, plan.ClashBroken, plan.ClashNoCommander:
		if c.Unit < 0 || c.Unit >= len(s.units) {
			return bad("unit", c.Unit, len(s.units))
		}
	case plan.ClashDown:
		if c.Solo < 0 || c.Solo >= len(s.solos) {
			return bad("solo", c.Solo, len(s.solos))
		}
	case plan.ClashDestroyed:
		if c.Resource < 0 || c.Resource >= len(s.res) {
			return bad("resource", c.Resource, len(s.res))
		}
	case plan.ClashRound:
		if c.Round < 1 {
			return bad("round", c.Round, s.Opt.maxRounds())
		}
	default:
		return errAt(p, "objective %s: unknown condition %q", id, c.Op)
	}
	return nil
}
