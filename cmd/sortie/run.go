package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/urfave/cli/v2"
)

func runCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "run",
		Usage:     "dry-run a scenario day by day (from a script, at the terminal, or by a policy)",
		ArgsUsage: "PATH|plan.json",
		Description: `run plays a scenario (or a plan written by "sortie compile") through its days: start phase
(rations, army movement, strength battles), action phase (the party's move, battles, events),
camp phase (episode or night raid) and night phase (rest or forced march).
A rules: "pathfinder" scenario instead marches its armies hex by hex along their routes and
fights a mass-combat battle wherever hostile armies meet (P-12..P-64); its decisions are
{tactic: "defensive wall"}, {strategy: aggressive}, {target: orcs}, {answer: yes|no} and
{place: HEX}, and the transcript prints every battle phase as a table.

Every decision comes from, in this order:
  --script FILE     a YAML or CUE list, one entry per decision: {move: east}, {pick: 3},
                    {night: march}, {battle: won}; {roll: [3, 5]} gives the next die faces;
                    an entry may assert {day: N}. With PCs in the party: {battle: fight}
                    (one more round), {battle: routed} (K-80), {protect: NAME|none},
                    {target: NAME|none}, {cancel: yes|no}, {take: yes|no} and
                    {traverse: continue|stop|leave}
  the terminal      when standard input is a terminal and no script is given: prompts list
                    the legal choices (--table-dice asks for every die too)
  --policy NAME     first or random: answers every decision (and what a script leaves)

Dice come from a generator seeded by --seed (same seed, same rolls), unless the script or
the table gives them. Exit 0 when the scenario succeeds, 1 when it fails or the script
disagrees with the state, 2 on usage or I/O errors.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "script", Usage: "take decisions (and rolls) from `FILE` (YAML or CUE)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the dice generator"},
			&cli.StringFlag{Name: "policy", Usage: "answer decisions by `NAME`: first or random"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text (transcript) or jsonl (one JSON record a line)"},
			&cli.BoolFlag{Name: "table-dice", Usage: "at the terminal, ask for every die roll instead of rolling"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return failf(exitUsage, "run needs exactly one PATH (a scenario or a plan.json; see sortie run --help)")
			}
			p, err := loadPlan(e, c.Args().First())
			if err != nil {
				return err
			}
			return runPlan(e, c, p)
		},
	}
}

// loadPlan reads a compiled plan (a .json file whose format is "sortie-plan") or compiles a scenario.
func loadPlan(e *env, path string) (*plan.Plan, error) {
	if strings.HasSuffix(path, ".json") {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		var head struct {
			Format *string `json:"format"`
		}
		if json.Unmarshal(data, &head) == nil && head.Format != nil {
			// A plan (or meant to be one): plan.Decode says what is wrong with it.
			p, err := plan.Decode(data)
			if err != nil {
				return nil, failf(exitUsage, "%s: %v", path, err)
			}
			return p, nil
		}
	}
	return compileOrFail(e, []string{path})
}

func runPlan(e *env, c *cli.Context, p *plan.Plan) error {
	if p.Pathfinder != nil {
		return runPathfinder(e, c, p)
	}
	seed := c.Uint64("seed")
	opts := runner.Options{Seed: seed}

	var policy runner.Decider
	var script *runner.Script
	if name := c.String("policy"); name != "" {
		d, err := runner.NewPolicy(name, seed)
		if err != nil {
			return failf(exitUsage, "%v", err)
		}
		policy = d
	}
	switch {
	case c.String("script") != "":
		s, list, err := runner.LoadScript(c.String("script"))
		if err != nil {
			return failf(exitUsage, "%v", err)
		}
		if list.HasErrors() {
			list.Sort()
			writeDiagText(e.stderr, list, false)
			return failf(exitFindings, "the script has errors")
		}
		opts.Decider = s
		opts.Fallback = policy
		script = s
	case isTerminal(e.stdin) && policy == nil:
		opts.Decider = runner.NewPrompt(e.stdin, e.stderr, c.Bool("table-dice"))
	case policy != nil:
		opts.Decider = policy
	default:
		return failf(exitUsage, "no decisions: standard input is not a terminal; give --script FILE or --policy first|random")
	}

	switch c.String("format") {
	case "text":
		opts.Sink = runner.NewTextSink(e.stdout)
	case "jsonl":
		opts.Sink = runner.NewJSONLSink(e.stdout)
	default:
		return failf(exitUsage, "unknown --format %q: use text or jsonl", c.String("format"))
	}

	res, err := runner.Run(p, opts)
	if err != nil {
		var de *runner.DecisionError
		switch {
		case errors.As(err, &de):
			writeDiagText(e.stderr, de.Diagnostics(), false)
			return failf(exitFindings, "")
		case errors.Is(err, runner.ErrNoInput):
			return failf(exitUsage, "input ended; the run stopped (%v)", err)
		}
		return failf(exitUsage, "%v", err)
	}
	if script != nil && res.Outcome != "stopped" {
		// X004: the scenario ended before the script did (a warning: the exit code is the outcome).
		writeDiagText(e.stderr, script.Unused(), false)
	}
	if res.Outcome != "success" {
		fmt.Fprintf(e.stderr, "sortie: scenario %s: %s on day %d", p.Scenario.ID, res.Outcome, res.Day)
		if res.Reason != "" {
			fmt.Fprintf(e.stderr, " (%s)", res.Reason)
		}
		fmt.Fprintln(e.stderr)
		return failf(exitFindings, "")
	}
	return nil
}

// runPathfinder runs a rules: "pathfinder" plan (hex field, armies, battles; RULES.md Part P).
func runPathfinder(e *env, c *cli.Context, p *plan.Plan) error {
	seed := c.Uint64("seed")
	opts := runner.PFOptions{Seed: seed, Rules: defaultRules, Out: e.stdout, Format: c.String("format")}
	if opts.Format != "text" && opts.Format != "jsonl" {
		return failf(exitUsage, "unknown --format %q: use text or jsonl", opts.Format)
	}
	if err := deciders(e, c, seed, &opts.Decider, &opts.Fallback, true); err != nil {
		return err
	}
	res, err := runner.RunPathfinder(p, opts)
	if err != nil {
		return decisionFailure(e, err)
	}
	if res.Outcome != runner.Success {
		fmt.Fprintf(e.stderr, "sortie: scenario %s: %s on day %d (%s)\n", p.Scenario.ID, res.Outcome, res.Day, res.Reason)
		return failf(exitFindings, "")
	}
	return nil
}
