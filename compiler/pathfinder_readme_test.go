package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// P-6 (Default: speed is an input stat): the README said sortie derives speed, and vet warned
// (H003) when a moving army had none. They agree now: the README's Pathfinder section says speed is
// derived from speedFeet, that an army with a route gives speedFeet or speed, and names H003; and
// its worked figure holds: 30 ft is P-6's 24 miles a day, floor(24 / 12) = 2 hexes.
func TestReadmeSpeedAgreesWithH003P6(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, sec, _ := strings.Cut(string(readme), "## Pathfinder mass combat")
	sec, _, _ = strings.Cut(sec, "\n- ")
	sec = strings.Join(strings.Fields(sec), " ")
	for _, want := range []string{"speed in hexes a day from one creature's speed in feet, `speedFeet` (P-6: 30 ft is 24 miles, 2 hexes)",
		"an army with a route gives `speedFeet` or `speed` (hexes a day), or `sortie vet` warns that it never moves (H003)"} {
		if !strings.Contains(sec, want) {
			t.Errorf("README's Pathfinder section lacks %q:\n%s", want, sec)
		}
	}
	a := pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(1), HitDie: pfarmy.D10, SpeedFeet: 30}
	st, err := pfarmy.Derive(&a, pfarmy.Options{})
	if err != nil || st.Speed != 2 {
		t.Errorf("speedFeet 30: speed %d (%v), want 2 hexes a day (P-6)", st.Speed, err)
	}
	a.SpeedFeet = 0
	if st, _ := pfarmy.Derive(&a, pfarmy.Options{}); st.Speed != 0 {
		t.Errorf("no speed or speedFeet: speed %d, want 0 (nothing to derive from: H003 when it has a route)", st.Speed)
	}
}
