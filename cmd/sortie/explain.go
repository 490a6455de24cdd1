package main

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/urfave/cli/v2"
)

func explainCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "explain a diagnostic code (what it means, an example, how to fix it)",
		ArgsUsage: "[CODE]",
		Description: `explain prints the page of a diagnostic code such as F002. Without a CODE it lists every
code with its title.`,
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				for _, in := range diag.Codes() {
					fmt.Fprintf(e.stdout, "%s  %-7s  %s\n", in.Code, in.Severity, in.Title)
				}
				return nil
			}
			if c.NArg() > 1 {
				return failf(exitUsage, "explain takes one CODE")
			}
			code := strings.ToUpper(c.Args().First())
			in, ok := diag.Lookup(code)
			if !ok {
				return failf(exitUsage, "unknown code %q (sortie explain lists them all)", c.Args().First())
			}
			if _, err := fmt.Fprintf(e.stdout, "%s: %s (%s)\n\n%s\n", in.Code, in.Title, in.Severity, strings.TrimSpace(in.Doc)); err != nil {
				return failf(exitUsage, "%v", err)
			}
			return nil
		},
	}
}
