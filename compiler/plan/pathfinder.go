package plan

// Pathfinder is the part of a plan for `rules: "pathfinder"` scenarios (RULES.md Part P): a hex
// field in axial coordinates, armies with their derived stat blocks and routes, the kingdoms and
// the objectives. Plan.Field, Party, Armies, Encounters, Events and Episodes stay empty then.
// Karzoral plans have no Pathfinder section (it is omitted from the JSON).
//
// Units: days, 12-mile hexes (P-6), hp.
//
// The plan holds data only: sizes, CRs, hit dice, grades, tactics and boons are the names the
// Pathfinder engine (runner/pathfinder) reads and writes ("Large", "1/3", "d10", "improved",
// "Expert Flankers", "Hit and Run"); the engine parses them (pathfinder.ArmyOf) and rejects a
// name it does not know.
type Pathfinder struct {
	// Options are the rule switches the author set (name -> choice, as the engine's
	// pathfinder.Options.SetOption reads them); the others are at their Default.
	Options    map[string]string `json:"options,omitempty"`
	Hexes      []Hex             `json:"hexes"`            // in source order
	Kingdoms   [2]*Kingdom       `json:"kingdoms"`         // [friendly, enemy]; nil when not written
	Armies     []PFArmy          `json:"armies"`           // sorted by ID (armies move in this order each day), then the armies orders form
	Objectives []PFObjective     `json:"objectives"`       // in source order
	Orders     []PFOrder         `json:"orders,omitempty"` // by day, then in source order
}

// PFOrder is a scripted change to the armies at the start of a day (Ultimate Campaign, Optional Mass
// Combat Rules): split an army into two one size smaller, combine two of one type and size into one
// a size larger, put an army in reserve in a settlement, or make a reserve army active again; or
// buy, sell or transfer resources (P-66, Army Resources; runner/pathfinder hextrade.go).
type PFOrder struct {
	Day    int    `json:"day"`
	Kind   string `json:"kind"`           // "split" | "combine" | "reserve" | "activate" | "buy" | "sell" | "transfer" | "reform"
	Armies []int  `json:"armies"`         // the army (combine: the two; transfer: from, to), indices
	Into   []int  `json:"into,omitempty"` // split: the two armies it forms; combine: the one
	Keep   int    `json:"keep,omitempty"` // combine: 0 or 1, whose commander leads the combined army
	// Buy, sell, transfer: the resources bought, sold or handed over (siegeEngines: how many);
	// MountCR: the CR of the mounts bought ("" for the army's own mountCR), their price in BP.
	Resources *Resources `json:"resources,omitempty"`
	MountCR   string     `json:"mountCR,omitempty"`
}

// Hex is one 12-mile hex. Axial coordinates [q, r]; the six neighbours are q±1, r±1 and
// (q+1, r-1), (q-1, r+1).
type Hex struct {
	ID                  string     `json:"id"`
	Name                string     `json:"name,omitempty"`
	Terrain             string     `json:"terrain,omitempty"`
	At                  [2]int     `json:"at"`                  // [q, r]
	Neighbours          []int      `json:"neighbours"`          // hex indices, in direction order E, NE, NW, W, SW, SE
	Difficult           bool       `json:"difficult,omitempty"` // entering costs two hexes of speed (P-6)
	Fortification       int        `json:"fortification,omitempty"`
	FortKind            string     `json:"fortificationKind,omitempty"` // "water" | "earth" | "stone" | "city walls" | ""
	AdvantageousTerrain bool       `json:"advantageousTerrain,omitempty"`
	Conditions          Conditions `json:"conditions"`
	Reserve             string     `json:"reserve,omitempty"` // the largest army size its buildings hold in reserve ("Medium": a Barracks)
}

// Conditions are the battlefield conditions that touch every army in a battle (P-65).
type Conditions struct {
	Darkness    bool   `json:"darkness"`              // OM -2, DV -3
	DimLight    bool   `json:"dimLight"`              // OM -1
	Fog         bool   `json:"fog"`                   // damage halved (at least 1), +2 on Withdraw morale checks
	Sandstorm   bool   `json:"sandstorm"`             // as fog, and 1 damage to every army each Ranged and Melee Phase
	Rain        bool   `json:"rain,omitempty"`        // OM -4 in the Ranged Phase (as severe wind)
	Snow        bool   `json:"snow,omitempty"`        // as rain, and damage halved as fog
	Wind        string `json:"wind,omitempty"`        // "" | "light" | "moderate" | "strong" | "severe" | "windstorm" | "hurricane" | "tornado"
	BrightLight bool   `json:"brightLight,omitempty"` // light sensitivity OM -1, light blindness OM -2
	Terrain     string `json:"terrain,omitempty"`     // the battlefield's terrain (mobility); a hex's by default
	Water       bool   `json:"water,omitempty"`       // fought in the water or on ships (aquatic, vortex)
}

// HexDirs are the six axial steps, in the order of Hex.Neighbours: E, NE, NW, W, SW, SE.
var HexDirs = [6][2]int{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

// Kingdom holds a side's kingdom counters (P-57) and its Loyalty check (P-61).
type Kingdom struct {
	Name      string `json:"name,omitempty"`
	Economy   int    `json:"economy"`
	Loyalty   int    `json:"loyalty"` // also the Loyalty check modifier
	Stability int    `json:"stability"`
	ControlDC int    `json:"controlDC"`
	TurnDays  int    `json:"turnDays"` // days in a kingdom turn; an Upkeep Phase ends each (P-59)
	// Upkeep: the kingdom pays its armies' consumption from Treasury (BP) every week, and Income
	// joins the treasury each kingdom turn (P-11, P-66); false: the scenario tracks no money.
	Upkeep   bool `json:"upkeep,omitempty"`
	Treasury int  `json:"treasury,omitempty"`
	Income   int  `json:"income,omitempty"`
	// Buildings the kingdom has (Ultimate Campaign's kingdom buildings: "Smithy", "Stable" ...), and
	// Requires: for a resource the buildings one of which it needs before it can be bought (keys
	// "improvedArmor", "magicArmor", "improvedWeapons", "magicWeapons", "mounts", "rangedWeapons",
	// "siegeEngines", "healingPotions"); both as the scenario gives them (checked by the compiler).
	Buildings []string            `json:"buildings,omitempty"`
	Requires  map[string][]string `json:"requires,omitempty"`
}

// Sides of a Pathfinder scenario: Kingdoms and PFArmy.Side use them.
const (
	Friendly = 0
	Enemy    = 1
)

// PFArmy is an army of a Pathfinder plan: what the author wrote (Army, re-derived by the runner
// with the engine's pathfinder.Derive) and the derived stat block (Stats, for people reading the
// plan).
type PFArmy struct {
	ID    string    `json:"id"`
	Side  int       `json:"side"`  // Friendly | Enemy (a battle file: 0 = first side, 1 = second)
	Start int       `json:"start"` // hex index (-1 in a battle file)
	Route []int     `json:"route"` // hex indices, each adjacent to the one before (the first to Start)
	Army  ArmyInput `json:"army"`
	Stats StatBlock `json:"stats"`
	// In a battle file: what is particular to the battle (P-54, P-59, P-65).
	StartHP              int    `json:"startHP,omitempty"`
	Routed               bool   `json:"routed,omitempty"`
	Fortification        int    `json:"fortification,omitempty"`
	FortKind             string `json:"fortificationKind,omitempty"` // "water" | "earth" | "stone" | "city walls" | ""
	AdvantageousTerrain  bool   `json:"advantageousTerrain,omitempty"`
	BattlefieldAdvantage bool   `json:"battlefieldAdvantage,omitempty"`
	Ambusher             bool   `json:"ambusher,omitempty"`
	Ruling               int    `json:"ruling,omitempty"`
	// Formed: the army comes into being by an order (a split or a combination); until then it is off
	// the map (Start -1).
	Formed bool `json:"formed,omitempty"`
}

// ArmyInput is an army as the author wrote it (P-1..P-11), with the engine's names: Size "Fine"
// .. "Colossal", CRs "1/8" .. "1/2", "1", "2" ..., HitDie "d6" | "d8" | "d10" | "d12", tactics and
// boons by their English names. The engine's pathfinder.ArmyOf reads it; pathfinder.InputOf writes it.
type ArmyInput struct {
	Name      string          `json:"name"`
	Size      string          `json:"size"`
	CR        string          `json:"cr"`
	MountCR   string          `json:"mountCR,omitempty"` // "" for no mount
	HitDie    string          `json:"hitDie"`
	Morale    int             `json:"morale"`
	Alignment string          `json:"alignment,omitempty"` // "LG" .. "CE", "N"
	Type      string          `json:"type,omitempty"`      // creature type: "humanoid", "undead", "outsider" ...
	Tactics   []string        `json:"tactics"`
	Resources Resources       `json:"resources"`
	Abilities []Ability       `json:"abilities,omitempty"`
	Commander *CommanderInput `json:"commander,omitempty"`
	Speed     int             `json:"speed,omitempty"`
	SpeedFeet int             `json:"speedFeet,omitempty"`
	ACR       string          `json:"acr,omitempty"` // a hand-written ACR, "" for none
	HP        int             `json:"hp,omitempty"`
	OM        *int            `json:"om,omitempty"`
	DV        *int            `json:"dv,omitempty"`
}

// Resources are an army's resources (P-66): Armor and Weapons grades "none" | "improved" | "magic".
type Resources struct {
	Armor          string `json:"armor"`          // DV +1 improved, +2 magic
	Weapons        string `json:"weapons"`        // OM +1 improved, +2 magic
	Mounts         bool   `json:"mounts"`         // OM +2, DV +2; the army is mounted
	Ranged         bool   `json:"ranged"`         // ranged weapons: the army attacks in Ranged Phases (P-48)
	SiegeEngines   int    `json:"siegeEngines"`   // OM +2 with at least one
	HealingPotions bool   `json:"healingPotions"` // twice a battle: skip the offense check to heal 2 x ACR hp
}

// Ability is a special ability as written: a published one by its name ("regeneration", with
// Value 40), or the author's own modifiers, which apply When ("always", "melee", "vs undead" ...).
type Ability struct {
	Name         string   `json:"name"`
	Value        int      `json:"value,omitempty"` // bravery +1, fast healing 5, regeneration 40, spellcasting 2
	Of           []string `json:"of,omitempty"`    // immunity: to what; significant defense: what overcomes it; tactician: its tactic
	When         string   `json:"when,omitempty"`  // "" is always
	OM           int      `json:"om,omitempty"`
	DV           int      `json:"dv,omitempty"`
	Damage       int      `json:"damage,omitempty"`
	Morale       int      `json:"morale,omitempty"`
	Ranged       bool     `json:"ranged,omitempty"`       // gives ranged attacks (P-48)
	Spellcasting bool     `json:"spellcasting,omitempty"` // counts for Spellbreaker (P-34)
	Darkvision   bool     `json:"darkvision,omitempty"`   // ignores darkness and dim light (P-65)
	Mounted      bool     `json:"mounted,omitempty"`      // counts as mounted without the mounts resource
}

// CommanderInput is an army's commander (P-9); Boons and BonusTactics by their English names.
type CommanderInput struct {
	Name           string   `json:"name,omitempty"`
	PC             bool     `json:"pc,omitempty"`
	Level          int      `json:"level"`
	Charisma       int      `json:"charisma"`
	LeadershipFeat bool     `json:"leadershipFeat,omitempty"`
	SoldierRanks   int      `json:"soldierRanks,omitempty"`
	Boons          []string `json:"boons,omitempty"`
	BonusTactics   []string `json:"bonusTactics,omitempty"`
	Absent         bool     `json:"absent,omitempty"`
	Role           string   `json:"role,omitempty"`     // a kingdom leadership role: "Ruler", "General" ...
	RoleBoon       string   `json:"roleBoon,omitempty"` // the role's boon
	Unlucky        bool     `json:"unlucky,omitempty"`  // an unlucky reputation: Morale -1 (Losing Commanders)
}

// StatBlock is an army's derived stat block as a person reads it (P-1..P-11, P-66); the engine's
// pathfinder.BlockOf makes it.
type StatBlock struct {
	ACR          string   `json:"acr"`
	HP           int      `json:"hp"`
	OM           int      `json:"om"`
	DV           int      `json:"dv"`
	Morale       int      `json:"morale"`
	MoraleMod    int      `json:"moraleMod"` // morale check modifier (P-8)
	Tactics      []string `json:"tactics"`   // usable, Standard and Withdraw included
	TacticsLimit int      `json:"tacticsLimit"`
	Leadership   int      `json:"leadership,omitempty"`
	Boons        int      `json:"boons,omitempty"` // boons known (bonus tactics included)
	BoonsLimit   int      `json:"boonsLimit,omitempty"`
	Speed        int      `json:"speed"`       // hexes a day (P-6)
	Consumption  int      `json:"consumption"` // BP a week (P-11)
	XP           int      `json:"xp"`
	Ranged       bool     `json:"ranged,omitempty"`
	Mounted      bool     `json:"mounted,omitempty"`
}

// PFObjective ends a Pathfinder scenario when every army in Defeat is destroyed or routed (and
// Defeat is not empty), or when army Reach[0] stands in hex Reach[1].
type PFObjective struct {
	ID      string  `json:"id"`
	Outcome string  `json:"outcome"` // "success" | "failure"
	Say     string  `json:"say,omitempty"`
	Defeat  []int   `json:"defeat,omitempty"` // army indices
	Reach   *[2]int `json:"reach,omitempty"`  // [army, hex]
}

// BattleFormat is the value of Battle.Format.
const BattleFormat = "sortie-battle"

// Battle is a compiled battle file (kind: "battle"): two sides of armies and the conditions.
type Battle struct {
	Format     string     `json:"format"`  // BattleFormat
	Version    int        `json:"version"` // Version
	SourceHash string     `json:"sourceHash"`
	Sources    []string   `json:"sources"`
	ID         string     `json:"id"`
	Title      string     `json:"title,omitempty"`
	Sides      [2]string  `json:"sides"`  // side names
	Armies     []PFArmy   `json:"armies"` // first side's in source order, then the second's
	Conditions Conditions `json:"conditions"`
	// Options are the rule switches the author set (see Pathfinder.Options).
	Options map[string]string `json:"options,omitempty"`
}
