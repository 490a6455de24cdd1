package pathfinder

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// FuzzDerive: any army derives or fails with M001/M002, never panics; derived stats add up (P-4,
// P-5, P-10) and fight a battle without error.
func FuzzDerive(f *testing.F) {
	f.Add(uint8(7), uint8(4), uint8(0), uint8(10), 0, []byte{6}, []byte{1, 7}, 5, 2, 5, true, 0, 0, 0, 0, 30, 0, uint8(0))
	f.Add(uint8(1), uint8(9), uint8(3), uint8(6), -4, []byte{}, []byte{2}, 0, -3, 0, false, 3, 1, 12, 2, 0, 2, uint8(255))
	f.Add(uint8(9), uint8(35), uint8(35), uint8(12), 4, []byte{0, 1, 13}, []byte{}, 30, 5, 20, true, 100, -5, 40, 0, 120, 1, uint8(17))
	f.Fuzz(func(t *testing.T, size, cr, mount, hd uint8, morale int, tactics, boons []byte, level, cha, ranks int,
		feat bool, hp, om, dv, speed, feet, siege int, opt uint8) {
		a := pfarmy.Army{Size: pfarmy.Size(size), CR: pfarmy.CR(cr), MountCR: pfarmy.CR(mount), HitDie: pfarmy.HitDie(hd), Morale: morale,
			HP: hp, Speed: speed, SpeedFeet: feet, Resources: pfarmy.Resources{SiegeEngines: siege, Ranged: opt&32 != 0}}
		if om != 0 {
			a.OM = &om
		}
		if dv != 0 {
			a.DV = &dv
		}
		for _, t := range tactics {
			a.Tactics = append(a.Tactics, pfarmy.Tactic(t%20))
			if opt&128 != 0 { // special abilities too, published or not, with a value or not
				k := pfarmy.AbilityKind(t % uint8(pfarmy.NumAbilityKinds))
				ab := pfarmy.Ability{Name: k.String(), Value: int(t >> 6), When: pfarmy.When(t % uint8(pfarmy.NumWhen+1)), OM: int(t&3) - 1}
				if k == pfarmy.AbGeneric {
					ab.Name = "drums"
				}
				a.Abilities = append(a.Abilities, ab)
			}
		}
		if len(boons) > 0 || level != 0 {
			c := &pfarmy.Commander{Level: level, Charisma: cha, LeadershipFeat: feat, SoldierRanks: ranks, Absent: opt&64 != 0}
			for _, b := range boons {
				if b&1 == 0 {
					c.Boons = append(c.Boons, pfarmy.Boon(b>>1))
				} else {
					c.BonusTactics = append(c.BonusTactics, pfarmy.Tactic(b>>1))
				}
			}
			a.Commander = c
		}
		o := pfarmy.Options{HPMin: pfarmy.HPMin(opt & 1), FracACR: pfarmy.FracACR(opt >> 1 & 1), HexRounding: pfarmy.HexRounding(opt >> 2 % 3),
			Given: pfarmy.Given(opt >> 4 & 1)}
		fs := pfarmy.Check(&a, o)
		fatal := false
		for _, f := range fs {
			fatal = fatal || f.Code == pfarmy.CodeInvalid || f.Code == pfarmy.CodeNotArmy
			if f.Code == "" || f.Field == "" || f.Message == "" {
				t.Fatalf("empty finding %+v", f)
			}
		}
		st, err := pfarmy.Derive(&a, o)
		if (err != nil) != fatal {
			t.Fatalf("Derive error %v, findings %v", err, fs)
		}
		if err != nil {
			return
		}
		p := st.Parts
		switch {
		case !st.ACR.Valid():
			t.Fatalf("ACR %s", st.ACR)
		case st.HP < 1:
			t.Fatalf("hp %d", st.HP)
		case st.DV != 10+p.ACR+p.Armor+p.Mounts+p.AbilityDV+p.GivenDV:
			t.Fatalf("DV %d, parts %+v", st.DV, p)
		case st.OM != p.ACR+p.Weapons+p.Mounts+p.Siege+p.AbilityOM+p.GivenOM:
			t.Fatalf("OM %d, parts %+v", st.OM, p)
		case st.TacticsLimit != o.TacticsAllowed(st.ACR):
			t.Fatalf("tactics limit %d for ACR %s", st.TacticsLimit, st.ACR)
		}
		s := &Setup{Options: pfarmy.Options{MaxPhases: 30}, Armies: []Combatant{{Stats: st, Side: SideA}, {Stats: st, Side: SideB}}}
		b, err := New(s, dice.NewSeeded(uint64(level)), nil)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		if _, err := b.Run(); err != nil {
			t.Fatalf("Run: %v", err)
		}
	})
}

// FuzzBattle: random setups, options and choices never panic or fail; the end agrees with the
// armies' states (endInvariants: no active army without hp, hp never above the maximum, the
// winner the side left on the field, the log's last hp the army's), and the battle leaves the
// setup's armies (their statistics) and the battle's own Stats as they were.
func FuzzBattle(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint64(3), uint8(2))
	f.Add(uint64(9), uint64(8), uint64(7), uint8(7))
	f.Fuzz(func(t *testing.T, setup, seed, choices uint64, n uint8) {
		s := randSetup(rand.New(rand.NewPCG(setup, 0)), 2+int(n%(pfarmy.MaxArmies-1)))
		b, err := New(s, dice.NewSeeded(seed), &randChooser{rand.New(rand.NewPCG(choices, 0))})
		if err != nil {
			t.Fatal(err)
		}
		var log []Event
		if n&128 != 0 {
			b.SetLog(Collect(&log))
		}
		before := armiesJSON(t, s)
		r, err := b.Run()
		if err != nil {
			t.Fatal(err)
		}
		if bad := endInvariants(b, s, r, log); bad != "" {
			t.Fatal(bad)
		}
		if armiesJSON(t, s) != before {
			t.Fatal("the battle changed its setup's armies")
		}
		for i := 0; i < b.Len(); i++ {
			got, err1 := json.Marshal(b.Stats(i))
			want, err2 := json.Marshal(s.Armies[i].Stats)
			if err1 != nil || err2 != nil || string(got) != string(want) {
				t.Fatalf("army %d's Stats changed in battle:\n%s\nvs\n%s", i, got, want)
			}
		}
		for i := range log {
			if log[i].String() == "" {
				t.Fatalf("event %d (%+v) reads as nothing", i, log[i])
			}
		}
	})
}

// FuzzParseCR: parsing never panics, and what parses formats back to itself.
func FuzzParseCR(f *testing.F) {
	for _, s := range []string{"1/8", "1/3", "1", "30", "40", "0", "1/0", " 2 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := pfarmy.ParseCR(s)
		if err != nil {
			return
		}
		if d, err := pfarmy.ParseCR(c.String()); err != nil || d != c {
			t.Fatalf("%q -> %s -> %s, %v", s, c, d, err)
		}
	})
}
