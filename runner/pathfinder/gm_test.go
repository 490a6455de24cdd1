package pathfinder

import "testing"

// expDamage in closed form agrees with the face-by-face sum (P-18, P-19), x 20.
func TestExpDamage(t *testing.T) {
	for x := -40; x <= 40; x++ {
		for sd := -8; sd <= 8; sd++ {
			s := 0
			for d := 1; d <= 20; d++ {
				v := 0
				if d+x > 0 {
					v = max(0, d+x+sd)
				}
				if d == 20 {
					v = max(v, 1)
				}
				s += v
			}
			if got := expDamage(x, sd); got != s {
				t.Fatalf("expDamage(%d, %d) = %d, want %d", x, sd, got, s)
			}
		}
	}
	// By hand: OM 3 against DV 13 (x = -10): faces 11..20 deal 1..10, 55; a natural 20 is 10 anyway.
	if expDamage(-10, 0) != 55 || expDamage(-25, 0) != 1 {
		t.Errorf("expDamage(-10, 0) = %d, want 55; (-25, 0) = %d, want 1", expDamage(-10, 0), expDamage(-25, 0))
	}
}
