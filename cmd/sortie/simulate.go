package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/campaign"
	"github.com/sortie-rpg/sortie/runner/clash"
	"github.com/sortie-rpg/sortie/runner/expect"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
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

Policies: first (the first legal choice), random (a uniform choice each time), explore (the
choice tried least often in earlier runs and this one: coverage in fewer runs), goal (Karzoral:
toward the open objectives, resting after a battle); for a battle file also default (the
engine's own commanders' policy, as sortie battle --runs plays: a battle's default, so that the
two commands name the same winner; random is the default of scenarios and campaigns); for a
Pathfinder battle file also standard (every army on Standard tactic and strategy, the baseline,
as sortie battle --policy standard).
--format json writes the report as JSON; --html FILE also writes it as one self-contained page
(heat maps of where the party and each army stood, histograms, the coverage lists). A progress
bar is drawn on standard error when it is a terminal. With --check, PATH may hold many subjects
(a folder, DIR/... for every scenario, campaign and battle file below DIR): each one's checks
run in turn, one line a subject as go test prints packages ("?" for one without an expect: list). Exit 0, or 2 on usage or I/O errors.`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "runs", Value: 1000, Usage: "play `N` runs"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "run i is seeded with `S` + i"},
			&cli.StringFlag{Name: "policy", Usage: "decide by `NAME`: first, random, explore, goal (a battle: also default; a Pathfinder battle: also standard); default: a battle's own commanders (default), random otherwise"},
			&cli.IntFlag{Name: "workers", Usage: "play on `W` workers (default: the number of processors)"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "report format: text or json"},
			&cli.StringFlag{Name: "html", Usage: "also write the report as a self-contained HTML page to `FILE`"},
			&cli.BoolFlag{Name: "check", Usage: "run the balance checks (expect: in the scenario, or --expect); exit 1 when one fails"},
			&cli.StringFlag{Name: "expect", Usage: "with --check: take the balance checks from `FILE` (its expect: list)"},
			&cli.StringFlag{Name: "replay-dir", Value: ".", Usage: "with --check: write the failing runs' replay scripts into `DIR`"},
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
			if !c.Bool("check") && (c.IsSet("expect") || c.IsSet("replay-dir")) {
				return failf(exitUsage, "--expect and --replay-dir go with --check")
			}
			if c.Bool("check") && (c.IsSet("runs") || c.IsSet("seed") || c.IsSet("policy")) {
				return failf(exitUsage, "--check plays each balance check with its own policy, runs and seed; drop --runs, --seed and --policy")
			}
			if c.Bool("check") {
				if st, err := os.Stat(c.String("replay-dir")); err != nil {
					return failf(exitUsage, "--replay-dir %s: no such folder (create it first)", c.String("replay-dir"))
				} else if !st.IsDir() {
					return failf(exitUsage, "--replay-dir %s: not a folder", c.String("replay-dir"))
				}
			}
			path := c.Args().First()
			// A folder of subjects, DIR/...: --check runs each one's balance checks.
			paths, err := simUnits(e, path)
			if err != nil {
				return err
			}
			if len(paths) == 1 {
				// One unit in a folder (DIR, DIR/..., ./... from inside): its own path, against
				// which its files are named (issue 20 review: one/.../battle.cue).
				path = unitPath(e, paths[0])
			}
			if len(paths) > 1 {
				if !c.Bool("check") {
					return failf(exitUsage, "simulate plays one subject; %s holds %d: give one of them (%s), or add --check to run every one's balance checks", path, len(paths), paths[0])
				}
				return simulateChecksMany(e, c, paths, format)
			}
			sub, err := loadSubject(e, path)
			if err != nil {
				return err
			}
			if p := c.String("html"); p != "" {
				// Before anything is played or written (the replay page beside it included): a
				// page that may not be written is refused first (issue 20 review: the replay page
				// was written, then the report refused).
				if err := checkOutput(p, htmlReportOptions(append(sub.files, path, c.Args().First()))); err != nil {
					return err
				}
			}
			// A simulation makes many short-lived events and keeps little: collect less often.
			defer debug.SetGCPercent(debug.SetGCPercent(400))
			if c.Bool("check") {
				return simulateChecks(e, c, sub, path, format)
			}
			// Without --policy, the entry's default: a battle's own commanders, as sortie battle
			// --runs fights it (the two name the same winner), random otherwise.
			polName := c.String("policy")
			if polName == "" {
				polName = sub.defaultPolicy()
			}
			pol, err := sub.policy(polName)
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			if o := offerOf(sub.meta.Rules, sub.meta.Kind); o != nil {
				polName = o.Canonical(polName) // an old name (clash's tactical) reported as its policy
			}
			seed := c.Uint64("seed")
			opts := runner.SimOptions{Runs: runs, Seed: seed, Workers: c.Int("workers"), Policy: pol}
			bar := newProgress(e, runs)
			if bar != nil {
				opts.Progress = bar.set
			}
			var longest func() int
			if c.String("html") != "" {
				var w runner.Watch
				w, longest = longestWatch()
				opts.Watch = append(opts.Watch, w)
			}
			t, err := runner.Simulate(sub.subject, opts)
			bar.done()
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			sub.meta.Policy = polName
			rep := simreport.Build(sub.meta, seed, t, sub.subject.Coverable(), sub.decls.locate)
			if longest != nil && longest() >= 0 {
				// --html: the longest run's replay page beside the report, linked from it.
				if opts.Policy, err = sub.policy(polName); err != nil {
					return failf(exitUsage, "%v", err)
				}
				w, ok, err := watchPage(sub, path, c.String("html"), opts, longest(), "the longest run", "longest")
				if err != nil {
					return err
				}
				if ok {
					rep.Watch = append(rep.Watch, w)
				}
			}
			return writeReport(e, c, sub, rep, format)
		},
	}
}

// simulateChecks runs --check: the checks, their report, exit 1 when one fails.
func simulateChecks(e *env, c *cli.Context, sub *simSubject, path, format string) error {
	bs, err := loadChecks(e, sub, c.String("expect"))
	if err != nil {
		return err
	}
	res, err := runChecks(e, sub, path, bs, c.Int("workers"), c.String("replay-dir"))
	if err != nil {
		return err
	}
	if p := c.String("html"); p != "" {
		if f := res.fail; f.run >= 0 && res.report != nil {
			// The smallest failing seed of the first failing check, as a replay page.
			if f.opts.Policy, err = sub.policy(f.policy); err != nil {
				return failf(exitUsage, "%v", err)
			}
			w, ok, err := watchPage(sub, path, p, f.opts, f.run, "the smallest failing seed of "+f.name, "fail")
			if err != nil {
				return err
			}
			if ok {
				res.report.Watch = append(res.report.Watch, w)
			}
		}
		if err := writeHTMLReport(p, append(sub.files, path), res.report, sub.decls.sources); err != nil {
			return err
		}
	}
	if format == "json" {
		err = simreport.WriteJSON(e.stdout, res.results)
	} else {
		err = writeChecks(e.stdout, res.results)
	}
	if err != nil {
		return failf(exitUsage, "%v", err)
	}
	if res.failed > 0 {
		return failf(exitFindings, "%d of %s failed", res.failed, words.Count(len(res.results), "balance check"))
	}
	return nil
}

// writeReport writes the report to stdout and, with --html, to the page.
func writeReport(e *env, c *cli.Context, sub *simSubject, rep *simreport.Report, format string) error {
	if p := c.String("html"); p != "" {
		if err := writeHTMLReport(p, append(sub.files, c.Args().First()), rep, sub.decls.sources); err != nil {
			return err
		}
	}
	var err error
	if format == "json" {
		err = simreport.WriteJSON(e.stdout, rep)
	} else {
		err = simreport.WriteText(e.stdout, rep)
	}
	if err != nil {
		return failf(exitUsage, "%v", err)
	}
	return nil
}

// simSubject is what simulate plays: the subject, its names for the report and how its
// declarations read as file:line.
type simSubject struct {
	subject  runner.Subject
	battle   *plan.Battle   // a Pathfinder battle file's, nil otherwise
	clash    *plan.Clash    // a clash battle file's, nil otherwise
	plan     *plan.Plan     // a scenario's, nil otherwise
	campaign *plan.Campaign // a campaign's, nil otherwise
	meta     simreport.Meta
	decls    declarations
	files    []string     // its source files (the campaign file): where its expect: list is
	known    expect.Known // what it defines, for the balance checks
}

// command is the sortie command that plays the subject once, as the registry's entry for its
// rules and kind says (offer.Play): run, campaign run, battle.
func (s *simSubject) command() string {
	if o := offerOf(s.meta.Rules, s.meta.Kind); o != nil {
		return o.Play
	}
	return "run"
}

// policy returns a fresh PolicyMaker called name for the subject: first, random, explore (it
// learns from a simulation's runs: a new one for each), goal (Karzoral scenarios and campaigns),
// or for a battle default (its own commanders' policy).
func (s *simSubject) policy(name string) (runner.PolicyMaker, error) {
	o := offerOf(s.meta.Rules, s.meta.Kind)
	if o == nil {
		return nil, fmt.Errorf("no rule system %q with %s files", s.meta.Rules, s.meta.Kind)
	}
	return o.policyOf(name, s)
}

// defaultPolicy is what simulate plays for s without --policy, and a balance check without
// policy: its registry entry's Default (a battle's own commanders), else random.
func (s *simSubject) defaultPolicy() string {
	if o := offerOf(s.meta.Rules, s.meta.Kind); o != nil {
		return o.Default
	}
	return "random"
}

// loadSubject compiles path into a subject: a campaign file, a battle file, or a scenario (or a
// compiled plan).
func loadSubject(e *env, path string) (*simSubject, error) {
	if compiler.IsCampaign(path) {
		c, err := compileCampaignOrFail(e, path)
		if err != nil {
			return nil, err
		}
		o := campaignOffer()
		sub := &simSubject{subject: campaign.Subject(c), campaign: c, meta: simreport.Meta{Kind: o.Kind, ID: c.ID, Title: c.Title, Rules: o.Rules},
			files: []string{path}, known: expect.Known{Armies: []string{}, Objectives: []string{}, Events: []string{}, Blocks: []string{}, PCs: []string{}, DayUnit: o.Unit}}
		for _, pc := range c.Party {
			sub.known.PCs = append(sub.known.PCs, pc.ID)
		}
		sub.decls.add("", []string{path})
		for _, sc := range c.Scenarios {
			sub.decls.add(sc.ID, scenarioFiles(filepath.Join(filepath.Dir(path), filepath.FromSlash(sc.Path)), sc.Plan, e.inputBound()))
		}
		return sub, nil
	}
	p, err := loadPlan(e, path)
	if u := unitOf(err); u != nil {
		if o := offerOfUnit(u); o == nil {
			return nil, refuseKind("simulate", path, u.Kind)
		}
		return battleSubject(path, u, defaultRules)
	}
	if err != nil {
		return nil, err
	}
	s, err := runner.PlanSubject(p)
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	sub := &simSubject{subject: s, plan: p, meta: simreport.Meta{Kind: "scenario", ID: p.Scenario.ID, Title: p.Scenario.Title, Rules: p.Scenario.Rules},
		files: scenarioFiles(path, p, e.inputBound()), known: knownOf(p)}
	sub.decls.add("", sub.files)
	return sub, nil
}

// battleSubject is the subject of a battle file at path compiled to u, made by its engine
// (battleEngine.subject) and named as its registry entry says: its rules, its kind, its length's
// word (offer.Unit: phase, round) for expect: and the report.
func battleSubject(path string, u *compiler.Compiled, rules pfarmy.Options) (*simSubject, error) {
	be, o, ok := battleEngineOf(u)
	if !ok {
		return nil, refuseKind("simulate", path, u.Kind)
	}
	sub, err := be.subject(path, u, rules)
	if err != nil {
		return nil, err
	}
	sub.meta.Kind, sub.meta.Rules, sub.meta.DayUnit, sub.known.DayUnit = o.Kind, o.Rules, o.Unit+"s", o.Unit
	return sub, nil
}

// pfBattleSubject is a Pathfinder battle as a subject (rules: Part P's switches), its own
// commanders deciding what a run's decider leaves.
func pfBattleSubject(path string, b *plan.Battle, rules pfarmy.Options) (*simSubject, error) {
	s, err := pathfinder.BattleSubject(b, rules, true)
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	sub := &simSubject{subject: s, battle: b, meta: simreport.Meta{ID: b.ID, Title: b.Title}, known: knownOfPFBattle(b)}
	dir := path
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		dir = filepath.Dir(path)
	}
	for _, f := range b.Sources {
		sub.files = append(sub.files, filepath.Join(dir, filepath.FromSlash(f)))
	}
	sub.decls.add("", sub.files)
	return sub, nil
}

// clashSubject is a When Armies Clash battle as a subject: the engine's tactical policy decides
// what a run's decider leaves (policy default: all of it).
func clashSubject(path string, cl *plan.Clash) (*simSubject, error) {
	setup, err := clash.NewSetup(cl, clashrules.Options{})
	if err != nil {
		return nil, failf(exitFindings, "%v", err)
	}
	sub := &simSubject{subject: clash.BattleSubject(setup, clash.PolicyTactical, true), clash: cl,
		meta:  simreport.Meta{ID: cl.ID, Title: cl.Title},
		known: expect.Known{Armies: []string{}, Winners: []string{clashSideName(cl, 0), clashSideName(cl, 1), clash.DrawOutcome}}}
	dir := path
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		dir = filepath.Dir(path)
	}
	for _, f := range cl.Sources {
		sub.files = append(sub.files, filepath.Join(dir, filepath.FromSlash(f)))
	}
	sub.decls.add("", sub.files)
	return sub, nil
}

// clashSideName is a clash side's name as a run's outcome gives it: its name, or its id.
func clashSideName(cl *plan.Clash, s int) string {
	if n := cl.Sides[s].Name; n != "" {
		return n
	}
	return cl.Sides[s].ID
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

// htmlReportOptions are the safe writer's options of the --html report of inputs (the subject's
// files and the path named): never over one of them, nor over a file that is not a sortie report.
func htmlReportOptions(inputs []string) safeio.Options {
	return safeio.Options{Flag: "--html", Sources: inputSources(inputs...), Kind: "a sortie report", IsKind: simreport.IsReport}
}

// writeHTMLReport writes the HTML page (safeio.WriteFile): never over a file that is not a page
// sortie wrote, nor over one of inputs (the subject's files and the path named). Exit-coded.
func writeHTMLReport(path string, inputs []string, r *simreport.Report, sources []simreport.Source) error {
	o := htmlReportOptions(inputs)
	if err := checkOutput(path, o); err != nil {
		return err
	}
	var b strings.Builder
	if err := simreport.WriteHTML(&b, r, sources); err != nil {
		return failf(exitUsage, "--html %s: %v", path, err)
	}
	return writeOutput(path, []byte(b.String()), o)
}
