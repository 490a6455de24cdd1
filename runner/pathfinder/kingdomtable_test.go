package pathfinder_test

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// The transcript's kingdom table (P-57, P-61, P-66): a kingdom without buildings shows "none", one
// without a treasury "-" for treasury and income, and under the table each resource that requires:
// puts out of reach of a kingdom with a treasury, with the buildings it needs (Army Resources: "To
// purchase this, a settlement in your kingdom must have a Foreign Quarter, Military Academy, or
// Smithy"). Here the friendly kingdom has no buildings at all, so improved armor and mounts are out
// of reach; ranged weapons need nothing (the book names no building) and are not listed.
func TestKingdomTableWithoutBuildings(t *testing.T) {
	p, _ := compilePF(t, pfLine+`
days: limit: 1
kingdoms: {
	friendly: {name: "Stolen Lands", economy: 5, loyalty: 4, stability: 3, controlDC: 18, treasury: 12, income: 4
		requires: {improvedArmor: ["Foreign Quarter", "Military Academy", "Smithy"], mounts: ["Stable"]}}
	enemy: {name: "Tusk clans", economy: 1, loyalty: 2, stability: 1}
}
armies: {
	foot: {side: "friendly", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: []}
	idle: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "far", route: []}
}
objectives: never: {outcome: "success", defeat: ["idle"]}
`)
	_, out := runPF(t, p, nil, runner.First)
	for _, want := range []string{
		"| kingdom  | name         | economy | loyalty | stability | control DC | treasury | income | buildings |",
		"| friendly | Stolen Lands | 5       | 4       | 3         | 18         | 12 BP    | 4 BP   | none      |",
		"| enemy    | Tusk clans   | 1       | 2       | 1         | 20         | -        | -      | none      |",
		"  friendly cannot buy improved armor (needs one of Foreign Quarter, Military Academy, Smithy)\n",
		"  friendly cannot buy mounts (needs one of Stable)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "enemy cannot buy") || strings.Contains(out, "ranged") {
		t.Errorf("a kingdom without a treasury, or a resource nothing requires, is listed:\n%s", out)
	}
}
