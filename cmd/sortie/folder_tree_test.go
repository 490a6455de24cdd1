package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 20 (review 9): vet, test and fmt take many scenarios, so a folder is DIR/... for them
// always: a folder whose own files are a scenario (a campaign, a battle) beside folders of
// scenarios vets, tests and formats those too. Before, `sortie test karzoral` passed with a
// failing field below it. The trees are the bundled ones with one fault each, the expected
// findings worked out by hand below.

// faultyTree copies scenarios/<from> into a temporary folder and applies edits (file relative to
// the copy: old text, new text; the file is created when old is ""). It returns the copy.
func faultyTree(t *testing.T, from string, edits [][3]string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(from))
	copyTree(t, repo(t, "scenarios", filepath.FromSlash(from)), dst)
	for _, e := range edits {
		p := filepath.Join(dst, filepath.FromSlash(e[0]))
		src, err := os.ReadFile(p)
		if e[1] != "" && (err != nil || !strings.Contains(string(src), e[1])) {
			t.Fatalf("%s: %q not found (%v)", e[0], e[1], err)
		}
		out := e[2]
		if e[1] != "" {
			out = strings.Replace(string(src), e[1], e[2], 1)
		}
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func TestFolderIsTree(t *testing.T) {
	field01, err := os.ReadFile(repo(t, "scenarios", "karzoral", "field01", "field01.cue"))
	if err != nil {
		t.Fatal(err)
	}
	// field01 with its party starting at a block no field has: R001 at line 19, column 14
	// (a tab, "start:" and six spaces are 13 columns; the quote is the 14th).
	nowhere := strings.Replace(string(field01), `start:      "rupetenne"`, `start:      "nowhere"`, 1)
	if nowhere == string(field01) {
		t.Fatal("field01.cue: the party's start line moved")
	}
	// K-20: five members eat five rations a day, 20 - 5 = 15 on day 1; a test wanting 99 fails
	// (Q001 at the test's rations, line 82, column 71).
	rations := [][3]string{{"field00/field00.cue", "rations: 15", "rations: 99"}}
	cases := []struct {
		name string
		dir  string
		args []string
		want string // in stdout or stderr
	}{
		{"test/campaign folder", faultyTree(t, "karzoral", rations), []string{"test"},
			"field00/field00.cue:82:71: Q001"},
		{"vet/campaign folder", faultyTree(t, "karzoral", [][3]string{{"field09/f.cue", "", nowhere}}), []string{"vet"},
			"field09/f.cue:19:14: R001"},
		{"vet/battle folder", faultyTree(t, "clash/picket", [][3]string{{"sub/broken.cue", "", nowhere}}), []string{"vet"},
			"sub/broken.cue:19:14: R001"},
		{"test/battle folder", faultyTree(t, "clash/picket", [][3]string{{"sub/broken.cue", "", nowhere}}), []string{"test"},
			"sub/broken.cue:19:14: R001"},
		// cue fmt writes "b: 1": the file below the folder is listed.
		{"fmt/battle folder", faultyTree(t, "clash/picket", [][3]string{{"sub/b.cue", "", "b:    1\n"}}), []string{"fmt", "--check"},
			"sub/b.cue"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errb := run(t, "", append(c.args, c.dir)...)
			if code != exitFindings || !strings.Contains(out+errb, c.want) {
				t.Errorf("sortie %s DIR: exit %d, want %d with %q:\n%s%s", strings.Join(c.args, " "), code, exitFindings, c.want, out, errb)
			}
		})
	}
	// A command of one unit keeps the folder's own files: the picket's battle is played, and
	// the broken scenario below is not its business.
	dir := faultyTree(t, "clash/picket", [][3]string{{"sub/broken.cue", "", nowhere}})
	if code, _, errb := run(t, "", "battle", dir, "--runs", "2", "--format", "jsonl"); code != 0 {
		t.Errorf("sortie battle DIR: exit %d, want 0: %s", code, errb)
	}
}
