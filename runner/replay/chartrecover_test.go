package replay

import "testing"

// A rest heals on the page as in the run (issue 25 review, B2; P-64): the militia sets out with
// 16 hp, leaves its first battle with 2 (the aftermath's hp), rests to 4 on day 2 and to 6 on
// day 3 (each recover event's hp). Its line, by hand, step by step: the armies set out 16, day 1
// 16, battle 1 16 (the battle is fought; its aftermath is the next step), after battle 1 2, day 2
// 4, day 3 6, the end 6; and the last step draws it with 6. The page
// once ignored recover events and kept 2 to the end while the run's table said 6.
func TestHexChartFollowsRestP64(t *testing.T) {
	in := stolenLands(t)
	lines := []string{
		`{"type":"start","day":0,"army":"militia","hex":"tradepost","hp":16,"side":"friendly"}`,
		`{"type":"day","day":1}`,
		`{"type":"battle","day":1,"battle":1,"hex":"tradepost"}`,
		`{"type":"aftermath","day":1,"battle":1,"army":"militia","status":"won","hp":2}`,
		`{"type":"day","day":2}`,
		`{"type":"recover","day":2,"army":"militia","hp":4,"roll":15}`,
		`{"type":"day","day":3}`,
		`{"type":"recover","day":3,"army":"militia","hp":6,"roll":12}`,
		`{"type":"end","day":3,"outcome":"failure","reason":"the test's end"}`,
	}
	in.Events = nil
	for _, l := range lines {
		in.Events = append(in.Events, []byte(l))
	}
	p, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	if got := chartOf(t, p)["militia hp"][0]; got != "16 16 16 2 4 6 6" {
		t.Errorf("militia hp %q, want 16 16 16 2 4 6 6", got)
	}
	last := p.Steps[len(p.Steps)-1]
	if hex, text, _ := at(p, last.GM, "militia"); hex != "tradepost" || text != "6" {
		t.Errorf("militia drawn at %q with %q at the end, want the tradepost with 6", hex, text)
	}
}
