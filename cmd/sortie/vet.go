package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/urfave/cli/v2"
)

// vetCache opens the result cache (compiler.DefaultCacheDir), or returns nil when there is none
// or it cannot be made: the cache only saves time, so vet then goes on without it (saying why on
// stderr when the directory is refused: another user's, or writable by others).
func vetCache(e *env) compiler.Cache {
	dir, err := compiler.DefaultCacheDir()
	if err != nil || dir == "" {
		return nil
	}
	c, err := compiler.OpenDirCache(dir)
	if err != nil {
		fmt.Fprintf(e.stderr, "sortie: %v (vetting without a cache)\n", err)
		return nil
	}
	return c
}

func vetCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "vet",
		Usage:     "check scenarios and report every mistake it can prove",
		ArgsUsage: "PATH...",
		Description: `vet loads each PATH (a scenario file, several files of one scenario, or a directory or a
pattern DIR/... for every scenario in DIR and below it), applies the schema and runs every check. Each
YAML or JSON file with a top-level kind is a scenario of its own; the CUE files of one package
in one folder are one (with --packages a CUE file named brings the rest of its package); a
script, plan, save or baseline named among them is noted (L015) and left alone;
scenarios are vetted in parallel; a campaign file, kind: "campaign", named or found in a
folder or below DIR, is vetted as a campaign (see sortie campaign vet). Each finding prints as

  file:line:col: CODE: message
  	hint: what to do

--format json, sarif (SARIF 2.1.0 for GitHub code scanning), github (workflow annotations) and
junit (one test suite per scenario, one test case per check) suit CI. A finding can be silenced
on one entity with @sortie(ignore="CODE", reason="why") after the field, or for a whole corpus
with a baseline file (--write-baseline FILE once, then --baseline FILE).

Each scenario is evaluated in a process of its own under a budget of processor time and memory
(--max-cpu, --max-memory): a file that would compute or build too much is reported with L011 or
L012 and the other scenarios are vetted as usual.

A scenario's result is cached, keyed by the contents of its files, sortie's build and the
options: vetting an unchanged scenario again reads the result instead. The cache is the sortie
folder of the user's cache directory, or $SORTIE_CACHE (SORTIE_CACHE=off: none); --no-cache
bypasses it.

--fix corrects, in the files, the findings that say exactly what to write (compiler/fix): a
misspelt id, field, enum value, tactic, creature or spell with a did-you-mean; a YAML number with
a leading zero, written as the schema wants it there ("007" where a string is wanted, 1 where a
number is, the only value allowed for version: 02; none where neither fits, as side: 01); a
missing required field with an obvious default (a file without rules: gets rules: karzoral, the
default, before its first field); a quoted bool or number ("yes" where a bool is wanted: true).
Each file is replaced atomically, and the findings left are reported as usual. --diff writes nothing and
prints what --fix would change as a unified diff. Without either flag vet writes no file.

"sortie explain CODE" tells more about a code. Exit 0 when clean, 1 when there are errors
(warnings too with --strict), 2 on usage or I/O errors.

Text output ends with a summary line when there are findings, "3 problems (2 errors, 1 warning)
in 2 of 14 files" (--quiet drops it; the machine formats never carry it); --write-baseline says
on standard error how many findings it recorded.`,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: " + strings.Join(vetFormats, ", ")},
			&cli.BoolFlag{Name: "strict", Usage: "exit 1 on warnings too"},
			&cli.StringFlag{Name: "baseline", Usage: "do not report the findings recorded in `FILE`"},
			&cli.StringFlag{Name: "write-baseline", Usage: "record the current findings in `FILE` (and exit 0)"},
			&cli.BoolFlag{Name: "packages", Usage: "a CUE file named stands for its whole package in its folder (for hooks that name changed files)"},
			&cli.BoolFlag{Name: "no-cache", Usage: "vet every scenario afresh, neither reading nor writing the result cache"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no summary line after the findings (text), nothing about the baseline written"},
			&cli.BoolFlag{Name: "fix", Usage: "correct in the files the findings that say what to write (a did-you-mean, a leading zero as the schema wants it, a missing rules:, a quoted bool or number), then report the rest"},
			&cli.BoolFlag{Name: "diff", Usage: "write nothing; print what --fix would change as a unified diff (exit 1 if anything would)"},
		}, budgetFlags()...),
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return failf(exitUsage, "vet needs at least one PATH (see sortie vet --help)")
			}
			if err := vetFormatOf(c.String("format")); err != nil {
				return err
			}
			budget, err := budgetOf(c)
			if err != nil {
				return err
			}
			opts := compiler.Options{Budget: budget, Packages: c.Bool("packages")}
			if !c.Bool("no-cache") {
				opts.Cache = vetCache(e)
			}
			if name := c.String("write-baseline"); name != "" {
				if err := checkOutput(name, baselineOpts(c)); err != nil {
					return err
				}
			}
			var base map[baselineEntry]int
			if name := c.String("baseline"); name != "" {
				// A pipe would block the open, a device never end: only a regular file is read.
				if _, err := safeio.Stat(name); safeio.CodeOf(err) != "" {
					return failf(exitUsage, "%s: not a sortie baseline: not a regular file (a folder, a pipe or a device): %s: refused", name, safeio.CodeOf(err))
				}
				data, err := safeio.ReadNamed(name, maxBaseline)
				if err != nil {
					return failf(exitUsage, "baseline: %v", err)
				}
				base, err = readBaseline(data)
				var be *baselineError
				if errors.As(err, &be) && be.line > 0 {
					return failf(exitUsage, "%s:%d:%d: %v", name, be.line, be.col, err)
				}
				if err != nil {
					return failf(exitUsage, "%s: %v", name, err)
				}
			}
			// CUE evaluation allocates much short-lived memory: a vet run is short, so trade some
			// memory for less collection (about a quarter less CPU on a 500-scenario corpus),
			// unless the user set GOGC.
			if os.Getenv("GOGC") == "" {
				defer debug.SetGCPercent(debug.SetGCPercent(400))
			}
			// A campaign file among the paths (kind: "campaign") is vetted as a campaign, with
			// every scenario it names (C001-C007), and is a suite of the JUnit report.
			var list diag.List
			var scenarios []compiler.ScenarioFiles
			if c.Bool("fix") || c.Bool("diff") {
				if c.String("write-baseline") != "" {
					return failf(exitUsage, "--fix and --diff do not go with --write-baseline")
				}
				f, err := vetFix(c.Args().Slice(), opts)
				if err != nil {
					return failf(exitUsage, "%v", err)
				}
				if c.Bool("diff") {
					if e.writeFixDiff(f) {
						return failf(exitFindings, "")
					}
					return nil
				}
				if err := e.writeFixes(f); err != nil {
					return err
				}
				list, scenarios = f.list, f.scenarios
			} else if list, scenarios, err = compiler.VetScenarios(c.Args().Slice(), opts); err != nil {
				return failf(exitUsage, "%v", err)
			}
			// Every tests: script exists and stays in its folder (Q004), as sortie test checks.
			list = append(list, vetTestScripts(list, scenarios, budget)...)
			list.Sort()
			if name := c.String("write-baseline"); name != "" {
				var buf bytes.Buffer
				if err := writeBaseline(&buf, list, baselineDir(name)); err != nil {
					return failf(exitUsage, "%v", err)
				}
				if err := writeOutput(name, buf.Bytes(), baselineOpts(c)); err != nil {
					return err
				}
				if !c.Bool("quiet") {
					io.WriteString(e.stderr, baselineSummary(name, list))
				}
				return nil
			}
			if base != nil {
				list = applyBaseline(list, base, baselineDir(c.String("baseline")))
			}
			return e.writeVetResult(c.String("format"), list, scenarios, c.Bool("strict"), !c.Bool("quiet"))
		},
	}
}

// writeVetResult prints list in format (one of vetFormats; scenarios are the units vetted, the
// suites of junit; summary adds the text summary line) and returns the exit: exitFindings on
// errors, or on warnings too when strict; exitUsage when the output cannot be written. vet and
// campaign vet share it, so a campaign file gets every format a scenario gets.
func (e *env) writeVetResult(format string, list diag.List, scenarios []compiler.ScenarioFiles, strict, summary bool) error {
	var werr error
	switch format {
	case "json":
		werr = writeDiagJSON(e.stdout, list)
	case "sarif":
		werr = writeSARIF(e.stdout, list)
	case "github":
		werr = writeGitHub(e.stdout, list)
	case "junit":
		werr = writeJUnit(e.stdout, list, scenarios, strict)
	default:
		werr = writeDiagText(e.stdout, list, e.colour())
		if werr == nil && summary {
			werr = writeVetSummary(e.stdout, list, filesVetted(scenarios))
		}
	}
	if werr != nil {
		return failf(exitUsage, "%v", werr)
	}
	if list.HasErrors() || (strict && list.Count(diag.Warning) > 0) {
		return failf(exitFindings, "")
	}
	return nil
}

// vetFormatOf is format when it is one of vetFormats, else a usage error naming them.
func vetFormatOf(format string) error {
	for _, f := range vetFormats {
		if f == format {
			return nil
		}
	}
	return failf(exitUsage, "unknown --format %q: use %s", format, strings.Join(vetFormats, ", "))
}

// colour reports whether text output may use colour: stdout is a terminal and NO_COLOR is unset.
func (e *env) colour() bool {
	f, ok := e.stdout.(*os.File)
	return ok && os.Getenv("NO_COLOR") == "" && termIsTerminal(int(f.Fd()))
}

// baselineOpts are the rules of --write-baseline's file: a baseline or a new file, never a source.
func baselineOpts(c *cli.Context) safeio.Options {
	return safeio.Options{Flag: "--write-baseline", Sources: inputSources(c.Args().Slice()...), Kind: "a sortie baseline", IsKind: isBaseline}
}
