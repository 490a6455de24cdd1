package pathfinder

import (
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Losing Commanders (Ultimate Campaign, Mass Combat, Commanders): "A commander with a history of
// losing battles, being captured, and being ransomed gains an unlucky reputation among your troops
// and reduces the Morale of any army under her by 1." A (Medium CR 10: ACR 10, OM 10, DV 20, hp 65)
// at hp 11, Morale +1, its commander level 5, Charisma +2: the Morale score 1, or 0 when she is
// unlucky, and the check modifier 1 + 2 = 3, or 2 (P-8). A rolls 2 (misses); B's 11 + 10 = 21
// against DV 20 deals 1: hp 10 <= ACR 10, the rout check (P-55, DC 15): 13 + 3 = 16 holds, 13 + 2 =
// 15 holds too; with 12: 15 holds, 14 fails and A routs (B's parting shot, 1, misses).
func TestUnluckyCommander(t *testing.T) {
	for _, c := range []struct {
		unlucky     bool
		dice        []int
		morale, mod int
		want        Status
	}{
		{false, []int{13}, 1, 3, StatusActive}, {true, []int{13}, 0, 2, StatusActive},
		{false, []int{12}, 1, 3, StatusActive}, {true, []int{12, 1}, 0, 2, StatusRouted},
	} {
		a := big("A")
		a.Morale = 1
		a.Commander = &pfarmy.Commander{Level: 5, Charisma: 2, Unlucky: c.unlucky}
		s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 2})
		if st := s.Armies[0].Stats; st.Morale != c.morale || st.MoraleMod != c.mod {
			t.Errorf("unlucky %t: Morale %d, check %+d; want %d, %+d", c.unlucky, st.Morale, st.MoraleMod, c.morale, c.mod)
		}
		s.Armies[0].HP = 11
		b, _, log := fight(t, s, rolls(t, append([]int{2, 11}, c.dice...)...), &chooser{})
		if got := b.State(0).Status; got != c.want {
			dumpLog(t, log)
			t.Errorf("unlucky %t, rout check d20 %d: %s, want %s", c.unlucky, c.dice[0], got, c.want)
		}
	}
}
