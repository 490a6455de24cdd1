package pfarmy

import (
	"fmt"
	"strconv"
	"strings"
)

// optionTable names every Options field as a file writes it, with its choices; the first choice is
// the Default (the zero value). MaxPhases takes a number.
var optionTable = []struct {
	name    string
	choices []string
	set     func(o *Options, i int)
}{
	{"hpMin", []string{"one", "none"}, func(o *Options, i int) { o.HPMin = HPMin(i) }},
	{"fracACR", []string{"floor", "ceil"}, func(o *Options, i int) { o.FracACR = FracACR(i) }},
	{"hexRounding", []string{"floor", "nearest", "ceil"}, func(o *Options, i int) { o.HexRounding = HexRounding(i) }},
	{"given", []string{"used", "ignored"}, func(o *Options, i int) { o.Given = Given(i) }},
	{"tacticsLimit", []string{"roundUp", "floor"}, func(o *Options, i int) { o.TacticsLimit = TacticsRule(i) }},
	{"withdraw", []string{"perArmy", "single"}, func(o *Options, i int) { o.Withdraw = WithdrawRule(i) }},
	{"dirtyFighters", []string{"seed", "std"}, func(o *Options, i int) { o.DirtyFighters = Variant(i) }},
	{"falseRetreat", []string{"seed", "std"}, func(o *Options, i int) { o.FalseRetreat = Variant(i) }},
	{"siegebreaker", []string{"beatDV", "meetDV"}, func(o *Options, i int) { o.Siegebreaker = SiegebreakerRule(i) }},
	{"spellbreaker", []string{"seed", "std"}, func(o *Options, i int) { o.Spellbreaker = Variant(i) }},
	{"taunt", []string{"taunter", "all"}, func(o *Options, i int) { o.Taunt = TauntScope(i) }},
	{"holdTheLine", []string{"everyCheck", "oncePerBattle"}, func(o *Options, i int) { o.HoldTheLine = HoldTheLineRule(i) }},
	{"merciless", []string{"withdrawAndParting", "withdrawOnly", "lastCheck"}, func(o *Options, i int) { o.Merciless = MercilessRule(i) }},
	{"stayAtRange", []string{"unanimous", "never"}, func(o *Options, i int) { o.StayAtRange = StayRule(i) }},
	{"strategyDamage", []string{"dealt", "taken"}, func(o *Options, i int) { o.StrategyDamage = StrategyDamageMode(i) }},
	{"miss", []string{"noDamage", "strategyDamage"}, func(o *Options, i int) { o.Miss = MissRule(i) }},
	{"rout", []string{"afterDamage", "everyPhase", "once"}, func(o *Options, i int) { o.Rout = RoutRule(i) }},
	{"partingWho", []string{"enemies", "all"}, func(o *Options, i int) { o.PartingWho = PartingWho(i) }},
	{"partingWhen", []string{"routsOnly", "routsAndWithdraw"}, func(o *Options, i int) { o.PartingWhen = PartingWhen(i) }},
	{"routedAttacked", []string{"seed", "std"}, func(o *Options, i int) { o.RoutedAttacked = Variant(i) }},
}

// OptionNames lists the options SetOption takes, each with its choices (the Default first), in
// the order of Options' fields, and "maxPhases" (a number).
func OptionNames() map[string][]string {
	out := map[string][]string{"maxPhases": nil}
	for _, t := range optionTable {
		out[t.name] = t.choices
	}
	return out
}

// SetOption sets one option by the name a file writes ("strategyDamage") to one of its choices
// ("taken"); maxPhases takes a number 1..10000.
func (o *Options) SetOption(name, value string) error {
	if name == "maxPhases" {
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 10000 {
			return fmt.Errorf("option maxPhases: %q is not a number 1..10000", value)
		}
		o.MaxPhases = n
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
