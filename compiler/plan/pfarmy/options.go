package pfarmy

// Options selects how the rules' ambiguities are resolved. Each field is the named switch of one
// `Default:` line in RULES.md Part P (or of a reading this package had to choose, marked "engine").
// The zero value of every field is the spec's Default, so Options{} is the default rule set.
type Options struct {
	// P-4: the lowest hp an army can have. Default HPMinOne.
	HPMin HPMin
	// P-5: how a fractional ACR enters DV, OM and the Taunt DC. Default FracFloor.
	FracACR FracACR
	// P-6: how miles a day become 12-mile hexes when speed is derived from feet. Default HexFloor.
	HexRounding HexRounding
	// Engine: whether hand-written ACR, hp, OM and DV replace the derived ones. Default GivenUsed.
	Given Given
	// P-10: how "half its ACR" rounds for the tactics an army may know. Default TacticsRoundUp, the
	// reading the published sample armies satisfy (Dwarven Defenders, ACR 1, know Defensive Wall;
	// the Centaur Army, ACR 3, Cavalry Experts); TacticsFloor is RULES.md's floor(ACR / 2).
	TacticsLimit TacticsRule

	// P-25: how many opposed morale checks a withdrawal takes. Default WithdrawPerArmy.
	Withdraw WithdrawRule
	// P-29: Dirty Fighters in the first Melee Phase (Seed) or in one Melee Phase the commander
	// chooses (Std). Default Seed.
	DirtyFighters Variant
	// P-31: False Retreat gives OM +6 next phase (Seed) or OM +6 and DV +6 against the target army
	// only (Std). Default Seed.
	FalseRetreat Variant
	// P-33: what counts as success on Siegebreaker's second check. Default SiegeBeatDV.
	Siegebreaker SiegebreakerRule
	// P-34: Spellbreaker gives OM +4 (Seed) or DV +4 (Std) against spellcasting armies. Default Seed.
	Spellbreaker Variant
	// P-35: a failed Taunt check lowers OM and DV against the taunting army only (default, [PF-STD]
	// as the spec writes it) or against every army (TauntAgainstAll, the seed's wording).
	Taunt TauntScope
	// P-43 (engine): Hold the Line rerolls every failed rout check (default) or one per battle.
	HoldTheLine HoldTheLineRule
	// P-45: where Merciless's OM +1 applies. Default MercilessWithdrawAndParting.
	Merciless MercilessRule
	// P-49: who decides to repeat the Ranged Phase. Default StayUnanimous.
	StayAtRange StayRule
	// P-53: whose strategy damage modifier counts. Default DamageDealt (the attacker's).
	StrategyDamage StrategyDamageMode
	// P-18/P-53 (engine): whether the strategy damage modifier can make a check that does not beat
	// the DV deal damage. Default MissNoDamage (P-18: otherwise nothing).
	Miss MissRule
	// P-55: when the rout check is made. Default RoutAfterDamage.
	Rout RoutRule
	// P-56: who fires parting shots. Default PartingEnemies.
	PartingWho PartingWho
	// P-56: at whom parting shots are fired. Default PartingRoutsOnly.
	PartingWhen PartingWhen
	// P-60: a routed army attacked may choose only Withdraw (Seed) or fights normally (Std).
	// Default Seed.
	RoutedAttacked Variant
	// Engine: the most Ranged and Melee Phases a battle may last before it ends without a winner.
	// 0 means 100.
	MaxPhases int
}

// StdOptions returns the default options with every `Variant = Seed | Std` switch set to Std.
func StdOptions() Options {
	return Options{DirtyFighters: Std, FalseRetreat: Std, Spellbreaker: Std, RoutedAttacked: Std}
}

// Variant picks the seed's rule or the standard Ultimate Campaign rule where they differ.
type Variant uint8

// Variants.
const (
	Seed Variant = iota // the Japanese seed (default)
	Std                 // [PF-STD], the Pathfinder Reference Document
)

// HPMin is the P-4 option.
type HPMin uint8

// P-4 choices.
const (
	HPMinOne  HPMin = iota // hp is at least 1 (default)
	HPMinNone              // no minimum: hp 0 means the army is not an army (M002)
)

// FracACR is the P-5 option.
type FracACR uint8

// P-5 choices.
const (
	FracFloor FracACR = iota // a fractional ACR adds floor(ACR) = 0 (default)
	FracCeil                 // a fractional ACR adds 1
)

// HexRounding is the P-6 option.
type HexRounding uint8

// P-6 choices; every one gives at least 1 hex a day for a positive speed.
const (
	HexFloor   HexRounding = iota // max(1, floor(miles/12)) (default)
	HexNearest                    // max(1, round(miles/12)), halves up
	HexCeil                       // ceil(miles/12)
)

// Given is the option for hand-written statistics.
type Given uint8

// Choices for hand-written statistics (Check reports every disagreement either way).
const (
	GivenUsed    Given = iota // the author's ACR, hp, OM and DV replace the derived values (default)
	GivenIgnored              // the derived values are used
)

// TacticsRule is the P-10 option.
type TacticsRule uint8

// P-10 choices. A fractional ACR counts as 0 (P-5), so below ACR 1 an army knows no tactic either way.
const (
	TacticsRoundUp TacticsRule = iota // ceil(floor(ACR) / 2): ACR 1 one tactic, ACR 3 two (default)
	TacticsFloor                      // floor(ACR / 2): ACR 1 none, ACR 3 one
)

// TacticsAllowed is the most tactics an army of ACR c may know besides Standard and Withdraw (P-10).
func (o *Options) TacticsAllowed(c CR) int {
	if o.TacticsLimit == TacticsFloor {
		return c.Floor() / 2
	}
	return (c.Floor() + 1) / 2
}

// WithdrawRule is the P-25 option.
type WithdrawRule uint8

// P-25 choices.
const (
	// WithdrawPerArmy: one opposed check against each enemy army still fighting, each of which may
	// choose to fail; ties go to the higher modifier, then reroll (default, [PF-STD]).
	WithdrawPerArmy WithdrawRule = iota
	// WithdrawSingle: one opposed check, against the opposing enemy army with the highest morale
	// modifier (the seed assumes one enemy); its result holds against every enemy army.
	WithdrawSingle
)

// SiegebreakerRule is the P-33 option.
type SiegebreakerRule uint8

// P-33 choices.
const (
	SiegeBeatDV SiegebreakerRule = iota // result > DV, or a natural 20 (default)
	SiegeMeetDV                         // result >= DV, or a natural 20
)

// TauntScope is the P-35 option.
type TauntScope uint8

// P-35 choices.
const (
	TauntAgainstTaunter TauntScope = iota // OM and DV -2 against the taunting army (default)
	TauntAgainstAll                       // OM and DV -2 against every army
)

// HoldTheLineRule is the P-43 option.
type HoldTheLineRule uint8

// P-43 choices.
const (
	HoldEveryCheck    HoldTheLineRule = iota // each failed rout check may be rerolled once (default)
	HoldOncePerBattle                        // one reroll per battle
)

// MercilessRule is the P-45 option.
type MercilessRule uint8

// P-45 choices.
const (
	// MercilessWithdrawAndParting: OM +1 against armies using Withdraw and on parting shots (default).
	MercilessWithdrawAndParting MercilessRule = iota
	// MercilessWithdrawOnly: OM +1 against armies using Withdraw (the seed's words).
	MercilessWithdrawOnly
	// MercilessLastCheck: OM +1 on the last check against a routed or withdrawing army: parting shots,
	// and checks in the phase a withdrawing army leaves ([PF-STD]).
	MercilessLastCheck
)

// StayRule is the P-49 option.
type StayRule uint8

// P-49 choices.
const (
	StayUnanimous StayRule = iota // repeat only if every army is ranged and every commander stays (default)
	StayNever                     // one Ranged Phase, then melee
)

// StrategyDamageMode is the P-53 option.
type StrategyDamageMode uint8

// P-53 choices.
const (
	DamageDealt StrategyDamageMode = iota // the attacker's strategy damage modifier ([PF-STD], default)
	DamageTaken                           // the defender's (the seed's column heading)
)

// MissRule is an engine option at P-18/P-53.
type MissRule uint8

// Choices.
const (
	MissNoDamage       MissRule = iota // no damage unless the result beats the DV (P-18; default)
	MissStrategyDamage                 // damage = max(0, result - DV + modifier) even without beating it
)

// RoutRule is the P-55 option.
type RoutRule uint8

// P-55 choices.
const (
	RoutAfterDamage RoutRule = iota // after every phase the army took damage and ends at 0 < hp <= ACR (default)
	RoutEveryPhase                  // after every phase the army ends at 0 < hp <= ACR
	RoutOnce                        // only the first time the army is at 0 < hp <= ACR after damage
)

// PartingWho is a P-56 option.
type PartingWho uint8

// P-56 choices.
const (
	PartingEnemies PartingWho = iota // every enemy army still fighting (default)
	PartingAll                       // every army still fighting, allies too (the seed's "all armies")
)

// PartingWhen is a P-56 option.
type PartingWhen uint8

// P-56 choices.
const (
	PartingRoutsOnly        PartingWhen = iota // routing armies (default)
	PartingRoutsAndWithdraw                    // routing armies and armies leaving by Withdraw (the seed's 撤退)
)

func (o *Options) PhaseLimit() int {
	if o.MaxPhases <= 0 {
		return 100
	}
	return o.MaxPhases
}

// ACRBonus is what the ACR adds to DV, OM and the Taunt DC under the P-5 option.
func (o *Options) ACRBonus(c CR) int {
	if o.FracACR == FracCeil {
		return c.Ceil()
	}
	return c.Floor()
}
