package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The edited span of two texts, and offsets carried across it (issue 27 item 6), worked by hand.
func TestDiffSpanCarry(t *testing.T) {
	// "XY\n" inserted at the start of line 2: old "ab\ncd\n" (11 bytes would not matter).
	e := diffSpan([]byte("ab\ncd\n"), []byte("ab\nXY\ncd\n"))
	if e != (edit{from: 3, oldEnd: 3, newEnd: 6}) {
		t.Fatalf("insert: %+v", e)
	}
	for _, c := range []struct{ old, want int }{{0, 0}, {2, 2}, {3, 6}, {4, 7}, {6, 9}} {
		if got, ok := e.carry(c.old); !ok || got != c.want {
			t.Errorf("insert: carry(%d) = %d, %v; want %d", c.old, got, ok, c.want)
		}
	}
	// The same line deleted: an offset inside it is lost, the text after it moves back 3.
	e = diffSpan([]byte("ab\nXY\ncd\n"), []byte("ab\ncd\n"))
	if e != (edit{from: 3, oldEnd: 6, newEnd: 3}) {
		t.Fatalf("delete: %+v", e)
	}
	if _, ok := e.carry(4); ok {
		t.Error("delete: an offset inside the deleted line was carried")
	}
	if got, ok := e.carry(6); !ok || got != 3 {
		t.Errorf("delete: carry(6) = %d, %v; want 3", got, ok)
	}
	// A repeated text: the suffix does not overlap the prefix ("aaa" -> "aaaa": one a added at 3).
	if e := diffSpan([]byte("aaa"), []byte("aaaa")); e != (edit{from: 3, oldEnd: 3, newEnd: 4}) {
		t.Errorf("repeat: %+v", e)
	}
	// lineCol: offset 7 of "ab\nXY\ncd\n" is 'd', line 3 column 2.
	if l, c := newText([]byte("ab\nXY\ncd\n")).lineCol(7); l != 3 || c != 2 {
		t.Errorf("lineCol(7) = %d:%d, want 3:2", l, c)
	}
}

// holdAnalysis makes every full evaluation wait until the returned release is called (or its
// evaluation is cancelled); the fast path is not held.
func holdAnalysis(t *testing.T) (release func()) {
	ch := make(chan struct{})
	testHookAnalyze = func(ctx context.Context) {
		select {
		case <-ch:
		case <-ctx.Done():
		}
	}
	once := false
	release = func() {
		if !once {
			once = true
			close(ch)
		}
	}
	t.Cleanup(func() { release(); testHookAnalyze = nil })
	return release
}

// A small YAML buffer, once its unit has an index, takes the fast path (issue 27 item 6): a
// change's finding is published while the full evaluation is held back, and meanwhile hover,
// definition and references answer from the last index carried across the edit (a line of
// three added above everything: each place moves down three lines); rename waits for the index.
func TestCarriedIndexWhileFastPath(t *testing.T) {
	skipWithoutFastPath(t)
	dir := t.TempDir()
	for _, name := range []string{"scenario.yaml", "win.yaml"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "fix", "karzoral", name))
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
	c := startServer(t, Options{})
	c.initialize()
	uri := c.open(file, text, 1)
	if p := c.waitDiags(uri, 1); len(p.Diagnostics) != 0 {
		t.Fatalf("version 1: %+v", p.Diagnostics)
	}
	release := holdAnalysis(t)
	// Two edits in one change, as an editor sends them: the militia's route misspelt, then three
	// comment lines on top (findings from the fast path).
	step := lineOf(t, text, "route: [ford]", 0)
	step.Character += protocol.UInteger(len("route: ["))
	end := step
	end.Character += 4
	c.change(uri, 2, map[string]any{"range": map[string]any{"start": step, "end": end}, "text": "frod"},
		map[string]any{"range": map[string]any{"start": protocol.Position{}, "end": protocol.Position{}}, "text": "# one\n# two\n# three\n"})
	bad := "# one\n# two\n# three\n" + strings.Replace(text, "route: [ford]", "route: [frod]", 1)
	p := c.waitDiags(uri, 2)
	// R001 for frod, and L009: the militia no longer meets the raiders, so the W001 the file
	// suppresses is not found.
	if len(p.Diagnostics) != 2 || p.Diagnostics[0].Code != "L009" || p.Diagnostics[1].Code != "R001" {
		t.Fatalf("version 2 (fast path, the evaluation held): %+v", p.Diagnostics)
	}
	// Hover on the block cross's label: from the carried index, ranging over the label as it is
	// now (three lines further down than in version 1).
	oldDecl := lineOf(t, text, "cross: {at", 0)
	decl := lineOf(t, bad, "cross: {at", 0)
	if decl.Line != oldDecl.Line+3 {
		t.Fatalf("test text: line %d, want %d", decl.Line, oldDecl.Line+3)
	}
	var h struct {
		Contents protocol.MarkupContent `json:"contents"`
		Range    *protocol.Range        `json:"range"`
	}
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(decl, 1)}, &h)
	// Declared on line 34 now: 31 in version 1, three lines added above.
	if v := h.Contents.Value; !strings.Contains(v, "block at [2, 2]") || !strings.Contains(v, "declared at ./scenario.yaml:34:5") {
		t.Errorf("hover on cross while the index is held: %q", v)
	}
	if h.Range == nil || h.Range.Start != decl || h.Range.End.Character != decl.Character+5 {
		t.Errorf("hover range %+v, want line %d from %d to %d", h.Range, decl.Line, decl.Character, decl.Character+5)
	}
	// Definition of the ford named in the raiders' route goes to ford's label, moved down three.
	ref := lineOf(t, bad, "bank, ford]", 0)
	ref.Character += protocol.UInteger(len("bank, "))
	var locs []protocol.Location
	c.mustCall("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(ref, 1)}, &locs)
	fordDecl := lineOf(t, bad, "ford: {at", 0)
	if len(locs) != 1 || locs[0].Range.Start != fordDecl {
		t.Errorf("definition of ford: %+v, want %v", locs, fordDecl)
	}
	// References of ford: its label and every use but the one edited (frod is not ford).
	var refs []protocol.Location
	c.mustCall("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(fordDecl, 1),
		"context": map[string]any{"includeDeclaration": true}}, &refs)
	for _, r := range refs {
		got := string(newText([]byte(bad)).src[newText([]byte(bad)).offset(r.Range.Start):newText([]byte(bad)).offset(r.Range.End)])
		if got != "ford" {
			t.Errorf("reference at %+v reads %q, want ford", r.Range, got)
		}
	}
	if len(refs) < 2 {
		t.Errorf("references of ford: %+v", refs)
	}
	// Rename waits for the index of the text vetted.
	var edit protocol.WorkspaceEdit
	if err := c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(fordDecl, 1), "newName": "fjord"}, &edit); err == nil {
		t.Errorf("rename from a carried index: %+v", edit)
	}
	release()
	// Once the full evaluation is in, rename answers: ford's label and its uses, frod not.
	deadline := time.Now().Add(20 * time.Second)
	for c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(fordDecl, 1), "newName": "fjord"}, &edit) != nil {
		if time.Now().After(deadline) {
			t.Fatal("rename never answered after the evaluation")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if es := edit.Changes[uri]; len(es) != len(refs) || es[0].Range.Start != fordDecl {
		t.Errorf("rename: %+v, want %d edits from %v", es, len(refs), fordDecl)
	}
	c.shutdown()
}

// A CUE buffer that is plain data and its package's only file takes the fast path too (issue 27
// item 6): with the full evaluation held back, a change of field01 gets its two A001 (the route
// step 06 is next to neither 03 nor 09, K-22) from the fast path, and hover answers from the
// carried index.
func TestCUEBufferFastPath(t *testing.T) {
	skipWithoutFastPath(t)
	c, uri, text := field01Session(t, Options{})
	release := holdAnalysis(t)
	c.change(uri, 2, map[string]any{"text": mistake(text, true)})
	p := c.waitDiags(uri, 2)
	if len(p.Diagnostics) != 2 || p.Diagnostics[0].Code != "A001" || p.Diagnostics[1].Code != "A001" {
		t.Fatalf("version 2 (the evaluation held): %+v", p.Diagnostics)
	}
	if h := c.hoverText(uri, lineOf(t, text, `"05": {at`, 0)); !strings.Contains(h, "block at [4, 2]") {
		t.Errorf("hover on 05 while the index is held: %q", h)
	}
	release()
	c.shutdown()
}

// skipWithoutFastPath skips a test of the editor's fast path when SORTIE_VET_PATH=cue turns the
// fast path off: CI runs the package a second time so, and such a test holds the full evaluation
// back and can pass only through the fast path; the first run, with the fast path on, tests it.
func skipWithoutFastPath(t *testing.T) {
	t.Helper()
	if os.Getenv("SORTIE_VET_PATH") == "cue" {
		t.Skip("SORTIE_VET_PATH=cue turns the fast path off; this test of it runs in the default run")
	}
}
