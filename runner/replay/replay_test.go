package replay

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	_ "github.com/sortie-rpg/sortie/runner/karzoral" // its events, for DecodeEvent
)

// field01Input is the recorded run testdata/field01-goal-1.jsonl (sortie run field01 --seed 1
// --policy goal --format jsonl) with its plan.
func field01Input(t *testing.T) Input {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "field01.plan.json"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	run, err := os.ReadFile(filepath.Join("testdata", "field01-goal-1.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	return Input{Plan: p, Events: bytes.Split(bytes.TrimSpace(run), []byte("\n"))}
}

// stepNamed is the page's step with that label.
func stepNamed(t *testing.T, p *page, label string) step {
	t.Helper()
	for _, s := range p.Steps {
		if s.Label == label {
			return s
		}
	}
	t.Fatalf("no step %q", label)
	return step{}
}

// at is where the marks put id ("" when not on the map), its label and its class.
func at(p *page, marks []mark, id string) (block, text, kind string) {
	for _, m := range marks {
		if m.ID == id {
			return p.Maps[0].IDs[m.Cell], m.Text, m.Kind
		}
	}
	return "", "", ""
}

// K-23, K-31, worked by hand from the JSON Lines of field01 (seed 1, goal policy): line numbers
// of testdata/field01-goal-1.jsonl.
//
//   - Day 3, start (lines 31-34): the mercenaries march 01 -> 03 where the party sees it
//     (line 33, audience all): both views put them at 03. The warband's 11 -> 10 is the GM's
//     alone (line 34): the GM sees it at 10 with 75 (its plan strength); the players still see
//     it at 11, where the scouts' report put it on day 2 (line 21, sighting, strength unknown).
//     The mercenaries' 60 the players know from day 2's view (line 30: in view at 01).
//   - Day 3, night (lines 39-41): the party rests at 02 (line 35); box A (12, 13, 14, 15) is
//     unopened, so the players see fog on those four blocks, the GM none.
//   - Day 4, action (lines 46-53): the party enters 14 and box A opens (line 47): no fog; the
//     supply camp burns the warband 75 -> 45 (line 51, GM only): the GM's label is 45, the
//     players' still "?" at 11.
func TestKarzoralStepsByHand(t *testing.T) {
	p, err := build(field01Input(t))
	if err != nil {
		t.Fatal(err)
	}
	s := stepNamed(t, p, "day 3, start")
	if s.First != 30 || s.End != 34 {
		t.Errorf("day 3, start: events [%d, %d), want lines 31-34 = [30, 34)", s.First, s.End)
	}
	for _, c := range []struct {
		view       []mark
		id         string
		block, txt string
	}{
		{s.GM, "mercenaries", "03", "60"},
		{s.Party, "mercenaries", "03", "60"}, // seen marching; its 60 the players knew from day 2 (line 30, in view)
		{s.GM, "boggardWarband", "10", "75"},
		{s.Party, "boggardWarband", "11", "?"},
	} {
		if b, txt, _ := at(p, c.view, c.id); b != c.block || txt != c.txt {
			t.Errorf("day 3, start: %s at %q (%q), want %q (%q)", c.id, b, txt, c.block, c.txt)
		}
	}
	s = stepNamed(t, p, "day 3, night")
	if b, _, k := at(p, s.Party, "party"); b != "02" || k != "party" {
		t.Errorf("day 3, night: the party at %q, want 02", b)
	}
	if b, txt, _ := at(p, s.Party, "mercenaries"); b != "03" || txt != "60" {
		t.Errorf("day 3, night: the players' view (line 41) has the mercenaries at %q (%q), want 03 (60)", b, txt)
	}
	var fog []string
	for _, c := range s.Fog {
		fog = append(fog, p.Maps[0].IDs[c])
	}
	if !slices.Equal(fog, []string{"12", "13", "14", "15"}) {
		t.Errorf("day 3, night: fog on %v, want box A: 12 13 14 15 (K-31)", fog)
	}
	s = stepNamed(t, p, "day 4, action")
	if len(s.Fog) != 0 {
		t.Errorf("day 4, action: fog on %v after box A opened (line 47)", s.Fog)
	}
	if b, txt, k := at(p, s.GM, "boggardWarband"); b != "10" || txt != "45" || k != "enemy" {
		t.Errorf("day 4, action: GM sees the warband at %q (%q, %s), want 10 (45, enemy)", b, txt, k)
	}
	if b, txt, _ := at(p, s.Party, "boggardWarband"); b != "11" || txt != "?" {
		t.Errorf("day 4, action: the players see the warband at %q (%q), want 11 (?)", b, txt)
	}
	// The chart: rations after each step are the food lines' "left" (day 3: 60 - 3 x 5 = 45),
	// the warband's strength after day 4's action 75 - 30 = 45, a GM series (K-23).
	i := slices.IndexFunc(p.Steps, func(s step) bool { return s.Label == "day 4, action" })
	if r := p.Chart.Series[0]; r.Name != "rations" || r.Values[i] != val(40) || r.Aud != "all" {
		t.Errorf("rations after day 4, action: %v (%s), want 40 (all)", r.Values[i], r.Aud)
	}
	if w := p.Chart.Series[1]; w.Name != "boggardWarband strength" || w.Values[i] != val(45) || w.Aud != "gm" {
		t.Errorf("%s after day 4, action: %v (%s), want 45 (gm)", w.Name, w.Values[i], w.Aud)
	}
}

// The transcript lines of a step are the events' own lines; read back from JSON (no text given)
// they are the same words the run printed for a one-line event.
func TestDecodedLines(t *testing.T) {
	p, err := build(field01Input(t))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Lines[34], "  action  the party moves east 01 -> 02 (river ford)\n"; got != want {
		t.Errorf("line 35: %q, want %q", got, want)
	}
	if p.Aud[33] != "gm" || p.Aud[40] != "party" {
		t.Errorf("audiences %s, %s: want gm (line 34), party (line 41)", p.Aud[33], p.Aud[40])
	}
}

// Hostile strings (a title with </script>, block and army ids with a tag and an onerror) are
// text on the page: the SVG holds them as entities, the embedded data with \u003c, and nothing
// ends the data's <script> element early.
func TestHostileStrings(t *testing.T) {
	in := field01Input(t)
	const evil = `</script><img src=x onerror=alert(1)>`
	in.Plan.Scenario.Title = "Road " + evil
	in.Plan.Field.Blocks[4].ID = "01" + evil
	in.Plan.Field.Blocks[4].Terrain = "grass<b>land</b>"
	in.Plan.Armies[1].ID = "mercenaries"
	evilBlock, _ := json.Marshal("01" + evil) // the run names the block as the plan does
	for i, l := range in.Events {
		l = bytes.ReplaceAll(l, []byte(`"01"`), evilBlock)
		in.Events[i] = bytes.ReplaceAll(l, []byte(`"title":"The Road to Karzoral"`), []byte(`"title":"Road \u003c/script\u003e\u003cimg src=x onerror=alert(1)\u003e"`))
	}
	var b bytes.Buffer
	if err := WriteHTML(&b, in); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "<img") || strings.Contains(out, "<b>") {
		t.Errorf("a stranger's tag is on the page")
	}
	if n, m := strings.Count(out, "<script"), strings.Count(out, "</script>"); n != 2 || m != 2 {
		t.Errorf("%d <script and %d </script>, want the page's own 2 and 2", n, m)
	}
	if !strings.Contains(out, "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;") {
		t.Errorf("the hostile title is not shown as text")
	}
	// The data still parses, and carries the strings whole.
	i := strings.Index(out, `<script type="application/json" id="data">`)
	j := strings.Index(out[i:], "</script>")
	var pg page
	if err := json.Unmarshal([]byte(out[i+len(`<script type="application/json" id="data">`):i+j]), &pg); err != nil {
		t.Fatalf("the embedded data: %v", err)
	}
	if pg.Title != "Road "+evil || !slices.Contains(pg.Maps[0].IDs, "01"+evil) {
		t.Errorf("title %q, ids %v: want the strings whole, as text", pg.Title, pg.Maps[0].IDs)
	}
}

// Same input, same page, byte for byte (no map order, no clock).
func TestDeterministic(t *testing.T) {
	var a, b bytes.Buffer
	if err := WriteHTML(&a, field01Input(t)); err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(&b, field01Input(t)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two pages of the same run differ")
	}
}

// Bad input is refused with the event's number, never a panic; an event that names an army the
// plan does not hold is refused too (issue 25 review: it was left off the map silently), and a
// move to null (the second review, D2: the party vanished from the map).
func TestBadEvents(t *testing.T) {
	in := field01Input(t)
	for _, bad := range []string{`{"day":1}`, `not json`, `{"type":"armyMove","army":"nobody","to":"nowhere"}`, `{"type":"partyMove","to":null}`} {
		in.Events = [][]byte{[]byte(bad)}
		var b bytes.Buffer
		err := WriteHTML(&b, in)
		if err == nil || !strings.Contains(err.Error(), "event 1") {
			t.Errorf("%s: %v, want an error naming event 1", bad, err)
		}
	}
	if err := WriteHTML(&bytes.Buffer{}, Input{}); err == nil {
		t.Error("no plan: no error")
	}
}

// BenchmarkWriteHTML builds field01's page from its recorded run (101 events).
func BenchmarkWriteHTML(b *testing.B) {
	data, _ := os.ReadFile(filepath.Join("testdata", "field01.plan.json"))
	p, err := plan.Decode(data)
	if err != nil {
		b.Fatal(err)
	}
	run, _ := os.ReadFile(filepath.Join("testdata", "field01-goal-1.jsonl"))
	in := Input{Plan: p, Events: bytes.Split(bytes.TrimSpace(run), []byte("\n"))}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := WriteHTML(&buf, in); err != nil {
			b.Fatal(err)
		}
	}
}

// K-23 (issue 22 D3's missed, issue 25), worked by hand from testdata/field01-lose.jsonl (sortie
// run field01 --script lose.yaml --format jsonl; its map is field01.plan.json's): the angel's
// survey on day 1 (line 10) shows the mercenaries at 01; their march 01 -> 03 on day 3 (line 30)
// and 03 -> 05 on day 4 (line 43) are the GM's alone. The party enters 01 on day 4 (line 45) and
// the day's view (line 51) says it found them gone: "missed": 4. The transcript's party map then
// leaves them off and its table says "not at 01 any more (last seen there on day 1, gone by day
// 4)"; the page does the same: off the players' map, named in their status line; the GM's map
// keeps them at 05 (line 50), strength 60.
func TestKarzoralMissedArmyK23(t *testing.T) {
	in := field01Input(t)
	run, err := os.ReadFile(filepath.Join("testdata", "field01-lose.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	in.Events = bytes.Split(bytes.TrimSpace(run), []byte("\n"))
	p, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	s := stepNamed(t, p, "day 3, night")
	if b, txt, _ := at(p, s.Party, "mercenaries"); b != "01" || txt != "?" {
		t.Errorf("day 3, night: the players see the mercenaries at %q (%q), want 01 (?: a survey tells no strength)", b, txt)
	}
	if s.PartyStatus != "" {
		t.Errorf("day 3, night: players' status %q, want none of its own (nothing missed yet)", s.PartyStatus)
	}
	s = stepNamed(t, p, "day 4, night")
	if b, _, _ := at(p, s.Party, "mercenaries"); b != "" {
		t.Errorf("day 4, night: the players' map draws the mercenaries at %q after finding 01 empty (line 51, missed 4)", b)
	}
	if b, txt, _ := at(p, s.GM, "mercenaries"); b != "05" || txt != "60" {
		t.Errorf("day 4, night: the GM sees the mercenaries at %q (%q), want 05 (60)", b, txt)
	}
	want := "the party at 01, rations 40; mercenaries not at 01 any more (last seen there on day 1, gone by day 4)"
	if s.PartyStatus != want {
		t.Errorf("day 4, night: players' status\n%q, want\n%q", s.PartyStatus, want)
	}
	if s.Status != "the party at 01, rations 40" {
		t.Errorf("day 4, night: status %q: the GM's line names no missed army", s.Status)
	}
}
