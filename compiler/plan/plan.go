// Package plan defines the intermediate plan: what the compiler writes and the runner reads.
//
// A plan is versioned, deterministic JSON in which every reference is resolved to an integer index
// (blocks, armies, encounters, flags). It is enough on its own to run a scenario; the runner never
// sees CUE. Two compiles of the same sources give byte-identical plans (Encode).
//
// The plan is the contract between the compiler and the engines, and holds data only: it imports
// no runner package (an engine's vocabulary, such as Pathfinder's sizes and tactics, is written
// here as names the engine parses); engines import it (runner/imports_test.go checks both).
//
// Units: days (Plan.DayLimit), blocks (Field.Blocks; one block is one day's move, K-17/K-28),
// strength (Army.Strength, K-21), hit points (PC.HP, hp), light (Party.Torches and LanternOil: 6
// torches or 1 flask give 12 hours, K-58), XP (Objective.XP, Plan.FailureXP). Coordinates: [x, y], x grows to the east, y to the south.
package plan

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// Format is the value of Plan.Format.
const Format = "sortie-plan"

// Version is the plan format version this package writes and reads. A runner refuses other versions.
const Version = 1

// Plan is a compiled scenario.
type Plan struct {
	Format     string      `json:"format"`     // always Format
	Version    int         `json:"version"`    // always Version
	SourceHash string      `json:"sourceHash"` // "sha256:<hex>" over the sources, see compiler
	Sources    []string    `json:"sources"`    // source files, slash-separated, relative to the scenario folder
	Scenario   Meta        `json:"scenario"`
	DayLimit   int         `json:"dayLimit"` // the scenario fails at the end of this day unless won (days)
	Party      Party       `json:"party"`
	Field      Field       `json:"field"`
	Armies     []Army      `json:"armies"`     // sorted by ID (K-24 resolves pairs in ascending army ID)
	Encounters []Encounter `json:"encounters"` // sorted by ID
	Flags      []string    `json:"flags"`      // interned flag names, sorted; Cond and Action refer to indices
	// FlagSummaries[i] is what the players are told of Flags[i]: how it is set ("" when not
	// told). Nil when the scenario tells of no flag; otherwise as long as Flags.
	FlagSummaries []string    `json:"flagSummaries,omitempty"`
	Events        []Event     `json:"events"`     // in source order
	Objectives    []Objective `json:"objectives"` // in source order
	Episodes      []Episode   `json:"episodes"`   // exactly 6, face 1 first (K-36)
	NightRaid     int         `json:"nightRaid"`  // encounter index of the night raid (K-39), -1 if none

	// The Karzoral add-ons (issue 5). All optional: a plan without them runs as before.
	NightRaidTN int          `json:"nightRaidTN,omitempty"` // danger-sense TN before a night raid (K-71); 0: no check
	FailureXP   int          `json:"failureXP,omitempty"`   // XP per PC on failure (K-66)
	Pursuit     []PursuitRow `json:"pursuit,omitempty"`     // pursuit damage by monster level (K-95), ascending Level
	Traversals  []Traversal  `json:"traversals,omitempty"`  // traversal areas (K-43), sorted by ID
	Options     *RuleOptions `json:"options,omitempty"`     // the scenario's rule options; nil: every Default
	// Midpoint is the setup of armies a retry that resumes at the midpoint places (K-68); nil: the
	// initial setup.
	Midpoint *Setup `json:"midpoint,omitempty"`
	// Shop is the price list at the scenario's bases mid-scenario (K-12), in source order; in a
	// campaign an item here replaces the campaign's item of the same ID. Empty: nothing on sale
	// unless a campaign brings its own.
	Shop []Item `json:"shop,omitempty"`

	// Pathfinder holds a rules: "pathfinder" scenario (hexes, armies, kingdoms, its own rule
	// options); nil and omitted for Karzoral plans.
	Pathfinder *Pathfinder `json:"pathfinder,omitempty"`
}

// PC is a player character or the angel (K-1) with the numbers the campaign's rules read.
type PC struct {
	Name         string `json:"name"`
	Angel        bool   `json:"angel,omitempty"`        // the magitech angel (K-1, K-102)
	Level        int    `json:"level"`                  // adventurer level (K-87, K-94)
	Agility      int    `json:"agility,omitempty"`      // agility bonus (K-94)
	Scout        int    `json:"scout,omitempty"`        // scout or ranger level: danger sense (K-71); 0 cannot roll it
	Intelligence int    `json:"intelligence,omitempty"` // intelligence bonus (K-71, K-79)
	Vitality     int    `json:"vitality,omitempty"`     // vitality bonus: the life check (K-101)
	WarLeader    int    `json:"warLeader,omitempty"`    // War Leader level (K-79); 0 none
	Darkvision   bool   `json:"darkvision,omitempty"`   // needs no light (K-59)
	HP           int    `json:"hp"`                     // maximum hit points (hp)
	Defense      int    `json:"defense,omitempty"`      // defense (armour points) against physical damage (hp)
}

// Burden is a helpless NPC the party escorts (K-86). Its numbers follow K-87.
type Burden struct {
	Name string `json:"name"`
}

// PursuitRow is one row of the scenario's pursuit damage table (K-95): the damage of monsters whose
// level is at least Level (up to the next row's Level), as a BCDice power roll such as "K20+3@10".
type PursuitRow struct {
	Level  int    `json:"level"`
	Damage string `json:"damage"`
}

// Traversal is a traversal area (K-43): maze ruins, steep mountains.
type Traversal struct {
	ID        string          `json:"id"`
	Name      string          `json:"name,omitempty"`
	Blocks    []int           `json:"blocks"`             // block indices, ascending; entering one starts traversal mode
	Threshold int             `json:"threshold"`          // traversal progress that completes the area (K-47)
	Exit      string          `json:"exit"`               // "free" | "completeOnly" | "retrace" | "none" (K-50)
	Faces     []TraversalFace `json:"faces"`              // exactly 6, face 1 first (K-45)
	Complete  []Action        `json:"complete,omitempty"` // the completion event (K-47)
	Say       string          `json:"say,omitempty"`      // said on completion
}

// TraversalFace is one face of a traversal event table (K-45).
type TraversalFace struct {
	Say      string   `json:"say,omitempty"`
	Progress int      `json:"progress,omitempty"` // change of traversal progress
	Do       []Action `json:"do,omitempty"`
}

// RuleOptions switches the Defaults of RULES.md's Ambiguities (and a few runner limits). The zero
// value is every Default; each field names the rule whose Default it switches off.
type RuleOptions struct {
	MajorityAtHalf       bool `json:"majorityAtHalf,omitempty"`       // K-4: exactly half is a majority (default: strict majority)
	CheckedFaceForbidden bool `json:"checkedFaceForbidden,omitempty"` // K-37: a checked face may not be kept while an unchecked one shows (default: free choice)
	NoSleepPenalty       bool `json:"noSleepPenalty,omitempty"`       // K-41: no sleep-deprivation penalty at all
	SleepPenaltyOneDay   bool `json:"sleepPenaltyOneDay,omitempty"`   // K-41: the penalty lasts the next day only (default: until the next rest)
	SleepPenalty         int  `json:"sleepPenalty,omitempty"`         // K-41: the penalty on checks; 0 means 2 (SW2 sleep deprivation)
	DarkMarchLight12     bool `json:"darkMarchLight12,omitempty"`     // K-57: the dark day's 12 h of light also light a forced march from the block: 12 h in all, not 24
	// K-23: an aerial survey or a reveal also tells each army's strength (the seed tells existence and
	// movement only, 「その存在、及び移動」): a scenario's options: surveyStrength.
	SurveyStrength bool `json:"surveyStrength,omitempty"`
	// K-23: how many times in the scenario the angel may use the Angel Order aerial survey
	// (【〆航天俯瞰】) when the players choose, each start phase after the armies moved; 0: never
	// offered (the angel's rules, which would say, are outside the spec).
	AngelOrders            int    `json:"angelOrders,omitempty"`
	TorchesFirst           bool   `json:"torchesFirst,omitempty"`           // K-58: burn torches before lantern oil (default: oil first)
	NegativeProgress       bool   `json:"negativeProgress,omitempty"`       // K-45: traversal progress may go below 0 (default: clamp at 0)
	TraversalNextDay       bool   `json:"traversalNextDay,omitempty"`       // K-43: traversal mode starts the day after entry
	CompletionEndsDay      bool   `json:"completionEndsDay,omitempty"`      // K-47: completing rests at once (default: camp and night follow)
	EscapeTNOnce           bool   `json:"escapeTNOnce,omitempty"`           // K-94: one TN roll for the party (default: per PC)
	BurdenPenaltyFlat      bool   `json:"burdenPenaltyFlat,omitempty"`      // K-97: a carrier takes -2 however many burdens (default: -2 per burden)
	SupportSparesNPCs      bool   `json:"supportSparesNPCs,omitempty"`      // K-76: burdens are not eligible targets of enemy support (default: they are)
	CancelLimit            int    `json:"cancelLimit,omitempty"`            // K-77: cancellations per round; 0 unlimited (default)
	NoCancelToZero         bool   `json:"noCancelToZero,omitempty"`         // K-77: a cancellation may not bring the army to 0 (default: allowed, K-25)
	FledGiveNoXP           bool   `json:"fledGiveNoXP,omitempty"`           // K-80: monsters that fled give no XP (default: they count as defeated)
	BurdenMeanWithoutAngel bool   `json:"burdenMeanWithoutAngel,omitempty"` // K-87: leave the angel out of the mean level (default: all PCs)
	AbilityGrowths         int    `json:"abilityGrowths,omitempty"`         // K-64: ability growths per growth point; 0 means 1
	PowerTable             string `json:"powerTable,omitempty"`             // K-103: "" or "standard", or "complete-edition"
	MaxRounds              int    `json:"maxRounds,omitempty"`              // rounds a battle may be detailed before it must end; 0 means 50
}

// Setup is a setup of armies other than the initial one (K-68: at the midpoint). An army it does
// not list takes its initial setup.
type Setup struct {
	Armies []ArmySetup `json:"armies"` // in army index order
}

// ArmySetup is one army in a Setup: where it stands and how strong it is when play resumes.
type ArmySetup struct {
	Army     int   `json:"army"`              // army index
	Strength int   `json:"strength"`          // >= 0; 0: not on the field
	Route    []int `json:"route"`             // block indices; Route[0] is where it stands (K-22)
	Reserve  bool  `json:"reserve,omitempty"` // not on the field until an event spawns it
}

// Meta names the scenario.
type Meta struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Rules   string `json:"rules"`   // "karzoral" | "pathfinder" | "clash"
	Version int    `json:"version"` // the scenario format version the author wrote
}

// Party is the party at the start of the scenario.
type Party struct {
	Start   int `json:"start"`   // block index
	Members int `json:"members"` // party size: PCs (the angel included, K-1) + NPCs + burdens (K-2)
	Rations int `json:"rations"` // one per member is eaten each start phase (K-20)

	PCs        []PC     `json:"pcs,omitempty"`        // the PCs, the angel among them (K-1); empty: members only
	Burdens    []Burden `json:"burdens,omitempty"`    // burdens escorted (K-86)
	Torches    int      `json:"torches,omitempty"`    // torches carried; 6 give 12 hours of light (K-58)
	LanternOil int      `json:"lanternOil,omitempty"` // flasks of lantern oil; 1 gives 12 hours of light (K-58)
	Money      int      `json:"money,omitempty"`      // gamels in the purse when played alone (K-12)
}

// Dir is a direction on a square grid. North is towards smaller y.
type Dir int

const (
	North Dir = iota
	East
	South
	West
)

// Dirs lists the four directions in order.
var Dirs = [4]Dir{North, East, South, West}

var dirNames = [4]string{"north", "east", "south", "west"}

func (d Dir) String() string {
	if d < 0 || int(d) >= len(dirNames) {
		return fmt.Sprintf("dir(%d)", int(d))
	}
	return dirNames[d]
}

// Opposite returns the direction pointing back.
func (d Dir) Opposite() Dir { return (d + 2) % 4 }

// Delta returns the coordinate step of d: north is (0, -1).
func (d Dir) Delta() (dx, dy int) {
	switch d {
	case North:
		return 0, -1
	case East:
		return 1, 0
	case South:
		return 0, 1
	}
	return -1, 0
}

// ParseDir reads "north", "east", "south" or "west".
func ParseDir(s string) (Dir, bool) {
	for i, n := range dirNames {
		if n == s {
			return Dir(i), true
		}
	}
	return 0, false
}

// MarshalText writes the direction's name.
func (d Dir) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a direction's name.
func (d *Dir) UnmarshalText(b []byte) error {
	v, ok := ParseDir(string(b))
	if !ok {
		return fmt.Errorf("unknown direction %q", b)
	}
	*d = v
	return nil
}

// Field is the map (K-17).
type Field struct {
	Grid   string  `json:"grid"` // "square" (4 neighbours, K-17)
	MinX   int     `json:"minX"` // bounding box of all blocks, inclusive
	MinY   int     `json:"minY"`
	MaxX   int     `json:"maxX"`
	MaxY   int     `json:"maxY"`
	Blocks []Block `json:"blocks"` // in source order; indices are stable for the plan
	Boxes  []Box   `json:"boxes"`  // sorted by name
}

// Block is one cell of the field.
type Block struct {
	ID        string `json:"id"`
	Name      string `json:"name,omitempty"`
	Kind      string `json:"kind"` // "base" | "trail" (footprint block, K-29) | "block"
	Terrain   string `json:"terrain,omitempty"`
	At        [2]int `json:"at"`                  // [x, y]
	Box       int    `json:"box"`                 // index into Field.Boxes, -1 if not in a box (K-31)
	Dark      bool   `json:"dark,omitempty"`      // needs light (K-57)
	EnterFrom []Dir  `json:"enterFrom,omitempty"` // sides it may be entered from; empty: any (K-32)
	// Exits[d] is the block one step in direction d and whether entering it from here is allowed
	// (one-way entry resolved, K-32).
	Exits [4]Exit `json:"exits"`
}

// Exit is one side of a block.
type Exit struct {
	To   int  `json:"to"`   // block index, -1 if there is no block that way
	Open bool `json:"open"` // entering To from this block is allowed
}

// Box is a hidden 2x2 group of blocks (K-17, K-31).
type Box struct {
	Name   string `json:"name"`
	Blocks []int  `json:"blocks"` // block indices, ascending
}

// Army is a friendly or enemy army (K-21).
type Army struct {
	ID       string   `json:"id"`
	Name     string   `json:"name,omitempty"`
	Side     string   `json:"side"`               // "friendly" | "enemy"
	Strength int      `json:"strength"`           // initial strength, >= 0
	Route    []int    `json:"route"`              // block indices; Route[0] is where it starts (K-22)
	Speed    int      `json:"speed"`              // route steps per start phase, >= 1
	Morale   string   `json:"morale,omitempty"`   // "high" | "low" (K-78)
	Training string   `json:"training,omitempty"` // "high" | "low" (K-78)
	Support  []string `json:"support,omitempty"`  // support damage sources, BCDice power rolls such as "K20+5@10" (K-73); one instance per round each
	// SupportPhysical: the army's support damage is physical (K-76: "some armies deal physical");
	// default magic. A friendly army's is always magic (K-75).
	SupportPhysical bool `json:"supportPhysical,omitempty"`
	// Accompany: a friendly army that moves with the party in action step (a) instead of along its
	// route in the start phase (K-22, K-28); Route[0] is where it starts.
	Accompany bool `json:"accompany,omitempty"`
	Encounter int  `json:"encounter"`         // encounter index the party fights in its block, -1 if none
	Reserve   bool `json:"reserve,omitempty"` // not on the field until an event spawns it
}

// Friendly reports whether the army is on the party's side.
func (a *Army) Friendly() bool { return a.Side == "friendly" }

// Encounter is a group of monsters the party can fight.
type Encounter struct {
	ID       string    `json:"id"`
	Title    string    `json:"title,omitempty"`
	Monsters []Monster `json:"monsters"`
	// Next, if set, is the encounter index fought right after this one is won: a consecutive battle
	// (K-72), state carried over.
	Next *int `json:"next,omitempty"`
	// Loot, if set, is what looting after a victory over it gives (K-98): the party decides
	// whether to loot; the scenario reacts through its actions.
	Loot *Loot `json:"loot,omitempty"`
}

// Loot is what looting an encounter after a victory gives (K-98): money (gamels, to the campaign's
// purse), a text, and actions a scenario reacts with (a flag, a reveal ...).
type Loot struct {
	Money int      `json:"money,omitempty"`
	Say   string   `json:"say,omitempty"`
	Do    []Action `json:"do,omitempty"`
}

// Monster is one line of an encounter.
type Monster struct {
	Name   string `json:"name"`
	Level  int    `json:"level"`
	Count  int    `json:"count"`            // >= 1
	Leader bool   `json:"leader,omitempty"` // a unit leader (K-80)
	Named  bool   `json:"named,omitempty"`  // a named monster stays dead (K-67)
	// Stays: it keeps fighting when a low-morale unit's leaders fall (K-81: intelligence "obeys
	// orders", or a newcomer that needs no commander, such as a summoned one).
	Stays bool `json:"stays,omitempty"`
}

// CondOp is the operator of a condition.
type CondOp int

const (
	CondTrue     CondOp = iota // always true
	CondFlag                   // flag Flag is set
	CondNot                    // not Args[0]
	CondAll                    // every Args
	CondAny                    // at least one of Args
	CondAt                     // the party is in block Block
	CondDay                    // the day counter is at least Day
	CondArmyGone               // army Army is not on the field (destroyed or removed)
)

var condNames = [...]string{"true", "flag", "not", "all", "any", "at", "day", "armyGone"}

func (o CondOp) String() string {
	if o < 0 || int(o) >= len(condNames) {
		return fmt.Sprintf("cond(%d)", int(o))
	}
	return condNames[o]
}

// MarshalText writes the operator's name.
func (o CondOp) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads an operator's name.
func (o *CondOp) UnmarshalText(b []byte) error {
	for i, n := range condNames {
		if n == string(b) {
			*o = CondOp(i)
			return nil
		}
	}
	return fmt.Errorf("unknown condition %q", b)
}

// Cond is a compiled condition.
type Cond struct {
	Op    CondOp `json:"op"`
	Flag  int    `json:"flag,omitempty"`  // CondFlag: flag index
	Block int    `json:"block,omitempty"` // CondAt: block index
	Day   int    `json:"day,omitempty"`   // CondDay
	Army  int    `json:"army,omitempty"`  // CondArmyGone: army index
	Args  []Cond `json:"args,omitempty"`  // CondNot (one), CondAll, CondAny
}

// TriggerKind says when an event is considered.
type TriggerKind int

const (
	OnEnter TriggerKind = iota // the party enters block Block (after a successful move, step (b), K-33)
	OnDay                      // the start phase of day Day, after the armies moved (K-19)
)

var triggerNames = [...]string{"enter", "day"}

func (k TriggerKind) String() string {
	if k < 0 || int(k) >= len(triggerNames) {
		return fmt.Sprintf("trigger(%d)", int(k))
	}
	return triggerNames[k]
}

// MarshalText writes the trigger's name.
func (k TriggerKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a trigger's name.
func (k *TriggerKind) UnmarshalText(b []byte) error {
	for i, n := range triggerNames {
		if n == string(b) {
			*k = TriggerKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown trigger %q", b)
}

// Trigger says when an event is considered.
type Trigger struct {
	Kind  TriggerKind `json:"kind"`
	Block int         `json:"block,omitempty"` // OnEnter: block index
	Day   int         `json:"day,omitempty"`   // OnDay: day number (1 = the first day)
}

// Event is a scenario event (K-33): when its trigger happens and its condition holds, its actions run
// in order. A once event runs at most once per scenario.
type Event struct {
	ID   string   `json:"id"`
	On   Trigger  `json:"on"`
	Once bool     `json:"once,omitempty"`
	If   *Cond    `json:"if,omitempty"`
	Do   []Action `json:"do"`
}

// ActionOp is the verb of an action.
type ActionOp int

const (
	ActSay      ActionOp = iota // print Text
	ActSet                      // set flag Flag
	ActClear                    // clear flag Flag
	ActBattle                   // the party fights encounter Encounter (outcome is a decision)
	ActStrength                 // army Army's strength changes by Delta (K-25 applies at 0)
	ActSpawn                    // army Army appears at Route[0]
	ActRemove                   // army Army leaves the field
	ActEnd                      // the scenario ends with Outcome
	ActReveal                   // the players learn where army Army stands now (K-23)
	ActSurvey                   // the angel's aerial survey: the players learn where every army stands (K-23)
	ActCheck                    // every PC rolls Check (K-4, K-5, K-51)
)

var actionNames = [...]string{"say", "set", "clear", "battle", "strength", "spawn", "remove", "end", "reveal", "survey", "check"}

func (o ActionOp) String() string {
	if o < 0 || int(o) >= len(actionNames) {
		return fmt.Sprintf("action(%d)", int(o))
	}
	return actionNames[o]
}

// MarshalText writes the verb.
func (o ActionOp) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads a verb.
func (o *ActionOp) UnmarshalText(b []byte) error {
	for i, n := range actionNames {
		if n == string(b) {
			*o = ActionOp(i)
			return nil
		}
	}
	return fmt.Errorf("unknown action %q", b)
}

// Action is one step of an event, an episode or an objective.
type Action struct {
	Op        ActionOp `json:"op"`
	Text      string   `json:"text,omitempty"`      // ActSay
	Flag      int      `json:"flag,omitempty"`      // ActSet, ActClear
	Encounter int      `json:"encounter,omitempty"` // ActBattle
	Army      int      `json:"army,omitempty"`      // ActStrength, ActSpawn, ActRemove, ActReveal
	Delta     int      `json:"delta,omitempty"`     // ActStrength
	Outcome   string   `json:"outcome,omitempty"`   // ActEnd: "success" | "failure"
	Check     *Check   `json:"check,omitempty"`     // ActCheck
}

// Check is an event's check (K-4, K-5): every PC able to act rolls 2d6 + its Base value against
// TN; Mode "any", "majority" or "all" gives one group result that runs Pass or Fail, "each" applies
// each PC's result to that PC (Damage: the HP a PC that fails loses). K-51: a PC tries a check (by
// ID) once per timing (day and phase) and, in principle, never again: its first result stands;
// Later marks a check the GM deems doable later at leisure (appraising loot), which a PC that
// failed may try again once per scenario at a later timing (Default: per PC).
type Check struct {
	ID     string   `json:"id"`
	TN     int      `json:"tn"`
	Mode   string   `json:"mode"`           // "any" | "majority" | "all" | "each"
	Base   string   `json:"base,omitempty"` // "" (flat, 平目) | "scout" | "agility" | "intelligence"
	Later  bool     `json:"later,omitempty"`
	Damage int      `json:"damage,omitempty"` // mode each: HP lost by each PC that fails
	Pass   []Action `json:"pass,omitempty"`
	Fail   []Action `json:"fail,omitempty"`
}

// Objective ends the scenario (success, failure) or marks its midpoint (K-60, K-67) when its
// condition first holds. Objectives are checked after each step (b) and after each start phase.
type Objective struct {
	ID      string `json:"id"`
	When    Cond   `json:"when"`
	Outcome string `json:"outcome"` // "success" | "midpoint" | "failure"
	XP      int    `json:"xp"`      // achievement XP per PC (K-61)
	Say     string `json:"say,omitempty"`
}

// Episode is one face of the episode table (K-36).
type Episode struct {
	Say string   `json:"say"`
	Do  []Action `json:"do,omitempty"`
}

// Decode reads a plan and checks its format and version, and its numbers and routes (Validate).
func Decode(data []byte) (*Plan, error) {
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) && len(bytes.TrimSpace(data)) > 0 {
			return nil, fmt.Errorf("malformed plan: %w", err) // broken or cut short
		}
		return nil, fmt.Errorf("not a sortie plan: %w", err)
	}
	if head.Format != Format {
		return nil, fmt.Errorf("not a sortie plan (format %q, want %q)", head.Format, Format)
	}
	if head.Version != Version {
		return nil, fmt.Errorf("plan version %d is not supported (this sortie reads version %d); compile the scenario again", head.Version, Version)
	}
	p := new(Plan)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(p); err != nil {
		return nil, fmt.Errorf("malformed plan: %w", err)
	}
	if err := Validate(p); err != nil {
		return nil, fmt.Errorf("invalid plan: %v", err)
	}
	return p, nil
}
