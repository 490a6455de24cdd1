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
	e := &NoUnitError{Paths: strings.Join(paths, " "), Scenarios: len(plans), Battles: len(out.battles) + len(out.clashes)}
	if e.Scenarios+e.Battles == 0 {
		e.Why = notUnits(list) // none at all: why (with two, which is not the question)
	}
	return nil, list, e
}

// NoUnitError is CompileAny's answer to paths that hold no scenario or battle file, or more than
// one: the counts, and Why the files read were none (the first L015 with its position, when vet
// has one: a file that lost its kind: line reads as a CUE library).
type NoUnitError struct {
	Paths              string
	Scenarios, Battles int
	Why                string // "" when some unit was found, or no file was set aside (L015)
}

// Error is "PATHS: want one scenario or one battle file, got N scenarios and M battle files"
// with " (Why)" after it when there is a Why.
func (e *NoUnitError) Error() string {
	msg := e.Counts()
	if e.Why != "" {
		msg += " (" + e.Why + ")"
	}
	return msg
}

// Counts is Error without Why: for an output that lists the L015 diagnostic itself.
func (e *NoUnitError) Counts() string {
	return fmt.Sprintf("%s: want one scenario or one battle file, got %s and %s",
		e.Paths, words.Count(e.Scenarios, "scenario"), words.Count(e.Battles, "battle file"))
}

// notUnits says why the files read were no scenario or battle: the first L015 (a CUE library, a
// script, a save) with its position ("picket.cue:3:1: L015: a CUE library ..."), and how many
// more; "" when list holds none. A command that found nothing to run names the reason vet gives
// (a file that lost its kind: line read as a library) instead of only the counts.
func notUnits(list diag.List) string {
	var first *diag.Diagnostic
	n := 0
	for i := range list {
		if list[i].Code == codeNotScenarioFile {
			if first == nil {
				first = &list[i]
			}
			n++
		}
	}
	if first == nil {
		return ""
	}
	why := first.String()
	if n > 1 {
		why += fmt.Sprintf("; %s more", words.Count(n-1, "file"))
	}
	return why
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
