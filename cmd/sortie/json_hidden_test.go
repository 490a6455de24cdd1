package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTestJSONEscapesHidden (issue 20 review: `sortie test --format json` wrote a raw U+202E,
// where vet --format json writes \u202e): a copy of field01 whose win script is named
// "w\u202ein.yaml" is tested; the JSON report names it with the escape and holds no raw U+202E.
func TestTestJSONEscapesHidden(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "field01")
	if err := os.CopyFS(dir, os.DirFS(repo(t, "scenarios", "karzoral", "field01"))); err != nil {
		t.Fatal(err)
	}
	const evil = "w\u202ein.yaml"
	f := filepath.Join(dir, "field01.cue")
	src, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), `script: "win.yaml"`) {
		t.Fatal(`field01 has no script: "win.yaml"`)
	}
	if err := os.WriteFile(f, []byte(strings.Replace(string(src), `script: "win.yaml"`, `script: "`+evil+`"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "win.yaml"), filepath.Join(dir, evil)); err != nil {
		t.Fatal(err)
	}
	code, out, errb := run(t, "", "test", dir, "--format", "json")
	if code != 0 || strings.ContainsRune(out, '\u202e') || !strings.Contains(out, `"script": "w\u202ein.yaml"`) {
		t.Errorf("exit %d, raw U+202E %v, want the script as \"w\\u202ein.yaml\":\n%s%s", code, strings.ContainsRune(out, '\u202e'), out, errb)
	}
}
