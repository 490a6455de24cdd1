package clash

import (
	"strings"
	"testing"
)

// U-76 [5E-CORE paralyzed: "Any attack that hits the creature is a critical hit if the attacker is
// within 5 feet of the creature"]: in the new-user trial of issue 21 Ilsa's dagger on a paralyzed
// orc stand beside her read "d20 adv [15, 1] (target paralyzed) + 4 = 19 vs AC 13: critical hit",
// a critical on a 15 with no word of why. The line now says it; a natural 20 stays plain.
func TestAttackLineSaysWhyCriticalU76(t *testing.T) {
	e := &AttackRollEvent{Attacker: "ilsa", Target: "orcs 1", Attack: "Dagger", Melee: true, Adv: true,
		AdvWhy: []string{"target paralyzed"}, Faces: [2]int{15, 1}, Face: 15, Mod: 4, Total: 19, AC: 13, Hit: true, Crit: true}
	want := "ilsa -> orcs 1, Dagger: d20 adv [15, 1] (target paralyzed) + 4 = 19 vs AC 13: critical hit (a paralyzed or unconscious target hit from within 5 ft)"
	if got := e.Line(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	e.Faces, e.Face, e.Total = [2]int{20, 1}, 20, 24
	if got := e.Line(); !strings.HasSuffix(got, ": critical hit") {
		t.Errorf("a natural 20: %q", got)
	}
}
