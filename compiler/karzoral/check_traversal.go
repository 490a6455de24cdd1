package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Codes of the traversal-table check.
const (
	codeTraversalNever = "T004"
	codeTraversalSlow  = "T005"
)

var _ = registerTraversalCodes()

func registerTraversalCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeTraversalNever, Title: "traversal area that can never be completed", Severity: diag.Error, Doc: `A traversal area is completed when traversal progress reaches its threshold (K-47).
Progress changes only by the faces of its event table (K-45); if no face raises it, the
completion event never happens, and with exit "completeOnly" or "none" (K-50) the party
can never leave.

Bad:
    traversals: maze: {threshold: 3, faces: [{progress: 0}, {progress: -1}, {say: "x"}, ...]}

Fix: give at least one face a positive progress, e.g. {say: "a way through", progress: 2}.`},
		diag.CodeInfo{Code: codeTraversalSlow, Title: "traversal completion slower than the day limit", Severity: diag.Warning, Doc: `Each face of a traversal table is taken at most once a day (K-45: it is checked, and all
faces are unchecked only at the next start phase, K-49), so a day of traversal raises
progress by at most the sum of the positive faces. Completing the area takes at least
ceil(threshold / that sum) traversal days; more than days.limit means the area cannot be
completed in this scenario.

Bad:
    days: limit: 2
    traversals: maze: {threshold: 9, faces: [{progress: 1}, {progress: 1}, {progress: 1}, {}, {}, {}]}

Fix: lower the threshold, raise the faces' progress, or raise days.limit.`},
	)
	return true
}

var traversalCheck = &Check{
	Name: "traversal",
	Doc: `traversal areas whose completion cannot be reached
For each traversal area (K-43): T004 when no face of its table raises progress, so the
threshold is never reached (K-45, K-47); T005 when even taking every positive face each day
(each face at most once a day, K-45, K-49) needs more traversal days than days.limit.`,
	Codes: []string{codeTraversalNever, codeTraversalSlow},
	Run:   runTraversal,
}

func runTraversal(p *Pass) error {
	k := &p.Scenario.K
	for _, tr := range k.Traversals {
		if !tr.Threshold.OK || len(tr.Faces) != 6 {
			continue // schema errors (S002, T003) already say what is wrong
		}
		gain := 0 // K-45: the most progress one day can bring
		for _, f := range tr.Faces {
			if f != nil && f.Progress.OK && f.Progress.V > 0 {
				gain += f.Progress.V
			}
		}
		where := pathOf("traversals", tr.ID, "threshold")
		if gain == 0 {
			p.Report(p.Diag(tr.Threshold.Pos, codeTraversalNever, "%s: traversal area %q can never be completed: no face of its table raises progress to the threshold %d (K-45, K-47)",
				where, tr.ID, tr.Threshold.V).
				WithHint("give at least one face a positive progress"))
			continue
		}
		days := (tr.Threshold.V + gain - 1) / gain
		if limit := p.Scenario.DayLimit; limit.OK && days > limit.V {
			p.Report(p.Diag(tr.Threshold.Pos, codeTraversalSlow, "%s: traversal area %q needs at least %d traversal days (threshold %d, at most %d progress a day, K-45, K-49), over the day limit %d",
				where, tr.ID, days, tr.Threshold.V, gain, limit.V).
				WithHint("lower the threshold, raise the faces' progress or raise days.limit"))
		}
	}
	return nil
}
