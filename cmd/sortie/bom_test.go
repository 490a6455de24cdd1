package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestByteOrderMark: a UTF-8 byte order mark, which Windows editors write, is read past by every
// reader (the JSON scenario was refused as "invalid character 'ï'"); a finding on line 1 is
// counted from the first character after it, as an editor shows it; sortie fmt keeps it; a
// script that starts with one is read.
func TestByteOrderMark(t *testing.T) {
	const bom = "\xef\xbb\xbf"
	dir := t.TempDir()
	scen := `{"kind": "scenario", "id": "bom", "title": "BOM", "rules": "karzoral", "version": 1,
 "days": {"limit": 5}, "party": {"start": "base", "members": 4},
 "field": {"blocks": {"base": {"at": [0, 0], "kind": "base"}, "a": {"at": [1, 0]}}},
 "objectives": {"win": {"when": {"enter": "a"}, "outcome": "success"}},
 "episodes": [{"say": "1"}, {"say": "2"}, {"say": "3"}, {"say": "4"}, {"say": "5"}, {"say": "6"}]}
`
	for name, src := range map[string]string{
		"json/s.json": scen,
		"yaml/s.yaml": scen, // JSON is YAML
		"cue/s.cue":   scen,
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(bom+src), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, out, errs := run(t, "", "vet", filepath.Dir(p)); code != 0 {
			t.Errorf("vet %s with a byte order mark: exit %d\n%s%s", name, code, out, errs)
		}
	}
	// `{"kind": "scenario", "id": 7`: the 7 is the 28th character after the mark (31st byte).
	bad := filepath.Join(dir, "bad", "s.json")
	if err := os.MkdirAll(filepath.Dir(bad), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte(bom+strings.Replace(scen, `"id": "bom"`, `"id": 7`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, out, _ := run(t, "", "vet", filepath.Dir(bad)); !strings.Contains(out, "s.json:1:28: S002") {
		t.Errorf("a finding on line 1 after the mark: want it at 1:28 (the 7 of \"id\": 7), got\n%s", out)
	}
	// fmt formats past the mark and keeps it.
	y := filepath.Join(dir, "f.yaml")
	if err := os.WriteFile(y, []byte(bom+"kind:   scenario\nid: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := run(t, "", "fmt", y); code != 0 {
		t.Fatalf("fmt: exit %d\n%s%s", code, out, errs)
	}
	if got, _ := os.ReadFile(y); !bytes.Equal(got, []byte(bom+"kind: scenario\nid: x\n")) {
		t.Errorf("fmt wrote %q, want the mark kept and the rest formatted", got)
	}
	// A script with a mark.
	script := filepath.Join(dir, "win.yaml")
	win, err := os.ReadFile("../../scenarios/karzoral/field01/win.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, append([]byte(bom), win...), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := run(t, "", "run", "../../scenarios/karzoral/field01", "--script", script); code != 0 {
		t.Errorf("run with a script that starts with a mark: exit %d\n%s", code, errs)
	}
}
