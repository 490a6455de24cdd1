package karzoral

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// tee writes every event to each sink in turn.
type tee []runner.Sink

func (t tee) Write(e runner.Event) error {
	for _, s := range t {
		if err := s.Write(e); err != nil {
			return err
		}
	}
	return nil
}

// K-23, K-63 (issue 23 review D8): what the players have learned of an army's strength stays known
// until they learn otherwise. Field 1's win with episode 2 (the angel's survey) on day 4 instead
// of 5. By hand, from field01.cue (route[d] is where an army moves on day d, friendly first, K-22):
//
//	day 3  the party at 01 watches the mercenaries march 01 -> 03: strength 60 (setup), seen day 3
//	day 4  the survey (K-23 Default: where, not the strength): mercenaries at 05 (route[4]), the
//	       warband at 10 (route[4]); the mercenaries' strength stays the 60 seen on day 3; the
//	       warband's was never seen (the rider's report on day 2 told none): unknown
//	day 5  at 09 the mercenaries (60) meet the warband (75 - 30, the burnt cache = 45): both lose
//	       min(60, 45) = 45 (K-24): mercenaries 15, out of the party's sight
//	day 7  the clear: remaining-strength bonus 10 x 15 = 150 (K-63): the settlement tells the
//	       players the mercenaries' strength, 15 on day 7; the end's table says so, and keeps
//	       where they were last seen (05, day 4)
func TestLastSeenStrengthK23(t *testing.T) {
	src, err := os.ReadFile("../../testdata/runner/field01-win.yaml")
	if err != nil {
		t.Fatal(err)
	}
	survey := strings.Replace(string(src), "- pick: 5\n", "- pick: 2\n", 1)
	if survey == string(src) {
		t.Fatal("the script has no day-4 pick 5 any more")
	}
	s, list := runner.ParseScript("survey.yaml", []byte(survey))
	if list.HasErrors() {
		t.Fatal(list)
	}
	p := field01()
	m := armyIdx(p, "mercenaries")
	var briefs []string
	var day5 ArmyInfo
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		if r.Kind == runner.KindMove && r.Phase == runner.PhaseAction && r.Day == 5 {
			v := r.View.(*PlayerView)
			briefs = append(briefs, v.Brief())
			day5 = v.Army(m)
		}
		return s.Decide(r)
	})
	col := &collect{}
	var text bytes.Buffer
	res, err := Run(p, Options{Options: runner.Options{Seed: 7, Decider: rolling{d, s}, Sink: tee{col, mkText(&text)}}})
	if err != nil || res.Outcome != runner.Success {
		t.Fatalf("%v %+v", err, res)
	}
	var lines []string
	for _, e := range eventsOf[*SightingEvent](col) {
		lines = append(lines, e.Line())
	}
	want := "reported (K-23): boggardWarband at 11 (strength unknown) | " +
		"the angel's aerial survey (K-23): boggardWarband at 10 (strength unknown), mercenaries at 05 (last seen: strength 60 on day 3)"
	if got := strings.Join(lines, " | "); got != want {
		t.Errorf("sightings:\n got %s\nwant %s", got, want)
	}
	if day5.Block != blockIdx(p, "05") || day5.Day != 4 || day5.Strength != 60 || day5.StrengthDay != 3 {
		t.Errorf("day 5: mercenaries as known %+v, want at 05 on day 4, strength 60 on day 3", day5)
	}
	wantBrief := "last seen: boggardWarband at 10 on day 4, strength unknown; mercenaries at 05 on day 4, strength 60 on day 3"
	if len(briefs) != 1 || briefs[0] != wantBrief {
		t.Errorf("day 5 brief:\n got %q\nwant %q", briefs, wantBrief)
	}
	ends := eventsOf[*PartyEndEvent](col)
	if len(ends) != 1 {
		t.Fatalf("%d party ends", len(ends))
	}
	for _, a := range ends[0].Armies {
		if a.ID == "mercenaries" && (a.Strength != 15 || a.StrengthDay != 7 || a.Day != 4 || a.Block == nil || *a.Block != "05") {
			t.Errorf("end: mercenaries %+v, want strength 15 on day 7 (K-63), last seen at 05 on day 4", a)
		}
	}
	out := text.String()
	for _, w := range []string{"150 remaining strength (10 x 15)", "| friendly, strength 15 on day 7, at 05, last seen on day 4 "} {
		if !strings.Contains(out, w) {
			t.Errorf("the players' transcript lacks %q:\n%s", w, out)
		}
	}
}

// K-63 (issue 23 review D8): the settlement tells the players each friendly army's strength, so
// with several on the field the XP line names each one's (the sum alone would not tell them, and
// the players' view records each). line(2), the party and friendly armies f1 (20) and f2 (30) at
// b0, the scenario won on day 1 (K-61): 0 achievement + 0 monsters + 10 x (20 + 30) = 500.
func TestSettlementNamesEachArmyK63(t *testing.T) {
	p := line(2)
	p.DayLimit = 1
	addArmy(p, "f1", "friendly", 20, 1, -1, "b0")
	addArmy(p, "f2", "friendly", 30, 1, -1, "b0")
	p.Objectives = []plan.Objective{{ID: "hold", When: plan.Cond{Op: plan.CondDay, Day: 1}, Outcome: "success"}}
	col := &collect{}
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) { return runner.Answer{Default: r.Optional}, nil })
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: d, Sink: col}}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range eventsOf[*XPEvent](col) {
		if e.RuleID == "K-61" {
			got = append(got, e.Text)
		}
	}
	want := "each PC, clear: 0 achievement + 0 monsters + 500 remaining strength (10 x 50: f1 20 + f2 30) = 500 XP (total 500)"
	if len(got) != 1 || got[0] != want {
		t.Errorf("K-63:\n got %q\nwant %q", got, want)
	}
}
