package safeio

import (
	"os"
	"path/filepath"
	"testing"
)

// MkdirAll makes the missing folders, and undo removes exactly those it made while empty.
func TestMkdirAllUndo(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	undo, err := MkdirAll(deep, Options{Flag: "-o"})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(deep); err != nil || !st.IsDir() {
		t.Fatalf("not made: %v", err)
	}
	undo()
	if _, err := os.Stat(filepath.Join(root, "a")); !os.IsNotExist(err) {
		t.Errorf("undo left %s/a: %v", root, err)
	}
	if _, err := os.Stat(root); err != nil {
		t.Errorf("undo removed the folder that existed: %v", err)
	}

	// A folder with a file in it stays.
	undo, err = MkdirAll(deep, Options{})
	if err != nil {
		t.Fatal(err)
	}
	keep := filepath.Join(root, "a", "b", "kept.svg")
	if err := os.WriteFile(keep, []byte("<svg/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	undo()
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("undo removed a folder that was not empty: %v", err)
	}
	if _, err := os.Stat(deep); !os.IsNotExist(err) {
		t.Errorf("undo left the empty %s", deep)
	}

	// An existing folder is fine and undo leaves it; a file is refused.
	if undo, err := MkdirAll(root, Options{}); err != nil {
		t.Errorf("existing folder: %v", err)
	} else {
		undo()
		if _, err := os.Stat(root); err != nil {
			t.Errorf("undo removed an existing folder")
		}
	}
	if _, err := MkdirAll(keep, Options{Flag: "-o"}); err == nil || err.Error() != "-o "+keep+": not a folder" {
		t.Errorf("a file as the folder: %v", err)
	}
}
