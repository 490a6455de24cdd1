package pathfinder

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// RulesName is the plan.Meta.Rules value the hex day loop plays.
const RulesName = "pathfinder"

func init() {
	runner.Register(engine{})
	runner.RegisterEvents(RulesName, hexEventDocs...)
}

// engine is the Pathfinder hex day loop as runner.Run sees it: every rule switch at its Default
// unless the plan sets it.
type engine struct{}

func (engine) Rules() string { return RulesName }

// Check is validateScenario: what RunScenario refuses (runner.Checker).
func (engine) Check(p *plan.Plan) error { return validateScenario(p) }

func (engine) Run(p *plan.Plan, o runner.Options) (runner.Result, error) {
	res, err := RunScenario(p, ScenarioOptions{Options: o})
	if res == nil {
		return nil, err
	}
	return res, err
}
