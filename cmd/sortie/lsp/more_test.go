package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

func (c *client) hoverText(uri string, p protocol.Position) string {
	c.t.Helper()
	var h struct {
		Contents protocol.MarkupContent `json:"contents"`
	}
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(p, 0)}, &h)
	return h.Contents.Value
}

func (c *client) complete(uri string, p protocol.Position) []string {
	c.t.Helper()
	var list protocol.CompletionList
	c.mustCall("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(p, 0)}, &list)
	return labels(list)
}

func openBundled(t *testing.T, c *client, rel, name string) (uri, text string) {
	dir := copyScenario(t, rel)
	file := filepath.Join(dir, name)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	uri = c.open(file, string(data), 1)
	if p := c.waitDiags(uri, 1); len(p.Diagnostics) != 0 {
		t.Fatalf("%s: %+v", rel, p.Diagnostics)
	}
	return uri, string(data)
}

// A Pathfinder scenario: hover on a hex, the first route step from the army's start hex, tactic
// names where a tactic is expected.
func TestPathfinderSession(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	uri, text := openBundled(t, c, "pathfinder/stolen-lands", "scenario.cue")
	h := c.hoverText(uri, lineOf(t, text, "ford: {at", 0))
	// ford is at [2, 0]; P-12's six neighbours [3,0] hills, [3,-1] thorn, [2,-1] -, [1,0]
	// greenbelt, [1,1] narlmarches, [2,1] -.
	if !strings.Contains(h, "hex at [2, 0]: river") || !strings.Contains(h, "neighbours: hills, thorn, greenbelt, narlmarches") {
		t.Errorf("hover on ford: %q", h)
	}
	// The orcs start in hills ([3, 0]): their first step may go to thorn [3, -1] or ford [2, 0],
	// or stay in hills.
	at := lineOf(t, text, `route: ["ford", "greenbelt", "tradepost"]`, 0)
	at.Character += uint32(len(`route: [`))
	if got := strings.Join(c.complete(uri, at), " "); got != "ford hills thorn" {
		t.Errorf("orcs' first route step: %q, want ford hills thorn", got)
	}
	at = lineOf(t, text, `"Relentless Brutality"`, 0)
	got := c.complete(uri, at)
	if len(got) < 10 || !contains(got, "Relentless Brutality") || !contains(got, "Defensive Wall") || contains(got, "ford") {
		t.Errorf("tactic completion: %q", got)
	}
	c.shutdown()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// A scenario in two files of one package (one is an unsaved buffer): both are vetted together,
// and a rename edits both.
func TestPackageTwoFiles(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../../testdata/compiler/ok/mini.cue")
	if err != nil {
		t.Fatal(err)
	}
	a := filepath.Join(dir, "a.cue")
	if err := os.WriteFile(a, src, 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServer(t, Options{})
	c.initialize()
	aURI := c.open(a, string(src), 1)
	c.waitDiags(aURI, 1)
	// b.cue, not saved: an event that spawns army foes and sends it to block c, which does not
	// exist (R001, in b.cue).
	b := filepath.Join(dir, "b.cue")
	bText := "package mini\n\nevents: more: {on: day: 2, do: [{spawn: \"foes\"}, {battle: \"nowhere\"}]}\n"
	bURI := c.open(b, bText, 1)
	p := c.waitDiags(bURI, 1)
	if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != "R001" || !strings.Contains(p.Diagnostics[0].Message, `unknown encounter "nowhere"`) {
		t.Fatalf("b.cue: %+v", p.Diagnostics)
	}
	// Rename army foes from its label in a.cue: a.cue's label and b.cue's spawn.
	var edit protocol.WorkspaceEdit
	text := string(src)
	c.mustCall("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": aURI}, "position": pos(lineOf(t, text, "foes", 0), 1), "newName": "raiders2"}, &edit)
	if len(edit.Changes[aURI]) != 1 || len(edit.Changes[bURI]) != 1 || edit.Changes[aURI][0].NewText != "raiders2" || edit.Changes[bURI][0].NewText != `"raiders2"` {
		t.Errorf("rename across files: %+v", edit.Changes)
	}
	// References of foes from b.cue's spawn find the label in a.cue.
	var locs []protocol.Location
	c.mustCall("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": bURI}, "position": pos(lineOf(t, bText, `"foes"`, 0), 2)}, &locs)
	if len(locs) != 1 || locs[0].URI != aURI {
		t.Errorf("definition from b.cue: %+v", locs)
	}
	c.shutdown()
}

// YAML: a route's next step in flow style, and field names under a block mapping.
func TestYAMLCompletion(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile("../../../testdata/compiler/ok/mini.yaml")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "mini.yaml")
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServer(t, Options{})
	c.initialize()
	text := string(src)
	uri := c.open(file, text, 1)
	c.waitDiags(uri, 1)
	// route: [b, a]: after b ([2, 0]) a step may go west to a ([1, 0], open) or stay; east [3, 0]
	// and the rest are not blocks.
	at := lineOf(t, text, "a], encounter", 0)
	if got := strings.Join(c.complete(uri, at), " "); got != "a b" {
		t.Errorf("route step after b: %q, want a b", got)
	}
	// A new key in the foes army: the #Army fields not yet given.
	text2 := strings.Replace(text, "  foes: {side: enemy, strength: 10, route: [b, a], encounter: raiders}\n",
		"  foes:\n    side: enemy\n    strength: 10\n    route: [b, a]\n    \n", 1)
	c.change(uri, 2, map[string]any{"text": text2})
	c.waitDiags(uri, 2)
	at = lineOf(t, text2, "route: [b, a]\n    ", 0)
	at.Line++
	at.Character = 4
	got := c.complete(uri, at)
	if !contains(got, "morale") || !contains(got, "encounter") || contains(got, "side") || contains(got, "route") {
		t.Errorf("army fields: %q", got)
	}
	c.shutdown()
}

// A campaign: its own findings (C002 for an unknown scenario), and it follows an open
// scenario's unsaved buffer.
func TestCampaignSession(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"field00", "field01", "field02", "field03"} {
		d := copyScenario(t, "karzoral/"+f)
		if err := os.Rename(d, filepath.Join(root, f)); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile("../../../scenarios/karzoral/campaign.cue")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "campaign.cue")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServer(t, Options{})
	c.initialize()
	text := string(data)
	uri := c.open(file, text, 1)
	if p := c.waitDiags(uri, 1); len(p.Diagnostics) != 0 {
		t.Fatalf("campaign as bundled: %+v", p.Diagnostics)
	}
	bad := strings.Replace(text, `unlocks: ["field02", "field03"]`, `unlocks: ["field02", "field04"]`, 1)
	c.change(uri, 2, map[string]any{"text": bad})
	p := c.waitDiags(uri, 2)
	codes := ""
	for _, d := range p.Diagnostics {
		codes += d.Code + " "
	}
	if !strings.Contains(codes, "C002") {
		t.Errorf("campaign with field04: %q", codes)
	}
	// Hover on a scenario key: its path and what a clear unlocks (K-10).
	if h := c.hoverText(uri, lineOf(t, bad, "field01: {", 0)); !strings.Contains(h, "a clear unlocks field02, field04") {
		t.Errorf("hover on field01: %q", h)
	}
	c.shutdown()
}

// A handler that panics is answered with an internal error; the server goes on.
func TestHandlerPanic(t *testing.T) {
	s := newServer(context.Background(), Options{})
	s.h.TextDocumentHover = func(*glsp.Context, *protocol.HoverParams) (*protocol.Hover, error) { panic("boom") }
	s.h.SetInitialized(true)
	params := json.RawMessage(`{"textDocument": {"uri": "file:///x.cue"}, "position": {"line": 0, "character": 0}}`)
	_, err := s.dispatch(nil, &jsonrpc2.Request{Method: "textDocument/hover", Params: &params})
	var je *jsonrpc2.Error
	if !errors.As(err, &je) || je.Code != codeInternalError || !strings.Contains(je.Message, "boom") {
		t.Errorf("dispatch: %v", err)
	}
}
