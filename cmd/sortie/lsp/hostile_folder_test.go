package lsp

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/compiler"
)

// vmHWM is this process's peak resident set (VmHWM of /proc/self/status) in bytes; 0 where
// /proc is absent. The server runs in this process; its evaluators are children under the
// memory budget.
func vmHWM(t testing.TB) int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("VmHWM %q: %v", rest, err)
			}
			return kb << 10
		}
	}
	return 0
}

// hostileFolder makes a scenario folder holding a good file, a link to /dev/zero, a named pipe
// and a list.Range bomb, all .cue files of one package (issue 28 item 5), and returns it.
func hostileFolder(t testing.TB) (dir, good string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "scn")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	good = bigScenario(3)
	if err := os.WriteFile(filepath.Join(dir, "good.cue"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.cue")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.cue"), 0o644); err != nil {
		t.Fatal(err)
	}
	bomb, err := os.ReadFile("../../../testdata/hostile/range/range.cue")
	if err != nil {
		t.Fatal(err)
	}
	bomb = []byte(strings.Replace(string(bomb), "package hostile", "package big", 1))
	if err := os.WriteFile(filepath.Join(dir, "bomb.cue"), bomb, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, good
}

// children lists the processes this one started that are still running (its evaluators).
func children() []string {
	var out []string
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	for _, f := range tasks {
		data, err := os.ReadFile(f)
		if err == nil {
			out = append(out, strings.Fields(string(data))...)
		}
	}
	return out
}

// A folder holding a /dev/zero link, a named pipe and a bomb beside a good file (issue 28 item
// 5): opening the good file publishes diagnostics for it, and each bad entry gets its own (the
// link and the pipe are left out of the unit by the reading gate, the bomb is over the memory
// budget); the server's memory stays bounded, and shutdown is answered while an evaluation is in
// flight, its evaluator killed. The memory bomb gets a processor-time budget it cannot reach.
func TestHostileFolder(t *testing.T) {
	dir, good := hostileFolder(t)
	c := startServer(t, Options{Budget: compiler.Budget{CPU: 2 * time.Minute, Memory: 128 << 20}})
	c.initialize()
	start := time.Now()
	uri := c.open(filepath.Join(dir, "good.cue"), good, 1)
	p := c.waitDiagsFor(uri, 1, 60*time.Second)
	t.Logf("good.cue: diagnostics after %v", time.Since(start))
	if len(p.Diagnostics) != 0 {
		t.Errorf("good.cue: %+v, want none (the bad entries' findings are on them)", p.Diagnostics)
	}
	for name, codes := range map[string]string{"pipe.cue": "L017", "zero.cue": "L018", "bomb.cue": "L011 L012"} {
		p := c.waitDiagsFor(pathURI(filepath.Join(dir, name)), -1, 60*time.Second)
		if len(p.Diagnostics) != 1 || !strings.Contains(codes, p.Diagnostics[0].Code) {
			t.Errorf("%s: %+v, want one of %s", name, p.Diagnostics, codes)
		} else {
			t.Logf("%s: %s %s", name, p.Diagnostics[0].Code, p.Diagnostics[0].Message)
		}
	}

	// Shutdown while the next evaluation (the bomb again) is in flight: its evaluator is running.
	c.change(uri, 2, map[string]any{"text": good + "\n"})
	deadline := time.Now().Add(10 * time.Second)
	for len(children()) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if len(children()) == 0 {
		t.Fatalf("no evaluator started for version 2")
	}
	start = time.Now()
	if err := c.call("shutdown", nil, nil); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	t.Logf("shutdown answered %v after it was sent, an evaluation in flight", time.Since(start))
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			t.Errorf("Serve after shutdown and exit: %v", err)
		}
		c.done <- nil
	case <-time.After(10 * time.Second):
		t.Fatalf("the server did not exit")
	}
	deadline = time.Now().Add(10 * time.Second)
	for len(children()) > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if ch := children(); len(ch) > 0 {
		t.Errorf("evaluators left running after exit: %v", ch)
	}
	c.mu.Lock()
	for _, p := range c.diags[uri] {
		if p.Version != nil && *p.Version == 2 {
			t.Errorf("version 2, cancelled by the shutdown, was published: %+v", p)
		}
	}
	c.mu.Unlock()
	hwm := vmHWM(t)
	t.Logf("peak resident set of the server's process (VmHWM): %d MiB", hwm>>20)
	if hwm > 300<<20 {
		t.Errorf("VmHWM %d MiB, over 300 MiB", hwm>>20)
	}
}
