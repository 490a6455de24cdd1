package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/urfave/cli/v2"
)

// Exit codes (the cmd/go convention).
const (
	exitOK       = 0 // clean vet, successful run
	exitFindings = 1 // findings, a failed scenario, a script that disagrees with the state
	exitUsage    = 2 // bad usage, I/O errors
)

// exitError carries an exit code and an optional message (printed as "sortie: message").
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func failf(code int, format string, args ...any) error {
	return &exitError{code: code, msg: fmt.Sprintf(format, args...)}
}

// env is what a command sees of the process: arguments aside, its standard streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// budget is the evaluation budget of the command at hand (--max-cpu, --max-memory): every
	// command that evaluates a stranger's CUE has the flags (withBudget) and passes it on (opts).
	budget compiler.Budget
	// command is the command being run ("sortie battle", "sortie campaign run"), for the
	// compiler's refusals that name it (Options.Command).
	command string
}

// opts are the compiler options of the command at hand: its budget.
func (e *env) opts() compiler.Options {
	return compiler.Options{Budget: e.budget, Command: e.command}
}

// Main runs sortie with args (without the program name) and returns the exit code. Only main calls
// os.Exit.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	fitTranscript(stdout)
	app := newApp(e)
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") && args[0] != "help" && app.Command(args[0]) == nil {
		fmt.Fprintf(stderr, "sortie: unknown command %q (see sortie help)\n", args[0])
		return exitUsage
	}
	ordered, err := reorderArgs(app, args)
	if err != nil {
		// reorderArgs fails only for a known command, so args[0] names it.
		fmt.Fprintf(stderr, "sortie: %s (see sortie %s --help)\n", esc.Text(err.Error()), esc.Text(args[0]))
		return exitUsage
	}
	e.command = commandOf(ordered)
	err = app.Run(append([]string{"sortie"}, ordered...))
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			// One line, whatever a stranger's string quoted in it holds (a save's path or
			// script, a revision, a file name): every exit message is shown through esc.Text.
			fmt.Fprintf(stderr, "sortie: %s\n", esc.Text(ee.msg))
		}
		return ee.code
	}
	// Anything else comes from flag parsing or the cli library: a usage error.
	fmt.Fprintf(stderr, "sortie: %s\n", esc.Text(err.Error()))
	return exitUsage
}

// commandOf names the command of args as a user types it: "sortie battle", "sortie campaign
// run"; "" when args start with a flag or name none.
func commandOf(args []string) string {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		return ""
	}
	c := "sortie " + args[0]
	if args[0] == "campaign" && len(args) > 1 && !strings.HasPrefix(args[1], "-") {
		c += " " + args[1]
	}
	return c
}

func newApp(e *env) *cli.App {
	app := &cli.App{
		Name:  "sortie",
		Usage: "vet, compile and dry-run tabletop-RPG campaign scenarios",
		Description: `sortie reads scenarios written in CUE (YAML and JSON too): a field of blocks, friendly and
enemy armies with their routes, encounters, events, objectives and episodes.

  sortie vet scenarios/karzoral/field01          name every mistake with file:line:col and a code
  sortie compile scenarios/karzoral/field01 -o plan.json
  sortie run scenarios/karzoral/field01 --script scenarios/karzoral/field01/win.yaml
  sortie explain F002                            what a diagnostic code means and how to fix it
  sortie battle scenarios/pathfinder/orc-horde --runs 10000   Pathfinder mass combat: rates
  sortie campaign run scenarios/karzoral/campaign.cue --script scenarios/karzoral/campaign-play.yaml
  sortie run scenarios/karzoral/field01 --save run.json; sortie resume run.json

Exit codes: 0 clean or success, 1 findings or a failed scenario, 2 usage or I/O error.`,
		Reader:         e.stdin,
		Writer:         e.stdout,
		ErrWriter:      e.stderr,
		Version:        version(),
		Suggest:        true,
		ExitErrHandler: func(*cli.Context, error) {}, // never os.Exit inside the library
		OnUsageError:   usageError,
		Commands: []*cli.Command{
			vetCommand(e),
			compileCommand(e),
			runCommand(e),
			campaignCommand(e),
			resumeCommand(e),
			explainCommand(e),
			schemaCommand(e),
			battleCommand(e),
			fmtCommand(e),
			graphCommand(e),
			testCommand(e),
			initCommand(e),
			diffCommand(e),
			lspCommand(e),
			simulateCommand(e),
			replayCommand(e),
		},
	}
	for _, c := range app.Commands {
		c.OnUsageError = usageError
		if evaluates[c.Name] {
			withBudget(e, c)
		}
		refuseEmptyPaths(c)
	}
	return app
}

// pathFlags are the flags that name a file or a folder to read or write.
var pathFlags = []string{"html", "save", "script", "output", "o", "replay-dir", "expect", "plan", "baseline", "write-baseline", "log", "from"}

// refuseEmptyPaths makes c (and its subcommands) refuse a path flag given as an empty or blank
// string before it runs: --html "$OUT" with OUT unset wrote nothing and said nothing (issue 25
// review D4), where an empty argument is refused (compiler.EmptyPath). Exit 2.
func refuseEmptyPaths(c *cli.Command) {
	for _, sc := range c.Subcommands {
		refuseEmptyPaths(sc)
	}
	if c.Action == nil {
		return
	}
	action := c.Action
	c.Action = func(ctx *cli.Context) error {
		for _, n := range pathFlags {
			if ctx.IsSet(n) && strings.TrimSpace(ctx.String(n)) == "" {
				return failf(exitUsage, "--%s: an empty path (%q): name a file or a folder", n, ctx.String(n))
			}
			if n == "html" && ctx.IsSet(n) && ctx.String(n) == "-" {
				// A page is a file (its replay pages and links beside it): "-" is no standard
				// output here (issue 25 review D6: it wrote a file named "-").
				return failf(exitUsage, "--html -: a page is written to a file: name one (page.html)")
			}
		}
		if err := refuseSharedOutput(ctx); err != nil {
			return err
		}
		return action(ctx)
	}
}

// outputFlags are the path flags a command writes.
var outputFlags = map[string]bool{"html": true, "save": true, "output": true, "o": true, "write-baseline": true, "log": true}

// refuseSharedOutput refuses, before the command runs, two path flags that name one file when
// either is written: --save F --html F ran the whole run, saved to F and then refused to write
// the page over the save (issue 28's attack trial). Exit 2.
func refuseSharedOutput(ctx *cli.Context) error {
	seen := map[string]string{} // absolute path -> the flag that named it
	for _, n := range pathFlags {
		if n == "o" || !ctx.IsSet(n) {
			continue // -o is --output's alias: the same value
		}
		abs, err := filepath.Abs(ctx.String(n))
		if err != nil {
			continue
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		if other, ok := seen[abs]; ok && (outputFlags[n] || outputFlags[other]) {
			return failf(exitUsage, "--%s and --%s name the same file %s: give each its own", other, n, esc.Text(ctx.String(n)))
		}
		seen[abs] = n
	}
	return nil
}

// evaluates names the commands that evaluate CUE a stranger may have written (issue 28): each
// gets --max-cpu and --max-memory (the subcommands of campaign too). explain, schema and fmt
// evaluate no author's CUE (fmt parses and prints it, the parser's bounds apply).
var evaluates = map[string]bool{"vet": true, "compile": true, "run": true, "campaign": true, "resume": true,
	"battle": true, "graph": true, "test": true, "init": true, "diff": true, "lsp": true, "simulate": true,
	"replay": true}

// withBudget gives a command (and its subcommands) the budget flags, unless it declares them
// itself, and reads them into e.budget before the command runs (a bad value: exit 2).
func withBudget(e *env, c *cli.Command) {
	if len(c.Subcommands) > 0 {
		for _, sc := range c.Subcommands {
			withBudget(e, sc)
		}
		return
	}
	has := false
	for _, f := range c.Flags {
		for _, n := range f.Names() {
			has = has || n == "max-cpu"
		}
	}
	if !has {
		c.Flags = append(c.Flags, budgetFlags()...)
	}
	before := c.Before
	c.Before = func(ctx *cli.Context) error {
		b, err := budgetOf(ctx)
		if err != nil {
			return err
		}
		e.budget = b
		if before != nil {
			return before(ctx)
		}
		return nil
	}
}

func usageError(c *cli.Context, err error, isSubcommand bool) error {
	if c.Command != nil && c.Command.Name != "" && c.Command.Name != "sortie" {
		return failf(exitUsage, "%v (see sortie %s --help)", err, c.Command.Name)
	}
	return failf(exitUsage, "%v (see sortie --help)", err)
}

// reorderArgs moves flags that follow positional arguments in front of them, so that
// `sortie vet dir --format json` works as users expect (urfave/cli stops at the first positional).
// Everything after "--" stays positional.
func reorderArgs(app *cli.App, args []string) ([]string, error) {
	if len(args) == 0 {
		return args, nil
	}
	var cmd *cli.Command
	for _, c := range app.Commands {
		if c.HasName(args[0]) {
			cmd = c
		}
	}
	if cmd == nil {
		return args, nil
	}
	if len(args) > 1 {
		// A command with subcommands (sortie campaign run FILE --script F): reorder for the subcommand.
		for _, sc := range cmd.Subcommands {
			if sc.HasName(args[1]) {
				r, err := reorderArgs(&cli.App{Commands: cmd.Subcommands}, args[1:])
				return append([]string{args[0]}, r...), err
			}
		}
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, pos, dangling []string
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			pos = append(pos, rest[i:]...) // "--" and everything after it stay as they are
			break
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] {
				if i+1 == len(rest) {
					// A value flag with no value: reported by Main as a usage error.
					dangling = append(dangling, a)
					continue
				}
				flags = append(flags, a, rest[i+1])
				i++
				continue
			}
			flags = append(flags, a)
			continue
		}
		pos = append(pos, a)
	}
	if len(dangling) > 0 {
		return nil, fmt.Errorf("flag %s needs a value", dangling[0])
	}
	out := append([]string{args[0]}, flags...)
	return append(out, pos...), nil
}

// isTerminal reports whether r is a terminal (for prompts) .
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && termIsTerminal(int(f.Fd()))
}

// version is the module version the binary was built from ("(devel)" for a local build), with the
// VCS revision when the build recorded one.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}
