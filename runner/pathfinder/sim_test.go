package pathfinder

import (
	"errors"
	"math/rand/v2"
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Equal armies under the Policy win about as often as each other: 10,000 seeded battles, side A's
// share of the decisive ones between 40% and 60%.
func TestEqualArmiesWinRate(t *testing.T) {
	st := benchSetup(t).Armies[1].Stats // 500 orcs, ACR 3
	s := &Setup{Armies: []Combatant{{Stats: st, Side: SideA}, {Stats: st, Side: SideB}}}
	b, err := New(s, dice.NewSeeded(42), nil)
	if err != nil {
		t.Fatal(err)
	}
	var wins [2]int
	draws := 0
	const n = 10000
	for range n {
		r, err := b.Run()
		if err != nil {
			t.Fatal(err)
		}
		if r.Winner == NoSide {
			draws++
		} else {
			wins[r.Winner]++
		}
	}
	share := float64(wins[0]) / float64(wins[0]+wins[1])
	t.Logf("A %d, B %d, no winner %d: A's share %.3f", wins[0], wins[1], draws, share)
	if share < 0.40 || share > 0.60 {
		t.Errorf("side A won %.1f%% of decisive battles", 100*share)
	}
}

// Run does not allocate, on the plain path, the general path and with a log.
func TestNoAllocs(t *testing.T) {
	b, err := New(benchSetup(t), dice.NewSeeded(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	run := func() {
		if _, err := b.Run(); err != nil {
			t.Fatal(err)
		}
	}
	if n := testing.AllocsPerRun(200, run); n != 0 {
		t.Errorf("plain: %v allocs per battle", n)
	}
	b.noPlain = true
	if n := testing.AllocsPerRun(200, run); n != 0 {
		t.Errorf("general: %v allocs per battle", n)
	}
	k := 0
	b.SetLog(func(e *Event) { k += e.Damage })
	if n := testing.AllocsPerRun(200, run); n != 0 {
		t.Errorf("logged: %v allocs per battle", n)
	}
}

// randArmy makes an army with every feature at random; it may not be consistent (Check findings) but
// it derives.
func randArmy(r *rand.Rand) pfarmy.Army {
	for {
		a := pfarmy.Army{
			Name:    "r",
			Size:    pfarmy.Size(1 + r.IntN(9)),
			CR:      pfarmy.CR(1 + r.IntN(20)),
			HitDie:  []pfarmy.HitDie{pfarmy.D6, pfarmy.D8, pfarmy.D10, pfarmy.D12}[r.IntN(4)],
			Morale:  r.IntN(9) - 4,
			Speed:   r.IntN(3),
			Tactics: nil,
		}
		if r.IntN(4) == 0 {
			a.MountCR = pfarmy.CR(1 + r.IntN(10))
		}
		a.Resources = pfarmy.Resources{Armor: pfarmy.Grade(r.IntN(3)), Weapons: pfarmy.Grade(r.IntN(3)), Mounts: r.IntN(3) == 0,
			Ranged: r.IntN(2) == 0, HealingPotions: r.IntN(3) == 0}
		if r.IntN(3) == 0 {
			a.Resources.SiegeEngines = 1 + r.IntN(2)
		}
		if r.IntN(3) == 0 {
			a.Abilities = []pfarmy.Ability{{Name: "x", OM: r.IntN(3) - 1, DV: r.IntN(3) - 1, Morale: r.IntN(3) - 1,
				Ranged: r.IntN(4) == 0, Spellcasting: r.IntN(3) == 0, Darkvision: r.IntN(3) == 0}}
		}
		if r.IntN(3) == 0 { // published abilities, with their values
			for range 1 + r.IntN(3) {
				k := pfarmy.AbilityKind(1 + r.IntN(int(pfarmy.NumAbilityKinds)-1))
				ab := pfarmy.Ability{Name: k.String()}
				switch {
				case k == pfarmy.AbImmunity || k == pfarmy.AbSignificantDefense:
					ab.Of = []string{[]string{"fear", "magic", "bleed", "paralysis"}[r.IntN(4)]}
				case k == pfarmy.AbTactician:
					continue
				case k == pfarmy.AbMobility:
					ab.Of = []string{[]string{"swamp", "forest"}[r.IntN(2)]}
				case k == pfarmy.AbHex:
					ab.Of = []string{[]string{"healing", "cauldron"}[r.IntN(2)]}
				case k == pfarmy.AbHuntersBond:
					ab.Of = []string{[]string{"companions", "animal"}[r.IntN(2)]}
				case k == pfarmy.AbFavoredEnemy:
					ab.Of = []string{[]string{"humanoid", "animal", "undead"}[r.IntN(3)]}
				case k == pfarmy.AbWildShape:
					ab.Of = []string{pfarmy.WildForms[r.IntN(len(pfarmy.WildForms))].String(), pfarmy.WildForms[r.IntN(len(pfarmy.WildForms))].String()}
				case k.TakesValue():
					ab.Value = 1 + r.IntN(20)
				}
				a.Abilities = append(a.Abilities, ab)
			}
			if r.IntN(2) == 0 {
				a.Abilities = append(a.Abilities, pfarmy.Ability{Name: "war drums", OM: r.IntN(5) - 2, Damage: r.IntN(3), When: pfarmy.When(r.IntN(int(pfarmy.WhenFearAndRout)))})
			}
			a.Alignment = []string{"", "CE", "LG", "NE"}[r.IntN(4)]
		}
		var seen pfarmy.TacticSet
		for range r.IntN(4) {
			t := pfarmy.Tactic(2 + r.IntN(int(pfarmy.NumTactics)-2))
			if !seen.Has(t) {
				seen = seen.With(t)
				a.Tactics = append(a.Tactics, t)
			}
		}
		if r.IntN(3) > 0 {
			c := &pfarmy.Commander{Level: r.IntN(15), Charisma: r.IntN(5) - 1, LeadershipFeat: r.IntN(2) == 0,
				SoldierRanks: r.IntN(12), PC: r.IntN(4) == 0, Absent: r.IntN(8) == 0}
			var bs pfarmy.BoonSet
			for range r.IntN(4) {
				b := pfarmy.Boon(1 + r.IntN(int(pfarmy.NumBoons)-1))
				if b == pfarmy.BoonBonusTactic {
					c.BonusTactics = []pfarmy.Tactic{pfarmy.TacTaunt}
					continue
				}
				if !bs.Has(b) {
					bs = bs.With(b)
					c.Boons = append(c.Boons, b)
				}
			}
			a.Commander = c
		}
		if _, err := pfarmy.Derive(&a, pfarmy.Options{}); err == nil {
			return a
		}
	}
}

func randOptions(r *rand.Rand) pfarmy.Options {
	return pfarmy.Options{
		Withdraw: pfarmy.WithdrawRule(r.IntN(2)), DirtyFighters: pfarmy.Variant(r.IntN(2)), FalseRetreat: pfarmy.Variant(r.IntN(2)),
		Siegebreaker: pfarmy.SiegebreakerRule(r.IntN(2)), Spellbreaker: pfarmy.Variant(r.IntN(2)), Taunt: pfarmy.TauntScope(r.IntN(2)),
		HoldTheLine: pfarmy.HoldTheLineRule(r.IntN(2)), Merciless: pfarmy.MercilessRule(r.IntN(3)), StayAtRange: pfarmy.StayRule(r.IntN(2)),
		StrategyDamage: pfarmy.StrategyDamageMode(r.IntN(2)), Miss: pfarmy.MissRule(r.IntN(2)), Rout: pfarmy.RoutRule(r.IntN(3)),
		PartingWho: pfarmy.PartingWho(r.IntN(2)), PartingWhen: pfarmy.PartingWhen(r.IntN(2)), RoutedAttacked: pfarmy.Variant(r.IntN(2)),
		FracACR: pfarmy.FracACR(r.IntN(2)), MaxPhases: r.IntN(40),
	}
}

func randSetup(r *rand.Rand, n int) *Setup {
	o := randOptions(r)
	s := &Setup{Options: o, Field: Field{Darkness: r.IntN(6) == 0, DimLight: r.IntN(6) == 0,
		Fog: r.IntN(6) == 0, Sandstorm: r.IntN(8) == 0, Rain: r.IntN(6) == 0, Snow: r.IntN(8) == 0,
		Wind: Wind(r.IntN(int(numWinds))), BrightLight: r.IntN(5) == 0}}
	if r.IntN(3) == 0 {
		s.Field.Terrain, s.Field.Water = []string{"swamp", "forest", "hills"}[r.IntN(3)], r.IntN(2) == 0
	}
	for i := range n {
		a := randArmy(r)
		st, err := pfarmy.Derive(&a, o)
		if err != nil {
			panic(err)
		}
		c := Combatant{Stats: st, Side: Side(i % 2)}
		if r.IntN(3) == 0 {
			c.HP = 1 + r.IntN(st.HP)
		}
		if r.IntN(4) == 0 {
			c.Fortification = 4 * r.IntN(3)
			c.FortKind = []string{"", "water", "stone", "city walls"}[r.IntN(4)]
		}
		c.AdvantageousTerrain = r.IntN(5) == 0
		c.BattlefieldAdvantage = r.IntN(5) == 0
		c.Ambusher = r.IntN(6) == 0
		c.Routed = r.IntN(8) == 0
		c.Ruling = []int{0, 0, 0, 4, -4}[r.IntN(5)]
		s.Armies = append(s.Armies, c)
	}
	return s
}

// plainSetup makes a setup the plain path takes (two armies, no ambush, potions, forced Withdraw or
// siege against fortifications).
func plainSetup(r *rand.Rand) *Setup {
	for {
		s := randSetup(r, 2)
		var b Battle
		if err := b.Reset(s, dice.NewSeeded(0), nil); err == nil && b.plain {
			return s
		}
	}
}

// randChooser answers every choice at random, from its own generator.
type randChooser struct{ r *rand.Rand }

func (c *randChooser) Tactic(b *Battle, i int) pfarmy.Tactic {
	if b.Phase() != PhaseTactics && c.r.IntN(3) > 0 {
		return b.State(i).Tactic
	}
	l := b.Allowed(i).List()
	return l[c.r.IntN(len(l))]
}

func (c *randChooser) Strategy(b *Battle, i int) Strategy {
	for {
		if s := Strategy(1 + c.r.IntN(5)); b.StrategyAllowed(i, s) {
			return s
		}
	}
}

func (c *randChooser) Target(b *Battle, i int) int {
	var ts []int
	for j := range b.Len() {
		if b.CanAttack(i, j) {
			ts = append(ts, j)
		}
	}
	if len(ts) == 0 || c.r.IntN(10) == 0 {
		return -1
	}
	return ts[c.r.IntN(len(ts))]
}

func (c *randChooser) Decide(b *Battle, i int, q Question, other int) bool { return c.r.IntN(2) == 0 }

type snapshot struct {
	res    Result
	states []ArmyState
	next   uint64
}

func runSnap(t *testing.T, s *Setup, seed uint64, ch Chooser, noPlain, logged bool) snapshot {
	t.Helper()
	src := dice.NewSeeded(seed)
	b, err := New(s, src, ch)
	if err != nil {
		t.Fatal(err)
	}
	b.noPlain = noPlain
	if logged {
		b.SetLog(func(e *Event) {
			// Every itemised check adds up.
			for _, r := range []*Roll{&e.Roll, &e.Against} {
				if r.Mods.N >= MaxMods {
					continue
				}
				sum := r.Die
				for _, m := range r.Mods.Items() {
					sum += int(m.Value)
				}
				if sum != r.Total {
					t.Errorf("%s: items add up to %d", e.String(), sum)
				}
			}
		})
	}
	var snap snapshot
	snap.res, err = b.Run()
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	for i := range b.Len() {
		snap.states = append(snap.states, b.State(i))
	}
	snap.next = src.Uint64()
	return snap
}

func sameSnap(a, b snapshot) bool {
	if a.res != b.res || a.next != b.next || len(a.states) != len(b.states) {
		return false
	}
	for i := range a.states {
		if a.states[i] != b.states[i] {
			return false
		}
	}
	return true
}

// The plain path (plain.go) rolls the same dice and ends in the same state as the general one.
func TestPlainMatchesGeneral(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		s := plainSetup(r)
		seed := r.Uint64()
		p := runSnap(t, s, seed, nil, false, false)
		g := runSnap(t, s, seed, nil, true, false)
		if !sameSnap(p, g) {
			t.Fatalf("setup %d: plain %+v\ngeneral %+v\n%+v", i, p, g, s)
		}
	}
}

// With a log, checks are itemised; the sums are the same as without (and each adds up): the same
// battle either way, under random choices and options.
func TestLogMatchesNoLog(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 2000
	if testing.Short() {
		n = 200
	}
	for i := range n {
		s := randSetup(r, 2+r.IntN(3))
		seed, cs := r.Uint64(), r.Uint64()
		a := runSnap(t, s, seed, &randChooser{rand.New(rand.NewPCG(cs, 0))}, false, false)
		b := runSnap(t, s, seed, &randChooser{rand.New(rand.NewPCG(cs, 0))}, false, true)
		if !sameSnap(a, b) {
			t.Fatalf("setup %d: without log %+v\nwith log %+v", i, a, b)
		}
	}
}

// Random battles with every feature and random choices end, without errors, within the phase limit;
// armies on the field only on a winning side or at the limit.
func TestRandomBattles(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 2000 {
		s := randSetup(r, 2+r.IntN(5))
		b, err := New(s, dice.NewSeeded(r.Uint64()), &randChooser{rand.New(rand.NewPCG(r.Uint64(), 0))})
		if err != nil {
			t.Fatal(err)
		}
		res, err := b.Run()
		if err != nil {
			if errors.Is(err, ErrChoice) {
				t.Fatalf("setup %d: the random chooser made an invalid choice: %v", i, err)
			}
			t.Fatal(err)
		}
		if res.Phases > s.Options.PhaseLimit() {
			t.Fatalf("setup %d: %d phases", i, res.Phases)
		}
		var active [2]int
		for j := range b.Len() {
			st := b.State(j)
			if st.Status == StatusActive {
				active[b.SideOf(j)]++
				if st.HP <= 0 && b.Stats(j).Regeneration == 0 { // regeneration: no enemy left to finish it
					t.Fatalf("setup %d: army %d active at hp %d", i, j, st.HP)
				}
			}
		}
		if !res.Limit && active[0] > 0 && active[1] > 0 {
			t.Fatalf("setup %d: both sides on the field: %+v", i, res)
		}
		b.Aftermath(AftermathInput{ControlDC: [2]int{15, 15}})
	}
}
