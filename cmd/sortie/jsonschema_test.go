package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/load"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestJSONSchemaEveryKind (issue 11, item 7): `sortie schema --format jsonschema` checks every
// kind of file against its own definition: a Karzoral scenario, a Pathfinder scenario, a Pathfinder
// battle file, a clash battle file and a campaign (the bundled ones, as JSON) pass; each with a
// field misspelt at the top or deep inside (in an army of a battle, where the definition extends
// another; in a clash unit's stand) or a field of another kind is refused.
func TestJSONSchemaEveryKind(t *testing.T) {
	code, out, errs := run(t, "", "schema", "--format", "jsonschema")
	if code != 0 {
		t.Fatalf("sortie schema --format jsonschema: exit %d: %s", code, errs)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sortie.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sortie.json")
	if err != nil {
		t.Fatalf("the schema does not compile: %v", err)
	}
	root := filepath.Join("..", "..")
	files := []string{
		"testdata/compiler/ok/mini.cue",                  // kind: scenario, rules: karzoral
		"scenarios/pathfinder/stolen-lands/scenario.cue", // kind: scenario, rules: pathfinder
		"scenarios/pathfinder/orc-horde/battle.cue",      // kind: battle
		"scenarios/clash/field/field.cue",                // kind: battle, rules: clash
		"scenarios/clash/bridge/bridge.cue",
		"scenarios/clash/hill/hill.cue",
		"scenarios/karzoral/campaign.cue", // kind: campaign
	}
	for _, f := range files {
		data := exportJSON(t, filepath.Join(root, f))
		if err := validateJSON(sch, data); err != nil {
			t.Errorf("%s is refused: %v", f, err)
		}
		var v map[string]any
		json.Unmarshal(data, &v)
		v["colour"] = "red" // a misspelt top-level field
		if validateJSON(sch, mustJSON(t, v)) == nil {
			t.Errorf("%s with an unknown field passes", f)
		}
	}
	// A battle army with a misspelt field; a Pathfinder scenario with a Karzoral field.
	battle := map[string]any{}
	json.Unmarshal(exportJSON(t, filepath.Join(root, "scenarios/pathfinder/orc-horde/battle.cue")), &battle)
	army := battle["sides"].([]any)[0].(map[string]any)["armies"].(map[string]any)
	for _, a := range army {
		a.(map[string]any)["strenght"] = 3
		break
	}
	if validateJSON(sch, mustJSON(t, battle)) == nil {
		t.Errorf("a battle army with a misspelt field passes")
	}
	// A clash stand with a misspelt field; a clash battle with a Pathfinder battle's field.
	cb := map[string]any{}
	json.Unmarshal(exportJSON(t, filepath.Join(root, "scenarios/clash/field/field.cue")), &cb)
	stand := cb["units"].(map[string]any)["spears"].(map[string]any)["stands"].([]any)[0].(map[string]any)
	stand["att"] = []any{1, 1}
	if validateJSON(sch, mustJSON(t, cb)) == nil {
		t.Errorf("a clash stand with a misspelt field passes")
	}
	delete(stand, "att")
	if err := validateJSON(sch, mustJSON(t, cb)); err != nil {
		t.Fatalf("the clash battle, repaired, is refused: %v", err)
	}
	cb["conditions"] = map[string]any{}
	if validateJSON(sch, mustJSON(t, cb)) == nil {
		t.Errorf("a clash battle with a Pathfinder battle's conditions passes")
	}
	pf := map[string]any{}
	json.Unmarshal(exportJSON(t, filepath.Join(root, "scenarios/pathfinder/stolen-lands/scenario.cue")), &pf)
	pf["episodes"] = []any{}
	if validateJSON(sch, mustJSON(t, pf)) == nil {
		t.Errorf("a Pathfinder scenario with Karzoral episodes passes")
	}
}

func exportJSON(t *testing.T, file string) []byte {
	t.Helper()
	ctx := cuecontext.New()
	insts := load.Instances([]string{filepath.Base(file)}, &load.Config{Dir: filepath.Dir(file), Env: []string{"CUE_REGISTRY=none"}})
	v := ctx.BuildInstance(insts[0])
	data, err := v.MarshalJSON()
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return data
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func validateJSON(sch *jsonschema.Schema, data []byte) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return sch.Validate(v)
}

// TestExplainTacticsBoons (issue 11, item 7): a tactic or a boon named to sortie explain prints
// its rule from docs/rules.md (P-28 for Defensive Wall, P-43 for Hold the Line), in any case and
// spacing the schema accepts; a misspelt one gets a did-you-mean; the list names them all; and
// sortie --help lists each command once.
func TestExplainTacticsBoons(t *testing.T) {
	for _, c := range []struct{ arg, want string }{
		{"defensive wall", "tactic: Defensive Wall (P-28, docs/rules.md)\n\n- **P-28 Defensive Wall** (守りの壁). OM −2, DV +2.\n"},
		{"Hold-the-Line", "boon: Hold the Line (P-43, docs/rules.md)\n\n- **P-43 Hold the Line**"},
		{"full defense", "tactic: Full Defense (P-36, docs/rules.md)"},
	} {
		code, out, errs := run(t, "", "explain", c.arg)
		if code != 0 || !strings.HasPrefix(out, c.want) {
			t.Errorf("explain %q: exit %d, %q (stderr %q); want %q", c.arg, code, out, errs, c.want)
		}
	}
	code, _, errs := run(t, "", "explain", "defensiv wal")
	if code != 2 || !strings.Contains(errs, `did you mean "Defensive Wall"?`) {
		t.Errorf("explain of a misspelt tactic: exit %d, stderr %q", code, errs)
	}
	code, _, errs = run(t, "", "explain", "Merciles")
	if code != 2 || !strings.Contains(errs, `did you mean "Merciless"?`) {
		t.Errorf("explain of a misspelt boon: exit %d, stderr %q", code, errs)
	}
	_, out, _ := run(t, "", "explain")
	for _, want := range []string{"Defensive Wall", "Sniper Support", "Bloodied but Unbroken", "Triage"} {
		if !strings.Contains(out, want) {
			t.Errorf("sortie explain does not list %s", want)
		}
	}
	_, help, _ := run(t, "", "--help")
	if n := strings.Count(help, "sortie campaign run"); n != 1 {
		t.Errorf("sortie --help lists campaign run %d times, want once", n)
	}
}
