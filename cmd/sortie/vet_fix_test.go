package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/words"
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
// yes (S002 -> true), and a leading zero where a number is wanted (L014 04 -> 4, members is
// int & >=1 & <=100).
func TestVetFix(t *testing.T) {
	for _, tc := range []struct {
		rules    string
		mistakes []string
		fixes    int
	}{
		{"karzoral", []string{"side: friendly", "side: frendly", "route: [ford]", "route: [frod]", "  rations: 40", "  ratoins: 40",
			"    once: true", "    once: \"yes\"", "nightRaid: wolves", "nightRaid: wolfs", "  limit: 8", "  limit: \"8\"",
			"  members: 4", "  members: 04"}, 7},
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
			want := "fixed " + words.Count(tc.fixes, "finding") // issue 20: "1 finding", never "1 finding(s)"
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

// L014's fix follows what the schema wants at the value (issue 27; compiler/yaml_leadzero.go),
// so one round of vet --fix leaves a file that vets clean, for each kind of field: a constant
// (version: int & 1: 02 becomes 1, the only value), a string (title: 007 becomes "007"), a
// bounded int in a list (a hex's at: [01, 0] becomes [1, 0]), string | int (#PFCR: cr: 01 becomes
// "01", which P-3's ladder reads as 1) and a clash battle's version (01 becomes 1). An enum of
// strings (side: 01) has no fix: vet --fix writes nothing and still fails.
func TestVetFixLeadZeroBySchema(t *testing.T) {
	for _, tc := range []struct {
		name, rules, kind string // the template: testdata/fix/RULES, or `sortie init --rules RULES --kind KIND --format yaml`
		old, bad, fixed   string // the template's text, the mistake, the text after --fix ("": no fix)
	}{
		{"constant", "karzoral", "", "version: 1", "version: 02", "version: 1"},
		{"string", "karzoral", "", "title: Karzoral", "title: 007", `title: "007"`},
		{"int in a list", "pathfinder", "", "road: {at: [1, 0]", "road: {at: [01, 0]", "road: {at: [1, 0]"},
		{"string or int", "pathfinder", "battle", "        cr: 1\n", "        cr: 01\n", "        cr: \"01\"\n"},
		{"clash version", "clash", "battle", "version: 1", "version: 01", "version: 1"},
		{"enum of strings", "karzoral", "", "side: friendly", "side: 01", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var dir, file string
			if tc.kind == "" {
				dir, file, _ = fixCopy(t, tc.rules)
			} else {
				dir = filepath.Join(t.TempDir(), tc.rules)
				if code, out, errOut := run(t, "", "init", dir, "--rules", tc.rules, "--kind", tc.kind, "--format", "yaml"); code != 0 {
					t.Fatalf("init: exit %d\n%s%s", code, out, errOut)
				}
				file = filepath.Join(dir, "battle.yaml")
			}
			data, err := os.ReadFile(file)
			if err != nil || strings.Count(string(data), tc.old) != 1 {
				t.Fatalf("%q is not once in the template (%v)", tc.old, err)
			}
			broken := strings.Replace(string(data), tc.old, tc.bad, 1)
			if err := os.WriteFile(file, []byte(broken), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, _ := run(t, "", "vet", "--no-cache", "--fix", dir)
			now, _ := os.ReadFile(file)
			if tc.fixed == "" {
				if code != 1 || !strings.Contains(out, "L014") || string(now) != broken {
					t.Errorf("vet --fix of an unfixable L014: exit %d, file changed: %v\n%s", code, string(now) != broken, out)
				}
				return
			}
			if want := strings.Replace(string(data), tc.old, tc.fixed, 1); code != 0 || string(now) != want {
				t.Errorf("vet --fix: exit %d\n%s\nfile:\n%s", code, out, now)
			}
			if code, out, _ := run(t, "", "vet", "--no-cache", "--strict", dir); code != 0 {
				t.Errorf("vet --strict after --fix: exit %d\n%s", code, out)
			}
		})
	}
}

// A missing required field with an obvious default (compiler/schema_default.go: a scenario's
// rules, which is karzoral when absent) is added by vet --fix in YAML and in CUE, and the file
// then vets clean; a missing field with none (title: a string) is left alone, the file unwritten.
func TestVetFixMissingDefault(t *testing.T) {
	// YAML: the template without its rules line gets `rules: karzoral` before its first key.
	dir, file, clean := fixCopy(t, "karzoral", "rules: karzoral\n", "")
	if code, out, _ := run(t, "", "vet", "--no-cache", dir); code != 1 || !strings.Contains(out, `S003: missing required field "rules"`) {
		t.Fatalf("vet without rules: exit %d\n%s", code, out)
	}
	if code, out, errOut := run(t, "", "vet", "--no-cache", "--fix", dir); code != 0 || !strings.Contains(errOut, "fixed 1 finding") {
		t.Errorf("vet --fix: exit %d\n%s%s", code, out, errOut)
	}
	want := strings.Replace(strings.Replace(clean, "rules: karzoral\n", "", 1), "kind: scenario\n", "rules: karzoral\nkind: scenario\n", 1)
	if now, _ := os.ReadFile(file); string(now) != want {
		t.Errorf("fixed YAML:\n%s", now)
	}
	if code, out, _ := run(t, "", "vet", "--no-cache", "--strict", dir); code != 0 {
		t.Errorf("vet --strict after --fix: exit %d\n%s", code, out)
	}

	// CUE: a copy of field00 without rules gets `rules: "karzoral"` after the package clause.
	cdir := filepath.Join(t.TempDir(), "field00")
	if err := os.MkdirAll(cdir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"field00.cue", "win.yaml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "karzoral", "field00", name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "field00.cue" {
			if !strings.Contains(string(data), "package field00\n\nkind:") {
				t.Fatal("field00.cue: no package clause before kind")
			}
			data = []byte(strings.Replace(string(data), "rules:   \"karzoral\"\n", "", 1))
		}
		if err := os.WriteFile(filepath.Join(cdir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, out, errOut := run(t, "", "vet", "--no-cache", "--fix", cdir); code != 0 || !strings.Contains(errOut, "fixed 1 finding") {
		t.Errorf("vet --fix of the CUE copy: exit %d\n%s%s", code, out, errOut)
	}
	if now, _ := os.ReadFile(filepath.Join(cdir, "field00.cue")); !strings.Contains(string(now), "package field00\n\nrules: \"karzoral\"\nkind:") {
		t.Errorf("fixed CUE:\n%s", now)
	}
	if code, out, _ := run(t, "", "vet", "--no-cache", "--strict", cdir); code != 0 {
		t.Errorf("vet --strict of the CUE copy after --fix: exit %d\n%s", code, out)
	}

	// No default: title is the author's to write.
	dir, file, _ = fixCopy(t, "karzoral", "title: Karzoral\n", "")
	broken, _ := os.ReadFile(file)
	if code, out, _ := run(t, "", "vet", "--no-cache", "--fix", dir); code != 1 || !strings.Contains(out, `missing required field "title"`) {
		t.Errorf("vet --fix without title: exit %d\n%s", code, out)
	}
	if now, _ := os.ReadFile(file); string(now) != string(broken) {
		t.Errorf("vet --fix wrote a file it could not fix")
	}
}

// vet --help names every kind of fix compiler/fix makes (issue 27): did-you-mean, a leading zero
// as the schema wants it (TestVetFixLeadZeroBySchema), a missing rules: (TestVetFixMissingDefault),
// a quoted bool or number.
func TestVetHelpNamesEveryFix(t *testing.T) {
	code, out, errOut := run(t, "", "vet", "--help")
	if code != 0 {
		t.Fatalf("vet --help: exit %d\n%s", code, errOut)
	}
	flat := strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"did-you-mean", `a leading zero, written as the schema wants it there ("007" where a string is wanted, 1 where a number is`,
		"a file without rules: gets rules: karzoral", `("yes" where a bool is wanted: true)`, "a leading zero as the schema wants it, a missing rules:"} {
		if !strings.Contains(flat, want) {
			t.Errorf("vet --help does not say %q:\n%s", want, out)
		}
	}
}
