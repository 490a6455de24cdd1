package pathfinder_test

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// TestBriefingWordsObjectivesForTheSide (issue 23 review: a --play enemy player read the
// friendly side's objectives as their own, "the run is lost when" their army took the capital):
// the scenario's objectives are the friendly side's (P-12); the enemy's briefing says so, calls a
// friendly success its defeat and a friendly failure and the day limit its victory; the friendly
// briefing is as it was.
func TestBriefingWordsObjectivesForTheSide(t *testing.T) {
	p, _ := compilePF(t, pfLine+`
days: limit: 5
armies: {
	militia: {side: "friendly", size: "Large", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: []}
	goblins: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h1", route: ["h0"]}
}
objectives: {
	win: {outcome: "success", defeat: ["goblins"]}
	lost: {outcome: "failure", reach: {army: "goblins", hex: "h0"}}
}
`)
	enemy := pathfinder.NewHexFog(p, "enemy").Briefing()
	for _, want := range []string{
		"objectives, the friendly side's",
		"win (success for them: your defeat): goblins defeated",
		"lost (failure for them: your victory): h0 reached by goblins",
		"you win when:\n    h0 reached by goblins (lost)\n    day 5 ends with no objective met (the day limit: the friendly side fails)",
	} {
		if !strings.Contains(enemy, want) {
			t.Errorf("the enemy's briefing lacks %q:\n%s", want, enemy)
		}
	}
	if strings.Contains(enemy, "the run is lost when") {
		t.Errorf("the enemy's briefing says when the run is lost, from the friendly side:\n%s", enemy)
	}
	friendly := pathfinder.NewHexFog(p, "friendly").Briefing()
	if !strings.Contains(friendly, "the run is lost when:\n    h0 reached by goblins (lost)") || strings.Contains(friendly, "your victory") {
		t.Errorf("the friendly briefing changed:\n%s", friendly)
	}
}
