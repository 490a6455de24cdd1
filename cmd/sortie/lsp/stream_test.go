package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// readAll reads every message of in with the server's reader, as ReadObject does: a frame error
// is skipped, an I/O error ends. It returns the bodies read and the frame errors seen.
func readAll(t testing.TB, in []byte, max int) (bodies []string, errs int) {
	r := bufio.NewReaderSize(bytes.NewReader(in), maxHeaderLine)
	for i := 0; ; i++ {
		if i > len(in)+10 {
			t.Fatalf("the reader does not advance on %q", in)
		}
		body, err := readFrame(r, max, func(*frameError) { errs++ })
		var fe *frameError
		var fatal *fatalFrameError
		switch {
		case errors.As(err, &fatal):
			return bodies, errs + 1
		case errors.As(err, &fe):
			errs++
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return bodies, errs
		case err != nil:
			t.Fatalf("readFrame: %v", err)
		default:
			bodies = append(bodies, string(body))
		}
	}
}

func TestReadFrame(t *testing.T) {
	good := wire(`{"a":1}`)
	for _, c := range []struct {
		name   string
		in     string
		bodies []string
		errs   int
	}{
		{"two messages", good + good, []string{`{"a":1}`, `{"a":1}`}, 0},
		{"headers in any case, bare newlines, other headers", "content-length: 2\nContent-Type: x\n\n{}", []string{"{}"}, 0},
		{"junk, then a message", "hello\r\n" + good, []string{`{"a":1}`}, 1},
		{"a body not read, then a message", "Content-Length: x\r\n\r\n{\"a\":1}" + good, []string{`{"a":1}`}, 2},
		{"a line too long", strings.Repeat("x", 3*maxHeaderLine) + "\r\n" + good, []string{`{"a":1}`}, 1},
		{"too many headers", strings.Repeat("X-A: b\r\n", maxHeaders+1) + "\r\n" + good, []string{`{"a":1}`}, 1},
		{"above the limit: skipped whole", wire(strings.Repeat("a", 100)) + good, []string{`{"a":1}`}, 1},
		{"a body cut short", "Content-Length: 10\r\n\r\n{}", nil, 0},
		{"blank lines between", "\r\n\r\n" + good, []string{`{"a":1}`}, 0},
		{"too large to skip: the end", "Content-Length: 100000000000\r\n\r\n" + good, nil, 1},
	} {
		bodies, errs := readAll(t, []byte(c.in), 64)
		if strings.Join(bodies, "|") != strings.Join(c.bodies, "|") || errs != c.errs {
			t.Errorf("%s: bodies %q, %d errors; want %q, %d", c.name, bodies, errs, c.bodies, c.errs)
		}
	}
}

// FuzzReadFrame: whatever arrives, the reader never panics, always advances, and a well-formed
// message sent after the junk (and a blank line, which ends any header block) is read intact.
func FuzzReadFrame(f *testing.F) {
	for _, s := range []string{"", wire(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`), "Content-Length: 5\r\n\r\n{", "Content-Length: 99999999999\r\n\r\n", "a: b\r\nContent-Length: 2\r\n\r\n{}", "\r\n\r\n\r\n", "Content-Length: -1\r\n\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, junk []byte) {
		readAll(t, junk, 1<<16)
		const msg = `{"jsonrpc":"2.0","method":"x"}`
		// The junk may announce a body that swallows what follows: give it its length in padding.
		in := append(append([]byte{}, junk...), "\r\n\r\n"...)
		in = append(in, bytes.Repeat([]byte("\r\n"), len(junk)+8)...)
		bodies, _ := readAll(t, append(in, wire(msg)...), 1<<16)
		if len(bodies) == 0 || bodies[len(bodies)-1] != msg {
			if !bytes.Contains(bytes.ToLower(junk), []byte("content-length")) {
				t.Fatalf("after %q the message was not read: %q", junk, bodies)
			}
		}
		// The stream as the server uses it: decoding never panics.
		s := &stream{r: bufio.NewReader(bytes.NewReader(junk)), w: io.Discard, c: io.NopCloser(nil), max: 1 << 16}
		for i := 0; i < 100; i++ {
			var m json.RawMessage
			if err := s.ReadObject(&m); err != nil {
				break
			}
		}
	})
}
