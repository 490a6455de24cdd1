package compiler

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadBoundedSizes (issue 3, item 6: L004; issue 29, item 3: the read sized by the open
// file): readBounded gives every byte of an empty file, of a file across io.ReadAll's old 512-byte
// first buffer, and of a file of exactly MaxFileSize bytes, and refuses one byte more without
// returning its bytes.
func TestReadBoundedSizes(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 511, 512, 513, 6 << 10, MaxFileSize} {
		want := bytes.Repeat([]byte("0123456789abcdef"), n/16+1)[:n]
		name := filepath.Join(dir, "f.json")
		if err := os.WriteFile(name, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, refused, err := readBounded(name, dir)
		if err != nil || refused != "" || !bytes.Equal(got, want) {
			t.Fatalf("%d bytes: readBounded = %d bytes, %q, %v: want them all", n, len(got), refused, err)
		}
	}
	name := filepath.Join(dir, "big.json")
	if err := os.WriteFile(name, make([]byte, MaxFileSize+1), 0o644); err != nil {
		t.Fatal(err)
	}
	got, refused, err := readBounded(name, dir)
	if err != nil || !strings.Contains(refused, "larger than 4194304 bytes") || got != nil {
		t.Fatalf("MaxFileSize+1 bytes: readBounded = %d bytes, %q, %v: want the refusal", len(got), refused, err)
	}
}
