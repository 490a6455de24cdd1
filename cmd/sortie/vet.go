package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/urfave/cli/v2"
)

func vetCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "vet",
		Usage:     "check scenarios and report every mistake it can prove",
		ArgsUsage: "PATH...",
		Description: `vet loads each PATH (a scenario file, several files of one scenario, or a directory), applies
the schema and runs every check (a single campaign file, kind: "campaign", is vetted as a
campaign: see sortie campaign vet). Each finding prints as

  file:line:col: CODE: message
  	hint: what to do

"sortie explain CODE" tells more about a code. Exit 0 when clean, 1 when there are errors
(warnings too with --strict), 2 on usage or I/O errors.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text or json"},
			&cli.BoolFlag{Name: "strict", Usage: "exit 1 on warnings too"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return failf(exitUsage, "vet needs at least one PATH (see sortie vet --help)")
			}
			format := c.String("format")
			if format != "text" && format != "json" {
				return failf(exitUsage, "unknown --format %q: use text or json", format)
			}
			vet := compiler.Vet
			if c.NArg() == 1 && compiler.IsCampaign(c.Args().First()) {
				// kind: "campaign": the campaign and every scenario it names (C001-C007).
				vet = func(paths []string, o compiler.Options) (diag.List, error) { return compiler.VetCampaign(paths[0], o) }
			}
			list, err := vet(c.Args().Slice(), compiler.Options{})
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			list.Sort()
			if format == "json" {
				if err := writeDiagJSON(e.stdout, list); err != nil {
					return failf(exitUsage, "%v", err)
				}
			} else if err := writeDiagText(e.stdout, list); err != nil {
				return failf(exitUsage, "%v", err)
			}
			if list.HasErrors() || (c.Bool("strict") && list.Count(diag.Warning) > 0) {
				return failf(exitFindings, "")
			}
			return nil
		},
	}
}

// writeDiagText prints "file:line:col: CODE: message" and an indented hint line per diagnostic.
func writeDiagText(w io.Writer, list diag.List) error {
	for _, d := range list {
		sev := ""
		if d.Severity != diag.Error {
			sev = d.Severity.String() + ": "
		}
		if _, err := fmt.Fprintf(w, "%s: %s: %s%s\n", d.Pos, d.Code, sev, d.Message); err != nil {
			return err
		}
		if d.Hint != "" {
			if _, err := fmt.Fprintf(w, "\thint: %s\n", d.Hint); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeDiagJSON prints {"diagnostics": [...], "errors": N, "warnings": N}.
func writeDiagJSON(w io.Writer, list diag.List) error {
	if list == nil {
		list = diag.List{}
	}
	out := struct {
		Diagnostics diag.List `json:"diagnostics"`
		Errors      int       `json:"errors"`
		Warnings    int       `json:"warnings"`
	}{list, list.Count(diag.Error), list.Count(diag.Warning)}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
