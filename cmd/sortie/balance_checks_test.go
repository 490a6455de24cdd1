package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBalanceWordsOneValidation (issue 20 review): vet and sortie test passed an expect: list
// that simulate --check refused (a clash battle's median: day:). The three run one validation
// (balanceChecks): each case's Q002 names the word the subject counts in, a clash battle rounds
// (U-28), a Pathfinder battle phases (P-15), a scenario days (K-*): day: and phase: in a clash
// battle, round: in a Pathfinder battle and in a Karzoral scenario.
func TestBalanceWordsOneValidation(t *testing.T) {
	for _, c := range []struct {
		name, rules, kind, file string
		edit                    func(string) string
		want                    string
	}{
		{"clash day", "clash", "", "battle.cue", func(s string) string {
			return strings.Replace(s, `median: round: "3..8"`, `median: day: "3..8"`, 1)
		}, "Q002: day: a clash battle counts rounds: write round:"},
		{"clash phase", "clash", "", "battle.cue", func(s string) string {
			return strings.Replace(s, `median: round: "3..8"`, `median: phase: "3..8"`, 1)
		}, "Q002: phase: a clash battle counts rounds: write round:"},
		{"pathfinder battle round", "pathfinder", "battle", "battle.cue", func(s string) string {
			return s + "\nexpect: [{name: \"y\", median: round: \"1..5\"}]\n"
		}, "Q002: round: a Pathfinder battle counts phases: write phase:"},
		{"karzoral round", "karzoral", "", "scenario.cue", func(s string) string {
			return s + "\nexpect: [{name: \"x\", median: round: \"1..5\"}]\n"
		}, "Q002: round: a scenario's run counts days: write day:"},
	} {
		dir := filepath.Join(t.TempDir(), "u")
		args := []string{"init", dir, "--rules", c.rules}
		if c.kind != "" {
			args = append(args, "--kind", c.kind)
		}
		if code, _, errb := run(t, "", args...); code != 0 {
			t.Fatalf("%s: init: %s", c.name, errb)
		}
		f := filepath.Join(dir, c.file)
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		edited := c.edit(string(src))
		if edited == string(src) {
			t.Fatalf("%s: the template has no median: round: \"3..8\" to edit", c.name)
		}
		if err := os.WriteFile(f, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range [][]string{{"vet", "--strict", dir}, {"test", dir}, {"simulate", "--check", dir}} {
			code, out, errb := run(t, "", cmd...)
			if code != 1 || !strings.Contains(out+errb, c.want) {
				t.Errorf("%s: sortie %s: exit %d, want 1 and %q:\n%s%s", c.name, cmd[0], code, c.want, out, errb)
			}
		}
	}
}
