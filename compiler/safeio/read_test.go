package safeio

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOpenRefuses: the gate's three rules, each on the input that breaks it. A pipe would block
// an open or a read forever and /dev/zero would never end: both are refused by a stat, before
// they are opened (the test would hang otherwise). An 8 GB sparse file is refused by its size
// before a byte is read. A link out of the root is refused without naming its target, and the
// secret it leads to is never returned.
func TestOpenRefuses(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, "root")
	outside := filepath.Join(tmp, "secret")
	for _, d := range []string{root, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	const token = "SECRET-TOKEN-5f1c"
	if err := os.WriteFile(filepath.Join(outside, "key"), []byte(token), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "ok.yaml"), []byte("kind: scenario\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "pipe.yaml"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, target := range map[string]string{
		"zero.json": "/dev/zero",
		"pw.txt":    filepath.Join(outside, "key"),
		"up":        outside,
		"dir.yaml":  root,
	} {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	sparse := filepath.Join(root, "sparse.json")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(8 << 30); err != nil { // 8 GiB of holes: no disk used
		t.Fatal(err)
	}
	f.Close()

	r, err := NewRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, code, msg string
	}{
		{"pipe.yaml", CodeNotRegular, "a named pipe, not a regular file: refused"},
		{"zero.json", CodeOutside, "resolves outside root/, the folder it belongs to: refused"}, // /dev is outside
		{"dir.yaml", CodeNotRegular, "a directory, not a regular file: refused"},
		{"sparse.json", CodeTooBig, "file larger than 4 MiB: refused"},
		{"pw.txt", CodeOutside, "resolves outside root/, the folder it belongs to: refused"},
		{"up/key", CodeOutside, "resolves outside root/, the folder it belongs to: refused"},
		{"../secret/key", CodeOutside, "resolves outside root/, the folder it belongs to: refused"},
		{filepath.Join(outside, "key"), CodeOutside, "resolves outside root/, the folder it belongs to: refused"},
	}
	for _, tc := range tests {
		data, err := r.ReadFile(tc.name, 4<<20)
		if err == nil || CodeOf(err) != tc.code || !strings.HasSuffix(err.Error(), tc.code+": "+tc.msg) {
			t.Errorf("%s: %d bytes, err %v; want %s: %s", tc.name, len(data), err, tc.code, tc.msg)
		}
		if err != nil && (strings.Contains(err.Error(), token) || !strings.Contains(tc.name, outside) && strings.Contains(err.Error(), outside)) {
			t.Errorf("%s: the refusal names what is outside: %v", tc.name, err)
		}
	}
	// Without a root: /dev/zero itself and the pipe are refused as what they are.
	for name, want := range map[string]string{"/dev/zero": "a device, not a regular file", filepath.Join(root, "pipe.yaml"): "a named pipe, not a regular file", filepath.Join(root, "zero.json"): "a device, not a regular file"} {
		if _, err := ReadFile(name, 4<<20); CodeOf(err) != CodeNotRegular || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadFile(%s): %v, want %s", name, err, want)
		}
	}
	if data, err := r.ReadFile("ok.yaml", 4<<20); err != nil || string(data) != "kind: scenario\n" {
		t.Errorf("ok.yaml: %q, %v", data, err)
	}
	if _, err := r.ReadFile("nosuch.yaml", 4<<20); err == nil || CodeOf(err) != "" || !strings.Contains(err.Error(), "no such file") {
		t.Errorf("nosuch.yaml: %v", err)
	}
}

// TestReadBound: a file exactly at its bound is read whole; one byte more is refused; a file
// that grows after its stat is cut at the bound and refused, never read on.
func TestReadBound(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "x")
	if err := os.WriteFile(name, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := ReadFile(name, 10); err != nil || string(data) != "0123456789" {
		t.Errorf("at the bound: %q, %v", data, err)
	}
	if _, err := ReadFile(name, 9); CodeOf(err) != CodeTooBig || !strings.Contains(err.Error(), "larger than 9 bytes") {
		t.Errorf("over the bound: %v", err)
	}
	f, err := Open(name, 12)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The file grows to 20 bytes after the stat: the reader stops after 12 and says so.
	if err := os.WriteFile(name, []byte("0123456789abcdefghij"), 0o644); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64)
	total := 0
	for {
		n, err := f.Read(buf[total:])
		total += n
		if err != nil {
			if CodeOf(err) != CodeTooBig {
				t.Errorf("grown file: err %v, want %s", err, CodeTooBig)
			}
			break
		}
	}
	if total != 12 {
		t.Errorf("grown file: read %d bytes, want the bound, 12", total)
	}
}

// TestOpenAfterSwap: the race between Resolve and the open. Whoever can write the scenario's
// folder may swap a file, or a folder on its path, for a link out of the root after Resolve
// has checked it and before it is opened. The open goes through an os.Root and refuses
// (CodeOutside) instead of reading the secret; the link is made between the two steps here,
// as the racing writer would.
func TestOpenAfterSwap(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, "root")
	secretDir := filepath.Join(tmp, "secret")
	for _, d := range []string{filepath.Join(root, "sub"), secretDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	secret := filepath.Join(secretDir, "a.cue")
	if err := os.WriteFile(secret, []byte("SECRET"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		swap string // what is replaced by a link: the file, or the folder on its path
		to   string // where the link leads
	}{
		{"sub/a.cue", "sub/a.cue", secret},
		{"sub/a.cue", "sub", secretDir},
	} {
		if err := os.RemoveAll(filepath.Join(root, "sub")); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, tc.name), []byte("good"), 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := NewRoot(root)
		if err != nil {
			t.Fatal(err)
		}
		real, err := r.Resolve(tc.name)
		if err != nil {
			t.Fatalf("%s: resolve before the swap: %v", tc.swap, err)
		}
		if err := os.RemoveAll(filepath.Join(root, tc.swap)); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(tc.to, filepath.Join(root, tc.swap)); err != nil {
			t.Fatal(err)
		}
		data, err := r.readResolved(real, 1<<20)
		if CodeOf(err) != CodeOutside {
			t.Errorf("swap of %s: got %q, %v; want %s", tc.swap, data, err, CodeOutside)
		}
		if strings.Contains(string(data), "SECRET") || (err != nil && strings.Contains(err.Error(), "secret")) {
			t.Errorf("swap of %s: the secret or its folder leaked: %q, %v", tc.swap, data, err)
		}
	}
}
