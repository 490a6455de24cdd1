package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/campaign"
	replaypage "github.com/sortie-rpg/sortie/runner/replay"
	"github.com/urfave/cli/v2"
)

func campaignCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "campaign",
		Usage: "vet or dry-run a whole campaign (kind: \"campaign\")",
		Description: `A campaign file names its scenarios (paths relative to it), the prologue (K-8), the scenarios
open at the start (K-9), what each clear unlocks and which base it secures (K-10), the mercenary
benefits (K-11), the shop (K-12), the starting money and each scenario's reward, and the PCs.

  sortie campaign vet scenarios/karzoral/campaign.cue
  sortie campaign run scenarios/karzoral/campaign.cue --script scenarios/karzoral/campaign-play.yaml

FILE may be a folder or DIR/... holding exactly one campaign file (sortie campaign vet
scenarios/karzoral); with none or several, sortie names those it found.`,
		Subcommands: []*cli.Command{campaignVetCommand(e), campaignRunCommand(e)},
	}
}

func campaignVetCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "vet",
		Usage:     "check a campaign file and every scenario it names",
		ArgsUsage: "FILE|DIR|DIR/...",
		Description: `vet applies the campaign schema, vets every scenario the campaign names (their findings keep
their own positions) and checks the unlock graph: C001-C007 (sortie explain C004). Exit 0 when
clean, 1 on errors (warnings too with --strict), 2 on usage or I/O errors. --format takes what
sortie vet's does (json, sarif, github, junit: one suite, the campaign's folder).`,
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "strict", Usage: "exit 1 on warnings too"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: " + strings.Join(vetFormats, ", ")},
		},
		Action: func(c *cli.Context) error {
			if err := vetFormatOf(c.String("format")); err != nil {
				return err
			}
			path, err := campaignArg(e, "vet", c.NArg(), c.Args().First())
			if err != nil {
				return err
			}
			// A scenario or battle file is refused as campaign run refuses it (exit 2, what takes
			// it), not vetted as a broken campaign (issue 20 review: C001, exit 1).
			if !compiler.IsCampaign(path) {
				if k := otherKind(e, path); k != "" {
					return refuseKind("campaign vet", path, k)
				}
			}
			list, err := compiler.VetCampaign(path, e.opts())
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			list.Sort()
			unit := []compiler.ScenarioFiles{{Dir: filepath.Dir(path), Files: []string{path}}}
			return e.writeVetResult(c.String("format"), list, unit, c.Bool("strict"), false)
		},
	}
}

func campaignRunCommand(e *env) *cli.Command {
	flags := []cli.Flag{
		&cli.StringFlag{Name: "script", Usage: "take decisions (and rolls) from `FILE` (YAML or CUE)"},
		&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the dice generator (one for the whole campaign)"},
		&cli.StringFlag{Name: "policy", Usage: "answer decisions by `NAME`: first, random, explore or goal"},
		&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text or jsonl"},
		htmlFlag(), htmlViewFlag(),
		&cli.BoolFlag{Name: "table-dice", Usage: "at the terminal, ask for every die roll instead of rolling"},
	}
	return &cli.Command{
		Name:      "run",
		Usage:     "dry-run a campaign: selection, preparation, sorties, growth, until it ends",
		ArgsUsage: "FILE|DIR|DIR/...",
		Description: `run plays the prologue (K-8), then repeats scenario selection (K-9, K-10), sortie preparation
(one mercenary benefit, K-11; purchases, K-12; free treatment, K-13; resurrection for 10,000
gamels, borrowed against later rewards when short, K-14) and the sortie (the scenario's day
loop), settling XP, rewards, bases and unlocks after each. A failure returns to selection with
the midpoint retained and fresh armies (K-66..K-68). It ends when the final scenario is cleared,
nothing is left to select, or the decisions run out, and prints a table per sortie.

Campaign decisions in a script: {select: field01}, {benefit: daisy} or {benefit: none},
{prepare: sortie}, {prepare: treat}, {prepare: "buy potion"}, {prepare: "resurrect aldo"}, and
for a retry whose midpoint is retained {retry: midpoint} (resume there, K-67) or {retry: start};
the scenarios' decisions as in sortie run. Exit 0 when the campaign reached its end, 1 when the
script disagrees with the state or ran out, 2 on usage or I/O errors.`,
		Flags: append(append(flags, saveFlags()...), viewFlags()...),
		Action: func(c *cli.Context) error {
			path, err := campaignArg(e, "run", c.NArg(), c.Args().First())
			if err != nil {
				return err
			}
			if !compiler.IsCampaign(path) {
				if k := otherKind(e, path); k != "" {
					return refuseKind("campaign", path, k)
				}
			}
			camp, err := compileCampaignOrFail(e, path)
			if err != nil {
				return err
			}
			abs, err := filepath.Abs(path)
			if err != nil {
				return failf(exitUsage, "%v", err)
			}
			return playCampaign(e, camp, abs, paramsFromFlags(c), nil)
		},
	}
}

func compileCampaignOrFail(e *env, path string) (*plan.Campaign, error) {
	camp, list, err := compiler.CompileCampaign(path, e.opts())
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	writeDiagText(e.stderr, list, false)
	if camp == nil {
		return nil, failf(exitFindings, "%s in the campaign", words.Count(list.Count(diag.Error), "error"))
	}
	return camp, nil
}

// playCampaign runs a campaign (fresh, or the resumption of from).
func playCampaign(e *env, camp *plan.Campaign, path string, prm playParams, from *saveFile) error {
	prm.newPolicy = func(name string, seed uint64) (runner.Decider, error) { return playPolicy(name, seed, nil, camp) }
	page, err := newReplayPage(prm.html, prm.htmlView, path)
	if err != nil {
		return err
	}
	pl, err := setup(e, prm, from)
	if err != nil {
		return err
	}
	b := &pl.sess.base
	b.Command, b.Path, b.PlanHash = "campaign", path, camp.SourceHash
	res, err := campaign.Run(camp, campaign.Options{
		Seed:       prm.seed,
		Dice:       pl.sess.dice,
		Decider:    pl.dec,
		Fallback:   pl.fallback,
		Sink:       page.sink(pl.sinkFor(prm.format, prm.view)),
		Checkpoint: pl.sess.checkpoint,
	})
	if err == nil {
		err = pl.sess.ended()
	}
	if err == nil {
		err = page.write(replaypage.Input{Campaign: camp}) // --html: the campaign's replay page
	}
	if err != nil {
		return pl.finish(e, err)
	}
	if pl.script != nil {
		writeDiagText(e.stderr, pl.script.Unused(), false)
	}
	if res.End == campaign.EndLimit {
		fmt.Fprintf(e.stderr, "sortie: campaign %s: stopped after %d sorties without reaching its end\n", camp.ID, campaign.DefaultMaxSorties)
		return failf(exitFindings, "")
	}
	if res.End == campaign.EndNoMore && camp.Final >= 0 {
		fmt.Fprintf(e.stderr, "sortie: campaign %s: no scenario left to select before the final one was cleared\n", camp.ID)
		return failf(exitFindings, "")
	}
	return nil
}
