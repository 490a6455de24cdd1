package main

import (
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
			"sortie: sortie battle takes one scenario or battle (a file, or the files of one folder), got 4 from ",
			"run sortie battle on one of them (sortie battle ",
			"or check them all with sortie vet, sortie test or sortie simulate --check, which take DIR/...",
		}},
		{[]string{"compile", clash}, []string{"sortie compile takes one scenario or battle", "got 4 from "}},
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
