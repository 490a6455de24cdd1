package main

import (
	"errors"
	"io"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
	"github.com/urfave/cli/v2"
)

func battleCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "battle",
		Usage:     "fight one battle from a battle file (Pathfinder mass combat or When Armies Clash), or many for rates",
		ArgsUsage: "FILE",
		Description: `battle reads a battle file (kind: "battle", rules: "pathfinder": two sides of armies and the
battlefield conditions), derives every army's statistics (P-1..P-11) and fights the battle:
Tactics Phase, Ranged Phase, Melee Phases until a side has no army left on the field (P-15..P-56).
Each phase prints as a table: rolls, modifiers, totals, damage and hp.

Every choice (tactic, strategy, target, yes/no questions) comes from, in this order:
  --script FILE     a YAML or CUE list: {tactic: "defensive wall"}, {strategy: aggressive},
                    {target: orcs}, {answer: no}, {roll: [17]}; the first choice listed at a
                    prompt is the engine's default
  the terminal      when standard input is a terminal and no script or policy is given
  --policy NAME     ` + battlePolicies() + `
                    (standard: every army on Standard tactic and strategy, the baseline)
With none of them (or --policy default, as sortie simulate names it), the engine's default
policy decides. Every ambiguity of Part P is played at
its Default; --std switches the Seed|Std ones to the standard rules.

--runs N fights the battle N times, battle i with the dice seeded by --seed + i (the machinery
of sortie simulate, on every processor), and prints how often each side won, each army ended
routed, destroyed or withdrawn, and the share of battles it used each tactic in; the same --seed
gives the same rates. Each battle's choices come from the engine's default policy (the tactics
each army knows, used as a GM would), --policy first (the same), standard (every army on
Standard tactic and strategy: the baseline) or random, or --script FILE from its first entry in
every battle, then the policy.

A When Armies Clash battle (rules: "clash", RULES.md Part U) is fought round by round on its grid:
initiative, each unit's and solo's turn (moves, attacks and saves with their dice, modifiers,
advantage and damage), then the end of round: the map (terrain, stands by unit letter, solos,
casualties, objectives), casualties removed, death saves, morale, VP and the table of units.
A script gives one entry per turn, {unit: ID, action: NAME} or {solo: ID, action: NAME}, and
optionally what follows in that turn ({command: incite}, {stand: "spears 2", to: [5, 4]},
{with: multiattack}, {target: "axes 1"}, {spell: fireball}, {area: "6,4"} ...); what it leaves
out, and everything once it ends, the engine's tactical policy decides (--policy default, the
default, once called tactical; any other policy above too). At the terminal an empty answer takes the policy's choice and
"auto" leaves it the rest of the turn. --runs N prints win shares, total and tactical victories,
draws, how battles ended and the rounds (min, median, max).`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "script", Usage: "take choices (and rolls) from `FILE` (YAML or CUE)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the dice generator"},
			&cli.StringFlag{Name: "policy", Usage: "answer choices by `NAME` (" + battlePolicies() + "); default: default, the battle's own commanders, as sortie simulate; standard: every army on Standard"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text (tables) or jsonl (one event a line)"},
			&cli.IntFlag{Name: "runs", Usage: "fight the battle `N` times and print win, rout and destruction rates"},
			&cli.BoolFlag{Name: "table-dice", Usage: "at the terminal, ask for every die roll instead of rolling"},
			playFlag(), battleGMFlag(), htmlFlag(), htmlViewFlag(),
			&cli.BoolFlag{Name: "std", Usage: "play every Seed|Std switch of Part P as the standard rules (P-29, P-31, P-34, P-60)"},
		},
		Action: func(c *cli.Context) error {
			if err := emptyPlay(c); err != nil {
				return err
			}
			if c.NArg() != 1 {
				return failf(exitUsage, "battle needs exactly one FILE (see sortie battle --help)")
			}
			format := c.String("format")
			if format != "text" && format != "jsonl" {
				return failf(exitUsage, "unknown --format %q: use text or jsonl", format)
			}
			if isCampaignPath(c.Args().Slice()) {
				return refuseKind("battle", c.Args().First(), "campaign")
			}
			u, list, err := compiler.CompileAny([]string{c.Args().First()}, e.opts())
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			if u != nil && u.Kind != "battle" {
				return refuseKind("battle", c.Args().First(), u.Kind)
			}
			list.Sort()
			writeDiagText(e.stderr, list, false)
			if list.HasErrors() || u == nil {
				return failf(exitFindings, "%s; no battle fought", words.Count(list.Count(diag.Error), "error"))
			}
			b, cl := u.Battle, u.Clash
			if err := battleHTML(c); err != nil {
				return err
			}
			// Every policy simulate has for a battle, by the registry's names, refused as run
			// and simulate refuse one (the offer's list and what to use instead); an old name
			// (the offer's Aliases: a clash battle's tactical) is taken as the policy it names.
			if name := c.String("policy"); name != "" {
				o := offerOfUnit(u)
				if o != nil && !o.hasPolicy(name) {
					return failf(exitUsage, "%v", o.policyError(name))
				}
				if o != nil && o.Canonical(name) != name {
					if err := c.Set("policy", o.Canonical(name)); err != nil {
						return failf(exitUsage, "%v", err)
					}
					name = o.Canonical(name)
				}
				if name == "explore" && c.IsSet("runs") {
					return failf(exitUsage, "--policy explore learns from one battle to the next: run sortie simulate --policy explore --runs N")
				}
				if name == "standard" && (c.String("script") != "" || (c.String("play") != "" && !strings.EqualFold(c.String("play"), "all"))) {
					return failf(exitUsage, "--policy standard is the baseline that plays every army of the battle on Standard: drop --script and --play, or take --policy default")
				}
			}
			if c.IsSet("runs") && (c.String("play") != "" || c.Bool("gm")) {
				// --runs fights many battles for their rates, with no one at the table and no one
				// replay (issue 23 review: --play with --runs was ignored without a word).
				return failf(exitUsage, "--runs N fights many battles for their rates: drop --play and --gm, which are for one battle at the table")
			}
			// --policy default is simulate's name for a battle's own commanders: the engine's
			// default policy (Pathfinder: no decider at all), the tactical one (clash, which
			// clashBattle reads as no --policy).
			engineOwn := c.String("policy") == "default"
			if cl != nil {
				return clashBattle(e, c, cl, format)
			}
			seed := c.Uint64("seed")
			rules := defaultRules
			if c.Bool("std") {
				rules = pfarmy.StdOptions()
			}
			if runs := c.Int("runs"); c.IsSet("runs") {
				if runs < 1 || runs > 100_000_000 {
					return failf(exitUsage, "--runs %d: want 1..100000000", runs)
				}
				ro := pathfinder.RatesOptions{Seed: seed, Runs: runs, Rules: rules, Policy: c.String("policy")}
				if engineOwn {
					ro.Policy = ""
				}
				if f := c.String("script"); f != "" {
					s, err := loadScript(e, f)
					if err != nil {
						return err
					}
					ro.Script = s
				}
				r, err := pathfinder.RunBattleRatesWith(b, ro)
				if err != nil {
					return decisionFailure(e, err)
				}
				if format == "jsonl" {
					if err := writeJSONLine(e.stdout, r); err != nil {
						return failf(exitUsage, "%v", err)
					}
					return nil
				}
				if err := pathfinder.WriteRates(e.stdout, b, r, seed); err != nil {
					return failf(exitUsage, "%v", err)
				}
				return nil
			}
			opts := pathfinder.BattleOptions{Seed: seed, Rules: rules, Out: e.stdout, Format: format}
			page, err := newReplayPage(htmlValue(c), htmlViewValue(c), c.Args().First())
			if err != nil {
				return err
			}
			if page != nil && page.view == "players" {
				return failf(exitUsage, "--html-view players: a Pathfinder battle file names no players' side; its page shows both sides (drop --html-view)")
			}
			opts.Record = page.pfRecord()
			if seat, err := pfSeat(e, c, b, seed, engineOwn); err != nil || seat != nil {
				if err != nil {
					return err
				}
				// --play SIDE: the player answers for SIDE (after the script, if any), the computer
				// for the other; each phase shows before the next question.
				opts.Decider = seat
				opts.Out = seat.Writer(opts.Out) // the computer's held lines before what they led to
				defer seat.Flush()
				if c.String("script") != "" {
					s, err := loadScript(e, c.String("script"))
					if err != nil {
						return err
					}
					opts.Decider, opts.Fallback = s, seat
				}
				opts.Stream = format == "text"
				pfBriefing(e, b, true)
				if _, err := pathfinder.RunBattle(b, opts); err != nil {
					return decisionFailure(e, err)
				}
				return page.writeBattle(b) // --html: the battle's replay page
			}
			switch {
			case engineOwn && c.String("script") != "":
				s, err := loadScript(e, c.String("script"))
				if err != nil {
					return err
				}
				opts.Decider = s // then, once it ends, X003 as with no --policy
			case engineOwn:
				// no decider: the engine's default policy
			default:
				if err := deciders(e, c, seed, &opts.Decider, &opts.Fallback, false); err != nil {
					return err
				}
			}
			// At the terminal each phase shows before the next question.
			opts.Stream = c.String("script") == "" && c.String("policy") == "" && isTerminal(e.stdin)
			pfBriefing(e, b, opts.Stream)
			if _, err := pathfinder.RunBattle(b, opts); err != nil {
				return decisionFailure(e, err)
			}
			return page.writeBattle(b) // --html: the battle's replay page
		},
	}
}

// pfBriefing writes a Pathfinder battle's briefing to the terminal (issue 23, B2) when a person
// plays it there (atTerminal), through the escaping writer.
func pfBriefing(e *env, b *plan.Battle, atTerminal bool) {
	if atTerminal {
		io.WriteString(runner.TerminalWriter(e.stderr), pathfinder.BattleBriefing(b)+"\n")
	}
}

// playFlag is --play SIDE, of battle and run.
func playFlag() cli.Flag {
	return &cli.StringFlag{Name: "play", Usage: "answer at the terminal for `SIDE` (its id or name) only: the computer answers for the other side by --policy (default: the battle's own commanders) and the prompt shows its choices as they happen; all: answer for both (the default at a terminal)"}
}

// battleGMFlag is battle's --gm, as run's (issue 23 review): with --play SIDE the player answers
// for SIDE and is shown everything, as the GM sees it.
func battleGMFlag() cli.Flag {
	return &cli.BoolFlag{Name: "gm", Usage: "with --play SIDE, the game master's view: every event and every computer choice, hidden stands too (U-50, U-80); a Pathfinder battle file hides nothing from a side, so there it changes nothing"}
}

// emptyPlay refuses an empty --play SIDE (or blanks) as a usage error, as a side the scenario
// does not have is: it named no side, and was taken for all (issue 23, B3). It is called at the
// start of battle and run: a flag's Action does not run for an empty value everywhere.
func emptyPlay(c *cli.Context) error {
	if c.IsSet("play") && strings.TrimSpace(c.String("play")) == "" {
		return failf(exitUsage, "--play: an empty side: name a side (its id or name) or all")
	}
	return nil
}

// pfSeat is a Pathfinder battle's --play seat: nil when --play is absent or all; a usage error
// for a side the battle does not have, or with --runs.
func pfSeat(e *env, c *cli.Context, b *plan.Battle, seed uint64, engineOwn bool) (*runner.Seat, error) {
	play := c.String("play")
	if play == "" || strings.EqualFold(play, "all") {
		return nil, nil
	}
	side, why := runner.MatchSide(play, b.Sides[:], []string{"", ""})
	if why != "" {
		return nil, failf(exitUsage, "--play: %s", why)
	}
	seat := &runner.Seat{Side: side, Player: runner.NewPromptWith(e.stdin, e.stderr, runner.PromptConfig{TableDice: c.Bool("table-dice"), Width: termWidth(e.stderr)}), Out: e.stderr}
	if name := c.String("policy"); name != "" && !engineOwn {
		d, err := battlePolicy(name, seed)
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		seat.Computer = d
	}
	return seat, nil
}

// deciders picks the decision source from --script, the terminal and --policy. With required
// false and none of them, *dec stays nil (the engine's default policy).
func deciders(e *env, c *cli.Context, seed uint64, dec, fallback *runner.Decider, required bool) error {
	var policy runner.Decider
	if name := c.String("policy"); name != "" {
		d, err := battlePolicy(name, seed)
		if err != nil {
			return failf(exitUsage, "%v", err)
		}
		policy = d
	}
	switch {
	case c.String("script") != "":
		s, err := loadScript(e, c.String("script"))
		if err != nil {
			return err
		}
		*dec, *fallback = s, policy
	case isTerminal(e.stdin) && policy == nil:
		*dec = runner.NewPromptWith(e.stdin, e.stderr, runner.PromptConfig{TableDice: c.Bool("table-dice"), Width: termWidth(e.stderr)})
	case policy != nil:
		*dec = policy
	case required:
		return failf(exitUsage, "no decisions: standard input is not a terminal; give --script FILE or --policy first|random")
	}
	return nil
}

// battlePolicy returns the decider of policy name for one battle: first, random, explore (in
// one battle: the choice it tried least often so far, as sortie simulate's run with this seed), or
// standard (a Pathfinder battle: every army on Standard, pathfinder.StandardPolicy).
func battlePolicy(name string, seed uint64) (runner.Decider, error) {
	switch name {
	case "explore":
		return runner.NewExplore().Decider(0, seed)
	case "standard":
		return pathfinder.StandardPolicy.Decider(0, seed) // a Pathfinder battle's baseline
	}
	return runner.NewPolicy(name, seed)
}

// loadScript reads a Pathfinder battle's script, printing its findings: exit 1 when it has
// errors, 2 when it cannot be read.
func loadScript(e *env, path string) (*runner.Script, error) {
	s, list, err := runner.LoadScriptFor(path, "pathfinder")
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	if list.HasErrors() {
		list.Sort()
		writeDiagText(e.stderr, list, false)
		return nil, failf(exitFindings, "the script has errors")
	}
	return s, nil
}

// decisionFailure turns a run error into the exit: a script that does not fit (1, with its
// diagnostic), the end of input (2), anything else (2).
func decisionFailure(e *env, err error) error {
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

// defaultRules are Part P's Defaults (every switch at its zero value).
var defaultRules = pfarmy.Options{}
