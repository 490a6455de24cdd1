package safeio

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCheckArg (issue 28, B1): a folder link leading out of its folder is refused (L018) when
// named or passed through, by absolute and relative names; a link staying inside, a file link
// and a missing name are left to the caller.
func TestCheckArg(t *testing.T) {
	tmp := t.TempDir()
	t.Chdir(tmp)
	os.MkdirAll("out", 0o755)
	os.MkdirAll("tree/sc", 0o755)
	os.WriteFile("out/f.cue", nil, 0o644)
	os.Symlink(filepath.Join(tmp, "out"), "tree/evil")
	os.Symlink("sc", "tree/alias")
	os.Symlink("..", "tree/up")
	os.Symlink(filepath.Join(tmp, "out", "f.cue"), "tree/flink.cue")
	for name, want := range map[string]string{
		"tree/evil":                         CodeOutside,
		"tree/evil/f.cue":                   CodeOutside,
		"./tree/evil/...":                   CodeOutside,
		filepath.Join(tmp, "tree/evil"):     CodeOutside,
		"tree/up/out":                       CodeOutside,
		"tree/sc/../evil":                   CodeOutside,
		"tree/alias":                        "",
		"tree/alias/x.json":                 "",
		"tree/flink.cue":                    "", // a file link: its reader's root judges it
		"tree/missing/x":                    "",
		filepath.Join(tmp, "tree/sc/x.cue"): "",
	} {
		if got := CodeOf(CheckArg(name)); got != want {
			t.Errorf("CheckArg(%q): code %q, want %q", name, got, want)
		}
	}
}

// BenchmarkCheckArg: the cost CheckArg adds to each command-line argument (one lstat per
// component of a scenario file's absolute name).
func BenchmarkCheckArg(b *testing.B) {
	name, err := filepath.Abs(filepath.Join("..", "..", "scenarios"))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := CheckArg(name); err != nil {
			b.Fatal(err)
		}
	}
}
