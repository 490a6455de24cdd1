package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The Fen Crossing (testdata/clash/poison): the library's SRD 5.1 quasit, whose Claws (+4, 1d4+3
// piercing) make the one hit save (Constitution DC 10) or take 2d4 poison damage and be poisoned
// for 1 minute, the save repeated at the end of each of its turns (an attack's onHit, U-76). It
// vets clean, plays with --runs, and with --seed 2 its transcript says, values worked by
// hand from the SRD blocks (guard: AC 16, Con 12 = +1; zombie: AC 8, Con 16 = +3, immune to poison
// and to poisoned):
//   - guards 1 hit (11 hp), its save d20 2 + 1 = 3 < 10 fails: poisoned until the quasit's turn in
//     round 2 (U-1: 1 minute is 1 round), and its spear then rolls with disadvantage (poisoned);
//   - at the end of its turn it saves again, 20 + 1 = 21 >= 10: no longer poisoned;
//   - dead 1 (the zombie) fails its save, 6 + 3 = 9 < 10, and is immune: not poisoned, and the
//     2d4 poison deals it nothing (no damage line between its save and the immunity).
func TestClashPoisonBattleU76(t *testing.T) {
	dir := repo(t, "testdata", "clash", "poison")
	f := filepath.Join(dir, "poison.cue")
	if code, out, errs := runMain("vet", f); code != 0 || strings.Contains(out+errs, "error") || strings.Contains(out+errs, "U015") {
		t.Fatalf("vet: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runMain("battle", f, "--runs", "50", "--seed", "1"); code != 0 || !strings.Contains(out, "fen-crossing: 50 battles") {
		t.Fatalf("--runs: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runMain("battle", f, "--seed", "2")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	out = joinWrapped(out) // whole logical lines: the sink wraps the 127-column poisoned line
	for _, want := range []string{
		"quasits 2 -> guards 2, Claws: d20 15 + 4 = 19 vs AC 16: hit",
		"guards 1 CON save (Claws): d20 2 + 1 = 3 vs DC 10: fails",
		"guards 1 is poisoned (Claws by quasits 1): poisoned, a save again at the end of each of its turns, until its caster's turn in round 2",
		"guards 1 -> quasits 3, Spear: d20 dis [3, 18] (poisoned, long range) + 3 = 6 vs AC 13: miss",
		"guards 1 CON save (Claws): d20 20 + 1 = 21 vs DC 10: succeeds\nguards 1 is no longer poisoned (Claws by quasits 1): saved at the end of its turn",
		"dead 1 CON save (Claws): d20 6 + 3 = 9 vs DC 10: fails\ndead 1 is immune to poisoned (Claws by quasits 1): not poisoned",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q\n%s", want, out)
		}
	}
}
