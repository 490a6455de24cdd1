package replay

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestRefusesWhatThePlanDoesNotHold (issue 25 review): a hand-edited run against the plan it
// names is refused at the value at fault, never drawn as "0 hp" or left off the map: a number
// out of range (a run counts within ±1,000,000,000; the seed excepted), an army, a hex, a block,
// a stand or a square the plan does not hold. Each case replaces one line of a real run; Col is
// worked by hand as the 1-based byte column of the value in that line.
func TestRefusesWhatThePlanDoesNotHold(t *testing.T) {
	const cavalry = `{"type":"start","day":0,"army":"cavalry","hex":"narlmarches","hp":5,"side":"friendly"}`
	for _, c := range []struct {
		name, line string
		col        int
		why        string
	}{
		{"hp beyond int64", `{"type":"start","day":0,"army":"cavalry","hex":"narlmarches","hp":99999999999999999999,"side":"friendly"}`, 67, `"hp": a number out of range`},
		{"hp beyond float64", `{"type":"start","day":0,"army":"cavalry","hex":"narlmarches","hp":1e999,"side":"friendly"}`, 67, `"hp": a number out of range`},
		{"negative day", `{"type":"day","day":-2000000000}`, 21, `"day": a number out of range`},
		{"a hex", `{"type":"move","day":1,"army":"cavalry","from":"narlmarches","to":"narnia"}`, 67, `"to": "narnia" is not a hex of the plan`},
		{"an army", `{"type":"move","day":1,"army":"ghost","from":"narlmarches","to":"ford"}`, 31, `"army": "ghost" is not an army of the plan`},
		{"an army in a list", `{"type":"order","day":1,"kind":"combine","armies":["cavalry","gh\u202eost"]}`, 62, `"armies": "gh\u202eost" is not an army`},
	} {
		in := stolenLands(t)
		in.Events[0] = []byte(c.line)
		_, err := build(in)
		var ee *EventError
		if !errors.As(err, &ee) {
			t.Errorf("%s: %v, want an EventError", c.name, err)
			continue
		}
		if ee.Index != 0 || ee.Col != c.col || !strings.Contains(ee.Why, c.why) {
			t.Errorf("%s: event %d col %d %q, want event 1 col %d %q", c.name, ee.Index+1, ee.Col, ee.Why, c.col, c.why)
		}
	}
	// The real line, and a huge seed, are accepted.
	in := stolenLands(t)
	in.Events[0] = []byte(cavalry)
	in.Events = append([][]byte{[]byte(`{"type":"run","seed":18446744073709551615}`)}, in.Events...)
	if _, err := build(in); err != nil {
		t.Errorf("a real run with a 64-bit seed: %v", err)
	}
	// A clash battle: a stand and a square not on harrow field's grid; a Karzoral block.
	for _, c := range []struct {
		in   Input
		line string
		why  string
	}{
		{Input{Clash: harrowField(t)}, `{"type":"clash.hide","who":"wolves 9","total":18}`, `"who": "wolves 9" is not a unit, stand or solo`},
		{Input{Clash: harrowField(t)}, `{"type":"clash.move","who":"wolves 1","from":"10,1","to":"999,1"}`, `"to": "999,1" is not a square`},
		{field01Input(t), `{"type":"partyMove","day":1,"block":"99"}`, `"block": "99" is not a block of the plan`},
		// Issue 25 review D2: a move's to (a string not in the plan, or null) and a day end's party.
		{field01Input(t), `{"type":"partyMove","day":1,"from":"rupetenne","to":"nowhere"}`, `"to": "nowhere" is not a block of the plan`},
		{field01Input(t), `{"type":"partyMove","day":1,"from":"rupetenne","to":null}`, `"to": not a name`},
		{field01Input(t), `{"type":"dayEnd","day":1,"party":"atlantis"}`, `"party": "atlantis" is not a block of the plan`},
		{Input{Clash: harrowField(t)}, `{"type":"clash.hide","who":7,"total":18}`, `"who": not a name`},
		{Input{Clash: harrowField(t)}, `{"type":"clash.damage","target":"nobody","amount":3,"before":7,"hp":4}`, `"target": "nobody" is not a stand, a solo or an objective square`},
	} {
		c.in.Events = [][]byte{[]byte(c.line)}
		_, err := build(c.in)
		if err == nil || !strings.Contains(err.Error(), c.why) {
			t.Errorf("%s: %v, want %q", c.line, err, c.why)
		}
	}
	// The message shows the stranger's string escaped (no raw U+202E).
	in = stolenLands(t)
	in.Events[0] = []byte(`{"type":"move","day":1,"army":"gh` + "\u202e" + `ost","to":"ford"}`)
	if _, err := build(in); err == nil || bytes.ContainsRune([]byte(err.Error()), '\u202e') {
		t.Errorf("the message holds a raw U+202E or no error: %v", err)
	}
}
