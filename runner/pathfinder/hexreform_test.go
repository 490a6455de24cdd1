package pathfinder_test

import (
	"strings"
	"testing"
)

// Reforming an Army (Ultimate Campaign, Optional Mass Combat Rules; hexreform.go), worked by hand.
// foot: Large, CR 1, d10, improved armor: ACR 1 + 2 = 3 (P-2, P-3), hp floor(3 x 5.5) = 16 (P-4),
// OM +3, DV 10 + 3 + 1 = 14 (P-5, P-66), consumption max(1, floor(3/2)) + 1 x 2 = 3 BP a week
// (P-11; armor upkeep x2 for Large, Resource Scaling). raider: Huge, CR 1, d10: ACR 5, hp 27, OM +5,
// DV 15.
//
// Day 1, the raider marches into h0 (P-14). Melee Phase 2, both Standard: foot d20 10 + 3 = 13 vs
// DV 15, nothing; raider d20 17 + 5 = 22 vs 14: 8 damage, hp 16 -> 8 (8 > ACR 3: no rout check,
// P-55). Melee Phase 3: foot withdraws, opposed Morale checks d20 20 vs 1 (both +0): it wins and
// is placed in h1 (P-25, P-62).
//
// Day 2: reform foot: hp 8 of 16 is half, so it may ("at half hit points or fewer"): a Medium army,
// ACR 1, hp floor(1 x 5.5) = 5, full; OM +1, DV 10 + 1 + 1 = 12, consumption max(1, 0) + 1 = 2;
// Morale 0 - 1 = -1. reform raider: hp 27 of 27 is more than half: skipped.
//
// zfoot (Large, marching after the raider into h1 on day 1, where foot was placed) was foot's size
// when the scenario was written, so the compiler lets foot hand it its armor; on day 2, after the
// reform, foot is Medium and zfoot the larger: Transferring Resources gives a resource only "to an
// army of equal or smaller size", so the order is reported and skipped (foot keeps its Morale).
func TestPFReform(t *testing.T) {
	p, _ := compilePF(t, pfLine+`
days: limit: 2
armies: {
	foot: {side: "friendly", size: "Large", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: []
		resources: armor: "improved", tactics: []}
	raider: {side: "enemy", size: "Huge", cr: 1, hitDie: "d10", speed: 1, start: "h1", route: ["h0"]}
	idle: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "far", route: []}
	zfoot: {side: "friendly", size: "Large", cr: 1, hitDie: "d10", speed: 1, start: "h2", route: ["h1"]}
}
orders: [
	{day: 2, reform: "foot"},
	{day: 2, reform: "raider"},
	{day: 2, transfer: "foot", to: "zfoot", resources: armor: "improved"},
]
objectives: never: {outcome: "success", defeat: ["idle"]}
`)
	src := &faces{seq: []int{10, 17, 20, 1}, rest: 10}
	s := pfScript(t, strings.Repeat("- {tactic: standard}\n", 6)+"- {strategy: standard}\n- {strategy: standard}\n"+
		"- {tactic: withdraw}\n- {tactic: standard}\n- {strategy: standard}\n- {strategy: standard}\n"+
		"- {answer: \"yes\"}\n- {answer: \"yes\"}\n- {place: h1}\n")
	res, out := runPF(t, p, src, s)
	out = strings.ReplaceAll(out, "\n    ", " ") // order lines wrapped at 120 columns, joined
	for _, want := range []string{
		"foot (withdrawn) goes to h1 (P-62)",
		"foot reforms at h1 (Reforming an Army): Large -> Medium, ACR 3 -> 1, hp 8/16 -> 5/5, OM +3 -> +1, DV 14 -> 12, consumption 3 -> 2 BP a week, Morale +0 -> -1",
		"raider reforms at h0 (Reforming an Army): cannot: hp 27 of 27 is more than half (only a wounded army reforms)",
		"foot hands improved armor to zfoot at h1 (P-66): cannot: zfoot (Large) is larger than foot (Medium): a resource goes to an army of equal or smaller size",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	f := armyResult(t, res, "foot")
	if f.HP != 5 || f.Morale != -1 || f.Hex != "h1" {
		t.Errorf("foot %+v, want hp 5, Morale -1, at h1", f)
	}
}
