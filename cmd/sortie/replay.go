package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/runner"
	replaypage "github.com/sortie-rpg/sortie/runner/replay"
	"github.com/urfave/cli/v2"
)

// htmlFlag is --html FILE of run, campaign run and battle: the run's replay page (runner/replay).
func htmlFlag() cli.Flag {
	return &cli.StringFlag{Name: "html", Usage: "also write the run as a self-contained replay page to `FILE` (map, timeline, transcript, chart; players' and GM's view)"}
}

// htmlViewFlag is --html-view of the commands with --html: what the replay page holds.
func htmlViewFlag() cli.Flag {
	return &cli.StringFlag{Name: "html-view", Value: "all", Usage: "what the --html page holds: all (the players' and the GM's view, with a switch) or players (the players' view only: nothing the players did not learn is in the file, to hand to them)"}
}

// htmlViewValue is --html-view, for the commands that have it ("all" for the others).
func htmlViewValue(c *cli.Context) string {
	for _, f := range c.Command.Flags {
		for _, n := range f.Names() {
			if n == "html-view" {
				return c.String("html-view")
			}
		}
	}
	return "all"
}

// checkHTMLView refuses a --html-view other than all and players (exit 2).
func checkHTMLView(view string) error {
	if view != "all" && view != "players" && view != "" {
		return failf(exitUsage, "unknown --html-view %q: use all (both views) or players (the players' view only)", view)
	}
	return nil
}

// htmlValue is --html, for the commands that have it ("" for the others).
func htmlValue(c *cli.Context) string {
	for _, f := range c.Command.Flags {
		for _, n := range f.Names() {
			if n == "html" {
				return c.String("html")
			}
		}
	}
	return ""
}

// replayPage is a run's --html page in the making: the recorder of its events and where it goes.
type replayPage struct {
	path string
	rec  *replaypage.Recorder
	log  bytes.Buffer // a Pathfinder battle file's log, JSON Lines (pfRecord)
	view string       // --html-view
	o    safeio.Options
}

// replayOptions are the safe writer's options for a replay page: never over one of inputs
// (their sources), only over a page sortie replay wrote.
func replayOptions(inputs ...string) safeio.Options {
	return safeio.Options{Flag: "--html", Sources: inputSources(inputs...), Kind: "a sortie replay page", IsKind: replaypage.IsPage}
}

// newReplayPage checks --html FILE and --html-view (view) before the run (nil, nil when path
// is ""). Exit-coded.
func newReplayPage(path, view string, inputs ...string) (*replayPage, error) {
	if err := checkHTMLView(view); err != nil || path == "" {
		return nil, err
	}
	o := replayOptions(inputs...)
	if err := checkOutput(path, o); err != nil {
		return nil, err
	}
	return &replayPage{path: path, rec: replaypage.NewRecorder(), view: view, o: o}, nil
}

// sink adds the recorder to the run's sink s (s itself without --html).
func (r *replayPage) sink(s runner.Sink) runner.Sink {
	if r == nil {
		return s
	}
	return replaypage.Tee(s, r.rec)
}

// write writes the page of the events recorded and what was played (in: its plan, campaign or
// battle). Nothing without --html. Exit-coded.
func (r *replayPage) write(in replaypage.Input) error {
	if r == nil {
		return nil
	}
	in.View = r.view
	return writeReplayPage(r.path, r.rec.Input(in), r.o)
}

// writeReplayPage builds the page and writes it through safeio.
func writeReplayPage(path string, in replaypage.Input, o safeio.Options) error {
	var b bytes.Buffer
	if err := replaypage.WriteHTML(&b, in); err != nil {
		return failf(exitUsage, "--html %s: %v", path, err)
	}
	return writeOutput(path, b.Bytes(), o)
}

// replayCommand is `sortie replay RUN.jsonl --plan PLAN --html FILE`: the replay page of a run
// recorded earlier with --format jsonl.
func replayCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "replay",
		Usage:     "write the replay page of a run recorded with --format jsonl",
		ArgsUsage: "RUN.jsonl",
		Description: `replay reads the JSON Lines of a run (sortie run, campaign run or battle with --format jsonl,
every audience: --view all, the default) and writes one self-contained HTML page to watch it:
the map in the engine's geometry (Karzoral blocks, Pathfinder hexes, clash squares), a timeline
with play, pause, step and the arrow keys, the transcript of the current step, a chart of army
strengths, hp, stands and VP, and a view switch: the players' view shows only what the party
knew at that step (K-23), the GM's everything. The page needs no network and works from file://.

--plan names what was played: a plan written by sortie compile (plan.json), a scenario folder,
a campaign file or a battle file. A Pathfinder battle file's page shows its two battle lines,
each army's hp and fate phase by phase (its log: sortie battle FILE --format jsonl).

  sortie run scenarios/karzoral/field01 --seed 3 --format jsonl > run.jsonl
  sortie compile scenarios/karzoral/field01 -o field01.plan.json
  sortie replay run.jsonl --plan field01.plan.json --html run.html

--html-view players writes the players' view alone: nothing they did not learn in the run is
in the file (no event for the GM, no army they never saw, no box they never opened), so it can
be handed to them. A Pathfinder battle file names no players' side and has no such page.

The same page comes straight from a run with --html FILE on run, campaign run and battle.
Exit 0 when the page is written, 2 on usage or I/O errors and on a line that is not an event
(file:line:col with its code, X006).`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "plan", Usage: "what was played: a plan.json, a scenario folder, a campaign file or a battle `PATH`", Required: true},
			&cli.StringFlag{Name: "html", Usage: "write the replay page to `FILE`", Required: true},
			htmlViewFlag(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return failf(exitUsage, "replay needs exactly one RUN.jsonl (see sortie replay --help)")
			}
			runPath, planPath, out := c.Args().First(), c.String("plan"), c.String("html")
			for _, p := range []string{runPath, planPath, out} {
				if err := compiler.EmptyPath(p); err != nil {
					return failf(exitUsage, "%v", err)
				}
			}
			if err := checkHTMLView(c.String("html-view")); err != nil {
				return err
			}
			o := replayOptions(runPath, planPath)
			if err := checkOutput(out, o); err != nil {
				return err
			}
			in, err := replayInput(e, planPath)
			if err != nil {
				return err
			}
			var nums []int
			if in.Events, nums, err = readRunLines(runPath, in.Battle != nil); err != nil {
				return err
			}
			if err := matchRunToPlan(runPath, planPath, in, nums); err != nil {
				return err
			}
			in.View = c.String("html-view")
			if err := refusePlayersRecording(runPath, in); err != nil {
				return err
			}
			var b bytes.Buffer
			if err := replaypage.WriteHTML(&b, in); err != nil {
				var ee *replaypage.EventError
				if errors.As(err, &ee) && ee.Index < len(nums) {
					return failf(exitUsage, "%s:%d:%d: %s: %s", esc.Text(filepath.ToSlash(runPath)), nums[ee.Index], ee.Col, replaypage.CodeBadRun, esc.Short(ee.Why))
				}
				return failf(exitUsage, "--html %s: %v", out, err)
			}
			return writeOutput(out, b.Bytes(), o)
		},
	}
}

// refusePlayersRecording refuses a Karzoral run recorded with --view party for a page with a GM
// view (issue 25 review D3: the GM's view drew the armies where the players last saw them, not
// where they were): such a recording has days but not one event for the GM (each day's end is
// one, for a field with armies: K-23). With --html-view players the page is the players' only,
// which the recording holds. Exit 2, X006.
func refusePlayersRecording(runPath string, in replaypage.Input) error {
	karzoral := in.Campaign != nil || in.Plan != nil && in.Plan.Pathfinder == nil && len(in.Plan.Armies) > 0
	if !karzoral || in.View == "players" {
		return nil
	}
	days, gm := false, false
	for _, l := range in.Events {
		days = days || bytes.Contains(l, []byte(`"type":"day"`))
		gm = gm || bytes.Contains(l, []byte(`"audience":"gm"`))
	}
	if !days || gm {
		return nil
	}
	return failf(exitUsage, "%s: %s: the run was recorded with --view party (it holds no event for the GM), so the page's GM view would be the players' guesses: record it with --view all (the default), or write the players' page alone with --html-view players", esc.Text(filepath.ToSlash(runPath)), replaypage.CodeBadRun)
}

// replayInput compiles or reads what was played: a plan.json, a campaign file, a scenario or a
// clash battle. Exit-coded.
func replayInput(e *env, path string) (replaypage.Input, error) {
	if strings.HasSuffix(path, ".json") {
		p, err := loadPlan(e, path)
		if err != nil {
			return replaypage.Input{}, err
		}
		return replaypage.Input{Plan: p}, checkReplayPlan(path, p)
	}
	if isCampaignPath([]string{path}) {
		camp, err := compileCampaignOrFail(e, path)
		return replaypage.Input{Campaign: camp}, err
	}
	u, list, err := compiler.CompileAny([]string{path}, e.opts())
	if err != nil {
		return replaypage.Input{}, failf(exitUsage, "%v", err)
	}
	list.Sort()
	writeDiagText(e.stderr, list, false)
	if u == nil {
		return replaypage.Input{}, failf(exitFindings, "--plan %s has errors; no page written", path)
	}
	if u.Plan != nil {
		return replaypage.Input{Plan: u.Plan}, checkReplayPlan(path, u.Plan)
	}
	if be, _, ok := battleEngineOf(u); ok {
		return be.replay(u), nil
	}
	return replaypage.Input{}, failf(exitUsage, "--plan %s: nothing to replay (a scenario, a campaign or a battle file)", path)
}

// matchRunToPlan refuses a run recorded from another scenario than the one --plan names (X006,
// file:line:1 of the first event that shows it, naming both):
//   - its rule system: an event's type belongs to one system only (a "clash." prefix: a clash
//     battle; "campaign.": a campaign; a type only one engine's stream registers,
//     runner.EventStreams: "karzoral" or "pathfinder"), and that system is not what --plan is
//     (a plan's scenario rules, a campaign: campaign and karzoral, a clash battle, a Pathfinder
//     battle file: pathfinder);
//   - its scenario or battle ID (a "run" line's scenario, a "clash.start" line's battle);
//   - its sourceHash, where the recording names one (a run's "run" line; the plan always has one).
//
// Types both engines write ("day", "event") and a battle log's "kind" lines decide nothing.
// Exit 2.
func matchRunToPlan(runPath, planPath string, in replaypage.Input, nums []int) error {
	where := func(i int) string { return fmt.Sprintf("%s:%d:1", esc.Text(filepath.ToSlash(runPath)), nums[i]) }
	pp := esc.Text(filepath.ToSlash(planPath))
	var want []string // the systems --plan accepts
	var id, hash, what string
	switch {
	case in.Plan != nil:
		want, id, hash, what = []string{in.Plan.Scenario.Rules}, in.Plan.Scenario.ID, in.Plan.SourceHash, "scenario"
	case in.Campaign != nil:
		want, what = []string{"campaign", "karzoral"}, "campaign"
	case in.Clash != nil:
		want, id, hash, what = []string{"clash"}, in.Clash.ID, in.Clash.SourceHash, "battle"
	case in.Battle != nil:
		want, what = []string{"pathfinder"}, "battle"
	default:
		return nil
	}
	for i, l := range in.Events {
		var head struct {
			Type       string  `json:"type"`
			Scenario   *string `json:"scenario"`
			Battle     *string `json:"battle"`
			SourceHash *string `json:"sourceHash"`
		}
		if json.Unmarshal(l, &head) != nil || head.Type == "" {
			continue
		}
		if sys := recordingSystem(head.Type); sys != "" && !slices.Contains(want, sys) {
			if sys == "campaign" {
				return failf(exitUsage, "%s: %s: a campaign's run, but --plan %s is one %s's (%s): give the campaign file as --plan", where(i), replaypage.CodeBadRun, pp, what, strings.Join(want, "/"))
			}
			return failf(exitUsage, "%s: %s: the run is of %s rules (event %q), but --plan %s is of %s rules: give the plan it was played from", where(i), replaypage.CodeBadRun, sys, esc.Cut(head.Type, esc.Max), pp, strings.Join(want, "/"))
		}
		var got *string
		switch head.Type {
		case "run":
			got = head.Scenario
		case "clash.start":
			got = head.Battle
		default:
			continue
		}
		if got != nil && id != "" && *got != id {
			return failf(exitUsage, "%s: %s: the run is of %s %q, but --plan %s is %q", where(i), replaypage.CodeBadRun, what, esc.Cut(*got, esc.Max), pp, esc.Cut(id, esc.Max))
		}
		if head.SourceHash != nil && hash != "" && *head.SourceHash != hash {
			return failf(exitUsage, "%s: %s: the run was played from sources %s, but --plan %s has %s: recompile the plan from the sources the run was played from", where(i), replaypage.CodeBadRun, esc.Short(*head.SourceHash), pp, esc.Short(hash))
		}
	}
	return nil
}

// recordingSystem is the rule system an event of type typ belongs to alone: "clash" (a
// "clash." prefix), "campaign" ("campaign."), "karzoral" or "pathfinder" (a type only that
// engine's stream registers), "" for a type of both streams or of none.
func recordingSystem(typ string) string {
	switch {
	case strings.HasPrefix(typ, "clash."):
		return "clash"
	case strings.HasPrefix(typ, "campaign."):
		return "campaign"
	}
	if s := runner.EventStreams(typ); len(s) == 1 {
		return s[0]
	}
	return ""
}

// checkReplayPlan refuses a plan that sortie run would refuse (runner.Check: the engine's own
// floor, e.g. a hand-edited plan whose field has no blocks), so that the page never indexes what
// is not there. Exit 2.
func checkReplayPlan(path string, p *plan.Plan) error {
	if err := runner.Check(p); err != nil {
		return failf(exitUsage, "--plan %s: %s", esc.Text(filepath.ToSlash(path)), esc.Short(err.Error()))
	}
	return nil
}

// maxReplayEvents bounds the events of one replay page (the JSON Lines of sortie replay): a
// bundled scenario's run writes some hundreds, a campaign's some thousands; a page of more would
// take gigabytes to build and hundreds of MB to write (review 7 B7: 533,000 lines, 2.17 GB, a
// 210 MB page). More is refused with X006 at the first line over, exit 2, no page.
const maxReplayEvents = 50000

// maxReplayLine bounds one event's line of a replay's JSON Lines, in bytes (1 MiB): a say or a
// title of a scenario file may be long, a run's line is not longer than that.
const maxReplayLine = 1 << 20

// readRunLines reads a run's JSON Lines through the gate (compiler/safeio): one event a line,
// blank lines skipped, and each event's line number. A line that is not a JSON object with a "type" (with battle, a Pathfinder
// battle file's log: a "type" or a "kind") is refused with its file:line:col and X006.
func readRunLines(path string, battle bool) ([][]byte, []int, error) {
	data, err := safeio.ReadNamed(path, maxInput)
	if err != nil {
		return nil, nil, failf(exitUsage, "%v", err)
	}
	// A byte-order mark (an editor's UTF-8 BOM) is no part of the first event (issue 25 review
	// D6: "invalid character 'ï'").
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var out [][]byte
	var nums []int // each event's line number, 1-based
	for n, l := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		var head struct {
			Type *string `json:"type"`
			Kind *string `json:"kind"`
		}
		col := 1
		if err := json.Unmarshal(l, &head); err != nil {
			why := err.Error()
			var se *json.SyntaxError
			var te *json.UnmarshalTypeError
			switch {
			case errors.As(err, &se):
				col = int(se.Offset)
			case errors.As(err, &te) && te.Field == "":
				why = "a JSON " + te.Value + ", not an object" // not Go's struct type
			case errors.As(err, &te):
				why = fmt.Sprintf("%q is a JSON %s, not a string", te.Field, te.Value)
			}
			return nil, nil, failf(exitUsage, "%s:%d:%d: %s: not a JSON event: %s", esc.Text(filepath.ToSlash(path)), n+1, col, replaypage.CodeBadRun, esc.Short(why))
		}
		if head.Type == nil && (!battle || head.Kind == nil) {
			if battle {
				return nil, nil, failf(exitUsage, "%s:%d:1: %s: a line with no \"kind\" (is it sortie battle --format jsonl of this battle file?)", esc.Text(filepath.ToSlash(path)), n+1, replaypage.CodeBadRun)
			}
			return nil, nil, failf(exitUsage, "%s:%d:1: %s: an event with no \"type\" (is it a run's --format jsonl?)", esc.Text(filepath.ToSlash(path)), n+1, replaypage.CodeBadRun)
		}
		if len(l) > maxReplayLine {
			// One event of a run is a few KB (the longest bundled, a campaign's end, 1.8 KB); a
			// line of many MB held the page's build at 25 times its size (issue 25 review D6: a
			// 30 MB string, 738 MB).
			return nil, nil, failf(exitUsage, "%s:%d:1: %s: a line of %d bytes: an event of a run is at most %d (is this a run's --format jsonl?)", esc.Text(filepath.ToSlash(path)), n+1, replaypage.CodeBadRun, len(l), maxReplayLine)
		}
		if len(out) == maxReplayEvents {
			return nil, nil, failf(exitUsage, "%s:%d:1: %s: more than %d events: a replay page holds one run of at most %d (is this one run's --format jsonl?)", esc.Text(filepath.ToSlash(path)), n+1, replaypage.CodeBadRun, maxReplayEvents, maxReplayEvents)
		}
		out, nums = append(out, l), append(nums, n+1)
	}
	if len(out) == 0 {
		return nil, nil, failf(exitUsage, "%s:1:1: %s: no events (record a run with --format jsonl)", esc.Text(filepath.ToSlash(path)), replaypage.CodeBadRun)
	}
	return out, nums, nil
}

// battleHTML refuses --html for --runs (many battles).
func battleHTML(c *cli.Context) error {
	if htmlValue(c) != "" && c.IsSet("runs") {
		return failf(exitUsage, "--html replays one battle; drop --runs (sortie simulate --html reports many)")
	}
	return nil
}

// pfRecord is where a Pathfinder battle file's log goes for its --html page
// (pathfinder.BattleOptions.Record): nil without --html.
func (r *replayPage) pfRecord() io.Writer {
	if r == nil {
		return nil
	}
	return &r.log
}

// writeBattle writes the page of a Pathfinder battle file b from its log recorded through
// pfRecord. Nothing without --html. Exit-coded.
func (r *replayPage) writeBattle(b *plan.Battle) error {
	if r == nil {
		return nil
	}
	var lines [][]byte
	for _, l := range bytes.Split(r.log.Bytes(), []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			lines = append(lines, l)
		}
	}
	return writeReplayPage(r.path, replaypage.Input{Battle: b, Events: lines, View: r.view}, r.o)
}
