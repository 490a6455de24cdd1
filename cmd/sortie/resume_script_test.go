package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestResumeExhaustedScript (issue 11, items 6 and 7): a run with --save whose script runs out is
// saved at the question the script did not answer; sortie resume goes on from there under
// --policy (and the first run's output up to the save followed by the resumed output is byte for
// byte a straight run with --script and --policy), or at the terminal, where Ctrl-D at the next
// question saves the answer given there and the end-of-run map starts on a line of its own.
func TestResumeExhaustedScript(t *testing.T) {
	dir := t.TempDir()
	bin := sortieBinary(t)
	script := filepath.Join(dir, "short.yaml")
	os.WriteFile(script, []byte("- {day: 1, move: east}\n- {pick: 1}\n- {night: rest}\n"), 0o644)
	save := filepath.Join(dir, "save.json")
	sh := func(stdin string, args ...string) (int, string, string) {
		cmd := exec.Command(bin, args...)
		cmd.Stdin = strings.NewReader(stdin)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, o.String(), e.String()
	}
	code, first, errs := sh("", "run", field01, "--script", script, "--save", save)
	if code != 1 || !strings.Contains(errs, "X003") || !strings.Contains(errs, "at the question the script did not answer") {
		t.Fatalf("run: exit %d, stderr %s", code, errs)
	}
	data, _ := os.ReadFile(save)
	sv, err := decodeSave(data)
	if err != nil || sv.At != "decision" || sv.Position != 3 {
		t.Fatalf("save: %v, at %q, position %d; want a decision save after the script's 3 answers", err, sv.At, sv.Position)
	}
	for _, name := range []string{"policy.json", "terminal.json"} {
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}

	// Under --policy: byte for byte a straight run.
	_, resumed, errs := sh("", "resume", filepath.Join(dir, "policy.json"), "--policy", "first")
	if !strings.Contains(errs, "") || strings.Contains(resumed, "== day 1 ==") {
		t.Errorf("the resumed output repeats day 1:\n%s", resumed)
	}
	_, straight, _ := sh("", "run", field01, "--script", script, "--policy", "first")
	if first[:sv.Offset]+resumed != straight {
		t.Errorf("first run up to the save + resumed run differs from a straight run:\n--- got\n%s\n--- want\n%s", first[:sv.Offset]+resumed, straight)
	}

	// At the terminal: the day-2 move is asked there.
	p := startPTY(t, bin, "resume", filepath.Join(dir, "terminal.json"))
	at := p.out.waitFor(t, 0, "the script ended; the fallback decides from here")
	at = p.out.waitFor(t, at, prompt)
	p.send("east\n")
	at = p.out.waitFor(t, at, prompt)
	p.send("\x04") // Ctrl-D: end of input
	if code := p.wait("at end of input"); code != 2 {
		t.Errorf("resume at the terminal: exit %d, want 2 at end of input", code)
	}
	out := p.out.String()
	if !strings.Contains(out[at:], "\n  map when the run ended") || strings.Contains(out[at:], ">   map") {
		t.Errorf("the end-of-run map does not start on a new line after Ctrl-D:\n%q", out[at:])
	}
	data, _ = os.ReadFile(filepath.Join(dir, "terminal.json"))
	if sv, err = decodeSave(data); err != nil || !sv.Prompt || len(sv.Decisions) != 1 || sv.Decisions[0] != "d:east" || sv.Position != 4 {
		t.Errorf("the save after the terminal: %v %+v", err, sv)
	}
	// And resumed again (not at a terminal: the logged answer replays, then input ends).
	code, again, errs := sh("", "resume", filepath.Join(dir, "terminal.json"))
	if code != 2 || strings.Contains(again, "moves east t1 -> t2") || !strings.Contains(errs, "input ended") {
		t.Errorf("second resume: exit %d, stdout %s, stderr %s", code, again, errs)
	}
}

// TestBattlePhaseLimit (issue 11, item 6): a battle cut off at its phase limit (options:
// maxPhases: 2, testdata/pathfinder/limit) says so in its table and in its JSON Lines end. Seed 1:
// both armies stand after Melee Phase 2 (under seed 3 the militia, Aggressive from the default
// policy, destroys the orcs on a natural 20 there).
func TestBattlePhaseLimit(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "pathfinder", "limit")
	_, out, errs := run(t, "", "battle", dir, "--seed", "1")
	if !strings.Contains(out, "winner: none: the battle stopped at the phase limit after 2 phases, with armies of both sides on the field (options: maxPhases)") {
		t.Errorf("the table does not say the battle was cut off:\n%s\n%s", out, errs)
	}
	_, out, _ = run(t, "", "battle", dir, "--seed", "1", "--format", "jsonl")
	if !strings.Contains(out, `{"kind":"end","phase":"melee","phaseNo":2,"winner":"none","limit":true}`) {
		t.Errorf("the JSON Lines end does not say the battle was cut off:\n%s", out)
	}
}
