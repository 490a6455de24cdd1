package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fixCopy copies testdata/fix/RULES (a template of `sortie init --format yaml`, which vets clean)
// to a temporary folder with the mistakes made in scenario.yaml (pairs old, new), and returns
// the folder, the file and the template's text.
func fixCopy(t *testing.T, rules string, mistakes ...string) (dir, file, clean string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), rules)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"scenario.yaml", "win.yaml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "fix", rules, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "scenario.yaml" {
			clean = string(data)
			for i := 0; i+1 < len(mistakes); i += 2 {
				if strings.Count(string(data), mistakes[i]) != 1 {
					t.Fatalf("%q is not once in %s's template", mistakes[i], rules)
				}
				data = []byte(strings.Replace(string(data), mistakes[i], mistakes[i+1], 1))
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, filepath.Join(dir, "scenario.yaml"), clean
}

// vet --fix (issue 27 item 1) on copies of the templates with every kind of fixable mistake:
// each file comes back as the template was, byte for byte, and vets clean. The mistakes and
// their fixes, by hand: a misspelt enum value (S004 frendly, Larg), block id (R001 frod),
// encounter (R001 wolfs), field name (S001 ratoins, xcommander... commander), tactic (M001
// "Defensive Wal"), a quoted bool (S002 "yes" -> true) and number (S002 "8" -> 8), a YAML 1.1
// yes (S002 -> true), and a leading zero (L014 04 -> "04" in round 1, then S002 "04" -> 4 in
// round 2).
func TestVetFix(t *testing.T) {
	for _, tc := range []struct {
		rules    string
		mistakes []string
		fixes    int
	}{
		{"karzoral", []string{"side: friendly", "side: frendly", "route: [ford]", "route: [frod]", "  rations: 40", "  ratoins: 40",
			"    once: true", "    once: \"yes\"", "nightRaid: wolves", "nightRaid: wolfs", "  limit: 8", "  limit: \"8\"",
			"  members: 4", "  members: 04"}, 8},
		{"pathfinder", []string{"    size: Large", "    size: Larg", "tactics: [Defensive Wall]", "tactics: [Defensive Wal]",
			"    commander: {name: Captain Ilse", "    comander: {name: Captain Ilse", "  limit: 6", "  limit: '6'",
			"advantageousTerrain: true", "advantageousTerrain: yes"}, 5},
	} {
		t.Run(tc.rules, func(t *testing.T) {
			dir, file, clean := fixCopy(t, tc.rules, tc.mistakes...)
			broken, _ := os.ReadFile(file)
			// Without --fix nothing is written; --diff writes nothing either.
			code, out, _ := run(t, "", "vet", "--no-cache", dir)
			if code != 1 || !strings.Contains(out, "hint: ") {
				t.Fatalf("vet of the broken copy: exit %d\n%s", code, out)
			}
			code, out, _ = run(t, "", "vet", "--no-cache", "--diff", dir)
			if code != 1 || !strings.Contains(out, "--- ") || !strings.Contains(out, "+++ ") {
				t.Errorf("vet --diff: exit %d\n%s", code, out)
			}
			if now, _ := os.ReadFile(file); string(now) != string(broken) {
				t.Fatalf("vet and vet --diff wrote the file")
			}
			code, out, errOut := run(t, "", "vet", "--no-cache", "--fix", dir)
			if code != 0 || out != "" {
				t.Errorf("vet --fix: exit %d\n%s%s", code, out, errOut)
			}
			want := "fixed " + strconv.Itoa(tc.fixes) + " finding(s)"
			if !strings.Contains(errOut, want) {
				t.Errorf("vet --fix said %q, want %q", errOut, want)
			}
			if now, _ := os.ReadFile(file); string(now) != clean {
				t.Errorf("fixed file differs from the template:\n%s", now)
			}
			if code, out, _ := run(t, "", "vet", "--no-cache", "--strict", dir); code != 0 {
				t.Errorf("vet after --fix: exit %d\n%s", code, out)
			}
			// Nothing left to fix: --diff prints nothing and exits 0.
			if code, out, _ := run(t, "", "vet", "--no-cache", "--diff", dir); code != 0 || out != "" {
				t.Errorf("vet --diff of the fixed copy: exit %d\n%s", code, out)
			}
		})
	}
}
