package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/simreport"
	"github.com/urfave/cli/v2"
)

func simulateCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "simulate",
		Usage:     "Monte Carlo dry-runs: outcome rates, days, coverage, heat maps, balance checks",
		ArgsUsage: "PATH",
		Description: `simulate plays a scenario (Karzoral or Pathfinder), a campaign or a Pathfinder battle file
--runs times, run i with the dice seeded by --seed + i and every decision from --policy, on
--workers workers (the report is the same whatever their number), and reports:

  - how the runs ended: each outcome's rate with its 95% (Wilson) interval, and its causes;
  - when they ended: min, median, p90 and max day (phase, for a battle), with a histogram;
  - the values at the end as distributions: army strengths, rations, the XP each PC gained;
  - coverage: every block, passage, box, event, objective, encounter, episode (for battles:
    tactic, strategy, army fate) with the runs it happened in, and what never happened.

Policies: first (the first legal choice), random (a uniform choice each time).
--format json writes the report as JSON; --html FILE also writes it as one self-contained page
(heat maps of where the party and each army stood, histograms, the coverage lists). A progress
bar is drawn on standard error when it is a terminal. Exit 0, or 2 on usage or I/O errors.`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "runs", Value: 1000, Usage: "play `N` runs"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "run i is seeded with `S` + i"},
			&cli.StringFlag{Name: "policy", Value: "random", Usage: "decide by `NAME`: first or random"},
			&cli.IntFlag{Name: "workers", Usage: "play on `W` workers (default: the number of processors)"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "report format: text or json"},
			&cli.StringFlag{Name: "html", Usage: "also write the report as a self-contained HTML page to `FILE`"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return failf(exitUsage, "simulate needs exactly one PATH (a scenario, a plan.json, a campaign or a battle file)")
			}
			format := c.String("format")
			if format != "text" && format != "json" {
				return failf(exitUsage, "unknown --format %q: use text or json", format)
			}
			runs := c.Int("runs")
			if runs < 1 || runs > 100_000_000 {
				return failf(exitUsage, "--runs %d: want 1..100000000", runs)
			}
			if w := c.Int("workers"); w < 0 || w > 1024 {
				return failf(exitUsage, "--workers %d: want 0..1024", w)
			}
			sub, err := loadSubject(e, c.Args().First())
			if err != nil {
				return err
			}
			pol, err := policyMaker(c.String("policy"))
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			seed := c.Uint64("seed")
			opts := runner.SimOptions{Runs: runs, Seed: seed, Workers: c.Int("workers"), Policy: pol}
			bar := newProgress(e, runs)
			if bar != nil {
				opts.Progress = bar.set
			}
			t, err := runner.Simulate(sub.subject, opts)
			bar.done()
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			sub.meta.Policy = c.String("policy")
			rep := simreport.Build(sub.meta, seed, t, sub.subject.Coverable(), sub.locate)
			if path := c.String("html"); path != "" {
				if err := writeHTMLReport(path, rep); err != nil {
					return failf(exitUsage, "--html %s: %v", path, err)
				}
			}
			if format == "json" {
				err = simreport.WriteJSON(e.stdout, rep)
			} else {
				err = simreport.WriteText(e.stdout, rep)
			}
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			return nil
		},
	}
}

// simSubject is what simulate plays: the subject, its names for the report and how its
// declarations read as file:line.
type simSubject struct {
	subject runner.Subject
	meta    simreport.Meta
	locate  func(decl string) string
}

// loadSubject compiles path into a subject: a scenario (or a compiled plan).
func loadSubject(e *env, path string) (*simSubject, error) {
	p, err := loadPlan(e, path)
	if err != nil {
		return nil, err
	}
	s, err := runner.PlanSubject(p)
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	return &simSubject{subject: s, meta: simreport.Meta{Kind: "scenario", ID: p.Scenario.ID, Title: p.Scenario.Title, Rules: p.Scenario.Rules}}, nil
}

// policyMaker returns the policy of every run.
func policyMaker(name string) (runner.PolicyMaker, error) {
	for _, n := range runner.Policies {
		if n == name {
			return runner.NamedPolicy(name), nil
		}
	}
	return nil, fmt.Errorf("unknown policy %q (want %s)", name, strings.Join(runner.Policies, ", "))
}

// writeHTMLReport writes the HTML page atomically. It refuses to overwrite a file that is not an
// HTML page sortie wrote.
func writeHTMLReport(path string, r *simreport.Report) error {
	if data, err := os.ReadFile(path); err == nil && !simreport.IsReport(data) {
		return fmt.Errorf("the file exists and is not a sortie report; refusing to overwrite it")
	}
	var b strings.Builder
	if err := simreport.WriteHTML(&b, r); err != nil {
		return err
	}
	return writeFileAtomic(path, []byte(b.String()))
}

var _ = compiler.IsCampaign
var _ = diag.Error
