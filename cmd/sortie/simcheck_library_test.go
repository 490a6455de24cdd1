package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckImportsLibrary: a battle that imports sortie's library of sample armies
// ("sortie.dev/pathfinder/samples", read from the binary) has its expect: list read by
// simulate --check (runner/expect loads the scenario's CUE again, outside the compiler, with
// compiler.LibraryOverlay; sortie test reads tests: the same way). It once failed with "imports
// are unavailable because there is no cue.mod/module.cue file".
func TestCheckImportsLibrary(t *testing.T) {
	src := filepath.Join("..", "..", "scenarios", "pathfinder", "undead-host", "battle.cue")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `import "sortie.dev/pathfinder/samples"`) {
		t.Fatalf("%s no longer imports the library: pick another battle for this test", src)
	}
	// A copy with a small expect list (100 battles), in a folder of its own.
	dir := t.TempDir()
	body := string(data)
	if i := strings.Index(body, "\nexpect: ["); i >= 0 {
		body = body[:i]
	}
	body += "\nexpect: [{name: \"someWins\", policy: \"default\", runs: 100, winner: \"Stolen Lands\", rate: \">0\"}]\n"
	if err := os.WriteFile(filepath.Join(dir, "battle.cue"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errb := run(t, "", "simulate", dir, "--check", "--replay-dir", t.TempDir())
	if code != 0 || !strings.Contains(errb+out, "someWins") {
		t.Fatalf("simulate --check: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errb)
	}
	if strings.Contains(errb, "imports are unavailable") {
		t.Fatalf("the library was not found:\n%s", errb)
	}
}

// TestCheckWinnerNamesASide: on a battle, a winner: that names no side is a Q002 at its line
// (it matched no run, so "<= 0.5" passed on nothing), and policy goal on a battle names default
// as what to use instead (the refusal every command gives, TestPolicyRefusedAlike).
func TestCheckWinnerNamesASide(t *testing.T) {
	dir := t.TempDir()
	battle := filepath.Join("..", "..", "scenarios", "pathfinder", "orc-horde", "battle.cue")
	exp := filepath.Join(dir, "exp.cue")
	if err := os.WriteFile(exp, []byte("expect: [\n\t{policy: \"default\", runs: 10, winner: \"Orcs\", rate: \"<= 0.5\"},\n]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errb := run(t, "", "simulate", battle, "--check", "--expect", exp, "--replay-dir", dir)
	if code != 1 || !strings.Contains(errb, `exp.cue:2:32: Q002: winner "Orcs" is no side of this battle (want "Stolen Lands", "Orc horde" or "no winner")`) {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errb)
	}
	code, _, errb = run(t, "", "simulate", battle, "--policy", "goal", "--runs", "1")
	if code != 2 || !strings.Contains(errb, "for the battle's own commanders use default (want default, first, random, explore, standard)") {
		t.Errorf("goal: exit %d\n%s", code, errb)
	}
}

// TestCheckReplayDirMissing: a --replay-dir that does not exist says so (it said "not a folder");
// a file there is still "not a folder".
func TestCheckReplayDirMissing(t *testing.T) {
	dir := t.TempDir()
	battle := filepath.Join("..", "..", "scenarios", "pathfinder", "orc-horde", "battle.cue")
	missing := filepath.Join(dir, "replays")
	code, _, errb := run(t, "", "simulate", battle, "--check", "--replay-dir", missing)
	if code != 2 || !strings.Contains(errb, "--replay-dir "+missing+": no such folder (create it first)") {
		t.Errorf("missing: exit %d\n%s", code, errb)
	}
	code, _, errb = run(t, "", "simulate", battle, "--check", "--replay-dir", battle)
	if code != 2 || !strings.Contains(errb, ": not a folder") {
		t.Errorf("file: exit %d\n%s", code, errb)
	}
}

// TestBattlePolicyDefault: sortie battle takes simulate's policy name for a battle's own
// commanders, --policy default (it said unknown policy "default"): the same battle as with no
// --policy, one battle and --runs alike.
func TestBattlePolicyDefault(t *testing.T) {
	battle := filepath.Join("..", "..", "scenarios", "pathfinder", "orc-horde", "battle.cue")
	for _, extra := range [][]string{{"--seed", "4"}, {"--runs", "50"}} {
		code, want, errb := run(t, "", append([]string{"battle", battle}, extra...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", extra, code, errb)
		}
		code, got, errb := run(t, "", append([]string{"battle", battle, "--policy", "default"}, extra...)...)
		if code != 0 || got != want {
			t.Errorf("%v --policy default: exit %d %s\n%s\nwant\n%s", extra, code, errb, got, want)
		}
	}
}

// TestCheckSchemaWants: a balance check's policy or rate that fits none of the schema's
// alternatives says what the field takes (it said `conflicting values "default" and "rnd"`,
// naming one alternative of the disjunction).
func TestCheckSchemaWants(t *testing.T) {
	dir := t.TempDir()
	battle := filepath.Join("..", "..", "scenarios", "pathfinder", "orc-horde", "battle.cue")
	exp := filepath.Join(dir, "exp.yaml")
	if err := os.WriteFile(exp, []byte("expect:\n  - {name: wins, policy: rnd, rate: \"x\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errb := run(t, "", "simulate", battle, "--check", "--expect", exp)
	for _, want := range []string{
		`exp.yaml:2:26: Q002: expect.0.policy: want one of "first", "random", "explore", "goal", "default"`,
		`exp.yaml:2:37: Q002: expect.0.rate: want a share from 0 to 1: 0.5, ">= 0.2" or "0.35..0.55"`,
	} {
		if code != 1 || !strings.Contains(errb, want) {
			t.Errorf("exit %d, want %s:\n%s", code, want, errb)
		}
	}
}
