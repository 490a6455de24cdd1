package pathfinder

import (
	"strings"
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Issue 24's army special abilities (Ultimate Campaign, Mass Combat, Special Abilities; P-1), each
// with its published words and a hand-worked value. big armies: ACR 10, hp 65, OM +10, DV 20.
// Dice: MaxPhases 2 is one Melee Phase (no army is ranged): A's d20, then any damage die of A's,
// then B's d20.

// Ki Pool (Monk 4): "The army's attacks count as magic weapons." Against an incorporeal army ("no
// damage from nonmagical attacks, and only half damage from magical attacks"): A's 15 + 10 = 25
// against DV 20 deals 5, halved: 2 (B hp 63); without ki pool nothing (65). B's 2 + 10 + 1
// (incorporeal's mobility advantage) = 13 misses DV 20.
func TestKiPool(t *testing.T) {
	for _, c := range []struct {
		ki   bool
		want int
	}{{true, 63}, {false, 65}} {
		a := big("A")
		if c.ki {
			a = with(a, pfarmy.Ability{Name: "ki pool"})
		}
		s := duel(t, a, with(big("B"), pfarmy.Ability{Name: "incorporeal"}), pfarmy.Options{MaxPhases: 2})
		b, _, log := fight(t, s, rolls(t, 15, 2), &chooser{})
		if b.State(1).HP != c.want {
			dumpLog(t, log)
			t.Errorf("ki pool %t: B hp %d, want %d", c.ki, b.State(1).HP, c.want)
		}
	}
}

// Channel Positive Energy (Cleric 1, Paladin 4) and Lay on Hands ("functions as channel positive
// energy"): "In the Melee phase, the army deals +1d4 points of damage against an undead target
// army." B undead: DV 20 + 2 = 22; A's 15 + 10 = 25 deals 3, + d4 4 = 7 (hp 58). Against a living B
// no d4: 25 - 20 = 5 (hp 60). Channel Negative Energy (Cleric 1): the same against a living army:
// 5 + d4 3 = 8 (hp 57); against an undead one 3 (hp 62), no die.
func TestChannelEnergy(t *testing.T) {
	undead := func() pfarmy.Army { a := with(big("B"), pfarmy.Ability{Name: "undead"}); a.Type = "undead"; return a }
	for _, c := range []struct {
		ab   string
		b    pfarmy.Army
		dice []int
		want int
	}{
		{"channel positive energy", undead(), []int{15, 4, 2}, 58},
		{"lay on hands", undead(), []int{15, 4, 2}, 58},
		{"channel positive energy", big("B"), []int{15, 2}, 60},
		{"channel negative energy", big("B"), []int{15, 3, 2}, 57},
		{"channel negative energy", undead(), []int{15, 2}, 62},
	} {
		s := duel(t, with(big("A"), pfarmy.Ability{Name: c.ab}), c.b, pfarmy.Options{MaxPhases: 2})
		b, _, log := fight(t, s, rolls(t, c.dice...), &chooser{})
		if b.State(1).HP != c.want {
			dumpLog(t, log)
			t.Errorf("%s against %v: B hp %d, want %d", c.ab, c.b.Abilities, b.State(1).HP, c.want)
		}
	}
}

// Favored Enemy (Ranger 1): "The army increases its OM by 1 against an army of a type of creature
// chosen from the ranger favored enemy list." A, favored enemy humanoid: 10 + 10 + 1 = 21 against a
// humanoid B's DV 20 deals 1 (hp 64); against an animal B 20 is not above 20: nothing (65).
func TestFavoredEnemy(t *testing.T) {
	for _, c := range []struct {
		typ  string
		want int
	}{{"humanoid", 64}, {"animal", 65}} {
		bb := big("B")
		bb.Type = c.typ
		s := duel(t, with(big("A"), pfarmy.Ability{Name: "favored enemy", Of: []string{"humanoid"}}), bb, pfarmy.Options{MaxPhases: 2})
		b, _, log := fight(t, s, rolls(t, 10, 2), &chooser{})
		if b.State(1).HP != c.want {
			dumpLog(t, log)
			t.Errorf("favored enemy humanoid against %s: B hp %d, want %d", c.typ, b.State(1).HP, c.want)
		}
	}
	a := with(big("A"), pfarmy.Ability{Name: "favored enemy"})
	if fs := pfarmy.Check(&a, pfarmy.Options{}); len(fs) != 1 || fs[0].Code != pfarmy.CodeInvalid || fs[0].Field != "abilities[0].of" {
		t.Errorf("favored enemy without of: %v, want one M001 at abilities[0].of", fs)
	}
}

// The published abilities whose effect lies outside a battle (Brew Potion, Armor Training) are
// accepted with no warning, and so are those issue 24 plays (every published name plays now: Mercy
// and Divine Health in TestMercy, TestDivineHealth); order without
// challenge warns (M010: "When using the challenge ability"); a misspelt one keeps the old words.
func TestAbilityWarnings(t *testing.T) {
	for _, c := range []struct {
		name, want string
	}{
		{"brew potion", ""}, {"mercy", ""}, {"divine health", ""}, {"armor training", ""},
		{"Weapon Specialization", ""}, {"alchemy", ""}, {"vortex", ""}, {"unnatural aura", ""},
		{"order", "only with challenge"}, {"regenration", "not a published army ability"},
	} {
		a := with(big("A"), pfarmy.Ability{Name: c.name})
		fs := pfarmy.Check(&a, pfarmy.Options{})
		got := ""
		for _, f := range fs {
			if f.Code == pfarmy.CodeAbility {
				got = f.Message
			}
		}
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: M010 %q, want %q", c.name, got, c.want)
		}
	}
}

// Ferocity at the phase limit (found by TestRandomBattles once issue 24's abilities changed its
// draws): A at hp 5 takes B's 15 + 10 - 20 = 5 in the last phase allowed (MaxPhases 2) and begins its
// extra phase at 0 hp; the battle cannot give it that phase, so it ends as it would have: destroyed
// (it stayed "active at 0 hp", and the battle "stopped at the limit" with one side gone). B wins.
func TestFerocityAtPhaseLimit(t *testing.T) {
	s := duel(t, with(big("A"), pfarmy.Ability{Name: "ferocity"}), big("B"), pfarmy.Options{MaxPhases: 2})
	s.Armies[0].HP = 5
	b, r, log := fight(t, s, rolls(t, 2, 15), &chooser{})
	if b.State(0).Status != StatusDestroyed || r.Winner != SideB || r.Limit {
		dumpLog(t, log)
		t.Fatalf("A %s at hp %d, winner %s, limit %t; want destroyed, B, no limit", b.State(0).Status, b.State(0).HP, r.Winner, r.Limit)
	}
}
