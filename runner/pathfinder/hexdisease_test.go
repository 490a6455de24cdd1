package pathfinder_test

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// diseaseRun is a hex run where the plague (Medium CR 1, disease: ACR 1, hp 5, OM 1, DV 11) waits
// at h1 for the foot (Medium CR 3: ACR 3, hp 16, OM 3, DV 13), and late (as the plague, without
// disease) reaches h1 on day 2. The friendly kingdom has Stability 3 and Control DC 15.
const diseaseRun = pfLine + `
days: limit: 6
kingdoms: friendly: {economy: 5, loyalty: 5, stability: 3, controlDC: 15}
armies: {
	foot: {side: "friendly", size: "Medium", cr: 3, hitDie: "d10", speed: 1, start: "h0", route: ["h1"], commander: level: 3}
	plague: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, abilities: [{name: "disease"}], start: "h1", route: [], commander: level: 1}
	late: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h3", route: ["h2", "h1"], commander: level: 1}
}
objectives: never: {outcome: "success", reach: {army: "foot", hex: "far"}}
`

// Disease in a hex run (Special Abilities, Disease): "If the army damages an enemy, the enemy
// becomes diseased and takes a cumulative -1 penalty to its OM and DV each day after the battle.
// Curing the disease requires a successful Stability check modified by this penalty, and allows the
// army to reduce this penalty by 1 each day thereafter until the penalty is gone."
//
// By hand. Day 1, Melee Phase 2: the foot (Aggressive) rolls 10: 10 + 3 + 2 = 15 against 11 deals
// 4 + 3 = 7 (the plague is destroyed); the plague's natural 20 + 1 = 21 against 13 - 2 = 11 deals
// 10 (the foot at hp 6) and diseases it: its row follows the check. The evening: penalty 1; the
// Stability check d20 5 + 3 - 1 = 7 < 15: not cured. Day 2: the foot fights late at OM and DV -1,
// itemised "disease -1": its attack 10 + 3 - 2 (Defensive Wall) + 2 - 1 = 12 against 11; late's
// 10 + 1 = 11 against the foot's DV 13 + 2 - 2 - 1 = 12. The evening: penalty 2; with the d20 20:
// 20 + 3 - 2 = 21 >= 15, cured; with 10: 11, not. Cured: day 3 -1, day 4 gone, the end table
// plain. Not cured: 10 + 3 - k < 15 every evening, the penalty 3, 4, 5, 6 on days 3-6, and the end
// table marks "diseased (OM/DV -6)".
func TestPFDiseaseDays(t *testing.T) {
	battle1 := []int{10, 20, 10, 10, 10, 5}      // foot, plague, the plague's commander (d100), two Loyalty checks, day 1's Stability
	battle2 := []int{10, 10, 10, 10, 10, 10, 10} // foot, late, late's rout check, the parting shot, d100, two Loyalty checks
	for _, c := range []struct {
		name  string
		cure  int
		lines []string
	}{
		{"cured on day 2", 20, []string{
			// 140 columns, wrapped at the tables' 120 (issue 24) after "a day" (116 columns; " from"
			// would make 121), the rest indented by 2.
			"foot's disease worsens: OM and DV -2; Stability check d20 20 +3 -2 = 21 vs DC 15: cured: the penalty falls by 1 a day\n  from tomorrow (disease)",
			"foot recovers from its disease: OM and DV -1 (disease)",
			"foot recovers from its disease: the penalty is gone (disease)",
			"| foot   | friendly | on the field | h1 ",
		}},
		{"never cured", 10, []string{
			"foot's disease worsens: OM and DV -2; Stability check d20 10 +3 -2 = 11 vs DC 15: not cured (disease)",
			"foot's disease worsens: OM and DV -6; Stability check d20 10 +3 -6 = 7 vs DC 15: not cured (disease)",
			"| foot   | friendly | on the field, diseased (OM/DV -6) | h1 ",
		}},
	} {
		p, _ := compilePF(t, diseaseRun)
		seq := append(append(append([]int{}, battle1...), battle2...), c.cure)
		_, out := runPF(t, p, &faces{seq: seq, rest: 10}, runner.First)
		want := append([]string{
			"| plague | disease vs foot | ",
			"diseased: OM and DV -1 more each day from tomorrow until cured (disease)",
			"foot's disease worsens: OM and DV -1; Stability check d20 5 +3 -1 = 7 vs DC 15: not cured (disease)",
			"disease -1 ",
		}, c.lines...)
		for _, l := range want {
			if !strings.Contains(out, l) {
				t.Errorf("%s: no %q in:\n%s", c.name, l, out)
			}
		}
		for _, l := range strings.Split(out, "\n") {
			if runner.DisplayWidth(l) > 120 {
				t.Errorf("%s: a line of %d columns, over 120 (issue 24): %q", c.name, runner.DisplayWidth(l), l)
			}
		}
		if i, j := strings.Index(out, "| plague | attacks foot "), strings.Index(out, "| plague | disease vs foot "); i < 0 || j < i {
			t.Errorf("%s: the disease row does not follow the plague's check:\n%s", c.name, out)
		}
	}
}

// Energy drain carried between a hex run's battles (Special Abilities, Energy Drain: "it reduces
// the enemy's OM and DV by 1 for 24 hours"). The drainer (as the plague, with energy drain) waits
// at h1; late reaches h1 on day 2 and later on day 3. Day 1: the drainer's natural 20 + 1 = 21
// against 11 deals 10 and drains the foot 1. Day 2, less than 24 hours on: the foot fights late at
// OM and DV -1, its attack 10 + 3 - 2 + 2 - 1 = 12 and its DV 13 + 2 - 2 - 1 = 12, itemised
// "energy drain -1". Day 3, more than 24 hours after battle 1 (late drained nothing): no drain, the
// attack (Dirty Fighters, learnt on day 2) 10 + 3 + 6 + 2 = 21, and later's 11 against the foot's
// DV 13 - 2 = 11.
func TestPFEnergyDrainCarried(t *testing.T) {
	p, _ := compilePF(t, strings.NewReplacer(`{name: "disease"}`, `{name: "energy drain"}`, "days: limit: 6", "days: limit: 3",
		`route: ["h2", "h1"], commander: level: 1}`, `route: ["h2", "h1"], commander: level: 1}
	later: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h4", route: ["h3", "h2", "h1"], commander: level: 1}`).Replace(diseaseRun))
	_, out := runPF(t, p, &faces{seq: []int{10, 20}, rest: 10}, runner.First)
	b2, b3 := strings.Index(out, "battle 2 at h1"), strings.Index(out, "battle 3 at h1")
	if b2 < 0 || b3 < b2 {
		t.Fatalf("want battles 2 and 3 at h1:\n%s", out)
	}
	for _, c := range []struct {
		part string
		want string
		has  bool
	}{
		{out[:b2], "energy drain: OM and DV -1 through tomorrow's battles (24 hours)", true},
		{out[b2:b3], "energy drain -1", true},
		{out[b2:b3], "| 12 ", true},
		{out[b3:], "energy drain", false},
		{out[b3:], "| 21 ", true},
		{out[b3:], "| 11    | DV 11 (10, ACR +3, ", true},
	} {
		if strings.Contains(c.part, c.want) != c.has {
			t.Errorf("want %q %t in:\n%s", c.want, c.has, c.part)
		}
	}
}
