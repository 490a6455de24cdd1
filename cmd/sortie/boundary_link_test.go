package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBoundaryFolderLink (issue 28, B1): a folder symbolic link named on the command line (as a
// shell glob names it: `sortie vet scenarios/*`) that leads out of its folder is refused with
// L018 by every command that takes a folder or a file in it, relative names included: nothing
// outside is read, quoted back or rewritten. Before the fix vet printed the secret and fmt
// rewrote the file outside.
func TestBoundaryFolderLink(t *testing.T) {
	if testing.Short() {
		t.Skip("runs sortie some twenty times")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	sec := filepath.Join(tmp, "sec")
	work := filepath.Join(tmp, "ci")
	os.MkdirAll(sec, 0o755)
	os.MkdirAll(filepath.Join(work, "scenarios", "good"), 0o755)
	secret := "package p\nkind: \"scenario\"\ntitle: \"" + secretToken + "\" & \"zz\"\n"
	unformatted := "package p\nkind:    \"scenario\"\ntitle:   \"x\"\n"
	os.WriteFile(filepath.Join(sec, "b.cue"), []byte(secret), 0o644)
	os.WriteFile(filepath.Join(sec, "c.cue"), []byte(unformatted), 0o644)
	mini, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(work, "scenarios", "good", "mini.yaml"), mini, 0o644)
	for link, to := range map[string]string{"scenarios/evil": sec, "subdir.cue": sec, "scenarios/up": ".."} {
		if err := os.Symlink(to, filepath.Join(work, filepath.FromSlash(link))); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	rows := [][]string{
		{"vet", "--format", "github", "scenarios/good", "scenarios/evil"},
		{"vet", "scenarios/evil/..."},
		{"vet", "./scenarios/evil/b.cue"},
		{"vet", filepath.Join(work, "scenarios", "evil")},
		{"vet", "scenarios/up/sec"},
		{"fmt", "scenarios/good", "scenarios/evil"},
		{"fmt", "subdir.cue"},
		{"fmt", "scenarios/evil/c.cue"},
		{"fmt", "scenarios/evil/..."},
		{"compile", "scenarios/evil"},
		{"graph", "--format", "dot", "scenarios/evil"},
		{"simulate", "scenarios/evil"},
		{"test", "scenarios/evil"},
		{"init", "--from", "scenarios/evil", "dst"},
		{"diff", "scenarios/good/mini.yaml", "scenarios/evil/b.cue"},
	}
	for _, args := range rows {
		cmd := exec.Command(exe)
		cmd.Args = append([]string{"sortie"}, args...)
		cmd.Dir = work
		cmd.Env = append(os.Environ(), "SORTIE_CACHE=off")
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		cmd.Run()
		code := cmd.ProcessState.ExitCode()
		text := out.String()
		if code != 1 && code != 2 {
			t.Errorf("%v: exit %d, want 1 or 2:\n%s", args, code, text)
		}
		if !strings.Contains(text, "L018") {
			t.Errorf("%v: no L018:\n%s", args, text)
		}
		if strings.Contains(text, secretToken) || strings.Contains(text, sec) {
			t.Errorf("%v: the folder outside is quoted back:\n%s", args, text)
		}
		if got, _ := os.ReadFile(filepath.Join(sec, "c.cue")); string(got) != unformatted {
			t.Fatalf("%v: the file outside was rewritten:\n%s", args, got)
		}
	}
	if _, err := os.Stat(filepath.Join(work, "dst")); err == nil {
		t.Error("init --from a link outside wrote dst")
	}
}
