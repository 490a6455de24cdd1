package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// K-101's life check adds the PC's vitality bonus (SW2 core: 2d6 + adventurer level + vitality
// bonus): party.pcs[].vitality lowers into plan.PC.Vitality (2 for Aria, 0 when absent for Bram),
// and 21 is beyond the bonus's range (0..20): S002 at the value.
func TestVitalityPlanK101(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata/compiler/ok/mini.cue"))
	if err != nil {
		t.Fatal(err)
	}
	party := `party: {start: "base", members: 4}`
	pcs := `party: {start: "base", members: 2, pcs: [{name: "Aria", level: 3, hp: 20, vitality: %s}, {name: "Bram", level: 3, hp: 20}]}`
	for name, v := range map[string]string{"good.cue": "2", "bad.cue": "21"} {
		text := strings.Replace(string(src), party, strings.Replace(pcs, "%s", v, 1), 1)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, list, err := Compile([]string{filepath.Join(dir, "good.cue")}, Options{WorkDir: dir})
	if err != nil || p == nil || len(list) != 0 {
		t.Fatalf("good: %v %v", list, err)
	}
	if len(p.Party.PCs) != 2 || p.Party.PCs[0].Vitality != 2 || p.Party.PCs[1].Vitality != 0 {
		t.Errorf("K-101 vitality: %+v", p.Party.PCs)
	}
	list, err = Vet([]string{filepath.Join(dir, "bad.cue")}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Code != "S002" || list[0].Pos.Line != 10 {
		t.Errorf("vitality 21: %v, want one S002 on line 10", list)
	}
}
