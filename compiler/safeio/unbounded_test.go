package safeio

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readCall matches a call that opens or reads a file, or a child's output, with no bound of its
// own: every such call outside this package must be listed in boundedReads with why it is safe.
var readCall = regexp.MustCompile(`os\.ReadFile\(|os\.Open\(|os\.OpenFile\(|io\.ReadAll\(|\.Output\(\)|\.CombinedOutput\(\)`)

// boundedReads lists the calls of readCall outside compiler/safeio (file relative to the module,
// then a piece of the line) and why each is bounded. A new one fails TestNoUnboundedRead.
var boundedReads = map[string]string{
	"runner/script_read.go: os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK":   "a script: regular file checked after the open, read through io.LimitReader(MaxScriptSize+1)",
	"runner/script_read.go: io.ReadAll(io.LimitReader(f, MaxScriptSize+1))":     "bounded by MaxScriptSize",
	"compiler/units.go: os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK":       "readHead: at most sniffLimit (64 KiB), regular file checked after the open",
	"compiler/hostile.go: os.OpenFile(real, os.O_RDONLY|syscall.O_NONBLOCK":     "readBounded: io.LimitReader(MaxFileSize+1) below",
	"compiler/cache_unix.go: os.OpenFile(name, os.O_RDONLY|syscall.O_NOFOLLOW":  "a cache entry, read by cache.go through io.LimitReader(limit+1)",
	"compiler/cache_other.go: os.Open(name)":                                    "the same entry on other systems",
	"compiler/cache.go: io.ReadAll(io.LimitReader(f, limit+1))":                 "bounded by the entry's limit",
	"compiler/procstat_linux.go: os.ReadFile(\"/proc/\"":                        "the kernel's one-line /proc/PID/stat of sortie's own evaluator",
	"compiler/internal/jsonvet/main.go: os.Open(name)":                          "a benchmark floor run by .ci/bench-vet.sh on sortie's own corpus, not shipped",
	"cmd/sortie/diff_git.go: os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL": "a write: git's blob copied through io.LimitReader(MaxFileSize+1)",
	"cmd/sortie/lsp_cmd.go: os.OpenFile(name, os.O_CREATE|os.O_WRONLY":          "a write: the LSP's log file",
}

// TestNoUnboundedRead (issue 28, B4): every file any command reads (scenarios, plans, saves,
// baselines, scripts, expect files, cache entries, LSP files, git's answers) is read through this
// package's gate with a bound, or by a call listed in boundedReads with its bound. A new
// os.ReadFile, os.Open, io.ReadAll or exec Output outside the gate fails here until it is routed
// or bounded and listed. Test files are not scanned.
func TestNoUnboundedRead(t *testing.T) {
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(gocmd, "list", "-f", "{{$d := .Dir}}{{range .GoFiles}}{{$d}}/{{.}}\n{{end}}", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	files := strings.Fields(string(out))
	if len(files) < 100 {
		t.Fatalf("go list names %d files: want the module's several hundred", len(files))
	}
	used, scanned := map[string]bool{}, map[string]bool{}
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		rel = filepath.ToSlash(rel)
		scanned[rel] = true
		if strings.HasPrefix(rel, "compiler/safeio/") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if !readCall.MatchString(line) || strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			listed := false
			for key := range boundedReads {
				file, piece, _ := strings.Cut(key, ": ")
				if file == rel && strings.Contains(line, piece) {
					listed, used[key] = true, true
				}
			}
			if !listed {
				t.Errorf("%s:%d: %s: a read with no bound of its own: go through compiler/safeio, or bound it and list it in boundedReads", rel, i+1, strings.TrimSpace(line))
			}
		}
	}
	for key := range boundedReads {
		file, _, _ := strings.Cut(key, ": ")
		if scanned[file] && !used[key] { // a file of another system is not in this build's list
			t.Errorf("boundedReads lists %q, which is no longer there: drop it", key)
		}
	}
}
