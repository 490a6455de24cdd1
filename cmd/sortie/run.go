package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/karzoral"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
	replaypage "github.com/sortie-rpg/sortie/runner/replay"
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
  --policy NAME     answers every decision (and what a script leaves) as sortie simulate's
                    policy of that name: first, random, explore, goal (Karzoral: toward
                    the open objectives)
  --play SIDE       (Pathfinder: friendly or enemy) the terminal answers that side's battle
                    questions and every question of no side; --policy, or the engine's own
                    choice, the other side's, each shown as it is made

Dice come from a generator seeded by --seed (same seed, same rolls), unless the script or
the table gives them. The transcript shows what the players know (K-23: the party's block and
the armies in it, what the scenario or the angel's survey reveals, the armies where last seen);
--gm (or --view gm) shows everything. --format jsonl writes every event, each with its
"audience": all, gm or party. Exit 0 when the scenario succeeds, 1 when it fails or the script
disagrees with the state, 2 on usage or I/O errors.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "script", Usage: "take decisions (and rolls) from `FILE` (YAML or CUE)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the dice generator"},
			&cli.StringFlag{Name: "policy", Usage: "answer decisions by `NAME`: first, random, explore or goal (Karzoral)"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text (transcript) or jsonl (one JSON record a line)"},
			&cli.BoolFlag{Name: "table-dice", Usage: "at the terminal, ask for every die roll instead of rolling"},
			saveFlags()[0], saveFlags()[1], viewFlags()[0], viewFlags()[1], playFlag(), htmlFlag(), htmlViewFlag(),
		},
		Action: func(c *cli.Context) error {
			if err := emptyPlay(c); err != nil {
				return err
			}
			if c.NArg() != 1 {
				return failf(exitUsage, "run needs exactly one PATH (a scenario or a plan.json; see sortie run --help)")
			}
			if isCampaignPath(c.Args().Slice()) {
				return refuseKind("run", c.Args().First(), "campaign")
			}
			if !strings.HasSuffix(c.Args().First(), ".json") {
				units, many, err := manyUnits(e, c.Args().First())
				if err != nil {
					return err
				}
				if many {
					return runMany(e, c, c.Args().First(), units)
				}
			}
			p, err := loadPlan(e, c.Args().First())
			if u := unitOf(err); u != nil {
				return refuseKind("run", c.Args().First(), u.Kind)
			}
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
		data, err := e.readInput(path)
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		var head struct {
			Format *string `json:"format"`
		}
		if json.Unmarshal(data, &head) == nil && head.Format != nil || compiler.IsPlanJSON(data) {
			// A plan (or meant to be one, broken or cut short): plan.Decode says what is wrong
			// with it.
			p, err := plan.Decode(data)
			if err != nil {
				return nil, badJSONFile(path, data, err, "%v", err)
			}
			// What the engine refuses of a hand-edited plan (two blocks on one square, a route
			// step out of range) is refused here, naming the file, before any command uses it.
			if err := runner.Check(p); err != nil {
				return nil, badJSONFile(path, data, nil, "invalid plan: %s", strings.TrimPrefix(err.Error(), "runner: "))
			}
			return p, nil
		}
	}
	return compileOrFail(e, []string{path}, e.opts())
}

// runPlan plays p with the engine its rules name (runner.Run).
func runPlan(e *env, c *cli.Context, p *plan.Plan) error {
	abs, err := filepath.Abs(c.Args().First())
	if err != nil {
		return failf(exitUsage, "%v", err)
	}
	return playPlan(e, p, abs, paramsFromFlags(c), nil)
}

// planHash is the hash a save keeps of a scenario run's plan: SHA-256 of its encoding.
func planHash(p *plan.Plan) (string, error) {
	data, err := plan.Encode(p)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// playPlan runs p (a fresh run, or the resumption of from) and reports its outcome.
func playPlan(e *env, p *plan.Plan, path string, prm playParams, from *saveFile) error {
	prm.newPolicy = func(name string, seed uint64) (runner.Decider, error) { return playPolicy(name, seed, p, nil) }
	if err := playSide(p, &prm); err != nil {
		return err
	}
	page, err := newReplayPage(prm.html, prm.htmlView, path)
	if err != nil {
		return err
	}
	// A Pathfinder or Karzoral run at the terminal opens with its briefing before day 1 (its
	// transcript's first lines, and a Pathfinder run's first question may come weeks in).
	karz := p.Pathfinder == nil && p.Scenario.Rules == "karzoral"
	prm.briefed = p.Pathfinder != nil || karz
	if prm.play != "" && prm.view != "gm" {
		// --play SIDE: the side is shown what it knows (pathfinder.HexSight's rule, the replay
		// players' view's): in the briefing, the prompt's views and the transcript. With --gm
		// (--view gm) the GM's view: no fog, both kingdoms and every army, as battle --play
		// SIDE --gm (issue 23 review: the fog was on whatever the view).
		prm.fog = pathfinder.NewHexFog(p, prm.play)
	}
	pl, err := setup(e, prm, from)
	if err != nil {
		return err
	}
	if prm.briefed && from == nil && (pl.prompt || prm.play != "") {
		// Issue 23 (B2): a Pathfinder run at the terminal opens with its briefing, before day 1
		// (its first question may come weeks in); a resumed one shows its recap at its first
		// question, as every engine's does.
		briefing := pathfinder.RunBriefing(p)
		switch {
		case prm.fog != nil:
			briefing = prm.fog.Briefing()
		case karz:
			if briefing, err = karzoral.RunBriefing(p, prm.seed); err != nil {
				return failf(exitUsage, "%v", err)
			}
		}
		io.WriteString(runner.TerminalWriter(e.stderr), briefing+"\n")
	}
	b := &pl.sess.base
	b.Command, b.Path = "run", path
	if b.PlanHash, err = planHash(p); err != nil {
		return failf(exitUsage, "%v", err)
	}
	sink := pl.sinkFor(prm.format, prm.view)
	if pl.seatRef != nil {
		sink = pl.seatRef.Sink(sink) // the computer's held lines before what they led to
		defer pl.seatRef.Flush()
	}
	if prm.fog != nil {
		sink = prm.fog.Sink(sink) // the replay page (--html) keeps every event: it has its own views
	}
	opts := runner.Options{Seed: prm.seed, Decider: pl.dec, Fallback: pl.fallback, Dice: pl.sess.dice,
		Sink: page.sink(sink), Checkpoint: pl.sess.checkpoint,
		// At the terminal a Pathfinder battle shows each phase before the next question (the
		// same events, so the same JSONL and transcript, written sooner).
		Stream: pl.stream}
	r, err := runner.Run(p, opts)
	if err == nil {
		err = pl.sess.ended()
	}
	if err == nil {
		err = page.write(replaypage.Input{Plan: p}) // --html: the run's replay page
	}
	if err != nil {
		return pl.finish(e, err)
	}
	res := r.Ended()
	if pl.script != nil && res.Outcome != runner.Stopped {
		// X004: the scenario ended before the script did (a warning: the exit code is the outcome).
		writeDiagText(e.stderr, pl.script.Unused(), false)
	}
	if res.Outcome != runner.Success {
		fmt.Fprintf(e.stderr, "sortie: scenario %s: %s on day %d", p.Scenario.ID, res.Outcome, res.Day)
		if res.Reason != "" {
			fmt.Fprintf(e.stderr, " (%s)", res.Reason)
		}
		fmt.Fprintln(e.stderr)
		return failf(exitFindings, "")
	}
	return nil
}

// playSide checks --play SIDE against p's sides and keeps the side's id in prm.play ("" for
// none or all). Only a Pathfinder scenario has sides to play (friendly, enemy: the Request.Side
// of its battles' questions); --play on any other is a usage error.
func playSide(p *plan.Plan, prm *playParams) error {
	if prm.play == "" || strings.EqualFold(prm.play, "all") {
		prm.play = ""
		return nil
	}
	if p.Pathfinder == nil {
		return failf(exitUsage, "--play %s: scenario %s (rules %s) has no sides to play; leave --play out to answer every question", prm.play, p.Scenario.ID, p.Scenario.Rules)
	}
	side, why := runner.MatchSide(prm.play, []string{"friendly", "enemy"}, []string{"", ""})
	if why != "" {
		return failf(exitUsage, "--play: %s", why)
	}
	prm.play = side
	return nil
}
