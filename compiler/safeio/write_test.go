//go:build unix

package safeio

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// noTemps fails when a temporary file of WriteFile is left in dir or recorded in flight.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	left, _ := filepath.Glob(filepath.Join(dir, ".sortie-*.tmp"))
	if len(left) > 0 || Temps() != 0 {
		t.Errorf("temporary files left: %v (in flight %d)", left, Temps())
	}
}

func mustWrite(t *testing.T, name, data string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func refused(t *testing.T, err error, reason string) {
	t.Helper()
	var e *WriteError
	if !errors.As(err, &e) || !strings.Contains(e.Error(), reason) {
		t.Fatalf("got %v, want a refusal saying %q", err, reason)
	}
}

// The case: `sortie graph x -o x/field01.cue` replaced the scenario with SVG. A scenario
// file in a folder named as an input, the input file itself, a hard link to it and a symbolic
// link to it are all refused and left as they were; a picture beside them is written.
func TestWriteRefusesSources(t *testing.T) {
	dir := t.TempDir()
	scen := filepath.Join(dir, "x")
	os.Mkdir(scen, 0o755)
	src := filepath.Join(scen, "field01.cue")
	mustWrite(t, src, "package x\n")
	other := filepath.Join(dir, "plan.json")
	mustWrite(t, other, "{}\n")
	if err := os.Link(other, filepath.Join(dir, "hard.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(other, filepath.Join(dir, "soft.json")); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ target, source string }{
		{src, scen},
		{filepath.Join(scen, ".", "field01.cue"), scen + "/..."},
		{src, src},
		{other, other},
		{filepath.Join(dir, "hard.json"), other},
		{filepath.Join(dir, "soft.json"), other},
	} {
		err := WriteFile(tc.target, []byte("<svg/>"), Options{Flag: "-o", Sources: []string{tc.source}})
		refused(t, err, "is a source of the input")
	}
	if b, _ := os.ReadFile(src); string(b) != "package x\n" {
		t.Errorf("the scenario was changed: %q", b)
	}
	if b, _ := os.ReadFile(other); string(b) != "{}\n" {
		t.Errorf("the input was changed: %q", b)
	}
	pic := filepath.Join(scen, "field01.svg")
	if err := WriteFile(pic, []byte("<svg/>"), Options{Sources: []string{scen}}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(pic); string(b) != "<svg/>" {
		t.Errorf("picture %q", b)
	}
	// A plan kept in the scenario's folder is of the kind written, not one of its sources.
	plan := filepath.Join(scen, "plan.json")
	mustWrite(t, plan, "PLAN 1")
	isPlan := func(b []byte) bool { return strings.HasPrefix(string(b), "PLAN") }
	if err := WriteFile(plan, []byte("PLAN 2"), Options{Sources: []string{scen}, Kind: "a plan", IsKind: isPlan}); err != nil {
		t.Fatal(err)
	}
	noTemps(t, scen)
}

// A folder, a device, a named pipe and a socket at the target are refused before they are
// opened (a pipe would block the open forever) and are still what they were.
func TestWriteRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	for _, target := range []string{dir, fifo, "/dev/null"} {
		err := WriteFile(target, []byte("x"), Options{Flag: "--save"})
		if err == nil {
			t.Fatalf("%s: written", target)
		}
		if !strings.Contains(err.Error(), "--save "+target+": ") {
			t.Errorf("%s: message %q does not name the option and the path", target, err)
		}
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v", st.Mode())
	}
	if st, err := os.Stat("/dev/null"); err != nil || st.Mode()&os.ModeDevice == 0 {
		t.Errorf("/dev/null is no longer a device")
	}
	noTemps(t, dir)
}

// An existing file is replaced only when it is of the kind written; a new file needs its folder.
func TestWriteKind(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.json")
	mustWrite(t, name, "not a plan")
	isPlan := func(b []byte) bool { return strings.HasPrefix(string(b), "PLAN") }
	refused(t, WriteFile(name, []byte("PLAN 2"), Options{Kind: "a plan", IsKind: isPlan}), "is not a plan; refusing")
	mustWrite(t, name, "PLAN 1")
	if err := WriteFile(name, []byte("PLAN 2"), Options{Kind: "a plan", IsKind: isPlan}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(name); string(b) != "PLAN 2" {
		t.Errorf("content %q", b)
	}
	refused(t, WriteFile(filepath.Join(dir, "no", "x.json"), nil, Options{}), "no folder")
	refused(t, WriteFile("", nil, Options{}), "no file named")
	noTemps(t, dir)
}

// Create never replaces (init), InPlace needs the file (fmt) and keeps the requested mode.
func TestWriteCreateAndInPlace(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a.cue")
	if err := WriteFile(name, []byte("a: 1\n"), Options{Create: true}); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(name, []byte("a: 2\n"), Options{Create: true})
	if !errors.Is(err, ErrExists) {
		t.Fatalf("create over a file: %v", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "a: 1\n" {
		t.Errorf("create replaced the file: %q", b)
	}
	if err := WriteFile(name, []byte("a: 3\n"), Options{InPlace: true, Sources: []string{dir}, Perm: 0o600}); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(name); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}
	if err := WriteFile(filepath.Join(dir, "gone.cue"), nil, Options{InPlace: true}); err == nil {
		t.Error("in-place write of a missing file accepted")
	}
	noTemps(t, dir)
}

// RealDir (the cache) refuses a folder that is a symbolic link: nothing is written through it.
func TestWriteRealDir(t *testing.T) {
	dir := t.TempDir()
	elsewhere := filepath.Join(dir, "elsewhere")
	os.Mkdir(elsewhere, 0o755)
	link := filepath.Join(dir, "cache")
	if err := os.Symlink(elsewhere, link); err != nil {
		t.Skip(err)
	}
	refused(t, WriteFile(filepath.Join(link, "entry"), []byte("x"), Options{RealDir: true}), "is a symbolic link")
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("written through the link: %v", entries)
	}
}

// NoSync (the result cache's entries) is the same atomic write without the syncs: the content and
// the permission are as asked, an existing entry is replaced, no temporary file is left, and the
// rules still hold (a folder that is a link is refused).
func TestWriteNoSync(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "entry")
	o := Options{Perm: 0o600, RealDir: true, NoSync: true}
	for _, data := range []string{"first", "second, longer"} {
		if err := WriteFile(name, []byte(data), o); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(name)
		st, _ := os.Stat(name)
		if string(got) != data || st.Mode().Perm() != 0o600 {
			t.Errorf("wrote %q mode %v, want %q 0600", got, st.Mode().Perm(), data)
		}
	}
	if err := WriteFile(filepath.Join(dir, "other"), []byte("x"), Options{Perm: 0o640, NoSync: true}); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(filepath.Join(dir, "other")); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", st.Mode().Perm())
	}
	noTemps(t, dir)
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Skip(err)
	}
	refused(t, WriteFile(filepath.Join(link, "entry2"), []byte("x"), o), "is a symbolic link")
}

// Abort (the signal handler's call) removes a temporary file in flight and refuses new writes;
// a file already in place stays.
func TestAbort(t *testing.T) {
	dir := t.TempDir()
	done := filepath.Join(dir, "done.json")
	if err := WriteFile(done, []byte("1"), Options{}); err != nil {
		t.Fatal(err)
	}
	f, err := createTemp(dir) // a write caught between its create and its rename
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	defer func() {
		tempMu.Lock()
		aborted = false
		tempMu.Unlock()
	}()
	Abort()
	if _, err := os.Stat(f.Name()); !os.IsNotExist(err) {
		t.Errorf("the temporary file in flight is still there: %v", err)
	}
	if err := WriteFile(filepath.Join(dir, "late.json"), []byte("2"), Options{}); err == nil {
		t.Error("a write after Abort succeeded")
	}
	if b, _ := os.ReadFile(done); string(b) != "1" {
		t.Errorf("the finished file was lost: %q", b)
	}
	noTemps(t, dir)
}
