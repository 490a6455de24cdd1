package pathfinder_test

import "testing"

// Losing Commanders' unlucky reputation, written in a scenario (commander: unlucky: true), reaches
// the stat block: the foot's written Morale +1 becomes 0, and its check modifier 0 + Charisma 2 = +2
// (P-8); without it +1 and +3.
func TestUnluckyCommanderWritten(t *testing.T) {
	for _, c := range []struct {
		flag        string
		morale, mod int
	}{{", unlucky: true", 0, 2}, {"", 1, 3}} {
		p, _ := compilePF(t, pfLine+`
days: limit: 1
kingdoms: {}
armies: {
	foot: {side: "friendly", size: "Medium", cr: 3, hitDie: "d10", speed: 1, morale: 1, start: "h0", route: [], commander: {level: 5, charisma: 2`+c.flag+`}}
	idle: {side: "enemy", size: "Medium", cr: 1, hitDie: "d10", speed: 1, start: "far", route: []}
}
objectives: never: {outcome: "success", reach: {army: "foot", hex: "far"}}
`)
		if s := p.Pathfinder.Armies[0].Stats; s.Morale != c.morale || s.MoraleMod != c.mod {
			t.Errorf("%q: Morale %d, check %+d; want %d, %+d", c.flag, s.Morale, s.MoraleMod, c.morale, c.mod)
		}
	}
}
