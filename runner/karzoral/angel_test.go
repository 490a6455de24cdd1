package karzoral

import (
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// K-23: the Angel Order is the players' decision. The seed: 「離れた場所にいるＰＣがその存在、及び
// 移動を知るには、魔動天使がエンジェルオーダー【〆航天俯瞰】を使用しなければなりません」. Aria is the
// angel; the scenario allows one order (Rules.AngelOrders 1); army far (strength 10) stands at b2,
// two blocks off. Day 1, after the armies moved, the players order it: one survey, far at b2,
// strength unknown (「その存在、及び移動」). Day 2: the one order is spent: not asked, no survey. With
// "no" on day 1 the offer comes back on day 2, and with no allowance (the Default) it never comes.
func TestAngelOrderDecisionK23(t *testing.T) {
	for _, c := range []struct {
		name    string
		orders  int
		answers []string
		asked   int // angel order requests
		surveys int
	}{
		{"yes on day 1", 1, []string{"yes", "stay", "1", "rest", "stay", "3", "rest"}, 1, 1},
		{"no, then yes", 1, []string{"no", "stay", "1", "rest", "yes", "stay", "3", "rest"}, 2, 1},
		{"Default: none", 0, []string{"stay", "1", "rest", "stay", "3", "rest"}, 0, 0},
	} {
		p := pcPlan(3)
		p.DayLimit = 2
		p.Party.PCs[0].Angel = true
		addArmy(p, "far", "enemy", 10, 1, -1, "b2")
		g := newRig(t, []int{1, 2, 3, 4}, c.answers...)
		asked := 0
		d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
			if r.Cause == "angel order" {
				asked++
			}
			return g.Decide(r)
		})
		col := &collect{}
		if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: rolling{d, g}, Sink: col}, Rules: &Rules{AngelOrders: c.orders}}); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		g.done(t)
		sv := eventsOf[*SightingEvent](col)
		if asked != c.asked || len(sv) != c.surveys {
			t.Errorf("%s: asked %d, surveys %d; want %d, %d", c.name, asked, len(sv), c.asked, c.surveys)
		}
		if len(sv) == 1 {
			if got, want := sv[0].Line(), "the angel's aerial survey (K-23): far at b2 (strength unknown)"; got != want {
				t.Errorf("%s: %q, want %q", c.name, got, want)
			}
		}
	}
}
