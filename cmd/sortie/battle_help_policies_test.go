package main

import (
	"strings"
	"testing"
)

// TestBattleHelpPoliciesFromRegistry (issue 23 review: battle --help listed "first (the engine's
// defaults) or random" while battle took default, first, random and explore, and a clash battle
// also tactical): the help's policy list is the registry's battle offers, per rule system
// (compiler/pathfinder/register.go, compiler/clash/clash.go: Policies and Aliases, written out
// here by hand), and every name it lists is one battle takes for a file of that rule system.
func TestBattleHelpPoliciesFromRegistry(t *testing.T) {
	const want = "pathfinder: default, first, random, explore, standard; clash: default (or tactical), first, random, explore"
	code, help, errb := run(t, "", "battle", "--help")
	if code != 0 {
		t.Fatalf("battle --help: exit %d: %s", code, errb)
	}
	if !strings.Contains(help, "--policy NAME     "+want+"\n") {
		t.Errorf("battle --help's description does not list %q:\n%s", want, help)
	}
	if !strings.Contains(help, "answer choices by NAME ("+want+")") {
		t.Errorf("battle --help's --policy flag does not list %q:\n%s", want, help)
	}
	if strings.Contains(help, "or random\n") {
		t.Errorf("battle --help still lists its old two policies:\n%s", help)
	}
	files := map[string]string{
		"pathfinder": repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue"),
		"clash":      repo(t, "scenarios", "clash", "hill", "hill.cue"),
	}
	for _, part := range strings.Split(want, "; ") {
		rules, list, _ := strings.Cut(part, ": ")
		for _, name := range strings.Split(list, ", ") {
			names := []string{name}
			if p, old, ok := strings.Cut(name, " (or "); ok {
				names = []string{p, strings.TrimSuffix(old, ")")}
			}
			for _, n := range names {
				if code, _, errb := run(t, "", "battle", files[rules], "--policy", n, "--format", "jsonl"); code != 0 {
					t.Errorf("battle %s --policy %s (listed by --help): exit %d: %s", rules, n, code, errb)
				}
			}
		}
	}
}
