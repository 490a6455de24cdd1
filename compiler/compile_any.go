package compiler

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Compiled is what one unit (a scenario's files or folder, or a battle file) compiled to: its
// kind ("scenario" or "battle"), its rule system ("karzoral", "pathfinder", "clash") and exactly
// one of Plan, Battle (Pathfinder) and Clash. Commands dispatch on Kind and Rules (the command
// registry's entries) instead of reading error texts.
type Compiled struct {
	Kind, Rules string
	Plan        *plan.Plan
	Battle      *plan.Battle
	Clash       *plan.Clash
}

// CompileAny vets and compiles paths, one scenario or one battle file of any rule system (a
// campaign is CompileCampaign's). c is nil when the list has errors; err is for I/O and usage
// problems, several scenarios or battles included.
func CompileAny(paths []string, opts Options) (c *Compiled, list diag.List, err error) {
	out := &outputs{}
	list, plans, _, err := runOut(paths, opts, true, out)
	if err != nil || list.HasErrors() {
		return nil, list, err
	}
	if c := compiledOf(plans, out); c != nil {
		return c, list, nil
	}
	return nil, list, fmt.Errorf("%s: want one scenario or one battle file, got %s and %s",
		strings.Join(paths, " "), words.Count(len(plans), "scenario"), words.Count(len(out.battles)+len(out.clashes), "battle file"))
}

// compiledOf is the one unit plans and out hold: a scenario's plan, a Pathfinder battle or a clash
// battle; nil when they hold none or more than one.
func compiledOf(plans []*plan.Plan, out *outputs) *Compiled {
	switch {
	case len(plans) == 1 && len(out.battles)+len(out.clashes) == 0:
		return &Compiled{Kind: "scenario", Rules: plans[0].Scenario.Rules, Plan: plans[0]}
	case len(plans) == 0 && len(out.battles) == 1 && len(out.clashes) == 0:
		return &Compiled{Kind: "battle", Rules: "pathfinder", Battle: out.battles[0]}
	case len(plans) == 0 && len(out.battles) == 0 && len(out.clashes) == 1:
		return &Compiled{Kind: "battle", Rules: "clash", Clash: out.clashes[0]}
	}
	return nil
}
