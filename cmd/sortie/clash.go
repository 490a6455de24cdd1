package main

import (
	"io"
	"slices"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/clash"

	replaypage "github.com/sortie-rpg/sortie/runner/replay"
	"github.com/urfave/cli/v2"
)

// clashBattle is `sortie battle` for a When Armies Clash battle file (runner/clash).
func clashBattle(e *env, c *cli.Context, cl *plan.Clash, format string) error {
	if c.Bool("std") {
		return failf(exitUsage, "--std switches Part P (Pathfinder) rules; a clash battle sets its options in the file (options: {...})")
	}
	setup, err := clash.NewSetup(cl, clashrules.Options{})
	if err != nil {
		return failf(exitFindings, "%v", err)
	}
	seed := c.Uint64("seed")
	pol := clash.PolicyTactical
	name := c.String("policy")
	var explore runner.Decider // --policy explore: a decider for every choice, the tactical policy for the rest
	if name == "explore" {     // with --runs, refused by battle's policy check
		d, err := battlePolicy(name, seed)
		if err != nil {
			return failf(exitUsage, "%v", err)
		}
		explore, name = d, ""
	}
	if name == "default" {
		name = "" // the registry's name of the commanders' tactical policy (compiler/clash's offer)
	}
	if name != "" {
		p, ok := clash.ParsePolicy(name)
		if !ok {
			return failf(exitUsage, "unknown --policy %q: use default (the tactical commanders; tactical is its old name), first, random or explore", name)
		}
		pol = p
	}
	if c.IsSet("runs") {
		runs := c.Int("runs")
		if runs < 1 || runs > 100_000_000 {
			return failf(exitUsage, "--runs %d: want 1..100000000", runs)
		}
		if c.String("script") != "" {
			return failf(exitUsage, "--runs fights with a policy; drop --script")
		}
		r, err := setup.RunRates(seed, runs, pol)
		if err != nil {
			return failf(exitUsage, "%v", err)
		}
		if pol == clash.PolicyTactical {
			r.Policy = "default" // the registry's name of the commanders' policy, as simulate says
		}
		if format == "jsonl" {
			if err := writeJSONLine(e.stdout, r); err != nil {
				return failf(exitUsage, "%v", err)
			}
			return nil
		}
		if err := clash.WriteRates(e.stdout, r); err != nil {
			return failf(exitUsage, "%v", err)
		}
		return nil
	}
	opts := clash.BattleOptions{Seed: seed, Policy: pol}
	if format == "jsonl" {
		opts.Sink = runner.NewJSONLSink(e.stdout)
	} else {
		opts.Sink = runner.NewTextSink(e.stdout)
	}
	// --play SIDE: the player is shown what SIDE sees (U-50, U-80: the clash fog of the replay's
	// players view), in the transcript and the computer's lines; all (or no --play) shows all.
	// The replay page (--html) keeps every event: it has its own views.
	var seatSide string
	seatIndex := -1 // the side a player plays (-1: both)
	var fog *clash.Fog
	if play := c.String("play"); play != "" && !strings.EqualFold(play, "all") {
		ids := []string{cl.Sides[0].ID, cl.Sides[1].ID}
		side, why := runner.MatchSide(play, ids, []string{cl.Sides[0].Name, cl.Sides[1].Name})
		if why != "" {
			return failf(exitUsage, "--play: %s", why)
		}
		seatSide = side
		seatIndex = slices.Index(ids, side)
		if !c.Bool("gm") { // --gm: the GM's view, no fog
			fog = clash.NewFog(cl, slices.Index(ids, side))
			opts.Sink = fog.Sink(opts.Sink)
			opts.Fog = fog // the prompt's map, units and move field: the same sight
		}
	}
	page, err := newReplayPage(htmlValue(c), htmlViewValue(c), c.Args().First())
	if err != nil {
		return err
	}
	opts.Sink = page.sink(opts.Sink)
	// The engine's own policies answer without a Decider; a script or the terminal decides
	// through one (what they leave out goes to the policy).
	var script *runner.Script
	person := seatSide != "" // a person answers at the terminal
	switch {
	case c.String("script") != "":
		s, list, err := runner.LoadScriptFor(c.String("script"), "clash")
		if err != nil {
			return failf(exitUsage, "%v", err)
		}
		if list.HasErrors() {
			list.Sort()
			writeDiagText(e.stderr, list, false)
			return failf(exitFindings, "the script has errors")
		}
		script, opts.Decider = s, s
	case explore != nil:
		opts.Decider = explore
	case c.String("policy") == "" && isTerminal(e.stdin): // no --policy at a terminal: the player decides
		person = true
		opts.Decider = runner.NewPromptWith(e.stdin, e.stderr, runner.PromptConfig{TableDice: c.Bool("table-dice"), Width: termWidth(e.stderr)})
	}
	if seatSide != "" {
		// --play SIDE: the player answers for SIDE (after the script, if any); the computer, by
		// the battle's policy (or explore), for the other side, its choices shown as made but
		// for those the fog withholds.
		seat := &runner.Seat{Side: seatSide, Player: runner.NewPromptWith(e.stdin, e.stderr, runner.PromptConfig{TableDice: c.Bool("table-dice"), Width: termWidth(e.stderr)}), Computer: explore, Out: e.stderr,
			Withhold: func(r *runner.Request, choice string) bool { return fog != nil && !fog.SeesChoice(r, choice) }}
		if script != nil {
			opts.Fallback = seat
		} else {
			opts.Decider = seat
		}
		opts.Sink = seat.Sink(opts.Sink) // the computer's held lines before what they led to
		defer seat.Flush()
	}
	if person {
		// Issue 23: a person at the terminal reads the battle's briefing before round 1.
		io.WriteString(runner.TerminalWriter(e.stderr), runner.WrapLines(setup.Briefing(seatIndex), termWidth(e.stderr)())+"\n")
	}
	if _, err := setup.Fight(opts); err != nil {
		return decisionFailure(e, err)
	}
	if err := page.write(replaypage.Input{Clash: cl}); err != nil {
		return err
	}
	if script != nil {
		writeDiagText(e.stderr, script.Unused(), false)
	}
	return nil
}
