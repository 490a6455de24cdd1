package pathfinder

import (
	"fmt"
	"strings"

	"cuelang.org/go/cue"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The index of a Pathfinder file (RULES.md Part P): a hex scenario's hexes, armies and objectives
// (#PFScenario), a battle file's armies (#PFBattle), and the tactics and boons they name
// (vocabulary: every tactic and boon sortie parses).

// pfSymbols indexes a Pathfinder scenario (hexes, armies, objectives) or battle file (armies).
func pfSymbols(uc *compiler.Unit, battle bool) *compiler.Symbols {
	name := "#PFScenario"
	if battle {
		name = "#PFBattle"
	}
	b := uc.NewSymBuilder(name, nil)
	b.Scan()
	user := uc.User()
	str := func(v cue.Value, path string) string {
		s, _ := v.LookupPath(cue.ParsePath(path)).String()
		return s
	}
	if battle {
		for i, side := range compiler.ListElems(user.LookupPath(cue.ParsePath("sides"))) {
			for _, f := range compiler.StructFields(side.LookupPath(cue.ParsePath("armies"))) {
				b.Symbol(compiler.KindArmy, f.ID).Info = pfArmyInfo(f.V, fmt.Sprintf("side %d", i+1), str)
			}
		}
		return b.Done()
	}
	at := map[[2]int]string{}
	hexes := compiler.StructFields(user.LookupPath(cue.ParsePath("field.hexes")))
	coords := map[string][2]int{}
	for _, h := range hexes {
		if xy, ok := pair(h.V.LookupPath(cue.ParsePath("at"))); ok {
			coords[h.ID] = xy
			if _, dup := at[xy]; !dup {
				at[xy] = h.ID
			}
		}
	}
	for _, h := range hexes {
		sym := b.Symbol(compiler.KindHex, h.ID)
		head := "hex"
		xy, ok := coords[h.ID]
		if ok {
			head = fmt.Sprintf("hex at [%d, %d]", xy[0], xy[1])
		}
		var what []string
		for _, f := range []string{"name", "terrain"} {
			if s := str(h.V, f); s != "" {
				what = append(what, s)
			}
		}
		if len(what) > 0 {
			head += ": " + strings.Join(what, ", ")
		}
		sym.Info = []string{head}
		if d, _ := h.V.LookupPath(cue.ParsePath("difficult")).Bool(); d {
			sym.Info = append(sym.Info, "difficult terrain: costs two of speed (P-6)")
		}
		if !ok {
			continue
		}
		var ns []string
		for _, d := range plan.HexDirs { // P-12: one hex step
			if n, ok := at[[2]int{xy[0] + d[0], xy[1] + d[1]}]; ok {
				ns = append(ns, n)
			}
		}
		sym.Adjacent = ns
		if len(ns) == 0 {
			ns = []string{"none"}
		}
		sym.Info = append(sym.Info, "neighbours: "+strings.Join(ns, ", "))
	}
	for _, a := range compiler.StructFields(user.LookupPath(cue.ParsePath("armies"))) {
		b.Symbol(compiler.KindArmy, a.ID).Info = pfArmyInfo(a.V, str(a.V, "side"), str)
	}
	for _, o := range compiler.StructFields(user.LookupPath(cue.ParsePath("objectives"))) {
		b.Symbol(compiler.KindObjective, o.ID).Info = []string{"objective, outcome " + str(o.V, "outcome")}
	}
	return b.Done()
}

func pfArmyInfo(v cue.Value, side string, str func(cue.Value, string) string) []string {
	head := strings.TrimSpace(side + " army")
	if n := str(v, "name"); n != "" {
		head += " " + n
	}
	if s := str(v, "size"); s != "" {
		head += ", " + s
	}
	if c := v.LookupPath(cue.ParsePath("cr")); c.Exists() {
		head += fmt.Sprintf(", CR %v", c)
	}
	info := []string{head}
	if start := str(v, "start"); start != "" {
		var steps []string
		for _, r := range compiler.ListElems(v.LookupPath(cue.ParsePath("route"))) {
			s, _ := r.String()
			steps = append(steps, s)
		}
		line := "starts in hex " + start
		if len(steps) > 0 {
			line += "; route " + strings.Join(steps, ", ") + " (P-13: hex by hex, speed hexes a day)"
		}
		info = append(info, line)
	}
	if sp, err := v.LookupPath(cue.ParsePath("speed")).Int64(); err == nil {
		info = append(info, fmt.Sprintf("speed %d (hexes a day, P-6)", sp))
	}
	return info
}

// pair reads [a, b] of two integers.
func pair(v cue.Value) ([2]int, bool) {
	es := compiler.ListElems(v)
	if len(es) != 2 {
		return [2]int{}, false
	}
	a, err1 := es[0].Int64()
	b, err2 := es[1].Int64()
	return [2]int{int(a), int(b)}, err1 == nil && err2 == nil
}

func pfScenarioDecl(p []string) compiler.SymbolKind {
	switch {
	case compiler.MatchPath(p, "field", "hexes", "*"):
		return compiler.KindHex
	case compiler.MatchPath(p, "armies", "*"):
		return compiler.KindArmy
	case compiler.MatchPath(p, "objectives", "*"):
		return compiler.KindObjective
	}
	return ""
}

func pfScenarioRef(p []string) (compiler.SymbolKind, bool) {
	switch {
	case compiler.MatchPath(p, "armies", "*", "start"), compiler.MatchPath(p, "armies", "*", "route", "*"), compiler.MatchPath(p, "objectives", "*", "reach", "hex"):
		return compiler.KindHex, false
	case compiler.MatchPath(p, "objectives", "*", "defeat", "*"), compiler.MatchPath(p, "objectives", "*", "reach", "army"):
		return compiler.KindArmy, false
	}
	if rest, ok := compiler.PathHasPrefix(p, "armies", "*"); ok {
		return pfArmyRef(rest)
	}
	return "", false
}

// pfArmyRef: rest is the path inside a Pathfinder army.
func pfArmyRef(rest []string) (compiler.SymbolKind, bool) {
	switch {
	case compiler.MatchPath(rest, "tactics", "*"), compiler.MatchPath(rest, "commander", "bonusTactics", "*"):
		return compiler.KindTactic, false
	case compiler.MatchPath(rest, "commander", "boons", "*"):
		return compiler.KindBoon, false
	}
	return "", false
}

func pfBattleDecl(p []string) compiler.SymbolKind {
	if compiler.MatchPath(p, "sides", "*", "armies", "*") && compiler.IsIndex(p[1]) {
		return compiler.KindArmy
	}
	return ""
}

func pfBattleRef(p []string) (compiler.SymbolKind, bool) {
	if rest, ok := compiler.PathHasPrefix(p, "sides", "*", "armies", "*"); ok {
		return pfArmyRef(rest)
	}
	return "", false
}
