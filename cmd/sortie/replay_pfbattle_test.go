package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Pathfinder battle file's replay page (issue 25) in a real browser: sortie battle
// orc-horde/battle.cue --html writes it, and at each phase (P-15) the DOM draws every army with
// the hp of its last "hp" entry in the same battle's JSON Lines (P-18) up to that phase, greyed
// (class down) once a "routed", "withdrawn" or "destroyed" entry names it; the page sortie replay
// makes from the recorded JSON Lines is the same page byte for byte.
func TestReplayPathfinderBattleInBrowser(t *testing.T) {
	bin := browser(t)
	dir := t.TempDir()
	file := repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue")
	evs, page := replayRun(t, dir, "orc-horde", "battle", file, "--seed", "1")
	steps := pageSteps(t, page)
	if len(steps) < 4 || steps[0].Label != "the battle lines (P-15)" {
		t.Fatalf("steps %+v: want the battle lines, then a step a phase", steps)
	}
	phases := 0
	for _, e := range evs {
		if e["kind"] == "phase" {
			phases++
		}
	}
	if len(steps) != phases+1 {
		t.Errorf("%d steps for %d phases, want one a phase after the battle lines", len(steps), phases)
	}
	checked := 0
	for i, s := range steps[1:] {
		dom := domAt(t, bin, page, i+1, "party")
		for _, id := range []string{"militia", "orcs"} {
			hp := lastEntry(evs, s.End, func(e map[string]any) bool { return e["kind"] == "hp" && e["army"] == id })
			at, text := markAt(dom, id)
			if at != id {
				t.Errorf("%s: %s is drawn at %q, want its own square", s.Label, id, at)
			}
			if hp != nil {
				want := fmt.Sprint(hp["hp"])
				if hp["hp"] == nil {
					want = "0" // the JSON leaves out 0
				}
				if text != want {
					t.Errorf("%s: %s drawn with %q hp, the JSONL's last hp entry has %s", s.Label, id, text, want)
				}
				checked++
			}
			fate := lastEntry(evs, s.End, func(e map[string]any) bool {
				return e["army"] == id && (e["kind"] == "routed" || e["kind"] == "withdrawn" || e["kind"] == "destroyed")
			})
			down := strings.Contains(dom, `<g class="mark side0 down" data-id="`+id+`"`) || strings.Contains(dom, `<g class="mark side1 down" data-id="`+id+`"`)
			if down != (fate != nil) {
				t.Errorf("%s: %s greyed %v, the JSONL's fate entry %v", s.Label, id, down, fate)
			}
		}
		if i == len(steps)-2 {
			// The page is small (two armies): a window of its size, so the ink check means it.
			png := filepath.Join(dir, "orc-horde-last.png")
			if d := os.Getenv("SORTIE_SHOTS"); d != "" {
				png = filepath.Join(d, filepath.Base(png))
			}
			if _, err := headless(t, bin, "--window-size=900,480", "--virtual-time-budget=3000", "--screenshot="+png, fmt.Sprintf("file://%s#step=%d&view=gm", page, i+1)); err != nil {
				t.Fatalf("chromium screenshot: %v", err)
			}
			if inked := inkedShare(t, png); inked < 0.02 {
				t.Errorf("%s looks blank: %.3f of it inked", png, inked)
			}
		}
	}
	if checked == 0 {
		t.Error("no army lost hp in the battle: pick a seed where one does")
	}
	// The same page from the recorded JSON Lines.
	var jl bytes.Buffer
	_, out, _ := runMain("battle", file, "--seed", "1", "--format", "jsonl")
	jl.WriteString(out)
	rec, again := filepath.Join(dir, "orc.jsonl"), filepath.Join(dir, "again.html")
	if err := os.WriteFile(rec, jl.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runMain("replay", rec, "--plan", file, "--html", again); code != 0 {
		t.Fatalf("replay: exit %d: %s", code, errs)
	}
	a, _ := os.ReadFile(page)
	b, _ := os.ReadFile(again)
	if !bytes.Equal(a, b) {
		t.Error("sortie replay of the recorded battle writes another page than battle --html")
	}
}

// lastEntry is the last of evs[:end] that match (a battle log's lines have no "type"; nil for none).
func lastEntry(evs []map[string]any, end int, match func(map[string]any) bool) map[string]any {
	var last map[string]any
	for _, e := range evs[:end] {
		if match(e) {
			last = e
		}
	}
	return last
}
