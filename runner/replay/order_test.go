package replay

import (
	"strings"
	"testing"
)

// The order a recording's lines must keep (order.go), each rule by a hand-written stream: a
// Karzoral or hex run's days, one "run" a scenario's page, a campaign's runs one after another
// with only "campaign.*" records between them and nothing after "campaign.end", a clash battle's
// single "clash.start", its rounds 1, 2, 3 and a round's map in its own round, nothing after
// "clash.end", a Pathfinder battle log's phases. want "" is accepted; else the message's start.
func TestRecordingOrder(t *testing.T) {
	for _, c := range []struct {
		name     string
		campaign bool
		battle   bool
		lines    []string
		want     string
		at       int // the 0-based index of the line refused
	}{
		{name: "days in order", lines: []string{`{"type":"run"}`, `{"type":"day","day":1}`, `{"type":"day","day":1}`, `{"type":"day","day":2}`, `{"type":"end","day":2}`}},
		{name: "a day back", lines: []string{`{"type":"run"}`, `{"type":"day","day":2}`, `{"type":"food","day":1}`}, want: "day 1 after day 2", at: 2},
		{name: "a record without a day keeps the order", lines: []string{`{"type":"run"}`, `{"type":"day","day":2}`, `{"type":"say"}`, `{"type":"day","day":3}`}},
		{name: "a second run record in a run", lines: []string{`{"type":"run"}`, `{"type":"run"}`}, want: `a second "run" record before the run's "end"`, at: 1},
		{name: "a second run of a scenario", lines: []string{`{"type":"run"}`, `{"type":"end","day":1}`, `{"type":"run"}`}, want: `a second "run" record: a scenario's page is one run`, at: 2},
		{name: "a line after the end", lines: []string{`{"type":"run"}`, `{"type":"end","day":4}`, `{"type":"armyMove","day":4}`}, want: `"armyMove" after the run's "end"`, at: 2},
		{name: "hex armies start", lines: []string{`{"type":"start","day":0}`, `{"type":"start","day":0}`, `{"type":"move","day":1}`, `{"type":"end","day":1}`}},
		{name: "a hex start after the end", lines: []string{`{"type":"start","day":0}`, `{"type":"end","day":1}`, `{"type":"start","day":0}`}, want: `a "start" record after the run's "end"`, at: 2},
		{name: "a campaign's runs", campaign: true, lines: []string{`{"type":"campaign.start"}`, `{"type":"run"}`, `{"type":"day","day":5}`, `{"type":"end","day":5}`, `{"type":"campaign.select"}`, `{"type":"run"}`, `{"type":"day","day":1}`, `{"type":"end","day":1}`, `{"type":"campaign.end"}`}},
		{name: "a campaign record inside a run", campaign: true, lines: []string{`{"type":"run"}`, `{"type":"campaign.select"}`}, want: `"campaign.select" in the middle of a scenario's run`, at: 1},
		{name: "after the campaign's end", campaign: true, lines: []string{`{"type":"run"}`, `{"type":"end","day":1}`, `{"type":"campaign.end"}`, `{"type":"run"}`}, want: `"run" after the campaign's "campaign.end"`, at: 3},
		{name: "a clash battle", lines: []string{`{"type":"clash.start"}`, `{"type":"clash.round","round":1}`, `{"type":"clash.map","round":1}`, `{"type":"clash.round","round":2}`, `{"type":"clash.units","round":2}`, `{"type":"clash.end"}`}},
		{name: "a clash line before the start", lines: []string{`{"type":"clash.round","round":1}`}, want: `"clash.round" before the battle's "clash.start"`},
		{name: "a second clash start", lines: []string{`{"type":"clash.start"}`, `{"type":"clash.start"}`}, want: `a second "clash.start"`, at: 1},
		{name: "a round skipped", lines: []string{`{"type":"clash.start"}`, `{"type":"clash.round","round":1}`, `{"type":"clash.round","round":3}`}, want: "round 3 after round 1 (want round 2)", at: 2},
		{name: "a round with no number", lines: []string{`{"type":"clash.start"}`, `{"type":"clash.round"}`}, want: "round (none) after round 0 (want round 1)", at: 1},
		{name: "a map of another round", lines: []string{`{"type":"clash.start"}`, `{"type":"clash.round","round":1}`, `{"type":"clash.round","round":2}`, `{"type":"clash.map","round":1}`}, want: `"clash.map" of round 1 in round 2`, at: 3},
		{name: "after the clash end", lines: []string{`{"type":"clash.start"}`, `{"type":"clash.end"}`, `{"type":"clash.attack"}`}, want: `"clash.attack" after the battle's "clash.end"`, at: 2},
		{name: "a battle log", battle: true, lines: []string{`{"kind":"phase","phaseNo":0}`, `{"kind":"tactic","phaseNo":0}`, `{"kind":"phase","phaseNo":1}`, `{"kind":"end","phaseNo":1}`, `{"type":"battleEnd"}`}},
		{name: "a phase back", battle: true, lines: []string{`{"kind":"phase","phaseNo":2}`, `{"kind":"hp","phaseNo":1}`}, want: "phase 1 after phase 2", at: 1},
		{name: "after the battle's end", battle: true, lines: []string{`{"kind":"end","phaseNo":3}`, `{"kind":"phase","phaseNo":3}`}, want: `a "phase" line after the battle's "end"`, at: 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := order{campaign: c.campaign}
			for i, l := range c.lines {
				e := event{raw: []byte(l)}
				e.into(&e)
				err := o.see(i, &e, c.battle)
				if err == nil {
					continue
				}
				ee, ok := err.(*EventError)
				if !ok || c.want == "" || ee.Index != c.at || ee.Col != 1 || !strings.HasPrefix(ee.Why, c.want) {
					t.Fatalf("line %d %s: %v (want %q at line %d)", i, l, err, c.want, c.at)
				}
				return
			}
			if c.want != "" {
				t.Fatalf("accepted, want %q at line %d", c.want, c.at)
			}
		})
	}
}
