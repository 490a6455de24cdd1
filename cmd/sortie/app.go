package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

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
}

// Main runs sortie with args (without the program name) and returns the exit code. Only main calls
// os.Exit.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	app := newApp(e)
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") && args[0] != "help" && app.Command(args[0]) == nil {
		fmt.Fprintf(stderr, "sortie: unknown command %q (see sortie help)\n", args[0])
		return exitUsage
	}
	err := app.Run(append([]string{"sortie"}, reorderArgs(app, args)...))
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintf(stderr, "sortie: %s\n", ee.msg)
		}
		return ee.code
	}
	// Anything else comes from flag parsing or the cli library: a usage error.
	fmt.Fprintf(stderr, "sortie: %v\n", err)
	return exitUsage
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

Exit codes: 0 clean or success, 1 findings or a failed scenario, 2 usage or I/O error.`,
		Reader:         e.stdin,
		Writer:         e.stdout,
		ErrWriter:      e.stderr,
		HideVersion:    true,
		Suggest:        true,
		ExitErrHandler: func(*cli.Context, error) {}, // never os.Exit inside the library
		OnUsageError:   usageError,
		Commands: []*cli.Command{
			vetCommand(e),
			compileCommand(e),
			runCommand(e),
			explainCommand(e),
			battleCommand(e),
		},
	}
	return app
}

func usageError(c *cli.Context, err error, isSubcommand bool) error {
	return failf(exitUsage, "%v (see sortie %s --help)", err, c.Command.Name)
}

// reorderArgs moves flags that follow positional arguments in front of them, so that
// `sortie vet dir --format json` works as users expect (urfave/cli stops at the first positional).
// Everything after "--" stays positional.
func reorderArgs(app *cli.App, args []string) []string {
	if len(args) == 0 {
		return args
	}
	var cmd *cli.Command
	for _, c := range app.Commands {
		if c.HasName(args[0]) {
			cmd = c
		}
	}
	if cmd == nil {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, pos []string
	rest := args[1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			pos = append(pos, rest[i+1:]...)
			break
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] && i+1 < len(rest) {
				flags = append(flags, rest[i+1])
				i++
			}
			continue
		}
		pos = append(pos, a)
	}
	out := append([]string{args[0]}, flags...)
	if len(pos) > 0 {
		out = append(out, "--")
		out = append(out, pos...)
	}
	return out
}

// isTerminal reports whether r is a terminal (for prompts) .
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && termIsTerminal(int(f.Fd()))
}
