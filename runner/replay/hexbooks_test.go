package replay

import (
	"strings"
	"testing"
)

// P-61 on the players' view, by hand from testdata/stolen-lands-first-3.jsonl: line 44 is the
// wolfriders' (enemy) aftermath of battle 2, "Loyalty 4 vs DC 20; Loyalty 15 vs DC 20", both
// checks against the enemy kingdom's Control DC 20 and nothing learnt: the players' line and the
// players-only page's event have neither; line 22, the players' own cavalry, keeps its checks
// against their DC 18.
func TestHexPlayersEnemyLoyaltyP61(t *testing.T) {
	p, err := build(stolenLands(t))
	if err != nil {
		t.Fatal(err)
	}
	if l, ok := p.PLines[43]; !ok || strings.Contains(l, "DC 20") || !strings.HasPrefix(strings.TrimSpace(l), "wolfriders: active, hp 4") {
		t.Errorf("line 44's players' text %q (%v), want the wolfriders' without their checks", l, ok)
	}
	if _, ok := p.PLines[21]; ok || !strings.Contains(p.Lines[21], "Loyalty 19 vs DC 18") {
		t.Errorf("line 22 (the players' own cavalry) lost its checks: %q", p.Lines[21])
	}
	if err := playersOnly(p); err != nil {
		t.Fatal(err)
	}
	for i, e := range p.Events {
		if strings.Contains(string(e), "vs DC 20") {
			t.Errorf("players-only event %d: %s", i+1, e)
		}
	}
}
