package pathfinder_test

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
)

// P-66, Army Resources: buying, selling and transferring resources, worked by hand. Two Large armies
// of CR 1 foot (ACR 1 + 2 = 3, P-2; OM +3, DV 10 + 3 = 13, P-5; consumption max(1, floor(3/2)) = 1
// BP a week, P-11), Resource Scaling x2 for Large:
//   - day 1: foot buys improved armor (3 BP) and improved weapons (5 BP): (3 + 5) x 2 = 16 BP, the
//     treasury 40 -> 24; OM +3 -> +4, DV 13 -> 14; consumption 1 + 1 x 2 + 1 x 2 = 5.
//   - day 2: foot sells the weapons: half of 5 x 2 = 5 BP back, 24 -> 29; OM +3, consumption 3.
//   - day 3: foot hands its armor to foot2 (equal size, Transferring Resources): foot DV 13,
//     consumption 1, and "reduces the Morale of the donating army by 1": +0 -> -1; foot2 DV 14,
//     consumption 3, Morale +0.
//   - day 4: two siege engines cost 2 x 15 = 30 BP (unscaled, per engine): the treasury holds 29,
//     so the order is reported and skipped.
//   - day 5: foot2 hands the armor on to scout, a smaller (Medium) army of CR 1 foot (ACR 1, DV 11,
//     consumption 1): scout DV 11 -> 12, consumption 1 + 1 x 1 = 2 (Medium scale x1); foot2 DV 13,
//     consumption 1, Morale -1. No BP change hands: the treasury stays 29.
func TestPFTradeP66(t *testing.T) {
	p, _ := compilePF(t, pfLine+`
days: limit: 5
kingdoms: friendly: {economy: 5, loyalty: 5, stability: 5, treasury: 40, turnDays: 30
	buildings: ["Smithy"], requires: improvedArmor: ["Smithy", "Foundry"]}
armies: {
	foot: {side: "friendly", size: "Large", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: []}
	foot2: {side: "friendly", size: "Large", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: []}
	scout: {side: "friendly", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: []}
	idle: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "far", route: []}
}
orders: [
	{day: 1, buy: "foot", resources: {armor: "improved", weapons: "improved"}},
	{day: 2, sell: "foot", resources: weapons: "improved"},
	{day: 3, transfer: "foot", to: "foot2", resources: armor: "improved"},
	{day: 4, buy: "foot", resources: siegeEngines: 2},
	{day: 5, transfer: "foot2", to: "scout", resources: armor: "improved"},
]
objectives: never: {outcome: "success", defeat: ["idle"]}
`)
	res, out := runPF(t, p, nil, runner.First)
	for _, l := range strings.Split(out, "\n") {
		if len(l) > 120 {
			t.Errorf("line of %d columns (wrap at 120): %q", len(l), l)
		}
	}
	out = strings.ReplaceAll(out, "\n    ", " ") // the order lines wrapped at 120 columns, joined
	for _, want := range []string{
		"foot buys improved armor and improved weapons at h0 (P-66, Army Resources): 16 BP, treasury 40 -> 24 BP; OM +3 -> +4, DV 13 -> 14, consumption 1 -> 5 BP a week",
		"foot sells improved weapons at h0 (P-66): 5 BP back (half of 10), treasury 24 -> 29 BP; OM +4 -> +3, consumption 5 -> 3 BP a week",
		"foot hands improved armor to foot2 at h0 (P-66): foot DV 14 -> 13, consumption 3 -> 1 BP a week, Morale +0 -> -1; foot2 DV 13 -> 14, consumption 1 -> 3 BP a week",
		"foot2 hands improved armor to scout at h0 (P-66): foot2 DV 14 -> 13, consumption 3 -> 1 BP a week, Morale +0 -> -1; scout DV 11 -> 12, consumption 1 -> 2 BP a week",
		"foot buys 2 siege engines at h0 (P-66, Army Resources): cannot: the treasury holds 29 BP, the price is 30 BP",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	if k := res.Kingdoms[plan.Friendly]; k.Treasury != 29 {
		t.Errorf("treasury %d, want 29", k.Treasury)
	}
	for id, want := range map[string]int{"foot": -1, "foot2": -1, "scout": 0} {
		if a := armyResult(t, res, id); a.Morale != want {
			t.Errorf("%s Morale %+d, want %+d (the giver of a transfer loses 1)", id, a.Morale, want)
		}
	}
}

// P-66, Army Resources, against Ultimate Campaign's published prices (Medium army): improved armor
// 3 BP, magic 15; improved weapons 5, magic 50; healing potions 10; ranged weapons 2; siege engines
// 15 an engine, unscaled; mounts "BP = Mount's ACR". Resource Scaling: Fine x1/8, Diminutive x1/6,
// Tiny x1/4, Small x1/2, Large x2, Huge x4, Gargantuan x10, Colossal x20, never below 1 BP.
func TestResourcePriceP66(t *testing.T) {
	cr := func(s string) pfarmy.CR {
		c, err := pfarmy.ParseCR(s)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	for _, c := range []struct {
		name  string
		size  pfarmy.Size
		mount string
		want  int
	}{
		{pfarmy.ResImprovedArmor, pfarmy.SizeMedium, "", 3},
		{pfarmy.ResImprovedArmor, pfarmy.SizeLarge, "", 6},         // 3 x 2
		{pfarmy.ResMagicArmor, pfarmy.SizeHuge, "", 60},            // 15 x 4
		{pfarmy.ResImprovedWeapons, pfarmy.SizeSmall, "", 2},       // 5 x 1/2 = 2.5, down
		{pfarmy.ResMagicWeapons, pfarmy.SizeColossal, "", 1000},    // 50 x 20
		{pfarmy.ResHealingPotions, pfarmy.SizeFine, "", 1},         // 10 x 1/8 = 1.25
		{pfarmy.ResHealingPotions, pfarmy.SizeGargantuan, "", 100}, // 10 x 10
		{pfarmy.ResRangedWeapons, pfarmy.SizeTiny, "", 1},          // 2 x 1/4 = 0.5: the 1 BP floor
		{pfarmy.ResSiegeEngines, pfarmy.SizeColossal, "", 15},      // an engine does not scale
		{pfarmy.ResMounts, pfarmy.SizeMedium, "1", 1},              // light horses CR 1: ACR 1
		{pfarmy.ResMounts, pfarmy.SizeLarge, "1", 3},               // CR 1 + 2 rungs = ACR 3
		{pfarmy.ResMounts, pfarmy.SizeColossal, "1", 9},            // CR 1 + 8 rungs = ACR 9
		{pfarmy.ResMounts, pfarmy.SizeHuge, "2", 6},                // CR 2 + 4 rungs = ACR 6
		{pfarmy.ResMounts, pfarmy.SizeSmall, "1", 1},               // CR 1 - 2 rungs = ACR 1/2: 1 BP
		{pfarmy.ResMounts, pfarmy.SizeFine, "1/2", 1},              // below ACR 1/8: 1 BP
	} {
		var m pfarmy.CR
		if c.mount != "" {
			m = cr(c.mount)
		}
		got, ok := pfarmy.ResourcePrice(c.name, c.size, m)
		if !ok || got != c.want {
			t.Errorf("%s for a %s army (mount CR %q): %d BP (ok %v), want %d", c.name, c.size, c.mount, got, ok, c.want)
		}
	}
}

// P-3 ("Cavalry uses the higher of rider and mount CR") with P-66's mounts, bought and sold in a
// run, re-derived as a battle file's army is. A Medium army of CR 1 foot, d10: ACR 1, full hp
// floor(1 x 5.5) = 5 (P-4), OM +1, DV 10 + 1 = 11 (P-5).
//   - day 1: it buys mounts of CR 4: "Mounts (BP = Mount's ACR)", CR 4 at Medium = 4 BP, the
//     treasury 20 -> 16. ACR max(1, 4) = 4 (P-3), full hp floor(4 x 5.5) = 22, OM 4 + 2 (mounts)
//     = +6, DV 10 + 4 + 2 = 16; at full hp before, it is at 22 of 22 after.
//   - day 2: it sells them: half of 4 = 2 BP back, 16 -> 18; the rider's ACR 1 again: hp 5, OM +1,
//     DV 11.
func TestPFBuyMountsRaisesACRP3(t *testing.T) {
	p, _ := compilePF(t, pfLine+`
days: limit: 2
kingdoms: friendly: {economy: 5, loyalty: 5, stability: 5, treasury: 20, turnDays: 30}
armies: {
	foot: {side: "friendly", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: []}
	idle: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "far", route: []}
}
orders: [
	{day: 1, buy: "foot", resources: {mounts: true}, mountCR: 4},
	{day: 2, sell: "foot", resources: {mounts: true}},
]
objectives: never: {outcome: "success", defeat: ["idle"]}
`)
	_, out := runPF(t, p, nil, runner.First)
	out = strings.ReplaceAll(out, "\n    ", " ") // the order lines wrapped at 120 columns, joined
	for _, want := range []string{
		"foot buys mounts at h0 (P-66, Army Resources): 4 BP, treasury 20 -> 16 BP; ACR 1 -> 4, full hp 5 -> 22, OM +1 -> +6, DV 11 -> 16,",
		"foot sells mounts at h0 (P-66): 2 BP back (half of 4), treasury 16 -> 18 BP; ACR 4 -> 1, full hp 22 -> 5, OM +6 -> +1, DV 16 -> 11,",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
}
