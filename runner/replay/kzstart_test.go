package replay

import (
	"strconv"
	"strings"
	"testing"
)

// K-67: a retry resumed at its retained midpoint is drawn where the run says the party is, not
// at the base (review 7 B2: the campaign's field03 retry showed "the party at gatecamp, rations
// 40" where its run and resume events said 02 and 35). By hand, on field01's plan (base
// rupetenne, 60 rations): the run event puts the party at 02 with 35 rations, the resume event
// at 02 with 35; day 2's meal leaves 30. Each step's party mark is on 02, and its status and the
// chart's rations follow: 35, 35, 30.
func TestRetryResumesWhereTheRunSaysK67(t *testing.T) {
	in := field01Input(t)
	in.Events = nil
	for _, l := range []string{
		`{"type":"run","day":1,"audience":"all","scenario":"field01","title":"The Road to Karzoral","seed":1,"party":"02","members":5,"rations":35,"dayLimit":12}`,
		`{"type":"resume","day":2,"audience":"all","objective":"cacheBurned","block":"02","rations":35,"text":"the retry resumes at midpoint cacheBurned"}`,
		`{"type":"day","day":2,"phase":"start","audience":"all"}`,
		`{"type":"food","day":2,"phase":"start","audience":"all","eaten":5,"need":5,"left":30}`,
	} {
		in.Events = append(in.Events, []byte(l))
	}
	p, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ label, status string }{
		{"the start", "the party at 02, rations 35"},
		{"the retry resumes at its midpoint (K-67)", "the party at 02, rations 35"},
		{"day 2, start", "the party at 02, rations 30"},
	}
	if len(p.Steps) != len(want) {
		t.Fatalf("%d steps, want %d", len(p.Steps), len(want))
	}
	for i, w := range want {
		s := p.Steps[i]
		if s.Label != w.label || s.Status != w.status {
			t.Errorf("step %d: %q %q, want %q %q", i, s.Label, s.Status, w.label, w.status)
		}
		for _, ms := range [][]mark{s.GM, s.Party} {
			if b, _, _ := at(p, ms, "party"); b != "02" {
				t.Errorf("step %d: the party drawn at %q, want 02", i, b)
			}
		}
		if r, _ := p.Chart.Series[0].Values[i].value(); !strings.HasSuffix(w.status, "rations "+strconv.FormatFloat(r, 'f', -1, 64)) {
			t.Errorf("step %d: chart rations %v, want the status's", i, r)
		}
	}
}
