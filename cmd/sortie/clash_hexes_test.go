package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The Witching Ford (testdata/clash/hexes): the library's power word stun, blindness/deafness and
// charm person (schema/srd spells.cue, SRD 5.1) vet clean, play with --runs, and play from the
// script with seed 1, values worked by hand from the rules (U-40: a stand's targeted spell may
// target a stand; U-76 for the conditions):
//   - power word stun (DC 18, no save to resist): the raiders' 4th stand (32 hp <= 150) is stunned;
//     at the end of its turns its Constitution saves (Con +2) 12 + 2 = 14 and 13 + 2 = 15 fail;
//     stunned, it does nothing in round 2;
//   - blindness/deafness (DC 13): raiders 1's Constitution save 11 + 2 = 13 >= 13: unaffected;
//   - charm person (DC 13): raiders 3's Wisdom save with advantage (its caster's side fights it),
//     [3, 3] + 0 = 3 < 13: charmed by the witches for 1 hour (60 rounds, U-1: until round 62).
func TestClashHexesBattleU76(t *testing.T) {
	dir := repo(t, "testdata", "clash", "hexes")
	f := filepath.Join(dir, "hexes.cue")
	if code, out, errs := runMain("vet", f); code != 0 || strings.Contains(out+errs, "error") {
		t.Fatalf("vet: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runMain("battle", f, "--runs", "50", "--seed", "1"); code != 0 || !strings.Contains(out, "witching-ford: 50 battles") {
		t.Fatalf("--runs: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runMain("battle", f, "--seed", "1", "--script", filepath.Join(dir, "script.yaml"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, want := range []string{
		"queen 1 casts Power Word Stun",
		"raiders 4 is stunned (Power Word Stun by queen 1)",
		"raiders 4 CON save (Power Word Stun): d20 12 + 2 = 14 vs DC 18: fails",
		"raiders 4 does nothing: incapacitated (U-76)",
		"raiders 4 CON save (Power Word Stun): d20 13 + 2 = 15 vs DC 18: fails",
		"raiders 1 CON save (Blindness/Deafness): d20 11 + 2 = 13 vs DC 13: succeeds",
		"raiders 3 WIS save (Charm Person): d20 adv [3, 3] (fighting its caster) + 0 = 3 vs DC 13: fails",
		"raiders 3 is charmed (Charm Person by witches 1)",
		"until its caster's turn in round 62",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q\n%s", want, out)
		}
	}
}
