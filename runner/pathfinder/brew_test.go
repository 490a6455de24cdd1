package pathfinder_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/runner"
)

// Brew potion (Alchemist 1): "The army can create healing potions for itself or another army
// without needing any of the building requirements described in the healing potion resource. You
// must pay the BP cost for these potions as normal." The kingdom requires an Alchemist for healing
// potions and has none. With alch (brew potion) on its side, foot's buy compiles and is paid as
// normal: healing potions 10 BP for a Medium army (Army Resources), the treasury 20 -> 10. Without
// brew potion the same order is H007.
func TestPFBrewPotionWaivesBuildings(t *testing.T) {
	src := func(abilities string) string {
		return pfLine + `
days: limit: 1
kingdoms: friendly: {economy: 5, loyalty: 5, stability: 5, treasury: 20, turnDays: 30
	buildings: ["Smithy"], requires: healingPotions: ["Alchemist"]}
armies: {
	foot: {side: "friendly", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: []}
	alch: {side: "friendly", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "h0", route: []` + abilities + `}
	idle: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "far", route: []}
}
orders: [{day: 1, buy: "foot", resources: healingPotions: true}]
objectives: never: {outcome: "success", defeat: ["idle"]}
`
	}
	p, _ := compilePF(t, src(`, abilities: [{name: "brew potion"}]`))
	_, out := runPF(t, p, nil, runner.First)
	out = strings.ReplaceAll(out, "\n    ", " ")
	if want := "foot buys healing potions at h0 (P-66, Army Resources): 10 BP, treasury 20 -> 10 BP"; !strings.Contains(out, want) {
		t.Errorf("transcript lacks %q:\n%s", want, out)
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "s.cue")
	if err := os.WriteFile(path, []byte(src("")), 0o644); err != nil {
		t.Fatal(err)
	}
	_, list, _ := compiler.Compile([]string{path}, compiler.Options{WorkDir: dir})
	if got := fmt.Sprint(list); !strings.Contains(got, "H007") || !strings.Contains(got, "Alchemist") {
		t.Errorf("without brew potion: %s, want H007 naming the Alchemist", got)
	}
}
