package compiler

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// K-12: a scenario's price list and its lone purse lower into the plan in source order (the
// torches before the rations, as written), with no finding: mini.cue has a base and both items add
// stock. The purse is 120 gamels.
func TestPricesPlanK12(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata/compiler/ok/mini.cue"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), `party: {start: "base", members: 4}`, `party: {start: "base", members: 4, money: 120}
shop: {
	torches: {name: "Torches, 6", price: 5, torches: 6}
	rations: {name: "Preserved food, 7 days", price: 50, rations: 7}
}`, 1)
	if err := os.WriteFile(filepath.Join(dir, "s.cue"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	p, list, err := Compile([]string{filepath.Join(dir, "s.cue")}, Options{WorkDir: dir})
	if err != nil || p == nil || len(list) != 0 {
		t.Fatalf("%v %v", list, err)
	}
	want := []plan.Item{{ID: "torches", Name: "Torches, 6", Price: 5, Torches: 6},
		{ID: "rations", Name: "Preserved food, 7 days", Price: 50, Rations: 7}}
	if !reflect.DeepEqual(p.Shop, want) || p.Party.Money != 120 {
		t.Errorf("K-12: shop %+v, money %d; want %+v, 120", p.Shop, p.Party.Money, want)
	}
}
