package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/urfave/cli/v2"

	// The mass-combat engine registers its codes (M001-M009) in the catalogue when linked.
	_ "github.com/sortie-rpg/sortie/runner/pathfinder"
)

func explainCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "explain a diagnostic code (what it means, an example, how to fix it)",
		ArgsUsage: "[CODE]",
		Description: `explain prints the page of a diagnostic code such as F002. Without a CODE it lists every
code with its title. --format json prints the catalogue (or one page) as JSON: code, title,
severity and doc for each code, sorted by code.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text or json"},
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if format != "text" && format != "json" {
				return failf(exitUsage, "unknown --format %q: use text or json", format)
			}
			if c.NArg() > 1 {
				return failf(exitUsage, "explain takes one CODE")
			}
			infos := diag.Codes()
			if c.NArg() == 1 {
				in, ok := diag.Lookup(strings.ToUpper(c.Args().First()))
				if !ok {
					return failf(exitUsage, "unknown code %q (sortie explain lists them all)", c.Args().First())
				}
				infos = []diag.CodeInfo{in}
			}
			if format == "json" {
				type page struct {
					Code     string        `json:"code"`
					Title    string        `json:"title"`
					Severity diag.Severity `json:"severity"`
					Doc      string        `json:"doc"`
				}
				out := make([]page, 0, len(infos))
				for _, in := range infos {
					out = append(out, page{in.Code, in.Title, in.Severity, strings.TrimSpace(in.Doc)})
				}
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(out); err != nil {
					return failf(exitUsage, "%v", err)
				}
				return nil
			}
			if c.NArg() == 0 {
				for _, in := range infos {
					fmt.Fprintf(e.stdout, "%s  %-7s  %s\n", in.Code, in.Severity, in.Title)
				}
				return nil
			}
			in := infos[0]
			if _, err := fmt.Fprintf(e.stdout, "%s: %s (%s)\n\n%s\n", in.Code, in.Title, in.Severity, strings.TrimSpace(in.Doc)); err != nil {
				return failf(exitUsage, "%v", err)
			}
			return nil
		},
	}
}
