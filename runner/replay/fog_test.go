package replay

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// harrowField is runner/clash's compiled test battle: the players' March of Harrow (side 0,
// general "the players") against the DM's Red Hand horde (side 1); the wolves' stands start at
// 10,1, 11,0 and 10,2, the archers' first at 3,1.
func harrowField(t *testing.T) *plan.Clash {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "clash", "testdata", "harrow-field.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := plan.DecodeClash(data)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// U-50, U-78, U-80, worked by hand on a hand-written stretch of events: the players are side 0
// (U-78: the horde's general is the DM). The wolves' first stand hides (line 4) and moves to 9,1
// (line 5): the GM sees it there, marked hidden; the players' map has no "wolves 1", and both
// lines are the GM's (its Stealth total, its moves while hidden), while "wolves 2" stays in
// their view at 11,0. The players' own archers hide (line 7): both views show them, marked
// hidden, and the line is everyone's. The wolves attack, are revealed (line 9, U-80) and move
// to 8,1 (line 10): both views have them there, and the lines are everyone's.
func TestClashFogU50U78U80(t *testing.T) {
	c := harrowField(t)
	if got := clashPlayers(c); got != 0 {
		t.Fatalf("players' side %d, want 0 (U-78)", got)
	}
	lines := []string{
		`{"type":"clash.start"}`,
		`{"type":"clash.round","round":1}`,
		`{"type":"clash.turn","who":"wolves"}`,
		`{"type":"clash.hide","who":"wolves 1","face":15,"mod":3,"total":18}`,
		`{"type":"clash.move","who":"wolves 1","to":"9,1"}`,
		`{"type":"clash.turn","who":"archers"}`,
		`{"type":"clash.hide","who":"archers 1","face":12,"mod":4,"total":16}`,
		`{"type":"clash.turn","who":"wolves"}`,
		`{"type":"clash.reveal","who":"wolves 1","why":"it attacks"}`,
		`{"type":"clash.move","who":"wolves 1","to":"8,1"}`,
	}
	in := Input{Clash: c}
	for _, l := range lines {
		in.Events = append(in.Events, []byte(l))
	}
	p, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	wantAud := []string{"all", "all", "all", "gm", "gm", "all", "all", "all", "all", "all"}
	for i, a := range wantAud {
		if p.Aud[i] != a {
			t.Errorf("line %d: audience %s, want %s", i+1, p.Aud[i], a)
		}
	}
	if len(p.Steps) != 5 {
		t.Fatalf("%d steps, want 5 (deployment, round 1, three turns)", len(p.Steps))
	}
	for _, c := range []struct {
		step       int
		view       string
		id, at, kd string
	}{
		{2, "gm", "wolves 1", "9,1", "side1 hidden"},
		{2, "party", "wolves 1", "", ""},
		{2, "party", "wolves 2", "11,0", "side1"},
		{3, "gm", "archers 1", "3,1", "side0 hidden"},
		{3, "party", "archers 1", "3,1", "side0 hidden"},
		{3, "party", "wolves 1", "", ""},
		{4, "gm", "wolves 1", "8,1", "side1"},
		{4, "party", "wolves 1", "8,1", "side1"},
	} {
		marks := p.Steps[c.step].GM
		if c.view == "party" {
			marks = p.Steps[c.step].Party
		}
		at, _, kind := at(p, marks, c.id)
		if at != c.at || kind != c.kd {
			t.Errorf("step %d (%s), %s view: %s at %q (%q), want %q (%q)", c.step, p.Steps[c.step].Label, c.view, c.id, at, kind, c.at, c.kd)
		}
	}
}

// stolenLands is the recorded run testdata/stolen-lands-first-3.jsonl (sortie run
// scenarios/pathfinder/stolen-lands --seed 3 --policy first --format jsonl) with its plan.
func stolenLands(t *testing.T) Input {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "stolen-lands.plan.json"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	run, err := os.ReadFile(filepath.Join("testdata", "stolen-lands-first-3.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return Input{Plan: p, Events: bytes.Split(bytes.TrimSpace(run), []byte("\n"))}
}

// The players' view of a Pathfinder hex run (P-12, P-14, read as K-23's Default), worked by
// hand from the lines of testdata/stolen-lands-first-3.jsonl. The friendly armies are the
// cavalry and the militia; the orcs and the wolfriders are the enemy's.
//   - Setting out (lines 1-4): the players see their two armies only; the enemies' starts at
//     hills and thorn are the GM's lines.
//   - Day 1 (lines 5-8): the cavalry rides to the ford; the militia is on its way into the
//     greenbelt (line 7, difficult terrain, P-6) and stays at the tradepost; the orcs march onto
//     the ford, where the cavalry is: everyone sees that march, and the orcs (16 hp) are on the
//     players' map.
//   - After battle 2 (lines 43-45): the cavalry is destroyed; the wolfriders, which marched onto
//     the ford in sight of it (line 25), stay on the players' map where they were last seen: the
//     ford, day 1, 4 hp (the battle's offenses never hurt them), marked "seen"; the orcs, whose
//     destruction the players saw (line 23), are gone.
//   - The end (line 69): the wolfriders fell to the militia in the greenbelt (line 66): no enemy
//     is left on the players' map; the GM's has none either.
func TestHexFogByHand(t *testing.T) {
	p, err := build(stolenLands(t))
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range []string{"all", "all", "gm", "gm", "all", "all", "all", "all"} {
		if p.Aud[i] != a {
			t.Errorf("line %d: audience %s, want %s", i+1, p.Aud[i], a)
		}
	}
	if p.Aud[24] != "all" {
		t.Errorf("line 25 (the wolfriders onto the ford, in the cavalry's sight): %s, want all", p.Aud[24])
	}
	check := func(label string, view string, want map[string][3]string) {
		t.Helper()
		s := stepNamed(t, p, label)
		marks := s.GM
		if view == "party" {
			marks = s.Party
		}
		got := map[string][3]string{}
		for _, m := range marks {
			got[m.ID] = [3]string{p.Maps[0].IDs[m.Cell], m.Text, m.Kind}
		}
		if len(got) != len(want) {
			t.Errorf("%s, %s view: %v, want %v", label, view, got, want)
			return
		}
		for id, w := range want {
			if got[id] != w {
				t.Errorf("%s, %s view: %s %v, want %v", label, view, id, got[id], w)
			}
		}
	}
	check("the armies set out", "party", map[string][3]string{"cavalry": {"narlmarches", "5", "friendly"}, "militia": {"tradepost", "16", "friendly"}})
	check("the armies set out", "gm", map[string][3]string{"cavalry": {"narlmarches", "5", "friendly"}, "militia": {"tradepost", "16", "friendly"},
		"orcs": {"hills", "16", "enemy"}, "wolfriders": {"thorn", "4", "enemy"}})
	check("day 1: marches", "party", map[string][3]string{"cavalry": {"ford", "5", "friendly"}, "militia": {"tradepost", "16", "friendly"}, "orcs": {"ford", "16", "enemy"}})
	check("day 1: after battle 2", "party", map[string][3]string{"militia": {"tradepost", "16", "friendly"}, "wolfriders": {"ford", "4", "enemy seen"}})
	check("day 1: after battle 2", "gm", map[string][3]string{"militia": {"tradepost", "16", "friendly"}, "wolfriders": {"ford", "4", "enemy"}})
	check("day 2: the end", "party", map[string][3]string{"militia": {"greenbelt", "16", "friendly"}})
	if s := stepNamed(t, p, "day 1: after battle 2"); s.PartyStatus != "hp: militia 16, wolfriders 4 (day 1)" {
		t.Errorf("after battle 2: the players' status %q", s.PartyStatus)
	}
	if p.Chart.Series[2].Name != "orcs hp" || p.Chart.Series[2].Aud != "gm" || p.Chart.Series[0].Aud != "all" {
		t.Errorf("chart: an enemy's hp is the GM's, a friendly army's everyone's: %+v", p.Chart.Series)
	}
}
