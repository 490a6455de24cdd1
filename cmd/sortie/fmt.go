package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/rogpeppe/go-internal/diff"
	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/format"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/urfave/cli/v2"
)

func fmtCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "fmt",
		Usage:     "format scenario files (CUE as cue fmt does, YAML in a stable, comment-keeping style)",
		ArgsUsage: "PATH...",
		Description: `fmt rewrites each CUE file with CUE's own formatter and each YAML file (scenarios and
scripts) with two-space indentation, flow collections and quoting as written, one blank line
wherever the author left blank lines, and trailing comments at their column. A PATH is a file, a
directory or DIR/... (every file in DIR and below it; hidden folders, _ folders, cue.mod and
testdata are skipped). JSON files are left alone.

A file is only rewritten when the result holds the same data and comments (N001 otherwise), and
is replaced atomically (through a symlink, the file it points to); a read-only file is refused.
--check writes nothing and lists the files that would change; --diff writes nothing and prints
the change to each such file as a unified diff (as gofmt -d does: "--- FILE.orig", "+++ FILE";
patch -p0 applies it).

Exit 0 when every file is formatted (or was rewritten), 1 with --check or --diff when a file would change
or when a file cannot be formatted (L001 syntax error, N001), 2 on usage or I/O errors (a file
that cannot be read or written is said, and the other files are still formatted).`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "check", Aliases: []string{"l"}, Usage: "write nothing; list the files that would change and exit 1 if any"},
			&cli.BoolFlag{Name: "diff", Aliases: []string{"d"}, Usage: "write nothing; print a unified diff of each file that would change and exit 1 if any"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return failf(exitUsage, "fmt needs at least one PATH (see sortie fmt --help)")
			}
			files, err := format.Files(c.Args().Slice())
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			check, showDiff := c.Bool("check"), c.Bool("diff")
			var bad diag.List
			changed, failed, unwritten := 0, 0, 0
			// A file that cannot be read or written is said at once and the others are still
			// formatted, as gofmt goes on (exit 2 at the end).
			ioFailed := func(err error) {
				unwritten++
				fmt.Fprintf(e.stderr, "sortie: %s\n", esc.Text(err.Error()))
			}
			for _, f := range files {
				src, err := safeio.ReadNamed(f, compiler.MaxFileSize)
				if err != nil {
					ioFailed(err)
					continue
				}
				out, list := format.Source(f, src)
				if list != nil {
					bad.Add(list...)
					failed++
					continue
				}
				if bytes.Equal(out, src) {
					continue
				}
				changed++
				if check {
					fmt.Fprintln(e.stdout, esc.Text(f))
				}
				if showDiff {
					// The names one line each, the lines' control characters escaped (a file's
					// ESC never reaches the terminal); ordinary text stays a valid unified diff.
					e.stdout.Write([]byte(esc.Lines(string(diff.Diff(esc.Text(f)+".orig", src, esc.Text(f), out)))))
				}
				if check || showDiff {
					continue
				}
				if err := replaceFile(f, out); err != nil {
					ioFailed(fmt.Errorf("cannot write %s: %v", f, err))
				}
			}
			bad.Sort()
			writeDiagText(e.stderr, bad, false)
			switch {
			case unwritten > 0:
				others := ""
				if unwritten < len(files) {
					others = "; the others were formatted"
				}
				return failf(exitUsage, "%s could not be read or written%s", words.Count(unwritten, "file"), others)
			case failed > 0:
				left := "left as it is"
				if failed > 1 {
					left = "left as they are"
				}
				return failf(exitFindings, "%s cannot be formatted; %s", words.Count(failed, "file"), left)
			case (check || showDiff) && changed > 0:
				return failf(exitFindings, "")
			}
			return nil
		},
	}
}

// replaceFile writes data over path atomically, keeping the file's permission bits. A symlink is
// followed: the file it points to is replaced and the link stays. A file without its owner's
// write permission is refused (as gofmt -w would be), even for a user who could replace it.
func replaceFile(path string, data []byte) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	st, err := os.Stat(target)
	if err != nil {
		return err
	}
	if st.Mode().Perm()&0o200 == 0 {
		return errors.New("the file is read-only")
	}
	// fmt's job is rewriting its inputs: in place, atomically, keeping the file's mode; a pipe
	// or a device is refused (safeio.WriteFile).
	return safeio.WriteFile(target, data, safeio.Options{InPlace: true, Perm: st.Mode().Perm()})
}
