package compiler

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// TestOneScenarioPerFile (issue 11, item 3): files that each hold a complete document are
// separate scenarios, CUE files of one package in one folder are one, and a script or a plan
// named among them is a note (L015, info), not merged into a scenario; a bad file hides nothing
// of the others; a folder with one YAML scenario, its script and its plan is that scenario.
func TestOneScenarioPerFile(t *testing.T) {
	root := repoRoot(t)
	const u = "testdata/compiler/units/"
	cases := []struct {
		name  string
		paths []string
		want  []string // every finding, in order
		n     int      // scenarios vetted
	}{
		{"two YAML scenarios", []string{u + "a/s.yaml", u + "b/s.yaml"},
			// b/s.yaml line 8 is `party: {start: base, members: 0}`: the 0 at column 31.
			[]string{"./testdata/compiler/units/b/s.yaml:8:31: S002"}, 2},
		{"two CUE packages in one folder", []string{u + "pkgs/one.cue", u + "pkgs/two.cue"},
			// two.cue line 9 is `days: limt: 5` (the limit it misspells is not reported missing).
			[]string{"./testdata/compiler/units/pkgs/two.cue:9:7: S001"}, 2},
		{"a scenario beside its script and its plan", []string{u + "yamldir/scenario.yaml", u + "yamldir/win.yaml", u + "yamldir/plan.json"},
			[]string{"./testdata/compiler/units/yamldir/plan.json: L015", "./testdata/compiler/units/yamldir/win.yaml: L015"}, 1},
		{"the folder of a YAML scenario and its script", []string{u + "yamldir"}, nil, 1},
		{"a broken file among good ones", []string{u + "a/s.yaml", u + "broken.yaml", u + "b/s.yaml"},
			// broken.yaml line 2 is `id: [1, 2` and ends the file: the list opened at column 5.
			[]string{"./testdata/compiler/units/b/s.yaml:8:31: S002", "./testdata/compiler/units/broken.yaml:2:5: L001"}, 3},
		{"a script alone", []string{u + "bad-script.yaml"}, []string{"./testdata/compiler/units/bad-script.yaml: L015"}, 0},
	}
	for _, c := range cases {
		list, scen, err := VetScenarios(c.paths, Options{WorkDir: root})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var got []string
		for _, d := range list {
			got = append(got, d.Pos.String()+": "+d.Code)
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") || len(scen) != c.n {
			t.Errorf("%s: %d scenarios, findings\n%s\nwant %d scenarios, findings\n%s", c.name, len(scen), strings.Join(got, "\n"), c.n, strings.Join(c.want, "\n"))
		}
		for _, d := range list {
			if d.Code == codeNotScenarioFile && d.Severity != diag.Info {
				t.Errorf("%s: %v is not an info", c.name, d)
			}
		}
	}
}
