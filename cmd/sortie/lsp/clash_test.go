package lsp

import (
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// A clash battle (hill): hover on a unit named by a solo's join, go to its definition, its
// references, completion of a creature (the battle's own and the library's: at the pikes' thug),
// and rename (a library name is not renamed: the file does not declare it).
func TestClashSession(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	uri, text := openBundled(t, c, "clash/hill", "hill.cue")
	join := lineOf(t, text, `join: "pikes"`, 0)
	join.Character += uint32(len(`join: "`))
	if h := c.hoverText(uri, join); !strings.Contains(h, "**unit** `pikes`") || !strings.Contains(h, "Hill pikes: regiment unit of side garrison") {
		t.Errorf("hover on join: %q", h)
	}
	var locs []protocol.Location
	c.mustCall("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(join, 0)}, &locs)
	decl := lineOf(t, text, "pikes: {", 0) // the unit's label
	if len(locs) != 1 || locs[0].Range.Start != decl {
		t.Errorf("definition of pikes: %+v, want %v", locs, decl)
	}
	var refs []protocol.Location
	c.mustCall("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(join, 0),
		"context": map[string]any{"includeDeclaration": true}}, &refs)
	if len(refs) != 3 { // the label, the join, the attrition key of crush
		t.Errorf("references of pikes: %+v", refs)
	}
	at := lineOf(t, text, `creature:      "thug"`, 0) // the pikes' stat block, the library's thug
	at.Character += uint32(len(`creature:      "`))
	got := c.complete(uri, at)
	if !contains(got, "apprentice") || !contains(got, "guard") || !contains(got, "hill-giant") || contains(got, "fireball") || contains(got, "pikes") {
		t.Errorf("creature completion: %q", got)
	}
	var edit protocol.WorkspaceEdit
	c.mustCall("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(join, 0), "newName": "spears"}, &edit)
	if es := edit.Changes[uri]; len(es) != 3 || es[0].NewText != "spears" || es[1].NewText != `"spears"` || es[2].NewText != "spears" {
		t.Errorf("rename pikes: %+v", edit.Changes)
	}
	thug := at
	if err := c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(thug, 0), "newName": "warden"}, &edit); err == nil || !strings.Contains(err.Error(), "not declared in this file") {
		t.Errorf("rename of the library's thug: %v", err)
	}
	c.shutdown()
}

// The VP beside each objective of a clash battle, and its side's balance (issue 27 item 4;
// U-65 VP, U-68 Protection, U-69 custom objectives, U-70 balance). By hand from hill.cue: the
// garrison holds the hilltop for 1 VP a round (every: round) and repels the legion for 3 + 3 + 2
// = 8 VP in 3 chances (an attrition of three units): 8 VP (3 chances) + 1 VP a round in all. The
// legion takes the hill for 2 VP a round, silences the tower once for 3 VP and crushes the
// garrison for 3 + 2 = 5 VP in 2 chances: 3 + 5 = 8 VP (3 chances) + 2 VP a round.
func TestClashObjectiveVPInlayHints(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	uri, text := openBundled(t, c, "clash/hill", "hill.cue")
	var hs []inlayHint
	c.mustCall(methodInlayHint, map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": map[string]any{"start": lineOf(t, text, "objectives: {", 0), "end": lineOf(t, text, "creatures: apprentice", 0)}}, &hs)
	got := map[protocol.Position]string{}
	for _, h := range hs {
		got[h.Position] = h.Label
	}
	garrison, legion := "garrison: 8 VP (3 chances) + 1 VP a round:", "legion: 8 VP (3 chances) + 2 VP a round:"
	for _, w := range []struct{ label, want string }{
		{"hold: {", "1 VP a round · " + garrison},
		{"repel: {", "8 VP (3 chances) · " + garrison},
		{"take: {", "2 VP a round · " + legion},
		{"wizard: {", "3 VP · " + legion},
		{"crush: {", "5 VP (2 chances) · " + legion},
	} {
		if p := lineOf(t, text, w.label, 0); got[p] != w.want {
			t.Errorf("hint before %s: %q, want %q", w.label, got[p], w.want)
		}
	}
	if len(hs) != 5 {
		t.Errorf("hints %+v, want the five objectives'", hs)
	}
	c.shutdown()
}
