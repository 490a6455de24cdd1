//go:build linux || darwin

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestPFRunPlayFog (issue 23, review B2): `sortie run border-war --play friendly` shows the player
// what the friendly side knows, by pathfinder.HexSight's rule (the replay players' view's): its
// own armies, and an enemy only on a hex with one of theirs (P-14). Worked by hand from
// scenarios/pathfinder/border-war/scenario.cue: the enemies start at moors (worgs, yetis) and
// barrow (skeletons, zombies), away from every friendly army, and go into reserve on day 1; the
// knights wait in reserve at tatzlford, the militia (speed 2) marches capital -> road ->
// tatzlford on day 1 and splits there on day 3, militiaNorth holding it (route []). The worgs
// (speed 3, route hills, tatzlford ...) are made active on day 50: moors -> hills unseen, hills
// -> tatzlford seen, and battle 1 is fought there on day 50, the first question of the run. So
// the briefing names no enemy army (the objectives do, by name), the transcript has no enemy's
// reserve order, activation or march into hills, and at the question map, status, units and
// (after a save and resume) the recap show the worgs (hp 11/11 as written: the sample Worg Army)
// at tatzlford and nothing of the yetis, skeletons or zombies, nor the enemy kingdom's counters.
func TestPFRunPlayFog(t *testing.T) {
	bin := sortieBinary(t)
	save := filepath.Join(t.TempDir(), "save.json")
	s := startPTY(t, bin, "run", repo(t, "scenarios", "pathfinder", "border-war"), "--play", "friendly", "--save", save)
	at := s.out.waitFor(t, 0, prompt)
	first := s.out.String()
	briefing, transcript, ok := strings.Cut(first, "The Border War (border-war, pathfinder), 63 days")
	if !ok {
		t.Fatalf("no transcript start:\n%s", first)
	}
	for _, hidden := range []string{"enemy: ", "yetis", "worgs", "hp 13/13", "hp 9/9", "hp 22/22", "E2", "E1"} {
		if strings.Contains(briefing, hidden) {
			t.Errorf("the briefing shows %q:\n%s", hidden, briefing)
		}
	}
	for _, want := range []string{"    friendly: knights (Elite Mounted Knights)", "laid (success): skeletons and zombies defeated",
		"    capital     road        tatzlford   hills       barrow\r\n    F2                      F1\r\n"} {
		if !strings.Contains(briefing, want) {
			t.Errorf("the briefing lacks %q:\n%s", want, briefing)
		}
	}
	for _, hidden := range []string{"| skeletons", "| yetis", "| worgs", "skeletons goes into reserve", "worgs leaves the reserve",
		"worgs: moors -> hills", "yetis", "kingdom enemy"} {
		if strings.Contains(transcript, hidden) {
			t.Errorf("the transcript shows %q:\n%s", hidden, transcript)
		}
	}
	for _, want := range []string{"  knights goes into reserve at tatzlford (Reserve Army)\r\n", "  worgs: hills -> tatzlford\r\n",
		"battle 1 at tatzlford: knights, militiaNorth (friendly) vs worgs (enemy)\r\n"} {
		if !strings.Contains(transcript, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, transcript)
		}
	}
	// An army's line or status ("skeletons (enemy, hp ...", "skeletons (Skeleton Horde)"); the
	// failure objective "capital reached by skeletons (fallen)" is the briefing's, public.
	hiddenNow := []string{"yetis", "skeletons (enemy", "skeletons (Skel", "zombies (enemy", "zombies (Zomb", "skeletons,", "E2", "kingdom enemy"}
	for _, step := range []struct{ word, want string }{
		{"map", "      armies: knights (friendly, hp 11/11, in reserve), worgs (enemy, hp 11/11),\r\n"},
		{"status", "    enemy: worgs (Worg Army), Medium, ACR 2, hp 11/11,"},
		{"units", "| worgs        | enemy    | active | 11/11 |"},
	} {
		s.send(step.word + "\r")
		next := s.out.waitFor(t, at, prompt)
		shown := s.out.String()[at:next]
		if !strings.Contains(shown, step.want) {
			t.Errorf("%s shows:\n%s\nwant %q", step.word, shown, step.want)
		}
		for _, hidden := range hiddenNow {
			if strings.Contains(shown, hidden) {
				t.Errorf("%s shows %q:\n%s", step.word, hidden, shown)
			}
		}
		at = next
	}
	s.send("\x03")
	if code := s.wait("on Ctrl-C"); code != 130 {
		t.Fatalf("exit %d, want 130:\n%s", code, s.out.String())
	}
	r := startPTY(t, bin, "resume", save)
	r.out.waitFor(t, 0, prompt)
	out := r.out.String()
	_, recap, ok := strings.Cut(out, "  resumed: The Border War (border-war)")
	if !ok {
		t.Fatalf("no recap:\n%s", out)
	}
	// The day once (issue 23 review): the recap's first line says it; the status under it does not.
	if n := strings.Count(out, "day 50 of 63"); n != 1 || !strings.Contains(out, "  resumed: The Border War (border-war), day 50 of 63\r\n") {
		t.Errorf("the recap says the day %d times, want once, in its first line:\n%s", n, out)
	}
	if !strings.Contains(recap, "      armies: knights (friendly, hp 11/11, in reserve), worgs (enemy, hp 11/11),\r\n") {
		t.Errorf("the recap does not show the worgs with the knights:\n%s", recap)
	}
	for _, hidden := range hiddenNow {
		if strings.Contains(recap, hidden) {
			t.Errorf("the recap shows %q:\n%s", hidden, recap)
		}
	}
	r.send("\x04")
	r.wait("at the end of input")
}

// TestPFRunPlayAllShowsAll (issue 23): `--play all` (and --gm) is the GM's seat: the whole field.
// From border-war's scenario.cue by hand: the yetis start at moors and go into reserve on day 1.
func TestPFRunPlayAllShowsAll(t *testing.T) {
	bin := sortieBinary(t)
	for _, seat := range []string{"--play=all", "--gm"} {
		out, _, _ := runPiped(t, bin, "", "run", repo(t, "scenarios", "pathfinder", "border-war"), seat, "--policy", "first")
		for _, want := range []string{"| yetis     | enemy    | moors     | Medium |", "  yetis goes into reserve at moors (Reserve Army)\n"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: the transcript lacks %q:\n%.3000s", seat, want, out)
			}
		}
	}
}
