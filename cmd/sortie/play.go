package main

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
	"github.com/urfave/cli/v2"
)

// playParams are the settings of a run, from the flags or from a save.
type playParams struct {
	seed      uint64
	script    string // path
	policy    string
	format    string
	view      string // "party" | "gm" | "all"; "" for the format's default (K-23)
	tableDice bool
	save      string // --save FILE, "" for none
	halt      int    // --halt-after N (hidden test hook)
	path      string // the scenario, plan or campaign played (a source --save must not replace)
	play      string // --play SIDE: the side the terminal answers for ("" for all: playSide)
	html      string // --html FILE: the run's replay page ("" for none)
	htmlView  string // --html-view: all or players
	// briefed: the run wrote its briefing at its start (a Pathfinder run, whose first question
	// may come weeks in), so the first question does not repeat it.
	briefed bool
	// fog: --play SIDE of a Pathfinder hex run: what the side is shown (the transcript, the
	// briefing, the prompt's views); nil otherwise.
	fog *pathfinder.HexFog
	// newPolicy makes the decider of policy (the scenario's or campaign's policies: playPolicy);
	// nil: runner.NewPolicy (first, random).
	newPolicy func(name string, seed uint64) (runner.Decider, error)
}

func paramsFromFlags(c *cli.Context) playParams {
	return playParams{
		seed:      c.Uint64("seed"),
		script:    c.String("script"),
		policy:    c.String("policy"),
		format:    c.String("format"),
		view:      viewFlag(c),
		tableDice: c.Bool("table-dice"),
		save:      c.String("save"),
		halt:      c.Int("halt-after"),
		path:      c.Args().First(),
		play:      playValue(c),
		html:      htmlValue(c),
		htmlView:  htmlViewValue(c),
	}
}

// newPrompt is the terminal's decider for a run: Enter takes the suggestion of the scenario's
// goal policy where it has one (Karzoral: toward the open objectives), else of first (the
// engine's defaults); opening is what its first question shows above it ("briefing", "recap").
func (prm playParams) newPrompt(e *env, opening string) runner.Decider {
	if opening == "briefing" && prm.briefed {
		opening = ""
	}
	cfg := runner.PromptConfig{TableDice: prm.tableDice, Opening: opening, Width: termWidth(e.stderr)}
	if prm.newPolicy != nil {
		for _, name := range []string{"goal", "first"} {
			if d, err := prm.newPolicy(name, prm.seed); err == nil {
				cfg.Suggest = d
				break
			}
		}
	}
	return runner.NewPromptWith(e.stdin, e.stderr, cfg)
}

// playValue is --play, for the commands that have it ("" for the others).
func playValue(c *cli.Context) string {
	for _, f := range c.Command.Flags {
		for _, n := range f.Names() {
			if n == "play" {
				return c.String("play")
			}
		}
	}
	return ""
}

// viewFlags choose whose view a run's output shows (K-23, the fog of war).
func viewFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "view", Usage: "whose view the output shows: party (the players' knowledge: the default for text), gm (everything) or all (every event, marked with its audience: the default for jsonl)"},
		&cli.BoolFlag{Name: "gm", Usage: "the game master's view: every army's march and position (same as --view gm)"},
	}
}

// viewFlag reads --view and --gm ("" when neither is given). --gm with a --view other than gm
// asks for two views at once: that is viewConflict, refused as a usage error by setup.
func viewFlag(c *cli.Context) string {
	if c.Bool("gm") {
		if v := c.String("view"); v != "" && v != "gm" {
			return viewConflict + v
		}
		return "gm"
	}
	return c.String("view")
}

// viewConflict prefixes the --view of a run also given --gm (see viewFlag).
const viewConflict = "--gm with --view "

// saveFlags are the flags of the commands that can save.
func saveFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "save", Usage: "after every day, save the run to `FILE` (atomically); continue it with sortie resume FILE"},
		&cli.IntFlag{Name: "halt-after", Hidden: true, Usage: "test hook: stop right after the N-th save, as a kill would"},
	}
}

// played is a run's decider setup.
type played struct {
	sess     *session
	dec      runner.Decider // the recorder, wrapping the live decider (or the replay)
	fallback runner.Decider
	script   *runner.Script
	prompt   bool
	seat     bool // a --play SIDE run without a script: the player's answers alone are logged (play_seat.go)
	// seatRef is the --play seat (nil without --play): its held computer lines are written
	// before each event (Seat.Sink) and at the end.
	seatRef *runner.Seat
	// stream: a Pathfinder battle shows each phase before the next question (runner.Options.Stream):
	// when a terminal may answer from the start, and for a resumed run as for the run it resumes,
	// so that the replay writes what the first run had written at its save point.
	stream  bool
	resumed *resumedFallback // a resumed script run's fallback, or nil
}

// resumedFallback takes over when a resumed run's script runs out (runner.Options.Fallback): a
// policy, or the terminal, whose answers the save logs (the script gives the others). Its first
// question is where a run that its script stopped was saved: the replay meets the save there.
type resumedFallback struct {
	sess    *session
	inner   runner.Decider
	prompt  bool
	seat    bool // a --play SIDE run: the seat logs the player's answers (play_seat.go)
	started bool
}

func (f *resumedFallback) Decide(q *runner.Request) (runner.Answer, error) {
	if f.seat {
		// A --play SIDE run: the seat's replay meets the save at the player's question
		// (seatWith, askMark); the fallback's answers are not counted, as in the first run.
		if !f.started {
			f.started = true
			f.sess.notAsking()
		}
		return f.inner.Decide(q)
	}
	if !f.started {
		f.started = true
		if err := f.sess.caughtUpAtQuestion(); err != nil {
			return runner.Answer{}, err
		}
	}
	if f.prompt {
		// A seat logs its player's answers itself (seatLog); the computer's are made again.
		return f.sess.rec.decideWith(f.inner, q, !f.seat)
	}
	return f.inner.Decide(q)
}

func (f *resumedFallback) Roll(q *runner.Request) (int, bool, error) {
	if ro, ok := f.inner.(runner.Roller); ok {
		return ro.Roll(q)
	}
	return 0, false, nil
}

// setup builds the session and the deciders for a run; from is the save being resumed, or nil.
// Exit-coded errors only.
func setup(e *env, prm playParams, from *saveFile) (*played, error) {
	if prm.format != "text" && prm.format != "jsonl" {
		return nil, failf(exitUsage, "unknown --format %q: use text or jsonl", prm.format)
	}
	if v, ok := strings.CutPrefix(prm.view, viewConflict); ok {
		return nil, failf(exitUsage, "--gm and --view %s ask for two views: give one of them (--gm is --view gm)", v)
	}
	if _, ok := runner.ParseAudience(prm.view); !ok && prm.view != "" {
		return nil, failf(exitUsage, "unknown --view %q: use party, gm or all", prm.view)
	}
	pl := &played{sess: newSession(e.stdout, prm.seed)}
	var policy runner.Decider
	if prm.policy != "" {
		mk := runner.NewPolicy
		if prm.newPolicy != nil {
			mk = prm.newPolicy
		}
		d, err := mk(prm.policy, prm.seed)
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		policy = d
	}
	var live runner.Decider
	switch {
	case prm.script != "":
		if from != nil {
			h, err := hashFile(prm.script)
			if err != nil {
				return nil, failf(exitUsage, "cannot resume: the script: %v", err)
			}
			if h != from.ScriptHash {
				return nil, failf(exitUsage, "cannot resume: the script %s changed since the save (hash %s, saved %s); nothing was overwritten", prm.script, h, from.ScriptHash)
			}
		}
		s, list, err := runner.LoadScript(prm.script)
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		if list.HasErrors() {
			list.Sort()
			writeDiagText(e.stderr, list, false)
			return nil, failf(exitFindings, "the script has errors")
		}
		if from == nil {
			live, pl.fallback, pl.script = s, policy, s
			if prm.play != "" {
				// --play SIDE after the script: the seat answers what the script leaves.
				// Once it has, a Ctrl-C saves at the open question (atTerminal).
				// The player's answers are logged and each of its questions marked as the open
				// one (askMark): a save at a question is at the terminal's.
				player := &seatLog{s: pl.sess, inner: &askMark{s: pl.sess, inner: prm.newPrompt(e, "recap")}, rolls: prm.tableDice}
				pl.seatRef = &runner.Seat{Side: prm.play, Player: player, Computer: policy, Out: e.stderr, Veil: prm.veil(), Withhold: prm.withhold()}
				pl.fallback = &atTerminal{s: pl.sess, inner: pl.seatRef}
			}
			break
		}
		// A resumed script run: the script answers up to where it ran out, then --policy, or the
		// terminal (after the answers a save logged there), as the run's fallback; the save point
		// of a run its script stopped is that question (issue 11).
		fb := &resumedFallback{sess: pl.sess}
		switch {
		case prm.play != "":
			// A --play SIDE run: the saved side is the player's again, the saved policy the
			// computer's (play_seat.go), from the question the script did not answer.
			// The replay of the player's logged answers meets the save at the terminal's
			// question (askMark, as the first run marked it), not at the script's.
			fb.inner, fb.prompt, fb.seat, pl.prompt = seatWith(e, prm, pl, policy, from, prm.newPrompt(e, "recap")), true, true, true
		case policy != nil:
			fb.inner = policy
		case from.Prompt || isTerminal(e.stdin):
			fb.inner = prm.newPrompt(e, "recap")
			if from.Prompt {
				fb.inner = &replay{s: pl.sess, log: from.Decisions, live: fb.inner}
			}
			fb.prompt, pl.prompt = true, true
		}
		live, pl.script = s, s
		if fb.inner != nil {
			pl.fallback, pl.resumed = fb, fb
		}
	case prm.play != "":
		// --play SIDE: the terminal answers SIDE's questions and those of no side, the policy
		// (or the engine's own choice) the other side's, each shown on stderr as it is made; a
		// resumed one plays the saved side again (play_seat.go).
		live = seatFor(e, prm, pl, policy, from)
		pl.prompt, pl.seat = true, true
	case from != nil && from.Prompt, from == nil && isTerminal(e.stdin) && policy == nil:
		live = prm.newPrompt(e, map[bool]string{true: "briefing", false: "recap"}[from == nil])
		pl.prompt = true
	case policy != nil:
		live = policy
	default:
		return nil, failf(exitUsage, "no decisions: standard input is not a terminal; give --script FILE or --policy NAME (first, random, explore, goal)")
	}
	pl.stream = pl.prompt
	if prm.script != "" {
		// A script run meets the terminal only after its script, at --play SIDE's seat: the
		// first run streams then, and so does its resume (a script run without --play did not,
		// so neither does its resume at the terminal).
		pl.stream = prm.play != ""
	}
	if from != nil {
		pl.sess.from = from
		pl.sess.out.skip = from.Offset
		pl.sess.out.hold = true // until the replay meets the save point (metLocked)
		if pl.prompt && pl.resumed == nil && !pl.seat {
			live = &replay{s: pl.sess, log: from.Decisions, live: live}
		}
	}
	rec := &recorder{s: pl.sess, inner: live, logging: pl.prompt && pl.resumed == nil && !pl.seat, rolls: prm.tableDice}
	pl.sess.rec = rec
	pl.dec = rec
	pl.sess.halt = prm.halt
	if prm.save != "" {
		abs, err := filepath.Abs(prm.save)
		if err != nil {
			return nil, failf(exitUsage, "--save: %v", err)
		}
		// Never overwrite a file that is not a save (a slip such as --save win.yaml must not
		// destroy the script), a source, a pipe or a device (safeio.Check).
		if err := checkOutput(prm.save, saveOpts(prm.path, prm.script)); err != nil {
			return nil, err
		}
		pl.sess.savePath = abs
		b := &pl.sess.base
		b.Seed, b.Output, b.Policy, b.Prompt, b.TableDice = prm.seed, prm.format, prm.policy, pl.prompt, prm.tableDice
		b.View, b.Play = prm.view, prm.play
		if prm.script != "" {
			if b.Script, err = filepath.Abs(prm.script); err != nil {
				return nil, failf(exitUsage, "%v", err)
			}
			if b.ScriptHash, err = hashFile(prm.script); err != nil {
				return nil, failf(exitUsage, "%v", err)
			}
		}
		// An interactive run saves at the open question on Ctrl-C; any other run keeps its last
		// day-end save and says so.
		setInterrupt(pl.sess, pl.prompt)
	}
	return pl, nil
}

// finish turns a run's error into the exit-coded error, saving an interactive run that ran out of
// input (`--save`).
func (pl *played) finish(e *env, err error) error {
	setInterrupt(nil, false)
	var de *runner.DecisionError
	var re *errReplay
	switch {
	case err == nil:
		return nil
	case errors.Is(err, errHalted):
		return failf(exitUsage, "%v", err)
	case errors.As(err, &re):
		return failf(exitUsage, "cannot resume: %s; nothing was overwritten", re.msg)
	case errors.As(err, &de):
		writeDiagText(e.stderr, de.Diagnostics(), false)
		if errors.Is(err, runner.ErrScriptEnded) && pl.sess.savePath != "" {
			// Saved at the question the script could not answer: resume goes on from there.
			if _, serr := pl.sess.saveAtDecision(); serr != nil {
				return failf(exitFindings, "the save failed: %v", serr)
			}
			return failf(exitFindings, "saved to %s at the question the script did not answer (continue with: sortie resume %s at a terminal, or with --policy first|random)", pl.sess.savePath, pl.sess.savePath)
		}
		return failf(exitFindings, "")
	case errors.Is(err, runner.ErrNoInput):
		if pl.sess.savePath != "" {
			if _, serr := pl.sess.saveAtDecision(); serr != nil {
				return failf(exitUsage, "input ended; the run stopped (%v) and the save failed: %v", err, serr)
			}
			return failf(exitUsage, "input ended; the run stopped (%v); saved to %s (continue with: sortie resume %s)", err, pl.sess.savePath, pl.sess.savePath)
		}
		return failf(exitUsage, "input ended; the run stopped (%v)", err)
	}
	return failf(exitUsage, "%v", err)
}

// sinkFor returns the transcript sink of a run: its events as text or JSON Lines, through the
// session's byte counter, for the viewer view (K-23): "" is the players' view for text and every
// event (each marked with its audience) for JSON Lines.
func (pl *played) sinkFor(format, view string) runner.Sink {
	if view == "" {
		view = "party"
		if format == "jsonl" {
			view = "all"
		}
	}
	a, _ := runner.ParseAudience(view) // setup checked it
	if format == "jsonl" {
		return runner.ViewSink(runner.NewJSONLSink(pl.sess.out), a)
	}
	return runner.ViewSink(runner.NewTextSink(pl.sess.out), a)
}
