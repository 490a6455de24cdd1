package compiler

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// CompileAnyBattle vets and compiles a battle file of either rule system that has one: a
// Pathfinder battle (rules: "pathfinder", see CompileBattle) or a When Armies Clash battle (rules:
// "clash", see CompileClash). When the list has no errors exactly one of pf and cl is set. err is
// for I/O and usage problems, a file that is not a battle included.
func CompileAnyBattle(paths []string, opts Options) (pf *plan.Battle, cl *plan.Clash, list diag.List, err error) {
	out := &outputs{}
	list, plans, _, err := runOut(paths, opts, true, out)
	if err != nil {
		return nil, nil, list, err
	}
	if list.HasErrors() {
		return nil, nil, list, nil
	}
	switch {
	case len(plans) == 0 && len(out.battles) == 1 && len(out.clashes) == 0:
		return out.battles[0], nil, list, nil
	case len(plans) == 0 && len(out.battles) == 0 && len(out.clashes) == 1:
		return nil, out.clashes[0], list, nil
	}
	if len(plans) == 1 && len(out.battles)+len(out.clashes) == 0 {
		return nil, nil, list, fmt.Errorf("%s is a scenario, not a battle file: play it with sortie run (a battle file has kind: \"battle\", rules: \"pathfinder\" or \"clash\")", strings.Join(paths, " "))
	}
	return nil, nil, list, fmt.Errorf("%s is not a battle file (want kind: \"battle\", rules: \"pathfinder\" or \"clash\")", strings.Join(paths, " "))
}

// CompileClash vets a clash battle file (kind: "battle", rules: "clash"; schema #ClashBattle) and
// compiles it to a plan.Clash: the grid's terrain rows and elevation, the stat blocks and spells
// used (library ones resolved), both sides' units, stands and solos with indices, the resources
// and objectives, the options as written. c is nil when the list has errors; err is for I/O and
// usage problems, a file of another kind included.
func CompileClash(paths []string, opts Options) (c *plan.Clash, list diag.List, err error) {
	out := &outputs{}
	list, plans, _, err := runOut(paths, opts, true, out)
	if err != nil {
		return nil, list, err
	}
	if list.HasErrors() {
		return nil, list, nil
	}
	if len(plans) > 0 || len(out.battles) > 0 || len(out.clashes) != 1 {
		return nil, list, fmt.Errorf("%s is not a clash battle file (want kind: \"battle\", rules: \"clash\")", strings.Join(paths, " "))
	}
	return out.clashes[0], list, nil
}
