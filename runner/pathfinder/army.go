package pathfinder

import (
	"errors"
	"fmt"
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

	// Tactics known besides Standard and Withdraw, which every army knows (P-10).
	Tactics   []Tactic
	Resources Resources // P-66
	Abilities []Ability // special abilities, as plain modifiers (P-1)
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

// Ability is a special ability, reduced to what the battle engine needs: plain modifiers and flags.
type Ability struct {
	Name         string `json:"name"`
	OM           int    `json:"om,omitempty"`
	DV           int    `json:"dv,omitempty"`
	Morale       int    `json:"morale,omitempty"`
	Ranged       bool   `json:"ranged,omitempty"`       // gives ranged attacks (P-48)
	Spellcasting bool   `json:"spellcasting,omitempty"` // counts for Spellbreaker (P-34)
	Darkvision   bool   `json:"darkvision,omitempty"`   // ignores darkness and dim light (P-65)
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
}

// Leadership is level (HD) + Charisma modifier, +3 with the Leadership feat (P-9).
func (c *Commander) Leadership() int {
	l := c.Level + c.Charisma
	if c.LeadershipFeat {
		l += 3
	}
	return l
}

// BoonsLimit is how many boons the commander may know: 1 + floor(ranks / 5) (P-9).
func (c *Commander) BoonsLimit() int { return 1 + floorDiv(c.SoldierRanks, 5) }

// Stats are an army's derived statistics, the battle engine's input. All fields are values, so a Stats
// copies cheaply.
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
	Known        int       // tactics known besides Standard and Withdraw
	TacticsLimit int       // floor(ACR / 2) (P-10)
	Boons        BoonSet   // the commander's boons, when present
	BoonsLimit   int       // 1 + floor(ranks / 5) (P-9); 0 without a commander

	Ranged, Mounted, Spellcasting, Darkvision bool
	SiegeEngines                              int
	HealingPotions                            bool

	Consumption int // BP a week: max(1, floor(ACR / 2)) (P-11)
	Speed       int // hexes a day (P-6); 0 when neither Speed nor SpeedFeet is given
	XP          int // XP for defeating it (P-11)

	Parts Parts // how OM, DV and MoraleMod add up
}

// Parts itemises OM = ACR + Weapons + Mounts + Siege + AbilityOM + GivenOM,
// DV = 10 + ACR + Armor + Mounts + AbilityDV + GivenDV and
// MoraleMod = Morale + Charisma + Soldier + Loyalty + AbilityMorale.
type Parts struct {
	ACR                                 int // what the ACR adds (P-5 option)
	Armor, Weapons, Mounts, Siege       int // P-66
	AbilityOM, AbilityDV, AbilityMorale int
	GivenOM, GivenDV                    int // hand-written minus derived, when hand-written values are used
	Charisma, Soldier, Loyalty          int // P-8, P-44; 0 without a commander present
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

// Finding is an inconsistency in an army as written: a stable code (M001..M009), the field it is about
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
	CodeTooManyTacts = "M007" // more tactics than floor(ACR/2) (P-10; error)
	CodePrereq       = "M008" // a boon above the commander's Leadership, or a tactic/boon without mounts or ranged attacks (P-27, P-36, P-37, P-46; error)
	CodeTooManyBoons = "M009" // more boons than 1 + floor(ranks/5) (P-9; error)
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

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func derive(a *Army, o *Options, fs *[]Finding) Stats {
	add := func(code, field, format string, args ...any) {
		*fs = append(*fs, Finding{Code: code, Field: field, Message: fmt.Sprintf(format, args...)})
	}
	st := Stats{Name: a.Name, Size: a.Size, HitDie: a.HitDie, Morale: a.Morale}
	fatal := false
	if !a.Size.Valid() {
		add(CodeInvalid, "size", "army size is missing or unknown")
		fatal = true
	}
	if !a.CR.Valid() || a.CR > CRInt(MaxCreatureCR) {
		add(CodeInvalid, "cr", "creature cr %s is not on the ladder 1/8 ... %d", a.CR, MaxCreatureCR)
		fatal = true
	}
	if a.MountCR != 0 && (!a.MountCR.Valid() || a.MountCR > CRInt(MaxCreatureCR)) {
		add(CodeInvalid, "mountCR", "mount cr %s is not on the ladder 1/8 ... %d", a.MountCR, MaxCreatureCR)
		fatal = true
	}
	if !a.HitDie.Valid() {
		add(CodeInvalid, "hitDie", "hit die %s is not d6, d8, d10 or d12", a.HitDie)
		fatal = true
	}
	if a.Morale < -4 || a.Morale > 4 {
		add(CodeInvalid, "morale", "morale %d is outside -4..+4", a.Morale)
	}
	r := &a.Resources
	if !r.Armor.Valid() {
		add(CodeInvalid, "resources.armor", "armor grade %s is not none, improved or magic", r.Armor)
	}
	if !r.Weapons.Valid() {
		add(CodeInvalid, "resources.weapons", "weapons grade %s is not none, improved or magic", r.Weapons)
	}
	if r.SiegeEngines < 0 {
		add(CodeInvalid, "resources.siegeEngines", "siege engines %d is negative", r.SiegeEngines)
	}
	if a.Speed < 0 {
		add(CodeInvalid, "speed", "speed %d is negative", a.Speed)
	}
	if a.SpeedFeet < 0 {
		add(CodeInvalid, "speedFeet", "speed %d ft is negative", a.SpeedFeet)
	}
	if a.ACR != 0 && !a.ACR.Valid() {
		add(CodeInvalid, "acr", "acr %s is not on the ladder", a.ACR)
	}
	if a.HP < 0 {
		add(CodeInvalid, "hp", "hp %d is negative", a.HP)
	}

	// Flags from resources and abilities.
	st.Ranged = r.Ranged
	st.Mounted = r.Mounts || a.MountCR != 0
	st.SiegeEngines = max(r.SiegeEngines, 0)
	st.HealingPotions = r.HealingPotions
	p := &st.Parts
	for _, ab := range a.Abilities {
		p.AbilityOM += ab.OM
		p.AbilityDV += ab.DV
		p.AbilityMorale += ab.Morale
		st.Ranged = st.Ranged || ab.Ranged
		st.Spellcasting = st.Spellcasting || ab.Spellcasting
		st.Darkvision = st.Darkvision || ab.Darkvision
	}

	// Tactics (P-10, P-22).
	st.Tactics = TacticSet(0).With(TacStandard).With(TacWithdraw)
	seen := TacticSet(0)
	for i, t := range a.Tactics {
		field := fmt.Sprintf("tactics[%d]", i)
		switch {
		case !t.Valid():
			add(CodeInvalid, field, "unknown tactic %d", int(t))
			continue
		case seen.Has(t):
			add(CodeInvalid, field, "tactic %s is listed twice", t)
			continue
		}
		seen = seen.With(t)
		if t != TacStandard && t != TacWithdraw {
			st.Known++
		}
		st.Tactics = st.Tactics.With(t)
	}

	// Commander (P-9).
	var boonsSeen BoonSet
	if c := a.Commander; c != nil {
		st.Commander, st.CommanderPC, st.CommanderPresent = true, c.PC, !c.Absent
		st.Leadership = c.Leadership()
		st.BoonsLimit = c.BoonsLimit()
		if c.SoldierRanks < 0 {
			add(CodeInvalid, "commander.soldierRanks", "ranks %d is negative", c.SoldierRanks)
		}
		for i, b := range c.Boons {
			field := fmt.Sprintf("commander.boons[%d]", i)
			switch {
			case !b.Valid():
				add(CodeInvalid, field, "unknown boon %d", int(b))
				continue
			case b == BoonBonusTactic:
				add(CodeInvalid, field, "list a bonus tactic's tactic under bonusTactics, not the boon")
				continue
			case boonsSeen.Has(b):
				add(CodeInvalid, field, "boon %s is listed twice", b)
				continue
			}
			boonsSeen = boonsSeen.With(b)
			if need := b.MinLeadership(); st.Leadership < need {
				add(CodePrereq, field, "boon %s needs leadership %d, the commander has %d", b, need, st.Leadership)
			}
		}
		bonus := TacticSet(0)
		for i, t := range c.BonusTactics {
			field := fmt.Sprintf("commander.bonusTactics[%d]", i)
			switch {
			case !t.Valid():
				add(CodeInvalid, field, "unknown tactic %d", int(t))
				continue
			case t == TacStandard || t == TacWithdraw:
				add(CodeInvalid, field, "every army knows %s; a bonus tactic must be another", t)
				continue
			case bonus.Has(t):
				add(CodeInvalid, field, "bonus tactic %s is listed twice", t)
				continue
			}
			bonus = bonus.With(t)
			boonsSeen = boonsSeen.With(BoonBonusTactic)
			if !c.Absent {
				st.Tactics = st.Tactics.With(t)
			}
		}
		if n := len(c.Boons) + len(c.BonusTactics); n > st.BoonsLimit {
			add(CodeTooManyBoons, "commander.boons", "%d boons, but %d soldier ranks allow %d (1 + ranks/5)", n, c.SoldierRanks, st.BoonsLimit)
		}
		if !c.Absent {
			st.Boons = boonsSeen
			p.Charisma = c.Charisma
			p.Soldier = floorDiv(c.SoldierRanks, 5)
			if boonsSeen.Has(BoonLoyalty) {
				p.Loyalty = 2
				if st.Leadership >= 12 {
					p.Loyalty = 4
				}
			}
		}
	}

	// Prerequisites (P-27, P-36, P-46).
	all := seen
	if a.Commander != nil {
		for _, t := range a.Commander.BonusTactics {
			all = all.With(t)
		}
	}
	if all.Has(TacCavalryExperts) && !st.Mounted {
		add(CodePrereq, "tactics", "tactic Cavalry Experts needs a mounted army (mounts or a mount cr)")
	}
	if all.Has(TacSniperSupport) && !st.Ranged {
		add(CodePrereq, "tactics", "tactic Sniper Support needs ranged attacks")
	}
	if boonsSeen.Has(BoonSharpshooter) && !st.Ranged {
		add(CodePrereq, "commander.boons", "boon Sharpshooter needs ranged attacks")
	}

	// Speed (P-6).
	switch {
	case a.Speed > 0:
		st.Speed = a.Speed
	case a.SpeedFeet > 0:
		st.Speed = hexesPerDay(a.SpeedFeet, o.HexRounding)
	}

	if fatal {
		return st
	}

	// ACR (P-2, P-3).
	cr := max(a.CR, a.MountCR)
	acr, ok := cr.Shift(a.Size.Rungs())
	if !ok {
		if int(cr)+a.Size.Rungs() < int(CR1_8) {
			add(CodeNotArmy, "size", "%d creatures of cr %s make an acr below 1/8: not an army", a.Size.Units(), cr)
		} else {
			add(CodeInvalid, "cr", "cr %s at size %s is above %d", cr, a.Size, MaxCR)
		}
		return st
	}
	if a.ACR.Valid() && a.ACR != acr {
		add(CodeACR, "acr", "acr %s, but %s (%d creatures) of cr %s give %s", a.ACR, a.Size, a.Size.Units(), cr, acr)
		if o.Given == GivenUsed {
			acr = a.ACR
		}
	}
	st.ACR = acr
	st.XP = XP(acr)

	// Hit points (P-4).
	num, den := acr.Frac()
	hp := num * (int(a.HitDie) + 1) / (2 * den)
	if hp < 1 {
		if o.HPMin == HPMinNone {
			add(CodeNotArmy, "hp", "acr %s with %s gives 0 hp: not an army", acr, a.HitDie)
			return st
		}
		hp = 1
	}
	if a.HP > 0 && a.HP != hp {
		add(CodeHP, "hp", "hp %d, but acr %s with %s gives %d", a.HP, acr, a.HitDie, hp)
		if o.Given == GivenUsed {
			hp = a.HP
		}
	}
	st.HP = hp

	// OM and DV (P-5, P-66).
	p.ACR = o.acrBonus(acr)
	p.Armor = r.Armor.Bonus()
	p.Weapons = r.Weapons.Bonus()
	if r.Mounts {
		p.Mounts = 2
	}
	if r.SiegeEngines > 0 {
		p.Siege = 2
	}
	om := p.ACR + p.Weapons + p.Mounts + p.Siege + p.AbilityOM
	dv := 10 + p.ACR + p.Armor + p.Mounts + p.AbilityDV
	if a.OM != nil && *a.OM != om {
		add(CodeOM, "om", "om %+d, but acr %s and resources give %+d", *a.OM, acr, om)
		if o.Given == GivenUsed {
			p.GivenOM = *a.OM - om
			om = *a.OM
		}
	}
	if a.DV != nil && *a.DV != dv {
		add(CodeDV, "dv", "dv %d, but acr %s and resources give %d", *a.DV, acr, dv)
		if o.Given == GivenUsed {
			p.GivenDV = *a.DV - dv
			dv = *a.DV
		}
	}
	st.OM, st.DV = om, dv
	st.MoraleMod = a.Morale + p.Charisma + p.Soldier + p.Loyalty + p.AbilityMorale

	// Tactics known (P-10), consumption (P-11).
	st.TacticsLimit = acr.Floor() / 2
	if st.Known > st.TacticsLimit {
		add(CodeTooManyTacts, "tactics", "%d tactics known, but acr %s allows %d (acr/2, besides Standard and Withdraw)", st.Known, acr, st.TacticsLimit)
	}
	st.Consumption = max(1, acr.Floor()/2)
	return st
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
