//go:build linux || darwin

package main

import (
	"strings"
	"testing"
	"time"
)

// TestInteractiveClashBattle plays two rounds of the bundled field battle at a terminal as a new
// user would: each turn's action asked (garbage typed once, then a number), the optional questions
// answered by Enter (the policy's choice) or "auto" (the rest of the turn); at the end of round 2
// the input ends and sortie stops with exit 2, saying so.
func TestInteractiveClashBattle(t *testing.T) {
	bin := sortieBinary(t)
	s := startPTY(t, bin, "battle", repo(t, "scenarios", "clash", "field"), "--seed", "1")
	garbage, enters, autos, actions := false, 0, 0, 0
	// A hang detector, not a speed bound: two rounds take a second or two of processor time,
	// but on one core shared with a busy loop and other agents' tests far more than 60 s of wall
	// time (issue 30).
	deadline := time.Now().Add(10 * time.Minute)
	for time.Now().Before(deadline) {
		out := s.out.String()
		if strings.Contains(out, "end of round 2:") {
			break
		}
		if !strings.HasSuffix(out, prompt) {
			time.Sleep(5 * time.Millisecond)
			continue
		}
		q := out[strings.LastIndex(out[:len(out)-2], "round "):]
		switch {
		case strings.Contains(q, "which action does") && strings.Contains(q, ", then the engine decides"): // a turn's action: must be answered
			if !garbage {
				garbage = true
				s.send("fly away\n")
				s.out.waitFor(t, len(out), "is not a choice")
				continue
			}
			actions++
			s.send("1\n")
		case strings.Contains(q, "; auto:") && enters < 3:
			enters++
			s.send("\n")
		case strings.Contains(q, "; auto:"):
			autos++
			s.send("auto\n")
		default:
			t.Fatalf("an unexpected question:\n%s", q)
		}
		s.out.waitFor(t, len(out), "\n") // the answer echoed or the next line
	}
	s.send("\x04")
	code := s.wait("at the end of input")
	out := s.out.String()
	if code != exitUsage || !strings.Contains(out, "input ended") {
		t.Errorf("exit %d after the input ended:\n%s", code, out[max(0, len(out)-2000):])
	}
	if actions < 6 || enters != 3 || autos == 0 || !strings.Contains(out, "the field at the end of round 1") {
		t.Errorf("%d actions, %d enters, %d autos:\n%s", actions, enters, autos, out[max(0, len(out)-3000):])
	}
}

// TestClashStatusAtTheTable (issue 23): the briefing, then at the first question of `battle hill --play garrison`,
// "status", "units" and "map" print without using the question up, then a real answer ("ATT", a
// prefix in capitals) is taken. Status says what wins, worked by hand from hill.cue: round 1 of
// the default 50, 0 VP each, 10 VP ends it (U-71), and the five objectives in words: the hilltop
// zone {at: [6, 5], to: [7, 6]} spans 6..7,5..6 (U-69), Repel the legion's attrition VP are
// legion 3, orcs 3, wolves 2 (U-66), Silence the tower is 3 VP once when vessa is down. Units is
// the table alone (its event's "end of round" line said the round had ended).
func TestClashStatusAtTheTable(t *testing.T) {
	bin := sortieBinary(t)
	s := startPTY(t, bin, "battle", repo(t, "scenarios", "clash", "hill", "hill.cue"), "--play", "garrison", "--seed", "4")
	at := s.out.waitFor(t, 0, prompt)
	// The briefing before round 1 (issue 23): hill.cue's garrison forces, and none of the legion's.
	brief := strings.ReplaceAll(s.out.String()[:at], "\r\n", "\n")
	for _, want := range []string{"== briefing: The Storming of Gallows Hill ==",
		"A side with 10 VP at the end of a round wins (U-71); the battle lasts at most 50 rounds.",
		"you command:", "pikes (Hill pikes): a regiment unit of 4 stands of Thug, in defend, with orrin",
		"bows (Gallows bows): a skirmisher unit of 3 stands of Scout", "vessa (Vessa of the Tower): a solo, Mage",
		"Silence the tower (The Ninth Legion of Khar): 3 VP once when vessa is down (U-69)"} {
		if !strings.Contains(brief, want) {
			t.Errorf("the briefing lacks %q:\n%s", want, brief)
		}
	}
	if strings.Contains(brief, "First cohort") || strings.Contains(brief, "borg (") {
		t.Errorf("the briefing lists the other side's forces:\n%s", brief)
	}
	for _, w := range []struct {
		word string
		want []string
	}{
		{"status", []string{
			"round 1 of at most 50; VP: The Gallows garrison 0, The Ninth Legion of Khar 0 (10 VP at the end of a round wins, U-71)",
			"Hold the hilltop (The Gallows garrison): 1 VP each end of round when a stand or solo of The Gallows garrison is in the zone 6..7,5..6 and no stand or solo of The Ninth Legion of Khar is in the zone 6..7,5..6 (U-69); 0 VP so far",
			"Repel the legion (The Gallows garrison): VP for each enemy unit eliminated (U-66): legion 3, orcs 3, wolves 2; 0 VP so far",
			"Take the hill (The Ninth Legion of Khar): 2 VP each end of round when a stand or solo of The Ninth Legion of Khar is in the zone 6..7,5..6 (U-69)",
			"Silence the tower (The Ninth Legion of Khar): 3 VP once when vessa is down (U-69)",
			"Crush the garrison (The Ninth Legion of Khar): VP for each enemy unit eliminated (U-66): pikes 3, bows 2"}},
		{"units", []string{"  pikes   The Gallows garrison      regiment (defend)  4/4"}},
		{"map", []string{"the field now, round 1:"}},
	} {
		s.send(w.word + "\n")
		next := s.out.waitFor(t, at, "\n> ")
		// Lines wider than the terminal are wrapped at its 120 columns (runner.WrapLines):
		// joined again, each is the logical line the rules give.
		screen := joinWrapped(strings.ReplaceAll(s.out.String()[at:next], "\r\n", "\n"))
		for _, want := range w.want {
			if !strings.Contains(screen, want) {
				t.Errorf("%s lacks %q:\n%s", w.word, want, screen)
			}
		}
		if strings.Contains(screen, "end of round 1:") {
			t.Errorf("%s says a round ended:\n%s", w.word, screen)
		}
		at = next
	}
	s.send("ATT\n")
	next := s.out.waitFor(t, at, prompt)
	if screen := s.out.String()[at:next]; strings.Contains(screen, "is not a choice") || !strings.Contains(screen, "bows") {
		t.Errorf("ATT was not taken:\n%s", screen)
	}
	s.send("\x04")
	if code := s.wait("at the end of input"); code != exitUsage {
		t.Errorf("exit %d at the end of input", code)
	}
}
