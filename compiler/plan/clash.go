package plan

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// This file is the contract between the compiler and runner/clash for D&D 5e "When Armies Clash"
// battles (RULES.md Part U): a battle file (kind: "battle", rules: "clash") compiles to a Clash.
// It is data only: it imports no runner package, and the engine re-checks every index and value
// when it sets a battle up (a hand-edited plan gets an error, never a panic).
//
// Units used throughout:
//   - squares: the grid's 20-ft squares (U-1); coordinates [x, y], x grows to the east, y to the
//     south, [0, 0] is the north-west corner; a multi-square occupant is placed by its top-left
//     (north-west) square;
//   - ft: every 5e distance as the stat block writes it (speeds, reach, ranges, area sizes); the
//     engine converts (speeds ÷ 5, U-3, U-77; ranges and areas by 20, U-37, U-45..U-47);
//   - height: 20-ft steps (U-23);
//   - hp, AC, to-hit and DC as in 5e;
//   - dice: notation as users type it ("1d8+2", "2D6", "3d6"), parsed by the engine with
//     runner/dice (BCDice sum notation: NdS terms and constants).
//
// Lists keep source order unless a field says otherwise; every index is into a list of this Clash.

// ClashFormat is the value of Clash.Format.
const ClashFormat = "sortie-clash"

// Clash is a compiled clash battle.
type Clash struct {
	Format     string   `json:"format"`     // ClashFormat
	Version    int      `json:"version"`    // Version
	SourceHash string   `json:"sourceHash"` // "sha256:<hex>" over the sources
	Sources    []string `json:"sources"`    // source files, slash-separated
	ID         string   `json:"id"`
	Title      string   `json:"title,omitempty"`
	Pos        Pos      `json:"pos"` // the battle file's top

	Grid       ClashGrid        `json:"grid"`
	Creatures  []Creature       `json:"creatures"` // stat blocks used (library ones and the file's own)
	Spells     []Spell          `json:"spells"`    // spells some creature knows
	Sides      [2]ClashSide     `json:"sides"`
	Units      []ClashUnit      `json:"units"` // both sides' units, in source order
	Solos      []ClashSolo      `json:"solos"` // both sides' solos, in source order
	Resources  []ClashResource  `json:"resources,omitempty"`
	Objectives []ClashObjective `json:"objectives"`

	// Options are the rule switches the author set (name -> choice, as clash.Options.SetOption reads
	// them); every other Ambiguity of Part U is played at its Default.
	Options map[string]string `json:"options,omitempty"`
}

// Pos is where an entity is written in the sources, for messages. It has the fields of diag.Pos
// (so diag.Pos(p) converts it); the zero value means unknown.
type Pos struct {
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// ClashGrid is the battlefield (U-1, U-18..U-23).
type ClashGrid struct {
	Width  int `json:"width"`  // squares, >= 1
	Height int `json:"height"` // squares, >= 1
	// Rows are the terrain: Height strings (row 0 the north edge), each of Width terrain letters
	// (TerrClear, TerrRough, ...).
	Rows []string `json:"rows"`
	// Elevation is empty (all at height 0) or Width*Height heights in 20-ft steps, row-major
	// (index y*Width+x), each >= 0. Water squares are at 0 (U-23: elevation is for non-water).
	Elevation []int `json:"elevation,omitempty"`
	// Light is the battle's light (U-50, U-80 [5E-CORE]): "" bright, LightDim (lightly obscured:
	// Perception to find the hidden at -5) or LightDark (heavily obscured: anyone may try to Hide).
	Light string `json:"light,omitempty"`
	// Obscured are the heavily obscured squares (fog, smoke, tall reeds: U-50's 「視認困難な地
	// 形」), y*Width+x ascending: a stand or solo with a square in one may try to Hide.
	Obscured []int `json:"obscured,omitempty"`
}

// Light levels of ClashGrid.Light ("" is bright light).
const (
	LightDim  = "dim"
	LightDark = "dark"
)

// Terrain letters of ClashGrid.Rows.
const (
	TerrClear   = '.' // U-19 clear: no effect
	TerrRough   = ':' // U-19 clear covered in rubble or rough ground: difficult (U-18)
	TerrRoad    = '=' // U-20 road: a move ending on it may go 1 more square; never difficult
	TerrForest  = '*' // U-21 forest: half cover (+2 AC) for stands in it; difficult
	TerrShallow = '-' // U-22 shallow water: difficult
	TerrDeep    = '~' // U-22 deep water: only swimmers enter
)

// ClashSide is one army (U-78).
type ClashSide struct {
	ID      string `json:"id"`
	Name    string `json:"name,omitempty"`
	General string `json:"general,omitempty"` // who controls it (U-78): "DM", a player's name; informative
	Pos     Pos    `json:"pos"`
}

// Size is a 5e creature size.
type Size string

// Sizes. A stand or solo occupies a square block of Size.Space() squares a side (U-5, U-10).
const (
	SizeTiny       Size = "tiny"
	SizeSmall      Size = "small"
	SizeMedium     Size = "medium"
	SizeLarge      Size = "large"
	SizeHuge       Size = "huge"
	SizeGargantuan Size = "gargantuan"
)

// Rank orders sizes: tiny 0 .. gargantuan 5; -1 for an unknown size (U-51 compares ranks).
func (s Size) Rank() int {
	switch s {
	case SizeTiny:
		return 0
	case SizeSmall:
		return 1
	case SizeMedium:
		return 2
	case SizeLarge:
		return 3
	case SizeHuge:
		return 4
	case SizeGargantuan:
		return 5
	}
	return -1
}

// Space is the side of the square block an occupant of this size fills, in squares: 1 for medium
// or smaller, 2 large, 3 huge (U-5), 4 gargantuan (a solo only, U-10); 0 for an unknown size.
func (s Size) Space() int {
	switch r := s.Rank(); {
	case r < 0:
		return 0
	case r <= 2:
		return 1
	default:
		return r - 1
	}
}

// Ability indices of Creature.Abilities and Creature.Saves.
const (
	AbStr = iota
	AbDex
	AbCon
	AbInt
	AbWis
	AbCha
)

// AbilityNames are the abilities as files and spells write them, in index order.
var AbilityNames = [6]string{"str", "dex", "con", "int", "wis", "cha"}

// Creature is a resolved 5e stat block: every number is the total the engine uses (a save bonus
// already includes proficiency, a skill bonus its ability modifier).
type Creature struct {
	ID   string `json:"id"`   // the name battles use, e.g. "hobgoblin"
	Name string `json:"name"` // as printed, e.g. "Hobgoblin"
	Pos  Pos    `json:"pos"`  // the stat block (in the library or the battle file)
	Size Size   `json:"size"`
	AC   int    `json:"ac"`
	HP   int    `json:"hp"` // one creature's maximum hp; a stand has this many (U-6)
	// Speed in ft per movement mode; 0: none. Walk is the speed on land.
	Speed     Speeds `json:"speed"`
	Abilities [6]int `json:"abilities"` // ability modifiers, Str..Cha
	Saves     [6]int `json:"saves"`     // saving throw bonuses, Str..Cha (modifier + proficiency)
	Skills    Skills `json:"skills"`    // skill bonuses the battle rules read
	// Attacks are the creature's attack actions (weapons, natural attacks).
	Attacks []Attack `json:"attacks,omitempty"`
	// Multiattack lists the attack routines of the Multiattack action: each is a list of indices
	// into Attacks made together in one Attack action (repeats allowed): "two longsword attacks" is
	// [[0, 0]], "one bite and two claws" [[0, 1, 1]], "two melee or two ranged" [[0, 0], [1, 1]].
	// Empty: the creature makes one attack with any of its Attacks.
	Multiattack [][]int      `json:"multiattack,omitempty"`
	Spells      []KnownSpell `json:"spells,omitempty"`
	// Damage types (e.g. "fire", "bludgeoning") taken at half, not at all, or doubled (U-76).
	Resistances     []string `json:"resistances,omitempty"`
	Immunities      []string `json:"immunities,omitempty"`
	Vulnerabilities []string `json:"vulnerabilities,omitempty"`
	// Traits are the special traits the engine knows (Trait* names); others are left out by the
	// compiler (and vetted as not simulated).
	Traits []Trait `json:"traits,omitempty"`
	// CondImmune are the conditions it cannot have (Cond* names; "Condition Immunities poisoned").
	CondImmune []string `json:"condImmune,omitempty"`
	CR         string   `json:"cr,omitempty"` // challenge rating as printed ("1/2"); informative
	// Type is the creature type as printed ("humanoid (goblinoid)"); a spell limited to a type
	// (hold person: humanoid) reads its first word.
	Type string `json:"type,omitempty"`
}

// Speeds are a creature's speeds in ft (0: none).
type Speeds struct {
	Walk  int `json:"walk"`
	Swim  int `json:"swim,omitempty"`
	Fly   int `json:"fly,omitempty"`
	Climb int `json:"climb,omitempty"`
}

// Skills are the skill bonuses the battle rules use: Stealth for Hide (U-50), Perception to find
// the hidden (U-80), Intimidation and Persuasion for a commander's Prepare and Incite (U-14, the
// better one is used). A skill the creature is not proficient in holds its ability modifier.
type Skills struct {
	Stealth      int `json:"stealth"`
	Perception   int `json:"perception"`
	Intimidation int `json:"intimidation"`
	Persuasion   int `json:"persuasion"`
}

// Attack is one attack form of a stat block. An attack with Reach > 0 is a melee attack, one with
// Range > 0 a ranged attack; a thrown weapon (javelin, handaxe) has both.
type Attack struct {
	Name      string   `json:"name"`
	ToHit     int      `json:"toHit"`               // attack bonus
	Reach     int      `json:"reach,omitempty"`     // ft; 5 usual, 10 or more a reach weapon (U-36)
	Range     int      `json:"range,omitempty"`     // ft, normal range (U-37)
	LongRange int      `json:"longRange,omitempty"` // ft, long range (disadvantage); 0: none
	Damage    []Damage `json:"damage"`              // the weapon's damage first, then "plus ..." parts
	OnHit     *OnHit   `json:"onHit,omitempty"`     // what a hit does besides its damage (clash_onhit.go); nil none
}

// Damage is one part of a damage roll.
type Damage struct {
	Dice string `json:"dice"`           // notation: "1d8+2", "2d6", "7" (a constant is allowed)
	Type string `json:"type,omitempty"` // damage type: "slashing", "fire", ...
}

// KnownSpell is a spell a creature casts, with the caster's numbers.
type KnownSpell struct {
	Spell  int `json:"spell"`            // index into Clash.Spells
	Attack int `json:"attack,omitempty"` // spell attack bonus (attack spells)
	DC     int `json:"dc,omitempty"`     // spell save DC (save spells)
	// Uses per battle (one per spell slot or daily use the author gives it); 0: at will (cantrips).
	// A stand spends one use per casting, whatever the number of casters in it.
	Uses int `json:"uses,omitempty"`
	// Damage and Heal, when set, replace the spell's (a cantrip's damage at the caster's level, a
	// spell cast with a higher slot).
	Damage []Damage `json:"damage,omitempty"`
	Heal   string   `json:"heal,omitempty"`
}

// Trait names the engine knows (Trait.Name).
const (
	// TraitPackTactics: advantage on an attack roll against a target adjacent to another of the
	// attacker's side's stands or solos (5e: an ally within 5 ft of the target).
	TraitPackTactics = "pack tactics"
	// TraitMartialAdvantage: once per turn, Trait.Dice extra damage (hobgoblin: "2d6") to a target
	// hit by a weapon attack while another of the attacker's side's stands or solos is adjacent to it.
	TraitMartialAdvantage = "martial advantage"
	// TraitMagicResistance: advantage on saving throws against spells.
	TraitMagicResistance = "magic resistance"
	// TraitUndeadFortitude: damage that drops it to 0 hp, unless radiant or from a critical hit,
	// calls for a Constitution save DC 5 + the damage taken; on a success it drops to 1 hp instead.
	TraitUndeadFortitude = "undead fortitude"
	// TraitCharge: when the stand or solo moved at least 10 ft (2 squares, U-3) straight toward a
	// target this turn and hits it with Trait.Attack, the target takes Trait.Dice extra damage and
	// makes a Strength save against Trait.DC or is pushed up to Trait.Push ft and knocked prone
	// (the minotaur's Charge; U-3, U-76).
	TraitCharge = "charge"
	// TraitReckless: at the start of its turn it gains advantage on its melee attack rolls that
	// turn, and attack rolls against it have advantage until its next turn (the minotaur's; the
	// engine always takes it).
	TraitReckless = "reckless"
	// TraitSurpriseAttack: Trait.Dice extra damage when it hits a surprised target in the first
	// round (U-79; the bugbear's 2d6).
	TraitSurpriseAttack = "surprise attack"
	// TraitKeenSenses: advantage on Perception checks (keen hearing, sight, smell): +5 to the
	// passive Perception that finds the hidden (U-80 [5E-CORE]).
	TraitKeenSenses = "keen senses"
	// TraitSunlightSensitivity: while in sunlight, disadvantage on attack rolls and on Perception
	// checks that rely on sight (the kobold's [SRD]); the battle is in sunlight when its Light is
	// bright (""): -5 to the passive Perception that finds the hidden (U-80 [5E-CORE]).
	TraitSunlightSensitivity = "sunlight sensitivity"
	// TraitBrave: advantage on saving throws against being frightened (the knight's [SRD]): the
	// first save against a spell that frightens (fear) and its repeats.
	TraitBrave = "brave"
)

// Trait is a special trait the engine simulates.
type Trait struct {
	Name string `json:"name"`           // a Trait* constant
	Dice string `json:"dice,omitempty"` // TraitMartialAdvantage, TraitCharge: the extra damage
	// TraitCharge: the attack it rides on (index into Creature.Attacks), the save DC and the push
	// in ft.
	Attack int `json:"attack,omitempty"`
	DC     int `json:"dc,omitempty"`
	Push   int `json:"push,omitempty"`
}

// SpellResolve says how a spell's effect lands.
type SpellResolve string

// How spells resolve.
const (
	ResolveAttack SpellResolve = "attack" // a spell attack roll against AC
	ResolveSave   SpellResolve = "save"   // each target makes a saving throw against the caster's DC
	ResolveAuto   SpellResolve = "auto"   // hits without a roll (magic missile)
	ResolveHeal   SpellResolve = "heal"   // restores hit points to allied targets
)

// Spell is a 5e spell as the battle rules need it (U-38..U-47).
type Spell struct {
	ID    string `json:"id"` // the name battles use, e.g. "fireball"
	Name  string `json:"name"`
	Pos   Pos    `json:"pos"`
	Level int    `json:"level"` // 0: cantrip
	// Range in ft ("Touch" is 5); 0 with Self: the spell's area starts at a side of the caster's
	// space (U-44).
	Range   int          `json:"range"`
	Self    bool         `json:"self,omitempty"`
	Resolve SpellResolve `json:"resolve"`
	Melee   bool         `json:"melee,omitempty"` // ResolveAttack: a melee spell attack (else ranged)
	Save    string       `json:"save,omitempty"`  // ResolveSave: the ability, one of AbilityNames
	// HalfOnSave: a successful save halves the damage (else a success takes none).
	HalfOnSave bool     `json:"halfOnSave,omitempty"`
	Damage     []Damage `json:"damage,omitempty"` // on a hit, a failed save, or automatically
	Heal       string   `json:"heal,omitempty"`   // ResolveHeal: hp regained (dice)
	// Targets is how many creatures a targeted spell affects (magic missile's darts: 3; each a stand
	// or an unattached solo, U-40); 0 for an area spell.
	Targets int   `json:"targets,omitempty"`
	Area    *Area `json:"area,omitempty"` // nil: a targeted spell
	// Effect is what the spell does besides damage or healing (a condition, a boon or bane,
	// forced movement); nil: nothing else.
	Effect *SpellEffect `json:"effect,omitempty"`
}

// SpellEffect is a spell's effect besides damage (U-76 [5E-CORE], the SRD's words as the battle
// rules read them): each affected stand or solo (a failed save, or every target when the spell
// has no save) gets the condition and the modifiers until the effect ends.
type SpellEffect struct {
	Condition string `json:"condition,omitempty"` // a Cond* name; "" none
	// Attack and Save are dice added to the affected's attack rolls and saving throws ("1d4",
	// bless) or taken from them ("-1d4", bane); AC is added to its armour class (shield of faith: 2).
	Attack string `json:"attack,omitempty"`
	Save   string `json:"save,omitempty"`
	AC     int    `json:"ac,omitempty"`
	Ally   bool   `json:"ally,omitempty"` // cast on the caster's side (a boon), else on enemies
	// Concentration: the effect lasts while its caster concentrates (one such spell at a time; a
	// Constitution save DC max(10, half the damage) each time it takes damage keeps it).
	Concentration bool `json:"concentration,omitempty"`
	// Repeat: an affected target repeats the save at the end of each of its turns, ending the
	// effect on itself on a success (hold person).
	Repeat bool `json:"repeat,omitempty"`
	// Escape: an affected stand or solo spends its action on a check of this ability (one of
	// AbilityNames) against the DC, ending the effect on itself on a success (web, entangle).
	Escape string `json:"escape,omitempty"`
	// EndsOnDamage: damage ends the effect on the one damaged (hypnotic pattern, sleep).
	EndsOnDamage bool `json:"endsOnDamage,omitempty"`
	// Push: ft an affected target is pushed away from the caster (thunderwave: 10); U-3 converts
	// at 5 ft a square.
	Push int `json:"push,omitempty"`
	// CreatureType: only creatures of this type are affected ("humanoid": hold person); "" any.
	CreatureType string `json:"creatureType,omitempty"`
	// Rounds: the most rounds it lasts (1 minute = 1 round, U-1; 10 minutes: 10); 0 until it ends
	// otherwise.
	Rounds int `json:"rounds,omitempty"`
	// Pool: dice of hit points the spell affects, in ascending order of current hit points, each
	// creature in the area whose hp is at most what is left (sleep: "5d8"); "" none. A stand's
	// pool is doubled (U-43's double damage, sortie's Default: pools.go).
	Pool string `json:"pool,omitempty"`
	// NotType: creatures of this type are unaffected (sleep: "undead"); "" none.
	NotType string `json:"notType,omitempty"`
	// Ground: the area's squares are difficult ground while the effect lasts (web, entangle),
	// whether or not anyone failed the save.
	Ground bool `json:"ground,omitempty"`
	// Aura: a self-range area that moves with its caster (spirit guardians): an enemy starting
	// its turn in it saves against the spell's damage; sortie's Default: the squares next to the
	// caster's space (aura.go).
	Aura bool `json:"aura,omitempty"`
	// Advantage: the targets make the spell's save with advantage (charm person: "does so with
	// advantage if you or your companions are fighting it", and in a battle they are).
	Advantage bool `json:"advantage,omitempty"`
	// RepeatSave: the ability (one of AbilityNames) of the save an affected target makes at the end
	// of each of its turns, ending the effect on a success, for a spell with no save of its own
	// (power word stun: "con"); "" none.
	RepeatSave string `json:"repeatSave,omitempty"`
	// MaxHP: only a target with at most this many current hit points is affected (power word stun:
	// 150; a stand's hit points are the stand's); 0 any.
	MaxHP int `json:"maxHP,omitempty"`
	// EnterSave: a stand or solo that starts its turn in the area, or whose move on its turn ends
	// in it, makes the save then, and the effect lands on a failure (web: "A creature that starts
	// its turn in the webs or enters them during its turn must make a Dexterity saving throw").
	EnterSave bool `json:"enterSave,omitempty"`
}

// AreaShape is the shape of a spell's area (U-45..U-47).
type AreaShape string

// Area shapes.
const (
	AreaCone     AreaShape = "cone"
	AreaCube     AreaShape = "cube"
	AreaCylinder AreaShape = "cylinder"
	AreaLine     AreaShape = "line"
	AreaSphere   AreaShape = "sphere"
)

// Area is a spell's area of effect.
type Area struct {
	Shape AreaShape `json:"shape"`
	Size  int       `json:"size"` // ft: a cone's or line's length, a cube's side, a sphere's or cylinder's radius
}

// UnitType is a unit's type (U-7), fixed for the battle.
type UnitType string

// Unit types.
const (
	Skirmisher UnitType = "skirmisher" // U-8
	Regiment   UnitType = "regiment"   // U-9
)

// Config is a regiment's configuration (U-48).
type Config string

// Configurations; skirmishers have none ("").
const (
	CfgAid    Config = "aid"
	CfgDefend Config = "defend"
	CfgMarch  Config = "march"
)

// ClashUnit is a unit (U-7): stands that move and act as one.
type ClashUnit struct {
	ID     string       `json:"id"`
	Name   string       `json:"name,omitempty"`
	Pos    Pos          `json:"pos"`
	Side   int          `json:"side"` // 0 or 1, index into Clash.Sides
	Type   UnitType     `json:"type"`
	Config Config       `json:"config,omitempty"` // regiments: the starting configuration (U-24, U-78)
	Stands []ClashStand `json:"stands"`           // at least one
	// Commander is the solo (index into Clash.Solos) commanding the unit, joined to one of its
	// stands (U-12); -1: none.
	Commander int  `json:"commander"`
	Surprised bool `json:"surprised,omitempty"` // U-79: neither moves nor acts on its first turn
	// Mark is the letter the map draws its stands with (one ASCII letter, unique in the battle).
	Mark string `json:"mark"`
}

// ClashStand is one stand of ten identical creatures (U-4).
type ClashStand struct {
	Creature int    `json:"creature"`     // index into Clash.Creatures
	At       [2]int `json:"at"`           // top-left square
	HP       int    `json:"hp,omitempty"` // hp at the start; 0: the creature's HP
	Pos      Pos    `json:"pos"`
}

// ClashSolo is a solo (U-10): a PC, a strong NPC or monster, unattached or joined to a stand.
type ClashSolo struct {
	ID       string `json:"id"`
	Name     string `json:"name,omitempty"`
	Pos      Pos    `json:"pos"`
	Side     int    `json:"side"`
	Creature int    `json:"creature"` // index into Clash.Creatures
	// At is the top-left square of an unattached solo; for a joined one, its stand's (ignored).
	At [2]int `json:"at"`
	// Unit and Stand say which stand it is joined to at the start (U-25): stand Stand (index into
	// the unit's Stands) of unit Unit. Unit -1: unattached.
	Unit  int `json:"unit"`
	Stand int `json:"stand"`
	// PC: at 0 hp the solo is dying and makes death saves (U-58, U-61); other solos die at 0 hp.
	PC        bool   `json:"pc,omitempty"`
	HP        int    `json:"hp,omitempty"`        // hp at the start; 0: the creature's HP
	Surprised bool   `json:"surprised,omitempty"` // U-79 (unattached solos; joined ones follow the unit)
	Mark      string `json:"mark"`                // the map letter of an unattached solo (unique in the battle)
}

// ClashResource is a Destruction resource (U-67): squares with hit points, such as a bridge.
type ClashResource struct {
	ID      string           `json:"id"`
	Name    string           `json:"name,omitempty"`
	Pos     Pos              `json:"pos"`
	Squares []ResourceSquare `json:"squares"`
}

// ResourceSquare is one square of a resource.
type ResourceSquare struct {
	At [2]int `json:"at"`
	HP int    `json:"hp"` // 10..100 (U-67)
	VP int    `json:"vp"` // VP a Destruction objective on this resource scores when it reaches 0 hp (1..5)
}

// ObjKind is an objective's kind (U-65..U-69).
type ObjKind string

// Objective kinds.
const (
	ObjAttrition ObjKind = "attrition" // U-66: VP per enemy unit eliminated
	ObjDestroy   ObjKind = "destroy"   // U-67: VP per square of Resource brought to 0 hp
	ObjProtect   ObjKind = "protect"   // U-68: VP each end of round Resource is held
	ObjCustom    ObjKind = "custom"    // U-69: VP when When holds at an end of round
)

// ClashObjective is what one side scores VP for (U-65).
type ClashObjective struct {
	ID   string  `json:"id"`
	Name string  `json:"name,omitempty"`
	Pos  Pos     `json:"pos"`
	Side int     `json:"side"` // the side that scores it
	Kind ObjKind `json:"kind"`
	// Units (attrition): each enemy unit it counts, with the VP its elimination gives.
	Units []UnitVP `json:"units,omitempty"`
	// Resource (destroy, protect): index into Clash.Resources.
	Resource int `json:"resource,omitempty"`
	// VP: protect, per end of round held (U-68: 1); custom, each time it scores.
	VP int `json:"vp,omitempty"`
	// When (custom): the condition, evaluated at the end of round (step 4 of U-59).
	When *ClashCond `json:"when,omitempty"`
	// Repeat (custom): score at every end of round the condition holds; false: the first time only.
	Repeat bool `json:"repeat,omitempty"`
}

// UnitVP is a unit and the VP it is worth.
type UnitVP struct {
	Unit int `json:"unit"` // index into Clash.Units
	VP   int `json:"vp"`
}

// ClashCondOp is the operator of a ClashCond.
type ClashCondOp string

// Condition operators a custom objective can use (U-69).
const (
	ClashAll ClashCondOp = "all" // every Args holds
	ClashAny ClashCondOp = "any" // at least one of Args holds
	ClashNot ClashCondOp = "not" // Args[0] does not hold
	// ClashIn: at least Count (>= 1) stands and unattached solos of Side (or of Unit when Unit >= 0)
	// stand on Zone: a stand counts when any of its squares is in Zone.
	ClashIn ClashCondOp = "in"
	// ClashEliminated: unit Unit has no stand left on the grid.
	ClashEliminated ClashCondOp = "eliminated"
	// ClashBroken: unit Unit is broken (U-63).
	ClashBroken ClashCondOp = "broken"
	// ClashDown: solo Solo can no longer take actions (0 hp, dead, or fled the grid).
	ClashDown ClashCondOp = "down"
	// ClashNoCommander: unit Unit has no commander (its commander fell, stepped down or left, U-13).
	ClashNoCommander ClashCondOp = "noCommander"
	// ClashDestroyed: every square of resource Resource is at 0 hp.
	ClashDestroyed ClashCondOp = "destroyed"
	// ClashRound: the round ending is Round or later.
	ClashRound ClashCondOp = "round"
)

// ClashCond is a condition on the battle's state, evaluated at an end of round.
type ClashCond struct {
	Op       ClashCondOp `json:"op"`
	Args     []ClashCond `json:"args,omitempty"`     // all, any, not
	Side     int         `json:"side,omitempty"`     // in
	Unit     int         `json:"unit"`               // in (-1: any unit of Side), eliminated, broken, noCommander
	Solo     int         `json:"solo,omitempty"`     // down
	Resource int         `json:"resource,omitempty"` // destroyed
	Zone     [][2]int    `json:"zone,omitempty"`     // in: squares
	Count    int         `json:"count,omitempty"`    // in: at least this many (0 means 1)
	Round    int         `json:"round,omitempty"`    // round
}

// DecodeClash reads a compiled clash battle and checks its format and version (not its contents:
// runner/clash checks those when it sets the battle up).
func DecodeClash(data []byte) (*Clash, error) {
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("not a sortie clash battle: %v", err)
	}
	if head.Format != ClashFormat {
		return nil, fmt.Errorf("not a sortie clash battle (format %q, want %q)", head.Format, ClashFormat)
	}
	if head.Version != Version {
		return nil, fmt.Errorf("clash battle version %d is not supported (this sortie reads version %d); compile the battle again", head.Version, Version)
	}
	c := new(Clash)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(c); err != nil {
		return nil, fmt.Errorf("malformed clash battle: %v", err)
	}
	return c, nil
}
