package plan

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestDecodeRefusesForeignAndOldPlans(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{``, "not a sortie plan"},
		{`[1, 2]`, "not a sortie plan"},
		{`{"format": "other", "version": 1}`, `format "other"`},
		{`{"format": "sortie-plan", "version": 99}`, "plan version 99 is not supported"},
		{`{"format": "sortie-plan", "version": 1, "bogus": true}`, `unknown field "bogus"`},
		{`{"format": "sortie-plan", "version": 1, "dayLimit": "x"}`, "malformed plan"},
	} {
		_, err := Decode([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Decode(%s): %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	p := &Plan{Format: Format, Version: Version, DayLimit: 3, NightRaid: -1, Party: Party{Members: 1},
		Field: Field{Grid: "square", Blocks: []Block{{ID: "a", Kind: "base", Box: -1,
			Exits: [4]Exit{{To: -1}, {To: -1}, {To: -1}, {To: -1}}, EnterFrom: []Dir{South}}}},
		Events: []Event{{ID: "e", On: Trigger{Kind: OnDay, Day: 2}, Do: []Action{{Op: ActSay, Text: "<&>"}}}}}
	a, err := Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(a), `"south"`) || !strings.Contains(string(a), `"<&>"`) {
		t.Errorf("directions as names and no HTML escaping expected:\n%s", a)
	}
	q, err := Decode(a)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Encode(q)
	if string(a) != string(b) {
		t.Errorf("round trip differs:\n%s\n---\n%s", a, b)
	}
}

func TestDirs(t *testing.T) {
	// North is towards smaller y (the printed map's top row).
	if dx, dy := North.Delta(); dx != 0 || dy != -1 {
		t.Errorf("north delta %d,%d", dx, dy)
	}
	for _, d := range Dirs {
		if d.Opposite().Opposite() != d {
			t.Errorf("%v", d)
		}
		if back, ok := ParseDir(d.String()); !ok || back != d {
			t.Errorf("ParseDir(%v)", d)
		}
	}
	if East.Opposite() != West || South.Opposite() != North {
		t.Error("opposites")
	}
}

// TestEncodeHidden: a plan's names keep an author's bidi override or zero-width space as a
// \uXXXX escape (written raw before), and the plan decodes to the same title.
func TestEncodeHidden(t *testing.T) {
	p := &Plan{Format: Format, Version: Version, Scenario: Meta{Title: "Evil\u202eTXT.exe\u200b"}}
	data, err := Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"title": "Evil\u202eTXT.exe\u200b"`)) {
		t.Errorf("got %s", data)
	}
	var back Plan
	if err := json.Unmarshal(data, &back); err != nil || back.Scenario.Title != p.Scenario.Title {
		t.Errorf("decodes to %q, %v", back.Scenario.Title, err)
	}
}
