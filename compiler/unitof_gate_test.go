package compiler

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// UnitOfChecked reads a folder through the reading gate: a named pipe, a link to /dev/zero and a
// file over MaxFileSize beside a scenario are left out of its unit, each reported with the
// gate's code, and none is opened for reading (the pipe would block an open, /dev/zero never
// end a read).
func TestUnitOfCheckedRefusesHostileEntries(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.cue")
	if err := os.WriteFile(good, []byte("package p\n\nkind: \"scenario\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "other.cue"), []byte("package p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.cue"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.cue")); err != nil {
		t.Fatal(err)
	}
	big, err := os.Create(filepath.Join(dir, "big.cue"))
	if err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(MaxFileSize + 1); err != nil {
		t.Fatal(err)
	}
	big.Close()
	files, refused, ok := UnitOfChecked(good, nil)
	if !ok || len(files) != 2 || files[0] != good || files[1] != filepath.Join(dir, "other.cue") {
		t.Errorf("files %v, ok %v; want good.cue and other.cue", files, ok)
	}
	want := map[string]string{"pipe.cue": "L017", "zero.cue": "L018", "big.cue": "L004"}
	got := map[string]string{}
	for _, r := range refused {
		got[filepath.Base(r.File)] = r.Code
		if r.Msg == "" {
			t.Errorf("%s: no message", r.File)
		}
	}
	for name, code := range want {
		if got[name] != code {
			t.Errorf("%s: refused with %q, want %s (all: %+v)", name, got[name], code, refused)
		}
	}
	if len(got) != len(want) {
		t.Errorf("refused %+v, want %v", refused, want)
	}
}
