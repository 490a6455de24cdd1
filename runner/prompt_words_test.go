package runner

import (
	"strings"
	"testing"
)

// Prompt wording found playing field02 at the terminal (issue 22): a question about no army (the
// Angel Order, K-23; the initiative) names none ("army : angel order?" before), and the escape's
// carrier question (K-97: 「誰も足手まといを引き受けなかった場合」) is not the round's protection
// question (K-89).
func TestPromptWordsK23K97(t *testing.T) {
	for _, c := range []struct {
		r    Request
		want string
	}{
		{Request{Kind: KindAnswer, Day: 2, Phase: PhaseStart, Block: "t1", Title: "the Angel Order aerial survey (K-23)", Cause: "angel order"},
			"day 2, start phase: the Angel Order aerial survey (K-23) at t1: angel order?"},
		{Request{Kind: KindAnswer, Day: 3, Phase: PhaseAction, Block: "02", Title: "Boggard wolves", Cause: "initiative"},
			"day 3, action phase: Boggard wolves at 02: initiative?"},
		{Request{Kind: KindProtect, Day: 3, Phase: PhaseAction, Encounter: "Mira", Cause: "escape"},
			"day 3, action phase: the escape: who carries burden Mira (K-97)?"},
		{Request{Kind: KindProtect, Day: 3, Phase: PhaseAction, Encounter: "Mira"},
			"day 3, action phase: round start: who protects burden Mira (K-89)?"},
	} {
		if got := c.r.Prompt(); got != c.want {
			t.Errorf("prompt %q, want %q", got, c.want)
		}
	}
}

// The camp's pick (K-37) is answered by the die's face, and its help says so (issue 23 review:
// why the choices are numbered by face, not 1..n). Rolled 2 and 5: "5" keeps the 5.
func TestPickHelpSaysFacesK37(t *testing.T) {
	r := &Request{Kind: KindPick, Day: 2, Phase: PhaseCamp, Dice: [2]int{2, 5}, Choices: []Choice{{Name: "2", Value: 2}, {Name: "5", Value: 5}}}
	h := help(r, 0)
	if !strings.Contains(h, "the numbers are the dice's faces, K-37") || !strings.Contains(h, "not positions") {
		t.Errorf("the pick's help does not say why it is numbered by face:\n%s", h)
	}
	var b strings.Builder
	writeChoices(&b, r)
	if got := b.String(); got != "  2) keep the 2\n  5) keep the 5\n" {
		t.Errorf("choices:\n%s", got)
	}
}

// TestPickLabelTypedK37 (issue 23 review): the camp's pick lists "5) keep the 5"; the label as
// shown, in three spellings, keeps that face (K-37: the party keeps one of the two dice), as
// "5" does; a label naming a face not rolled is refused, not read as a position.
func TestPickLabelTypedK37(t *testing.T) {
	r := &Request{Kind: KindPick, Day: 2, Phase: PhaseCamp, Dice: [2]int{2, 5}, Choices: []Choice{{Name: "2", Value: 2}, {Name: "5", Value: 5}}}
	for _, typed := range []string{"keep the 5", "Keep The 5", "KEEP THE 5", "keep 5", "5"} {
		if i, why := matchChoice(r, typed); why != "" || i != 1 {
			t.Errorf("%q: choice %d (%s), want 2 (keep the 5)", typed, i+1, why)
		}
	}
	if _, why := matchChoice(r, "keep the 1"); why == "" {
		t.Errorf(`"keep the 1" (no 1 rolled): accepted`)
	}
}
