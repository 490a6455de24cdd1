package pathfinder

import (
	"encoding/json"
	"fmt"
	"testing"
)

// endInvariants checks a finished battle's armies against its result, from their states alone:
//   - an army's hp never rises above the most it had (its Stats.HP, or a higher starting HP):
//     healing stops at the maximum (P-66, fast healing);
//   - an army still active at the end has hp left (P-57: an army at 0 hp or below is destroyed),
//     unless it regenerates and its side won: no enemy army was left to finish it (regeneration);
//   - the winner is the side with armies still on the field and the other side has none (P-61);
//     no winner when neither has, or when the battle was cut off at MaxPhases;
//   - Melee Phases are some of the phases fought, and no more than MaxPhases were fought.
//
// log, when not nil, is the battle's event log: the last hp it reports for an army is the army's
// hp at the end. It returns the first violation, or "".
func endInvariants(b *Battle, s *Setup, r Result, log []Event) string {
	var active [2]int
	for i := 0; i < b.Len(); i++ {
		st := b.State(i)
		top := max(b.Stats(i).HP, s.Armies[i].HP)
		if st.HP > top {
			return fmt.Sprintf("army %d: hp %d above its %d", i, st.HP, top)
		}
		if st.Status == StatusActive {
			// A regenerating army at 0 hp or less stays when no enemy army is left at the end of
			// the phase to finish it (regeneration, abilityfx.go): the battle is then over, won
			// by its side.
			if st.HP <= 0 && (b.Stats(i).Regeneration == 0 || r.Winner != b.SideOf(i)) {
				return fmt.Sprintf("army %d: active with hp %d", i, st.HP)
			}
			active[b.SideOf(i)]++
		}
	}
	want := NoSide
	switch {
	case r.Limit:
	case active[0] > 0 && active[1] > 0:
		return fmt.Sprintf("the battle ended with both sides on the field (%v), not at the limit", active)
	case active[0] > 0:
		want = SideA
	case active[1] > 0:
		want = SideB
	}
	if r.Winner != want {
		return fmt.Sprintf("winner %v with %v armies on the field (limit %v)", r.Winner, active, r.Limit)
	}
	if r.Melee < 0 || r.Melee > r.Phases || (b.Options().MaxPhases > 0 && r.Phases > b.Options().MaxPhases) {
		return fmt.Sprintf("%d phases, %d of them melee (max %d)", r.Phases, r.Melee, b.Options().MaxPhases)
	}
	if log != nil {
		last := map[int]int{}
		for _, e := range log {
			if e.Kind == EvHP {
				last[e.Army] = e.HP
			}
		}
		for i := 0; i < b.Len(); i++ {
			if hp, ok := last[i]; ok && hp != b.State(i).HP {
				return fmt.Sprintf("army %d: the log's last hp %d, its state's %d", i, hp, b.State(i).HP)
			}
		}
	}
	return ""
}

// armiesJSON is the setup's armies as JSON: a battle leaves its armies' statistics as it found
// them.
func armiesJSON(t testing.TB, s *Setup) string {
	t.Helper()
	data, err := json.Marshal(s.Armies)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
