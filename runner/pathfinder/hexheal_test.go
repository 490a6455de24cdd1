package pathfinder_test

import (
	"strings"
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
)

// Fast healing and regeneration outside battle (P-1; Special Abilities): "Outside of battle, each
// hour the army regains a number of hit points equal to its fast healing value"; regeneration
// "half its regeneration value each hour". By hand: fast healing 5 and regeneration 40: 5 + 20 = 25
// an hour; regeneration 1: half is 0, at least 1 (P-4); neither: 0.
func TestHourlyHeal(t *testing.T) {
	for _, c := range []struct{ fh, reg, want int }{{5, 40, 25}, {0, 1, 1}, {3, 0, 3}, {0, 0, 0}} {
		if got := pfarmy.HourlyHeal(&pfarmy.Stats{FastHealing: c.fh, Regeneration: c.reg}); got != c.want {
			t.Errorf("fast healing %d, regeneration %d: %d an hour, want %d", c.fh, c.reg, got, c.want)
		}
	}
}

// In a hex scenario: the foot (Medium CR 3: ACR 3, hp 16, OM 3, DV 13) fights the goblins (ACR 1,
// hp 5, OM 1, DV 11) on day 1 and marches on day 2, so P-64 never heals it. With fast healing 1 the
// Policy's goblins try to withdraw (d20 1 against the foot's 20: they lose, P-25) and attack on
// Withdraw: 20 + 1 - 2 = 19 against 13 - 2 (Aggressive) deals 8, and the phase's fast healing
// (half of 1, at least 1) comes first: hp min(16, 16 + 1) - 8 = 8; the foot's 25 destroys them. At
// the end of day 1 it heals 1 an hour for 24 hours: 8 -> 16. Without fast healing (the dice of
// TestPFMonthWithoutBattle) the goblins' 20 + 1 = 21 deals 10: hp 6, and it stays 6.
func TestPFFastHealingOutsideBattle(t *testing.T) {
	for _, c := range []struct {
		ab   string
		dice []int
		want int
		line string
	}{
		{`abilities: [{name: "fast healing", value: 1}], `, []int{1, 20, 20, 20}, 16,
			"foot heals 1 an hour outside battle (fast healing, regeneration): hp 8 -> 16 (P-1)"},
		{"", []int{20, 20, 50, 1, 1}, 6, ""},
	} {
		p, _ := compilePF(t, pfLine+`
days: limit: 2
kingdoms: {}
armies: {
	foot: {side: "friendly", size: "Medium", cr: 3, hitDie: "d10", speed: 1, `+c.ab+`start: "h0", route: ["h1", "h0", "h1"], commander: level: 3}
	goblins: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h1", route: [], commander: level: 1}
}
objectives: never: {outcome: "success", reach: {army: "foot", hex: "far"}}
`)
		res, out := runPF(t, p, &faces{seq: c.dice, rest: 10}, runner.First)
		if got := armyResult(t, res, "foot").HP; got != c.want {
			t.Errorf("%q: foot hp %d, want %d:\n%s", c.ab, got, c.want, out)
		}
		if heals := strings.Contains(out, "an hour outside battle"); heals != (c.line != "") || !strings.Contains(out, c.line) {
			t.Errorf("%q: want the heal line %q:\n%s", c.ab, c.line, out)
		}
	}
}
