package lsp

import (
	"strings"
	"testing"
	"time"
)

// A frame announcing 10^11 bytes (issue 28 item 5): it is answered at once with an error of id
// null, and since skipping it would swallow every later message, the connection is then closed
// with a message in the log and Serve's error, never left to swallow the stream silently.
func TestFrameTooLargeToSkip(t *testing.T) {
	c := startRaw(t, Options{})
	c.request(1, "initialize", map[string]any{"capabilities": map[string]any{}})
	c.reply(1)
	c.send("Content-Length: 100000000000\r\n\r\n")
	if code := c.nullError(); code != codeInvalidRequest {
		t.Errorf("code %v, want %v", code, codeInvalidRequest)
	}
	select {
	case err := <-c.done:
		if err == nil || !strings.Contains(err.Error(), "too large to skip") {
			t.Errorf("Serve: %v, want the frame's error", err)
		}
		c.done <- err
	case <-time.After(10 * time.Second):
		t.Fatal("the connection was not closed")
	}
}

// A frame above the limit but small enough to skip is answered as soon as its header is read,
// before its body comes; the body is then dropped and the next message served.
func TestFrameAboveLimitAnsweredFirst(t *testing.T) {
	c := startRaw(t, Options{MaxMessage: 1 << 10})
	c.request(1, "initialize", map[string]any{"capabilities": map[string]any{}})
	c.reply(1)
	body := `{"x": "` + strings.Repeat("a", 2<<10) + `"}`
	header, rest, _ := strings.Cut(wire(body), "\r\n\r\n")
	c.send(header + "\r\n\r\n")
	if code := c.nullError(); code != codeInvalidRequest {
		t.Errorf("code %v, want %v", code, codeInvalidRequest)
	}
	c.send(rest)
	c.request(2, "sortie/unknown", nil)
	if code := errCode(c.reply(2)); code != codeMethodNotFound {
		t.Errorf("after the skipped frame: unknown method: code %v", code)
	}
}
