package safeio_test

import (
	"os"
	"testing"

	_ "github.com/sortie-rpg/sortie/compiler" // registers the loader's classification
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// TestNewSourceByContent (issue 28, B2): a new .json or .yaml in an input folder is refused
// exactly when the loader would read it as a scenario's part (a top-level kind), by a relative
// input and a relative target; a plan or a script beside it is written.
func TestNewSourceByContent(t *testing.T) {
	t.Chdir(t.TempDir())
	os.Mkdir("sc", 0o755)
	o := safeio.Options{Flag: "-o", Sources: []string{"sc"}}
	for name, data := range map[string]string{
		"sc/x.json": `{"kind": "scenario", "title": "x"}`,
		"sc/x.yaml": "kind: battle\n",
		"sc/x.cue":  "<svg/>",
	} {
		if err := safeio.WriteFile(name, []byte(data), o); err == nil {
			t.Errorf("%s: written, want a refusal", name)
		}
		if _, err := os.Stat(name); err == nil {
			t.Errorf("%s: exists after the refusal", name)
		}
	}
	for name, data := range map[string]string{
		"sc/plan.json": `{"format": "sortie-plan", "version": 1}`,
		"sc/win.yaml":  "- move: east\n",
		"x.cue":        "package p\n", // not in the input folder
	} {
		if err := safeio.WriteFile(name, []byte(data), o); err != nil {
			t.Errorf("%s: %v, want it written", name, err)
		}
	}
}
