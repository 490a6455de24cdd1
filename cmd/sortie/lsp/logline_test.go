package lsp

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a log the server writes from its goroutines and the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestLogEscaped (issue 28, the second attack trial's B4): a client's method name holding ESC,
// BEL and a newline reached the server's log raw, clearing the terminal and forging a log line.
// Each record is now one line with the client's bytes escaped.
func TestLogEscaped(t *testing.T) {
	var log lockedBuffer
	c := startServer(t, Options{Log: &log})
	c.initialize()
	hostile := "\x1b]0;PWN\x07\x1b[2J\nFAKE LOG LINE"
	c.notify(hostile, map[string]any{})
	var got string
	for i := 0; i < 200; i++ {
		if got = log.String(); strings.Contains(got, "FAKE LOG LINE") {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !strings.Contains(got, `\x1b]0;PWN\a\x1b[2J\nFAKE LOG LINE`) {
		t.Fatalf("the notification's method is not logged escaped:\n%q", got)
	}
	if strings.ContainsAny(got, "\x1b\x07") {
		t.Errorf("raw control bytes in the log:\n%q", got)
	}
	for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if !strings.HasPrefix(line, "sortie lsp: ") {
			t.Errorf("a log line that is not a record of the server's: %q", line)
		}
	}
}
