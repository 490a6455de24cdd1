package clashrules

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// optionTable names every switch of Options as a battle file writes it (options: {...}), with its
// choices; the first choice is the Default (the zero value).
var optionTable = []struct {
	name    string
	rule    string
	choices []string
	set     func(o *Options, i int)
}{
	{"distance", "U-2", []string{"manhattan", "chebyshev"}, func(o *Options, i int) { o.Distance = Metric(i) }},
	{"speedScale", "U-3", []string{"5ft", "20ft"}, func(o *Options, i int) { o.SpeedScale = SpeedScale(i) }},
	{"standHP", "U-6", []string{"one", "ten"}, func(o *Options, i int) { o.StandHP = StandHP(i) }},
	{"leaveEndsCommand", "U-13", []string{"yes", "no"}, func(o *Options, i int) { o.LeaveEndsCommand = YesNo(i) }},
	{"incite", "U-14", []string{"next", "current"}, func(o *Options, i int) { o.Incite = InciteTurn(i) }},
	{"prepareSolos", "U-14", []string{"yes", "no"}, func(o *Options, i int) { o.PrepareSolos = YesNo(i) }},
	{"integrity", "U-17", []string{"legal", "required"}, func(o *Options, i int) { o.Integrity = IntegrityRule(i) }},
	{"road", "U-20", []string{"once", "none"}, func(o *Options, i int) { o.Road = RoadRule(i) }},
	{"forestCoverSaves", "U-21", []string{"no", "yes"}, func(o *Options, i int) { o.ForestCoverSaves = NoYes(i) }},
	{"forestCoverSolos", "U-21", []string{"no", "yes"}, func(o *Options, i int) { o.ForestCoverSolos = NoYes(i) }},
	{"climbDifficult", "U-23", []string{"double", "add"}, func(o *Options, i int) { o.ClimbDifficult = ClimbRule(i) }},
	{"initiative", "U-26", []string{"once", "everyRound"}, func(o *Options, i int) { o.InitiativeEvent = InitiativeRule(i) }},
	{"solosLock", "U-30", []string{"no", "yes"}, func(o *Options, i int) { o.SolosLock = NoYes(i) }},
	{"enemySquares", "U-31", []string{"never", "sizeDifference"}, func(o *Options, i int) { o.EnemySquares = EnemySquares(i) }},
	{"alliedSolos", "U-31", []string{"passThrough", "block"}, func(o *Options, i int) { o.AlliedSolos = AlliedSolos(i) }},
	{"reach", "U-36", []string{"adjacent", "none"}, func(o *Options, i int) { o.Reach = ReachRule(i) }},
	{"rangeOrigin", "U-37", []string{"edge", "center"}, func(o *Options, i int) { o.RangeOrigin = RangeOrigin(i) }},
	{"longRange", "U-37", []string{"disadvantage", "none"}, func(o *Options, i int) { o.LongRange = LongRangeRule(i) }},
	{"soloSpellVsStand", "U-42", []string{"oneTarget", "fiveTargets"}, func(o *Options, i int) { o.SoloSpellVsStand = SoloSpellTarget(i) }},
	{"cone", "U-45", []string{"rows", "wide"}, func(o *Options, i int) { o.Cone = ConeRule(i) }},
	{"line", "U-47", []string{"bends", "straight"}, func(o *Options, i int) { o.Line = LineRule(i) }},
	{"aid", "U-48", []string{"allRolls", "oneRoll"}, func(o *Options, i int) { o.Aid = AidRule(i) }},
	{"dashSlowed", "U-49", []string{"full", "double"}, func(o *Options, i int) { o.DashSlowed = DashRule(i) }},
	{"weaponsHitJoined", "U-52", []string{"no", "yes"}, func(o *Options, i int) { o.WeaponsHitJoined = NoYes(i) }},
	{"overflow", "U-56", []string{"oneHop", "chain", "none"}, func(o *Options, i int) { o.Overflow = OverflowRule(i) }},
	{"overflowChooser", "U-56", []string{"attacker", "defender"}, func(o *Options, i int) { o.OverflowChooser = Chooser56(i) }},
	{"healCasualty", "U-57", []string{"survives", "removed"}, func(o *Options, i int) { o.HealCasualty = HealRule(i) }},
	{"endOrder", "U-59", []string{"savesThenMorale", "moraleThenSaves"}, func(o *Options, i int) { o.EndOrder = EndOrder(i) }},
	{"moraleThreshold", "U-62", []string{"half", "moreThanHalf"}, func(o *Options, i int) { o.MoraleThreshold = MoraleThreshold(i) }},
	{"moraleRepeat", "U-62", []string{"everyRound", "once"}, func(o *Options, i int) { o.MoraleRepeat = MoraleRepeat(i) }},
	{"moraleSave", "U-62", []string{"modifier", "saveBonus"}, func(o *Options, i int) { o.MoraleSave = MoraleSave(i) }},
	{"rally", "U-64", []string{"bonusAction", "free"}, func(o *Options, i int) { o.Rally = RallyRule(i) }},
	{"attrition", "U-66", []string{"eliminated", "eliminatedOrBroken"}, func(o *Options, i int) { o.Attrition = AttritionRule(i) }},
	{"tie", "U-74", []string{"extraRound", "draw", "untilDecided"}, func(o *Options, i int) { o.Tie = TieRule(i) }},
	{"annihilation", "U-75", []string{"end", "continue"}, func(o *Options, i int) { o.Annihilation = AnnihilationRule(i) }},
	{"isolation", "U-81", []string{"everyAttack", "endOfTurn"}, func(o *Options, i int) { o.Isolation = IsolationRule(i) }},
	{"singleStand", "U-81", []string{"neverIsolated", "isolated"}, func(o *Options, i int) { o.SingleStand = SingleStandRule(i) }},
	{"regimentsSplitMove", "U-82", []string{"no", "yes"}, func(o *Options, i int) { o.RegimentsSplitMove = NoYes(i) }},
	{"solosSplitMove", "U-82", []string{"yes", "no"}, func(o *Options, i int) { o.SolosSplitMove = YesNo(i) }},
	{"coreActions", "U-84", []string{"solos", "none", "all"}, func(o *Options, i int) { o.CoreActions = CoreActions(i) }},
}

// numberOptions are the options that take a whole number, with their rule, Default and bounds.
var numberOptions = []struct {
	name          string
	rule          string
	def, min, max int
	set           func(o *Options, n int)
}{
	{"skirmisherSpread", "U-8", 2, 1, 20, func(o *Options, n int) { o.SkirmisherSpread = n }},
	{"soloSpread", "U-11", 2, 1, 20, func(o *Options, n int) { o.SoloSpread = n }},
	{"objectiveAC", "U-67", 10, 1, 30, func(o *Options, n int) { o.ObjectiveAC = n }},
	{"protectionVP", "U-68", 1, 1, 10, func(o *Options, n int) { o.ProtectionVP = n }},
	{"maxRounds", "U-75", 50, 1, 1000, func(o *Options, n int) { o.MaxRounds = n }},
}

// OptionInfo describes one option a battle file may set.
type OptionInfo struct {
	Name    string   // as a file writes it: "moraleThreshold"
	Rule    string   // the rule whose Default it switches: "U-62"
	Choices []string // the choices, the Default first; nil for a number
	Default int      // for a number: its Default
	Min     int      // for a number: the bounds
	Max     int
}

// OptionList lists every option SetOption takes, sorted by name.
func OptionList() []OptionInfo {
	out := make([]OptionInfo, 0, len(optionTable)+len(numberOptions))
	for _, t := range optionTable {
		out = append(out, OptionInfo{Name: t.name, Rule: t.rule, Choices: t.choices})
	}
	for _, t := range numberOptions {
		out = append(out, OptionInfo{Name: t.name, Rule: t.rule, Default: t.def, Min: t.min, Max: t.max})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// SetOption sets one option by the name a file writes ("moraleThreshold") to one of its choices
// ("moreThanHalf"), or a number option ("maxRounds") to a decimal number within its bounds. The
// error names the option and the choices.
func (o *Options) SetOption(name, value string) error {
	for _, t := range numberOptions {
		if t.name != name {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || n < t.min || n > t.max {
			return fmt.Errorf("option %s: %q is not a number %d..%d", name, value, t.min, t.max)
		}
		t.set(o, n)
		return nil
	}
	for _, t := range optionTable {
		if t.name != name {
			continue
		}
		for i, c := range t.choices {
			if c == value {
				t.set(o, i)
				return nil
			}
		}
		return fmt.Errorf("option %s: %q is not one of %s", name, value, strings.Join(t.choices, ", "))
	}
	return fmt.Errorf("unknown option %q", name)
}

// Apply returns base with every option of m set, in name order (so the first bad one is the same
// every time).
func Apply(base Options, m map[string]string) (Options, error) {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := base.SetOption(k, m[k]); err != nil {
			return base, err
		}
	}
	return base, nil
}
