package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/scaffold"
	"github.com/urfave/cli/v2"
)

func initCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "init",
		Usage:     "start a scenario, campaign or battle from a commented, playable template",
		ArgsUsage: "DIR",
		Description: `init writes a complete, commented starting point into DIR (created if needed; an existing
DIR must be empty): a scenario with a script that wins and a tests list that checks it, a
campaign (Karzoral: a prologue and a scenario, with a campaign script), or a battle file
(Pathfinder, or When Armies Clash with a script of its first round). Everything it writes in CUE
or YAML passes sortie vet --strict, and its script plays. In JSON, which has no comments and so
no @sortie suppressions, the Karzoral scenario and campaign keep one warning their template
silences (W001: the militia falls at the ford unless the party acts, by design): sortie vet
passes, --strict after sortie vet --write-baseline FILE and with --baseline FILE.

  sortie init myfield --rules karzoral            # scenario.cue, win.yaml
  sortie init war --rules pathfinder --kind battle
  sortie init ford --rules clash                   # battle.cue, script.yaml
  sortie init plateau --rules karzoral --kind campaign
  sortie init field01b --from scenarios/karzoral/field01   # a copy under a new id
  sortie init ford --rules clash --format yaml     # battle.yaml: the same, in YAML

--format yaml writes the scenario, campaign or battle file in YAML with the template's comments
(and its @sortie suppressions as comments); json in JSON, which has no comments. Scripts are YAML
either way.

The id is DIR's name (lower case, other characters as '-') unless --id gives one. --from copies
an existing scenario's folder (its files, scripts and notes) and rewrites its id (and the CUE
package clause; the title with --title).

Exit 0 when written, 1 when the written files do not vet (a --from copy of a scenario with
errors: they are printed), 2 on usage or I/O errors (DIR not empty, unknown rules or kind).`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "rules", Usage: "karzoral, pathfinder or clash"},
			&cli.StringFlag{Name: "kind", Usage: "scenario (default), campaign (karzoral) or battle (pathfinder)"},
			&cli.StringFlag{Name: "from", Usage: "copy the scenario at `PATH` instead of a template"},
			&cli.StringFlag{Name: "id", Usage: "the new id (default: from DIR's name)"},
			&cli.StringFlag{Name: "title", Usage: "the new title"},
			&cli.StringFlag{Name: "format", Value: "cue", Usage: "write the scenario, campaign or battle file as cue, yaml or json (scripts are YAML)"},
		},
		Action: func(c *cli.Context) error {
			dir := c.Args().First()
			if c.NArg() != 1 {
				return failf(exitUsage, "init needs exactly one DIR (see sortie init --help)")
			}
			if err := compiler.EmptyPath(dir); err != nil {
				return failf(exitUsage, "%v", err)
			}
			if strings.IndexFunc(dir, esc.Hidden) >= 0 {
				// A folder named with an ESC or a bidi override shows as something else in every
				// listing and rewrites the terminal of whoever prints its name.
				return failf(exitUsage, "init %s: the folder's name holds a control or hidden character: refused", esc.Exact(dir))
			}
			id := c.String("id")
			if id == "" {
				id = scaffold.IDFromDir(dir)
			}
			if !scaffold.ValidID(id) {
				return failf(exitUsage, "--id %q is not an id: letters, digits, '_' and '-', not starting with '-'", id)
			}
			var files []scaffold.File
			var err error
			if from := c.String("from"); from != "" {
				if c.String("rules") != "" || c.String("kind") != "" || c.IsSet("format") {
					return failf(exitUsage, "--from copies a scenario as it is: drop --rules, --kind and --format")
				}
				files, err = copyScenario(e, from, id, c.String("title"))
			} else {
				if c.String("rules") == "" {
					return failf(exitUsage, "init needs --rules %s (or --from PATH)", strings.Join(scaffold.Rules, "|"))
				}
				if f := c.String("format"); !contains(scaffold.Formats, f) {
					return failf(exitUsage, "unknown --format %q: use %s", f, strings.Join(scaffold.Formats, ", "))
				}
				files, err = scaffold.New(scaffold.Options{Rules: c.String("rules"), Kind: c.String("kind"), ID: id, Title: c.String("title"), Format: c.String("format")})
			}
			if err != nil {
				return err
			}
			if err := scaffold.Write(dir, files); err != nil {
				if errors.Is(err, scaffold.ErrNotEmpty) {
					return failf(exitUsage, "%v", err)
				}
				return failf(exitUsage, "cannot write %s: %v", esc.Text(dir), err)
			}
			for _, f := range files {
				fmt.Fprintf(e.stdout, "wrote %s\n", esc.Text(filepath.ToSlash(filepath.Join(dir, f.Path))))
			}
			if c.String("format") == "json" {
				fmt.Fprintln(e.stderr, "note: JSON has no comments: the template's explanations are left out, and a finding it silences with @sortie(ignore=...) is reported (record it with sortie vet --write-baseline FILE, then vet with --baseline FILE); --format yaml keeps them")
			}
			return vetWritten(e, dir, files)
		},
	}
}

// copyScenario reads the scenario at from and returns its files under the new id.
func copyScenario(e *env, from, id, title string) ([]scaffold.File, error) {
	if compiler.IsCampaign(from) {
		return nil, failf(exitUsage, "%s is a campaign: --from copies one scenario", from)
	}
	list, units, err := compiler.VetScenarios([]string{from}, e.opts())
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	if len(units) == 0 && len(list) == 1 && list[0].Code == "L015" {
		// A script, a plan, a save or a baseline: nothing to copy.
		return nil, failf(exitUsage, "--from %s: %s: name the scenario's folder or its scenario file", from, list[0].Message)
	}
	if len(units) != 1 {
		return nil, failf(exitUsage, "--from %s: want one scenario, found %d", from, len(units))
	}
	files, err := scaffold.From(units[0].Files, id, title)
	if err != nil {
		return nil, failf(exitUsage, "--from %s: %v", from, err)
	}
	return files, nil
}

// vetWritten vets what init wrote, as the user will (a campaign file as a campaign), and says
// what to do next.
func vetWritten(e *env, dir string, files []scaffold.File) error {
	var list diag.List
	var err error
	q := shellQuote(dir)
	next := fmt.Sprintf("sortie vet %s; sortie test %s", q, q)
	if name := oneOf(files, "campaign"); name != "" {
		camp := filepath.Join(dir, name)
		list, err = compiler.VetCampaign(camp, e.opts())
		next = fmt.Sprintf("sortie campaign vet %s; sortie campaign run %s", shellQuote(camp), shellQuote(camp))
		if hasFile(files, "play.yaml") {
			next += " --script " + shellQuote(filepath.Join(dir, "play.yaml"))
		}
	} else {
		list, err = compiler.Vet([]string{dir}, e.opts())
		if oneOf(files, "battle") != "" {
			next = fmt.Sprintf("sortie vet %s; sortie battle %s", q, q)
			switch {
			case hasFile(files, "win.yaml"): // a --from copy has the scripts its source had
				next += " --script " + shellQuote(filepath.Join(dir, "win.yaml")) + " --policy first"
			case hasFile(files, "script.yaml"): // a clash battle's first round
				next += " --script " + shellQuote(filepath.Join(dir, "script.yaml"))
			}
		}
	}
	if err != nil {
		return failf(exitUsage, "%v", err)
	}
	list.Sort()
	if len(list) > 0 {
		writeDiagText(e.stderr, list, false)
	}
	if list.HasErrors() {
		return failf(exitFindings, "the files were written but have %s", words.Count(list.Count(diag.Error), "error"))
	}
	fmt.Fprintf(e.stdout, "next: %s\n", next)
	return nil
}

// shellQuote quotes a path for the "next:" line when a shell would split or expand it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./+,:@", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// oneOf is the file base.cue, base.yaml or base.json among files ("" when none is).
func oneOf(files []scaffold.File, base string) string {
	for _, f := range scaffold.Formats {
		if hasFile(files, base+"."+f) {
			return base + "." + f
		}
	}
	return ""
}

func hasFile(files []scaffold.File, name string) bool {
	for _, f := range files {
		if f.Path == name {
			return true
		}
	}
	return false
}
