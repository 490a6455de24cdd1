package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// rawClient writes bytes to a server and reads its messages one by one: for input no client
// library would send.
type rawClient struct {
	t    *testing.T
	w    io.Writer
	r    *bufio.Reader
	done chan error
	msgs chan map[string]any
}

func startRaw(t *testing.T, opts Options) *rawClient {
	c2sR, c2sW := io.Pipe()
	s2cR, s2cW := io.Pipe()
	logBuf := &syncBuffer{}
	opts.Log = logBuf
	c := &rawClient{t: t, w: c2sW, r: bufio.NewReader(s2cR), done: make(chan error, 1), msgs: make(chan map[string]any, 1000)}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { c.done <- Serve(ctx, pipeRWC{c2sR, s2cW, []io.Closer{c2sR, s2cW}}, opts) }()
	go func() {
		for {
			body, err := readFrame(c.r, 1<<30, nil)
			if err != nil {
				close(c.msgs)
				return
			}
			var m map[string]any
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("the server wrote a message that is not JSON: %q", body)
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() {
		cancel()
		c2sW.Close()
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			t.Errorf("the server did not stop")
		}
		if t.Failed() {
			t.Logf("server log:\n%s", logBuf.String())
		}
	})
	return c
}

type syncBuffer struct {
	mu  chan struct{}
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	if b.mu == nil {
		b.mu = make(chan struct{}, 1)
	}
	b.mu <- struct{}{}
	defer func() { <-b.mu }()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	if b.mu == nil {
		b.mu = make(chan struct{}, 1)
	}
	b.mu <- struct{}{}
	defer func() { <-b.mu }()
	return b.buf.String()
}

func (c *rawClient) send(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.w, s); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func wire(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

func (c *rawClient) request(id int, method string, params any) {
	c.t.Helper()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	c.send(wire(string(b)))
}

func (c *rawClient) notification(method string, params any) {
	c.t.Helper()
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	c.send(wire(string(b)))
}

// next returns the next message that satisfies ok.
func (c *rawClient) next(what string, ok func(map[string]any) bool) map[string]any {
	c.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case m, open := <-c.msgs:
			if !open {
				c.t.Fatalf("the server closed the connection while waiting for %s", what)
			}
			if ok(m) {
				return m
			}
		case <-deadline:
			c.t.Fatalf("no %s", what)
		}
	}
}

func (c *rawClient) reply(id float64) map[string]any {
	c.t.Helper()
	return c.next(fmt.Sprintf("reply %v", id), func(m map[string]any) bool { return m["id"] == id })
}

func errCode(m map[string]any) float64 {
	e, _ := m["error"].(map[string]any)
	code, _ := e["code"].(float64)
	return code
}

// nullError waits for an error reply with id null and returns its code.
func (c *rawClient) nullError() float64 {
	c.t.Helper()
	m := c.next("an error with id null", func(m map[string]any) bool {
		v, has := m["id"]
		return has && v == nil && m["error"] != nil
	})
	return errCode(m)
}

// Malformed JSON-RPC, unknown methods, requests before initialize, wrong parameters, documents
// that are not scenarios and a huge document: each is answered (or ignored, for notifications)
// and the server goes on serving.
func TestBadInput(t *testing.T) {
	c := startRaw(t, Options{MaxMessage: 8 << 20})

	// Before initialize: LSP's ServerNotInitialized.
	c.request(1, "textDocument/hover", map[string]any{})
	if code := errCode(c.reply(1)); code != codeNotInitialized {
		t.Errorf("hover before initialize: code %v", code)
	}
	c.request(2, "initialize", map[string]any{"capabilities": map[string]any{}})
	if r := c.reply(2); r["result"] == nil {
		t.Fatalf("initialize: %v", r)
	}
	c.notification("initialized", map[string]any{})

	for _, tc := range []struct {
		name string
		in   string
		code float64
	}{
		{"invalid JSON", wire(`{"jsonrpc": "2.0", "id": 3, "method": `), codeParseError},
		{"JSON that is no message", wire(`{"hello": "world"}`), codeInvalidRequest},
		{"a number", wire(`42`), codeInvalidRequest},
		{"an empty batch", wire(`[]`), codeInvalidRequest},
		{"a negative id", wire(`{"jsonrpc": "2.0", "id": -1, "method": "shutdown"}`), codeInvalidRequest},
		{"an id that is an object", wire(`{"jsonrpc": "2.0", "id": {}, "method": "shutdown"}`), codeInvalidRequest},
		{"no Content-Length", "Content-Type: x\r\n\r\n", codeParseError},
		{"a bad Content-Length", "Content-Length: lots\r\n\r\n", codeParseError},
		{"a header line of junk", "\x00\x01\x02 junk\r\n\r\n", codeParseError},
		{"a message above the limit", wire(`{"x": "` + strings.Repeat("a", 9<<20) + `"}`), codeInvalidRequest},
	} {
		c.send(tc.in)
		if code := c.nullError(); code != tc.code {
			t.Errorf("%s: code %v, want %v", tc.name, code, tc.code)
		}
		// Still serving: an unknown request gets MethodNotFound.
		c.request(10, "sortie/unknown", nil)
		if code := errCode(c.reply(10)); code != codeMethodNotFound {
			t.Errorf("after %s: unknown method: code %v", tc.name, code)
		}
	}
	// Unknown notifications ("$/..." and others) get no answer; wrong parameters get
	// InvalidParams.
	c.notification("$/sortie/whatever", map[string]any{})
	c.notification("sortie/whatever", map[string]any{})
	c.request(11, "textDocument/hover", map[string]any{"textDocument": 5, "position": "here"})
	if code := errCode(c.reply(11)); code != codeInvalidParams {
		t.Errorf("hover with wrong params: code %v", code)
	}
	c.request(12, "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.cue"}, "position": map[string]any{"line": 1e6, "character": 4e9}})
	if r := c.reply(12); r["error"] != nil {
		t.Errorf("hover on a document that is not open: %v", r)
	}

	dir := t.TempDir()
	// A document that is not a scenario (a script): no findings.
	script := filepath.Join(dir, "win.yaml")
	c.notification("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": pathURI(script), "languageId": "yaml", "version": 1, "text": "- {day: 1, move: east}\n"}})
	// Hostile and broken scenario documents: findings with codes, never a crash.
	docs := map[string]string{
		"huge.yaml":  "kind: scenario\n" + strings.Repeat("# padding padding padding\n", 5<<20/26), // > 4 MiB: L004
		"deep.cue":   "kind: \"scenario\"\nx: " + strings.Repeat("[", 5000) + "\n",                 // L005
		"syntax.cue": "kind: \"scenario\"\nparty: {start: \"a\"\n",                                 // L001
		"kind.json":  `{"kind": "senario"}`,                                                        // L002
		"empty.cue":  "kind: \"scenario\"\n" + "x: _|_\n",
	}
	want := map[string]string{"huge.yaml": "L004", "deep.cue": "L005", "syntax.cue": "L001", "kind.json": "L002", "empty.cue": ""}
	for name, text := range docs { // each in a folder of its own: CUE files of one folder are one package
		// The folder exists, the file is a buffer not saved yet.
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		c.notification("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": pathURI(filepath.Join(dir, name, name)), "languageId": "x", "version": 1, "text": text}})
	}
	got := map[string]string{}
	for len(got) < len(docs)+1 {
		m := c.next("diagnostics", func(m map[string]any) bool { return m["method"] == "textDocument/publishDiagnostics" })
		p := m["params"].(map[string]any)
		name := filepath.Base(strings.TrimPrefix(p["uri"].(string), "file://"))
		ds := p["diagnostics"].([]any)
		got[name] = ""
		if len(ds) > 0 {
			got[name] = ds[0].(map[string]any)["code"].(string)
		}
	}
	if got["win.yaml"] != "" {
		t.Errorf("a script has findings: %v", got["win.yaml"])
	}
	for name, code := range want {
		if code != "" && got[name] != code {
			t.Errorf("%s: first code %q, want %q", name, got[name], code)
		}
		if code == "" && got[name] == "" {
			t.Errorf("%s: no finding", name)
		}
	}
	c.request(13, "shutdown", nil)
	c.reply(13)
	c.notification("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			t.Errorf("Serve: %v", err)
		}
		c.done <- nil
	case <-time.After(10 * time.Second):
		t.Fatal("no exit")
	}
}

// exit without shutdown: Serve says so (the CLI exits 1, as LSP asks).
func TestExitWithoutShutdown(t *testing.T) {
	c := startRaw(t, Options{})
	c.request(1, "initialize", map[string]any{"capabilities": map[string]any{}})
	c.reply(1)
	c.notification("exit", nil)
	select {
	case err := <-c.done:
		if err != ErrNoShutdown {
			t.Errorf("Serve: %v, want ErrNoShutdown", err)
		}
		c.done <- nil
	case <-time.After(10 * time.Second):
		t.Fatal("no exit")
	}
}
