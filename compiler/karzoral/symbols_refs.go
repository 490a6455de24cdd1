package karzoral

import "github.com/sortie-rpg/sortie/compiler"

// Which fields of a Karzoral scenario (#Scenario) and campaign (#Campaign) declare an id and which
// refer to one, for the symbol index (compiler.RefTable; a path is a list of labels, a list index
// written "[i]").

func karzoralDecl(p []string) compiler.SymbolKind { return compiler.DeclOf(karzoralDecls, p) }

// karzoralDecls are the paths that declare the ids of a Karzoral scenario.
var karzoralDecls = []compiler.DeclPath{
	{Pat: []string{"field", "blocks", "*"}, Kind: compiler.KindBlock},
	{Pat: []string{"armies", "*"}, Kind: compiler.KindArmy},
	{Pat: []string{"encounters", "*"}, Kind: compiler.KindEncounter},
	{Pat: []string{"events", "*"}, Kind: compiler.KindEvent},
	{Pat: []string{"objectives", "*"}, Kind: compiler.KindObjective},
	{Pat: []string{"traversals", "*"}, Kind: compiler.KindTraversal},
}

// karzoralRef covers what check_refs.go checks, and flags (E002).
func karzoralRef(p []string) (compiler.SymbolKind, bool) {
	switch {
	case compiler.MatchPath(p, "party", "start"), compiler.MatchPath(p, "armies", "*", "route", "*"), compiler.MatchPath(p, "events", "*", "on", "enter"),
		compiler.MatchPath(p, "traversals", "*", "blocks", "*"):
		return compiler.KindBlock, false
	case compiler.MatchPath(p, "armies", "*", "encounter"), compiler.MatchPath(p, "nightRaid"), compiler.MatchPath(p, "encounters", "*", "next"):
		return compiler.KindEncounter, false
	}
	for _, root := range [][]string{{"events", "*", "if"}, {"objectives", "*", "when"}} {
		if rest, ok := compiler.PathHasPrefix(p, root...); ok {
			return condRef(rest, root[0] == "objectives")
		}
	}
	for _, root := range [][]string{{"events", "*", "do", "*"}, {"episodes", "*", "do", "*"},
		{"traversals", "*", "faces", "*", "do", "*"}, {"traversals", "*", "complete", "*"}} {
		if rest, ok := compiler.PathHasPrefix(p, root...); ok && len(rest) == 1 && compiler.IsIndex(p[len(root)-1]) {
			return actionRef(rest[0])
		}
	}
	return "", false
}

// condRef: rest is the path inside a #Cond (or #When, with enter), nested through not, all and any.
func condRef(rest []string, when bool) (compiler.SymbolKind, bool) {
	for len(rest) > 1 {
		switch {
		case rest[0] == "not":
			rest = rest[1:]
		case (rest[0] == "all" || rest[0] == "any") && compiler.IsIndex(rest[1]):
			rest = rest[2:]
		default:
			return "", false
		}
		when = false
	}
	if len(rest) != 1 {
		return "", false
	}
	switch rest[0] {
	case "flag":
		return compiler.KindFlag, false
	case "at":
		if !when {
			return compiler.KindBlock, false
		}
	case "enter":
		if when {
			return compiler.KindBlock, false
		}
	case "armyGone":
		return compiler.KindArmy, false
	}
	return "", false
}

func actionRef(verb string) (compiler.SymbolKind, bool) {
	switch verb {
	case "set":
		return compiler.KindFlag, true
	case "clear":
		return compiler.KindFlag, false
	case "battle":
		return compiler.KindEncounter, false
	case "army", "spawn", "remove":
		return compiler.KindArmy, false
	}
	return "", false
}

// campaignDecl is the kind of id a path of a campaign file declares, or "".
func campaignDecl(p []string) compiler.SymbolKind {
	if len(p) != 2 {
		return ""
	}
	switch p[0] {
	case "scenarios":
		return compiler.KindScenario
	case "bases":
		return compiler.KindBase
	case "benefits":
		return compiler.KindBenefit
	case "shop":
		return compiler.KindItem
	case "party":
		return compiler.KindPC
	}
	return ""
}

// campaignRef is the kind of id a string at a path of a campaign file names, or "".
func campaignRef(p []string) (compiler.SymbolKind, bool) {
	switch {
	case compiler.MatchPath(p, "prologue"), compiler.MatchPath(p, "final"), compiler.MatchPath(p, "start", "*"), compiler.MatchPath(p, "scenarios", "*", "unlocks", "*"):
		return compiler.KindScenario, false
	case compiler.MatchPath(p, "scenarios", "*", "base"):
		return compiler.KindBase, false
	case compiler.MatchPath(p, "scenarios", "*", "benefits", "*"):
		return compiler.KindBenefit, false
	}
	return "", false
}
