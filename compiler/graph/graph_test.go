package graph

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

func compile(t *testing.T, dir string) *plan.Plan {
	t.Helper()
	abs, _ := filepath.Abs(filepath.Join("..", "..", "scenarios", dir))
	p, list, err := compiler.Compile([]string{abs}, compiler.Options{WorkDir: abs})
	if err != nil || p == nil {
		t.Fatalf("%s: %v %v", dir, err, list)
	}
	return p
}

func TestRenderForEyes(t *testing.T) {
	out := os.Getenv("SORTIE_GRAPH_OUT")
	if out == "" {
		t.Skip("set SORTIE_GRAPH_OUT=DIR to write the pictures for a person to look at")
	}
	for _, d := range []string{"karzoral/field01", "karzoral/field02", "karzoral/field03", "karzoral/field00"} {
		p := compile(t, d)
		s := Field(p)
		png, err := PNG(s, 1)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(out, p.Scenario.ID+".png"), png, 0o644)
		os.WriteFile(filepath.Join(out, p.Scenario.ID+".svg"), SVG(s), 0o644)
	}
	p := compile(t, "pathfinder/stolen-lands")
	png, err := PNG(Hexes(p), 1)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(out, "stolen-lands.png"), png, 0o644)
	abs, _ := filepath.Abs("../../scenarios/karzoral/campaign.cue")
	c, list, err := compiler.CompileCampaign(abs, compiler.Options{})
	if err != nil || c == nil {
		t.Fatal(err, list)
	}
	cs, err := Campaign(c)
	if err != nil {
		t.Fatal(err)
	}
	png, _ = PNG(cs, 1)
	os.WriteFile(filepath.Join(out, "campaign.png"), png, 0o644)
	os.WriteFile(filepath.Join(out, "campaign.dot"), CampaignDot(c), 0o644)
}

// K-32 on field01, worked out from the enterFrom lists: 05 (south only) can be left north to
// 09 and east to 06 but not entered from them; 07 (north only) can be left east to 08, south to
// 12 and west to 06; the gate (south only) can be left west to 11. Six one-way passages, no
// closed side; 03-05, 11-07 and 08-gate are open both ways.
func TestFieldDotOneWay(t *testing.T) {
	dot := string(FieldDot(compile(t, "karzoral/field01")))
	for _, e := range []string{`"05" -> "09"`, `"05" -> "06"`, `"07" -> "08"`, `"07" -> "12"`, `"07" -> "06"`, `"gate" -> "11"`} {
		if !strings.Contains(dot, "\t"+e+` [dir=forward, color=black, penwidth=2, label="one-way"];`) {
			t.Errorf("missing one-way passage %s", e)
		}
	}
	if n := strings.Count(dot, `label="one-way"`); n != 6 {
		t.Errorf("%d one-way passages, want 6", n)
	}
	for _, e := range []string{`"05" -> "03";`, `"11" -> "07";`, `"gate" -> "08";`} { // written from the north one
		if !strings.Contains(dot, "\t"+e+"\n") {
			t.Errorf("missing two-way passage %s", e)
		}
	}
	// Pinned at [x, y] * 100 points, y up: block 05 at [4, 2] on a field from y = 1.
	if !strings.Contains(dot, `"05" [label="05\nmountain pass", pos="400,-100!"`) {
		t.Errorf("block 05 not pinned at 400,-100")
	}
	// The forecast (K-22): the warband reaches 09 on day 5, the mercenaries 03 on day 3.
	for _, e := range []string{`"10" -> "09" [dir=forward, color="#c8201e", penwidth=3, fontcolor="#c8201e", label="boggardWarband d5"]`,
		`"01" -> "03" [dir=forward, color="#1f5fbf", penwidth=3, fontcolor="#1f5fbf", label="mercenaries d3"]`} {
		if !strings.Contains(dot, e) {
			t.Errorf("missing route edge %s", e)
		}
	}
	// The dot is valid: Graphviz lays it out.
	if _, err := layoutDot(FieldDot(compile(t, "pathfinder/stolen-lands")), "neato"); err != nil {
		t.Errorf("stolen-lands dot: %v", err)
	}
	if _, err := layoutDot([]byte(dot), "neato"); err != nil {
		t.Errorf("field01 dot: %v", err)
	}
}

// texts returns the text items of a scene.
func texts(s *Scene) map[string]int {
	out := map[string]int{}
	for _, it := range s.Items {
		if it.Shape == Text {
			out[it.Text]++
		}
	}
	return out
}

// The field01 picture carries what the data says: every block id, box A, the stays of the
// armies from their routes (mercenaries 01 01 01 03 05 09: d0-2 at 01; warband gate gate 11 10 10
// 09: d0-1 at the gate, d3-4 at 10), the battle on day 5 and its line in the legend, the events
// on entering blocks.
func TestFieldScene(t *testing.T) {
	p := compile(t, "karzoral/field01")
	s := Field(p)
	got := texts(s)
	for _, b := range p.Field.Blocks {
		if got[b.ID] == 0 {
			t.Errorf("block %s not labelled", b.ID)
		}
	}
	for _, w := range []string{"box A", "d0-2", "d0-1", "d3-4", "d5", "battle d5", "! supplyCache", "o takeTheGate (success)", "party start", "dark",
		"day 5 at 09: mercenaries 60 vs boggardWarband 75: mercenaries is wiped out, the scenario fails (K-25)", "day 2: scoutsReport"} {
		if got[w] == 0 {
			t.Errorf("no text %q", w)
		}
	}
	arrows := 0
	for _, it := range s.Items {
		if it.Shape == Circle && it.R == 15 {
			arrows++
		}
	}
	if arrows != 6 {
		t.Errorf("%d one-way marks, want 6 (see TestFieldDotOneWay)", arrows)
	}
}

// SVG and PNG output is well-formed and the same bytes every time.
func TestRenderDeterministic(t *testing.T) {
	for _, d := range []string{"karzoral/field01", "karzoral/field02", "pathfinder/stolen-lands"} {
		p := compile(t, d)
		s := Plan(p)
		svg := SVG(s)
		dec := xml.NewDecoder(bytes.NewReader(svg))
		for {
			_, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: SVG is not well-formed: %v", d, err)
			}
		}
		a, err := PNG(s, 1)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := PNG(Plan(compile(t, d)), 1)
		if !bytes.Equal(a, b) || !bytes.Equal(svg, SVG(Plan(p))) {
			t.Errorf("%s: two renderings differ", d)
		}
		img, err := png.Decode(bytes.NewReader(a))
		if err != nil || img.Bounds().Dx() != int(s.W+0.5) || img.Bounds().Dy() != int(s.H+0.5) {
			t.Errorf("%s: PNG %v, %v; want %vx%v", d, err, img.Bounds(), s.W, s.H)
		}
	}
}

// K-8..K-10 on the bundled campaign: field00 is the prologue, then field01 (open at the start)
// unlocks field02 and field03 (the final one).
func TestCampaignGraph(t *testing.T) {
	abs, _ := filepath.Abs("../../scenarios/karzoral/campaign.cue")
	c, list, err := compiler.CompileCampaign(abs, compiler.Options{})
	if err != nil || c == nil {
		t.Fatal(err, list)
	}
	dot := string(CampaignDot(c))
	for _, e := range []string{`"field00" -> "field01" [style=dashed, label="then"];`, `"field01" -> "field02";`, `"field01" -> "field03";`} {
		if !strings.Contains(dot, e) {
			t.Errorf("dot lacks %s", e)
		}
	}
	if strings.Count(dot, "->") != 3 {
		t.Errorf("dot has %d edges, want 3", strings.Count(dot, "->"))
	}
	s, err := Campaign(c)
	if err != nil {
		t.Fatal(err)
	}
	got := texts(s)
	for _, w := range []string{"field00: Angel Awakening", "prologue (K-8)", "open at the start (K-9)", "final", "then"} {
		if got[w] == 0 {
			t.Errorf("campaign picture lacks %q", w)
		}
	}
	curves := 0
	for _, it := range s.Items {
		if it.Shape == Line && it.Curve {
			curves++
		}
	}
	if curves != 3 {
		t.Errorf("%d edges drawn, want 3", curves)
	}
	m := string(CampaignMermaid(c))
	if !strings.Contains(m, "s0 -.->|then| s1") || !strings.Contains(m, "s1 --> s3") {
		t.Errorf("mermaid:\n%s", m)
	}
}
