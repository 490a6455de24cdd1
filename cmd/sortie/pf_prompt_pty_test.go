//go:build linux || darwin

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPFBattleWordsAtTheTerminal (issue 23, review B2): `sortie battle orc-horde --play "Stolen
// Lands"` at a terminal opens with the briefing (before the stat table and the first question),
// and at the first question "status", "units" and "map" print the battle as it stands and ask the
// same question again; the battle then plays to its end with Enter. The figures are the source's
// (battle.cue: the militia, Large, ACR 3, hp 16, commander Captain Kesten Garess, level 4; in the
// Tactics Phase no strategy is chosen yet, P-51).
func TestPFBattleWordsAtTheTerminal(t *testing.T) {
	s := startPTY(t, sortieBinary(t), "battle", repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue"), "--play", "Stolen Lands", "--seed", "2")
	at := s.out.waitFor(t, 0, prompt)
	first := s.out.String()
	b := strings.Index(first, "== briefing: The Orc Horde at the Ford ==")
	if b < 0 || b > strings.Index(first, "battle The Orc Horde at the Ford: Stolen Lands vs Orc horde") ||
		!strings.Contains(first, "commander Captain Kesten Garess (level 4)") || !strings.Contains(first, "routed at hp <= ACR") {
		t.Fatalf("the battle does not open with its briefing:\n%s", first)
	}
	for _, step := range []struct{ word, want string }{
		{"status", "    militia (Stolen Lands): active, hp 16/16, tactic standard, strategy -\r\n"},
		{"Units", "| militia | Stolen Lands | active | 16/16 | +4 | 14 |"},
		{"map", "      militia      [##########] 16/16 active\r\n"},
	} {
		s.send(step.word + "\r")
		next := s.out.waitFor(t, at, prompt)
		shown := s.out.String()[at:next]
		if !strings.Contains(shown, step.want) {
			t.Errorf("%s shows:\n%s\nwant %q", step.word, shown, step.want)
		}
		if strings.Contains(shown, "is not a choice") {
			t.Errorf("%s was taken for an answer:\n%s", step.word, shown)
		}
		at = next
	}
	code, asked := playToEnd(t, s, func(string) string { return "" })
	out := s.out.String()
	if code != 0 || !strings.Contains(out, "winner:") && !strings.Contains(out, "a draw") {
		t.Fatalf("exit %d; the end:\n%s", code, out[max(0, len(out)-2000):])
	}
	if len(asked) == 0 {
		t.Errorf("no question after the words")
	}
}

// TestPFRunBriefingAndRecap (issue 23, review B2): `sortie run stolen-lands --play friendly` at a
// terminal opens with the briefing, before the transcript's first line: the objectives and what
// loses the run (the orcs reaching the trading post, the day limit of 6, stolen-lands/scenario.cue),
// the map; at the first question "map" lists the hexes without using it up. Saved with Ctrl-C and
// resumed, the first question shows the recap ("resumed: Raid on the Trading Post ...") and not
// the briefing again.
func TestPFRunBriefingAndRecap(t *testing.T) {
	bin := sortieBinary(t)
	save := filepath.Join(t.TempDir(), "save.json")
	s := startPTY(t, bin, "run", repo(t, "scenarios", "pathfinder", "stolen-lands"), "--play", "friendly", "--seed", "5", "--save", save)
	at := s.out.waitFor(t, 0, prompt)
	first := s.out.String()
	b := strings.Index(first, "== briefing: Raid on the Trading Post ==")
	if b < 0 || b > strings.Index(first, "Raid on the Trading Post (stolen-lands, pathfinder), 6 days") {
		t.Fatalf("the run does not open with its briefing:\n%s", first)
	}
	for _, want := range []string{
		"  the run is lost when:\r\n    tradepost reached by orcs (burned)\r\n    day 6 ends with no objective met (the day limit)\r\n",
		"    tradepost (Oleg's Trading Post): plain, fortification 2\r\n",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("the briefing lacks %q:\n%s", want, first)
		}
	}
	s.send("map\r")
	next := s.out.waitFor(t, at, prompt)
	if shown := s.out.String()[at:next]; !strings.Contains(shown, "  hexes:\r\n") || strings.Contains(shown, "not a choice") {
		t.Errorf("map at the question shows:\n%s", shown)
	}
	s.send("\x03")
	if code := s.wait("on Ctrl-C"); code != 130 {
		t.Fatalf("exit %d, want 130:\n%s", code, s.out.String())
	}
	r := startPTY(t, bin, "resume", save)
	r.out.waitFor(t, 0, prompt)
	out := r.out.String()
	if !strings.Contains(out, "  resumed: Raid on the Trading Post (stolen-lands), day ") || !strings.Contains(out, "the run is lost when:") {
		t.Errorf("the resumed run's first question has no recap:\n%s", out)
	}
	if strings.Contains(out, "== briefing:") {
		t.Errorf("the resumed run shows the briefing again:\n%s", out)
	}
	r.send("\x04")
	r.wait("at the end of input")
}
