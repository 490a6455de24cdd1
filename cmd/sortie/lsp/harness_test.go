package lsp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// A test client: a real JSON-RPC connection to a server over a pair of pipes, speaking the base
// protocol with sourcegraph's VSCodeObjectCodec (what a client library writes).

type pipeRWC struct {
	io.Reader
	io.Writer
	closers []io.Closer
}

func (p pipeRWC) Close() error {
	for _, c := range p.closers {
		c.Close()
	}
	return nil
}

// pubDiags is a publishDiagnostics notification as the client reads it (glsp's
// IntegerOrString cannot be decoded: its UnmarshalJSON has a value receiver).
type pubDiags struct {
	URI         string     `json:"uri"`
	Version     *int       `json:"version"`
	Diagnostics []wireDiag `json:"diagnostics"`
}

type wireDiag struct {
	Range           protocol.Range `json:"range"`
	Severity        int            `json:"severity"`
	Code            string         `json:"code"`
	CodeDescription *struct {
		Href string `json:"href"`
	} `json:"codeDescription"`
	Source  string `json:"source"`
	Message string `json:"message"`
}

type client struct {
	t     testing.TB
	conn  *jsonrpc2.Conn
	raw   io.Writer // the server's input, for hand-made bytes
	done  chan error
	mu    sync.Mutex
	diags map[string][]pubDiags // by URI, in arrival order
	notes chan pubDiags
	shown []string // window/showMessage messages, in arrival order
	// refreshes counts the server's workspace/inlayHint/refresh requests.
	refreshes int
}

func startServer(t testing.TB, opts Options) *client {
	c2sR, c2sW := io.Pipe()
	s2cR, s2cW := io.Pipe()
	c := &client{t: t, raw: c2sW, done: make(chan error, 1), diags: map[string][]pubDiags{},
		notes: make(chan pubDiags, 1000)}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		c.done <- Serve(ctx, pipeRWC{c2sR, s2cW, []io.Closer{c2sR, s2cW}}, opts)
	}()
	h := jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		if req.Method == methodInlayRefresh {
			c.mu.Lock()
			c.refreshes++
			c.mu.Unlock()
		}
		if req.Method == "window/showMessage" && req.Params != nil {
			var p struct{ Message string }
			if err := json.Unmarshal(*req.Params, &p); err == nil {
				c.mu.Lock()
				c.shown = append(c.shown, p.Message)
				c.mu.Unlock()
			}
		}
		if req.Method == "textDocument/publishDiagnostics" && req.Params != nil {
			var p pubDiags
			if err := json.Unmarshal(*req.Params, &p); err == nil {
				c.mu.Lock()
				c.diags[p.URI] = append(c.diags[p.URI], p)
				c.mu.Unlock()
				c.notes <- p
			}
		}
		return nil, nil
	})
	c.conn = jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(pipeRWC{s2cR, c2sW, []io.Closer{s2cR, c2sW}}, jsonrpc2.VSCodeObjectCodec{}), h)
	t.Cleanup(func() {
		c.conn.Close()
		cancel()
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			t.Errorf("the server did not stop")
		}
	})
	return c
}

// call sends a request and decodes its result; it fails the test on a timeout.
func (c *client) call(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return c.conn.Call(ctx, method, params, result)
}

func (c *client) mustCall(method string, params, result any) {
	c.t.Helper()
	if err := c.call(method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) initialize() protocol.InitializeResult {
	c.t.Helper()
	var r protocol.InitializeResult
	c.mustCall("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &r)
	c.notify("initialized", map[string]any{})
	return r
}

// waitDiags waits (20 s at most) for diagnostics of uri with the given version (-1: any).
func (c *client) waitDiags(uri string, version int) pubDiags {
	c.t.Helper()
	return c.waitDiagsFor(uri, version, 20*time.Second)
}

// waitDiagsFor is waitDiags with a timeout (the slow file takes seconds, more on a loaded machine).
func (c *client) waitDiagsFor(uri string, version int, timeout time.Duration) pubDiags {
	c.t.Helper()
	deadline := time.After(timeout)
	for {
		c.mu.Lock()
		for _, p := range c.diags[uri] {
			if version < 0 || p.Version != nil && int(*p.Version) == version {
				c.mu.Unlock()
				return p
			}
		}
		c.mu.Unlock()
		select {
		case <-c.notes:
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s version %d (got %v)", uri, version, c.diags[uri])
		}
	}
}

func (c *client) open(path, text string, version int) string {
	uri := pathURI(path)
	lang := strings.TrimPrefix(filepath.Ext(path), ".")
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": lang, "version": version, "text": text}})
	return uri
}

func (c *client) change(uri string, version int, changes ...map[string]any) {
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": version}, "contentChanges": changes})
}

func (c *client) shutdown() {
	c.t.Helper()
	c.mustCall("shutdown", nil, nil)
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Errorf("Serve after shutdown and exit: %v", err)
		}
		c.done <- nil
	case <-time.After(10 * time.Second):
		c.t.Fatalf("the server did not exit")
	}
}

// copyScenario copies a bundled scenario folder to a temporary one.
func copyScenario(t testing.TB, rel string) string {
	t.Helper()
	src := filepath.Join("..", "..", "..", "scenarios", rel)
	dst := filepath.Join(t.TempDir(), filepath.Base(rel))
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// lineOf returns the 0-based line and UTF-16 character of the n-th (0-based) occurrence of sub
// in text.
func lineOf(t testing.TB, text, sub string, n int) protocol.Position {
	t.Helper()
	off := -1
	for i := 0; i <= n; i++ {
		j := strings.Index(text[off+1:], sub)
		if j < 0 {
			t.Fatalf("%q not found %d times", sub, n+1)
		}
		off += 1 + j
	}
	return newText([]byte(text)).position(off)
}

func pos(p protocol.Position, dchar int) map[string]any {
	return map[string]any{"line": p.Line, "character": int(p.Character) + dchar}
}
