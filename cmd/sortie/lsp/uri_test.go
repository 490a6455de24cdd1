package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// TestClientURIEchoed: a client matches diagnostics and locations by the URI string it sent, so
// a document opened as file://localhost/... (or with lower-case escapes) gets its diagnostics
// and its definitions under that same string, not under the server's canonical file:///...
func TestClientURIEchoed(t *testing.T) {
	dir := copyScenario(t, "karzoral/field01")
	path := filepath.Join(dir, "field01.cue")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// A route step that names no block: R001 at it.
	text := strings.Replace(string(data), `route: ["gate", "gate"`, `route: ["gaet", "gate"`, 1)
	uri := "file://localhost" + filepath.ToSlash(path)
	c := startServer(t, Options{})
	c.initialize()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "cue", "version": 1, "text": text}})
	p := c.waitDiags(uri, 1)
	if len(p.Diagnostics) == 0 || p.Diagnostics[0].Code != "R001" {
		t.Fatalf("diagnostics under %s: %+v, want R001", uri, p.Diagnostics)
	}
	if other := pathURI(path); len(c.diags[other]) != 0 {
		t.Errorf("diagnostics also published under %s: %+v", other, c.diags[other])
	}
	var locs []protocol.Location
	at := lineOf(t, text, `"gate"`, 1) // takeTheGate's enter: "gate", the gate block
	c.mustCall("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(at, 2)}, &locs)
	if len(locs) != 1 || locs[0].URI != uri {
		t.Errorf("definition: %+v, want one location in %s", locs, uri)
	}
	c.shutdown()
}

// TestURIOfAnotherHost: file://server/share/x.cue is a file of another machine; read as
// /share/x.cue it would vet a local file that is not the document, so it is not a file here.
func TestURIOfAnotherHost(t *testing.T) {
	if p, ok := uriPath("file://server/share/x.cue"); ok {
		t.Errorf("file://server/share/x.cue read as %q", p)
	}
	if p, ok := uriPath("file://localhost/tmp/x.cue"); !ok || p != "/tmp/x.cue" {
		t.Errorf("file://localhost/tmp/x.cue: %q %v", p, ok)
	}
}
