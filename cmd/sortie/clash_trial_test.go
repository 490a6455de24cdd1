package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The Mill Ford (testdata/clash/trial): a battle written from the README and the library alone
// (issue 21: a cleric, a wizard and a monster with a push). It vets with one warning (U015), its seed-1 battle casts
// the new library spells (U-43: sleep's pool, spirit guardians' aura), in its seed-2 battle the
// minotaurs charge (U-3), and --runs plays it many times.
func TestTrialBattle(t *testing.T) {
	dir := repo(t, "testdata", "clash", "trial")
	// One warning, and a useful one: the priest's Divine Eminence is not simulated (U015, U-76).
	if code, out, errs := runMain("vet", dir); code != 0 || errs != "" || !strings.Contains(out, `U015: warning: creature priest`) ||
		!strings.Contains(out, "1 problem (0 errors, 1 warning)") {
		t.Fatalf("vet: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runMain("battle", filepath.Join(dir, "trial.cue"), "--seed", "1")
	if code != 0 || strings.Count(errs, "U015") != 1 {
		t.Fatalf("battle: exit %d\n%s", code, errs) // the same one warning on standard error
	}
	for _, want := range []string{"wynn casts Sleep", "lowest first: goblins", "brannoc casts Spirit Guardians",
		"WIS save (Spirit Guardians)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the seed-1 battle lacks %q", want)
		}
	}
	_, out, _ = runMain("battle", filepath.Join(dir, "trial.cue"), "--seed", "2")
	if !strings.Contains(out, "(attack, charge)") || !strings.Contains(out, "STR save (charge)") {
		t.Error("the seed-2 battle has no minotaur's Charge")
	}
	if code, _, errs := runMain("battle", filepath.Join(dir, "trial.cue"), "--runs", "20", "--seed", "1"); code != 0 {
		t.Fatalf("--runs: exit %d\n%s", code, errs)
	}
}
