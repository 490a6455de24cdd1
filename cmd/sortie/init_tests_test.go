package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/scaffold"
)

// Issue 20: every template sortie init writes, of every rule system and kind and in every
// format, declares tests: in each of its scenarios and battle files, and sortie test passes
// them all (the clash battle had none; the campaign's prologue had none). A unit without tests
// says "[no tests]" and fails this test.
func TestInitTemplatesHaveTests(t *testing.T) {
	unitLine := regexp.MustCompile(`(?m)^(ok|FAIL|\?)\t(\S+)\t(.*)$`)
	for _, rules := range scaffold.Rules {
		kinds, err := scaffold.Kinds(rules)
		if err != nil {
			t.Fatal(err)
		}
		for _, kind := range kinds {
			for _, f := range []string{"cue", "yaml", "json"} {
				name := rules + "-" + kind + "-" + f
				dir := filepath.Join(t.TempDir(), name)
				if code, _, errb := run(t, "", "init", dir, "--rules", rules, "--kind", kind, "--format", f); code != 0 {
					t.Fatalf("%s: init: exit %d %s", name, code, errb)
				}
				code, out, errb := run(t, "", "test", dir+"/...")
				if code != 0 || !strings.Contains(out, "PASS: ") {
					t.Errorf("%s: sortie test: exit %d %s %s", name, code, out, errb)
					continue
				}
				units := unitLine.FindAllStringSubmatch(out, -1)
				if len(units) == 0 {
					t.Errorf("%s: no unit in %s", name, out)
				}
				for _, u := range units {
					if u[1] != "ok" || !regexp.MustCompile(`^\d+ tests?$`).MatchString(u[3]) {
						t.Errorf("%s: %s: %s %s (want ok and its tests)", name, u[2], u[1], u[3])
					}
				}
			}
		}
	}
}
