package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/encoding/yaml"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/sortie-rpg/sortie/compiler"
)

// TestJSONSchemaDefAcceptsValidFiles (issue 20): each definition that `sortie schema --format
// jsonschema --def` exports accepts every file of its kind that sortie accepts: every `sortie init`
// template (each rule system and kind, written in JSON and in YAML, read as JSON; a campaign's
// scenarios too) and every bundled scenario, campaign and battle (CUE exported to JSON). It once
// refused every Pathfinder army: the definition closed #PFBattleArmy (additionalProperties: false)
// beside its $ref to #PFArmy, whose properties additionalProperties does not see. Checked with a
// draft 2020-12 validator (santhosh-tekuri/jsonschema); a misspelt field is still refused.
func TestJSONSchemaDefAcceptsValidFiles(t *testing.T) {
	schemas := map[string]*jsonschema.Schema{}
	for _, def := range compiler.SchemaDefinitions {
		code, out, errs := run(t, "", "schema", "--format", "jsonschema", "--def", def)
		if code != 0 {
			t.Fatalf("schema --def %s: exit %d: %s", def, code, errs)
		}
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		url := strings.TrimPrefix(def, "#") + ".json"
		if err := c.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
		if schemas[def], err = c.Compile(url); err != nil {
			t.Fatalf("schema --def %s does not compile: %v", def, err)
		}
	}
	check := func(name string, data []byte) {
		t.Helper()
		var v map[string]any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		def := defOf(v)
		if err := validateJSON(schemas[def], data); err != nil {
			t.Errorf("%s is refused by %s: %v", name, def, err)
		}
		v["strenght"] = 3
		if validateJSON(schemas[def], mustJSON(t, v)) == nil {
			t.Errorf("%s with a misspelt field passes %s", name, def)
		}
	}
	seen := map[string]bool{}
	tmp := t.TempDir()
	for _, rk := range [][2]string{
		{"karzoral", "scenario"}, {"karzoral", "campaign"},
		{"pathfinder", "scenario"}, {"pathfinder", "battle"}, {"clash", "battle"},
	} {
		for _, format := range []string{"json", "yaml"} {
			dir := filepath.Join(tmp, rk[0]+"-"+rk[1]+"-"+format)
			if code, _, errs := run(t, "", "init", dir, "--rules", rk[0], "--kind", rk[1], "--format", format); code != 0 {
				t.Fatalf("init %v --format %s: exit %d: %s", rk, format, code, errs)
			}
			files, _ := filepath.Glob(filepath.Join(dir, "*."+format))
			more, _ := filepath.Glob(filepath.Join(dir, "*", "*."+format)) // a campaign's scenarios
			for _, f := range append(files, more...) {
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if format == "yaml" {
					data = yamlJSON(t, f, data)
				}
				var v map[string]any
				if json.Unmarshal(data, &v) != nil || v["kind"] == nil {
					continue // a script
				}
				seen[defOf(v)] = true
				check(f, data)
			}
		}
	}
	root := filepath.Join("..", "..")
	bundled, _ := filepath.Glob(filepath.Join(root, "scenarios", "*", "*", "*.cue"))
	bundled = append(bundled, filepath.Join(root, "scenarios", "karzoral", "campaign.cue"))
	for _, f := range bundled {
		data := exportWithLibraries(t, f)
		var v map[string]any
		json.Unmarshal(data, &v)
		seen[defOf(v)] = true
		check(f, data)
	}
	for _, def := range compiler.SchemaDefinitions {
		if !seen[def] {
			t.Errorf("no file checked against %s", def)
		}
	}
}

// defOf names the definition a file of v's kind and rules is checked against: the one the
// editor's completion picks (compiler.DefinitionOf).
func defOf(v map[string]any) string {
	kind, _ := v["kind"].(string)
	rules, _ := v["rules"].(string)
	return compiler.DefinitionOf(kind, rules)
}

// yamlJSON is a YAML file as JSON, read by CUE's YAML decoder (YAML 1.2: "on" is a string).
func yamlJSON(t *testing.T, name string, data []byte) []byte {
	t.Helper()
	f, err := yaml.Extract(name, data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	out, err := cuecontext.New().BuildFile(f).MarshalJSON()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return out
}

// exportWithLibraries is a bundled CUE file as JSON, the libraries it imports (the Pathfinder
// sample armies) resolved from the binary as the compiler resolves them.
func exportWithLibraries(t *testing.T, file string) []byte {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(abs)
	overlay := compiler.LibraryOverlay([]string{abs}, dir)
	cfg := &load.Config{Dir: dir, Env: []string{"CUE_REGISTRY=none"}, Overlay: overlay}
	if len(overlay) > 0 {
		cfg.ModuleRoot = dir
	}
	insts := load.Instances([]string{abs}, cfg)
	if insts[0].Err != nil {
		t.Fatalf("%s: %v", file, insts[0].Err)
	}
	data, err := cuecontext.New().BuildInstance(insts[0]).MarshalJSON()
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return data
}
