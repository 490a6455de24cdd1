package campaign

import (
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
	// NamedDead lists the named monsters defeated earlier in the campaign: they never reappear
	// (K-67). Sorted.
	NamedDead []string
	PCs       []PC   // the party as it sorties (dead PCs included, Dead set)
	Benefit   string // the mercenary benefit chosen (K-11), "" for none
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
	// XP per PC (same order as Sortie.PCs) earned in this sortie, all growths together (K-61),
	// or the failure XP (K-66); XPNote says how it was made up, for the transcript.
	XP     []int
	XPNote string
	Named  []string // named monsters defeated in this sortie, in the order they fell (K-67)
	Dead   []string // ids of PCs dead at the end of the sortie (K-100, K-101)
	Money  int      // gamels the party brings back besides the reward (loot); 0 today
}

// Player plays one sortie. RunnerPlayer is the default; the full Karzoral growth rules (monster
// XP, remaining-strength bonus, fumbles: K-61..K-63) plug in here.
type Player interface {
	Play(s *Sortie) (*Report, error)
}

// RunnerPlayer plays a sortie with karzoral.Run and derives the Report from its Result.
//
// ADAPTER (the seam between the campaign and the scenario runner's K-60..K-68):
//   - a plan with PCs (plan.Party.PCs): each campaign PC whose name matches a plan PC gets that
//     PC's XP from karzoral.Result.PCs (K-61..K-64 growths, K-66 failure XP, computed by the runner;
//     a retained midpoint is not settled again, K-67);
//   - otherwise (a members-only plan, or a campaign PC the plan does not name), the achievement XP
//     of the objectives reached (K-61, first term): every midpoint and success objective (a
//     midpoint retained from an earlier attempt is not reached again, K-67); on a failure the midpoint XP settled before
//     it (K-60) plus the failure XP (K-66: the campaign's failureXP, or the plan's when 0).
//
// Named monsters defeated come from karzoral.Result.NamedDefeated (those of this sortie only); a
// defeat (karzoral.Result.Defeated) kills every PC but the angel (K-100, K-102).
// Sortie.Midpoint and Sortie.NamedDead go to the scenario runner as karzoral.Carry: the retry
// resumes at the retained midpoint (reached from the start, no XP or growth again, its flags set;
// the rest of the setup is the initial one, K-68 Default) and named monsters stay dead (K-67).
type RunnerPlayer struct{}

// Play implements Player.
func (RunnerPlayer) Play(s *Sortie) (*Report, error) { return play(s, karzoral.Run) }

// play plays a sortie with run (karzoral.Run, or a Runner kept for the scenario) and derives
// the Report from its Result (RunnerPlayer).
func play(s *Sortie, run func(*plan.Plan, karzoral.Options) (*karzoral.Result, error)) (*Report, error) {
	p := s.Scenario.Plan
	opts := karzoral.Options{Options: s.Run}
	// K-67: the retry resumes at the retained midpoint (K-60: a scenario has at most one), and
	// named monsters defeated earlier stay dead.
	opts.Carry = &karzoral.Carry{NamedDead: s.NamedDead}
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
	rep := &Report{Outcome: res.Outcome, Day: res.Day, Reason: res.Reason, Named: res.NamedDefeated}
	// A retained midpoint (Carry.Midpoints) is not reached again, so it is not in res.Objectives.
	mid, clear := 0, 0
	for _, o := range res.Objectives {
		switch o.Outcome {
		case "midpoint":
			rep.Midpoint = true
			mid += o.XP
		case "success":
			clear += o.XP
		}
	}
	failXP := s.Scenario.FailureXP
	if failXP == 0 {
		failXP = p.FailureXP
	}
	xp := 0
	switch res.Outcome {
	case runner.Success:
		xp = mid + clear
		rep.XPNote = achievementNote(mid, clear, s.Midpoint)
	case runner.Failure:
		xp = mid + failXP
		rep.XPNote = failureNote(mid, failXP)
	}
	rep.XP = make([]int, len(s.PCs))
	fromRunner := 0
	for i, pc := range s.PCs {
		rep.XP[i] = xp
		if res.Outcome == runner.Stopped {
			continue
		}
		for _, r := range res.PCs {
			if r.Name == pc.Name {
				rep.XP[i] = r.XP
				fromRunner++
				break
			}
		}
	}
	if fromRunner > 0 {
		rep.XPNote = "per PC from the scenario runner (K-61..K-66)"
		if s.Midpoint {
			rep.XPNote += "; the midpoint was retained from an earlier attempt, no XP again (K-67)"
		}
	}
	if res.Defeated {
		for _, pc := range s.PCs {
			if !pc.Angel {
				rep.Dead = append(rep.Dead, pc.ID)
			}
		}
	}
	return rep, err
}

func achievementNote(mid, clear int, retained bool) string {
	switch {
	case retained:
		return "K-61 achievement: clear " + itoa(clear) + "; the midpoint was retained from an earlier attempt, no XP again (K-67)"
	case mid > 0:
		return "K-61 achievement: midpoint " + itoa(mid) + " + clear " + itoa(clear)
	}
	return "K-61 achievement: clear " + itoa(clear)
}

func failureNote(mid, fail int) string {
	if mid > 0 {
		return "midpoint " + itoa(mid) + " settled before the failure (K-60) + failure XP " + itoa(fail) + " (K-66)"
	}
	return "failure XP " + itoa(fail) + " (K-66)"
}
