package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The conformance table's path forms (issue 20, B5): every command that takes a scenario, battle
// or campaign PATH, on every entry of the registry, given the example's folder and DIR/... instead
// of the file. Each cell does what the file form does: the job (exit 0 or 1, never "no such file"
// or a refusal), or the same refusal (exit 2 and insteadOf's text). A command of the app with
// neither a row here nor a reason in noPathForm fails the test.

// pathForm is one command's row: its arguments for a PATH, and whether it does its job for the
// entry (else it refuses with insteadOf[refuser][kind]).
type pathForm struct {
	args    func(path, tmp string) []string
	job     func(o *offer) bool
	refuser string // insteadOf's key of the refusal ("" : the command's own name)
}

var pathForms = map[string]pathForm{
	"vet":     {func(p, _ string) []string { return []string{"vet", p, "--strict"} }, always, ""},
	"fmt":     {func(p, _ string) []string { return []string{"fmt", "--check", p} }, always, ""},
	"graph":   {func(p, _ string) []string { return []string{"graph", p} }, always, ""},
	"compile": {func(p, _ string) []string { return []string{"compile", p} }, func(o *offer) bool { return o.Kind == "scenario" }, ""},
	"run": {func(p, _ string) []string { return []string{"run", p, "--policy", "first", "--format", "jsonl"} },
		func(o *offer) bool { return o.Play == "run" }, ""},
	"battle": {func(p, _ string) []string { return []string{"battle", p, "--runs", "5", "--format", "jsonl"} },
		func(o *offer) bool { return o.Play == "battle" }, ""},
	"campaign": {func(p, _ string) []string {
		return []string{"campaign", "run", p, "--policy", "goal", "--format", "jsonl"}
	},
		func(o *offer) bool { return o.Play == "campaign run" }, ""},
	"campaign vet": {func(p, _ string) []string { return []string{"campaign", "vet", p} },
		func(o *offer) bool { return o.Kind == "campaign" }, "campaign vet"},
	"test": {func(p, _ string) []string { return []string{"test", p} }, func(o *offer) bool { return o.Kind != "campaign" }, ""},
	"simulate": {func(p, _ string) []string { return []string{"simulate", p, "--runs", "5", "--format", "json"} },
		always, ""},
	"diff": {func(p, _ string) []string { return []string{"diff", p, p, "--runs", "0"} },
		func(o *offer) bool { return o.Diff || o.Kind == "battle" }, ""},
}

func always(*offer) bool { return true }

// noPathForm are the commands that take no scenario, battle or campaign PATH, with why.
var noPathForm = map[string]string{
	"resume":  "takes a save file",
	"replay":  "takes a recorded run (its --plan is one file, the plan it was played from)",
	"explain": "takes a code or a name",
	"schema":  "takes no path",
	"init":    "writes a new folder",
	"lsp":     "reads its files from the editor",
}

// campaignForms are the rows run on the campaign entry: its folder and DIR/... hold the campaign
// beside its scenarios' folders, so the commands of one unit are asked about five (their answer
// for several units is the simulate --check and graph -o tests').
var campaignForms = []string{"vet", "fmt", "campaign", "campaign vet"}

func TestConformancePathForms(t *testing.T) {
	for _, c := range newApp(&env{}).Commands {
		if _, ok := pathForms[c.Name]; !ok && noPathForm[c.Name] == "" {
			t.Errorf("command %s has neither a path-form row nor a reason in noPathForm", c.Name)
		}
	}
	cells := 0
	for i := range offers {
		o := &offers[i]
		ex := repo(t, filepath.FromSlash(o.Example))
		dir := ex
		if st, err := os.Stat(ex); err == nil && !st.IsDir() {
			dir = filepath.Dir(ex)
		}
		for name, row := range pathForms {
			if o.Kind == "campaign" && !contains(campaignForms, name) {
				continue
			}
			for _, p := range []string{dir, dir + string(filepath.Separator) + "..."} {
				cells++
				t.Run(name+"/"+o.Rules+"/"+o.Kind+"/"+filepath.Base(strings.TrimSuffix(p, "..."))+map[bool]string{true: "/...", false: ""}[strings.HasSuffix(p, "...")], func(t *testing.T) {
					code, _, errb := run(t, "", row.args(p, t.TempDir())...)
					if strings.Contains(errb, "no such file") || strings.Contains(errb, "not a directory") {
						t.Fatalf("exit %d: %s", code, errb)
					}
					if row.job(o) {
						if code != 0 && code != exitFindings {
							t.Errorf("want the job done (exit 0 or 1), got exit %d: %s", code, errb)
						}
						return
					}
					refuser := row.refuser
					if refuser == "" {
						refuser = name
					}
					wantRefusal(t, code, errb, refuser, o.Kind)
				})
			}
		}
	}
	t.Logf("path forms: %d cells", cells)
}
