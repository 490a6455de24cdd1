package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// roleFiles are files of every role a vet names as not vetted when it is given them (L015), each the head of the
// real thing: a scenario's, a campaign's and a battle's script, a compiled plan (sortie compile
// writes a scenario's only), a save of sortie run and one of sortie campaign run (their
// "command"), a baseline; with the command each note must name.
var roleFiles = []struct{ name, data, want string }{
	{"s-script.yaml", "- {move: east}\n- night: rest\n", "a scenario's script of decisions, not a scenario: not vetted (sortie run SCENARIO --script FILE plays it)"},
	{"c-script.yaml", "- select: field01\n- {move: east}\n", "a campaign's script of decisions, not a scenario: not vetted (sortie campaign run CAMPAIGN --script FILE plays it)"},
	{"b-script.yaml", "- {unit: axes, action: attack}\n", "a battle's script of decisions, not a battle: not vetted (sortie battle BATTLE --script FILE plays it)"},
	{"plan.json", `{"format": "sortie-plan", "version": 1, "sources": ["field01.cue"], "scenario": {"id": "field01"}}`, "a scenario's compiled plan (sortie compile's), not a scenario: not vetted (sortie run PLAN plays it)"},
	{"run-save.json", `{"format": "sortie-save", "version": 1, "command": "run", "path": "field01", "seed": 1}`, "a save of a scenario's run (sortie run --save's), not a scenario: not vetted (sortie resume SAVE continues it)"},
	{"camp-save.json", `{"format": "sortie-save", "version": 1, "command": "campaign", "path": "campaign.cue", "seed": 1}`, "a save of a campaign's run (sortie campaign run --save's), not a campaign: not vetted (sortie resume SAVE continues it)"},
	{"base.json", `{"version": 1, "findings": []}`, "a baseline of findings, not a scenario: not vetted (sortie vet --baseline FILE reads it)"},
}

// TestRoleNotesPerKind (issue 20): L015 names, for a plan and a save as for a script, what the
// file is and the command that takes it, by its kind: a campaign's save is not "a save of a run,
// not a scenario" continued as a scenario's; a cut head (not valid JSON: classifyJSONTokens)
// says the same as the whole file.
func TestRoleNotesPerKind(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	mini, err := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "mini.json"), mini, 0o644)
	for _, f := range roleFiles {
		os.WriteFile(filepath.Join(dir, f.name), []byte(f.data), 0o644)
	}
	paths := []string{"mini.json"} // named, as a pre-commit hook names every changed file
	for _, f := range roleFiles {
		paths = append(paths, f.name)
	}
	list, _, err := VetScenarios(paths, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range list {
		if d.Code == codeNotScenarioFile {
			got[filepath.Base(d.Pos.File)] = d.Message
		}
	}
	for _, f := range roleFiles {
		if got[f.name] != f.want {
			t.Errorf("%s: L015 %q\nwant %q", f.name, got[f.name], f.want)
		}
		if strings.HasSuffix(f.name, ".json") {
			cut := f.data[:len(f.data)-1] // no closing brace: read by tokens
			if c := classifyJSON([]byte(cut)); c.role != classifyJSON([]byte(f.data)).role {
				t.Errorf("%s cut: role %q, whole %q", f.name, c.role, classifyJSON([]byte(f.data)).role)
			}
		}
	}
}
