package clash

import (
	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The clash model is a battle file (schema #ClashBattle) as the clash checks and the lowering see
// it: Go values with the position of each in the author's files, decoded best-effort (a field
// that is absent or of the wrong type has OK false), like the Karzoral model (model.go).

// Str and Int are the model's values as the core's decoder reads them: a value, where it is
// written, whether it is set and readable; node is a value of the file's with the schema's
// defaults, as the decoder reads it (decode.go).
type (
	Str  = compiler.Str
	Int  = compiler.Int
	node = compiler.Node
)

// clashBattle is a decoded clash battle file.
type clashBattle struct {
	Pos     diag.Pos // the top of the file
	ID      Str
	Title   Str
	Options []clashOption

	Width, Height Int
	Patches       []*clashPatch
	Resources     []*clashResource // source order
	Zones         []*clashZone     // source order
	Light         Str              // U-50: "bright", "dim", "dark"
	Obscured      []clashRect      // U-50: heavily obscured squares

	Sides      []*clashSide // source order
	SidesPos   diag.Pos     // the sides field, or Pos
	Units      []*clashUnit
	Solos      []*clashSolo
	Objectives []*clashObjective

	Creatures []*clashCreature // the battle's own stat blocks, source order
	Spells    []*clashSpell    // the battle's own spells, source order
}

// clashOption is one rule switch as written: its value as the plan carries it.
type clashOption struct {
	Name  string
	Value string
	Pos   diag.Pos
}

// clashSquare is an [x, y] square as written.
type clashSquare struct {
	X, Y int
	Pos  diag.Pos
	OK   bool // two integers
	Set  bool // written
}

// clashRect is the square at, or the rectangle from at to to (both inclusive, either order).
type clashRect struct {
	At, To clashSquare // To.Set false: the single square At
}

// bounds returns the rectangle's corners, smallest first; ok is false when a corner is unreadable.
func (r clashRect) bounds() (x0, y0, x1, y1 int, ok bool) {
	if !r.At.OK || r.To.Set && !r.To.OK {
		return 0, 0, 0, 0, false
	}
	x0, y0, x1, y1 = r.At.X, r.At.Y, r.At.X, r.At.Y
	if r.To.Set {
		x0, x1 = min(r.At.X, r.To.X), max(r.At.X, r.To.X)
		y0, y1 = min(r.At.Y, r.To.Y), max(r.At.Y, r.To.Y)
	}
	return x0, y0, x1, y1, true
}

// clashPatch sets the terrain and/or elevation of a rectangle (U-18..U-23).
type clashPatch struct {
	Pos       diag.Pos
	Rect      clashRect
	Type      Str
	Elevation Int // ft
}

// clashResource is a Destruction resource (U-67).
type clashResource struct {
	ID      string
	Pos     diag.Pos
	Name    Str
	Squares []clashResourceSquare
}

type clashResourceSquare struct {
	At     clashSquare
	HP, VP Int
}

// clashZone is a named rectangle for custom objectives.
type clashZone struct {
	ID   string
	Pos  diag.Pos
	Rect clashRect
}

// clashSide is one army (U-78).
type clashSide struct {
	ID      string
	Pos     diag.Pos
	Name    Str
	General Str
}

// clashUnit is a unit (U-7).
type clashUnit struct {
	ID        string
	Pos       diag.Pos
	Side      Str
	Name      Str
	Type      Str // "skirmisher" | "regiment"
	Config    Str
	Creature  Str // the default creature of its stands
	Stands    []*clashStand
	Surprised bool
	Mark      Str

	side int // resolved: index into clashBattle.Sides, -1 unknown
}

// clashStand is one stand (U-4).
type clashStand struct {
	Pos      diag.Pos
	Rect     clashRect
	Creature Str // as written on the stand (may be unset: the unit's)
	HP       Int

	cr *clashCreature // resolved: the stand's stat block, nil when unknown
}

// clashSolo is a solo (U-10).
type clashSolo struct {
	ID        string
	Pos       diag.Pos
	Creature  Str
	Name      Str
	Side      Str
	At        clashSquare
	Join      Str
	Commander Str // a bool; Str for its position (V "true" when set)
	PC        bool
	HP        Int
	Surprised bool
	Mark      Str

	cr    *clashCreature // resolved stat block
	side  int            // resolved side, -1 unknown
	unit  int            // resolved unit it joins, -1 unattached or unknown
	stand int            // resolved stand of that unit, -1 none
}

// clashObjective is one side's objective (U-65..U-69).
type clashObjective struct {
	ID   string
	Pos  diag.Pos
	Side Str
	Name Str
	// Attrition: AttritionVP (every enemy unit) or AttritionUnits (by unit id); AttritionSet when
	// the field is written.
	AttritionSet   bool
	AttritionPos   diag.Pos
	AttritionVP    Int
	AttritionUnits []clashUnitVP
	Destroy        Str
	Protect        Str
	When           *clashCond
	VP             Int
	Every          Str

	side int // resolved, -1 unknown
}

type clashUnitVP struct {
	Unit Str
	VP   Int
}

// clashCond is a condition of a custom objective (#ClashCond); exactly one field is given.
type clashCond struct {
	Pos    diag.Pos
	Given  []string // the fields written, in schema order
	All    []*clashCond
	Any    []*clashCond
	Not    *clashCond
	In     *clashIn
	Unit   Str // eliminated, broken, noCommander
	Solo   Str // down
	Res    Str // destroyed
	Round  Int
	InPos  diag.Pos
	Unread bool // a field of the wrong type: not checked further
}

type clashIn struct {
	Zone  Str
	Side  Str
	Unit  Str
	Count Int
}

// clashCreature is a 5e stat block (#ClashCreature), the battle's own or the library's.
type clashCreature struct {
	ID    string
	Pos   diag.Pos // its label
	Lib   bool     // from the bundled SRD library
	Name  Str
	Size  Str
	Type  Str
	CR    string
	AC    Int
	HP    Int
	Speed clashSpeeds
	// Scores are the ability scores Str..Cha; Saves and the skills the printed bonuses (Set false:
	// not printed).
	Scores  [6]Int
	Saves   [6]Int
	Skills  map[string]Int
	Attacks []*clashAttack
	Multi   [][]Str // multiattack routines of attack names
	MultiOK bool
	Casting *clashCasting
	Resist  []Str
	Immune  []Str
	Vuln    []Str
	CondImm []Str // conditionImmunities
	Traits  []clashTrait
}

type clashSpeeds struct {
	Walk, Swim, Fly, Climb Int
}

// crossesDeep reports whether the creature can move through deep water: it swims (U-22), or it
// flies at least as fast as it walks (so it flies rather than walks; runner/clash moves it so).
func (c *clashCreature) crossesDeep() bool {
	s := c.Speed
	return s.Swim.V > 0 || s.Fly.V > 0 && s.Fly.V >= s.Walk.V
}

// clashAttack is one attack of a stat block.
type clashAttack struct {
	Pos       diag.Pos
	Name      Str
	ToHit     Int
	Reach     Int
	Range     Int
	LongRange Int
	Damage    []clashDamage
	OnHit     *clashOnHit // onhit.go; nil none
}

// clashDamage is one part of a damage roll: dice as written and the damage type.
type clashDamage struct {
	Dice Str
	Type Str
}

// clashCasting is a stat block's spellcasting.
type clashCasting struct {
	Pos     diag.Pos
	Ability Str
	Level   Int
	DC      Int
	ToHit   Int
	Spells  []clashKnown
}

// clashKnown is a spell a caster knows and its uses per battle (0: at will).
type clashKnown struct {
	Name Str // the key as written
	Uses int
}

type clashTrait struct {
	Name     Str
	Dice     Str
	Text     Str // the stat block's words, for the reader
	Attack   Str // charge: the attack it rides on
	DC       Int
	Push     Int
	NoEffect Str // why it does nothing in a mass battle (no U015)
}

// clashSpell is a spell (#ClashSpell), the battle's own or the library's.
type clashSpell struct {
	ID         string
	Pos        diag.Pos
	Lib        bool
	Name       Str
	Level      Int
	Range      Int // ft; Self and Touch below
	RangePos   diag.Pos
	Self       bool
	Touch      bool
	Attack     Str // "ranged" | "melee"
	Save       Str
	HalfOnSave bool
	HalfPos    diag.Pos
	HalfSet    bool
	Damage     []clashDamage
	Heal       Str
	Targets    Int
	Area       *clashArea
	Effect     *clashEffect // clash_effect.go
}

type clashArea struct {
	Pos    diag.Pos
	Shape  Str
	Size   Int
	Width  Int
	Height Int
}
