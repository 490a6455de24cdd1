package compiler

import (
	"strconv"

	"cuelang.org/go/cue"
)

// The obvious defaults of required fields (S003), offered as a quick fix and by vet --fix
// (compiler/fix). A field has one when the schema and the registry together say what its absence
// already means; every other required field has none, and S003 only says what it wants:
//
//   - rules of a scenario (#Scenario.rules, an enum of the rule systems the format knows): a
//     scenario that names no rules is vetted by the fallback system (rules.go, Karzoral), so
//     writing that system's name changes nothing but makes it explicit. #PFScenario, #PFBattle,
//     #ClashBattle and #Campaign fix their rules to one value, which CUE fills in: never missing.
//
// Why no other: a required scalar with no value in the schema (id, title, days.limit,
// party.members, party.start, an army's side or strength, a clash stand's at, ...) is the
// author's choice, and no value of it is more likely than another; a field with a CUE default
// (speed: *1 | ..., rations: *0 | ...) or a constant (version: int & 1, kind: "battle") is
// filled in by CUE; a map of entities ({[#ID]: #Army}) or an open list ([...string]) is complete
// when absent. None of those is ever missing.

// fieldDefault is an obvious default: the value as CUE writes it ("karzoral" quoted) and why.
type fieldDefault struct {
	value, why string
}

// missingDefault returns the obvious default of the required field name missing under the
// struct at parentPath ("" for the top level), whose schema is s; ok is false when it has none.
func missingDefault(parentPath, name string, s cue.Value) (fieldDefault, bool) {
	if parentPath != "" || name != "rules" || !s.Exists() {
		return fieldDefault{}, false
	}
	fb := fallbackRulesOf()
	vals, ok := enumValues(s)
	if !ok {
		return fieldDefault{}, false
	}
	for _, v := range vals {
		if str, err := v.String(); err == nil && str == fb {
			return fieldDefault{value: strconv.Quote(fb), why: "a scenario that names no rules is vetted as " + fb}, true
		}
	}
	return fieldDefault{}, false
}

// fallbackRulesOf is fallbackRules, set by init: ruleSystems holds the checks that lead here,
// and Go refuses the initialization cycle a direct call would make.
var fallbackRulesOf func() string

func init() { fallbackRulesOf = fallbackRules }

// fallbackRules names the fallback rule system (fallbackSystem).
func fallbackRules() string {
	for _, name := range builtRules() {
		if ruleSystems[name].Fallback {
			return name
		}
	}
	return ""
}
