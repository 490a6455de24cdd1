package clash

import "testing"

// TestFirstDominates (issue 29, item 4; U-34 routines, [AI] choice): tacRoutine takes the first
// routine listed without valuing any attack only when it holds every attack of each other routine
// listed at least as many times, so that its worth is at least theirs. Cases worked by hand.
func TestFirstDominates(t *testing.T) {
	cr := &creature{routines: [][]int{{0, 0, 1}, {0}, {1}, {0, 0}, {2}}}
	none := Option{Value: -1}
	aid := Option{Value: -2}
	cases := []struct {
		name string
		opts []Option
		want int
		ok   bool
	}{
		// Multiattack [0, 0, 1] holds [0] and [1]: taken, index 0.
		{"multiattack over its parts", []Option{{Value: 0}, {Value: 1}, {Value: 2}, none}, 0, true},
		// A lone routine after an aid option: index 1.
		{"lone routine", []Option{aid, {Value: 2}, none}, 1, true},
		// [0, 0] listed first lacks attack 1 of [1]: the attacks must be valued.
		{"first lacks an attack", []Option{{Value: 3}, {Value: 2}, none}, 0, false},
		// [0] first, [0, 0] after: attack 0 twice against once, valued.
		{"fewer times", []Option{{Value: 1}, {Value: 3}, none}, 0, false},
		// [0, 0, 1] against [2]: attack 2 is not in it.
		{"another attack", []Option{{Value: 0}, {Value: 4}, none}, 0, false},
		// No routine listed (aid and none only): valued the long way.
		{"no routine", []Option{aid, none}, 0, false},
	}
	for _, c := range cases {
		i, ok := firstDominates(cr, c.opts)
		if ok != c.ok || ok && i != c.want {
			t.Errorf("%s: firstDominates = %d, %v; want %d, %v", c.name, i, ok, c.want, c.ok)
		}
	}
}
