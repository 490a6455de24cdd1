package pathfinder

import (
	"errors"
	"strings"
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// P-3: the CR ladder parses and formats exactly.
func TestCRLadder(t *testing.T) {
	for _, c := range []struct {
		s          string
		num, den   int
		floor, cei int
	}{
		{"1/8", 1, 8, 0, 1}, {"1/6", 1, 6, 0, 1}, {"1/4", 1, 4, 0, 1}, {"1/3", 1, 3, 0, 1},
		{"1/2", 1, 2, 0, 1}, {"1", 1, 1, 1, 1}, {"2", 2, 1, 2, 2}, {"30", 30, 1, 30, 30},
	} {
		cr, err := pfarmy.ParseCR(c.s)
		if err != nil {
			t.Fatalf("ParseCR(%q): %v", c.s, err)
		}
		if cr.String() != c.s {
			t.Errorf("ParseCR(%q).String() = %q", c.s, cr)
		}
		n, d := cr.Frac()
		if n != c.num || d != c.den || cr.Floor() != c.floor || cr.Ceil() != c.cei {
			t.Errorf("%s: frac %d/%d floor %d ceil %d", c.s, n, d, cr.Floor(), cr.Ceil())
		}
	}
	for _, bad := range []string{"", "0", "1/5", "1/1", "0.5", "41", "-1", "1/"} {
		if _, err := pfarmy.ParseCR(bad); err == nil {
			t.Errorf("ParseCR(%q) succeeded", bad)
		}
	}
	// One rung per step: 1/3 +4 rungs = 1/2, 1, 2, 3.
	if r, ok := pfarmy.CR1_3.Shift(4); !ok || r != pfarmy.CRInt(3) {
		t.Errorf("1/3 + 4 rungs = %s, %t; want 3", r, ok)
	}
	if _, ok := pfarmy.CR1_8.Shift(-1); ok {
		t.Error("1/8 - 1 rung is on the ladder")
	}
	// hp <= ACR, exactly: 1/3 covers 0 but not 1; 3 covers 3 but not 4.
	if !pfarmy.CR1_3.Covers(0) || pfarmy.CR1_3.Covers(1) || !pfarmy.CRInt(3).Covers(3) || pfarmy.CRInt(3).Covers(4) {
		t.Error("covers")
	}
}

// P-11: XP of an encounter of CR = ACR, from the Pathfinder table.
func TestXP(t *testing.T) {
	want := map[string]int{"1/8": 50, "1/6": 65, "1/4": 100, "1/3": 135, "1/2": 200, "1": 400, "2": 600,
		"3": 800, "4": 1200, "5": 1600, "6": 2400, "10": 9600, "20": 307200}
	for s, xp := range want {
		cr, _ := pfarmy.ParseCR(s)
		if got := pfarmy.XP(cr); got != xp {
			t.Errorf("XP(%s) = %d, want %d", s, got, xp)
		}
	}
}

// P-2: units and rungs by size; P-57: kingdom penalties by size.
func TestSizes(t *testing.T) {
	want := []struct {
		size    pfarmy.Size
		units   int
		rungs   int
		penalty pfarmy.KingdomPenalty
	}{
		{pfarmy.SizeFine, 1, -8, pfarmy.KingdomPenalty{Economy: 0, Loyalty: 0, Stability: 0}},
		{pfarmy.SizeDiminutive, 10, -6, pfarmy.KingdomPenalty{Economy: 0, Loyalty: -1, Stability: 0}},
		{pfarmy.SizeTiny, 25, -4, pfarmy.KingdomPenalty{Economy: -1, Loyalty: -1, Stability: 0}},
		{pfarmy.SizeSmall, 50, -2, pfarmy.KingdomPenalty{Economy: -1, Loyalty: -1, Stability: -1}},
		{pfarmy.SizeMedium, 100, 0, pfarmy.KingdomPenalty{Economy: -2, Loyalty: -2, Stability: -2}},
		{pfarmy.SizeLarge, 200, 2, pfarmy.KingdomPenalty{Economy: -3, Loyalty: -2, Stability: -2}},
		{pfarmy.SizeHuge, 500, 4, pfarmy.KingdomPenalty{Economy: -4, Loyalty: -2, Stability: -2}},
		{pfarmy.SizeGargantuan, 1000, 6, pfarmy.KingdomPenalty{Economy: -4, Loyalty: -2, Stability: -3}},
		{pfarmy.SizeColossal, 2000, 8, pfarmy.KingdomPenalty{Economy: -4, Loyalty: -3, Stability: -3}},
	}
	for _, w := range want {
		if w.size.Units() != w.units || w.size.Rungs() != w.rungs || w.size.Penalty() != w.penalty {
			t.Errorf("%s: units %d rungs %d penalty %v", w.size, w.size.Units(), w.size.Rungs(), w.size.Penalty())
		}
		if s, err := pfarmy.ParseSize(strings.ToLower(w.size.String())); err != nil || s != w.size {
			t.Errorf("ParseSize(%s) = %v, %v", w.size, s, err)
		}
	}
}

func TestNames(t *testing.T) {
	for tac := pfarmy.Tactic(0); tac < pfarmy.NumTactics; tac++ {
		if got, err := pfarmy.ParseTactic(strings.ToUpper(tac.String())); err != nil || got != tac {
			t.Errorf("ParseTactic(%s) = %v, %v", tac, got, err)
		}
	}
	for b := pfarmy.Boon(1); b < pfarmy.NumBoons; b++ {
		if got, err := pfarmy.ParseBoon(strings.ReplaceAll(b.String(), " ", "-")); err != nil || got != b {
			t.Errorf("ParseBoon(%s) = %v, %v", b, got, err)
		}
	}
	if got, _ := pfarmy.ParseTactic("挑発"); got != pfarmy.TacTaunt {
		t.Error("ParseTactic(挑発)")
	}
	if got, _ := pfarmy.ParseBoon("holdTheLine"); got != pfarmy.BoonHoldTheLine {
		t.Error("ParseBoon(holdTheLine)")
	}
	if got, _ := ParseStrategy("無謀"); got != StratReckless {
		t.Error("ParseStrategy(無謀)")
	}
	if h, err := pfarmy.ParseHitDie("D10"); err != nil || h != pfarmy.D10 {
		t.Error("ParseHitDie(D10)")
	}
	for _, bad := range []string{"d7", "-250", "262", "d"} {
		if _, err := pfarmy.ParseHitDie(bad); err == nil {
			t.Errorf("ParseHitDie(%q) succeeded", bad)
		}
	}
}

// P-2, P-3: size moves the CR along the ladder one rung per point.
func TestACR(t *testing.T) {
	cases := []struct {
		name  string
		size  pfarmy.Size
		cr    pfarmy.CR
		mount pfarmy.CR
		want  string
	}{
		{"500 orcs of CR 1/3: 1/3 -> 1/2, 1, 2, 3", pfarmy.SizeHuge, pfarmy.CR1_3, 0, "3"},
		{"100 orcs of CR 1/3", pfarmy.SizeMedium, pfarmy.CR1_3, 0, "1/3"},
		{"50 CR 1 soldiers: 1 -> 1/2, 1/3", pfarmy.SizeSmall, pfarmy.CR1, 0, "1/3"},
		{"200 CR 1/2: 1/2 -> 1, 2", pfarmy.SizeLarge, pfarmy.CR1_2, 0, "2"},
		{"2000 CR 5: +8", pfarmy.SizeColossal, pfarmy.CRInt(5), 0, "13"},
		{"1 CR 4: 4 -> 3, 2, 1, 1/2, 1/3, 1/4, 1/6, 1/8", pfarmy.SizeFine, pfarmy.CRInt(4), 0, "1/8"},
		{"cavalry: rider 1/2, mount 2: the higher", pfarmy.SizeMedium, pfarmy.CR1_2, pfarmy.CRInt(2), "2"},
		{"cavalry: rider 3, mount 1", pfarmy.SizeMedium, pfarmy.CRInt(3), pfarmy.CR1, "3"},
	}
	for _, c := range cases {
		a := pfarmy.Army{Size: c.size, CR: c.cr, MountCR: c.mount, HitDie: pfarmy.D8}
		st, err := pfarmy.Derive(&a, pfarmy.Options{})
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if st.ACR.String() != c.want {
			t.Errorf("%s: ACR %s, want %s", c.name, st.ACR, c.want)
		}
	}
}

// P-3: below 1/8 it is not an army.
func TestNotAnArmy(t *testing.T) {
	// 1 creature of CR 3: 3 - 8 rungs = one rung below 1/8.
	a := pfarmy.Army{Name: "lone ogre", Size: pfarmy.SizeFine, CR: pfarmy.CRInt(3), HitDie: pfarmy.D10}
	_, err := pfarmy.Derive(&a, pfarmy.Options{})
	if !errors.Is(err, pfarmy.ErrNotAnArmy) {
		t.Fatalf("Derive: %v, want ErrNotAnArmy", err)
	}
	fs := pfarmy.Check(&a, pfarmy.Options{})
	if len(fs) != 1 || fs[0].Code != pfarmy.CodeNotArmy || fs[0].Field != "size" {
		t.Errorf("Check = %v", fs)
	}
}

// P-4: hp = floor(ACR x average hit die), at least 1 by default.
func TestHP(t *testing.T) {
	cases := []struct {
		cr   pfarmy.CR
		size pfarmy.Size
		hd   pfarmy.HitDie
		want int
	}{
		{pfarmy.CR1, pfarmy.SizeMedium, pfarmy.D10, 5},        // 5.5 (warriors)
		{pfarmy.CR1, pfarmy.SizeMedium, pfarmy.D8, 4},         // 4.5
		{pfarmy.CR1, pfarmy.SizeMedium, pfarmy.D6, 3},         // 3.5
		{pfarmy.CR1, pfarmy.SizeMedium, pfarmy.D12, 6},        // 6.5
		{pfarmy.CR1_3, pfarmy.SizeHuge, pfarmy.D10, 16},       // ACR 3: 16.5
		{pfarmy.CR1_3, pfarmy.SizeMedium, pfarmy.D10, 1},      // 1/3 x 5.5 = 1.83
		{pfarmy.CR1_8, pfarmy.SizeMedium, pfarmy.D6, 1},       // 1/8 x 3.5 = 0.44 -> minimum 1
		{pfarmy.CRInt(10), pfarmy.SizeMedium, pfarmy.D12, 65}, // 65
	}
	for _, c := range cases {
		a := pfarmy.Army{Size: c.size, CR: c.cr, HitDie: c.hd}
		st, err := pfarmy.Derive(&a, pfarmy.Options{})
		if err != nil || st.HP != c.want {
			t.Errorf("ACR %s %s: hp %d (%v), want %d", st.ACR, c.hd, st.HP, err, c.want)
		}
	}
	// P-4 Default switched off: hp 0 is not an army.
	a := pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1_8, HitDie: pfarmy.D6}
	if _, err := pfarmy.Derive(&a, pfarmy.Options{HPMin: pfarmy.HPMinNone}); !errors.Is(err, pfarmy.ErrNotAnArmy) {
		t.Errorf("HPMinNone: %v, want ErrNotAnArmy", err)
	}
}

// P-5, P-66: DV = 10 + ACR, OM = ACR, plus resources and abilities.
func TestDVOM(t *testing.T) {
	a := pfarmy.Army{Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10} // ACR 3
	st := stats(t, a, pfarmy.Options{})
	if st.DV != 13 || st.OM != 3 {
		t.Errorf("ACR 3: DV %d OM %d, want 13, 3", st.DV, st.OM)
	}
	// P-5 Default: a fractional ACR adds floor(ACR) = 0; FracCeil adds 1.
	f := pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1_3, HitDie: pfarmy.D10}
	if st := stats(t, f, pfarmy.Options{}); st.DV != 10 || st.OM != 0 {
		t.Errorf("ACR 1/3: DV %d OM %d, want 10, 0", st.DV, st.OM)
	}
	if st := stats(t, f, pfarmy.Options{FracACR: pfarmy.FracCeil}); st.DV != 11 || st.OM != 1 {
		t.Errorf("ACR 1/3 FracCeil: DV %d OM %d, want 11, 1", st.DV, st.OM)
	}
	// P-66: improved armor DV +1, magic weapons OM +2, mounts +2/+2, siege engines OM +2; an ability
	// OM +1 DV -1.
	a.Resources = pfarmy.Resources{Armor: pfarmy.GradeImproved, Weapons: pfarmy.GradeMagic, Mounts: true, SiegeEngines: 3}
	a.Abilities = []pfarmy.Ability{{Name: "ferocity", OM: 1, DV: -1}}
	st = stats(t, a, pfarmy.Options{})
	if st.DV != 13+1+2-1 || st.OM != 3+2+2+2+1 {
		t.Errorf("with resources: DV %d OM %d, want 15, 10", st.DV, st.OM)
	}
	if !st.Mounted || st.SiegeEngines != 3 {
		t.Error("mounted, siege engines")
	}
}

// P-6: speed in hexes a day; from feet: a day's walk is feet x 0.8 miles, 12 miles a hex.
func TestSpeed(t *testing.T) {
	cases := []struct {
		feet int
		r    pfarmy.HexRounding
		want int
	}{
		{15, pfarmy.HexFloor, 1}, // 12 mi
		{20, pfarmy.HexFloor, 1}, // 16 mi
		{30, pfarmy.HexFloor, 2}, // 24 mi
		{40, pfarmy.HexFloor, 2}, // 32 mi = 2.67
		{40, pfarmy.HexNearest, 3},
		{40, pfarmy.HexCeil, 3},
		{20, pfarmy.HexNearest, 1}, // 1.33
		{20, pfarmy.HexCeil, 2},
		{5, pfarmy.HexFloor, 1}, // 4 mi: at least 1
	}
	for _, c := range cases {
		a := pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D8, SpeedFeet: c.feet}
		if st := stats(t, a, pfarmy.Options{HexRounding: c.r}); st.Speed != c.want {
			t.Errorf("%d ft, rounding %d: %d hexes, want %d", c.feet, c.r, st.Speed, c.want)
		}
	}
	a := pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D8, SpeedFeet: 30, Speed: 3}
	if st := stats(t, a, pfarmy.Options{}); st.Speed != 3 {
		t.Errorf("given speed 3: %d", st.Speed)
	}
}

// P-9, P-10, P-11, P-8: Leadership, boons limit, tactics limit, consumption, morale modifier.
func TestCommanderAndLimits(t *testing.T) {
	c := &pfarmy.Commander{Level: 5, Charisma: 2, LeadershipFeat: true, SoldierRanks: 10}
	if c.Leadership() != 10 || c.BoonsLimit() != 3 {
		t.Errorf("leadership %d boons %d, want 10, 3", c.Leadership(), c.BoonsLimit())
	}
	for ranks, want := range map[int]int{0: 1, 4: 1, 5: 2, 9: 2, 10: 3} {
		if got := (&pfarmy.Commander{SoldierRanks: ranks}).BoonsLimit(); got != want {
			t.Errorf("ranks %d: boons limit %d, want %d", ranks, got, want)
		}
	}
	// P-10, "half its ACR": rounded up by default, as the published samples are (Dwarven Defenders,
	// ACR 1, know Defensive Wall): 1/2 -> floor 0 -> 0; 1 -> 1/2 up = 1; 3 -> 1.5 up = 2; 5 -> 3; 6 -> 3.
	// TacticsFloor: floor(ACR / 2): 0, 0, 1, 2, 3.
	for cr, want := range map[pfarmy.CR][2]int{pfarmy.CR1_2: {0, 0}, pfarmy.CR1: {1, 0}, pfarmy.CRInt(3): {2, 1}, pfarmy.CRInt(5): {3, 2}, pfarmy.CRInt(6): {3, 3}} {
		for i, o := range []pfarmy.Options{{}, {TacticsLimit: pfarmy.TacticsFloor}} {
			st := stats(t, pfarmy.Army{Size: pfarmy.SizeMedium, CR: cr, HitDie: pfarmy.D8}, o)
			if st.TacticsLimit != want[i] {
				t.Errorf("ACR %s, rule %d: tactics limit %d, want %d", cr, i, st.TacticsLimit, want[i])
			}
		}
	}
	for cr, want := range map[pfarmy.CR]int{pfarmy.CR1_3: 1, pfarmy.CR1: 1, pfarmy.CRInt(3): 1, pfarmy.CRInt(6): 3, pfarmy.CRInt(7): 3} {
		st := stats(t, pfarmy.Army{Size: pfarmy.SizeMedium, CR: cr, HitDie: pfarmy.D8}, pfarmy.Options{})
		if st.Consumption != want {
			t.Errorf("ACR %s: consumption %d, want %d", cr, st.Consumption, want)
		}
	}
	// P-8: Morale 1 + Charisma 2 + floor(10/5) + Loyalty (+4 at Leadership 12: 9 + 0 + 3) = 9.
	a := pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(5), HitDie: pfarmy.D8, Morale: 1,
		Commander: &pfarmy.Commander{Level: 7, Charisma: 2, LeadershipFeat: true, SoldierRanks: 10, Boons: []pfarmy.Boon{pfarmy.BoonLoyalty}}}
	if st := stats(t, a, pfarmy.Options{}); st.MoraleMod != 1+2+2+4 || st.Leadership != 12 {
		t.Errorf("morale mod %d leadership %d, want 9, 12", st.MoraleMod, st.Leadership)
	}
	// Loyalty +2 below Leadership 12.
	a.Commander.Level = 6 // 6 + 2 + 3 = 11
	if st := stats(t, a, pfarmy.Options{}); st.MoraleMod != 1+2+2+2 {
		t.Errorf("morale mod %d, want 7", st.MoraleMod)
	}
	// P-9: an absent commander gives nothing.
	a.Commander.Absent = true
	if st := stats(t, a, pfarmy.Options{}); st.MoraleMod != 1 || st.Boons != 0 {
		t.Errorf("absent: morale mod %d boons %b", st.MoraleMod, st.Boons)
	}
}

// P-37: each boon's Leadership threshold (M008 one below it, none at it).
func TestBoonThresholds(t *testing.T) {
	want := map[pfarmy.Boon]int{pfarmy.BoonBloodiedButUnbroken: 4, pfarmy.BoonDefensiveTactics: 5, pfarmy.BoonFlexibleTactics: 6,
		pfarmy.BoonHitAndRun: 5, pfarmy.BoonLoyalty: 6, pfarmy.BoonHoldTheLine: 0, pfarmy.BoonMerciless: 0, pfarmy.BoonSharpshooter: 0,
		pfarmy.BoonBonusTactic: 0, pfarmy.BoonLiveOffTheLand: 0, pfarmy.BoonTriage: 0}
	for b := pfarmy.Boon(1); b < pfarmy.NumBoons; b++ {
		if b.MinLeadership() != want[b] {
			t.Errorf("%s: threshold %d, want %d", b, b.MinLeadership(), want[b])
		}
		if b == pfarmy.BoonBonusTactic {
			continue
		}
		army := func(lead int) pfarmy.Army {
			return pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(4), HitDie: pfarmy.D8,
				Resources: pfarmy.Resources{Ranged: true},
				Commander: &pfarmy.Commander{Level: lead + 5, Charisma: -5, Boons: []pfarmy.Boon{b}}} // Leadership lead + 5 - 5 (P-9), level >= 1
		}
		if fs := pfarmy.Check(ptr(army(want[b])), pfarmy.Options{}); len(fs) != 0 {
			t.Errorf("%s at Leadership %d: %v", b, want[b], fs)
		}
		if want[b] > 0 {
			fs := pfarmy.Check(ptr(army(want[b]-1)), pfarmy.Options{})
			if len(fs) != 1 || fs[0].Code != pfarmy.CodePrereq || fs[0].Field != "commander.boons[0]" {
				t.Errorf("%s at Leadership %d: %v", b, want[b]-1, fs)
			}
		}
	}
}

func ptr[T any](v T) *T { return &v }

// Check: every finding kind, with field and code.
func TestCheck(t *testing.T) {
	cases := []struct {
		name  string
		army  pfarmy.Army
		code  string
		field string
	}{
		{"morale out of range (P-7)", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D8, Morale: 5}, pfarmy.CodeInvalid, "morale"},
		{"no size", pfarmy.Army{CR: pfarmy.CR1, HitDie: pfarmy.D8}, pfarmy.CodeInvalid, "size"},
		{"cr above 30", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(31), HitDie: pfarmy.D8}, pfarmy.CodeInvalid, "cr"},
		{"hit die d7", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: 7}, pfarmy.CodeInvalid, "hitDie"},
		{"tactic twice", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(4), HitDie: pfarmy.D8, Tactics: []pfarmy.Tactic{pfarmy.TacTaunt, pfarmy.TacTaunt}}, pfarmy.CodeInvalid, "tactics[1]"},
		{"not an army (P-3)", pfarmy.Army{Size: pfarmy.SizeFine, CR: pfarmy.CR1, HitDie: pfarmy.D8}, pfarmy.CodeNotArmy, "size"},
		// 500 CR 1/3 is ACR 3, not 4 (P-3).
		{"acr", pfarmy.Army{Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10, ACR: pfarmy.CRInt(4)}, pfarmy.CodeACR, "acr"},
		// ACR 1 with d10 is 5 hp (P-4).
		{"hp", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D10, HP: 6}, pfarmy.CodeHP, "hp"},
		{"om", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D10, OM: ptr(2)}, pfarmy.CodeOM, "om"},
		{"dv", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D10, DV: ptr(12)}, pfarmy.CodeDV, "dv"},
		// ACR 3 knows 3/2 rounded up = 2 tactics; Standard and Withdraw do not count (P-10).
		{"tactics (P-10)", pfarmy.Army{Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10, Tactics: []pfarmy.Tactic{pfarmy.TacStandard, pfarmy.TacWithdraw, pfarmy.TacTaunt, pfarmy.TacExpertFlankers, pfarmy.TacDefensiveWall}}, pfarmy.CodeTooManyTacts, "tactics"},
		{"boon above leadership (P-37)", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D8, Commander: &pfarmy.Commander{Level: 3, Charisma: 1, Boons: []pfarmy.Boon{pfarmy.BoonLoyalty}}}, pfarmy.CodePrereq, "commander.boons[0]"},
		{"cavalry experts unmounted (P-27)", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(3), HitDie: pfarmy.D8, Tactics: []pfarmy.Tactic{pfarmy.TacCavalryExperts}}, pfarmy.CodePrereq, "tactics"},
		{"sniper support without ranged (P-36)", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(3), HitDie: pfarmy.D8, Tactics: []pfarmy.Tactic{pfarmy.TacSniperSupport}}, pfarmy.CodePrereq, "tactics"},
		{"sharpshooter without ranged (P-46)", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(3), HitDie: pfarmy.D8, Commander: &pfarmy.Commander{Level: 5, Boons: []pfarmy.Boon{pfarmy.BoonSharpshooter}}}, pfarmy.CodePrereq, "commander.boons"},
		// 4 ranks: 1 + 0 = 1 boon; a bonus tactic is a boon too (P-9, P-39).
		{"too many boons (P-9)", pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D8, Commander: &pfarmy.Commander{Level: 5, SoldierRanks: 4, Boons: []pfarmy.Boon{pfarmy.BoonMerciless}, BonusTactics: []pfarmy.Tactic{pfarmy.TacTaunt}}}, pfarmy.CodeTooManyBoons, "commander.boons"},
	}
	for _, c := range cases {
		fs := pfarmy.Check(&c.army, pfarmy.Options{})
		if len(fs) != 1 || fs[0].Code != c.code || fs[0].Field != c.field {
			t.Errorf("%s: %v, want one %s at %s", c.name, fs, c.code, c.field)
		}
	}
	// A clean army has no findings; hand-written values that agree are fine.
	ok := pfarmy.Army{Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10, ACR: pfarmy.CRInt(3), HP: 16, OM: ptr(3), DV: ptr(13),
		Tactics: []pfarmy.Tactic{pfarmy.TacExpertFlankers}, Commander: &pfarmy.Commander{Level: 4, Boons: []pfarmy.Boon{pfarmy.BoonBloodiedButUnbroken}}}
	if fs := pfarmy.Check(&ok, pfarmy.Options{}); fs != nil {
		t.Errorf("clean army: %v", fs)
	}
}

// Hand-written values replace derived ones by default (and hp/OM/DV are checked against the ACR in
// use, so a wrong ACR is reported once).
func TestGiven(t *testing.T) {
	a := pfarmy.Army{Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10, ACR: pfarmy.CRInt(4), HP: 22, DV: ptr(14)}
	// With ACR 4: hp floor(4 x 5.5) = 22, DV 14: only the ACR disagrees.
	fs := pfarmy.Check(&a, pfarmy.Options{})
	if len(fs) != 1 || fs[0].Code != pfarmy.CodeACR {
		t.Errorf("Check = %v", fs)
	}
	st := stats(t, a, pfarmy.Options{})
	if st.ACR != pfarmy.CRInt(4) || st.HP != 22 || st.DV != 14 {
		t.Errorf("used: ACR %s hp %d DV %d", st.ACR, st.HP, st.DV)
	}
	st = stats(t, a, pfarmy.Options{Given: pfarmy.GivenIgnored})
	if st.ACR != pfarmy.CRInt(3) || st.HP != 16 || st.DV != 13 {
		t.Errorf("ignored: ACR %s hp %d DV %d", st.ACR, st.HP, st.DV)
	}
	// The other way round (found by a newcomer): a wrong acr 5 with hp, OM and DV that follow
	// the derived ACR 3 (hp floor(3 x 5.5) = 16, OM 3, DV 13) is one finding too, and a wrong hp
	// beside it is still reported, against the derived ACR.
	c := pfarmy.Army{Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10, ACR: pfarmy.CRInt(5), HP: 16, OM: ptr(3), DV: ptr(13)}
	if fs := pfarmy.Check(&c, pfarmy.Options{}); len(fs) != 1 || fs[0].Code != pfarmy.CodeACR {
		t.Errorf("Check(acr 5, rest for 3) = %v", fs)
	}
	c.HP = 20
	if fs := pfarmy.Check(&c, pfarmy.Options{}); len(fs) != 2 || fs[1].Code != pfarmy.CodeHP || fs[1].Message != "hp 20, but acr 3 with d10 gives 16" {
		t.Errorf("Check(acr 5, hp 20) = %v", fs)
	}
	b := pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CR1, HitDie: pfarmy.D10, OM: ptr(4)}
	if st := stats(t, b, pfarmy.Options{}); st.OM != 4 || st.Parts.GivenOM != 3 {
		t.Errorf("given OM: %d (given part %d)", st.OM, st.Parts.GivenOM)
	}
}

// P-64: a day of rest heals ACR, twice with the Loyalty check, up to full.
func TestRecover(t *testing.T) {
	st := stats(t, pfarmy.Army{Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10}, pfarmy.Options{}) // ACR 3, hp 16
	if pfarmy.Recover(&st, 5, false) != 8 || pfarmy.Recover(&st, 5, true) != 11 || pfarmy.Recover(&st, 15, true) != 16 {
		t.Error("Recover")
	}
}

// P-47: Live off the Land halves consumption and speed for the week.
func TestWeek(t *testing.T) {
	a := pfarmy.Army{Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(8), HitDie: pfarmy.D8, Speed: 3,
		Commander: &pfarmy.Commander{Level: 3, Boons: []pfarmy.Boon{pfarmy.BoonLiveOffTheLand}}}
	st := stats(t, a, pfarmy.Options{})
	if c, s := st.Week(false); c != 4 || s != 3 {
		t.Errorf("week: %d BP, %d hexes", c, s)
	}
	if c, s := st.Week(true); c != 2 || s != 1 {
		t.Errorf("living off the land: %d BP, %d hexes", c, s)
	}
}

// Every Options field has a file name, and SetOption reaches it: the second choice of each moves
// the field off its zero value (the Default), and the first moves it back.
func TestSetOption(t *testing.T) {
	names := pfarmy.OptionNames()
	if len(names) != 21 {
		t.Errorf("%d options, want 21 (20 switches and maxPhases)", len(names))
	}
	for name, choices := range names {
		if choices == nil {
			continue
		}
		var o pfarmy.Options
		if err := o.SetOption(name, choices[1]); err != nil {
			t.Fatal(err)
		}
		if o == (pfarmy.Options{}) {
			t.Errorf("%s=%s leaves the defaults", name, choices[1])
		}
		if err := o.SetOption(name, choices[0]); err != nil || o != (pfarmy.Options{}) {
			t.Errorf("%s=%s is not the Default: %+v %v", name, choices[0], o, err)
		}
	}
	var o pfarmy.Options
	if err := o.SetOption("maxPhases", "7"); err != nil || o.MaxPhases != 7 {
		t.Errorf("maxPhases: %v %d", err, o.MaxPhases)
	}
	for _, bad := range [][2]string{{"rout", "sometimes"}, {"nosuch", "x"}, {"maxPhases", "0"}} {
		if err := o.SetOption(bad[0], bad[1]); err == nil {
			t.Errorf("%s=%s: no error", bad[0], bad[1])
		}
	}
}
