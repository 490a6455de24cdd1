package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The reading half of the trust boundary (issue 28): nothing outside a scenario's root is ever
// read, and no input file stalls or floods a command.

// secretToken is planted outside every root; no output may hold it.
const secretToken = "SORTIE-SECRET-7f3a9c"

// copyTree copies testdata/hostile/<name> into dst (links and secrets are made by the tests,
// never committed).
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestHostileDisclosure reproduces the disclosures (item 1 and 2) and checks that each
// is refused with its code, exit 1, and that the secret is in no output, in every format:
//   - disclose-embed: a package of the scenario's module embeds pw.txt, a link to the secret:
//     L006 at lib.cue's @extern (line 3, column 1) and L018 on the link;
//   - disclose-pkg: cue.mod/pkg is a link to a folder outside holding the imported package:
//     L018 on cue.mod/pkg;
//   - disclose-script: tests: [{script: "../secret/x.yaml"}, {script: "zero.yaml"}] (a link to
//     /dev/zero): Q004 with L018 for both, unread.
func TestHostileDisclosure(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("..", "..", "testdata", "hostile"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	t.Chdir(tmp)
	secret := filepath.Join(tmp, "secret")
	os.MkdirAll(filepath.Join(secret, "example.org", "x"), 0o755)
	os.WriteFile(filepath.Join(secret, "key"), []byte(secretToken+"\n"), 0o600)
	os.WriteFile(filepath.Join(secret, "x.yaml"), []byte("- move: "+secretToken+"\n"), 0o600)
	os.WriteFile(filepath.Join(secret, "example.org", "x", "x.cue"), []byte("package x\n\ns: \""+secretToken+"\"\n"), 0o600)
	for _, c := range []string{"disclose-embed", "disclose-pkg", "disclose-script"} {
		copyTree(t, filepath.Join(src, c), filepath.Join(tmp, c))
	}
	links := map[string]string{
		"disclose-embed/lib/pw.txt": filepath.Join(secret, "key"),
		"disclose-pkg/cue.mod/pkg":  secret,
		"disclose-script/zero.yaml": "/dev/zero",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(tmp, name)); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		args []string
		code int
		want []string // substrings of stdout
	}{
		{[]string{"vet", "disclose-embed"}, 1, []string{"./disclose-embed/lib/lib.cue:3:1: L006: ", "./disclose-embed/lib/pw.txt:1:1: L018: "}},
		{[]string{"vet", "--format", "github", "disclose-embed"}, 1, []string{"L006", "L018"}},
		{[]string{"vet", "--format", "json", "disclose-pkg"}, 1, []string{`"code": "L018"`, "disclose-pkg/cue.mod/pkg"}},
		{[]string{"vet", "--format", "github", "disclose-pkg"}, 1, []string{"L018"}},
		{[]string{"compile", "disclose-pkg"}, 1, []string{""}},
		{[]string{"test", "disclose-script"}, 1, []string{"Q004: cannot read the script ../secret/x.yaml: L018: ", "Q004: cannot read the script zero.yaml: L018: "}},
		{[]string{"test", "--format", "junit", "disclose-script"}, 1, []string{"L018"}},
	}
	for _, tc := range tests {
		code, out, errs := run(t, "", tc.args...)
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d\n%s%s", tc.args, code, tc.code, out, errs)
		}
		for _, w := range tc.want {
			if !strings.Contains(out+errs, w) {
				t.Errorf("%v: output lacks %q:\n%s%s", tc.args, w, out, errs)
			}
		}
		if strings.Contains(out+errs, secretToken) {
			t.Errorf("%v: the secret outside the root is in the output:\n%s%s", tc.args, out, errs)
		}
	}
}

// readClass is one kind of hostile input file: made at path (named with the extension the
// command wants), outside planted by the test.
type readClass struct {
	name string
	make func(t *testing.T, path, outside string)
}

var readClasses = []readClass{
	{"pipe", func(t *testing.T, path, _ string) {
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Fatal(err)
		}
	}},
	{"devzero", func(t *testing.T, path, _ string) {
		if err := os.Symlink("/dev/zero", path); err != nil {
			t.Fatal(err)
		}
	}},
	{"sparse8G", func(t *testing.T, path, _ string) {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := f.Truncate(8 << 30); err != nil { // holes: no disk used
			t.Fatal(err)
		}
	}},
	{"secretlink", func(t *testing.T, path, outside string) {
		if err := os.Symlink(outside, path); err != nil {
			t.Fatal(err)
		}
	}},
}

// readRows: for every command of the app, the invocations that give it a hostile input file
// (in, with extension ext) beside a clean scenario (ok, a folder), or why it takes no file. A
// command added to the app without a row fails TestBoundaryRead.
var readRows = map[string]struct {
	ext  string
	args func(in, ok, tmp string) [][]string
	none string
}{
	"vet": {ext: ".json", args: func(in, ok, tmp string) [][]string { return [][]string{{"vet", in}, {"vet", "--baseline", in, ok}} }},
	"compile": {ext: ".json", args: func(in, ok, tmp string) [][]string {
		return [][]string{{"compile", in, "-o", filepath.Join(tmp, "plan.json")}}
	}},
	"run": {ext: ".json", args: func(in, ok, tmp string) [][]string {
		return [][]string{{"run", in}, {"run", ok, "--script", in}}
	}},
	"campaign": {ext: ".cue", args: func(in, ok, tmp string) [][]string {
		return [][]string{{"campaign", "vet", in}, {"campaign", "run", in}}
	}},
	"resume":  {ext: ".json", args: func(in, ok, tmp string) [][]string { return [][]string{{"resume", in}} }},
	"explain": {none: "takes a code, not a file"},
	"replay": {ext: ".jsonl", args: func(in, ok, tmp string) [][]string {
		return [][]string{{"replay", in, "--plan", ok, "--html", filepath.Join(tmp, "r.html")}, {"replay", in, "--plan", in, "--html", filepath.Join(tmp, "r2.html")}}
	}},
	"schema": {none: "reads no file"},
	"battle": {ext: ".cue", args: func(in, ok, tmp string) [][]string { return [][]string{{"battle", in}} }},
	"fmt":    {ext: ".cue", args: func(in, ok, tmp string) [][]string { return [][]string{{"fmt", "--check", in}} }},
	"graph":  {ext: ".json", args: func(in, ok, tmp string) [][]string { return [][]string{{"graph", "--format", "dot", in}} }},
	"test":   {ext: ".yaml", args: func(in, ok, tmp string) [][]string { return [][]string{{"test", in}} }},
	"init": {ext: ".yaml", args: func(in, ok, tmp string) [][]string {
		return [][]string{{"init", filepath.Join(tmp, "new"), "--from", in}}
	}},
	"diff": {ext: ".json", args: func(in, ok, tmp string) [][]string { return [][]string{{"diff", in, ok}, {"diff", ok, in}} }},
	"lsp":  {none: "reads the documents it is sent on its standard input, and its folder through the gate (cmd/sortie/lsp: TestHostileFolder, TestFrameTooLargeToSkip)"},
	"simulate": {ext: ".json", args: func(in, ok, tmp string) [][]string {
		return [][]string{{"simulate", "--runs", "2", in}, {"simulate", "--check", "--expect", in, ok}}
	}},
}

// TestBoundaryRead runs every command that takes a file against every class of hostile input
// file (readClasses), each invocation as its own process (the test binary run as sortie): each
// answers with exit 1 or 2 and a code or a refusal, before a hang detector (60 s, far above
// the second or two it takes), holding under 1 GiB, with no byte of the secret outside the
// root in its output, and with no process of it left behind.
func TestBoundaryRead(t *testing.T) {
	if testing.Short() {
		t.Skip("runs sortie some sixty times")
	}
	okDir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "hostile", "ok"))
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	app := newApp(&env{})
	for _, c := range app.Commands {
		if _, ok := readRows[c.Name]; !ok {
			t.Errorf("command %q has no row in readRows: say which files it reads and test them", c.Name)
		}
	}
	tmp := t.TempDir()
	outside := filepath.Join(tmp, "outside.json")
	os.WriteFile(outside, []byte(`{"kind": "`+secretToken+`", "format": "`+secretToken+`"}`+"\n"), 0o600)
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	var mu sync.Mutex
	count := 0
	for _, c := range app.Commands {
		row := readRows[c.Name]
		if row.args == nil {
			continue
		}
		for _, cl := range readClasses {
			dir := filepath.Join(tmp, c.Name+"-"+cl.name)
			os.Mkdir(dir, 0o755)
			in := filepath.Join(dir, "in"+row.ext)
			cl.make(t, in, outside)
			for _, args := range row.args(in, okDir, dir) {
				wg.Add(1)
				mu.Lock()
				count++
				mu.Unlock()
				go func(dir, in, name string, args []string) {
					defer wg.Done()
					sem <- struct{}{}
					defer func() { <-sem }()
					checkReadRun(t, exe, dir, in, name, args)
				}(dir, in, cl.name, args)
			}
		}
	}
	wg.Wait()
	t.Logf("%d invocations: %d commands with files x %d classes", count, len(readRows), len(readClasses))
}

// checkReadRun runs one invocation and checks its answer.
func checkReadRun(t *testing.T, exe, dir, in, class string, args []string) {
	tag := "SORTIE_BOUNDARY_TAG=" + filepath.Base(dir) + "-" + strings.Join(args[:1], "")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe)
	cmd.Args = append([]string{"sortie"}, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), tag, "SORTIE_CACHE=off")
	cmd.Stdin = strings.NewReader("")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	start := time.Now()
	err := cmd.Run()
	took := time.Since(start)
	if ctx.Err() != nil {
		t.Errorf("%s %v: no answer within 60 s: it reads what it should refuse", class, args)
		if f, err := os.OpenFile(in, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		return
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Errorf("%s %v: %v", class, args, err)
		return
	}
	text := out.String() + errb.String()
	if code != 1 && code != 2 {
		t.Errorf("%s %v: exit %d, want 1 or 2:\n%s", class, args, code, text)
	}
	if strings.Contains(text, secretToken) {
		t.Errorf("%s %v: the secret outside the root is in the output:\n%s", class, args, text)
	}
	if strings.Contains(text, "goroutine ") {
		t.Errorf("%s %v: a stack trace:\n%s", class, args, text)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > 1<<20 { // KiB
		t.Errorf("%s %v: %d MiB resident, want under 1 GiB", class, args, ru.Maxrss>>10)
	}
	// No process of this invocation is left (Pdeathsig ends its evaluators with it; the kernel
	// may take a moment to deliver the signal, and a killed process must still be given the
	// processor to exit: on one core beside a busy loop that took more than the 5 s this waited
	// before, issue 30). A minute, as for the answer: a hang detector, not a speed bound.
	for i := 0; ; i++ {
		left := processesWith(exe, tag)
		if len(left) == 0 {
			break
		}
		if i == 600 {
			t.Errorf("%s %v: processes left behind: %v", class, args, left)
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("%s %v: exit %d in %v: %s", class, args, code, took.Round(time.Millisecond), firstLine(text))
}

// processesWith lists the processes of this test's own binary (sortie and its evaluators) whose
// environment holds tag (Linux's /proc); no other process's environment is read.
func processesWith(exe, tag string) []string {
	var pids []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if e.Name()[0] < '0' || e.Name()[0] > '9' || e.Name() == strconv.Itoa(os.Getpid()) {
			continue
		}
		if target, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe")); err != nil || target != exe {
			continue
		}
		data, err := os.ReadFile(filepath.Join("/proc", e.Name(), "environ"))
		if err == nil && bytes.Contains(data, []byte(tag+"\x00")) {
			pids = append(pids, e.Name())
		}
	}
	return pids
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// gitDiffFixture is a git repository holding testdata/hostile/ok/mini.yaml committed, and a
// folder with a fake git (first on PATH) whose `show` runs script instead of the real git.
func gitDiffFixture(t *testing.T, show string) (repo, path string) {
	t.Helper()
	real, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	tmp := t.TempDir()
	repo = filepath.Join(tmp, "repo")
	os.Mkdir(repo, 0o755)
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(repo, "mini.yaml"), data, 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"add", "mini.yaml"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "x"}} {
		if out, err := exec.Command(real, append([]string{"-C", repo}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	bin := filepath.Join(tmp, "bin")
	os.Mkdir(bin, 0o755)
	fake := "#!/bin/sh\nif [ \"$3\" = show ]; then\n" + show + "\nfi\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	return repo, filepath.Join(repo, "mini.yaml")
}

// TestBoundaryGitBlob: diff --git reads a git blob through a bound (k28 B4): a 150 MB blob is
// L004 and never held in memory (it was read whole: 300 MB resident).
func TestBoundaryGitBlob(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, path := gitDiffFixture(t, "exec head -c 150000000 /dev/zero")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Args = []string{"sortie", "diff", "--git", "HEAD", path}
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	out, _ := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(string(out), "L004") {
		t.Errorf("exit %d, want 2 and L004:\n%s", code, out)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && ru.Maxrss > 100<<10 { // KiB
		t.Errorf("%d MiB resident for a 150 MB blob, want under 100 MiB:\n%s", ru.Maxrss>>10, out)
	}
}

// TestBoundaryBalanceRuns: a balance check's runs is bounded as schema/expect.cue says (k28 B3):
// simulate --check refuses runs out of 1..1000000 with Q002 at its line before running any.
func TestBoundaryBalanceRuns(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "hostile", "ok", "mini.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, runs := range []string{"2000000000", "0"} {
		path := filepath.Join(t.TempDir(), "mini.yaml")
		os.WriteFile(path, append(data, []byte("expect:\n  - {policy: random, runs: "+runs+"}\n")...), 0o644)
		code, out, errs := run(t, "", "simulate", path, "--check")
		// S002 from the schema (the fast path keeps #Balance's bounds since f919b77) or Q002 from the decoder.
		if code != 1 || !strings.Contains(errs, "Q002") && !strings.Contains(errs, "S002") || !strings.Contains(errs, "mini.yaml:31:") {
			t.Errorf("runs: %s: exit %d, want 1 and Q002 at line 31:\n%s%s", runs, code, out, errs)
		}
	}
}
