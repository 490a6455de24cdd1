package karzoral

import (
	"fmt"
	"hash/fnv"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// viewPolicy decides from everything the players' view shows (K-23): it hashes the view and the
// request into the choice, so any hidden fact that leaked into the view would change a decision.
// cheat also hashes where every army truly stands: the control that shows the test can fail.
type viewPolicy struct {
	cheat bool
	log   []decision
	army  int // the army whose sighting is logged
}

type decision struct {
	what  string   // day, phase, kind and the answer
	sight ArmyInfo // the logged army as the players knew it then
}

func (d *viewPolicy) Decide(r *runner.Request) (runner.Answer, error) {
	v := r.View.(*PlayerView)
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %s %s %s %v|", r.Day, r.Phase, r.Kind, r.Block, r.Dice)
	fmt.Fprintf(h, "%d %d %d|", v.Day(), v.Party(), v.Rations())
	for b := 0; b < v.Blocks(); b++ {
		fmt.Fprintf(h, "%+v %v|", v.Block(b), v.Visited(b))
	}
	for i := 0; i < v.Armies(); i++ {
		fmt.Fprintf(h, "%+v|", v.Army(i))
		if d.cheat {
			fmt.Fprintf(h, "%d %d|", v.s.armyBlock[i], v.s.armyStr[i])
		}
	}
	for i := 0; i < v.Flags(); i++ {
		fmt.Fprintf(h, "%v", v.Flag(i))
	}
	for i := 0; i < v.Objectives(); i++ {
		fmt.Fprintf(h, "%+v", v.Objective(i).Reached)
	}
	c := int(h.Sum64() % uint64(len(r.Choices)))
	d.log = append(d.log, decision{what: fmt.Sprintf("%d %s %s %s", r.Day, r.Phase, r.Kind, r.Choices[c].Name), sight: v.Army(d.army)})
	return runner.Answer{Choice: c}, nil
}

// K-23: policies decide on the players' view. Field 1 is played twice by a policy that reads the
// whole view, the second time with the warband marching another way from day 3 (through 07 and
// 06 instead of 10, one neighbour a step, K-22), where the party cannot see it: every decision is the same until the players'
// picture of the warband differs (it comes into view, or a survey or report shows it). The
// cheating control, which also reads the truth, decides differently before that.
func TestPolicyDecidesOnViewK23(t *testing.T) {
	other := field01()
	w := armyIdx(other, "boggardWarband")
	other.Armies[w].Route = []int{blockIdx(other, "gate"), blockIdx(other, "gate"), blockIdx(other, "11"),
		blockIdx(other, "07"), blockIdx(other, "06"), blockIdx(other, "10"), blockIdx(other, "09")}
	play := func(p *plan.Plan, cheat bool, seed uint64) []decision {
		d := &viewPolicy{cheat: cheat, army: w}
		if _, err := Run(p, Options{Options: runner.Options{Seed: seed, Decider: d}}); err != nil {
			t.Fatal(err)
		}
		return d.log
	}
	// common returns how many decisions agree before the first that differs, and how many came
	// before the players' view of the warband first differed.
	common := func(a, b []decision) (same, known int) {
		known = min(len(a), len(b))
		for i := 0; i < min(len(a), len(b)); i++ {
			if a[i].sight != b[i].sight {
				known = i
				break
			}
		}
		for same < min(len(a), len(b)) && a[same].what == b[same].what {
			same++
		}
		return same, known
	}
	tested := 0
	for seed := uint64(1); seed <= 40; seed++ {
		same, known := common(play(field01(), false, seed), play(other, false, seed))
		if same < known {
			t.Fatalf("seed %d: decision %d differs although the players' view of the warband was the same until %d", seed, same, known)
		}
		if known >= 8 {
			tested++
		}
	}
	if tested < 10 {
		t.Fatalf("only %d of 40 runs played 8 decisions or more before the warband came into view", tested)
	}
	cheated := 0
	for seed := uint64(1); seed <= 40; seed++ {
		if same, known := common(play(field01(), true, seed), play(other, true, seed)); same < known {
			cheated++
		}
	}
	t.Logf("tested %d, cheated %d", tested, cheated)
	if cheated == 0 {
		t.Error("the control that reads the truth never decided differently: the test cannot fail")
	}
}

// K-23, K-30, K-31: what the players know of Field 1 (the win script), read at its decisions.
//
//	day 1 move (the party at rupetenne): the warband and the mercenaries never seen; block 12 (box
//	A) unknown, no terrain; 05 (one-way from the south) known: from 03 north it is open, from 06
//	west it is closed (K-32); east of rupetenne: t1, known, open.
//	day 2 move (at t2): the rider's report (a reveal, day 2): the warband last seen at 11, day 2,
//	strength 75, not in view; the mercenaries still unseen.
//	day 3 move (at 01, after the night march into it): the mercenaries were in view at 01 the night
//	before (strength 60) and marched 01 -> 03 this morning, a move the party watched (seen by
//	all): last seen at 03 on day 3, strength 60, not in view (issue 22's minor item: the record
//	kept them at 01).
//	day 4 move (at 14): box A known (12 is a reed marsh now); the warband still last seen at 11: the
//	cache burning changed its strength out of sight (75 -> 45 not seen).
func TestPlayerViewField01K23(t *testing.T) {
	p := field01()
	s, list, err := runner.LoadScript("../../testdata/runner/field01-win.yaml")
	if err != nil || list.HasErrors() {
		t.Fatal(err, list)
	}
	w, m := armyIdx(p, "boggardWarband"), armyIdx(p, "mercenaries")
	b12, b05, b03, b06, b01 := blockIdx(p, "12"), blockIdx(p, "05"), blockIdx(p, "03"), blockIdx(p, "06"), blockIdx(p, "01")
	check := func(r *runner.Request) {
		v := r.View.(*PlayerView)
		if v.Day() != r.Day || v.Phase() != r.Phase || v.DayLimit() != 12 || v.Blocks() != len(p.Field.Blocks) || v.Armies() != 2 {
			t.Errorf("day %d: view day %d phase %s", r.Day, v.Day(), v.Phase())
		}
		wa, ma := v.Army(w), v.Army(m)
		switch r.Day {
		case 1:
			if wa.Seen || ma.Seen || wa.Block != -1 || ma.Day != 0 {
				t.Errorf("day 1: armies known %+v %+v", wa, ma)
			}
			if bi := v.Block(b12); bi.Known || bi.Terrain != "" || bi.Box != "A" || bi.ID != "12" {
				t.Errorf("day 1: box block %+v", bi)
			}
			if bi := v.Block(b05); !bi.Known || bi.Terrain != "mountain pass" {
				t.Errorf("day 1: 05 %+v", bi)
			}
			if to, open, known := v.Exit(b03, plan.North); to != b05 || !open || !known {
				t.Errorf("03 north: %d %v %v", to, open, known)
			}
			if to, open, known := v.Exit(b06, plan.West); to != b05 || open || !known {
				t.Errorf("06 west: %d %v %v (K-32: 05 is entered from the south only)", to, open, known)
			}
			if to, open, known := v.Exit(0, plan.East); to != blockIdx(p, "t1") || !open || !known || v.Party() != 0 || !v.Visited(0) || v.Visited(b01) {
				t.Errorf("rupetenne east: %d %v %v", to, open, known)
			}
			if to, _, known := v.Exit(0, plan.West); to != -1 || !known {
				t.Errorf("rupetenne west: %d", to)
			}
		case 2:
			// The rider's report (a reveal) tells where the warband is, not its strength (K-23).
			if !wa.Seen || wa.Block != blockIdx(p, "11") || wa.Day != 2 || wa.Strength != 0 || wa.InView || ma.Seen {
				t.Errorf("day 2: warband %+v, mercenaries %+v", wa, ma)
			}
		case 3:
			// K-23: the party at 01 watched the mercenaries march 01 -> 03 this morning (the move is
			// seen by all): last seen at 03, not where they stood.
			if !ma.Seen || ma.Block != b03 || ma.Day != 3 || ma.Strength != 60 || ma.InView || !ma.Friendly || v.Party() != b01 {
				t.Errorf("day 3: mercenaries %+v at %d", ma, v.Party())
			}
		case 4:
			if bi := v.Block(b12); !bi.Known || bi.Terrain != "reed marsh" {
				t.Errorf("day 4: box A %+v", bi)
			}
			if wa.Strength != 0 || wa.Block != blockIdx(p, "11") {
				t.Errorf("day 4: warband %+v, want last seen at 11, strength unknown (a report, K-23)", wa)
			}
			if f, ok := 0, v.Flag(0); !ok || v.FlagName(f) != "cacheBurned" || v.Flags() != 3 {
				t.Errorf("day 4: flag cacheBurned not known")
			}
			if o := v.Objective(0); o.ID != "cacheBurned" || o.Reached != 3 || o.Retained || v.Objectives() != 2 {
				t.Errorf("day 4: objective %+v", o)
			}
		}
	}
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		if r.Kind == runner.KindMove && r.Phase == runner.PhaseAction {
			check(r)
		}
		return s.Decide(r)
	})
	var roller runner.Roller = s
	res, err := Run(p, Options{Options: runner.Options{Seed: 7, Decider: rolling{d, roller}}})
	if err != nil || res.Outcome != runner.Success {
		t.Fatalf("%v %+v", err, res)
	}
}

// rolling is a Decider with a Roller.
type rolling struct {
	runner.Decider
	runner.Roller
}

// The players know their PCs, burdens, light, episodes and the traversal (K-45): traversalPlan
// with burden Cid (K-87: 5 x ceil(3) = 15 HP) and 6 torches; at the first traverse question on
// b1 (day 1): area maze (0), progress 0 of 3; Aria 20 of 20; Cid alive at 15; 6 torches, no oil;
// no episode checked; no event fired.
func TestPlayerViewPartyK45(t *testing.T) {
	p := traversalPlan("completeOnly")
	p.DayLimit = 1
	p.Party.Burdens = []plan.Burden{{Name: "Cid"}}
	p.Party.Members = 3
	p.Party.Torches = 6
	asked := 0
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		switch r.Kind {
		case runner.KindMove:
			return runner.Answer{Choice: r.Find("east")}, nil
		case runner.KindTraverse:
			asked++
			v := r.View.(*PlayerView)
			area, prog, th := v.Traversal()
			name, hp, mx := v.PC(0)
			bn, bhp, dead := v.Burden(0)
			torches, oil := v.Light()
			if area != 0 || prog != 0 || th != 3 || name != "Aria" || hp != 20 || mx != 20 || v.PCs() != 2 ||
				bn != "Cid" || bhp != 15 || dead || v.Burdens() != 1 || torches != 6 || oil != 0 || v.Checked(1) || v.Checked(7) || v.Fired(0) != 0 {
				t.Errorf("view: area %d %d/%d, %s %d/%d, %s %d %v, light %d %d", area, prog, th, name, hp, mx, bn, bhp, dead, torches, oil)
			}
			return runner.Answer{Choice: r.Find("stop")}, nil
		}
		return runner.Answer{}, nil
	})
	p.Events = []plan.Event{{ID: "never", On: plan.Trigger{Kind: plan.OnDay, Day: 5}, Do: []plan.Action{{Op: plan.ActSay, Text: "x"}}}}
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: d}}); err != nil {
		t.Fatal(err)
	}
	if asked != 1 {
		t.Errorf("traverse asked %d times", asked)
	}
}

// K-23: a report of an army that is not on the field says so; a survey lists the armies on it,
// where they stand and not their strength (the seed: 「その存在、及び移動」); with
// Rules.SurveyStrength it tells the strength too (here's 5).
func TestSightingsK23(t *testing.T) {
	p := line(2)
	p.DayLimit = 1
	addArmy(p, "late", "enemy", 10, 1, -1, "b1")
	addArmy(p, "here", "enemy", 5, 1, -1, "b1")
	p.Armies[armyIdx(p, "late")].Reserve = true
	p.Events = []plan.Event{{ID: "news", On: plan.Trigger{Kind: plan.OnDay, Day: 1}, Do: []plan.Action{
		{Op: plan.ActReveal, Army: armyIdx(p, "late")}, {Op: plan.ActSurvey}}}}
	for _, c := range []struct {
		rules *Rules
		str   string
	}{{nil, "strength unknown"}, {&Rules{SurveyStrength: true}, "strength 5"}} {
		col := &collect{}
		if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: &dice1{&answers{t: t, names: []string{"stay", "1", "rest"}}}, Sink: col}, Rules: c.rules}); err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, e := range eventsOf[*SightingEvent](col) {
			lines = append(lines, e.Line())
		}
		want := "reported (K-23): late is not on the field | the angel's aerial survey (K-23): here at b1 (" + c.str + ")"
		if got := strings.Join(lines, " | "); got != want {
			t.Errorf("sightings:\n got %s\nwant %s", got, want)
		}
	}
}
