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
//
// The Sortie and its slices are the campaign's, valid only during Play: the campaign reuses them
// for its next sortie. The Report is read before the next Play, so a Player may reuse it too
// (Runners does).
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
func (RunnerPlayer) Play(s *Sortie) (*Report, error) {
	return play(s, karzoral.Run, &sortieBufs{})
}

// sortieBufs are what play fills for one sortie, kept by a Player that plays again and again
// (Runners) so that a sortie allocates none of them (issue 29): the Report and the
// karzoral.Carry, and the arrays behind their slices (a field may be nil, as a fresh one's is,
// while its array is kept here).
type sortieBufs struct {
	rep        Report
	carry      karzoral.Carry
	named      []string
	buys       []karzoral.Purchase
	raises     []karzoral.Resurrection
	xp, growth []int
	dead       []string
	pcs, mids  []string
}

// The Report's XPNote, by how the sortie ended (play); each has a variant for a retry whose
// midpoint was retained from an earlier attempt (K-67), made at compile time so that a sortie
// builds no string.
const (
	notePCs      = "per PC from the scenario runner (K-61..K-66)"
	noteSuccess  = "each PC: achievement, monster XP and remaining-strength bonus at each growth (K-61..K-63)"
	noteMidFull  = "each PC: XP settled at the midpoint before the failure (K-60); the failure is complete (K-25): no failure XP"
	noteComplete = "none: the failure is complete (K-25: a friendly army wiped out), no XP settled, failure XP included"
	noteMidFail  = "each PC: XP settled at the midpoint before the failure (K-60), then failure XP (K-66)"
	noteFailure  = "each PC: failure XP only (K-66)"
	noteRetained = "; the midpoint was retained from an earlier attempt, no XP again (K-67)"
)

// retainedNote is note with noteRetained appended (K-67), without building a string.
func retainedNote(note string) string {
	switch note {
	case notePCs:
		return notePCs + noteRetained
	case noteSuccess:
		return noteSuccess + noteRetained
	case noteMidFull:
		return noteMidFull + noteRetained
	case noteComplete:
		return noteComplete + noteRetained
	case noteMidFail:
		return noteMidFail + noteRetained
	case noteFailure:
		return noteFailure + noteRetained
	}
	return note + noteRetained
}

// play plays a sortie with run (karzoral.Run, or a Runner kept for the scenario) and derives
// the Report from its Result (RunnerPlayer). The Report and the karzoral.Carry are b's, their
// slices in b's arrays: the Report returned is valid until the next play with b.
func play(s *Sortie, run func(*plan.Plan, karzoral.Options) (*karzoral.Result, error), b *sortieBufs) (*Report, error) {
	p := s.Scenario.Plan
	opts := karzoral.Options{Options: s.Run}
	// K-67: the retry resumes at the retained midpoint (K-60: a scenario has at most one), and
	// named monsters defeated earlier stay dead; K-66: the campaign's failure XP.
	b.carry = karzoral.Carry{NamedDead: s.NamedDead, FailureXP: s.Scenario.FailureXP, Resume: s.Resume,
		Shop: s.Shop, Purse: s.Purse, // K-12: shopping at a base mid-scenario, paid from the purse
		ResurrectionCost: s.ResurrectionCost} // K-14: resurrection at a base mid-scenario
	opts.Carry = &b.carry
	// K-1: a members-only plan names the campaign's PCs that sortie alive in its XP lines (a
	// dead PC gets no XP, campaign.go); the growth rolls (K-64) stay the campaign's (growth.go).
	// Only a run that writes events names them: a simulation allocates nothing for it.
	if len(p.Party.PCs) == 0 && runner.Enabled(s.Run.Sink) {
		b.pcs = b.pcs[:0]
		for _, pc := range s.PCs {
			if !pc.Dead {
				b.pcs = append(b.pcs, pc.Name)
			}
		}
		b.carry.PCs = nonEmpty(b.pcs)
	}
	if s.Midpoint {
		b.mids = b.mids[:0]
		for _, o := range p.Objectives {
			if o.Outcome == "midpoint" {
				b.mids = append(b.mids, o.ID)
			}
		}
		b.carry.Midpoints = nonEmpty(b.mids)
	}
	res, err := run(p, opts)
	if res == nil {
		return nil, err
	}
	// K-67: the named monsters defeated in this sortie (not those dead before it).
	// (res is the Runner's, reused by its next run: the report keeps copies.)
	rep := &b.rep
	*rep = Report{Outcome: res.Outcome, Day: res.Day, Reason: res.Reason, Money: res.Money,
		Named:         cloneInto(&b.named, res.NamedDefeated),
		Purchases:     cloneInto(&b.buys, res.Purchases),
		Resurrections: cloneInto(&b.raises, res.Resurrections),
		XP:            zeroed(&b.xp, len(s.PCs)), Growths: zeroed(&b.growth, len(s.PCs))}
	// A retained midpoint (Carry.Midpoints) is not reached again, so it is not in res.Objectives.
	for _, o := range res.Objectives {
		if o.Outcome == "midpoint" {
			rep.Midpoint = true
		}
	}
	rep.Resume = res.Midpoint.Clone()
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
		rep.XPNote = notePCs
	case res.Outcome == runner.Success:
		rep.XPNote = noteSuccess
	case res.Complete && rep.Midpoint:
		rep.XPNote = noteMidFull
	case res.Complete:
		rep.XPNote = noteComplete
	case rep.Midpoint:
		rep.XPNote = noteMidFail
	default:
		rep.XPNote = noteFailure
	}
	if s.Midpoint && rep.XPNote != "" {
		rep.XPNote = retainedNote(rep.XPNote)
	}
	dead := b.dead[:0]
	if res.Defeated {
		for _, pc := range s.PCs {
			if !pc.Angel {
				dead = append(dead, pc.ID)
			}
		}
	} else {
		// K-101: a PC that died in the scenario (its life check failed) and was not resurrected at
		// a base comes home dead, its body carried; the angel never stays dead (K-102).
		for _, pc := range s.PCs {
			for _, r := range res.PCs {
				if r.Name == pc.Name && r.Dead && !pc.Angel {
					dead = append(dead, pc.ID)
				}
			}
		}
	}
	b.dead = dead
	rep.Dead = nonEmpty(dead) // nil when nobody died, as a fresh Report's
	return rep, err
}

// nonEmpty is buf, or nil when it is empty (a slice built by appending to nil).
func nonEmpty[T any](buf []T) []T {
	if len(buf) == 0 {
		return nil
	}
	return buf
}

// cloneInto is slices.Clone(src) made in *buf's array: nil for a nil src, an empty non-nil
// slice for an empty one (the JSON of a growth event tells null from []).
func cloneInto[T any](buf *[]T, src []T) []T {
	if src == nil {
		return nil
	}
	*buf = append((*buf)[:0], src...)
	if *buf == nil {
		*buf = []T{}
	}
	return *buf
}

// zeroed is *buf resized to n ints, every one 0, reusing its array when it is large enough.
func zeroed(buf *[]int, n int) []int {
	if *buf == nil || cap(*buf) < n {
		*buf = make([]int, n)
	}
	*buf = (*buf)[:n]
	clear(*buf)
	return *buf
}
