package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBoundaryGitRevision (issue 28, second attack trial, B1): diff --git copies only the files
// of a revision that the loader reads, and at most maxGitFiles of them. A revision holding 600
// other files (text, padding) starts one `git show`, for the scenario's own file; one holding
// maxGitFiles+1 YAML files is refused with L004 before any is loaded. Before, every top-level
// file was copied: 60 files of 4 MiB filled 240 MiB of $TMPDIR, 3,000 small ones took 170 s.
func TestBoundaryGitRevision(t *testing.T) {
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git: diff --git cannot be tried")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	mini, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		extra  func(i int) string // the name of the i-th extra file
		n      int
		shows  int  // git show calls wanted (-1: not counted)
		refuse bool // L004 wanted
	}{
		{"other files", func(i int) string { return fmt.Sprintf("pad%03d.bin", i) }, 600, 1, false},
		{"too many scenario files", func(i int) string { return fmt.Sprintf("f%03d.yaml", i) }, maxGitFiles + 1, -1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := t.TempDir()
			repo := filepath.Join(tmp, "repo")
			if err := os.Mkdir(repo, 0o755); err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(repo, "mini.yaml"), mini, 0o644)
			for i := 0; i < tc.n; i++ {
				os.WriteFile(filepath.Join(repo, tc.extra(i)), []byte("x: 1\n"), 0o644)
			}
			for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"}} {
				if out, err := exec.Command(real, append([]string{"-C", repo}, args...)...).CombinedOutput(); err != nil {
					t.Fatalf("git %v: %v\n%s", args, err, out)
				}
			}
			// The revision's extra files are gone from the work tree: only the copy sees them.
			for i := 0; i < tc.n; i++ {
				os.Remove(filepath.Join(repo, tc.extra(i)))
			}
			bin, log := filepath.Join(tmp, "bin"), filepath.Join(tmp, "shows")
			os.Mkdir(bin, 0o755)
			fake := "#!/bin/sh\nif [ \"$3\" = show ]; then echo \"$4\" >> " + log + "; fi\nexec " + real + " \"$@\"\n"
			if err := os.WriteFile(filepath.Join(bin, "git"), []byte(fake), 0o755); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(exe)
			cmd.Args = []string{"sortie", "diff", "--git", "HEAD", "--runs", "0", repo}
			cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			out, _ := cmd.CombinedOutput()
			code := cmd.ProcessState.ExitCode()
			if tc.refuse {
				if code != 2 || !strings.Contains(string(out), "L004") {
					t.Errorf("exit %d, want 2 and L004:\n%s", code, out)
				}
				return
			}
			if code != 0 {
				t.Errorf("exit %d, want 0:\n%s", code, out)
			}
			shows, _ := os.ReadFile(log)
			if got := strings.Count(string(shows), "\n"); got != tc.shows {
				t.Errorf("%d git show calls, want %d (the scenario's own file):\n%s", got, tc.shows, shows)
			}
		})
	}
}
