package main

import (
	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/compiler/words"
	"github.com/urfave/cli/v2"
)

func compileCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "compile",
		Usage:     "compile a scenario into a plan (versioned JSON, every reference resolved)",
		ArgsUsage: "PATH...",
		Description: `compile vets the scenario and, when it has no errors, writes its plan: deterministic JSON
that "sortie run" reads without the sources. Without -o the plan goes to standard output. -o
writes atomically and never overwrites a file that is not a plan (a scenario, a script).`,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the plan to `FILE`"},
		}, budgetFlags()...),
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return failf(exitUsage, "compile needs a PATH (see sortie compile --help)")
			}
			budget, err := budgetOf(c)
			if err != nil {
				return err
			}
			out := c.String("output")
			wo := safeio.Options{Flag: "-o", Sources: inputSources(c.Args().Slice()...), Kind: "a sortie plan", IsKind: isPlan}
			if out != "" && out != "-" {
				if err := checkOutput(out, wo); err != nil {
					return err
				}
			}
			if isCampaignPath(c.Args().Slice()) {
				return refuseKind("compile", c.Args().First(), "campaign")
			}
			p, err := compileOrFail(e, c.Args().Slice(), compiler.Options{Budget: budget})
			if u := unitOf(err); u != nil {
				return refuseKind("compile", c.Args().First(), u.Kind)
			}
			if err != nil {
				return err
			}
			data, err := plan.Encode(p)
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			if out == "" || out == "-" {
				_, err = e.stdout.Write(data)
				return err
			}
			return writeOutput(out, data, wo)
		},
	}
}

// compileOrFail compiles paths; findings are printed to stderr (warnings too) and errors fail
// with exit 1, I/O problems with exit 2.
// o carries the command's budget (e.opts()).
func compileOrFail(e *env, paths []string, o compiler.Options) (*plan.Plan, error) {
	u, list, err := compiler.CompileAny(paths, o)
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	list.Sort()
	writeDiagText(e.stderr, list, false)
	if list.HasErrors() || u == nil {
		return nil, failf(exitFindings, "%s; no plan written", words.Count(list.Count(diag.Error), "error"))
	}
	if u.Kind != "scenario" {
		return nil, &otherUnit{path: paths[0], unit: u}
	}
	return u.Plan, nil
}
