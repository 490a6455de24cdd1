package pfarmy

import "github.com/sortie-rpg/sortie/compiler/plan/optable"

// options names every Options field as a file writes it, with the rule whose Default it switches
// (the field's doc; "engine" for a reading of the engine's; miss is P-18's with P-53's modifier)
// and its choices, the first the Default (the zero value); maxPhases takes a number 1..10000 (0,
// unset, means 100). compiler/plan/optable reads them.
var options = optable.Table[Options]{
	Choices: []optable.Choice[Options]{
		optable.Switch("hpMin", "P-4", []string{"one", "none"}, func(o *Options, i int) { o.HPMin = HPMin(i) }),
		optable.Switch("fracACR", "P-5", []string{"floor", "ceil"}, func(o *Options, i int) { o.FracACR = FracACR(i) }),
		optable.Switch("hexRounding", "P-6", []string{"floor", "nearest", "ceil"}, func(o *Options, i int) { o.HexRounding = HexRounding(i) }),
		optable.Switch("given", "engine", []string{"used", "ignored"}, func(o *Options, i int) { o.Given = Given(i) }),
		optable.Switch("tacticsLimit", "P-10", []string{"roundUp", "floor"}, func(o *Options, i int) { o.TacticsLimit = TacticsRule(i) }),
		optable.Switch("withdraw", "P-25", []string{"perArmy", "single"}, func(o *Options, i int) { o.Withdraw = WithdrawRule(i) }),
		optable.Switch("dirtyFighters", "P-29", []string{"seed", "std"}, func(o *Options, i int) { o.DirtyFighters = Variant(i) }),
		optable.Switch("falseRetreat", "P-31", []string{"seed", "std"}, func(o *Options, i int) { o.FalseRetreat = Variant(i) }),
		optable.Switch("siegebreaker", "P-33", []string{"beatDV", "meetDV"}, func(o *Options, i int) { o.Siegebreaker = SiegebreakerRule(i) }),
		optable.Switch("spellbreaker", "P-34", []string{"seed", "std"}, func(o *Options, i int) { o.Spellbreaker = Variant(i) }),
		optable.Switch("taunt", "P-35", []string{"taunter", "all"}, func(o *Options, i int) { o.Taunt = TauntScope(i) }),
		optable.Switch("holdTheLine", "P-43", []string{"everyCheck", "oncePerBattle"}, func(o *Options, i int) { o.HoldTheLine = HoldTheLineRule(i) }),
		optable.Switch("merciless", "P-45", []string{"withdrawAndParting", "withdrawOnly", "lastCheck"}, func(o *Options, i int) { o.Merciless = MercilessRule(i) }),
		optable.Switch("stayAtRange", "P-49", []string{"unanimous", "never"}, func(o *Options, i int) { o.StayAtRange = StayRule(i) }),
		optable.Switch("strategyDamage", "P-53", []string{"dealt", "taken"}, func(o *Options, i int) { o.StrategyDamage = StrategyDamageMode(i) }),
		optable.Switch("miss", "P-18", []string{"noDamage", "strategyDamage"}, func(o *Options, i int) { o.Miss = MissRule(i) }),
		optable.Switch("rout", "P-55", []string{"afterDamage", "everyPhase", "once"}, func(o *Options, i int) { o.Rout = RoutRule(i) }),
		optable.Switch("partingWho", "P-56", []string{"enemies", "all"}, func(o *Options, i int) { o.PartingWho = PartingWho(i) }),
		optable.Switch("partingWhen", "P-56", []string{"routsOnly", "routsAndWithdraw"}, func(o *Options, i int) { o.PartingWhen = PartingWhen(i) }),
		optable.Switch("routedAttacked", "P-60", []string{"seed", "std"}, func(o *Options, i int) { o.RoutedAttacked = Variant(i) }),
	},
	Numbers: []optable.Number[Options]{
		optable.Whole("maxPhases", "engine", 100, 1, 10000, func(o *Options, n int) { o.MaxPhases = n }),
	},
}

// OptionNames lists the options SetOption takes, each with its choices (the Default first), and
// "maxPhases" (a number: no choices).
func OptionNames() map[string][]string { return options.Names() }

// SetOption sets one option by the name a file writes ("strategyDamage") to one of its choices
// ("taken"); maxPhases takes a number 1..10000 (optable.Table.Set).
func (o *Options) SetOption(name, value string) error { return options.Set(o, name, value) }
