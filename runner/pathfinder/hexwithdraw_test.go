package pathfinder_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// P-25, P-62, P-13: an army that withdrew marches on along its route the next day like any other,
// back into the battle it left: the published Withdraw (Ultimate Campaign, Army Tactics) says only
// that it "may withdraw from the battlefield", and the seeds only place it in an adjacent hex.
// (An earlier sortie reading held it back a day while the enemy stood there; no published rule
// does, and it moved border-war out of its declared balance.)
//
// The militia (Large CR 1, d10: ACR 3, hp 16) marches from h2 into h1, which the host (Gargantuan
// CR 1: ACR 7) holds. Neither is ranged. In Ranged Phase 1 the militia switches to Withdraw (no
// check, P-25) and makes the opposed Morale check: d20 18 + 0 = 18 against the host's d20 2 + 0
// = 2: it wins and leaves the field. The host wins the battle (its Loyalty check, d20 10 against
// DC 20 without a kingdom, fails: P-61). P-62: the script places the militia in h2. Day 2: h1 is the furthest hex of its
// route [h1, h0] adjacent to h2 (h0 is not), so it marches back into h1, where the host still
// stands, and battle 2 begins there.
func TestPFWithdrawnMarchesBack(t *testing.T) {
	p, _ := compilePF(t, pfLine+`
days: limit: 2
armies: {
	militia: {side: "friendly", size: "Large", cr: 1, hitDie: "d10", speed: 1, start: "h2", route: ["h1", "h0"]}
	host: {side: "enemy", size: "Gargantuan", cr: 1, hitDie: "d10", speed: 1, start: "h1", route: []}
}
objectives: win: {outcome: "success", defeat: ["host"]}
`)
	var buf bytes.Buffer
	src := &faces{seq: []int{18, 2}, rest: 10}
	s := pfScript(t, `- {tactic: standard}   # host, Tactics Phase (armies in ID order)
- {tactic: standard}   # militia
- {tactic: standard}   # host keeps, Ranged Phase 1
- {tactic: withdraw}   # militia
- {answer: "yes"}      # the host opposes the withdrawal
- {answer: "yes"}      # the militia won it: it leaves the field
- {day: 1, place: h2}  # where the withdrawn militia goes (P-62)
`)
	_, err := pathfinder.RunScenario(p, pathfinder.ScenarioOptions{Options: runner.Options{Dice: src, Decider: s, Fallback: firstPolicy, Sink: runner.NewTextSink(&buf)}})
	if err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"  militia (withdrawn) goes to h2 (P-62)\n",
		"day 2\n  militia: h2 -> h1\nbattle 2 at h1: militia (friendly) vs host (enemy)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "holds at h2") {
		t.Errorf("the withdrawn army was held back:\n%s", out)
	}
}
