//go:build linux || darwin

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestNoWASMRuntime (issue 28, item 8): the binary links neither go-graphviz nor a WASM runtime,
// so nothing compiles a module at start-up or writes $TMPDIR/go-graphviz.
func TestNoWASMRuntime(t *testing.T) {
	bin := sortieBinary(t)
	out, err := exec.Command("go", "version", "-m", bin).CombinedOutput()
	if err != nil {
		t.Fatalf("go version -m: %v\n%s", err, out)
	}
	for _, mod := range []string{"github.com/goccy/go-graphviz", "github.com/tetratelabs/wazero"} {
		if bytes.Contains(out, []byte(mod)) {
			t.Errorf("the binary links %s", mod)
		}
	}
	if !bytes.Contains(out, []byte("cuelang.org/go")) {
		t.Fatalf("go version -m lists no modules (cannot check):\n%s", out)
	}
}

// TestVersionWithBadTMPDIR (issue 28, item 8): `sortie --version`, and drawing the campaign's
// unlock graph (the one picture go-graphviz laid out), work whatever $TMPDIR is: a file where the
// folder should be (a full or broken temp), an unwritable folder, a folder holding a corrupt
// go-graphviz cache, a folder that does not exist. No panic, no stack trace, nothing written
// there.
func TestVersionWithBadTMPDIR(t *testing.T) {
	bin := sortieBinary(t)
	base := t.TempDir()
	file := filepath.Join(base, "tmpfile") // also a file where go-graphviz's folder would go
	os.MkdirAll(filepath.Join(base, "filecache"), 0o700)
	os.WriteFile(filepath.Join(base, "filecache", "go-graphviz"), []byte("x"), 0o600)
	os.WriteFile(file, []byte("not a folder"), 0o644)
	ro := filepath.Join(base, "readonly")
	os.Mkdir(ro, 0o500)
	defer os.Chmod(ro, 0o700)
	corrupt := filepath.Join(base, "corrupt")
	// go-graphviz v0.2.10's compiled module as wazero v1.12.0 named it, with garbage in it: the
	// binary before issue 28 panicked at start-up on it ("compilationcache: invalid magic
	// number"), --version included.
	entry := filepath.Join(corrupt, "go-graphviz", "wazero-v1.12.0-"+runtime.GOARCH+"-"+runtime.GOOS,
		"02279f2dddd22ba47bf5a8c3ecc62c956095e46658fa5c85a76718c66cc7f7c3")
	os.MkdirAll(filepath.Dir(entry), 0o700)
	os.WriteFile(entry, bytes.Repeat([]byte{0xff}, 100), 0o600)
	root, _ := filepath.Abs("../..")
	campaign := filepath.Join(root, "scenarios", "karzoral", "campaign.cue")
	for name, tmp := range map[string]string{"a file": file, "unwritable": ro, "corrupt go-graphviz entry": corrupt, "a file for go-graphviz's folder": filepath.Join(base, "filecache"),
		"missing": filepath.Join(base, "none")} {
		before := listTree(t, base)
		for _, args := range [][]string{{"--version"}, {"graph", campaign, "--format", "png", "-o", filepath.Join(base, "out.png")}} {
			cmd := exec.Command(bin, args...)
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "SORTIE_CACHE=off")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			if err != nil || strings.Contains(stderr.String(), "panic") || strings.Contains(stderr.String(), "goroutine ") {
				t.Errorf("TMPDIR %s: sortie %s: %v\n%s", name, args[0], err, stderr.String())
			}
			if args[0] == "--version" && !strings.HasPrefix(stdout.String(), "sortie version ") {
				t.Errorf("TMPDIR %s: --version printed %q", name, stdout.String())
			}
		}
		os.Remove(filepath.Join(base, "out.png"))
		if after := listTree(t, base); after != before {
			t.Errorf("TMPDIR %s: sortie wrote there:\nbefore %s\nafter  %s", name, before, after)
		}
	}
}

// listTree names every file below dir (for "nothing was written there").
func listTree(t *testing.T, dir string) string {
	var names []string
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil {
			names = append(names, strings.TrimPrefix(p, dir))
		}
		return nil
	})
	return strings.Join(names, " ")
}

// TestInterruptLeavesNoTempFile (issue 28, item 10): SIGINT to a built sortie in the middle of
// an interactive `run --save` (waiting at the first question, after a day end's save) writes the
// save, exits 130 and leaves no temporary file of the writer beside it (safeio.Abort in the
// signal handler); repeated mid-day, at the prompt of the next day too. The save is a save.
func TestInterruptLeavesNoTempFile(t *testing.T) {
	bin := sortieBinary(t)
	// Each round waits for its own question's text before the prompt, so the signal lands while
	// sortie waits at that question (not while it plays the last answer).
	for round, answers := range [][]string{nil, {"east\n", "1\n", "rest\n"}} {
		dir := t.TempDir()
		save := filepath.Join(dir, "run.json")
		p := startPTY(t, bin, "run", field01, "--seed", "3", "--save", save)
		at := p.out.waitFor(t, 0, "== day 1 ==")
		for _, a := range answers {
			at = p.out.waitFor(t, at, prompt)
			p.send(a)
		}
		at = p.out.waitFor(t, at, fmt.Sprintf("day %d, action phase", round+1))
		p.out.waitFor(t, at, prompt)
		if err := p.cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		if code := p.wait("after SIGINT"); code != 130 {
			t.Errorf("round %d: exit %d after SIGINT, want 130:\n%s", round, code, p.out.String())
		}
		left, _ := filepath.Glob(filepath.Join(dir, ".sortie-*.tmp"))
		if len(left) > 0 {
			t.Errorf("round %d: temporary files left after SIGINT: %v", round, left)
		}
		data, err := os.ReadFile(save)
		if err != nil {
			t.Fatalf("round %d: no save after SIGINT: %v\n%s", round, err, p.out.String())
		}
		if _, err := decodeSave(data); err != nil {
			t.Errorf("round %d: the save does not decode: %v", round, err)
		}
	}
}
