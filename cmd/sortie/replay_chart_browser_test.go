package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// chartLine is a chart series' points as the DOM draws them, by step (its polylines' data-first
// and data-values), and its tooltip (the series' <title>); ok false when the DOM has no such series.
func chartLine(dom, name string) (pts map[int]string, tip string, ok bool) {
	g := regexp.MustCompile(`<g class="series [^"]*" data-name="` + regexp.QuoteMeta(name) + `"[^>]*>(?:<title>([^<]*)</title>)?(.*?)</g>`).FindStringSubmatch(dom)
	if g == nil {
		return nil, "", false
	}
	pts = map[int]string{}
	for _, m := range regexp.MustCompile(`<polyline points="[^"]*" data-first="(\d+)" data-values="([^"]*)"`).FindAllStringSubmatch(g[2], -1) {
		first, _ := strconv.Atoi(m[1])
		for k, v := range strings.Fields(m[2]) {
			pts[first+k] = v
		}
	}
	return pts, g[1], true
}

// The hp chart of a Pathfinder hex run with a split army, in a real browser (issue 25; Splitting an
// Army, P-12): border-war (policy first) splits the militia into militiaNorth and militiaSouth. An
// army off the field has no point: the militia none from the step of the split on, and
// militiaSouth, at each step from its split to its end, the hp the JSON Lines give it, worked out
// here from them: the split order's hp for it, then each battle "hp" event's hp, then its
// aftermath's (drawn at 0 at most below: the chart's floor), and no point once the aftermath
// destroys it. The militia's tooltip says it split, on the order's day.
func TestReplaySplitArmyChartInBrowser(t *testing.T) {
	bin := browser(t)
	dir := t.TempDir()
	evs, page := replayRun(t, dir, "border-war", "run", repo(t, "scenarios", "pathfinder", "border-war"), "--policy", "first")
	steps := pageSteps(t, page)
	stepOfEvent := func(i int) int {
		for k, s := range steps {
			if i >= s.First && i < s.End {
				return k
			}
		}
		t.Fatalf("event %d is in no step", i)
		return 0
	}
	split, day := -1, 0.0
	want := map[int]string{} // militiaSouth's point by step: its hp at the step's end; absent: none
	hp, on := 0.0, false
	for i, e := range evs {
		switch {
		case e["type"] == "order" && e["kind"] == "split" && fmt.Sprint(e["armies"]) == "[militia]":
			split, day = stepOfEvent(i), e["day"].(float64)
			hps, _ := e["hp"].([]any)
			for k, id := range e["into"].([]any) {
				if id == "militiaSouth" && k < len(hps) {
					hp, on = hps[k].(float64), true
				}
			}
			if !on {
				t.Errorf("the split order gives no hp for militiaSouth: %v", e)
			}
		case e["type"] == "event" && e["event"].(map[string]any)["kind"] == "hp" && e["event"].(map[string]any)["army"] == "militiaSouth":
			hp = e["event"].(map[string]any)["hp"].(float64)
		case e["type"] == "aftermath" && e["army"] == "militiaSouth":
			hp = e["hp"].(float64)
			on = e["status"] != "destroyed" && e["status"] != "surrendered"
		}
		if i+1 == steps[stepOfEvent(i)].End {
			delete(want, stepOfEvent(i))
			if on {
				want[stepOfEvent(i)] = fmt.Sprint(max(hp, 0))
			}
		}
	}
	if split < 0 || len(want) < 10 {
		t.Fatalf("border-war: the militia's split (step %d) or militiaSouth's life (%d steps) is not in the run", split, len(want))
	}
	dom := domAt(t, bin, page, len(steps)-1, "gm")
	militia, tip, ok := chartLine(dom, "militia hp")
	if !ok {
		t.Fatal("the chart has no militia hp line")
	}
	for k, v := range militia {
		if k >= split {
			t.Errorf("militia hp has a point (%s) at step %d (%s), after its split at step %d", v, k, steps[k].Label, split)
		}
	}
	if len(militia) != split {
		t.Errorf("militia hp has %d points, want one for each of the %d steps before its split", len(militia), split)
	}
	if w := fmt.Sprintf("split into militiaNorth and militiaSouth on day %v", day); !strings.Contains(tip, w) {
		t.Errorf("militia's tooltip %q does not say %q", tip, w)
	}
	south, _, _ := chartLine(dom, "militiaSouth hp")
	if fmt.Sprint(south) != fmt.Sprint(want) {
		t.Errorf("militiaSouth's points by step\n%v\nthe JSON Lines give\n%v", south, want)
	}
	shotAt(t, bin, page, len(steps)-1, "party", filepath.Join(dir, "border-war-chart.png"))
}
