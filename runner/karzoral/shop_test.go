package karzoral

import (
	"reflect"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// K-12: shopping at a base mid-scenario is the players' decision, from the price list, paid from
// the purse (the seed: 「買い物（シナリオ中に拠点に戻った時にも行える）」). Aria and Bram (2 members)
// set out from base b0 with 10 rations and a purse of 120; day 1 they eat 2 (8 left) and stay.
// Chosen: rations twice (50 each: purse 120 -> 70 -> 20, rations 8 -> 15 -> 22), then done (the
// torches, 5, are still affordable). Default: one rations (8 < 10 set out with: 70 left, 15), then
// nothing is below its starting stock (no torches were taken along): done.
func TestShopAtBaseK12(t *testing.T) {
	p := pcPlan(2)
	p.Party.Rations = 10
	shop := []plan.Item{{ID: "potion", Name: "Healing potion", Price: 100},
		{ID: "rations", Name: "Preserved food, 7 days", Price: 50, Rations: 7},
		{ID: "torches", Name: "Torches, 6", Price: 5, Torches: 6}}
	for _, c := range []struct {
		name    string
		answers []string
		want    []Purchase
		rations int // left at the end (the day limit ends the run before day 2 eats)
	}{
		{"chosen", []string{"stay", "buy rations", "buy rations", "done", "1", "rest"},
			[]Purchase{{"rations", 1, "b0", 50}, {"rations", 1, "b0", 50}}, 22},
		{"default", []string{"stay", "1", "rest"}, []Purchase{{"rations", 1, "b0", 50}}, 15},
	} {
		g := newRig(t, []int{1, 2}, c.answers...)
		d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
			if r.Cause == "shop" && c.name == "default" {
				return runner.Answer{Default: true}, nil
			}
			return g.Decide(r)
		})
		col := &collect{}
		res, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: shopRoll{d, g}, Sink: col},
			Carry: &Carry{Shop: shop, Purse: 120}})
		if err != nil {
			t.Fatal(err)
		}
		g.done(t)
		if !reflect.DeepEqual(res.Purchases, c.want) {
			t.Errorf("%s: purchases %+v, want %+v", c.name, res.Purchases, c.want)
		}
		if res.Rations != c.rations {
			t.Errorf("%s: %d rations left, want %d", c.name, res.Rations, c.rations)
		}
		if n := len(eventsOf[*BaseEvent](col)); n != len(c.want) {
			t.Errorf("%s: %d base events, want %d", c.name, n, len(c.want))
		}
	}
	// Without a price list (a lone scenario) there is no decision: the old free restock, 8 -> 10.
	g := newRig(t, []int{1, 2}, "stay", "1", "rest")
	res, _, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	if res.Rations != 10 || res.Purchases != nil {
		t.Errorf("no price list: %d rations, purchases %+v", res.Rations, res.Purchases)
	}
}

// shopRoll is a Decider whose dice come from a rig.
type shopRoll struct {
	runner.Decider
	g *rig
}

func (r shopRoll) Roll(q *runner.Request) (int, bool, error) { return r.g.Roll(q) }
