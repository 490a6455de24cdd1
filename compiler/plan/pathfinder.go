package plan

import (
	"sort"

	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// Pathfinder is the part of a plan for `rules: "pathfinder"` scenarios (RULES.md Part P): a hex
// field in axial coordinates, armies with their derived stat blocks and routes, the kingdoms and
// the objectives. Plan.Field, Party, Armies, Encounters, Events and Episodes stay empty then.
// Karzoral plans have no Pathfinder section (it is omitted from the JSON).
//
// Units: days, 12-mile hexes (P-6), hp.
type Pathfinder struct {
	// Options are the rule switches the author set (name -> choice, as pathfinder.Options.SetOption
	// reads them); the others are at their Default.
	Options    map[string]string `json:"options,omitempty"`
	Hexes      []Hex             `json:"hexes"`      // in source order
	Kingdoms   [2]*Kingdom       `json:"kingdoms"`   // [friendly, enemy]; nil when not written
	Armies     []PFArmy          `json:"armies"`     // sorted by ID: armies move in this order each day
	Objectives []PFObjective     `json:"objectives"` // in source order
}

// Hex is one 12-mile hex. Axial coordinates [q, r]; the six neighbours are q±1, r±1 and
// (q+1, r-1), (q-1, r+1).
type Hex struct {
	ID                  string           `json:"id"`
	Name                string           `json:"name,omitempty"`
	Terrain             string           `json:"terrain,omitempty"`
	At                  [2]int           `json:"at"`                  // [q, r]
	Neighbours          []int            `json:"neighbours"`          // hex indices, in direction order E, NE, NW, W, SW, SE
	Difficult           bool             `json:"difficult,omitempty"` // entering costs two hexes of speed (P-6)
	Fortification       int              `json:"fortification,omitempty"`
	AdvantageousTerrain bool             `json:"advantageousTerrain,omitempty"`
	Conditions          pathfinder.Field `json:"conditions"`
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
}

// Sides of a Pathfinder scenario: Kingdoms and PFArmy.Side use them.
const (
	Friendly = 0
	Enemy    = 1
)

// PFArmy is an army of a Pathfinder plan: what the author wrote (Army, re-derived by the runner
// with pathfinder.Derive) and the derived stat block (Stats, for people reading the plan).
type PFArmy struct {
	ID    string    `json:"id"`
	Side  int       `json:"side"`  // Friendly | Enemy (a battle file: 0 = first side, 1 = second)
	Start int       `json:"start"` // hex index (-1 in a battle file)
	Route []int     `json:"route"` // hex indices, each adjacent to the one before (the first to Start)
	Army  ArmyInput `json:"army"`
	Stats StatBlock `json:"stats"`
	// In a battle file: what is particular to the battle (P-54, P-59, P-65).
	StartHP              int  `json:"startHP,omitempty"`
	Routed               bool `json:"routed,omitempty"`
	Fortification        int  `json:"fortification,omitempty"`
	AdvantageousTerrain  bool `json:"advantageousTerrain,omitempty"`
	BattlefieldAdvantage bool `json:"battlefieldAdvantage,omitempty"`
	Ambusher             bool `json:"ambusher,omitempty"`
	Ruling               int  `json:"ruling,omitempty"`
}

// ArmyInput mirrors pathfinder.Army with JSON names.
type ArmyInput struct {
	Name      string               `json:"name"`
	Size      pathfinder.Size      `json:"size"`
	CR        pathfinder.CR        `json:"cr"`
	MountCR   *pathfinder.CR       `json:"mountCR,omitempty"`
	HitDie    pathfinder.HitDie    `json:"hitDie"`
	Morale    int                  `json:"morale"`
	Tactics   []pathfinder.Tactic  `json:"tactics"`
	Resources pathfinder.Resources `json:"resources"`
	Abilities []pathfinder.Ability `json:"abilities,omitempty"`
	Commander *CommanderInput      `json:"commander,omitempty"`
	Speed     int                  `json:"speed,omitempty"`
	SpeedFeet int                  `json:"speedFeet,omitempty"`
	ACR       *pathfinder.CR       `json:"acr,omitempty"`
	HP        int                  `json:"hp,omitempty"`
	OM        *int                 `json:"om,omitempty"`
	DV        *int                 `json:"dv,omitempty"`
}

// CommanderInput mirrors pathfinder.Commander.
type CommanderInput struct {
	Name           string              `json:"name,omitempty"`
	PC             bool                `json:"pc,omitempty"`
	Level          int                 `json:"level"`
	Charisma       int                 `json:"charisma"`
	LeadershipFeat bool                `json:"leadershipFeat,omitempty"`
	SoldierRanks   int                 `json:"soldierRanks,omitempty"`
	Boons          []pathfinder.Boon   `json:"boons,omitempty"`
	BonusTactics   []pathfinder.Tactic `json:"bonusTactics,omitempty"`
	Absent         bool                `json:"absent,omitempty"`
}

// ToArmy returns the pathfinder.Army the input describes.
func (a *ArmyInput) ToArmy() pathfinder.Army {
	out := pathfinder.Army{Name: a.Name, Size: a.Size, CR: a.CR, HitDie: a.HitDie, Morale: a.Morale,
		Tactics: a.Tactics, Resources: a.Resources, Abilities: a.Abilities, Speed: a.Speed,
		SpeedFeet: a.SpeedFeet, HP: a.HP, OM: a.OM, DV: a.DV}
	if a.MountCR != nil {
		out.MountCR = *a.MountCR
	}
	if a.ACR != nil {
		out.ACR = *a.ACR
	}
	if c := a.Commander; c != nil {
		out.Commander = &pathfinder.Commander{Name: c.Name, PC: c.PC, Level: c.Level, Charisma: c.Charisma,
			LeadershipFeat: c.LeadershipFeat, SoldierRanks: c.SoldierRanks, Boons: c.Boons,
			BonusTactics: c.BonusTactics, Absent: c.Absent}
	}
	return out
}

// StatBlock is an army's derived stat block as a person reads it (P-1..P-11, P-66).
type StatBlock struct {
	ACR          pathfinder.CR       `json:"acr"`
	HP           int                 `json:"hp"`
	OM           int                 `json:"om"`
	DV           int                 `json:"dv"`
	Morale       int                 `json:"morale"`
	MoraleMod    int                 `json:"moraleMod"` // morale check modifier (P-8)
	Tactics      []pathfinder.Tactic `json:"tactics"`   // usable, Standard and Withdraw included
	TacticsLimit int                 `json:"tacticsLimit"`
	Leadership   int                 `json:"leadership,omitempty"`
	Boons        int                 `json:"boons,omitempty"` // boons known (bonus tactics included)
	BoonsLimit   int                 `json:"boonsLimit,omitempty"`
	Speed        int                 `json:"speed"`       // hexes a day (P-6)
	Consumption  int                 `json:"consumption"` // BP a week (P-11)
	XP           int                 `json:"xp"`
	Ranged       bool                `json:"ranged,omitempty"`
	Mounted      bool                `json:"mounted,omitempty"`
}

// BlockOf makes the stat block of derived statistics.
func BlockOf(s *pathfinder.Stats, boons int) StatBlock {
	return StatBlock{ACR: s.ACR, HP: s.HP, OM: s.OM, DV: s.DV, Morale: s.Morale, MoraleMod: s.MoraleMod,
		Tactics: s.Tactics.List(), TacticsLimit: s.TacticsLimit, Leadership: s.Leadership, Boons: boons,
		BoonsLimit: s.BoonsLimit, Speed: s.Speed, Consumption: s.Consumption, XP: s.XP, Ranged: s.Ranged,
		Mounted: s.Mounted}
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
	Format     string           `json:"format"`  // BattleFormat
	Version    int              `json:"version"` // Version
	SourceHash string           `json:"sourceHash"`
	Sources    []string         `json:"sources"`
	ID         string           `json:"id"`
	Title      string           `json:"title,omitempty"`
	Sides      [2]string        `json:"sides"`  // side names
	Armies     []PFArmy         `json:"armies"` // first side's in source order, then the second's
	Conditions pathfinder.Field `json:"conditions"`
	// Options are the rule switches the author set (see Pathfinder.Options).
	Options map[string]string `json:"options,omitempty"`
}

// Rules returns base with the options applied (pathfinder.Options.SetOption), in name order.
func Rules(base pathfinder.Options, options map[string]string) (pathfinder.Options, error) {
	names := make([]string, 0, len(options))
	for k := range options {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := base.SetOption(k, options[k]); err != nil {
			return base, err
		}
	}
	return base, nil
}
