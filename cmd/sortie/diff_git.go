package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// The bounds of diff --git's copy of a scenario at a revision (issue 28: a stranger's repository
// is as hostile as a stranger's folder). Only the files the loader would read are copied (.cue,
// .yaml, .yml, .json: a revision holding thousands of other files copied none of them); at most
// maxGitFiles of them (a scenario has a handful), maxGitBytes in all, each at most a scenario file's bound; and the copy
// stops when it has taken twice the command's CPU budget in wall time (git's work is outside the
// evaluator that enforces --max-cpu). Past a bound the diff is refused (L004, L011) and the copy
// removed.
const (
	maxGitFiles = 100
	maxGitBytes = 64 << 20
)

// gitWanted reports whether a file of a revision is copied: the loader reads it.
func gitWanted(base string) bool { return compiler.FileKind(base) != "" }

// gitBound counts one revision's copy against its bounds.
type gitBound struct {
	files    int
	bytes    int64
	deadline time.Time
	cpu      time.Duration
}

func newGitBound(b compiler.Budget) *gitBound {
	cpu := b.CPU
	if cpu <= 0 {
		cpu = compiler.DefaultCPU
	}
	return &gitBound{deadline: time.Now().Add(2 * cpu), cpu: cpu}
}

// blob copies one blob (gitBlob) within the revision's bounds.
func (g *gitBound) blob(dir, spec, to, name string) error {
	if g.files++; g.files > maxGitFiles {
		return failf(exitUsage, "%s: the revision holds more than %d scenario files: refused (L004)", esc.Text(name), maxGitFiles)
	}
	if time.Now().After(g.deadline) {
		return failf(exitUsage, "%s: copying the revision took longer than twice --max-cpu (%v): refused (L011)", esc.Text(name), g.cpu)
	}
	if err := gitBlob(dir, spec, to, name); err != nil {
		return err
	}
	if st, err := os.Stat(to); err == nil {
		if g.bytes += st.Size(); g.bytes > maxGitBytes {
			return failf(exitUsage, "%s: the revision's scenario files are over %d MiB in all: refused (L004)", esc.Text(name), maxGitBytes>>20)
		}
	}
	return nil
}

// gitBlob copies the blob spec (from `git show`, run in dir) into the new file to, bounded like
// every scenario file read: at most compiler.MaxFileSize bytes pass through a LimitReader from
// git's standard output, and a larger blob is L004 (git is killed; nothing more is read or
// written). name is the blob as the refusal shows it.
func gitBlob(dir, spec, to, name string) error {
	cmd := exec.Command("git", "-C", dir, "show", spec)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return failf(exitUsage, "%v", err)
	}
	f, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return failf(exitUsage, "%v", err)
	}
	defer f.Close()
	if err := cmd.Start(); err != nil {
		return failf(exitUsage, "git show %s: %v", esc.Text(spec), err)
	}
	n, err := io.Copy(f, io.LimitReader(out, compiler.MaxFileSize+1))
	if err == nil && n > compiler.MaxFileSize {
		cmd.Process.Kill()
		cmd.Wait()
		return failf(exitUsage, "%v", safeio.TooBig(esc.Text(name), compiler.MaxFileSize))
	}
	if werr := cmd.Wait(); werr != nil && err == nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = werr.Error()
		}
		return failf(exitUsage, "git show %s: %s", esc.Text(spec), esc.Text(msg))
	}
	if err != nil {
		cmd.Process.Kill()
		return failf(exitUsage, "%v", err)
	}
	return nil
}

// cappedBuffer holds what a child process writes, up to max bytes: past them it calls kill once,
// sets over and refuses the rest (an error, so that os/exec stops copying).
type cappedBuffer struct {
	buf  bytes.Buffer
	max  int64
	over bool
	kill func()
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if c.over || int64(c.buf.Len()+len(p)) > c.max {
		if !c.over {
			c.over = true
			c.kill()
		}
		return 0, errors.New("over its bound")
	}
	return c.buf.Write(p)
}

// gitBattle is gitVersion's answer when PATH at the revision is a battle file, or a folder
// holding one: the copy at path (in the temporary folder tmp, which the caller removes), its name
// as the report shows it ("REV:dir/file.cue"), and rename, which turns the copy's files into
// "REV:..." in positions. err is the loader's refusal (an otherUnit).
type gitBattle struct {
	path, name, tmp string
	rename          func(string) string
	err             error
}

func (g *gitBattle) Error() string { return g.err.Error() }

func (g *gitBattle) Unwrap() error { return g.err }
