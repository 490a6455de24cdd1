package compiler

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"cuelang.org/go/cue"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The rule systems sortie builds. A scenario names its rule system (rules: NAME); the schema lists
// every system the format knows (#Scenario.rules), some of which may not be built yet: a scenario
// of one of those is refused (L016), never vetted or run by the rules of another. Each rule system
// is a package of its own (compiler/karzoral, compiler/pathfinder, compiler/clash) that adds its
// entry with Register (system.go) from its init; compiler/all links every one.
var ruleSystems = map[string]RuleSystem{}

// PassInfo names one pass of the vet (a check, or a group of findings such as "load") and the
// codes it may report.
type PassInfo struct {
	Name  string
	Codes []string
}

// CheckOf names the pass that reports code: "load" (L001-L007, L011-L016: reading and parsing
// the files), "schema" (S codes and a rule system's SchemaCodes: Karzoral's T003), a pass of a rule system's registry entry (rules.go: a
// Karzoral check's Name, "pathfinder" for the M and H codes, a When Armies Clash check's Name
// for the U codes), or "suppressions" (L008-L010). CI reports group findings by it (one JUnit
// test case per pass). Unknown codes give "".
func CheckOf(code string) string {
	for _, sys := range systemsInOrder() {
		for _, p := range sys.Passes() {
			for _, cc := range p.Codes {
				if cc == code {
					return p.Name
				}
			}
		}
	}
	switch {
	case code == codeNoReason || code == codeUnusedIgnore || code == codeBadIgnore:
		return "suppressions"
	case strings.HasPrefix(code, "L"):
		return "load"
	case strings.HasPrefix(code, "S"), isSchemaCode(code):
		return "schema"
	}
	return ""
}

// isSchemaCode reports whether a rule system words code through the schema pass (its
// RuleSystem.SchemaCodes: Karzoral's T003).
func isSchemaCode(code string) bool {
	for _, sys := range systemsInOrder() {
		for _, c := range sys.SchemaCodes {
			if c == code {
				return true
			}
		}
	}
	return false
}

// PassNames lists every pass CheckOf can name, in the order they run: load, schema, the passes
// of each rule system (in the registry's order: Karzoral, Pathfinder, When Armies Clash),
// suppressions.
func PassNames() []string {
	out := []string{"load", "schema"}
	for _, sys := range systemsInOrder() {
		for _, p := range sys.Passes() {
			out = append(out, p.Name)
		}
	}
	return append(out, "suppressions")
}

// PassNamesOf is PassNames for the files of one rule system (issue 20, M: a JUnit report lists
// the checks of the files' own system): load, schema, the passes of rules ("" is the fallback
// system's, as a file that leaves its rules unsaid is vetted), suppressions. A rules sortie does
// not build gives every pass (PassNames).
func PassNamesOf(rules string) []string {
	if rules == "" {
		rules = fallbackRules()
	}
	sys, ok := ruleSystems[rules]
	if !ok {
		return PassNames()
	}
	out := []string{"load", "schema"}
	for _, p := range sys.Passes() {
		out = append(out, p.Name)
	}
	return append(out, "suppressions")
}

// systemsInOrder lists the built rule systems by their order.
func systemsInOrder() []RuleSystem {
	out := make([]RuleSystem, 0, len(ruleSystems))
	for _, name := range builtRules() {
		out = append(out, ruleSystems[name])
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Order < out[j].Order })
	return out
}

// unitCtx is what a rule system gets to vet one loaded unit: its findings go to list, a battle
// file's compiled form to out.battles (Pathfinder) or out.clashes (When Armies Clash).
type unitCtx struct {
	ctx      *cue.Context
	def      cue.Value                            // #Scenario
	defs     func(name string) (cue.Value, error) // another definition of the schema (#ClashBattle), compiled once per context
	ld       loaded
	nm       *namer
	list     *diag.List
	fallback string // the unit's first file, for positions
	compile  bool
	out      *outputs
	// fast is the unit read as a data tree (fast.go), or nil for the CUE path; ctx, def and defs
	// are unset when the unit is a data file vetted in sortie's process.
	fast *fastUnit
}

// builtRules lists the names of the rule systems built, sorted.
func builtRules() []string {
	var out []string
	for name := range ruleSystems {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// battleRules lists the names of the rule systems built that have battle files, sorted.
func battleRules() []string {
	var out []string
	for _, name := range builtRules() {
		if ruleSystems[name].Battle != nil {
			out = append(out, name)
		}
	}
	return out
}

// dispatch hands a loaded unit to its rule system. A battle file without rules gets S003 naming
// the systems with battle files (none is guessed); a battle file whose rules is not built but near the name of
// a system with battle files goes to that system, whose schema reports the misspelling (S004,
// with a did-you-mean); a scenario without readable rules goes to the registry's fallback
// (fallbackSystem: the Karzoral checks), whose schema reports the missing or misspelt rules (S003, S004).
func dispatch(uc *unitCtx) (*plan.Plan, error) {
	if uc.ctx == nil {
		return dispatchFast(uc)
	}
	user := uc.ld.user
	if !isStruct(user) {
		return fallbackSystem().Scenario(uc) // L002: not a struct
	}
	kind, _ := user.LookupPath(cue.MakePath(cue.Str("kind"))).String()
	rv := user.LookupPath(cue.MakePath(cue.Str("rules")))
	rules, rerr := rv.String()
	if kind == "battle" && !rv.Exists() {
		// A battle file names its rule system: none is guessed (the reviewer's k14, a clash
		// battle without rules: vetted as Pathfinder, said six wrong things and never this).
		uc.list.Add(diag.Errorf(uc.topOr(uc.nm.valuePos(user)), codeMissing, "missing required field %q", "rules").
			WithHint(fmt.Sprintf("add rules: %s (a battle file names its rule system); nothing else in this file was checked", strings.ReplaceAll(quoteList(battleRules()), ", ", " or "))))
		return nil, nil
	}
	if rerr != nil && kind == "battle" {
		// A battle file whose rules is not a string (rules: [clash], rules: 7) is a battle all
		// the same: the finding is on rules, as for a name not built, not L002 "not a scenario".
		uc.list.Add(diag.Errorf(uc.nm.valuePos(rv), codeRulesNotBuilt, "rules: is %s, not a rule system's name: battle files are rules %s", kindName(rv.IncompleteKind()), quoteList(battleRules())).
			WithHint(battleRulesHint(rv)))
		return nil, nil
	}
	if rerr != nil {
		return fallbackSystem().Scenario(uc)
	}
	sys, built := ruleSystems[rules]
	if !built && kind == "battle" && !schemaRules(uc.def)[rules] {
		if near := suggest(rules, battleRules()); near != "" {
			return ruleSystems[near].Battle(uc)
		}
		uc.list.Add(diag.Errorf(uc.nm.valuePos(rv), codeRulesNotBuilt, "rules: %q is not a rule system sortie builds: battle files are rules %s", rules, quoteList(battleRules())).
			WithHint("nothing else in this file was checked"))
		return nil, nil
	}
	switch {
	case !built && (kind == "battle" || schemaRules(uc.def)[rules]):
		d := diag.Errorf(uc.nm.valuePos(rv), codeRulesNotBuilt, "rules: %q is not built yet: sortie checks and runs %s", rules, quoteList(builtRules()))
		if !rv.Exists() {
			d.Pos = diag.Pos{File: uc.nm.display(uc.fallback), Line: 1, Column: 1}
		}
		uc.list.Add(d.WithHint("nothing else in this file was checked"))
		return nil, nil
	case !built:
		return fallbackSystem().Scenario(uc) // not a value of the schema: S004 with the values it allows
	case kind == "battle" && sys.Battle == nil:
		uc.list.Add(diag.Errorf(uc.nm.valuePos(rv), codeRulesNotBuilt, "rules: %q has no battle files (battle files are rules %s)", rules, quoteList(battleRules())).
			WithHint("nothing else in this file was checked"))
		return nil, nil
	case kind == "battle" || sys.Scenario == nil:
		return sys.Battle(uc)
	}
	return sys.Scenario(uc)
}

// battleRulesHint is the hint for a battle file's rules: that is not a string: the name to write
// when rv is a list holding one name of a system with battle files (rules: [clash] => rules:
// "clash"), else what rules: takes.
func battleRulesHint(rv cue.Value) string {
	if rv.IncompleteKind() == cue.ListKind {
		if n, err := rv.Len().Int64(); err == nil && n == 1 {
			if s, err := rv.LookupPath(cue.MakePath(cue.Index(0))).String(); err == nil && slices.Contains(battleRules(), s) {
				return fmt.Sprintf("a battle file follows one rule system: write rules: %q", s)
			}
		}
	}
	return "rules: takes one rule system's name, a string; nothing else in this file was checked"
}

// fallbackSystem is the registry's default (RuleSystem.Fallback): the system whose scenario schema
// reports a file whose rule system cannot be read. There is exactly one (TestOneFallback).
func fallbackSystem() RuleSystem {
	for _, name := range builtRules() {
		if rs := ruleSystems[name]; rs.Fallback {
			return rs
		}
	}
	panic("compiler: no rule system is the fallback") // a programming error: TestOneFallback
}

// schemaRules is the set of rule systems the schema's #Scenario.rules allows.
func schemaRules(def cue.Value) map[string]bool {
	out := map[string]bool{}
	vals, _ := enumValues(def.LookupPath(cue.MakePath(cue.Str("rules"))))
	for _, v := range vals {
		if s, err := v.String(); err == nil {
			out[s] = true
		}
	}
	return out
}
