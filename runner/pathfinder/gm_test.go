package pathfinder

import (
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// expDamage in closed form agrees with the face-by-face sum (P-18, P-19), x 20.
func TestExpDamage(t *testing.T) {
	for x := -40; x <= 40; x++ {
		for sd := -8; sd <= 8; sd++ {
			s := 0
			for d := 1; d <= 20; d++ {
				v := 0
				if d+x > 0 {
					v = max(0, d+x+sd)
				}
				if d == 20 {
					v = max(v, 1)
				}
				s += v
			}
			if got := expDamage(x, sd); got != s {
				t.Fatalf("expDamage(%d, %d) = %d, want %d", x, sd, got, s)
			}
		}
	}
	// By hand: OM 3 against DV 13 (x = -10): faces 11..20 deal 1..10, 55; a natural 20 is 10 anyway.
	if expDamage(-10, 0) != 55 || expDamage(-25, 0) != 1 {
		t.Errorf("expDamage(-10, 0) = %d, want 55; (-25, 0) = %d, want 1", expDamage(-10, 0), expDamage(-25, 0))
	}
}

// The Policy's Tactics Phase: of Standard and the tactics the army knows, the best ratio of expected
// damage dealt to taken (x 20 a check: Standard, OM 10 against DV 20, 55 each way; Defensive Wall
// 36 and 36 from OM 10 against DV 22; Expert Flankers 78 and 78; Relentless Brutality 105 and 105):
// all trade evenly, ratio 1, so the army ahead (B at 40: 65 x 55 > 40 x 55) takes the slowest
// exchange, Defensive Wall, and the army behind (A at 40) the fastest, Relentless Brutality. Against
// a DV 30 fortress the ratios differ: Standard 1 (a natural 20) against 55 taken, Defensive Wall 1
// against 36, Expert Flankers 3 (faces 19, 20) against 78, Relentless Brutality 10 (faces 17..20)
// against 105, the best. Cavalry Experts against a mounted army does nothing: Standard.
func TestPolicyTactic(t *testing.T) {
	a := big("A")
	a.Tactics = []pfarmy.Tactic{pfarmy.TacDefensiveWall, pfarmy.TacExpertFlankers, pfarmy.TacRelentlessBrutality}
	for _, c := range []struct {
		aHP, bHP int
		want     pfarmy.Tactic
	}{{65, 40, pfarmy.TacDefensiveWall}, {40, 65, pfarmy.TacRelentlessBrutality}} {
		s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 1})
		s.Armies[0].HP, s.Armies[1].HP = c.aHP, c.bHP
		b, err := New(s, rolls(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := b.Run(); err != nil {
			t.Fatal(err)
		}
		if got := b.State(0).Tactic; got != c.want {
			t.Errorf("A at %d, B at %d: %s, want %s", c.aHP, c.bHP, got, c.want)
		}
	}
	s := duel(t, a, big("B"), pfarmy.Options{MaxPhases: 1})
	s.Armies[1].Fortification = 10
	b, err := New(s, rolls(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Run(); err != nil || b.State(0).Tactic != pfarmy.TacRelentlessBrutality {
		t.Errorf("against a fortress: %s, %v", b.State(0).Tactic, err)
	}
	cav := big("A")
	cav.MountCR, cav.Tactics = pfarmy.CR1, []pfarmy.Tactic{pfarmy.TacCavalryExperts}
	mounted := big("B")
	mounted.MountCR = pfarmy.CR1
	b, err = New(duel(t, cav, mounted, pfarmy.Options{MaxPhases: 1}), rolls(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Run(); err != nil || b.State(0).Tactic != pfarmy.TacStandard {
		t.Errorf("cavalry experts against cavalry: %s, %v", b.State(0).Tactic, err)
	}
}

// The Policy's strategy and withdrawal (P-51, P-52, P-25, P-55). A: Medium CR 3 (ACR 3, hp 16, OM 3,
// DV 13) at 4 hp; B: Medium CR 1 (ACR 1, hp 5, OM 1, DV 11). A expects 78 (x 20) a check, B 36: A is
// ahead (B's 5 x 36 < A's 4 x 78) and takes Aggressive in the first Melee Phase; B, behind, Standard.
// Melee 1: A's 2 + 3 + 2 = 7 misses; B's 12 + 1 = 13 against 13 - 2 = 11 deals 2: A at 2 hp (ACR 3:
// a rout check, 20 holds). Melee 2: A is behind (2 x 78 < 5 x 36), and 2 hp - 36/20 is within its
// ACR with a DC 15 check that fails on 14 faces of 20: it withdraws (no check to switch, P-23) and
// its strategy steps down one rung, to Standard; B, now ahead (both expect 55 against the Withdraw
// DV and OM), steps up to Aggressive. A's 15 beats B's 5: it leaves.
func TestPolicyStrategyAndWithdraw(t *testing.T) {
	a := pfarmy.Army{Name: "A", Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(3), HitDie: pfarmy.D10}
	bb := pfarmy.Army{Name: "B", Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D10}
	s := duel(t, a, bb, pfarmy.Options{MaxPhases: 3})
	s.Armies[0].HP = 4
	b, err := New(s, rolls(t, 2, 12, 20, 15, 5), nil)
	if err != nil {
		t.Fatal(err)
	}
	var log []Event
	b.SetLog(Collect(&log))
	if _, err := b.Run(); err != nil {
		t.Fatal(err)
	}
	strat := func(army int) []Strategy {
		var out []Strategy
		for _, e := range events(log, EvStrategy, army) {
			out = append(out, e.Strategy)
		}
		return out
	}
	if sa, sb := strat(0), strat(1); len(sa) != 2 || sa[0] != StratAggressive || sa[1] != StratStandard ||
		len(sb) != 2 || sb[0] != StratStandard || sb[1] != StratAggressive {
		dumpLog(t, log)
		t.Errorf("strategies: A %v, B %v", sa, sb)
	}
	if b.State(0).Status != StatusWithdrawn || b.State(0).Tactic != pfarmy.TacWithdraw {
		dumpLog(t, log)
		t.Errorf("A %s on %s, want withdrawn", b.State(0).Status, b.State(0).Tactic)
	}
}
