package pathfinder

import (
	"slices"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Every part of an offense's damage is recorded (Event.DamageMods), summing to the damage; the
// table row and the JSONL record show them. Worked by hand as in TestChannelEnergy and
// TestBreathWeapon:
//   - Channel Positive Energy (Cleric 1): "In the Melee phase, the army deals +1d4 points of damage
//     against an undead target army": 25 against DV 22 is 3 over (P-18), + d4 4 = 7.
//   - Breath weapon: "In the Ranged and Melee phases, it deals +1d4 points of damage": 25 against 20
//     is 5 over, + d4 3 = 8; against an army with evasion the d4 is halved, 3/2 = 1: 6.
func TestDamageItemisedChannelBreath(t *testing.T) {
	type part struct {
		k   ModKind
		ref uint8
		v   int16
	}
	undead := with(big("B"), pfarmy.Ability{Name: "undead"})
	undead.Type = "undead"
	evasive := with(big("A"), pfarmy.Ability{Name: "evasion"})
	for _, c := range []struct {
		name     string
		a, b     pfarmy.Army
		dice     []int
		phase    int
		attacker int
		dmg      int
		want     []part
		row      string
	}{
		{"channel positive energy vs undead", with(big("A"), pfarmy.Ability{Name: "channel positive energy"}), undead, []int{15, 4, 2}, 2, 0, 7,
			[]part{{ModOverDV, 0, 3}, {ModAbility, uint8(pfarmy.AbChannelPositive), 4}}, "damage 7 (over DV +3, channel positive energy +4)"},
		{"breath weapon", big("A"), with(big("B"), pfarmy.Ability{Name: "breath weapon"}), []int{15, 3}, 1, 1, 8,
			[]part{{ModOverDV, 0, 5}, {ModAbility, uint8(pfarmy.AbBreathWeapon), 3}}, "damage 8 (over DV +5, breath weapon +3)"},
		{"breath weapon vs evasion", evasive, with(big("B"), pfarmy.Ability{Name: "breath weapon"}), []int{15, 3}, 1, 1, 6,
			[]part{{ModOverDV, 0, 5}, {ModAbility, uint8(pfarmy.AbBreathWeapon), 1}}, "damage 6 (over DV +5, breath weapon +1)"},
	} {
		s := duel(t, c.a, c.b, pfarmy.Options{MaxPhases: c.phase})
		_, _, log := fight(t, s, rolls(t, c.dice...), &chooser{})
		e := offenseIn(t, log, c.phase, c.attacker)
		var got []part
		sum := 0
		for _, m := range e.DamageMods.Items() {
			got = append(got, part{m.Kind, m.Ref, m.Value})
			sum += int(m.Value)
		}
		if e.Damage != c.dmg || sum != e.Damage || !slices.Equal(got, c.want) {
			dumpLog(t, log)
			t.Errorf("%s: damage %d itemised %v (sum %d), want %d as %v", c.name, e.Damage, got, sum, c.dmg, c.want)
		}
		if r := eventRow(&e, []string{"A", "B"}); r[len(r)-1] != c.row {
			t.Errorf("%s: table row says %q, want %q", c.name, r[len(r)-1], c.row)
		}
		if l := logEntry(&e, []string{"A", "B"}, [2]string{"a", "b"}); len(l.DamageMods) != len(c.want) || l.DamageMods[len(c.want)-1].Value != int(c.want[len(c.want)-1].v) {
			t.Errorf("%s: JSONL damageMods %v, want the %d parts", c.name, l.DamageMods, len(c.want))
		}
	}
}
