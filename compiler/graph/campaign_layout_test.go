package graph

import (
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
)

// K-8..K-10 on the bundled campaign, laid out without Graphviz: the prologue field00 in the first
// column, field01 (open at the start, K-9) in the second, field02 and field03 (unlocked by
// field01's clear, K-10) in the third, one above the other; no two boxes overlap; every edge
// leaves its tail's right side and ends on its head's left side.
func TestCampaignLayoutColumns(t *testing.T) {
	abs, _ := filepath.Abs("../../scenarios/karzoral/campaign.cue")
	c, list, err := compiler.CompileCampaign(abs, compiler.Options{})
	if err != nil || c == nil {
		t.Fatal(err, list)
	}
	nodes := campaignNodes(c)
	edges, _ := campaignEdges(c)
	lay := layoutCampaign(nodes, edges)
	at := map[string]placed{}
	for i, n := range nodes {
		at[n.id] = lay.nodes[i]
	}
	f0, f1, f2, f3 := at["field00"], at["field01"], at["field02"], at["field03"]
	if !(f0.x < f1.x && f1.x < f2.x && f2.x == f3.x) {
		t.Errorf("columns: field00 %.0f, field01 %.0f, field02 %.0f, field03 %.0f", f0.x, f1.x, f2.x, f3.x)
	}
	if f2.y == f3.y {
		t.Errorf("field02 and field03 at the same height %.0f", f2.y)
	}
	for i := range lay.nodes {
		for j := i + 1; j < len(lay.nodes); j++ {
			a, b := lay.nodes[i], lay.nodes[j]
			if absf(a.x-b.x) < (a.w+b.w)/2 && absf(a.y-b.y) < (a.h+b.h)/2 {
				t.Errorf("boxes %s and %s overlap", nodes[i].id, nodes[j].id)
			}
		}
	}
	for _, e := range lay.edges {
		a, b := lay.nodes[e.from], lay.nodes[e.to]
		if p := e.pts[0]; p.X != a.x+a.w/2 || p.Y != a.y {
			t.Errorf("edge %d->%d leaves at %v, not the tail's right side", e.from, e.to, p)
		}
		if p := e.pts[3]; p.X != b.x-b.w/2 || p.Y != b.y {
			t.Errorf("edge %d->%d ends at %v, not the head's left side", e.from, e.to, p)
		}
	}
	if lay.w <= 0 || lay.h <= 0 {
		t.Errorf("size %.0fx%.0f", lay.w, lay.h)
	}
}

// An unlock cycle (a vet error, but graph still draws) and a self-loop end: the cycle's closing
// edge is drawn under the boxes, and the layout is the same on every call (deterministic).
func TestCampaignLayoutCycle(t *testing.T) {
	nodes := []campaignNode{{id: "a", lines: []string{"a"}}, {id: "b", lines: []string{"b"}}, {id: "c", lines: []string{"c"}}}
	edges := [][2]int{{0, 1}, {1, 2}, {2, 0}, {1, 1}}
	lay := layoutCampaign(nodes, edges)
	if !(lay.nodes[0].x < lay.nodes[1].x && lay.nodes[1].x < lay.nodes[2].x) {
		t.Fatalf("a, b, c not in three columns: %+v", lay.nodes)
	}
	back := lay.edges[2]
	if back.pts[1].Y <= lay.nodes[0].y+lay.nodes[0].h/2 || back.pts[1].Y > lay.h {
		t.Errorf("the closing edge c->a does not run under the boxes inside the picture: %v (height %.0f)", back.pts, lay.h)
	}
	again := layoutCampaign(nodes, edges)
	for i := range lay.edges {
		for k := range lay.edges[i].pts {
			if lay.edges[i].pts[k] != again.edges[i].pts[k] {
				t.Fatal("two layouts of the same graph differ")
			}
		}
	}
}

func absf(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
