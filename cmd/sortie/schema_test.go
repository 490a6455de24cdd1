package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// cueTool is the cue tool's binary as the go command builds and caches it (`go tool -n cue`
// prints its path): asked for once per test process, since each `go tool cue` first loads the
// module graph, most of a second of processor time, nine times in the schema tests (issue 30).
var cueTool struct {
	once sync.Once
	path string
}

// goTool runs `go tool cue ARGS` (cue is a tool dependency in go.mod) from the module root,
// through the cached binary when the go command names one that exists.
func goTool(t *testing.T, args ...string) (string, error) {
	t.Helper()
	root := filepath.Join("..", "..")
	cueTool.once.Do(func() {
		cmd := exec.Command("go", "tool", "-n", "cue")
		cmd.Dir = root
		if out, err := cmd.Output(); err == nil {
			if p := strings.TrimSpace(string(out)); filepath.IsAbs(p) && !strings.ContainsAny(p, " \n") {
				if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
					cueTool.path = p
				}
			}
		}
	})
	cmd := exec.Command("go", append([]string{"tool", "cue"}, args...)...)
	if cueTool.path != "" {
		cmd = exec.Command(cueTool.path, args...)
	}
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestSchemaCueVet: the standard cue tool, given the schema sortie exports (CUE, and JSON Schema
// imported by cue), accepts every bundled scenario; a scenario with a wrong type is refused (so
// the test can fail).
func TestSchemaCueVet(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the cue tool")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	code, cueSchema, _ := run(t, "", "schema")
	if code != 0 || !strings.Contains(cueSchema, "#Scenario:") {
		t.Fatalf("sortie schema: exit %d", code)
	}
	code, jsonSchema, _ := run(t, "", "schema", "--format", "jsonschema")
	if code != 0 || !strings.Contains(jsonSchema, `"$schema": "https://json-schema.org/draft/2020-12/schema"`) {
		t.Fatalf("sortie schema --format jsonschema: exit %d", code)
	}
	schemaCUE := filepath.Join(dir, "schema.cue")
	schemaJSON := filepath.Join(dir, "schema.json")
	imported := filepath.Join(dir, "imported.cue")
	os.WriteFile(schemaCUE, []byte(cueSchema), 0o644)
	os.WriteFile(schemaJSON, []byte(jsonSchema), 0o644)
	if out, err := goTool(t, "import", "-f", "jsonschema:", schemaJSON, "-p", "imported", "-l", "#Scenario:", "-o", imported); err != nil {
		t.Fatalf("cue import jsonschema: %v\n%s", err, out)
	}

	// The bundled scenarios, as data: CUE scenarios are exported to JSON first (cue vet -d takes
	// data files).
	root := filepath.Join("..", "..")
	scenarios := []string{
		"scenarios/karzoral/field01/field01.cue",
		"scenarios/karzoral/field02/field02.cue",
		"testdata/compiler/ok/mini.cue",
		"testdata/compiler/ok/mini.yaml",
		"testdata/compiler/ok/mini.json",
	}
	var data []string
	for _, s := range scenarios {
		if filepath.Ext(s) != ".cue" {
			abs, _ := filepath.Abs(filepath.Join(root, s))
			data = append(data, abs)
			continue
		}
		out, err := goTool(t, "export", s)
		if err != nil {
			t.Fatalf("cue export %s: %v\n%s", s, err, out)
		}
		name := filepath.Join(dir, strings.ReplaceAll(s, "/", "_")+".json")
		os.WriteFile(name, []byte(out), 0o644)
		data = append(data, name)
	}
	for _, d := range data {
		for _, sch := range []string{schemaCUE, imported} {
			if out, err := goTool(t, "vet", "-d", "#Scenario", sch, d); err != nil {
				t.Errorf("cue vet -d '#Scenario' %s %s: %v\n%s", filepath.Base(sch), filepath.Base(d), err, out)
			}
		}
	}
	// A control: days.limit as a string is refused by both schemas.
	src, _ := os.ReadFile(data[0])
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(strings.Replace(string(src), `"limit": 12`, `"limit": "twelve"`, 1)), 0o644)
	for _, sch := range []string{schemaCUE, imported} {
		if out, err := goTool(t, "vet", "-d", "#Scenario", sch, bad); err == nil || !strings.Contains(out, "days.limit") {
			t.Errorf("cue vet %s accepted days.limit: \"twelve\": %v\n%s", filepath.Base(sch), err, out)
		}
	}
}
