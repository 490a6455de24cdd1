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
	// Without a price list (a lone scenario, no campaign) nothing is on sale: no decision and no
	// free restock (issue 22 D5): the 8 rations left after day 1 stay 8.
	g := newRig(t, []int{1, 2}, "stay", "1", "rest")
	res, c, err := run(t, p, g)
	if err != nil {
		t.Fatal(err)
	}
	if res.Rations != 8 || res.Purchases != nil || len(eventsOf[*BaseEvent](c)) != 0 {
		t.Errorf("no price list: %d rations, purchases %+v", res.Rations, res.Purchases)
	}
}

// shopRoll is a Decider whose dice come from a rig.
type shopRoll struct {
	runner.Decider
	g *rig
}

func (r shopRoll) Roll(q *runner.Request) (int, bool, error) { return r.g.Roll(q) }

// K-12 in a campaign: the price list at a base is the campaign's, the scenario's item of the same
// ID replacing it (here rations at 60, not 50) and the scenario's other items after the
// campaign's; an item that adds no stock (the potion) is never on sale. Worked by hand:
// campaign [potion 100, rations 50/7] + scenario [torches 5/6, rations 60/7] -> [rations 60/7,
// torches 5/6]. Alone (no campaign): the scenario's [torches, rations]. Nothing: nil.
func TestStockItemsK12(t *testing.T) {
	camp := []plan.Item{{ID: "potion", Name: "Healing potion", Price: 100},
		{ID: "rations", Name: "Preserved food, 7 days", Price: 50, Rations: 7}}
	scen := []plan.Item{{ID: "torches", Name: "Torches, 6", Price: 5, Torches: 6},
		{ID: "rations", Name: "Preserved food, 7 days", Price: 60, Rations: 7}}
	got := stockItems(nil, camp, scen)
	want := []plan.Item{scen[1], scen[0]}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("campaign: %+v, want %+v", got, want)
	}
	if got := stockItems(nil, nil, scen); !reflect.DeepEqual(got, scen) {
		t.Errorf("alone: %+v, want %+v", got, scen)
	}
	if got := stockItems(nil, camp[:1], nil); len(got) != 0 {
		t.Errorf("only a potion: %+v, want nothing", got)
	}
}
