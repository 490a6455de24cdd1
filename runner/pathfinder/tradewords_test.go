package pathfinder_test

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// P-66, Transferring Resources: a transfer of a resource the giver lacks is reported and skipped;
// the note names the army as the subject (issue 24 review: it read "knights it has no healing
// potions"). The taker having the resource already (both armies start with improved armor) reads
// the same way.
func TestPFTransferWording(t *testing.T) {
	p, _ := compilePF(t, pfLine+`
days: limit: 2
kingdoms: friendly: {economy: 5, loyalty: 5, stability: 5, treasury: 40, turnDays: 30}
armies: {
	knights: {side: "friendly", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: [],
		resources: armor: "improved"}
	squires: {side: "friendly", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: [],
		resources: armor: "improved"}
	ghouls: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "far", route: []}
}
orders: [
	{day: 1, transfer: "knights", to: "squires", resources: healingPotions: true},
	{day: 2, transfer: "knights", to: "squires", resources: armor: "improved"},
]
objectives: never: {outcome: "success", defeat: ["ghouls"]}
`)
	_, out := runPF(t, p, nil, runner.First)
	out = strings.ReplaceAll(out, "\n    ", " ")
	for _, want := range []string{
		"knights hands healing potions to squires at h0 (P-66): cannot: knights has no healing potions",
		"knights hands improved armor to squires at h0 (P-66): cannot: squires has improved armor already",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " it has") {
		t.Errorf("a note still says \"it has\" after the army's id:\n%s", out)
	}
}
