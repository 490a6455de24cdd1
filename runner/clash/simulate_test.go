package clash

import (
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// U-74 with tie: draw: both sides reach 10 VP at the end of round 1 (objectiveBattle's two
// custom objectives), so the battle is a draw at once, and a simulated run's outcome is
// "no winner", the name a balance check's winner: gives the draws of any lone battle
// (schema/expect.cue); a 10 - 0 battle's outcome is the winning side's name.
func TestSubjectOutcomeU74(t *testing.T) {
	for _, c := range []struct {
		vp1  int
		want string
	}{{10, "no winner"}, {0, "west"}} {
		s := objectiveBattle(t, 10, c.vp1, map[string]string{"tie": "draw"})
		tr, err := BattleSubject(s, PolicyTactical, false).Trial()
		if err != nil {
			t.Fatal(err)
		}
		end, err := tr.Play(1, nil, runner.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if end.Outcome != c.want {
			t.Errorf("10 - %d: outcome %q, want %q (cause %q)", c.vp1, end.Outcome, c.want, end.Reason)
		}
	}
}
