package compiler

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/internal/corpus"
)

// TestPatterns: "dir/..." finds every scenario below dir: CUE packages per folder, and YAML/JSON
// files that say kind: scenario; it skips hidden folders, folders starting with '_', cue.mod, and
// YAML that is not a scenario (scripts beside a scenario). Scenarios are listed in lexical order.
func TestPatterns(t *testing.T) {
	root := t.TempDir()
	if err := corpus.WriteCUE(filepath.Join(root, "a"), 2); err != nil {
		t.Fatal(err)
	}
	if err := corpus.WriteJSON(filepath.Join(root, "b"), 2); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a/s000/win.yaml", "- {day: 1, move: east}\n") // a script: not a scenario
	write(".hidden/x.cue", "this is not CUE {{{\n")
	write("_skip/x.cue", "this is not CUE {{{\n")
	write("cue.mod/module.cue", "this is not CUE {{{\n")
	list, scen, err := VetScenarios([]string{"./..."}, Options{WorkDir: root})
	if err != nil || len(list) != 0 {
		t.Fatalf("VetScenarios: %v %v", err, list)
	}
	var got []string
	for _, s := range scen {
		got = append(got, s.Files...)
	}
	want := []string{"./a/s000/scenario.cue", "./a/s001/scenario.cue", "./b/s000.json", "./b/s001.json"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("scenarios %v, want %v", got, want)
	}
	if _, _, err := VetScenarios([]string{"./nosuch/..."}, Options{WorkDir: root}); err == nil {
		t.Error("a pattern over a missing folder: want an error")
	}
}

// TestParallelDeterministic: vetting many scenarios in parallel gives the same sorted findings
// however many workers run.
func TestParallelDeterministic(t *testing.T) {
	root := t.TempDir()
	if err := corpus.WriteJSON(root, 12); err != nil {
		t.Fatal(err)
	}
	// Give each scenario a finding: an unused encounter (R004), in a second "encounters" key
	// that CUE merges with the first.
	for i := 0; i < 12; i++ {
		p := filepath.Join(root, "s0"+string(rune('0'+i/10))+string(rune('0'+i%10))+".json")
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		data = []byte(string(data[:len(data)-2]) + ",\n  \"encounters\": {\"spare\": {\"monsters\": [{\"name\": \"x\", \"level\": 1}]}}\n}\n")
		os.WriteFile(p, data, 0o644)
	}
	var first []string
	for _, procs := range []int{1, 2, 4} {
		old := runtime.GOMAXPROCS(procs)
		list, err := Vet([]string{"./..."}, Options{WorkDir: root})
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range list {
			got = append(got, d.String())
		}
		if len(got) != 12 {
			t.Fatalf("GOMAXPROCS=%d: %d findings, want 12 (one R004 each): %v", procs, len(got), got)
		}
		if first == nil {
			first = got
		} else if !reflect.DeepEqual(got, first) {
			t.Errorf("GOMAXPROCS=%d: findings differ:\n%v\n%v", procs, got, first)
		}
	}
}

// A "dir/..." pattern vets CUE packages that say kind: at their top level only: the embedded
// schema package (definitions, no kind) is not a scenario (found by a newcomer running
// `sortie vet ./...` at the repository root).
func TestPatternSkipsPackagesWithoutKind(t *testing.T) {
	_, err := Vet([]string{"../schema/..."}, Options{})
	if err == nil || !strings.Contains(err.Error(), "no scenario files found") {
		t.Fatalf("Vet(../schema/...) = %v, want no scenario files found", err)
	}
	list, err := Vet([]string{"../scenarios/..."}, Options{})
	if err != nil || len(list) != 0 {
		t.Fatalf("Vet(../scenarios/...) = %v, %v; want clean", list, err)
	}
}

// A CUE file whose name holds ':' cannot be loaded (CUE reads "dir:package"): L003 names the
// file and the cause instead of a missing package (found by a newcomer's review).
func TestColonInFileName(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../testdata/compiler/want/F001_coords.cue")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a:b.cue"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	list, err := Vet([]string{dir}, Options{})
	if err != nil || len(list) != 1 || list[0].Code != "L003" || !strings.Contains(list[0].Message, "contains ':'") {
		t.Fatalf("Vet = %v, %v; want one L003 about ':'", list, err)
	}
}

// TestVetCampaignAmongScenarios (issue 20): a campaign file found by a folder, a "dir/..." walk
// or a list of files with its scenarios is vetted as a campaign, each scenario beside it as a
// scenario. Before, the folder said L002 (not a scenario: kind is "campaign"), the walk skipped
// the campaign silently, and the list of a hook (campaign plus fields, --packages) said L002.
// The copy of the bundled Karzoral campaign starts at "towr", no scenario of it (its scenarios
// are field00..field03): C002 at start's element, line 15 (`start: ["towr"]`), column 9 (after
// `start: [`, 8 characters). The bundled campaign itself is clean in all three ways.
func TestVetCampaignAmongScenarios(t *testing.T) {
	src := filepath.Join(repoRoot(t), "scenarios", "karzoral")
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	camp := filepath.Join(root, "campaign.cue")
	data, err := os.ReadFile(camp)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	if lines[14] != `start: ["field01"]` {
		t.Fatalf("line 15 of the bundled campaign is %q: the test's position is worked out for start: [\"field01\"]", lines[14])
	}
	for _, paths := range [][]string{{"."}, {"./..."}, {"campaign.cue", "field01/field01.cue", "field02/field02.cue"}} {
		list, scen, err := VetScenarios(paths, Options{WorkDir: root, Packages: true})
		if err != nil || len(list) != 0 {
			t.Errorf("bundled campaign, vet %v: %v\n%v", paths, err, list)
		}
		found := false
		for _, s := range scen {
			found = found || len(s.Files) == 1 && s.Files[0] == "./campaign.cue"
		}
		if !found {
			t.Errorf("vet %v: the campaign is not among the units vetted: %v", paths, scen)
		}
	}
	if err := os.WriteFile(camp, []byte(strings.Replace(string(data), `start: ["field01"]`, `start: ["towr"]`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, paths := range [][]string{{"."}, {"./..."}, {"campaign.cue", "field01/field01.cue", "field02/field02.cue"}} {
		list, _, err := VetScenarios(paths, Options{WorkDir: root, Packages: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].Code != "C002" || list[0].Pos.String() != "./campaign.cue:15:9" {
			t.Errorf("vet %v: %v, want one C002 at ./campaign.cue:15:9", paths, list)
		}
	}
}

// TestCompileCampaignRefused (issue 20): Compile of a campaign file says what it is and what to
// run instead (a usage error, no plan), where it said L002 "not a scenario".
func TestCompileCampaignRefused(t *testing.T) {
	root := repoRoot(t)
	p, list, err := Compile([]string{"scenarios/karzoral/campaign.cue"}, Options{WorkDir: root})
	if p != nil || len(list) != 0 || err == nil || err.Error() != `./scenarios/karzoral/campaign.cue is a campaign file (kind: "campaign"), and sortie compile takes a scenario: play the campaign with sortie campaign run, check it with sortie vet or sortie campaign vet` {
		t.Errorf("Compile(campaign) = %v, %v, %v; want no plan, no findings and the refusal", p, list, err)
	}
}
