package plan_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// TestValidate (issue 11, item 6): a hand-edited plan is refused where its scenario would be. The
// compiled mini scenario passes; edited, it is refused for a strength change of 2^63-1 (the
// schema allows ±100,000; K-25 would overflow), a route that jumps from block b at [2, 0] to base
// at [0, 0] (K-22: one block per step; A001), a route into b from the east while b may be entered
// only from the west (K-32; A002), negative XP, and a strength above 100,000. Decode refuses them
// too, so that sortie run plan.json does.
func TestValidate(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	p, list, err := compiler.Compile([]string{filepath.Join(root, "testdata", "compiler", "ok", "mini.cue")}, compiler.Options{WorkDir: root})
	if err != nil || p == nil {
		t.Fatalf("compile mini: %v %v", err, list)
	}
	if err := plan.Validate(p); err != nil {
		t.Fatalf("the compiled plan is refused: %v", err)
	}
	block := func(p *plan.Plan, id string) int {
		for i, b := range p.Field.Blocks {
			if b.ID == id {
				return i
			}
		}
		t.Fatalf("no block %s", id)
		return -1
	}
	cases := []struct {
		name string
		edit func(p *plan.Plan)
		want string
	}{
		{"strength change of 2^63-1", func(p *plan.Plan) {
			p.Events[0].Do = append(p.Events[0].Do, plan.Action{Op: plan.ActStrength, Army: 0, Delta: 1<<63 - 1})
		}, "strength change: 9223372036854775807 is out of range -100000..100000"},
		{"a route that jumps", func(p *plan.Plan) {
			p.Armies[0].Route = []int{block(p, "b"), block(p, "base")}
		}, "army foes: route step 1 goes from b [2 0] to base [0 0], not a neighbour"},
		{"a route into a one-way block from a forbidden side", func(p *plan.Plan) {
			// c at [3, 0] is added east of b; b may be entered from the west only (enterFrom).
			p.Field.Blocks = append(p.Field.Blocks, plan.Block{ID: "c", Kind: "block", At: [2]int{3, 0}, Box: -1})
			p.Armies[0].Route = []int{len(p.Field.Blocks) - 1, block(p, "b")}
		}, "army foes: route step 1 enters b from the east"},
		{"negative XP", func(p *plan.Plan) { p.Objectives[0].XP = -5 }, "objective win xp: -5 is out of range 0..1000000"},
		{"negative failure XP", func(p *plan.Plan) { p.FailureXP = -1 }, "failureXP: -1 is out of range"},
		{"a strength above the bound", func(p *plan.Plan) { p.Armies[0].Strength = 100001 }, "army foes strength: 100001 is out of range 0..100000"},
	}
	for _, c := range cases {
		data, _ := plan.Encode(p)
		q, err := plan.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		c.edit(q)
		err = plan.Validate(q)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate: %v, want %q", c.name, err, c.want)
		}
		edited, _ := plan.Encode(q)
		if _, err := plan.Decode(edited); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Decode: %v, want %q", c.name, err, c.want)
		}
	}
}
