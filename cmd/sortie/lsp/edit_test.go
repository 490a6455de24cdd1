package lsp

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// yamlScenario copies testdata/fix/karzoral (the Karzoral template of `sortie init --format yaml`) to a
// temporary folder, with each of edits (old, new) made once in scenario.yaml; it returns the
// file's name and text.
func yamlScenario(t *testing.T, edits ...string) (string, string) {
	t.Helper()
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
	for i := 0; i+1 < len(edits); i += 2 {
		if !strings.Contains(text, edits[i]) {
			t.Fatalf("%q not in the template", edits[i])
		}
		text = strings.Replace(text, edits[i], edits[i+1], 1)
	}
	return file, text
}

// wireAction is a code action as the client reads it.
type wireAction struct {
	Title       string     `json:"title"`
	Kind        string     `json:"kind"`
	IsPreferred bool       `json:"isPreferred"`
	Diagnostics []wireDiag `json:"diagnostics"`
	Edit        struct {
		Changes map[string][]protocol.TextEdit `json:"changes"`
	} `json:"edit"`
}

// applyEdits applies LSP text edits (non-overlapping) to text.
func applyEdits(text string, edits []protocol.TextEdit) string {
	sort.Slice(edits, func(i, j int) bool { return before(edits[j].Range.Start, edits[i].Range.Start) })
	for _, e := range edits { // last first: earlier offsets stay put
		text = string(applyChange([]byte(text), e.Range, e.NewText))
	}
	return text
}

// Quick fixes (issue 27 item 1): each fixable finding of a YAML scenario offers its fix as a
// workspace edit of the document; applied, the document vets clean.
func TestCodeActionQuickFix(t *testing.T) {
	c := startServer(t, Options{})
	r := c.initialize()
	if r.Capabilities.CodeActionProvider == nil {
		t.Fatal("no codeActionProvider")
	}
	file, text := yamlScenario(t, "side: friendly", "side: frendly", "route: [ford]", "route: [frod]",
		"  rations: 40", "  ratoins: 40", "    once: true", "    once: yes", "nightRaid: wolves", "nightRaid: wolfs")
	uri := c.open(file, text, 1)
	p := c.waitDiags(uri, 1)
	want := map[string]string{ // code -> the preferred fix's title
		"S004": `change "frendly" to "friendly"`, "R001": "", "S001": `change "ratoins" to "rations"`, "S002": "write true"}
	var edits []protocol.TextEdit
	titles := map[string]bool{}
	for _, d := range p.Diagnostics {
		var actions []wireAction
		c.mustCall("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri},
			"range": map[string]any{"start": d.Range.Start, "end": d.Range.Start}, "context": map[string]any{"diagnostics": []any{}}}, &actions)
		if _, ok := want[d.Code]; !ok {
			if len(actions) != 0 && d.Code != "L009" {
				t.Errorf("%s %s: actions %+v", d.Code, d.Message, actions)
			}
			continue
		}
		if len(actions) != 1 || !actions[0].IsPreferred || actions[0].Kind != "quickfix" || len(actions[0].Diagnostics) != 1 ||
			actions[0].Diagnostics[0].Code != d.Code || len(actions[0].Edit.Changes[uri]) != 1 {
			t.Fatalf("%s %s: actions %+v", d.Code, d.Message, actions)
		}
		titles[actions[0].Title] = true
		if w := want[d.Code]; w != "" && actions[0].Title != w {
			t.Errorf("%s: title %q, want %q", d.Code, actions[0].Title, w)
		}
		edits = append(edits, actions[0].Edit.Changes[uri]...)
	}
	for _, w := range []string{`change "frod" to "ford"`, `change "wolfs" to "wolves"`, "write true"} {
		if !titles[w] {
			t.Errorf("no action %q among %v", w, titles)
		}
	}
	fixed := applyEdits(text, edits)
	if !strings.Contains(fixed, "side: friendly") || !strings.Contains(fixed, "route: [ford] #") || !strings.Contains(fixed, "    once: true") ||
		!strings.Contains(fixed, "  rations: 40") || !strings.Contains(fixed, "nightRaid: wolves") {
		t.Fatalf("fixed text:\n%s", fixed)
	}
	c.change(uri, 2, map[string]any{"text": fixed})
	for _, d := range c.waitDiags(uri, 2).Diagnostics {
		if d.Code != "L009" { // the template's W001 suppression: the misspelt militia no longer wins it
			t.Errorf("after the fixes: %s %s", d.Code, d.Message)
		}
	}
	// A range without a finding: no action; an older result than the text: none either.
	var none []wireAction
	c.mustCall("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": map[string]any{"line": 0, "character": 0}}, "context": map[string]any{"diagnostics": []any{}}}, &none)
	if len(none) != 0 {
		t.Errorf("actions at the top: %+v", none)
	}
	c.shutdown()
}

// L014's quick fix writes what the schema wants at the value (compiler/yaml_leadzero.go): one
// action each, by hand from schema/scenario.cue: version (int & 1) 02 becomes 1, the only value;
// title (a string) 007 becomes "007". A missing rules (S003) has its default, karzoral
// (compiler/schema_default.go). Applied, the document vets clean.
func TestCodeActionLeadZeroAndDefault(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	for i, tc := range []struct{ code, old, bad, title, fixed string }{
		{"L014", "version: 1", "version: 02", "write 1", "version: 1"},
		{"L014", "title: Karzoral", "title: 007", `quote it: "007"`, `title: "007"`},
		{"S003", "kind: scenario\nid: karzoral\ntitle: Karzoral\nrules: karzoral\n", "kind: scenario\nid: karzoral\ntitle: Karzoral\n",
			`add rules: "karzoral"`, "rules: karzoral\nkind: scenario\nid: karzoral\ntitle: Karzoral\n"},
	} {
		file, text := yamlScenario(t, tc.old, tc.bad)
		uri := c.open(file, text, 1)
		p := c.waitDiags(uri, 1)
		if len(p.Diagnostics) != 1 || p.Diagnostics[0].Code != tc.code {
			t.Fatalf("%d: diagnostics %+v", i, p.Diagnostics)
		}
		var actions []wireAction
		c.mustCall("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri},
			"range": p.Diagnostics[0].Range, "context": map[string]any{"diagnostics": []any{}}}, &actions)
		if len(actions) != 1 || actions[0].Title != tc.title || !actions[0].IsPreferred {
			t.Fatalf("%d: actions %+v", i, actions)
		}
		fixed := applyEdits(text, actions[0].Edit.Changes[uri])
		if fixed != strings.Replace(text, tc.bad, tc.fixed, 1) {
			t.Fatalf("%d: fixed text:\n%s", i, fixed)
		}
		c.change(uri, 2, map[string]any{"text": fixed})
		for _, d := range c.waitDiags(uri, 2).Diagnostics {
			t.Errorf("%d: after the fix: %s %s", i, d.Code, d.Message)
		}
	}
	c.shutdown()
}

// Formatting (issue 27 item 2) is `sortie fmt`'s: a YAML document written loosely comes back in
// sortie's style (two-space indentation), and a formatted one has no edit.
func TestFormatting(t *testing.T) {
	c := startServer(t, Options{})
	r := c.initialize()
	if r.Capabilities.DocumentFormattingProvider == nil {
		t.Fatal("no documentFormattingProvider")
	}
	file, text := yamlScenario(t, "days:\n  limit: 8\n", "days:\n     limit:    8\n")
	uri := c.open(file, text, 1)
	var edits []protocol.TextEdit
	c.mustCall("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}, &edits)
	if len(edits) != 1 {
		t.Fatalf("edits %+v", edits)
	}
	want, _ := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "fix", "karzoral", "scenario.yaml"))
	if got := applyEdits(text, edits); got != string(want) {
		t.Errorf("formatted:\n%s", got)
	}
	c.change(uri, 2, map[string]any{"text": string(want)})
	edits = nil
	c.mustCall("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}, &edits)
	if len(edits) != 0 {
		t.Errorf("a formatted text: edits %+v", edits)
	}
	// A syntax error: an error, no edit.
	c.change(uri, 3, map[string]any{"text": "kind: scenario\nid: [x\n"})
	if err := c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{}}, &edits); err == nil || !strings.Contains(err.Error(), "L001") {
		t.Errorf("a syntax error: %v, %+v", err, edits)
	}
	c.shutdown()
}

// wireSymbol is a document symbol as the client reads it.
type wireSymbol struct {
	Name     string         `json:"name"`
	Detail   string         `json:"detail"`
	Kind     int            `json:"kind"`
	Range    protocol.Range `json:"range"`
	Children []wireSymbol   `json:"children"`
}

// The outline (issue 27 item 3) of the Karzoral template: its kinds in the order of the file,
// each id under its kind in source order, with its first fact.
func TestDocumentSymbols(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	file, text := yamlScenario(t)
	uri := c.open(file, text, 1)
	c.waitDiags(uri, 1)
	var outline []wireSymbol
	c.mustCall("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &outline)
	var got []string
	for _, g := range outline {
		var ids []string
		for _, s := range g.Children {
			ids = append(ids, s.Name)
		}
		got = append(got, g.Name+": "+strings.Join(ids, " "))
	}
	// Read off the template: field.blocks, armies, encounters, events (powder sets the flag
	// powderBurned), objectives.
	want := []string{"blocks: camp t1 cross ford bank woods glade ridge cave stair tower", "armies: militia raiders",
		"encounters: raidParty wolves", "events: rumour powder", "flags: powderBurned", "objectives: powder tower"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("outline:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(outline) > 0 && len(outline[0].Children) > 0 {
		camp := outline[0].Children[0]
		if camp.Detail != "block at [0, 2]: Base: the river camp, base" && !strings.HasPrefix(camp.Detail, "block at [0, 2]") {
			t.Errorf("camp's detail %q", camp.Detail)
		}
		if at := lineOf(t, text, "camp: {at", 0); camp.Range.Start != at {
			t.Errorf("camp at %+v, want %+v", camp.Range.Start, at)
		}
	}
	// workspace/symbol: "ford" is a block here (the id), found by a part of it.
	var found []struct {
		Name          string            `json:"name"`
		ContainerName string            `json:"containerName"`
		Location      protocol.Location `json:"location"`
	}
	c.mustCall("workspace/symbol", map[string]any{"query": "OR"}, &found)
	var names []string
	for _, f := range found {
		names = append(names, f.ContainerName+" "+f.Name)
		if f.Location.URI != uri {
			t.Errorf("%s at %s", f.Name, f.Location.URI)
		}
	}
	if strings.Join(names, ", ") != "block ford" {
		t.Errorf("workspace symbols for OR: %v", names)
	}
	c.shutdown()
}

// An untitled buffer (issue 27 item 5) is vetted from its text, its findings published under its
// own URI; closed, they are cleared.
func TestUntitledVetted(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	_, text := yamlScenario(t, "route: [ford]", "route: [frod]")
	uri := "untitled:Untitled-1"
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
	p := c.waitDiags(uri, 1)
	codes := []string{}
	for _, d := range p.Diagnostics {
		codes = append(codes, d.Code)
	}
	if !contains(codes, "R001") {
		t.Errorf("untitled: %+v", p.Diagnostics)
	}
	// Hover answers from its index too.
	if h := c.hoverText(uri, lineOf(t, text, "ford: {at", 0)); !strings.Contains(h, "block at [3, 2]") {
		t.Errorf("hover in an untitled buffer: %q", h)
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if got := c.waitDiagsCleared(uri); len(got.Diagnostics) != 0 {
		t.Errorf("after close: %+v", got)
	}
	c.shutdown()
}

// waitDiagsCleared waits (20 s at most) for an empty publishDiagnostics of uri after the last
// non-empty one.
func (c *client) waitDiagsCleared(uri string) pubDiags {
	c.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		c.mu.Lock()
		list := c.diags[uri]
		if n := len(list); n > 0 && len(list[n-1].Diagnostics) == 0 {
			c.mu.Unlock()
			return list[n-1]
		}
		c.mu.Unlock()
		select {
		case <-c.notes:
		case <-deadline:
			c.t.Fatalf("no empty diagnostics for %s", uri)
		}
	}
}

// A didChange whose range is not in the document (a line past its end, an end before its start)
// is refused, not clamped into the buffer: the user is told the copy is out of sync, later
// incremental changes are ignored, and a whole text mends it.
func TestDidChangeBadRangeRefused(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	file, text := yamlScenario(t)
	uri := c.open(file, text, 1)
	if p := c.waitDiags(uri, 1); len(p.Diagnostics) != 0 {
		t.Fatalf("template: %+v", p.Diagnostics)
	}
	rng := func(l1, c1, l2, c2 int) map[string]any {
		return map[string]any{"start": map[string]any{"line": l1, "character": c1}, "end": map[string]any{"line": l2, "character": c2}}
	}
	shown := func() []string {
		var syms any // a request: its reply comes after the notifications sent before it
		c.mustCall("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms)
		c.mu.Lock()
		defer c.mu.Unlock()
		return append([]string{}, c.shown...)
	}
	c.change(uri, 2, map[string]any{"range": rng(99998, 0, 99998, 0), "text": "garbage: ["})
	if got := shown(); len(got) != 1 || !strings.Contains(got[0], "refused: line 99999 is past the end of the document") {
		t.Fatalf("messages %q", got)
	}
	c.change(uri, 3, map[string]any{"range": rng(0, 0, 0, 0), "text": "garbage: [\n"}) // ignored: out of sync
	c.change(uri, 4, map[string]any{"text": text})
	if p := c.waitDiags(uri, 4); len(p.Diagnostics) != 0 {
		t.Fatalf("mended with the whole text: %+v", p.Diagnostics)
	}
	c.change(uri, 5, map[string]any{"range": rng(3, 4, 2, 0), "text": "x"})
	if got := shown(); len(got) != 2 || !strings.Contains(got[1], "the range ends (3:1) before it starts (4:5)") {
		t.Fatalf("messages %q", got)
	}
	c.change(uri, 6, map[string]any{"text": text}, map[string]any{"range": rng(0, 0, 0, 0), "text": "# a comment\n"})
	if p := c.waitDiags(uri, 6); len(p.Diagnostics) != 0 {
		t.Fatalf("an edit after the mend: %+v", p.Diagnostics)
	}
	c.shutdown()
}
