package compiler

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// CompileAnyBattle vets and compiles a battle file of any rule system that has one (CompileAny):
// a Pathfinder battle (rules: "pathfinder", see CompileBattle) or a When Armies Clash battle
// (rules: "clash", see CompileClash). c is nil when the list has errors; otherwise it is of kind
// "battle". err is for I/O and usage problems, a file that is not a battle included.
func CompileAnyBattle(paths []string, opts Options) (c *Compiled, list diag.List, err error) {
	out := &outputs{}
	list, plans, _, err := runOut(paths, opts, true, out)
	if err != nil {
		return nil, list, err
	}
	if list.HasErrors() {
		return nil, list, nil
	}
	if c := compiledOf(plans, out); c != nil && c.Kind == "battle" {
		return c, list, nil
	}
	if len(plans) == 1 && len(out.battles)+len(out.clashes) == 0 {
		return nil, list, fmt.Errorf("%s is a scenario, not a battle file: play it with sortie run (a battle file has kind: \"battle\", rules: \"pathfinder\" or \"clash\")", strings.Join(paths, " "))
	}
	return nil, list, fmt.Errorf("%s is not a battle file (want kind: \"battle\", rules: \"pathfinder\" or \"clash\")", strings.Join(paths, " "))
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
