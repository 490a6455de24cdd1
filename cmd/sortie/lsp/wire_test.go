package lsp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/esc"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// hostileName is a YAML-escaped army name that passes vet: a terminal title sequence (ESC ] ...
// BEL), a NUL and a right-to-left override.
const hostileName = `"The \e]0;pwn\a ford \u0000 militia \u202e"`

// checkShown fails when a string of a decoded message holds a character esc.Text escapes;
// newlines and tabs are allowed only where shown keeps them (markup values, messages, edits).
func checkShown(t *testing.T, what string, v any, key string) {
	t.Helper()
	switch x := v.(type) {
	case string:
		for _, r := range x {
			if (r == '\n' || r == '\t') && (key == "value" || key == "message" || key == "newText" || key == "insertText") {
				continue
			}
			if esc.Control(r) {
				t.Errorf("%s: %s %q holds %U", what, key, x, r)
				return
			}
		}
	case []any:
		for _, e := range x {
			checkShown(t, what, e, key)
		}
	case map[string]any:
		for k, e := range x {
			checkShown(t, what, e, k)
		}
	}
}

// Every kind of answer the server sends carries a scenario's strings through compiler/esc
// (wire.go, shown): hover, outline, workspace symbols, inlay hints, code actions, completion,
// diagnostics. The scenario's militia has a hostile name, and a hostile side (for a diagnostic
// and its quick fix quoting it).
func TestWireEscapesStrangersStrings(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize()
	file, text := yamlScenario(t, "name: The ford militia", "name: "+hostileName,
		"side: enemy", `side: "ene\u001bmy"`)
	uri := c.open(file, text, 1)
	p := c.waitDiags(uri, 1)
	if len(p.Diagnostics) == 0 {
		t.Fatal("no diagnostic for the hostile side")
	}
	raw, _ := json.Marshal(p)
	var diags any
	_ = json.Unmarshal(raw, &diags)
	checkShown(t, "publishDiagnostics", diags, "")
	doc := map[string]any{"uri": uri}
	name := lineOf(t, text, "name: "+hostileName, 0)
	whole := map[string]any{"start": protocol.Position{}, "end": protocol.Position{Line: 200}}
	requests := []struct {
		method string
		params map[string]any
	}{
		{"textDocument/hover", map[string]any{"textDocument": doc, "position": pos(name, 8)}},
		{"textDocument/hover", map[string]any{"textDocument": doc, "position": pos(lineOf(t, text, "militia:", 0), 3)}},
		{"textDocument/documentSymbol", map[string]any{"textDocument": doc}},
		{"workspace/symbol", map[string]any{"query": "mili"}},
		{methodInlayHint, map[string]any{"textDocument": doc, "range": whole}},
		{"textDocument/completion", map[string]any{"textDocument": doc, "position": pos(lineOf(t, text, "route: [ford]", 0), len("route: ["))}},
	}
	for _, d := range p.Diagnostics {
		requests = append(requests, struct {
			method string
			params map[string]any
		}{"textDocument/codeAction", map[string]any{"textDocument": doc,
			"range": map[string]any{"start": d.Range.Start, "end": d.Range.Start}, "context": map[string]any{"diagnostics": []any{}}}})
	}
	sawName := false
	for _, r := range requests {
		var got any
		c.mustCall(r.method, r.params, &got)
		checkShown(t, r.method, got, "")
		data, _ := json.Marshal(got)
		sawName = sawName || strings.Contains(string(data), `ford \\x00 militia`)
		t.Logf("%s: %.300s", r.method, data)
	}
	if !sawName {
		t.Error("no answer showed the militia's name, escaped")
	}
	c.shutdown()
}

// shown's rule by key, by hand: Text for names, Lines for markup and messages, edits as they are.
func TestWireRule(t *testing.T) {
	in := `{"name":"a\u001b]0;x\u0007b","detail":"l1\nl2","value":"# h\n\u0000x","message":"m\nhint: \u202ey",` +
		`"newText":"k:\n\tv\u0007","n":12345678901234567890,"plain":"<ok>"}`
	got, err := shown([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(got, &m); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"name": `a\x1b]0;x\ab`, "detail": `l1\nl2`, "value": "# h\n\\x00x",
		"message": "m\nhint: \\u202ey", "newText": "k:\n\tv\a", "plain": "<ok>"}
	for k, w := range want {
		if m[k] != w {
			t.Errorf("%s: %q, want %q", k, m[k], w)
		}
	}
	if !strings.Contains(string(got), `"n":12345678901234567890`) {
		t.Errorf("number changed: %s", got)
	}
	clean := []byte(`{"name":"the \u003cford\u003e militia é","value":"x"}`)
	if out, _ := shown(clean); &out[0] != &clean[0] {
		t.Errorf("a clean message was encoded again: %s", out)
	}
}

// BenchmarkShown: the cost shown adds to each message written: a clean outline of the bundled
// template (a scan, no copy), and the same with a hostile name (decoded, escaped, encoded again).
func BenchmarkShown(b *testing.B) {
	var syms []map[string]any
	for i := range 40 {
		syms = append(syms, map[string]any{"name": "block" + string(rune('a'+i%26)), "detail": "block at [3, 2]: river ford, the \"ford\" <militia>",
			"kind": 23, "range": map[string]any{"start": map[string]any{"line": i, "character": 4}, "end": map[string]any{"line": i, "character": 8}}})
	}
	clean, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 7, "result": syms})
	syms[20]["detail"] = "The \x1b]0;pwn\a ford \x00 militia"
	hostile, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 7, "result": syms})
	for _, c := range []struct {
		name string
		data []byte
	}{{"clean", clean}, {"hostile", hostile}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.data)))
			for b.Loop() {
				if _, err := shown(c.data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
