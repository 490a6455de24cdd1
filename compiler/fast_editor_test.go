package compiler

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// VetFast reads a CUE file that is plain data and its package's only file as the CUE path does
// (issue 27 item 6: an editor's CUE buffer takes the fast path too): for every such file of the
// bundled scenarios and of testdata, the findings VetFast reports, when it takes the file, are
// Vet's, position for position; and it takes the bundled Karzoral fields written in CUE.
func TestVetFastCUEAgrees(t *testing.T) {
	// VetFast is the fast path: held on here, as TestVetStatManifest does, so that CI's second run
	// of the package with SORTIE_VET_PATH=cue (the fast path off for Vet) still tests it.
	defer func(p bool) { treePath = p }(treePath)
	treePath = true
	root := repoRoot(t)
	var files []string
	for _, top := range []string{"scenarios", "testdata"} {
		filepath.WalkDir(filepath.Join(root, top), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && fileKind(p) == "cue" && !ignored(p) && !IsCampaign(p) {
				if unit, ok := UnitOf(p, nil); ok && len(unit) == 1 {
					files = append(files, p)
				}
			}
			return nil
		})
	}
	sort.Strings(files)
	var taken []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Dir(f)
		fast, ok := VetFast(f, data, dir)
		if !ok {
			continue
		}
		taken = append(taken, strings.TrimPrefix(f, root+string(filepath.Separator)))
		slow, err := Vet([]string{f}, Options{WorkDir: dir})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if got, want := listText(fast), listText(slow); got != want {
			t.Errorf("%s:\nVetFast:\n%s\nVet:\n%s", f, got, want)
		}
	}
	// Findings of every sort on field01, each one mistake: two A001 (a route step that is no
	// neighbour), an R001 (an unknown block), a misspelt field (S001: the schema's, so the CUE
	// path's alone).
	f := filepath.Join(root, "scenarios", "karzoral", "field01", "field01.cue")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	withFindings := 0
	for _, e := range [][2]string{{`"03", "05", "09"]`, `"03", "06", "09"]`}, {`on: enter: "14"`, `on: enter: "nowhere"`}, {`route: ["gate"`, `rute: ["gate"`}} {
		src := strings.Replace(string(data), e[0], e[1], 1)
		if src == string(data) {
			t.Fatalf("field01 has no %s", e[0])
		}
		dir := t.TempDir()
		g := filepath.Join(dir, "field01.cue")
		os.WriteFile(g, []byte(src), 0o644)
		fast, ok := VetFast(g, []byte(src), dir)
		slow, err := Vet([]string{g}, Options{WorkDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			if !strings.Contains(listText(slow), "S001") {
				t.Errorf("%s: VetFast did not take it; Vet: %s", e[1], listText(slow))
			}
			continue
		}
		if len(fast) > 0 {
			withFindings++
		}
		if got, want := listText(fast), listText(slow); got != want {
			t.Errorf("%s:\nVetFast:\n%s\nVet:\n%s", e[1], got, want)
		}
	}
	if withFindings != 2 {
		t.Errorf("%d of field01's mistakes taken with findings, want 2 (A001, R001)", withFindings)
	}
	t.Logf("VetFast took %d of %d single-file CUE units: %v", len(taken), len(files), taken)
	joined := strings.Join(taken, " ")
	for _, want := range []string{"scenarios/karzoral/field01/field01.cue"} {
		if !strings.Contains(joined, want) {
			t.Errorf("VetFast did not take %s", want)
		}
	}
}

// A CUE file that is not plain data is left to the CUE path: a reference, a definition, a
// constraint, a label given twice (CUE unifies the two).
func TestVetFastCUERefuses(t *testing.T) {
	// VetFast is the fast path: held on here, as TestVetStatManifest does, so that CI's second run
	// of the package with SORTIE_VET_PATH=cue (the fast path off for Vet) still tests it.
	defer func(p bool) { treePath = p }(treePath)
	treePath = true
	root := repoRoot(t)
	f := filepath.Join(root, "scenarios", "karzoral", "field01", "field01.cue")
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	if _, ok := VetFast(f, data, filepath.Dir(f)); !ok {
		t.Fatal("field01 itself is not taken")
	}
	for _, add := range []string{"x: id\n", "#D: {a: int}\n", "kind?: string\n", "id: \"field01\"\n", "[string]: _\n", "x: 1 + 2\n"} {
		if _, ok := VetFast(f, []byte(src+"\n"+add), filepath.Dir(f)); ok {
			t.Errorf("VetFast took field01 with %q added", strings.TrimSpace(add))
		}
	}
}

// listText is a list of findings, one a line as Vet prints them.
func listText(l diag.List) string {
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.String() + "\n")
	}
	return b.String()
}
