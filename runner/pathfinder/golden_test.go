package pathfinder

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// goldenSetup is a small battle that touches most of the log: ranged attacks, a taunt, a strategy
// change, boons, a rout and a parting shot. SORTIE_UPDATE=1 rewrites the golden file; read the
// diff before committing it.
func goldenSetup(t *testing.T) (*Setup, Chooser) {
	archers := pfarmy.Army{Name: "archers", Size: pfarmy.SizeHuge, CR: pfarmy.CR1_2, HitDie: pfarmy.D10, Morale: 1, // ACR 4: hp 22, OM 4, DV 14
		Tactics:   []pfarmy.Tactic{pfarmy.TacExpertFlankers, pfarmy.TacTaunt},
		Resources: pfarmy.Resources{Ranged: true, Armor: pfarmy.GradeImproved},
		Commander: &pfarmy.Commander{Name: "Sir Aldo", Level: 6, Charisma: 2, SoldierRanks: 5,
			Boons: []pfarmy.Boon{pfarmy.BoonBloodiedButUnbroken, pfarmy.BoonHoldTheLine}}}
	orcs := pfarmy.Army{Name: "orcs", Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10, // ACR 3: hp 16, OM 3, DV 13
		Tactics:   []pfarmy.Tactic{pfarmy.TacRelentlessBrutality},
		Commander: &pfarmy.Commander{Name: "Grukk", Level: 3, Charisma: 1, Boons: []pfarmy.Boon{pfarmy.BoonMerciless}}}
	s := duel(t, archers, orcs, pfarmy.Options{})
	ch := &chooser{
		tactics:    map[int]pfarmy.Tactic{0: pfarmy.TacTaunt, 1: pfarmy.TacRelentlessBrutality},
		strategies: map[key]Strategy{{1, 0}: StratCautious, {1, 1}: StratAggressive, {2, 1}: StratReckless},
		change:     map[key]pfarmy.Tactic{{3, 0}: pfarmy.TacExpertFlankers},
	}
	return s, ch
}

func TestGoldenLog(t *testing.T) {
	s, ch := goldenSetup(t)
	b, err := New(s, dice.NewSeeded(2024), ch)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	b.SetLog(func(e *Event) {
		buf.WriteString(e.String())
		buf.WriteByte('\n')
	})
	if _, err := b.Run(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", "testdata", "pathfinder", "battle.golden")
	if os.Getenv("SORTIE_UPDATE") == "1" {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("log differs from %s:\n%s", path, buf.String())
	}
}

// TestGoldenLogByHand pairs battle.golden (TestGoldenLog's run) with the rules worked by hand:
// every offense check's total is its d20 plus the modifiers it lists (P-17), its DV the sum of
// the DV parts it lists, and its damage max(0, total - DV + the attacker's strategy damage
// modifier: Defensive -6, Cautious -3, Aggressive +3, Reckless +6) (P-18, P-53; a natural 20 is
// left out, P-19); every hp
// line is the army's hp before less the damage plus the healing, starting from P-4's hp (ACR x the
// hit die's average, rounded down): archers ACR 4 (Huge CR 1/2, P-2) x d10's 5.5 = 22, orcs ACR 3
// (Huge CR 1/3) x 5.5 = 16.5 -> 16. By hand, the first three: ranged#1 a0 13 + 4 = 17 vs
// 10 + 3 - 4 (Relentless Brutality) - 2 (taunted) = 7, 10 damage: orcs 16 -> 6; melee#2 a0
// 11 + 4 - 2 (Cautious) = 13 vs 10 + 3 - 4 - 2 (Aggressive) = 7, 13 - 7 - 3 = 3 damage: 6 -> 3; melee#2 a1
// 2 + 3 + 4 + 2 = 11 vs 10 + 4 + 1 (armor) + 2 (Cautious) = 17: no damage.
func TestGoldenLogByHand(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "pathfinder", "battle.golden"))
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	for _, line := range []string{
		"ranged#1 offense a0 -> a1: d20=13, ACR +4 = 17 vs DV base +10, ACR +3, tactic Relentless Brutality -4, taunted -2 = 7 damage 10",
		"ranged#1 hp a1: damage 10 heal 0 hp 6",
		"melee#2 hp a1: damage 3 heal 0 hp 3",
	} {
		if !strings.Contains(log, line+"\n") {
			t.Errorf("battle.golden lacks the hand-derived %q", line)
		}
	}
	sum := func(parts string) (int, bool) {
		n := 0
		for _, p := range strings.Split(parts, ", ") {
			f := strings.Fields(p)
			v, err := strconv.Atoi(f[len(f)-1])
			if err != nil {
				return 0, false
			}
			n += v
		}
		return n, true
	}
	offense := regexp.MustCompile(`offense a\d -> a\d: d20=(\d+), (.+) = (-?\d+) vs DV (.+) = (-?\d+) damage (\d+)$`)
	hpLine := regexp.MustCompile(`hp (a\d): damage (\d+) heal (\d+) hp (-?\d+)$`)
	hp := map[string]int{"a0": 22, "a1": 16}
	checked := 0
	for _, l := range strings.Split(strings.TrimSpace(log), "\n") {
		if m := offense.FindStringSubmatch(l); m != nil {
			d20, _ := strconv.Atoi(m[1])
			mods, ok1 := sum(m[2])
			dv, ok2 := sum(m[4])
			total, _ := strconv.Atoi(m[3])
			wantDV, _ := strconv.Atoi(m[5])
			dmg, _ := strconv.Atoi(m[6])
			strat := 0
			for name, mod := range map[string]int{"Defensive": -6, "Cautious": -3, "Aggressive": 3, "Reckless": 6} {
				if strings.Contains(m[2], "strategy "+name+" ") {
					strat = mod
				}
			}
			if !ok1 || !ok2 || total != d20+mods || dv != wantDV || (d20 != 20 && dmg != max(0, total-dv+strat)) {
				t.Errorf("%s: d20 %d + %d, DV %d, strategy damage %+d", l, d20, mods, dv, strat)
			}
			checked++
		}
		if m := hpLine.FindStringSubmatch(l); m != nil {
			d, _ := strconv.Atoi(m[2])
			h, _ := strconv.Atoi(m[3])
			v, _ := strconv.Atoi(m[4])
			if want := hp[m[1]] - d + h; v != want {
				t.Errorf("%s: %d - %d + %d is %d", l, hp[m[1]], d, h, want)
			}
			hp[m[1]] = v
			checked++
		}
	}
	if checked < 8 {
		t.Errorf("only %d offense and hp lines checked", checked)
	}
}
