package clash

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// endInvariants checks a finished battle's state against its result, from the state alone:
//   - every stand's and solo's hp is in 0..max (damage never takes hp below 0);
//   - each unit's alive count is the number of its stands on the grid;
//   - the VP of each side is the sum of its objectives' VP (U-66..U-70 score through objectives only);
//   - the winner is the side with more VP, -1 on equal VP, and the outcome is U-72..U-74's for the
//     lead (3 or more total, 1 or 2 tactical, 0 a draw);
//   - a 10 VP end has a side at 10 VP or more (U-71); an annihilation end has a side with no stand
//     on the grid and no solo up (U-75); a round-limit end is at the limit (or the U-74 extra round).
//
// It returns the first violation, or "".
func endInvariants(b *Battle, r Result) string {
	for i := range b.st {
		if st := &b.st[i]; st.hp < 0 || st.hp > st.max {
			return fmt.Sprintf("stand %d: hp %d of %d", i, st.hp, st.max)
		}
	}
	for j := range b.so {
		if so := &b.so[j]; so.hp < 0 || so.hp > so.max {
			return fmt.Sprintf("solo %d: hp %d of %d", j, so.hp, so.max)
		}
	}
	for u := range b.un {
		n := int32(0)
		for i := range b.st {
			if b.st[i].unit == int32(u) && b.st[i].on {
				n++
			}
		}
		if n != b.un[u].alive {
			return fmt.Sprintf("unit %d: %d stands on the grid, alive %d", u, n, b.un[u].alive)
		}
	}
	var bySide [2]int
	if len(r.ObjectiveVP) != len(b.s.obj) {
		return fmt.Sprintf("%d objective VP for %d objectives", len(r.ObjectiveVP), len(b.s.obj))
	}
	for oi, vp := range r.ObjectiveVP {
		if vp < 0 {
			return fmt.Sprintf("objective %d: %d VP", oi, vp)
		}
		bySide[b.s.obj[oi].side] += vp
	}
	if bySide != r.VP {
		return fmt.Sprintf("VP %v, the objectives' sum %v", r.VP, bySide)
	}
	lead, winner := r.VP[0]-r.VP[1], -1
	switch {
	case lead > 0:
		winner = 0
	case lead < 0:
		winner, lead = 1, -lead
	}
	want := Draw
	switch {
	case lead >= 3:
		want = Total
	case lead >= 1:
		want = Tactical
	}
	if r.Winner != winner || r.Outcome != want {
		return fmt.Sprintf("VP %v: winner %d %s, want %d %s", r.VP, r.Winner, r.Outcome, winner, want)
	}
	switch r.Reason {
	case EndVP:
		if max(r.VP[0], r.VP[1]) < MaxVP {
			return fmt.Sprintf("a 10 VP end at %v", r.VP)
		}
	case EndAnnihilation:
		if !sideGone(b, 0) && !sideGone(b, 1) {
			return "an annihilation end with both sides on the grid"
		}
	case EndMaxRounds:
		if r.Rounds < b.o.MaxRoundsOrDefault() {
			return fmt.Sprintf("a round-limit end after %d rounds of %d", r.Rounds, b.o.MaxRoundsOrDefault())
		}
	}
	return ""
}

// sideGone: no stand of side on the grid and no solo of it up.
func sideGone(b *Battle, side int32) bool {
	for i := range b.st {
		if b.st[i].on && b.un[b.st[i].unit].side == side {
			return false
		}
	}
	for j := range b.so {
		if b.so[j].side == side && b.so[j].state == soloUp {
			return false
		}
	}
	return true
}

// planBytes is c as JSON: a battle must leave its plan (the armies' statistics) as it found it.
func planBytes(t testing.TB, c *plan.Clash) []byte {
	t.Helper()
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
