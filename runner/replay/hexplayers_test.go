package replay

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// stolenLandsRecorded plays stolen-lands (seed 3, policy first: the run of
// testdata/stolen-lands-first-3.jsonl) through a Recorder, as `sortie run --html` does, so the
// page has the run's own transcript text: the setting-out table of every army and kingdom on
// the first event, the end table on the last.
func stolenLandsRecorded(t *testing.T) Input {
	t.Helper()
	in := stolenLands(t)
	d, err := runner.NewPolicy("first", 3)
	if err != nil {
		t.Fatal(err)
	}
	rec := NewRecorder()
	if _, err := runner.Run(in.Plan, runner.Options{Seed: 3, Decider: d, Sink: rec}); err != nil {
		t.Fatal(err)
	}
	return rec.Input(Input{Plan: in.Plan})
}

// The players' transcript of a Pathfinder hex run hides what their map hides (review 7 B6),
// worked by hand from the scenario and testdata/stolen-lands-first-3.jsonl: the enemy armies
// are the orcs (setting out at the hills) and the wolfriders (at thorn), the enemy kingdom the
// Tusk clans. At the setting out the players' map has their cavalry and militia only, so their
// transcript of that step names neither enemy army, no hills or thorn, and no Tusk clans; it
// has "cavalry (friendly) at narlmarches, hp 5" and "militia (friendly) at tradepost, hp 16"
// (the plan's hexes and hp). The GM's transcript keeps the run's table with all four. The
// players-only page's setting out is the players' one, and no line of its transcript names the
// Tusk clans (the run's end table lists both kingdoms; the players' end is its own line). The
// battles' tables name the enemy armies the players fought: those they saw.
func TestHexPlayersTranscriptFollowsTheMapP14(t *testing.T) {
	in := stolenLandsRecorded(t)
	if !strings.Contains(in.Text[0], "wolfriders") || !strings.Contains(in.Text[0], "Tusk clans") {
		t.Fatalf("the run's first text is not the setting-out table: %q", in.Text[0])
	}
	p, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	s := stepNamed(t, p, "the armies set out")
	var party, gm strings.Builder
	for e := s.First; e < s.End; e++ {
		l := p.Lines[e]
		gm.WriteString(l)
		if pl, ok := p.PLines[e]; ok {
			l = pl
		}
		if p.Aud[e] != "gm" {
			party.WriteString(l)
		}
	}
	for _, hidden := range []string{"orcs", "wolfriders", "hills", "thorn", "Tusk clans"} {
		if strings.Contains(party.String(), hidden) {
			t.Errorf("the players' setting out names %q:\n%s", hidden, party.String())
		}
		if !strings.Contains(gm.String(), hidden) {
			t.Errorf("the GM's setting out lacks %q", hidden)
		}
	}
	for _, seen := range []string{"cavalry (friendly) at narlmarches, hp 5", "militia (friendly) at tradepost, hp 16"} {
		if !strings.Contains(party.String(), seen) {
			t.Errorf("the players' setting out lacks %q:\n%s", seen, party.String())
		}
	}
	in.View = "players"
	var b bytes.Buffer
	if err := WriteHTML(&b, in); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	var data struct {
		Lines []string `json:"lines"`
	}
	i := strings.Index(page, `id="data">`)
	j := strings.Index(page[i:], "</script>")
	if err := json.Unmarshal([]byte(page[i+len(`id="data">`):i+j]), &data); err != nil {
		t.Fatal(err)
	}
	for k, l := range data.Lines {
		if strings.Contains(l, "Tusk clans") {
			t.Errorf("the players-only page's transcript line %d names the enemy kingdom:\n%s", k, l)
		}
	}
	if len(data.Lines) < 2 || data.Lines[0]+data.Lines[1] != party.String() {
		t.Errorf("the players-only page's setting out %q, want %q", data.Lines[:2], party.String())
	}
}

// A kingdom's books and an enemy's moves off the players' map are the GM's (hexPlayersLine), by
// hand on hand-written events of stolen-lands: the enemy's treasury, its kingdom's loss, an
// enemy's pay and rally roll, an enemy setting out at the ford with no friendly army there, an enemy placed at the hills after a battle (P-62, no friendly
// army there), an enemy resting there (P-64), an order of the enemy's; the players' own
// kingdom's treasury, pay and loss are everyone's, and so is an enemy surrendering to them (P-55).
func TestHexPlayersKingdomsAndOrdersP11P62P64(t *testing.T) {
	in := stolenLands(t)
	in.Events = nil
	lines := []string{
		`{"type":"start","day":0,"army":"cavalry","hex":"narlmarches","hp":5,"side":"friendly"}`,
		`{"type":"start","day":0,"army":"orcs","hex":"ford","hp":16,"side":"enemy"}`,
		`{"type":"placed","day":1,"army":"orcs","from":"ford","to":"hills","status":"withdrawn"}`,
		`{"type":"recover","day":2,"army":"orcs","hp":8}`,
		`{"type":"treasury","day":7,"week":1,"side":"enemy","before":10,"spent":2,"treasury":8}`,
		`{"type":"treasury","day":7,"week":1,"side":"friendly","before":10,"spent":2,"treasury":8}`,
		`{"type":"pay","day":7,"army":"orcs","side":"enemy","bp":2,"paid":true,"treasury":8}`,
		`{"type":"pay","day":7,"army":"cavalry","side":"friendly","bp":1,"paid":true,"treasury":8}`,
		`{"type":"kingdom","day":7,"army":"orcs","side":"enemy","counters":[1,1,1],"penalty":[-1,-1,-1]}`,
		`{"type":"kingdom","day":7,"army":"cavalry","side":"friendly","counters":[2,1,2],"penalty":[-2,-2,-2]}`,
		`{"type":"upkeep","day":7,"army":"orcs","side":"enemy","roll":12,"status":"rallies"}`,
		`{"type":"order","day":8,"kind":"buy","armies":["orcs"],"resources":["healing potions"],"bp":3}`,
		`{"type":"order","day":8,"kind":"buy","armies":["cavalry"],"resources":["healing potions"],"bp":3}`,
		// P-55, the live fog's rule (HexSight.SeesEvent): an enemy with no hex to go to surrenders to
		// the players' army that beat it, so they see it, out of sight of the map or not.
		`{"type":"placed","day":9,"army":"orcs","from":"hills","status":"surrendered"}`,
	}
	for _, l := range lines {
		in.Events = append(in.Events, []byte(l))
	}
	p, err := build(in)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"all", "gm", "gm", "gm", "gm", "all", "gm", "all", "gm", "all", "gm", "gm", "all", "all"}
	for i, w := range want {
		if p.Aud[i] != w {
			t.Errorf("line %d %s: audience %s, want %s", i+1, lines[i], p.Aud[i], w)
		}
	}
}
