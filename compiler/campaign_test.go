package compiler

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// TestCampaignWant vets every campaign under testdata/compiler/campaign (each campaign's
// scenarios sit in its own folder, under _scen: a path out of it is refused, L018) and compares the findings with the want comments, in the
// campaign file and in the scenarios' own files (their findings keep their positions). Columns
// were counted by hand (a tab is one column).
func TestCampaignWant(t *testing.T) {
	root := repoRoot(t)
	dir := filepath.Join(root, "testdata", "compiler", "campaign")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), "_") {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			path := filepath.Join(dir, e.Name(), "campaign.cue")
			rel, _ := filepath.Rel(root, path)
			wants := readWants(t, path, "./"+filepath.ToSlash(rel))
			// A finding inside a named scenario is wanted in that scenario's file.
			scen := filepath.Join(dir, e.Name(), "_scen", "bad", "s.cue")
			if data, _ := os.ReadFile(path); strings.Contains(string(data), `"_scen/bad"`) {
				srel, _ := filepath.Rel(root, scen)
				wants = append(wants, readWants(t, scen, "./"+filepath.ToSlash(srel))...)
			}
			list, err := VetCampaign(path, Options{WorkDir: root})
			if err != nil {
				t.Fatalf("VetCampaign: %v", err)
			}
			checkWants(t, list, wants)
			for _, w := range wants {
				seen[w.code] = true
			}
		})
	}
	// C002, C004, C005 and C006 are compiler/karzoral's (its campaign.go); the core reports C001, C003, C007.
	for _, c := range []string{codeNotCampaign, "C002", codeScenarioBad, "C004", "C005", "C006", codeScenarioID, safeio.CodeOutside} {
		if !seen[c] {
			t.Errorf("no want case for %s", c)
		}
	}
}

// TestCompileCampaignBundled compiles the bundled campaign: references resolved to indices in
// source order (prologue field00 = 0, start field01 = 1, the side scenario field02 = 2, final
// field03 = 3).
func TestCompileCampaignBundled(t *testing.T) {
	root := repoRoot(t)
	c, list, err := CompileCampaign(filepath.Join(root, "scenarios", "karzoral", "campaign.cue"), Options{WorkDir: root})
	if err != nil || c == nil {
		t.Fatalf("CompileCampaign: %v %v", err, list)
	}
	if len(list) != 0 {
		t.Errorf("findings: %v", list)
	}
	if c.Prologue != 0 || len(c.Start) != 1 || c.Start[0] != 1 || c.Final != 3 {
		t.Errorf("prologue %d start %v final %d, want 0 [1] 3", c.Prologue, c.Start, c.Final)
	}
	if got := c.Scenarios[1].Unlocks; !reflect.DeepEqual(got, []int{2, 3}) {
		t.Errorf("field01 unlocks %v, want [2 3]", got)
	}
	// K-1: five PCs, the angel last; defaults level 2, xp 0 from the schema's intent.
	if len(c.Party) != 5 || !c.Party[4].Angel || c.Party[0].Level != 2 || c.Party[0].XP != 0 {
		t.Errorf("party %+v", c.Party)
	}
	if c.Money != 2000 || c.Scenarios[3].Reward != 20000 || c.Scenarios[1].FailureXP != 100 {
		t.Errorf("money %d reward %d failureXP %d", c.Money, c.Scenarios[3].Reward, c.Scenarios[1].FailureXP)
	}
	if !strings.HasPrefix(c.SourceHash, "sha256:") || c.Scenarios[0].Plan == nil {
		t.Errorf("hash %q plan %v", c.SourceHash, c.Scenarios[0].Plan)
	}
}

// FuzzCompileCampaign feeds arbitrary bytes to CompileCampaign as a campaign file beside copies of
// two tiny scenarios: it must not panic (panics are not recovered here), and a campaign comes back
// only without errors.
//
//	go test ./compiler -run XXX -fuzz FuzzCompileCampaign -fuzztime 60s -fuzzminimizetime 2s -parallel 1
func FuzzCompileCampaign(f *testing.F) {
	root := repoRoot(f)
	for _, seed := range []string{"ok", "refs", "graph", "party", "schema"} {
		data, err := os.ReadFile(filepath.Join(root, "testdata", "compiler", "campaign", seed, "campaign.cue"))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(""))
	f.Add([]byte("kind: \"campaign\"\n"))
	scen := filepath.Join(root, "testdata", "compiler", "campaign", "graph", "_scen")
	f.Fuzz(func(t *testing.T, data []byte) {
		recoverPanics = false
		defer func() { recoverPanics = true }()
		dir := filepath.Join(t.TempDir(), "c")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		// The seeds name _scen/sN: copies (a link out of the campaign's folder is refused).
		if err := os.CopyFS(filepath.Join(dir, "_scen"), os.DirFS(scen)); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "campaign.cue")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		c, list, err := CompileCampaign(path, Options{WorkDir: dir})
		if err != nil {
			return
		}
		if c != nil && list.HasErrors() {
			t.Fatalf("a campaign with errors: %v", list)
		}
		if c == nil && !list.HasErrors() {
			t.Fatalf("no campaign and no error to say why (%v)", list)
		}
		// Every finding is a catalogued code with a message, placed in a file; one in the
		// campaign file is on one of its lines.
		lines := bytes.Count(data, []byte("\n")) + 1
		for _, d := range list {
			if _, ok := diag.Lookup(d.Code); !ok || d.Message == "" || d.Pos.File == "" {
				t.Fatalf("a finding without a known code, a message or a file: %+v", d)
			}
			if filepath.Base(d.Pos.File) == "campaign.cue" && d.Pos.Line > lines {
				t.Fatalf("%v: line %d of a file of %d lines", d, d.Pos.Line, lines)
			}
		}
		if c == nil {
			return
		}
		// A campaign that compiles compiles to the same campaign again, and encodes.
		first, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		c2, _, err := CompileCampaign(path, Options{WorkDir: dir})
		if err != nil || c2 == nil {
			t.Fatalf("the second compile: %v", err)
		}
		if second, err := json.Marshal(c2); err != nil || !bytes.Equal(first, second) {
			t.Fatalf("two compiles of one campaign differ (%v)", err)
		}
	})
}
