package main

import (
	"bytes"
	"os"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/urfave/cli/v2"
)

func resumeCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "resume",
		Usage:     "continue a run or campaign saved with --save",
		ArgsUsage: "FILE",
		Description: `resume reads a save written by "sortie run --save FILE" or "sortie campaign run --save FILE",
plays the run again silently up to the save (same plan, seed, script or recorded answers), checks
that it meets the saved state (decisions, output, dice generator), and continues, writing only
what comes after: the first run's output followed by the resumed output is the output of a run
that was never stopped. The save goes on being written to FILE (or to --save).

A run that stopped because its script ran out goes on at the terminal once the script is
exhausted again (the answers given there are saved too), or under --policy first|random.
A run played with --play SIDE goes on with the terminal answering for the same side, and the
computer for the other as before (its choices are made again, not read from the save).

Refused with exit 2, and nothing overwritten: a save that is truncated or corrupted, a scenario,
campaign or script that changed since the save.

Saves are signed. The first --save makes a key of your own, 32 random bytes in
$XDG_CONFIG_HOME/sortie/save.key (~/.config/sortie/save.key; mode 0600, never replaced), and
every save carries an HMAC-SHA256 of its content under it. A save signed with your key resumes
whatever folders its scenario and script are in. Any other save (someone else's, an edited one,
one written when no key could be made) is a stranger's file: its scenario and script must lie in
the save's own folder or below it (symbolic links followed), else it is refused with L018 naming
the field, before anything it names is read. To resume a save someone sent you, keep it in the
folder of the scenario it plays.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "save", Usage: "go on saving to `FILE` instead of the resumed save"},
			&cli.StringFlag{Name: "policy", Usage: "once a saved run's script has run out, answer by `NAME`: first or random"},
			&cli.IntFlag{Name: "halt-after", Hidden: true},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return failf(exitUsage, "resume needs exactly one FILE (a save)")
			}
			file := c.Args().First()
			if err := compiler.EmptyPath(file); err != nil {
				return failf(exitUsage, "%v", err)
			}
			// Before the read: a folder is what it holds (a battle's folder is a battle's, issue
			// 20 review: every folder was called a scenario), else a folder, not a save.
			if st, err := os.Stat(file); err == nil && st.IsDir() {
				if units, err := compiler.UnitFiles([]string{file}, "", nil); err == nil && len(units) == 1 {
					if fs := units[0]; len(fs) == 1 && compiler.IsCampaign(fs[0]) {
						return refuseKind("resume", file, "campaign")
					}
					if k := otherKind(e, file); k == "battle" || k == "scenario" {
						return refuseKind("resume", file, k)
					}
				}
				return failf(exitUsage, "%s is a folder: sortie resume continues a save, the file sortie run --save FILE or sortie campaign run --save FILE writes", file)
			}
			// Through the gate: a named pipe would wait for a writer, a device never end, an
			// 8 GB file fill the memory.
			data, err := e.readInput(file)
			if err != nil {
				return failf(exitUsage, "cannot resume %v; nothing was overwritten", err)
			}
			sv, err := decodeSave(data)
			if err != nil && compiler.IsCampaign(file) {
				return refuseKind("resume", file, "campaign")
			}
			if err != nil && !isJSON(data) {
				if k := otherKind(e, file); k != "" {
					return refuseKind("resume", file, k)
				}
			}
			if err != nil && !isJSON(data) {
				// A script, notes, anything not JSON: say what a save is, not only a JSON
				// parser's "invalid character '#'" (issue 20 review).
				return failf(exitUsage, "cannot resume %s: %v (a save is the JSON file sortie run --save FILE or sortie campaign run --save FILE writes; a script is replayed with --script); nothing was overwritten", file, err)
			}
			if err != nil {
				return badJSONFile(file, data, err, "cannot resume: %v; nothing was overwritten", err)
			}
			// A save not signed by this user is a stranger's file: what it names must lie in
			// its own folder tree (savekey.go; issue 28, B10).
			if !signedByUser(sv) {
				if err := confineSave(file, sv); err != nil {
					return failf(exitUsage, "cannot resume %s: %v; nothing was overwritten", file, err)
				}
			}
			if sv.At == "end" {
				return failf(exitUsage, "cannot resume %s: the saved run already ended (%s, %d checkpoints); nothing was overwritten", file, sv.Path, sv.Steps)
			}
			prm := playParams{seed: sv.Seed, script: sv.Script, policy: sv.Policy, format: sv.Output, view: sv.View,
				tableDice: sv.TableDice, save: file, halt: c.Int("halt-after"), path: sv.Path, play: sv.Play}
			if s := c.String("save"); s != "" {
				prm.save = s
			}
			if p := c.String("policy"); p != "" {
				if sv.Script == "" {
					return failf(exitUsage, "--policy: the saved run has no script (its decisions came from %s)", map[bool]string{true: "the terminal", false: "its policy"}[sv.Prompt])
				}
				prm.policy = p
			}
			switch sv.Command {
			case "campaign":
				camp, err := compileCampaignOrFail(e, sv.Path)
				if err != nil {
					return cannotResume(file, sv.Path, err)
				}
				if camp.SourceHash != sv.PlanHash {
					return failf(exitUsage, "cannot resume %s: the campaign %s or one of its scenarios changed since the save (hash %s, saved %s); nothing was overwritten", file, sv.Path, camp.SourceHash, sv.PlanHash)
				}
				return playCampaign(e, camp, sv.Path, prm, sv)
			default:
				p, err := loadPlan(e, sv.Path)
				if err != nil {
					return cannotResume(file, sv.Path, err)
				}
				h, err := planHash(p)
				if err != nil {
					return failf(exitUsage, "%v", err)
				}
				if h != sv.PlanHash {
					return failf(exitUsage, "cannot resume %s: the scenario %s changed since the save (plan hash %s, saved %s); nothing was overwritten", file, sv.Path, h, sv.PlanHash)
				}
				return playPlan(e, p, sv.Path, prm, sv)
			}
		},
	}
}

// isJSON reports whether data starts as JSON does (a save is JSON; a scenario in JSON is left to
// the save's own messages).
func isJSON(data []byte) bool {
	t := bytes.TrimSpace(data)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// cannotResume turns a failure to load what a save was made from (deleted, or no longer vetting)
// into a resume refusal: exit 2, the save untouched. The findings were already printed.
func cannotResume(file, path string, err error) error {
	msg := err.Error()
	if msg == "" {
		msg = "it has errors"
	}
	return failf(exitUsage, "cannot resume %s: %s no longer loads (%s); nothing was overwritten", file, path, msg)
}
