package lsp

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// A whole session on a copy of field01, driven with real LSP messages over a pipe: initialize,
// didOpen, didChange, hover, definition, references, completion, rename, shutdown and exit.
func TestSessionField01(t *testing.T) {
	dir := copyScenario(t, "karzoral/field01")
	file := filepath.Join(dir, "field01.cue")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	c := startServer(t, Options{})
	init := c.initialize()
	if init.Capabilities.HoverProvider != true || init.Capabilities.CompletionProvider == nil {
		t.Fatalf("capabilities %+v", init.Capabilities)
	}
	uri := c.open(file, text, 1)
	if p := c.waitDiags(uri, 1); len(p.Diagnostics) != 0 {
		t.Fatalf("field01 as bundled: %+v", p.Diagnostics)
	}

	// didChange (incremental): the mercenaries' route steps from 03 to 06 instead of 05. 03 is at
	// [4, 3], 06 at [5, 2]: not adjacent (A001), and 06 to 09 ([4, 1]) neither.
	at := lineOf(t, text, `"05", "09"]`, 0)
	c.change(uri, 2, map[string]any{"range": map[string]any{"start": pos(at, 1), "end": pos(at, 3)}, "text": "06"})
	p := c.waitDiags(uri, 2)
	if len(p.Diagnostics) != 2 {
		t.Fatalf("after the change: %+v", p.Diagnostics)
	}
	d := p.Diagnostics[0]
	if d.Code != "A001" || d.Severity != int(protocol.DiagnosticSeverityError) || d.Source != "sortie" {
		t.Errorf("diagnostic %+v, want an A001 error", d)
	}
	// The finding is at the step "06": its range covers the quoted token, 4 characters.
	if d.Range.Start.Line != at.Line || d.Range.Start.Character != at.Character || d.Range.End.Character != at.Character+4 {
		t.Errorf("range %+v, want line %d characters %d-%d", d.Range, at.Line, at.Character, at.Character+4)
	}
	if d.CodeDescription == nil || !strings.HasSuffix(d.CodeDescription.Href, "#a001") {
		t.Errorf("codeDescription %+v", d.CodeDescription)
	}
	if !strings.Contains(d.Message, `"06" is not next to "03"`) || !strings.Contains(d.Message, "\nhint: ") {
		t.Errorf("message %q", d.Message)
	}
	// And back: the diagnostics clear.
	c.change(uri, 3, map[string]any{"text": text})
	if p := c.waitDiags(uri, 3); len(p.Diagnostics) != 0 {
		t.Fatalf("after undoing: %+v", p.Diagnostics)
	}

	hover := func(sub string, n, d int) string {
		t.Helper()
		var h struct {
			Contents protocol.MarkupContent `json:"contents"`
		}
		c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(lineOf(t, text, sub, n), d)}, &h)
		return h.Contents.Value
	}
	// Hover on block 05's label: coordinates, terrain, one-way, exits (K-32: 05 at [4, 2] is
	// entered only from the south; north [4, 1] is 09, east [5, 2] 06, south [4, 3] 03).
	h := hover(`"05": {at`, 0, 1)
	for _, want := range []string{"**block** `05`", "block at [4, 2]: mountain pass", "entered only from the south", "exits: north 09, east 06, south 03", "declared at ./field01.cue:41:3; 1 reference\n"} {
		if !strings.Contains(h, want) {
			t.Errorf("hover on 05: %q lacks %q", h, want)
		}
	}
	// Hover on the army: its route with days (speed 1: route[i] on day i).
	h = hover("boggardWarband: {", 0, 2)
	if !strings.Contains(h, "route: start gate, day 1 gate, day 2 11, day 3 10, day 4 10, day 5 09, then holds") {
		t.Errorf("hover on boggardWarband: %q", h)
	}
	// Hover on the code in the suppression: its explain page.
	if h = hover(`"W001"`, 0, 2); !strings.Contains(h, "**W001**") {
		t.Errorf("hover on W001: %q", h)
	}
	// Hover on a field label: the schema's type.
	if h = hover("strength: 60", 0, 2); !strings.Contains(h, "**strength**: an int") {
		t.Errorf("hover on strength: %q", h)
	}

	// Definition of a route step: the block's label (line of `"09": {at`).
	var locs []protocol.Location
	c.mustCall("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(lineOf(t, text, `"09"]`, 0), 1)}, &locs)
	if want := lineOf(t, text, `"09": {at`, 0); len(locs) != 1 || locs[0].Range.Start != want {
		t.Errorf("definition of 09: %+v, want %+v", locs, want)
	}
	// References of 09: both armies end their routes there, and the declaration.
	c.mustCall("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(lineOf(t, text, `"09": {at`, 0), 1),
		"context": map[string]any{"includeDeclaration": true}}, &locs)
	if len(locs) != 3 {
		t.Errorf("references of 09: %+v", locs)
	}

	// Completion of the next route step after 03: K-22, a step goes to an adjacent block or
	// waits. 03 is at [4, 3]: north [4, 2] is 05 (entered from the south: open), east [5, 3] 04,
	// south [4, 4] 01, west [3, 3] nothing; with 03 itself: 01, 03, 04, 05.
	var list protocol.CompletionList
	c.mustCall("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(lineOf(t, text, `"05", "09"]`, 0), 0)}, &list)
	if got := labels(list); strings.Join(got, " ") != "01 03 04 05" {
		t.Errorf("route completion after 03: %v, want 01 03 04 05", got)
	}
	// Completion of a side: the schema's enum.
	sideAt := lineOf(t, text, `"friendly"`, 0)
	c.mustCall("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(sideAt, 1)}, &list)
	if got := labels(list); strings.Join(got, " ") != "enemy friendly" {
		t.Errorf("side completion: %v", got)
	}
	// The edit replaces the whole string token: `"friendly"` (10 characters from the quote).
	if e, ok := list.Items[0].TextEdit.(protocol.TextEdit); !ok || e.Range.Start != sideAt || e.Range.End.Character != sideAt.Character+10 || e.NewText != `"friendly"` {
		t.Errorf("completion edit %#v", list.Items[0].TextEdit)
	}

	// Rename block 05 to pass: its label and the route step, both quoted as they are written.
	var edit protocol.WorkspaceEdit
	c.mustCall("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(lineOf(t, text, `"05": {at`, 0), 2), "newName": "pass"}, &edit)
	es := edit.Changes[uri]
	if len(edit.Changes) != 1 || len(es) != 2 || es[0].NewText != `"pass"` || es[1].NewText != `"pass"` {
		t.Errorf("rename: %+v", edit)
	}
	// Renaming to an id that exists, or to no id, is refused.
	if err := c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(lineOf(t, text, `"05": {at`, 0), 2), "newName": "06"}, &edit); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("rename to 06: %v", err)
	}
	if err := c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(lineOf(t, text, `"05": {at`, 0), 2), "newName": "a b"}, &edit); err == nil {
		t.Errorf("rename to \"a b\" accepted")
	}
	c.shutdown()
}

func labels(l protocol.CompletionList) []string {
	var out []string
	for _, it := range l.Items {
		out = append(out, it.Label)
	}
	sort.Strings(out)
	return out
}
