package campaign

import (
	"slices"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/karzoral"
)

// Sortie is what the campaign hands the scenario runner for one sortie (K-16): the seam between the
// campaign level (this package) and the scenario level. A Player plays it and answers a Report.
type Sortie struct {
	Scenario *plan.CampaignScenario
	Attempt  int // 1 for the first try, 2 for the first retry (K-66) ...
	// Midpoint: a midpoint of this scenario was cleared by an earlier, failed attempt (K-67); its
	// XP is not granted again.
	Midpoint bool
	// Resume, if set, is that midpoint's state: the players chose to resume the retry there
	// (K-67); nil: the sortie starts from the beginning.
	Resume *karzoral.Midpoint
	// NamedDead lists the named monsters defeated earlier in the campaign: they never reappear
	// (K-67). Sorted.
	NamedDead []string
	PCs       []PC   // the party as it sorties (dead PCs included, Dead set)
	Benefit   string // the mercenary benefit chosen (K-11), "" for none
	// Shop is the campaign's price list and Purse its gamels as the sortie sets out: what the
	// party may buy at a base mid-scenario (K-12), charged to the ledger afterwards.
	Shop  []plan.Item
	Purse int
	// ResurrectionCost is the price of a resurrection at a base mid-scenario (K-14; Rules).
	ResurrectionCost int
	// Run are the runner options: Decider, Sink, Dice and Checkpoint are set by the campaign (one
	// generator and one event stream for the whole campaign), Seed is the campaign's seed (printed
	// in the transcript).
	Run runner.Options
}

// Report is what a sortie tells the campaign: the seam the campaign's growth, ledger and unlocks
// (K-10, K-14, K-60..K-68) are computed from.
type Report struct {
	Outcome string // runner.Success | runner.Failure | runner.Stopped
	Day     int    // the day it ended
	Reason  string
	// Midpoint: this attempt reached a midpoint (K-60), to be retained on a failure (K-67).
	Midpoint bool
	// Resume is the state at that midpoint (a copy of karzoral.Result.Midpoint): what a retry
	// resumes from; nil when the scenario was not played by the Karzoral runner.
	Resume *karzoral.Midpoint
	// XP per PC (same order as Sortie.PCs) earned in this sortie, all growths together (K-61),
	// or the failure XP (K-66); XPNote says how it was made up, for the transcript.
	XP     []int
	XPNote string
	Named  []string // named monsters defeated in this sortie, in the order they fell (K-67)
	Dead   []string // ids of PCs dead at the end of the sortie (K-100, K-101)
	Money  int      // gamels the party brings back besides the reward: its loot (K-98)
	// Purchases made at bases mid-scenario (K-12), in order: the ledger charges each.
	Purchases []karzoral.Purchase
	// Resurrections made at bases mid-scenario (K-14), in order: the ledger charges what the purse
	// paid and books the rest as borrowed.
	Resurrections []karzoral.Resurrection
	// Growths per PC (same order as Sortie.PCs): the ability growths (K-64) the campaign rolls
	// for it, one per growth point this sortie settled (a midpoint reached, K-60, and the clear);
	// 0 for a PC the plan names (the scenario runner rolled its growth) and for a PC dead when
	// the sortie began. A failure settles no growth of its own (K-66, K-25).
	Growths []int
}

// Player plays one sortie. RunnerPlayer is the default; the full Karzoral growth rules (monster
// XP, remaining-strength bonus, fumbles: K-61..K-63) plug in here.
type Player interface {
	Play(s *Sortie) (*Report, error)
}

// RunnerPlayer plays a sortie with karzoral.Run and derives the Report from its Result.
//
// ADAPTER (the seam between the campaign and the scenario runner's K-60..K-68): the scenario runner
// settles the XP of every plan (K-61..K-66), the campaign's failure XP for the scenario passed as
// karzoral.Carry.FailureXP (the plan's when the campaign gives none):
//   - a plan with PCs (plan.Party.PCs): each campaign PC whose name matches a plan PC gets that
//     PC's XP from karzoral.Result.PCs (growths with fumbles, K-61..K-64; failure XP, K-66);
//   - otherwise (a members-only plan, or a campaign PC the plan does not name), karzoral.Result.XP:
//     at each growth point the achievement XP, the monster XP and the remaining-strength bonus
//     (K-61..K-63), and on a failure the failure XP after any midpoint settled before it (K-60,
//     K-66). A midpoint retained from an earlier attempt is not settled again (K-67).
//
// Named monsters defeated come from karzoral.Result.NamedDefeated (those of this sortie only); a
// defeat (karzoral.Result.Defeated) kills every PC but the angel (K-100, K-102).
// Sortie.Midpoint, Sortie.Resume and Sortie.NamedDead go to the scenario runner as karzoral.Carry:
// the retained midpoint gives no XP or growth again; with Resume the retry resumes at its state
// (K-67) with fresh armies (K-68: the scenario's midpoint setup, else the initial one); named
// monsters stay dead (K-67).
type RunnerPlayer struct{}

// Play implements Player.
func (RunnerPlayer) Play(s *Sortie) (*Report, error) { return play(s, karzoral.Run) }

// play plays a sortie with run (karzoral.Run, or a Runner kept for the scenario) and derives
// the Report from its Result (RunnerPlayer).
func play(s *Sortie, run func(*plan.Plan, karzoral.Options) (*karzoral.Result, error)) (*Report, error) {
	p := s.Scenario.Plan
	opts := karzoral.Options{Options: s.Run}
	// K-67: the retry resumes at the retained midpoint (K-60: a scenario has at most one), and
	// named monsters defeated earlier stay dead; K-66: the campaign's failure XP.
	opts.Carry = &karzoral.Carry{NamedDead: s.NamedDead, FailureXP: s.Scenario.FailureXP, Resume: s.Resume,
		Shop: s.Shop, Purse: s.Purse, // K-12: shopping at a base mid-scenario, paid from the purse
		ResurrectionCost: s.ResurrectionCost} // K-14: resurrection at a base mid-scenario
	// K-1: a members-only plan names the campaign's PCs that sortie alive in its XP lines (a
	// dead PC gets no XP, campaign.go); the growth rolls (K-64) stay the campaign's (growth.go).
	// Only a run that writes events names them: a simulation allocates nothing for it.
	if len(p.Party.PCs) == 0 && runner.Enabled(s.Run.Sink) {
		for _, pc := range s.PCs {
			if !pc.Dead {
				opts.Carry.PCs = append(opts.Carry.PCs, pc.Name)
			}
		}
	}
	if s.Midpoint {
		for _, o := range p.Objectives {
			if o.Outcome == "midpoint" {
				opts.Carry.Midpoints = append(opts.Carry.Midpoints, o.ID)
			}
		}
	}
	res, err := run(p, opts)
	if res == nil {
		return nil, err
	}
	// K-67: the named monsters defeated in this sortie (not those dead before it).
	// (res is the Runner's, reused by its next run: the report keeps copies.)
	rep := &Report{Outcome: res.Outcome, Day: res.Day, Reason: res.Reason, Named: slices.Clone(res.NamedDefeated), Money: res.Money,
		Purchases: slices.Clone(res.Purchases), Resurrections: slices.Clone(res.Resurrections)}
	// A retained midpoint (Carry.Midpoints) is not reached again, so it is not in res.Objectives.
	for _, o := range res.Objectives {
		if o.Outcome == "midpoint" {
			rep.Midpoint = true
		}
	}
	rep.Resume = res.Midpoint.Clone()
	rep.XP = make([]int, len(s.PCs))
	rep.Growths = make([]int, len(s.PCs))
	points := 0 // K-60: the growth points this sortie settled
	if rep.Midpoint {
		points++
	}
	if res.Outcome == runner.Success {
		points++
	}
	fromPCs := 0
	for i, pc := range s.PCs {
		if res.Outcome == runner.Stopped {
			continue
		}
		rep.XP[i] = res.XP
		if !pc.Dead {
			rep.Growths[i] = points
		}
		for _, r := range res.PCs {
			if r.Name == pc.Name {
				rep.XP[i] = r.XP
				rep.Growths[i] = 0 // grown by the scenario runner (K-64)
				fromPCs++
				break
			}
		}
	}
	switch {
	case res.Outcome == runner.Stopped:
	case fromPCs > 0:
		rep.XPNote = "per PC from the scenario runner (K-61..K-66)"
	case res.Outcome == runner.Success:
		rep.XPNote = "each PC: achievement, monster XP and remaining-strength bonus at each growth (K-61..K-63)"
	case res.Complete && rep.Midpoint:
		rep.XPNote = "each PC: XP settled at the midpoint before the failure (K-60); the failure is complete (K-25): no failure XP"
	case res.Complete:
		rep.XPNote = "none: the failure is complete (K-25: a friendly army wiped out), no XP settled, failure XP included"
	case rep.Midpoint:
		rep.XPNote = "each PC: XP settled at the midpoint before the failure (K-60), then failure XP (K-66)"
	default:
		rep.XPNote = "each PC: failure XP only (K-66)"
	}
	if s.Midpoint && rep.XPNote != "" {
		rep.XPNote += "; the midpoint was retained from an earlier attempt, no XP again (K-67)"
	}
	if res.Defeated {
		for _, pc := range s.PCs {
			if !pc.Angel {
				rep.Dead = append(rep.Dead, pc.ID)
			}
		}
	} else {
		// K-101: a PC that died in the scenario (its life check failed) and was not resurrected at
		// a base comes home dead, its body carried; the angel never stays dead (K-102).
		for _, pc := range s.PCs {
			for _, r := range res.PCs {
				if r.Name == pc.Name && r.Dead && !pc.Angel {
					rep.Dead = append(rep.Dead, pc.ID)
				}
			}
		}
	}
	return rep, err
}
