package karzoral

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// viewPolicy decides from everything the players' view shows (K-23): it hashes the view and the
// request into the choice, so any hidden fact that leaked into the view would change a decision.
// cheat also hashes where every army truly stands: the control that shows the test can fail.
type viewPolicy struct {
	cheat bool
	log   []decision
	army  int // the army whose sighting is logged
}

type decision struct {
	what  string   // day, phase, kind and the answer
	sight ArmyInfo // the logged army as the players knew it then
}

func (d *viewPolicy) Decide(r *runner.Request) (runner.Answer, error) {
	v := r.View.(*PlayerView)
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %s %s %s %v|", r.Day, r.Phase, r.Kind, r.Block, r.Dice)
	fmt.Fprintf(h, "%d %d %d|", v.Day(), v.Party(), v.Rations())
	for b := 0; b < v.Blocks(); b++ {
		fmt.Fprintf(h, "%+v %v|", v.Block(b), v.Visited(b))
	}
	for i := 0; i < v.Armies(); i++ {
		fmt.Fprintf(h, "%+v|", v.Army(i))
		if d.cheat {
			fmt.Fprintf(h, "%d %d|", v.s.armyBlock[i], v.s.armyStr[i])
		}
	}
	for i := 0; i < v.Flags(); i++ {
		fmt.Fprintf(h, "%v", v.Flag(i))
	}
	for i := 0; i < v.Objectives(); i++ {
		fmt.Fprintf(h, "%+v", v.Objective(i).Reached)
	}
	c := int(h.Sum64() % uint64(len(r.Choices)))
	d.log = append(d.log, decision{what: fmt.Sprintf("%d %s %s %s", r.Day, r.Phase, r.Kind, r.Choices[c].Name), sight: v.Army(d.army)})
	return runner.Answer{Choice: c}, nil
}

// K-23: policies decide on the players' view. Field 1 is played twice by a policy that reads the
// whole view, the second time with the warband marching another way from day 3 (through 06
// instead of 10), where the party cannot see it: every decision is the same until the players'
// picture of the warband differs (it comes into view, or a survey or report shows it). The
// cheating control, which also reads the truth, decides differently before that.
func TestPolicyDecidesOnViewK23(t *testing.T) {
	other := field01()
	w := armyIdx(other, "boggardWarband")
	other.Armies[w].Route = []int{blockIdx(other, "gate"), blockIdx(other, "gate"), blockIdx(other, "11"),
		blockIdx(other, "06"), blockIdx(other, "10"), blockIdx(other, "09")}
	play := func(p *plan.Plan, cheat bool, seed uint64) []decision {
		d := &viewPolicy{cheat: cheat, army: w}
		if _, err := Run(p, Options{Options: runner.Options{Seed: seed, Decider: d}}); err != nil {
			t.Fatal(err)
		}
		return d.log
	}
	// common returns how many decisions agree before the first that differs, and how many came
	// before the players' view of the warband first differed.
	common := func(a, b []decision) (same, known int) {
		known = min(len(a), len(b))
		for i := 0; i < min(len(a), len(b)); i++ {
			if a[i].sight != b[i].sight {
				known = i
				break
			}
		}
		for same < min(len(a), len(b)) && a[same].what == b[same].what {
			same++
		}
		return same, known
	}
	tested := 0
	for seed := uint64(1); seed <= 40; seed++ {
		same, known := common(play(field01(), false, seed), play(other, false, seed))
		if same < known {
			t.Fatalf("seed %d: decision %d differs although the players' view of the warband was the same until %d", seed, same, known)
		}
		if known >= 8 {
			tested++
		}
	}
	if tested < 10 {
		t.Fatalf("only %d of 40 runs played 8 decisions or more before the warband came into view", tested)
	}
	cheated := 0
	for seed := uint64(1); seed <= 40; seed++ {
		if same, known := common(play(field01(), true, seed), play(other, true, seed)); same < known {
			cheated++
		}
	}
	t.Logf("tested %d, cheated %d", tested, cheated)
	if cheated == 0 {
		t.Error("the control that reads the truth never decided differently: the test cannot fail")
	}
}
