package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// B2 (issue 20): a command that takes one scenario or battle, given a DIR/... of several, names
// itself (not "compile") and says what to run instead. Expected texts written by hand.
func TestManyUnitsRefusalNamesCommand(t *testing.T) {
	clash := repo(t, "scenarios", "clash") + "/..."
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"battle", "--runs", "5", clash}, []string{
			"sortie: sortie battle takes one battle file (a file, or the files of one folder), got 4 from ",
			"run sortie battle on one of them (sortie battle ",
			"or check them all with sortie vet, sortie test or sortie simulate --check, which take DIR/...",
		}},
		{[]string{"compile", clash}, []string{"sortie compile takes one scenario (a file", "got 4 from "}}, // compile refuses battles (reviewer item 8)
	} {
		code, _, errb := run(t, "", c.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d: %s", c.args, code, exitUsage, errb)
		}
		for _, w := range c.want {
			if !strings.Contains(errb, w) {
				t.Errorf("%v: no %q in %s", c.args, w, errb)
			}
		}
		if strings.Contains(errb, "compile takes one scenario (files of one package") {
			t.Errorf("%v: the old wording: %s", c.args, errb)
		}
	}
}

// Issue 20 review: `sortie run DIR/...` over scenarios, a battle and a campaign writes a "==" line
// only over what it plays (a skipped battle has no transcript to head), and its count is of the
// scenarios played, the skips named apart. field00 wins on the first choices (its vault is one
// move away); field02 does not (its day limit comes first), both worked out from the files.
func TestRunFolderCountsWhatItPlays(t *testing.T) {
	dir := t.TempDir()
	for _, src := range []string{"scenarios/karzoral/field00", "scenarios/karzoral/field02", "scenarios/clash/hill"} {
		copyTree(t, repo(t, strings.Split(src, "/")...), filepath.Join(dir, filepath.Base(src)))
	}
	code, out, errb := run(t, "", "run", dir+"/...", "--policy", "first", "--seed", "1")
	if code != exitFindings {
		t.Fatalf("exit %d, want %d: %s", code, exitFindings, errb)
	}
	if strings.Contains(out, "== "+filepath.Join(dir, "hill")) {
		t.Errorf("a header over the skipped battle:\n%s", out)
	}
	for _, w := range []string{"== " + filepath.Join(dir, "field00"), "== " + filepath.Join(dir, "field02")} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in the transcript", w)
		}
	}
	for _, w := range []string{"skip\t" + filepath.Join(dir, "hill", "hill.cue") + "\ta battle file: fight it with sortie battle",
		"1 of 2 scenarios failed (1 skipped: campaigns and battle files have their own commands)"} {
		if !strings.Contains(errb, w) {
			t.Errorf("no %q in:\n%s", w, errb)
		}
	}
}
