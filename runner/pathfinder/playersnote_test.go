package pathfinder

import "testing"

// P-61 by hand: a victor's Loyalty checks against its Control DC are its kingdom's books; the
// other side is shown what came of them (PlayersNote), a failed check not at all.
func TestPlayersNoteP61(t *testing.T) {
	for _, c := range [][2]string{
		{"Loyalty 7 vs DC 20", ""},
		{"Loyalty 23 vs DC 16: learns Cautious Combat, Morale +1 (P-61); Loyalty 8 vs DC 16", "learns Cautious Combat, Morale +1 (P-61)"},
		{"routed state (P-59); worth 600 XP to enemy (P-11)", "routed state (P-59); worth 600 XP to enemy (P-11)"},
		{"commander captured (P-58); worth 400 XP to enemy (P-11)", "commander captured (P-58); worth 400 XP to enemy (P-11)"},
	} {
		if got := PlayersNote(c[0]); got != c[1] {
			t.Errorf("PlayersNote(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

// P-61 by hand: an enemy victor's aftermath line whose only note was a failed Loyalty check is
// shown to the other side without a note, and without a dangling "; " (issue 23 review).
func TestAftermathLineEmptyNoteP61(t *testing.T) {
	e := &HexAftermathEvent{Army: "worgs", Status: "won", HP: 9, Morale: 1, Note: PlayersNote("Loyalty 7 vs DC 20")}
	if got, want := e.Line(), "worgs: won, hp 9, morale +1"; got != want {
		t.Errorf("Line() = %q, want %q", got, want)
	}
	e.Status, e.Note = "routed", "routed state (P-59)"
	if got, want := e.Line(), "worgs: routed, hp 9, morale +1; routed state (P-59)"; got != want {
		t.Errorf("Line() = %q, want %q", got, want)
	}
}
