package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// A clash battle's stands (issue 27 items 3 and 4): under each unit in the outline, and their hp
// and speed as inlay hints before each stand. By hand from the bundled hill battle and the SRD
// library (schema/srd/creatures.cue): the pikes are thugs, 32 hp and a 30-ft walk, so each stand
// has hp 32 (U-6: one creature's maximum hp) and speed 30 ÷ 5 = 6 squares (U-3); the legion's
// hobgoblins 11 hp, 6 squares; the adepts are the battle's own apprentice, 13 hp, 30 ft: 6.
func TestClashStandsOutlineAndInlayHints(t *testing.T) {
	c := startServer(t, Options{})
	var r struct {
		Capabilities struct {
			InlayHintProvider      bool `json:"inlayHintProvider"`
			DocumentSymbolProvider bool `json:"documentSymbolProvider"`
		} `json:"capabilities"`
	}
	c.mustCall("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &r)
	c.notify("initialized", map[string]any{})
	if !r.Capabilities.InlayHintProvider || !r.Capabilities.DocumentSymbolProvider {
		t.Fatalf("capabilities %+v", r.Capabilities)
	}
	uri, text := openBundled(t, c, "clash/hill", "hill.cue")

	var outline []wireSymbol
	c.mustCall("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &outline)
	var pikes *wireSymbol
	for i, g := range outline {
		for j, s := range g.Children {
			if g.Name == "units" && s.Name == "pikes" {
				pikes = &outline[i].Children[j]
			}
		}
	}
	if pikes == nil {
		t.Fatalf("no unit pikes in the outline %+v", outline)
	}
	var stands []string
	for _, s := range pikes.Children {
		stands = append(stands, s.Name+" "+s.Detail)
	}
	want := "stand 1 at [6, 5]: hp 32, speed 6 squares (U-6)|stand 2 at [7, 5]: hp 32, speed 6 squares (U-6)|" +
		"stand 3 at [6, 6]: hp 32, speed 6 squares (U-6)|stand 4 at [7, 6]: hp 32, speed 6 squares (U-6)"
	if got := strings.Join(stands, "|"); got != want {
		t.Errorf("the pikes' stands:\n%s\nwant\n%s", got, want)
	}
	if first := lineOf(t, text, "{at: [6, 5]}", 0); len(pikes.Children) > 0 && pikes.Children[0].Range.Start != first {
		t.Errorf("stand 1 at %v, want %v", pikes.Children[0].Range.Start, first)
	}

	// Workspace symbols: the stands by "UNIT stand N", in their unit.
	var ws []protocol.SymbolInformation
	c.mustCall("workspace/symbol", map[string]any{"query": "pikes stand"}, &ws)
	var names []string
	for _, w := range ws {
		names = append(names, w.Name+" in "+*w.ContainerName)
	}
	if got := strings.Join(names, "|"); got != "pikes stand 1 in unit pikes|pikes stand 2 in unit pikes|pikes stand 3 in unit pikes|pikes stand 4 in unit pikes" {
		t.Errorf("workspace symbols for %q: %s", "pikes stand", got)
	}
	if len(ws) > 0 && (ws[0].Location.URI != uri || ws[0].Location.Range.Start != lineOf(t, text, "{at: [6, 5]}", 0)) {
		t.Errorf("pikes stand 1 at %+v", ws[0].Location)
	}

	hints := func(start, end protocol.Position) map[string]string {
		var hs []inlayHint
		c.mustCall(methodInlayHint, map[string]any{"textDocument": map[string]any{"uri": uri},
			"range": map[string]any{"start": start, "end": end}}, &hs)
		out := map[string]string{}
		for _, h := range hs {
			out[fmt.Sprintf("%d:%d", h.Position.Line, h.Position.Character)] = h.Label
		}
		return out
	}
	all := hints(protocol.Position{}, lineOf(t, text, "creatures:", 0))
	for _, w := range []struct{ stand, label string }{
		{"{at: [6, 5]}", "hp 32 · 6 sq:"}, {"{at: [7, 6]}", "hp 32 · 6 sq:"},
		{"{at: [5, 11]}", "hp 11 · 6 sq:"}, {"{at: [8, 6]}", "hp 13 · 6 sq:"},
	} {
		p := lineOf(t, text, w.stand, 0)
		if got := all[fmt.Sprintf("%d:%d", p.Line, p.Character)]; got != w.label {
			t.Errorf("hint before %s: %q, want %q (all: %v)", w.stand, got, w.label, all)
		}
	}
	// A range of one line: that line's hints only (the pikes' four stands).
	line := lineOf(t, text, "{at: [6, 5]}", 0).Line
	if one := hints(protocol.Position{Line: line}, protocol.Position{Line: line + 1}); len(one) != 4 {
		t.Errorf("hints on the pikes' line: %v", one)
	}
	// Stale text: no hints until the result catches up; bad parameters: an error.
	c.change(uri, 2, map[string]any{"text": "\n" + text})
	if err := c.call(methodInlayHint, map[string]any{"textDocument": 7}, nil); err == nil {
		t.Error("inlayHint with a number for textDocument: no error")
	}
	c.waitDiags(uri, 2)
	// The fast path's findings come first; the hints come with the index of the new text.
	deadline := time.Now().Add(20 * time.Second)
	for {
		moved := hints(protocol.Position{Line: line + 1}, protocol.Position{Line: line + 2})
		if len(moved) == 4 {
			break
		}
		if len(moved) != 0 || time.Now().After(deadline) {
			t.Fatalf("hints after a line was added above: %v", moved)
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.shutdown()
}

// A Pathfinder army's derived statistics as an inlay hint before its label (issue 27 item 4).
// By hand from testdata/fix/pathfinder (RULES.md P-2..P-5): the guard, 200 CR 1 warriors, are
// Large: ACR 3; hp floor(3 × 5.5) = 16 (d10); OM 3 + 1 (improved weapons) = +4; DV 10 + 3 + 1
// (improved armour) = 14. The bandits, Medium CR 1/2: ACR 1/2; hp floor(0.5 × 4.5) = 2 (d8); OM
// floor(1/2) = +0 and DV 10 + 0 = 10 (P-5's Default: floor(ACR)).
// Consumption (P-11, P-66): the guard max(1, floor(3/2)) = 1, plus improved armour and improved
// weapons, 1 BP each scaled ×2 for a Large army = 4: 5 BP a week; the bandits max(1, floor(1/2
// / 2)) = 1 and no resources: 1 BP a week.
func TestPathfinderArmyInlayHints(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	dir := t.TempDir()
	for _, name := range []string{"scenario.yaml", "win.yaml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "fix", "pathfinder", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(dir, "scenario.yaml")
	data, _ := os.ReadFile(file)
	text := string(data)
	uri := c.open(file, text, 1)
	if p := c.waitDiags(uri, 1); len(p.Diagnostics) != 0 {
		t.Fatalf("diagnostics %+v", p.Diagnostics)
	}
	var hs []inlayHint
	c.mustCall(methodInlayHint, map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": map[string]any{"start": protocol.Position{}, "end": lineOf(t, text, "objectives:", 0)}}, &hs)
	got := map[protocol.Position]string{}
	for _, h := range hs {
		got[h.Position] = h.Label
	}
	for _, w := range []struct{ label, want string }{
		{"  guard:", "ACR 3 · hp 16 · OM +4 · DV 14 · 5 BP/week:"},
		{"  bandits:", "ACR 1/2 · hp 2 · OM +0 · DV 10 · 1 BP/week:"},
	} {
		p := lineOf(t, text, w.label, 0)
		p.Character += 2
		if got[p] != w.want {
			t.Errorf("hint before %s: %q, want %q (all %v)", w.label, got[p], w.want, got)
		}
	}
	if len(hs) != 2 {
		t.Errorf("hints %+v, want the two armies'", hs)
	}
	c.shutdown()
}

// A Karzoral army's route: the day it reaches each step (K-22: one block a day at speed 1) as an
// inlay hint before the step. By hand from testdata/fix/karzoral: the raiders' route [tower,
// tower, stair, bank, ford] starts at the tower, holds it on day 1 and reaches the stair on day
// 2, the bank on day 3 and the ford on day 4 (as the template's comment says); the militia's
// route [ford] is its start only: no day.
// The forecast meeting (K-22, K-24): the militia (friendly, 30) holds the ford from day 1; the
// raiders (enemy, 40, speed 1) reach it on day 4, where the two meet in a strength battle, 30
// against 40 (the militia is wiped out, K-25: the W001 the file suppresses). So the ford of the
// raiders' route reads "day 4 · meets militia on day 4 (40 vs 30)" and the militia's only step
// "meets raiders on day 4 (30 vs 40)".
func TestKarzoralRouteInlayHints(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	file, text := yamlScenario(t)
	uri := c.open(file, text, 1)
	c.waitDiags(uri, 1)
	var hs []inlayHint
	c.mustCall(methodInlayHint, map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": map[string]any{"start": protocol.Position{}, "end": lineOf(t, text, "encounters:", 0)}}, &hs)
	route := lineOf(t, text, "route: [tower, tower, stair, bank, ford]", 0)
	var got []string
	for _, h := range hs {
		if h.Position.Line == route.Line {
			got = append(got, fmt.Sprintf("%s@%s", h.Label, text[lineOffset(text, route)+int(h.Position.Character):][:4]))
		}
	}
	if want := "day 1:@towe day 2:@stai day 3:@bank day 4 · meets militia on day 4 (40 vs 30):@ford"; strings.Join(got, " ") != want || len(hs) != 5 {
		t.Errorf("route hints %q (of %d), want %q", strings.Join(got, " "), len(hs), want)
	}
	militia := lineOf(t, text, "route: [ford]", 0)
	militia.Character += protocol.UInteger(len("route: ["))
	found := false
	for _, h := range hs {
		if h.Position == militia {
			found = h.Label == "meets raiders on day 4 (30 vs 40):"
			if !found {
				t.Errorf("the militia's hint %q", h.Label)
			}
		}
	}
	if !found {
		t.Errorf("no hint at the militia's ford (%v): %+v", militia, hs)
	}
	c.shutdown()
}

// lineOffset is the byte offset of the start of p's line in text.
func lineOffset(text string, p protocol.Position) int {
	off := 0
	for l := uint32(0); l < p.Line; l++ {
		off += strings.IndexByte(text[off:], '\n') + 1
	}
	return off
}

// forecastSession opens the template with edits and returns the inlay hint at the route line at,
// skip bytes after "route: [", and the published diagnostics.
func forecastSession(t *testing.T, at string, skip int, edits ...string) (hint string, diags []wireDiag) {
	t.Helper()
	c := startServer(t, Options{})
	c.initialize()
	file, text := yamlScenario(t, edits...)
	uri := c.open(file, text, 1)
	diags = c.waitDiags(uri, 1).Diagnostics
	var hs []inlayHint
	c.mustCall(methodInlayHint, map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": map[string]any{"start": protocol.Position{}, "end": lineOf(t, text, "encounters:", 0)}}, &hs)
	p := lineOf(t, text, at, 0)
	p.Character += protocol.UInteger(len("route: [") + skip)
	for _, h := range hs {
		if h.Position == p {
			hint = h.Label
		}
	}
	c.shutdown()
	return hint, diags
}

// K-24 as corrected 2026-12-01: a battle happens as an army moves into a block holding an opposing
// army, friendly armies first. By hand: the militia (30) steps from the ford to the bank on day 1,
// where the raiders (40) still stand (they move after it): d = min(30, 40) = 30, the militia is
// at 0 and the scenario fails (K-25). The two armies trade blocks; the old forecast (every army
// moved, then shared blocks) let them pass.
func TestForecastSwappingArmiesFightK24(t *testing.T) {
	hint, diags := forecastSession(t, "route: [ford, bank]", len("ford, "),
		`armies: # @sortie(ignore="W001", reason="by design: the party must burn the powder (40 -> 20) or the militia falls at the ford on day 4")`, "armies:",
		"route: [ford]", "route: [ford, bank]", "route: [tower, tower, stair, bank, ford]", "route: [bank, ford, cross]")
	if want := "day 1 · meets raiders on day 1 (30 vs 40):"; hint != want {
		t.Errorf("hint at the militia's bank %q, want %q", hint, want)
	}
	found := false
	for _, d := range diags {
		if d.Code == "W001" {
			found = strings.Contains(d.Message, "militia meets raiders on day 1 at block bank and is destroyed (30 vs 40)")
		}
	}
	if !found {
		t.Errorf("no W001 for the militia at the bank: %+v", diags)
	}
}

// K-24 with speed 2 (K-22: speed steps a day): the raiders (40) pass the bank on their way from the
// stair to the ford on day 1, and the militia (30) holds the bank: they fight there, on entry,
// d = 30, the militia is at 0 (K-25). The old forecast only looked at where the raiders ended.
func TestForecastFastArmyMeetsOnItsWayK24(t *testing.T) {
	hint, diags := forecastSession(t, "route: [bank]", 0,
		`armies: # @sortie(ignore="W001", reason="by design: the party must burn the powder (40 -> 20) or the militia falls at the ford on day 4")`, "armies:",
		"route: [ford]", "route: [bank]", "route: [tower, tower, stair, bank, ford]", "route: [stair, bank, ford]",
		"    strength: 40\n", "    strength: 40\n    speed: 2\n")
	if want := "meets raiders on day 1 (30 vs 40):"; hint != want {
		t.Errorf("hint at the militia's bank %q, want %q", hint, want)
	}
	found := false
	for _, d := range diags {
		if d.Code == "W001" {
			found = strings.Contains(d.Message, "militia meets raiders on day 1 at block bank and is destroyed (30 vs 40)")
		}
	}
	if !found {
		t.Errorf("no W001 for the militia at the bank: %+v", diags)
	}
}

// After an edit, inlayHint answers none until the new index comes; the server then asks a client
// that supports it to ask again (workspace/inlayHint/refresh), and the hints of the new text
// are there. A client that did not say it supports the request gets none.
func TestInlayHintRefreshAfterEdit(t *testing.T) {
	for _, supports := range []bool{true, false} {
		c := startServer(t, Options{})
		var r protocol.InitializeResult
		c.mustCall("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{
			"workspace": map[string]any{"inlayHint": map[string]any{"refreshSupport": supports}}}}, &r)
		c.notify("initialized", map[string]any{})
		file, text := yamlScenario(t)
		uri := c.open(file, text, 1)
		c.waitDiags(uri, 1)
		count := func() int {
			c.mu.Lock()
			defer c.mu.Unlock()
			return c.refreshes
		}
		before := count()
		edited := strings.Replace(text, "route: [ford]", "route: [ford, ford]", 1)
		c.change(uri, 2, map[string]any{"text": edited})
		c.waitDiags(uri, 2)
		deadline := time.Now().Add(20 * time.Second)
		for supports && count() == before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		var hs []inlayHint
		c.mustCall(methodInlayHint, map[string]any{"textDocument": map[string]any{"uri": uri},
			"range": map[string]any{"start": protocol.Position{}, "end": lineOf(t, edited, "encounters:", 0)}}, &hs)
		switch {
		case supports && count() == before:
			t.Errorf("no %s after the edit's index came", methodInlayRefresh)
		case supports && len(hs) == 0:
			t.Errorf("no hints after the refresh")
		case !supports && count() != 0:
			t.Errorf("%d refreshes sent to a client without refreshSupport", count())
		}
		c.shutdown()
	}
}
