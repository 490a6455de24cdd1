package scaffold

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"cuelang.org/go/cue/cuecontext"
	cueyaml "cuelang.org/go/encoding/yaml"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/format"
)

// sortie init --format yaml|json (issue 20): every starting point of every rule system, written
// as YAML, holds the same data as its CUE (read back by CUE's own YAML reader, the one sortie
// compiles with), keeps the template's comments, is as sortie fmt writes it, and vets clean
// (--strict: the W001 suppression survives as a YAML comment); as JSON it is JSON that vets
// (warnings allowed: JSON has no comment to carry a suppression).
func TestNewFormats(t *testing.T) {
	for _, rules := range Rules {
		ks, _ := Kinds(rules)
		for _, kind := range ks {
			cueFiles, err := New(Options{Rules: rules, Kind: kind, ID: "conv"})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{"yaml", "json"} {
				files, err := New(Options{Rules: rules, Kind: kind, ID: "conv", Format: f})
				if err != nil {
					t.Fatalf("%s %s %s: %v", rules, kind, f, err)
				}
				if len(files) != len(cueFiles) {
					t.Fatalf("%s %s %s: %d files, want %d", rules, kind, f, len(files), len(cueFiles))
				}
				for i, cf := range cueFiles {
					if !strings.HasSuffix(cf.Path, ".cue") {
						if files[i].Path != cf.Path || !bytes.Equal(files[i].Data, cf.Data) {
							t.Errorf("%s: a script changed with --format %s", cf.Path, f)
						}
						continue
					}
					got := files[i]
					if want := strings.TrimSuffix(cf.Path, ".cue") + "." + f; got.Path != want {
						t.Fatalf("%s: written as %s, want %s", cf.Path, got.Path, want)
					}
					if f != "yaml" {
						// ToJSON is CUE's own export; the vet below reads it back.
						if !json.Valid(got.Data) {
							t.Errorf("%s: not JSON", got.Path)
						}
						continue
					}
					if a, b := dataOf(t, cf.Path, cf.Data), dataOf(t, got.Path, got.Data); a != b {
						t.Errorf("%s %s: the data differ:\ncue:  %s\nyaml: %s", rules, kind, a, b)
					}
					// The first comment line of the template and every suppression are kept.
					first := strings.SplitN(string(cf.Data), "\n", 2)[0]
					if !strings.Contains(string(got.Data), "# "+strings.TrimPrefix(first, "// ")) {
						t.Errorf("%s: the YAML lost the comment %q", got.Path, first)
					}
					if strings.Count(string(cf.Data), "@sortie(") != strings.Count(string(got.Data), "# @sortie(") {
						t.Errorf("%s: a suppression was lost", got.Path)
					}
					if out, list := format.Source(got.Path, got.Data); len(list) > 0 || !bytes.Equal(out, got.Data) {
						t.Errorf("%s: not as sortie fmt writes it: %v\n%s", got.Path, list, out)
					}
				}
				dir := filepath.Join(t.TempDir(), "conv")
				if err := Write(dir, files); err != nil {
					t.Fatal(err)
				}
				list, err := compiler.Vet([]string{dir + "/..."}, compiler.Options{})
				if kind == "campaign" {
					list, err = compiler.VetCampaign(filepath.Join(dir, "campaign."+f), compiler.Options{})
				}
				if err != nil || list.HasErrors() {
					t.Errorf("%s %s %s: vet: %v %v", rules, kind, f, err, list)
				}
				if f == "yaml" && len(list) > 0 {
					t.Errorf("%s %s yaml: vet --strict: %v", rules, kind, list)
				}
			}
		}
	}
}

// dataOf is the data of a CUE, YAML or JSON file as compact JSON (fields in order).
func dataOf(t *testing.T, name string, src []byte) string {
	t.Helper()
	ctx := cuecontext.New()
	var raw []byte
	switch filepath.Ext(name) {
	case ".yaml":
		f, err := cueyaml.Extract(name, src)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		v := ctx.BuildFile(f)
		if raw, err = v.MarshalJSON(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	default:
		var err error
		if raw, err = ToJSON(name, src); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b.String()
}
