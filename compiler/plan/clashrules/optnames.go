package clashrules

import "github.com/sortie-rpg/sortie/compiler/plan/optable"

// options names every switch of Options as a battle file writes it (options: {...}), with its
// rule and choices, the first choice the Default (the zero value); and the options that take a
// whole number, with their rule, Default and bounds. compiler/plan/optable reads them.
var options = optable.Table[Options]{
	Choices: []optable.Choice[Options]{
		optable.Switch("distance", "U-2", []string{"manhattan", "chebyshev"}, func(o *Options, i int) { o.Distance = Metric(i) }),
		optable.Switch("speedScale", "U-3", []string{"5ft", "20ft"}, func(o *Options, i int) { o.SpeedScale = SpeedScale(i) }),
		optable.Switch("standHP", "U-6", []string{"one", "ten"}, func(o *Options, i int) { o.StandHP = StandHP(i) }),
		optable.Switch("leaveEndsCommand", "U-13", []string{"yes", "no"}, func(o *Options, i int) { o.LeaveEndsCommand = YesNo(i) }),
		optable.Switch("incite", "U-14", []string{"next", "current"}, func(o *Options, i int) { o.Incite = InciteTurn(i) }),
		optable.Switch("prepareSolos", "U-14", []string{"yes", "no"}, func(o *Options, i int) { o.PrepareSolos = YesNo(i) }),
		optable.Switch("integrity", "U-17", []string{"legal", "required"}, func(o *Options, i int) { o.Integrity = IntegrityRule(i) }),
		optable.Switch("road", "U-20", []string{"once", "none"}, func(o *Options, i int) { o.Road = RoadRule(i) }),
		optable.Switch("forestCoverSaves", "U-21", []string{"no", "yes"}, func(o *Options, i int) { o.ForestCoverSaves = NoYes(i) }),
		optable.Switch("forestCoverSolos", "U-21", []string{"no", "yes"}, func(o *Options, i int) { o.ForestCoverSolos = NoYes(i) }),
		optable.Switch("climbDifficult", "U-23", []string{"double", "add"}, func(o *Options, i int) { o.ClimbDifficult = ClimbRule(i) }),
		optable.Switch("initiative", "U-26", []string{"once", "everyRound"}, func(o *Options, i int) { o.InitiativeEvent = InitiativeRule(i) }),
		optable.Switch("solosLock", "U-30", []string{"no", "yes"}, func(o *Options, i int) { o.SolosLock = NoYes(i) }),
		optable.Switch("enemySquares", "U-31", []string{"never", "sizeDifference"}, func(o *Options, i int) { o.EnemySquares = EnemySquares(i) }),
		optable.Switch("alliedSolos", "U-31", []string{"passThrough", "block"}, func(o *Options, i int) { o.AlliedSolos = AlliedSolos(i) }),
		optable.Switch("reach", "U-36", []string{"adjacent", "none"}, func(o *Options, i int) { o.Reach = ReachRule(i) }),
		optable.Switch("rangeOrigin", "U-37", []string{"edge", "center"}, func(o *Options, i int) { o.RangeOrigin = RangeOrigin(i) }),
		optable.Switch("longRange", "U-37", []string{"disadvantage", "none"}, func(o *Options, i int) { o.LongRange = LongRangeRule(i) }),
		optable.Switch("soloSpellVsStand", "U-42", []string{"oneTarget", "fiveTargets"}, func(o *Options, i int) { o.SoloSpellVsStand = SoloSpellTarget(i) }),
		optable.Switch("cone", "U-45", []string{"rows", "wide"}, func(o *Options, i int) { o.Cone = ConeRule(i) }),
		optable.Switch("line", "U-47", []string{"bends", "straight"}, func(o *Options, i int) { o.Line = LineRule(i) }),
		optable.Switch("aid", "U-48", []string{"allRolls", "oneRoll"}, func(o *Options, i int) { o.Aid = AidRule(i) }),
		optable.Switch("dashSlowed", "U-49", []string{"full", "double"}, func(o *Options, i int) { o.DashSlowed = DashRule(i) }),
		optable.Switch("weaponsHitJoined", "U-52", []string{"no", "yes"}, func(o *Options, i int) { o.WeaponsHitJoined = NoYes(i) }),
		optable.Switch("overflow", "U-56", []string{"oneHop", "chain", "none"}, func(o *Options, i int) { o.Overflow = OverflowRule(i) }),
		optable.Switch("overflowChooser", "U-56", []string{"attacker", "defender"}, func(o *Options, i int) { o.OverflowChooser = Chooser56(i) }),
		optable.Switch("healCasualty", "U-57", []string{"survives", "removed"}, func(o *Options, i int) { o.HealCasualty = HealRule(i) }),
		optable.Switch("endOrder", "U-59", []string{"savesThenMorale", "moraleThenSaves"}, func(o *Options, i int) { o.EndOrder = EndOrder(i) }),
		optable.Switch("moraleThreshold", "U-62", []string{"half", "moreThanHalf"}, func(o *Options, i int) { o.MoraleThreshold = MoraleThreshold(i) }),
		optable.Switch("moraleRepeat", "U-62", []string{"everyRound", "once"}, func(o *Options, i int) { o.MoraleRepeat = MoraleRepeat(i) }),
		optable.Switch("moraleSave", "U-62", []string{"modifier", "saveBonus"}, func(o *Options, i int) { o.MoraleSave = MoraleSave(i) }),
		optable.Switch("rally", "U-64", []string{"bonusAction", "free"}, func(o *Options, i int) { o.Rally = RallyRule(i) }),
		optable.Switch("attrition", "U-66", []string{"eliminated", "eliminatedOrBroken"}, func(o *Options, i int) { o.Attrition = AttritionRule(i) }),
		optable.Switch("tie", "U-74", []string{"extraRound", "draw", "untilDecided"}, func(o *Options, i int) { o.Tie = TieRule(i) }),
		optable.Switch("annihilation", "U-75", []string{"end", "continue"}, func(o *Options, i int) { o.Annihilation = AnnihilationRule(i) }),
		optable.Switch("isolation", "U-81", []string{"everyAttack", "endOfTurn"}, func(o *Options, i int) { o.Isolation = IsolationRule(i) }),
		optable.Switch("singleStand", "U-81", []string{"neverIsolated", "isolated"}, func(o *Options, i int) { o.SingleStand = SingleStandRule(i) }),
		optable.Switch("regimentsSplitMove", "U-82", []string{"no", "yes"}, func(o *Options, i int) { o.RegimentsSplitMove = NoYes(i) }),
		optable.Switch("solosSplitMove", "U-82", []string{"yes", "no"}, func(o *Options, i int) { o.SolosSplitMove = YesNo(i) }),
		optable.Switch("coreActions", "U-84", []string{"solos", "none", "all"}, func(o *Options, i int) { o.CoreActions = CoreActions(i) }),
	},
	Numbers: []optable.Number[Options]{
		optable.Whole("skirmisherSpread", "U-8", 2, 1, 20, func(o *Options, n int) { o.SkirmisherSpread = n }),
		optable.Whole("soloSpread", "U-11", 2, 1, 20, func(o *Options, n int) { o.SoloSpread = n }),
		optable.Whole("objectiveAC", "U-67", 10, 1, 30, func(o *Options, n int) { o.ObjectiveAC = n }),
		optable.Whole("protectionVP", "U-68", 1, 1, 10, func(o *Options, n int) { o.ProtectionVP = n }),
		optable.Whole("maxRounds", "U-75", 50, 1, 1000, func(o *Options, n int) { o.MaxRounds = n }),
	},
}

// OptionInfo describes one option a battle file may set.
type OptionInfo = optable.Info

// OptionList lists every option SetOption takes, sorted by name.
func OptionList() []OptionInfo { return options.List() }

// SetOption sets one option by the name a file writes ("moraleThreshold") to one of its choices
// ("moreThanHalf"), or a number option ("maxRounds") to a decimal number within its bounds. The
// error names the option and the choices (optable.Table.Set).
func (o *Options) SetOption(name, value string) error { return options.Set(o, name, value) }

// Apply returns base with every option of m set, in name order (so the first bad one is the same
// every time).
func Apply(base Options, m map[string]string) (Options, error) { return options.Apply(base, m) }
