package pfarmy

import (
	"errors"
)

// Army is an army as an author writes it (P-1). Hand-written statistics (ACR, HP, OM, DV) are
// optional; Derive computes them from the rest and Check reports where the two disagree.
type Army struct {
	Name    string
	Size    Size   // P-2
	CR      CR     // CR of one creature (P-2)
	MountCR CR     // cavalry: the mount's CR; the higher of rider and mount counts (P-3). 0 = none
	HitDie  HitDie // the creatures' hit die (P-4)
	Morale  int    // Morale score, -4..+4; a new army has 0 (P-7)
	// Alignment ("LG" .. "CE", "N"; "" unknown) and creature Type ("undead", "outsider" ...; ""
	// unknown): what smite evil asks of its target (Special Abilities).
	Alignment, Type string

	// Tactics known besides Standard and Withdraw, which every army knows (P-10).
	Tactics   []Tactic
	Resources Resources // P-66
	Abilities []Ability // special abilities (P-1; abilities.go)
	Commander *Commander

	// Speed in 12-mile hexes a day (P-6); 0 derives it from SpeedFeet.
	Speed int
	// SpeedFeet is one creature's speed in feet (P-6: 15 ft -> 12 miles a day, 30 ft -> 24).
	SpeedFeet int

	// Hand-written statistics: 0 (nil) when not written.
	ACR    CR
	HP     int
	OM, DV *int
}

// Resources are what a kingdom bought for the army (P-66).
type Resources struct {
	Armor          Grade `json:"armor"`          // DV +1 improved, +2 magic
	Weapons        Grade `json:"weapons"`        // OM +1 improved, +2 magic
	Mounts         bool  `json:"mounts"`         // OM +2, DV +2; the army is mounted
	Ranged         bool  `json:"ranged"`         // ranged weapons: the army attacks in Ranged Phases (P-48)
	SiegeEngines   int   `json:"siegeEngines"`   // OM +2 with at least one; each cuts an enemy fortification by 1d4 a Melee Phase
	HealingPotions bool  `json:"healingPotions"` // twice a battle: skip the offense check to heal 2 x ACR hp
}

// Ability is a special ability as written: a published one by its name (AbilityOf; Value for
// those that take one, Of for immunity, significant defense and tactician), or an author's own,
// whose OM, DV, Damage and Morale apply under When. A published ability may carry modifiers too.
type Ability struct {
	Name  string
	Value int      // bravery +1, fast healing 5, regeneration 40, spellcasting 2 (the highest spell level)
	Of    []string // immunity: the abilities it is immune to; significant defense: what overcomes it ("magic" or an ability); tactician: its tactic
	When  When     // when OM, DV, Damage and Morale apply (WhenAlways: they are in the stat block)

	OM, DV, Damage, Morale int

	Ranged       bool // gives ranged attacks (P-48)
	Spellcasting bool // counts for Spellbreaker (P-34) and spell resistance
	Darkvision   bool // ignores darkness and dim light (P-65)
	Mounted      bool // counts as mounted (Cavalry Experts) without the mounts resource's bonus (the centaurs)
}

// Commander leads an army (P-9).
type Commander struct {
	Name           string
	PC             bool // a player character: fate is the runner's call (P-58)
	Level          int  // character level, or Hit Dice for a monster
	Charisma       int  // Charisma modifier
	LeadershipFeat bool // +3 Leadership
	SoldierRanks   int  // ranks in Profession (soldier)
	// Boons known, except Bonus Tactic (P-38..P-47).
	Boons []Boon
	// BonusTactics holds one tactic per Bonus Tactic boon (P-39); each counts as a boon.
	BonusTactics []Tactic
	// Absent: not with the army (fewer than 3 days a week): no bonuses and no boons (P-9).
	Absent bool
	// Role is the kingdom leadership role of a leader commanding in person (Ultimate Campaign,
	// "Kingdom Leader Commanders"); RoleBoon the role's boon, known without its Leadership (one
	// of RoleBoons(Role); it may be left out when the role has one). RoleNone: not a leader.
	Role     Role
	RoleBoon Boon
	// Unlucky: an unlucky reputation ("a history of losing battles, being captured, and being
	// ransomed", Losing Commanders): the army's Morale -1.
	Unlucky bool
}

// The range a commander's level and Charisma modifier are checked against (M001; P-9).
const (
	MinCommanderLevel, MaxCommanderLevel = 1, 40
	MinCharismaMod, MaxCharismaMod       = -5, 15
)

// Leadership is level (HD) + Charisma modifier, +3 with the Leadership feat (P-9).
func (c *Commander) Leadership() int {
	l := c.Level + c.Charisma
	if c.LeadershipFeat {
		l += 3
	}
	return l
}

// Soldier is the commander's bonus on morale checks beside Charisma: floor(ranks / 5) (P-8); for a
// kingdom leader the higher of floor(ranks / 5) and floor(level / 6), at least 1 ("Kingdom Leader
// Commanders").
func (c *Commander) Soldier() int {
	s := max(0, FloorDiv(c.SoldierRanks, 5))
	if c.Role != RoleNone {
		s = max(1, s, FloorDiv(c.Level, 6))
	}
	return s
}

// BoonsLimit is how many boons the commander may know: 1 + Soldier() (P-9; for a kingdom leader
// the higher of ranks/5 and level/6, at least 1).
func (c *Commander) BoonsLimit() int { return 1 + c.Soldier() }

// Stats are an army's derived statistics, the battle engine's input. All fields but the few slices
// (read only) are values, so a Stats copies cheaply.
type Stats struct {
	Name   string
	Size   Size
	ACR    CR     // P-2, P-3 (or hand-written)
	HitDie HitDie //
	HP     int    // full hp (P-4, or hand-written)
	OM, DV int    // as a stat block prints them: ACR, resources, abilities (P-5, P-66)
	Morale int    // Morale score (P-7)
	// MoraleMod is the morale check modifier before tactic and situational bonuses (P-8): Morale,
	// and with the commander present Charisma, floor(ranks/5) and Loyalty; plus abilities.
	MoraleMod int

	Commander        bool // has a commander
	CommanderPC      bool
	CommanderPresent bool
	Leadership       int // P-9 (0 without a commander)

	Tactics      TacticSet // usable: Standard, Withdraw, known, and bonus tactics when the commander is present
	Known        int       // tactics known besides Standard and Withdraw (a tactician's tactic not counted)
	TacticsLimit int       // half the ACR (P-10, Options.TacticsLimit)
	Boons        BoonSet   // the commander's boons, when present
	BoonsLimit   int       // 1 + floor(ranks / 5) (P-9); 0 without a commander

	Ranged, Mounted, Spellcasting, Darkvision bool
	SiegeEngines                              int
	HealingPotions                            bool

	// Special abilities (abilities.go): the kinds present, their values, the modifiers that apply
	// only in some situations, what the army is immune to, what overcomes its significant defense.
	Abil             AbilitySet
	FastHealing      int // per phase: half this (P-4: at least 1)
	Regeneration     int
	Bravery          int // on fear and rout checks only
	SpellLevel       int // what spellcasting adds to OM and DV
	Damage           int // added to the damage of every check that deals damage (rake, generic damage)
	Alignment, Type  string
	Immune, Overcome []string // folded names (norm)
	Favored          []string // favored enemy: the creature types (folded) it has OM +1 against
	Cond             []CondMod
	AbilityNames     []string // the abilities' names as written
	// Issue 24's abilities (abilityread.go): mobility's terrains (folded, singular), the wild shape
	// form's abilities, poison resistance's bonus, and the hex and hunter's bond chosen.
	Mobile                 []string
	WildForm               AbilitySet
	PoisonRes              int
	HexHealing, Companions bool

	Consumption int // BP a week: max(1, floor(ACR / 2)) plus every resource's, scaled by size (P-11, P-66)
	PotionUse   int // BP more for each use of the healing potions in a week (3, scaled by size; P-66)
	Speed       int // hexes a day (P-6); 0 when neither Speed nor SpeedFeet is given
	XP          int // XP for defeating it (P-11)

	Parts Parts // how OM, DV and MoraleMod add up
}

// Parts itemises OM = ACR + Weapons + Mounts + Siege + AbilityOM + GivenOM,
// DV = 10 + ACR + Armor + Mounts + AbilityDV + GivenDV and
// MoraleMod = Morale + Charisma + Soldier + Loyalty + AbilityMorale; and the consumption, BP a week:
// Consumption = BaseUpkeep + ResourceUpkeep.
type Parts struct {
	ACR                                 int // what the ACR adds (P-5 option)
	Armor, Weapons, Mounts, Siege       int // P-66
	AbilityOM, AbilityDV, AbilityMorale int
	GivenOM, GivenDV                    int // hand-written minus derived, when hand-written values are used
	Charisma, Soldier, Loyalty          int // P-8, P-44; 0 without a commander present
	BaseUpkeep, ResourceUpkeep          int // P-11: max(1, floor(ACR/2)); P-66: each resource's, scaled by size
}

// Week returns the army's consumption (BP) and speed (hexes a day) for a week, halved by the Live off
// the Land boon when live is true (P-47), rounding down; a positive speed stays at least 1.
func (s *Stats) Week(live bool) (consumption, speed int) {
	consumption, speed = s.Consumption, s.Speed
	if live && s.Boons.Has(BoonLiveOffTheLand) {
		consumption /= 2
		if speed > 1 {
			speed /= 2
		}
	}
	return consumption, speed
}

// Finding is an inconsistency in an army as written: a stable code (M001..M010), the field it is about
// (a path such as "commander.boons[1]", for the compiler to map to a position) and a message.
type Finding struct {
	Code    string
	Field   string
	Message string
}

func (f Finding) String() string { return f.Field + ": " + f.Code + ": " + f.Message }

// Finding codes; each is registered in the diag catalogue (codes.go).
const (
	CodeInvalid      = "M001" // a field is out of range or unknown (error)
	CodeNotArmy      = "M002" // ACR below 1/8, or hp 0 without a minimum: not an army (P-3, P-4; error)
	CodeACR          = "M003" // hand-written ACR disagrees with size and CR (P-2, P-3; warning)
	CodeHP           = "M004" // hand-written hp disagrees (P-4; warning)
	CodeOM           = "M005" // hand-written OM disagrees (P-5, P-66; warning)
	CodeDV           = "M006" // hand-written DV disagrees (P-5, P-66; warning)
	CodeTooManyTacts = "M007" // more tactics than half the ACR (P-10; warning: the GM may allow them)
	CodePrereq       = "M008" // a boon above the commander's Leadership, or a tactic/boon without mounts or ranged attacks (P-27, P-36, P-37, P-46; error)
	CodeTooManyBoons = "M009" // more boons than 1 + floor(ranks/5) (P-9; error)
	CodeAbility      = "M010" // an ability that is not published and changes nothing (warning)
)

// ErrNotAnArmy is wrapped by Derive's error when the ACR falls below 1/8 (P-3).
var ErrNotAnArmy = errors.New("not an army")

// ErrInvalidArmy is wrapped by Derive's error when a field is out of range or unknown.
var ErrInvalidArmy = errors.New("invalid army")

// StatError is Derive's error: the first finding that makes statistics impossible.
type StatError struct{ Finding Finding }

func (e *StatError) Error() string { return e.Finding.Field + ": " + e.Finding.Message }

// Unwrap returns ErrNotAnArmy or ErrInvalidArmy.
func (e *StatError) Unwrap() error {
	if e.Finding.Code == CodeNotArmy {
		return ErrNotAnArmy
	}
	return ErrInvalidArmy
}

// Derive computes an army's statistics (P-1..P-11, P-66). It fails with a *StatError (wrapping
// ErrNotAnArmy or ErrInvalidArmy) on an M001 or M002 finding; the consistency findings M003..M009 do
// not stop it (Check reports them).
func Derive(a *Army, o Options) (Stats, error) {
	var fs []Finding
	st := derive(a, &o, &fs)
	for _, f := range fs {
		if f.Code == CodeInvalid || f.Code == CodeNotArmy {
			return Stats{}, &StatError{f}
		}
	}
	return st, nil
}

// Check returns every inconsistency in an army as written, in field order: invalid values (M001), not
// an army (M002), hand-written statistics that disagree with the derivation (M003..M006; hp, OM and DV
// are compared with what the ACR in use gives, so a wrong ACR is reported once), too many tactics
// (M007), unmet prerequisites (M008) and too many boons (M009). Nil means none.
func Check(a *Army, o Options) []Finding {
	var fs []Finding
	derive(a, &o, &fs)
	return fs
}

// hexesPerDay converts a speed in feet to 12-mile hexes a day (P-6): a day's walk is feet x 0.8 miles
// (15 ft -> 12 mi, 30 ft -> 24 mi).
func hexesPerDay(feet int, r HexRounding) int {
	tenthMiles := feet * 8 // miles x 10
	var h int
	switch r {
	case HexNearest:
		h = (tenthMiles + 60) / 120
	case HexCeil:
		h = (tenthMiles + 119) / 120
	default:
		h = tenthMiles / 120
	}
	return max(1, h)
}

// Recover returns an army's hp after one day at rest (P-64): + ACR (at least 1), + ACR more when the
// daily Loyalty check succeeded, never above full.
func Recover(s *Stats, hp int, loyalty bool) int {
	heal := max(1, s.ACR.Floor())
	if loyalty {
		heal *= 2
	}
	return min(s.HP, hp+heal)
}

// HoursADay is how many hours outside battle a day of a hex scenario gives an army's hourly
// healing: a battle's phases take minutes, so the whole day.
const HoursADay = 24

// HourlyHeal is the hp an army regains each hour outside battle from its special abilities (P-1;
// Special Abilities): Fast Healing, "Outside of battle, each hour the army regains a number of hit
// points equal to its fast healing value"; Regeneration, "Outside of battle, the army regains a
// number of hit points equal to half its regeneration value each hour" (at least 1, P-4). 0 for
// an army with neither.
func HourlyHeal(s *Stats) int {
	h := s.FastHealing
	if s.Regeneration > 0 {
		h += max(1, s.Regeneration/2)
	}
	return h
}
