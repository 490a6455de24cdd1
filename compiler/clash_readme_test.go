package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClashReadmeExample: the battle the README shows a new author vets clean and compiles.
func TestClashReadmeExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(readme), "## When Armies Clash battles")
	_, block, ok2 := strings.Cut(sec, "```cue\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 || !strings.Contains(block, `rules:   "clash"`) {
		t.Fatal("README: no clash example in the When Armies Clash section")
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "ambush.cue")
	if err := os.WriteFile(f, []byte(block), 0o644); err != nil {
		t.Fatal(err)
	}
	c, list, err := CompileClash([]string{f}, Options{WorkDir: dir})
	if err != nil || c == nil || len(list) > 0 {
		t.Fatalf("README example: %v %v", list, err)
	}
	if len(c.Units) != 2 || len(c.Solos) != 2 || c.Units[0].Commander != 0 || c.Grid.Elevation == nil {
		t.Errorf("README example compiled to %+v", c)
	}
}
