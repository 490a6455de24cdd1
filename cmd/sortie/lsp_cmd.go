package main

import (
	"context"
	"errors"
	"io"
	"os"

	"github.com/urfave/cli/v2"

	"github.com/sortie-rpg/sortie/cmd/sortie/lsp"
	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

func lspCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "lsp",
		Usage: "run the language server for editors (LSP over stdin and stdout)",
		Description: `lsp speaks the Language Server Protocol on standard input and output: an editor starts
it and shows, as the author types, sortie vet's findings (with code, range and a link to the
explain page), hover (a code's page; an id's facts: a block's coordinates, terrain and exits,
an army's route with days), go to definition, find references, rename of an id across the
scenario's files, and completion (schema fields, ids, tactics and boons, route steps adjacent to
the previous one). See the README for VS Code, Neovim and Helix.

Each evaluation runs under the budget of sortie vet (--max-cpu, --max-memory: L011, L012 beyond),
and one that a change makes stale is stopped. The server reads only the documents it is sent and
the regular files of their folder, through the reading gate: a named pipe, a device link or a
file over 4 MiB there is a finding on that file (L017, L018, L004), never a stall. A message
over 64 MiB is answered with an error; one too large to skip (over 1 GiB) also ends the
connection. It logs to standard error, or to --log FILE. Exit 0 after the client's shutdown and exit, 1 when
the client exits without shutdown or the connection breaks off.`,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "log", Usage: "append the server's log to `FILE` instead of standard error"},
		}, budgetFlags()...),
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return failf(exitUsage, "lsp takes no arguments (it reads the protocol on standard input)")
			}
			budget, err := budgetOf(c)
			if err != nil {
				return err
			}
			logw := e.stderr
			if name := c.String("log"); name != "" {
				// A log is appended to, not replaced (so not safeio.WriteFile), but like every
				// output it is never a pipe, a device or a folder (the open of a pipe blocks),
				// and never a scenario file: appended to, a .cue or .yaml breaks its scenario,
				// and a new one is read as part of the next load (issue 28, second trial B3).
				if compiler.FileKind(name) != "" {
					return failf(exitUsage, "--log %s: a .cue, .yaml, .yml or .json file is a scenario's source, not a log; refused (name it .log)", esc.Text(name))
				}
				if _, err := safeio.Check(name, safeio.Options{Flag: "--log"}); err != nil {
					return failf(exitUsage, "%v", err)
				}
				f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
				if err != nil {
					return failf(exitUsage, "--log: %v", err)
				}
				defer f.Close()
				logw = f
			}
			err = lsp.Serve(context.Background(), stdio{e.stdin, e.stdout}, lsp.Options{Log: logw, Budget: budget})
			switch {
			case err == nil:
				return nil
			case errors.Is(err, lsp.ErrNoShutdown):
				return failf(exitFindings, "lsp: the client sent exit without shutdown")
			}
			return failf(exitFindings, "lsp: the connection ended without exit (%v)", err)
		},
	}
}

// stdio is the protocol's stream: the client's messages on stdin, the server's on stdout.
// Closing it closes neither (the process ends right after).
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
