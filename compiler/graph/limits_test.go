package graph

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// compileSource compiles one scenario file written into a temporary folder.
func compileSource(t *testing.T, src string) *plan.Plan {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "s.cue"), []byte(src), 0o644)
	p, list, err := compiler.Compile([]string{dir}, compiler.Options{WorkDir: dir})
	if err != nil || p == nil {
		t.Fatalf("%v %v", err, list)
	}
	return p
}

// farField vets with warnings only (F004: islands) and spans the whole coordinate range.
const farField = `kind: "scenario"
id: "far"
title: "Far"
rules: "karzoral"
version: 1
days: limit: 3
party: {start: "home", members: 2}
field: blocks: {
	home: {at: [0, 0], kind: "base"}
	a: {at: [1, 0]}
	far: {at: [1000, 1000]}
	neg: {at: [-1000, -1000]}
}
armies: {}
encounters: {}
events: {}
objectives: w: {when: enter: "a", outcome: "success"}
episodes: [{say: "a"}, {say: "b"}, {say: "c"}, {say: "d"}, {say: "e"}, {say: "f"}]
`

// A field whose blocks lie 2,001 columns apart (within the schema's coordinates) is refused as a
// PNG, without painting it: it once ran the machine out of memory. By hand: 2001 columns x 140
// pixels = 280140, plus the margins 2 x 40: 280220 pixels wide.
func TestPNGTooLarge(t *testing.T) {
	s := Field(compileSource(t, farField))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := PNG(s, 1)
	runtime.ReadMemStats(&after)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.W != 280220 || tl.H < 280140 {
		t.Fatalf("PNG: %v, want a *TooLargeError of 280220 x more than 280140", err)
	}
	if grown := after.TotalAlloc - before.TotalAlloc; grown > 16<<20 {
		t.Errorf("refusing allocated %d bytes", grown)
	}
	if svg := SVG(s); !strings.Contains(string(svg), `width="280220"`) {
		t.Error("the SVG has no bound and must still be drawn")
	}
	if got := Corners(compileSource(t, farField)); strings.Join(got, " ") != "neg far" {
		t.Errorf("Corners = %v, want neg (2000 from home, the first extreme) then far", got)
	}
}

// Hand-edited plans the drawing cannot read are refused by Check, each with what is wrong,
// instead of a panic (an index) or a forecast of two billion days (memory without end).
func TestCheckHandEdited(t *testing.T) {
	pf := func(edit func(p *plan.Plan)) error {
		p := compile(t, "pathfinder/stolen-lands")
		edit(p)
		return Check(p)
	}
	if err := pf(func(*plan.Plan) {}); err != nil {
		t.Fatalf("stolen-lands: %v", err)
	}
	for want, edit := range map[string]func(p *plan.Plan){
		"start hex 12345 out of range": func(p *plan.Plan) { p.Pathfinder.Armies[0].Start = 12345 },
		"route hex -1 out of range":    func(p *plan.Plan) { p.Pathfinder.Armies[0].Route = []int{-1} },
		"day limit 2000000000":         func(p *plan.Plan) { p.DayLimit = 2000000000 },
		"coordinates out of range":     func(p *plan.Plan) { p.Pathfinder.Hexes[0].At = [2]int{1000000, -1000000} },
		"side 7":                       func(p *plan.Plan) { p.Pathfinder.Armies[1].Side = 7 },
		"neighbour 99 out of range":    func(p *plan.Plan) { p.Pathfinder.Hexes[0].Neighbours = []int{99} },
		"reach [0 99] out of range":    func(p *plan.Plan) { p.Pathfinder.Objectives[0].Reach = &[2]int{0, 99} },
	} {
		if err := pf(edit); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v", want, err)
		}
	}
	k := compile(t, "karzoral/field01")
	if err := Check(k); err != nil {
		t.Fatalf("field01: %v", err)
	}
	k.Field.Blocks[3].At = [2]int{100000, 100000}
	if err := Check(k); err == nil || !strings.Contains(err.Error(), "block t3 at [100000, 100000]") {
		t.Errorf("a far block: %v", err)
	}
}
