package pathfinder_test

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// Teleportation (Special Abilities): "An army with teleportation can travel to any hex on the same
// day (its speed is irrelevant and not hampered by difficult terrain)." The blink army (speed 1)
// goes from h0 along h1..h4, h2 difficult: teleporting, it is at h4 on day 1 and meets the enemy
// camped there; marching, 1 hex a day and h2 at half speed (P-6: two days), it would reach h1 on
// day 1, h2 on day 3, h3 on day 4, and the day limit (3) ends the run first.
func TestPFTeleportation(t *testing.T) {
	for _, c := range []struct {
		ab       string
		outcome  string
		day      int
		moveLine string
	}{
		{`abilities: [{name: "teleportation"}], `, "success", 1, "blink teleports: h0 -> h4 (teleportation: any hex the same day)"},
		{"", "failure", 3, "blink: h0 -> h1"},
	} {
		src := strings.Replace(pfLine, "h2: {at: [2, 0]}", "h2: {at: [2, 0], difficult: true}", 1) + `
days: limit: 3
kingdoms: {}
armies: {
	blink: {side: "friendly", size: "Medium", cr: 10, hitDie: "d12", speed: 1, ` + c.ab + `start: "h0", route: ["h1", "h2", "h3", "h4"], commander: level: 10}
	camp: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h4", route: [], commander: level: 1}
}
objectives: beat: {outcome: "success", defeat: ["camp"]}
`
		p, _ := compilePF(t, src)
		res, out := runPF(t, p, &faces{rest: 10}, runner.First)
		if res.Outcome != c.outcome || res.Day != c.day || !strings.Contains(out, c.moveLine) {
			t.Errorf("%q: %s on day %d, want %s on day %d with %q:\n%s", c.ab, res.Outcome, res.Day, c.outcome, c.day, c.moveLine, out)
		}
	}
}
