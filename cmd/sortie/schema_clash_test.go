package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSchemaClashCueVet: the standard cue tool, given the schema sortie exports (the CUE source,
// and #ClashBattle as JSON Schema imported by cue), accepts every bundled clash battle and refuses
// one whose stand square is a string (so the test can fail).
func TestSchemaClashCueVet(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the cue tool")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	code, cueSchema, _ := run(t, "", "schema")
	if code != 0 || !strings.Contains(cueSchema, "#ClashBattle:") {
		t.Fatalf("sortie schema: exit %d, or no #ClashBattle", code)
	}
	code, jsonSchema, stderr := run(t, "", "schema", "--format", "jsonschema", "--def", "#ClashBattle")
	if code != 0 || !strings.Contains(jsonSchema, `"ClashCreature"`) {
		t.Fatalf("sortie schema --format jsonschema --def '#ClashBattle': exit %d\n%s", code, stderr)
	}
	if code, _, _ := run(t, "", "schema", "--format", "jsonschema", "--def", "#Nope"); code != exitUsage {
		t.Errorf("--def '#Nope': exit %d, want %d", code, exitUsage)
	}
	schemaCUE := filepath.Join(dir, "schema.cue")
	schemaJSON := filepath.Join(dir, "schema.json")
	imported := filepath.Join(dir, "imported.cue")
	os.WriteFile(schemaCUE, []byte(cueSchema), 0o644)
	os.WriteFile(schemaJSON, []byte(jsonSchema), 0o644)
	if out, err := goTool(t, "import", "-f", "jsonschema:", schemaJSON, "-p", "imported", "-l", "#ClashBattle:", "-o", imported); err != nil {
		t.Fatalf("cue import jsonschema: %v\n%s", err, out)
	}
	var data []string
	for _, s := range []string{"scenarios/clash/bridge/bridge.cue", "scenarios/clash/field/field.cue", "scenarios/clash/hill/hill.cue"} {
		out, err := goTool(t, "export", s)
		if err != nil {
			t.Fatalf("cue export %s: %v\n%s", s, err, out)
		}
		name := filepath.Join(dir, strings.ReplaceAll(s, "/", "_")+".json")
		os.WriteFile(name, []byte(out), 0o644)
		data = append(data, name)
	}
	abs, _ := filepath.Abs(filepath.Join("..", "..", "testdata/compiler/ok/clash.yaml"))
	data = append(data, abs)
	for _, d := range data {
		for _, sch := range []string{schemaCUE, imported} {
			if out, err := goTool(t, "vet", "-d", "#ClashBattle", sch, d); err != nil {
				t.Errorf("cue vet -d '#ClashBattle' %s %s: %v\n%s", filepath.Base(sch), filepath.Base(d), err, out)
			}
		}
	}
	src, _ := os.ReadFile(data[0])
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(strings.Replace(string(src), `"width": 16`, `"width": "sixteen"`, 1)), 0o644)
	for _, sch := range []string{schemaCUE, imported} {
		if out, err := goTool(t, "vet", "-d", "#ClashBattle", sch, bad); err == nil || !strings.Contains(out, "width") {
			t.Errorf("cue vet %s accepted width: \"sixteen\": %v\n%s", filepath.Base(sch), err, out)
		}
	}
}
