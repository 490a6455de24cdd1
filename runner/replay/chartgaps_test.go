package replay

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// splitRun is stolen-lands' plan with two more friendly armies, militiaNorth and militiaSouth
// (as a split order names them), and a hand-built run: the militia sets out at the tradepost
// with 16 hp, marches to the greenbelt on day 1, and on day 3 splits there (Splitting an Army)
// into militiaNorth and militiaSouth; militiaSouth marches to the ford. order is the split's
// event as the engine writes it.
func splitRun(t *testing.T, order string) Input {
	t.Helper()
	in := stolenLands(t)
	pf := in.Plan.Pathfinder
	for _, id := range []string{"militiaNorth", "militiaSouth"} {
		a := pf.Armies[0]
		for _, b := range pf.Armies {
			if b.ID == "militia" {
				a = b
			}
		}
		a.ID = id
		pf.Armies = append(pf.Armies, a)
	}
	lines := []string{
		`{"type":"start","day":0,"army":"militia","hex":"tradepost","hp":16,"side":"friendly"}`,
		`{"type":"day","day":1}`,
		`{"type":"move","day":1,"army":"militia","from":"tradepost","to":"greenbelt"}`,
		`{"type":"day","day":2}`,
		`{"type":"day","day":3}`,
		order,
		`{"type":"move","day":3,"army":"militiaSouth","from":"greenbelt","to":"ford"}`,
		`{"type":"day","day":4}`,
		`{"type":"end","day":4,"outcome":"failure","reason":"the test's end"}`,
	}
	in.Events = nil
	for _, l := range lines {
		in.Events = append(in.Events, []byte(l))
	}
	return in
}

// chartOf is the page's chart as its JSON says it: each series' values ("-" for null: no
// point) and why, by series name.
func chartOf(t *testing.T, p *page) map[string][2]string {
	t.Helper()
	data, err := json.Marshal(p.Chart.Series)
	if err != nil {
		t.Fatal(err)
	}
	var ss []struct {
		Name   string
		Values []*float64
		Why    string
	}
	if err := json.Unmarshal(data, &ss); err != nil {
		t.Fatal(err)
	}
	out := map[string][2]string{}
	for _, s := range ss {
		var v []string
		for _, x := range s.Values {
			if x == nil {
				v = append(v, "-")
			} else {
				v = append(v, fmt.Sprint(*x))
			}
		}
		out[s.Name] = [2]string{strings.Join(v, " "), s.Why}
	}
	return out
}

// An army off the field has no point on the hp chart (issue 25; Splitting an Army, P-12), worked
// by hand from splitRun's events. Its steps: the armies set out (the militia, 16 hp), day 1,
// day 2, day 3 (the split, then militiaSouth's march), day 4, the end. The militia's line is
// 16 16 16 and then nothing (it split on day 3: no hp of 16, nor 0, nor -1, after it); the two
// halves have no point before day 3 and 5 from it on (the order's hp, the share of full hp the
// halves are formed with); the legend says why.
func TestHexChartSplitArmyHasNoPointsP12(t *testing.T) {
	p, err := build(splitRun(t, `{"type":"order","day":3,"kind":"split","armies":["militia"],"into":["militiaNorth","militiaSouth"],"hex":"greenbelt","hp":[5,5]}`))
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, s := range p.Steps {
		labels = append(labels, s.Label)
	}
	if got := strings.Join(labels, "|"); got != "the armies set out|day 1: marches|day 2: marches|day 3: marches|day 4: marches|day 4: the end" {
		t.Fatalf("steps %s", got)
	}
	ch := chartOf(t, p)
	for _, w := range []struct{ name, values, why string }{
		{"militia hp", "16 16 16 - - -", "split into militiaNorth and militiaSouth on day 3"},
		{"militiaNorth hp", "- - - 5 5 5", "on the field from day 3 (split from militia)"},
		{"militiaSouth hp", "- - - 5 5 5", "on the field from day 3 (split from militia)"},
		{"orcs hp", "- - - - - -", "never on the field in this run"},
	} {
		if g := ch[w.name]; g[0] != w.values || g[1] != w.why {
			t.Errorf("%s: %q (%q), want %q (%q)", w.name, g[0], g[1], w.values, w.why)
		}
	}
	if hex, text, _ := at(p, stepNamed(t, p, "day 4: the end").GM, "militiaSouth"); hex != "ford" || text != "5" {
		t.Errorf("militiaSouth drawn at %q with %q, want the ford with 5", hex, text)
	}
	if hex, _, _ := at(p, stepNamed(t, p, "day 4: the end").GM, "militia"); hex != "" {
		t.Errorf("militia, split on day 3, is still drawn at %s", hex)
	}
	svg := string(chartSVG(p))
	if !strings.Contains(svg, `<title>militia hp: split into militiaNorth and militiaSouth on day 3</title>`) {
		t.Errorf("the chart's tooltip does not say why militia's line ends:\n%s", svg)
	}
	if !strings.Contains(svg, `data-first="3" data-values="5 5 5"`) || strings.Contains(svg, `data-values="16 16 16 16`) {
		t.Errorf("the chart's lines are not the series':\n%s", svg)
	}
}

// A recording made before the order event carried its hp: the halves are on the map (at the
// hex the order names, then where they march) with hp "?", and their line has no point, not a
// made-up 0.
func TestHexChartSplitWithoutHPHasNoPoints(t *testing.T) {
	p, err := build(splitRun(t, `{"type":"order","day":3,"kind":"split","armies":["militia"],"into":["militiaNorth","militiaSouth"],"hex":"greenbelt"}`))
	if err != nil {
		t.Fatal(err)
	}
	ch := chartOf(t, p)
	if g := ch["militiaSouth hp"]; g[0] != "- - - - - -" || !strings.Contains(g[1], "its hp is not in the recording") {
		t.Errorf("militiaSouth: %q (%q), want no point and why", g[0], g[1])
	}
	if hex, text, _ := at(p, stepNamed(t, p, "day 4: the end").GM, "militiaNorth"); hex != "greenbelt" || text != "?" {
		t.Errorf("militiaNorth drawn at %q with %q, want the greenbelt with ?", hex, text)
	}
}

// A refused order (a note: Splitting an Army when the army is gone) moves no army, and a march
// of an army never formed does not put it on the field.
func TestHexChartRefusedSplitMovesNoArmy(t *testing.T) {
	p, err := build(splitRun(t, `{"type":"order","day":3,"kind":"split","armies":["militia"],"into":["militiaNorth","militiaSouth"],"hex":"greenbelt","note":"cannot: it is destroyed"}`))
	if err != nil {
		t.Fatal(err)
	}
	ch := chartOf(t, p)
	if g := ch["militia hp"]; g[0] != "16 16 16 16 16 16" || g[1] != "" {
		t.Errorf("militia: %q (%q), want 16 throughout", g[0], g[1])
	}
	for _, n := range []string{"militiaNorth hp", "militiaSouth hp"} {
		if g := ch[n]; g[0] != "- - - - - -" || g[1] != "never on the field in this run" {
			t.Errorf("%s: %q (%q), want no point: never formed, its march is not a placing", n, g[0], g[1])
		}
	}
}

// A Karzoral army removed from the field has no point after it (issue 25), worked by hand from
// testdata/field01-goal-1.jsonl: the warband is at 45 after day 4 (75 - 30, line 51); on day 5's
// start (lines 66-68) it meets the mercenaries at 09, 45 against 60: it falls to 0, the
// mercenaries to 15, and it is removed (K-24). Its line: 45 after day 4, action; 0 at day 5,
// start (the step it was removed in); no point at any later step (not 0); its tooltip says so.
// The mercenaries read 15 at day 5, start.
func TestKzChartRemovedArmyHasNoPointsK24(t *testing.T) {
	p, err := build(field01Input(t))
	if err != nil {
		t.Fatal(err)
	}
	ch := chartOf(t, p)
	w, m := strings.Fields(ch["boggardWarband strength"][0]), strings.Fields(ch["mercenaries strength"][0])
	idx := func(label string) int {
		for i, s := range p.Steps {
			if s.Label == label {
				return i
			}
		}
		t.Fatalf("no step %q", label)
		return 0
	}
	d4, d5 := idx("day 4, action"), idx("day 5, start")
	if w[d4] != "45" || w[d5] != "0" || m[d5] != "15" {
		t.Errorf("warband %s after day 4, %s at day 5 start; mercenaries %s: want 45, 0, 15", w[d4], w[d5], m[d5])
	}
	for i := d5 + 1; i < len(w); i++ {
		if w[i] != "-" {
			t.Errorf("warband has a point %s at %s, after it was removed on day 5", w[i], p.Steps[i].Label)
		}
	}
	if why := ch["boggardWarband strength"][1]; why != "destroyed at 09 on day 5 (K-24)" {
		t.Errorf("warband's why %q", why)
	}
}
