package clash

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The tactical policy's lapses of issue 21, each on a small battle showing the better choice: the
// battles are files, testdata/clash/lapses/NAME.cue, compiled into testdata/lapses/NAME.json here
// (cmd/sortie's TestClashLapseFixtures keeps them in step: this package cannot import the
// compiler). Creatures: the rule tests' soldier (AC 12, 10 hp, Spear +3 1d6+1), archer and mage
// (helpers_test.go's numbers) and the SRD ogre.

// loadLapse decodes the compiled lapse battle name (testdata/lapses/name.json).
func loadLapse(t testing.TB, name string) *plan.Clash {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "lapses", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := plan.DecodeClash(data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// lapseNames are the lapse battles, every one of testdata/lapses.
var lapseNames = []string{"area", "casualty", "overflow", "isolation", "aid-beside", "aid-corner", "aid-busy", "cast-range", "cast-line"}

// TestLapseBattlesPlay plays each lapse battle to its end under the tactical policy (seeds 1..20):
// U-71, each side's only objective is 10 VP of attrition (U-66) per enemy unit eliminated, so a
// battle ends with a side on 10 VP or more, never by running out of rounds (MaxRounds 50, U-71
// Default), and the same seed fights the same battle twice.
func TestLapseBattlesPlay(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "lapses", "*.json"))
	if len(files) != len(lapseNames) {
		t.Fatalf("%d lapse battles in testdata/lapses, want %d", len(files), len(lapseNames))
	}
	for _, name := range lapseNames {
		b := NewBattle(mustSetup(t, loadLapse(t, name), clashrules.Options{}))
		for seed := uint64(1); seed <= 20; seed++ {
			b.Reset(Config{Seed: seed})
			r, err := b.Run()
			if err != nil {
				t.Fatalf("%s seed %d: %v", name, seed, err)
			}
			if max(r.VP[0], r.VP[1]) < 10 || r.Rounds >= 50 {
				t.Errorf("%s seed %d: ended after %d rounds at %v VP, want a side on 10 (U-71)", name, seed, r.Rounds, r.VP)
			}
			b.Reset(Config{Seed: seed})
			if again, err := b.Run(); err != nil || again.Rounds != r.Rounds || again.VP != r.VP {
				t.Errorf("%s seed %d: replay %+v, first %+v", name, seed, again, r)
			}
		}
	}
}

// U-43 [AI]: a stand's fireball is never placed on its own side (the README: casters place areas
// that hit only enemies). Enemy soldier stands at 5,4 5,5 6,5 5,6 (10 hp each) and an allied
// giant (300 hp, 1 square) at 4,5. The 20-ft sphere at 5,5 covers 5,4 4,5 5,5 6,5 5,6: four
// enemies and the giant. Before issue 21 the policy scored it 4 x 1000 (each enemy falls: 8d6
// x 2 > 10 hp) less 2 x (200 + 600 x 84 / 600) = 568 for the giant = 3432, over the best placement
// without it (two enemies, 2000), and burned its ally; now any placement covering an ally is never
// chosen: the giant's square is outside the area picked.
func TestAreaNeverOnAlliesU43(t *testing.T) {
	b := NewBattle(mustSetup(t, loadLapse(t, "area"), clashrules.Options{}))
	if b.s.sp[0].id != "fireball" {
		t.Fatalf("spell 0 is %q, want fireball", b.s.sp[0].id)
	}
	b.Reset(Config{})
	b.round = 1
	op, caster := b.decideArea(0, -1, 0)
	if caster < 0 {
		t.Fatal("no placement")
	}
	at := b.standActor(caster)
	b.placeArea(&at, &b.s.sp[0], &op)
	if c, _ := b.coverage(b.standBox(1)); c > 0 {
		t.Errorf("the fireball at %s covers the allied giant", b.sqName(op.Square))
	}
	enemies := 0
	for i := int32(2); i < 6; i++ {
		if c, _ := b.coverage(b.standBox(i)); c > 0 {
			enemies++
		}
	}
	if enemies != 2 {
		t.Errorf("the fireball at %s covers %d enemies, want the best without the ally: 2", b.sqName(op.Square), enemies)
	}
}

// U-57 [AI]: a stand does not spend its attack on a casualty when a live enemy stands in reach. A
// soldier stand at 1,1 has in reach an enemy casualty (1,0; alone in its unit: nothing to overflow
// into) and an ogre stand (2,1..3,2; 59 hp, AC 11). Before issue 21 the casualty scored 5 x 12 = 60
// (p = 21 + 3 - 12 = 12 twentieths), the ogre 600 x 9 / 118 = 45 at 13 / 20 = 29: the spear went
// into the casualty. Now a casualty is worth what its overflow would do (here nothing: 12 / 4 = 3),
// and the ogre is the target.
func TestNoAttackOnACasualtyU57(t *testing.T) {
	b := NewBattle(mustSetup(t, loadLapse(t, "casualty"), clashrules.Options{}))
	b.Reset(Config{})
	b.round, b.turnUnit = 1, 0
	b.st[1].hp, b.st[1].cas = 0, true
	at := b.standActor(0)
	tg, ok := b.decideTarget(&at, 0, false)
	if !ok || tg != (Ref{RefStand, 2}) {
		t.Errorf("target %+v, want the ogre stand (stand 2)", tg)
	}
}

// U-56, U-57 [AI]: a casualty next to a live stand of its unit with the same stat block is worth
// the overflow: enemy soldier stands C (a casualty, 1,0) and D (2,0, 10 hp, next to C); our ogre
// stand's greatclub (2d8+4: e2 = 2 x 13 = 26) into C: 1 absorbed, the rest 24 / 2 = 12 >= 10 fells
// D: worth as much as felling D itself, more than the next-to-nothing of a lone casualty.
func TestCasualtyWorthItsOverflowU56(t *testing.T) {
	b := NewBattle(mustSetup(t, loadLapse(t, "overflow"), clashrules.Options{}))
	b.Reset(Config{})
	b.st[1].hp, b.st[1].cas = 0, true
	const p = 20
	if got, want := b.casualtyValue(1, 26, p), b.targetValue(Ref{RefStand, 2}, 24, p); got != want || got <= p/4 {
		t.Errorf("casualty with a live neighbour worth %d, want D's %d", got, want)
	}
}

// U-15, U-82 [AI]: a skirmisher stand stepping after its action does not walk into isolation.
// Archer stands A 4,1 and B 2,1 (2 apart: not isolated, U-15), an enemy at 6,1 (2 from A; the
// shortbow's range is floor((80 + 10) / 20) = 4). A's part-2 move, budget 2, may end at 4,3 (near
// 2 + 2 = 4, out of reach, 4 from B: isolated) or stay (near 2). Before issue 21 the first stand
// moving after the action had no anchor: 4,3 scored 4 x 20 - 2 - 2 = 76 over staying's 2 x 20 =
// 40, and A isolated itself; now B, still to make its move with 0 squares left, can reach only 0 +
// 2 squares from where it is: 4,3 is 4 from it (-120: 76 - 120 = -44), 4,1 is 2 (40): it stays.
func TestNoStepIntoIsolationAfterActingU82(t *testing.T) {
	b := NewBattle(mustSetup(t, loadLapse(t, "isolation"), clashrules.Options{}))
	b.Reset(Config{})
	b.round, b.turnUnit = 1, 0
	b.moveStamp++
	b.placed[0] = b.moveStamp
	m := b.moverOfStand(0, false)
	b.reach(&m, 4, 1, 2)
	ends := []int32{3*10 + 4, 1*10 + 4}
	if i := b.tacMove(ends, Ref{RefStand, 0}, 0, 0, 2, ActAttack); i != 1 {
		t.Errorf("after acting the stand goes to %s, want to stay at 4,1", b.sqName(int(ends[i])))
	}
}

// U-48 [AI]: a Defend regiment that configures (it must, to attack) takes Aid when it is engaged
// and a stand of it without a melee target stands beside one with: guard stands A 1,1 (beside the
// enemy at 2,1) and B 0,1 (beside A, nothing in reach): Aid, so B's attack becomes A's advantage;
// with B at 1,0 (corner to corner with the enemy: 2 apart, U-2, out of reach) the same; with both
// beside the enemy (A 1,1, B 2,0) nobody is idle: March.
func TestAidChosenU48(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    [2]int
		want int
	}{{"aid-beside", [2]int{0, 1}, cfgAid}, {"aid-corner", [2]int{1, 0}, cfgAid}, {"aid-busy", [2]int{2, 0}, cfgMarch}} {
		c := loadLapse(t, tc.name)
		if at := c.Units[0].Stands[1].At; at != tc.b {
			t.Fatalf("%s: B at %v, want %v", tc.name, at, tc.b)
		}
		b := NewBattle(mustSetup(t, c, clashrules.Options{}))
		b.Reset(Config{})
		b.round, b.turnUnit = 1, 0
		if got := b.decideConfig(0); got != tc.want {
			t.Errorf("B at %v: configuration %s, want %s", tc.b, cfgNames[got], cfgNames[tc.want])
		}
	}
}
