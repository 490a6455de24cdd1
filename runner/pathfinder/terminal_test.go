package pathfinder

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
	"unicode/utf8"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// What a GM reads at a 120-column terminal: tables that fit, both rolls of an opposed check, rows in
// the order things happen, and a commander's level and Charisma range-checked.

// A battle table with 250-column rows (the complaint) fits 120 columns once wrapped: every
// line, borders included, is at most runner.TableWidth runes.
func TestRenderFitWidth(t *testing.T) {
	long := "ACR +3, weapons +1, tactic Relentless Brutality +4, strategy Reckless +4, boon Merciless +1, taunted -2"
	dv := "DV 17 (10, ACR +4, armor +1, tactic Defensive Wall +2, boon Defensive Tactics +2, strategy Cautious +2)"
	rows := [][]string{
		{"militia", "parting shot at orcs", "5", long, "17", dv, "damage 0"},
		{"orcs", "destroyed", "", "", "", "", "kingdom -4/-2/-2, commander captured"},
	}
	var raw bytes.Buffer
	if err := renderFit(&raw, []string{"army", "step", "d20", "modifiers", "total", "vs", "result"}, rows, nil, 1000); err != nil {
		t.Fatal(err)
	}
	if w := widest(raw.String()); w <= runner.TableWidth {
		t.Fatalf("unwrapped table is only %d wide: the test proves nothing", w)
	}
	var fit bytes.Buffer
	if err := renderFit(&fit, []string{"army", "step", "d20", "modifiers", "total", "vs", "result"}, rows, []int{5, 3, 6, 1}, runner.TableWidth); err != nil {
		t.Fatal(err)
	}
	if w := widest(fit.String()); w > runner.TableWidth {
		t.Errorf("wrapped table is %d wide, want <= %d:\n%s", w, runner.TableWidth, fit.String())
	}
	for _, word := range strings.Fields(long + " " + dv) {
		if !strings.Contains(fit.String(), word) {
			t.Errorf("wrapped table lost %q", word)
		}
	}
}

func widest(s string) int {
	w := 0
	for _, l := range strings.Split(s, "\n") {
		w = max(w, utf8.RuneCountInString(l))
	}
	return w
}

// P-25, P-20: army 0 rolls a natural 1 in the first Melee Phase (no check next phase), then
// withdraws in the second and wins its opposed check: the log says it leaves and then nothing more
// about its offense (no "no check" row after it left), and the withdraw row shows both rolls.
//
// Dice (hand order): Melee 1: a0 offense d20 1 (OM 10 vs DV 20: no damage, natural 1), a1 offense
// d20 5 (15 vs 20: none). Melee 2: a0 switches to Withdraw (no check, P-23); opposed check a0 d20 15
// vs a1 d20 3, both +0: 15 > 3, a0 wins and leaves; a1, which it beat, has no target left (P-25).
func TestWithdrawRowsInOrder(t *testing.T) {
	o := pfarmy.Options{MaxPhases: 4}
	s := duel(t, big("a"), big("b"), o)
	ch := &chooser{change: map[key]pfarmy.Tactic{{3, 0}: pfarmy.TacWithdraw}, answers: map[Question]bool{AskLeave: true, AskOppose: true}}
	_, r, log := fight(t, s, rolls(t, 1, 5, 15, 3), ch)
	if r.Winner != SideB {
		dumpLog(t, log)
		t.Fatalf("winner %v, want side B (a left the field)", r.Winner)
	}
	left := -1
	for i, e := range log {
		if e.Kind == EvLeave && e.Army == 0 && e.OK {
			left = i
		}
		if left >= 0 && e.Army == 0 && (e.Kind == EvSkip || e.Kind == EvAfraid || e.Kind == EvOffense) {
			dumpLog(t, log)
			t.Fatalf("event %s for army 0 after it left the field", e.String())
		}
	}
	if left < 0 {
		dumpLog(t, log)
		t.Fatal("army 0 never left")
	}
	w := events(log, EvWithdraw, 0)
	if len(w) != 1 || w[0].Roll.Die != 15 || w[0].Against.Die != 3 || !w[0].OK {
		dumpLog(t, log)
		t.Fatalf("withdraw events %v, want one: d20 15 against d20 3, won", w)
	}
	row := eventRow(&w[0], []string{"a", "b"})
	if row[2] != "15" || row[5] != "b d20 3 = 3" {
		t.Errorf("withdraw row %q: want d20 15 and the opposing roll %q", row, "b d20 3 = 3")
	}
	le := logEntry(&w[0], []string{"a", "b"}, [2]string{"A", "B"})
	if le.Die != 15 || le.AgainstDie != 3 || le.Against != 3 {
		t.Errorf("JSONL withdraw: die %d, againstDie %d, against %d; want 15, 3, 3", le.Die, le.AgainstDie, le.Against)
	}
}

// P-9: a commander's level is at least 1 (and at most 40 HD); the Charisma entry is a modifier
// (-5..+15), so a score written in its place (16) is an M001 error, as is level 0.
func TestCommanderRange(t *testing.T) {
	for _, c := range []struct {
		level, cha int
		field      string
	}{
		{0, 1, "commander.level"},
		{41, 1, "commander.level"},
		{5, 16, "commander.charisma"},
		{5, -6, "commander.charisma"},
		{1, -5, ""},
		{40, 15, ""},
	} {
		a := big("a")
		a.Commander = &pfarmy.Commander{Level: c.level, Charisma: c.cha}
		var got string
		for _, f := range pfarmy.Check(&a, pfarmy.Options{}) {
			if f.Code == pfarmy.CodeInvalid {
				got = f.Field
			}
		}
		if got != c.field {
			t.Errorf("level %d, Charisma %+d: M001 at %q, want %q", c.level, c.cha, got, c.field)
		}
	}
}
