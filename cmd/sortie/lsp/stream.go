package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
)

// The base protocol: each message is a header block ("Content-Length: N", other headers
// ignored, each line ending in \r\n) and an empty line, then N bytes of JSON. sourcegraph's
// jsonrpc2 reads it with VSCodeObjectCodec, which ends the connection on the first malformed
// message and reads a body of any announced size; this stream does not.

// Limits of the message reader.
const (
	// DefaultMaxMessage is the largest message body read (64 MiB): a larger one is answered with
	// an error as soon as its header is read, then skipped (up to maxSkip; beyond, the
	// connection is closed). Documents above the compiler's MaxFileSize (4 MiB) still arrive and
	// are refused by the compiler with L004, where the author sees it.
	DefaultMaxMessage = 64 << 20
	// maxHeaderLine bounds one header line (bytes).
	maxHeaderLine = 4096
	// maxHeaders bounds the header lines of one message.
	maxHeaders = 32
	// maxSkip bounds the body of a message above the limit that is read and dropped to find the
	// next message (1 GiB). A larger announcement (Content-Length: 100000000000) is answered with
	// an error and the connection is closed: reading on would swallow every later message.
	maxSkip = 1 << 30
)

// JSON-RPC error codes (JSON-RPC 2.0 and LSP).
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
	codeNotInitialized = -32002
	codeRequestFailed  = -32803
)

// frameError is a malformed message: it is answered and the reader goes on with the next one.
type frameError struct {
	code int
	msg  string
	loud bool // answered even in a run of junk (see reject)
}

func (e *frameError) Error() string { return e.msg }

// fatalFrameError is a message the stream cannot get past (a body too large to skip): it is
// answered, then the connection ends with it.
type fatalFrameError struct{ frameError }

func (e *fatalFrameError) Error() string { return e.msg }

// stream is a jsonrpc2.ObjectStream over a byte stream.
type stream struct {
	r   *bufio.Reader
	w   io.Writer
	c   io.Closer
	max int

	wmu   sync.Mutex // one message written at a time
	quiet bool       // see reject (read side only)
	// bad is told of every malformed message (for the log); may be nil.
	bad func(err error)
	// fatal is the error that ended the stream (a body too large to skip), for Serve to return.
	fatal error
}

func newStream(rwc io.ReadWriteCloser, max int) *stream {
	if max <= 0 {
		max = DefaultMaxMessage
	}
	return &stream{r: bufio.NewReaderSize(rwc, maxHeaderLine), w: rwc, c: rwc, max: max}
}

// ReadObject reads the next well-formed message into v (jsonrpc2's message type). A malformed
// message (bad header, invalid JSON, neither request nor response, too large) is answered with
// a JSON-RPC error of id null and skipped. Only an I/O error or the end of the stream is
// returned: jsonrpc2 then closes the connection.
func (s *stream) ReadObject(v any) error {
	for {
		body, err := readFrame(s.r, s.max, s.reject)
		var fatal *fatalFrameError
		if errors.As(err, &fatal) {
			s.reject(&fatal.frameError)
			s.fatal = err
			return err
		}
		var fe *frameError
		if errors.As(err, &fe) {
			s.reject(fe)
			continue
		}
		if err != nil {
			return err
		}
		err = checkID(body)
		if err == nil {
			err = decodeInto(body, v)
		}
		if err != nil {
			code := codeInvalidRequest
			if !json.Valid(body) {
				code = codeParseError
			}
			s.quiet = false // a whole message: always answered
			s.reject(&frameError{code: code, msg: "malformed message: " + err.Error()})
			s.quiet = false
			continue
		}
		s.quiet = false
		return nil
	}
}

// checkID refuses an id that jsonrpc2 would not echo as it came: only strings and integers in
// 0..2^63-1 (and null, a notification) are ids.
func checkID(body []byte) error {
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	if len(body) == 0 || body[0] != '{' || json.Unmarshal(body, &probe) != nil || len(probe.ID) == 0 {
		return nil // not an object with an id: the decoder says what is wrong
	}
	id := strings.TrimSpace(string(probe.ID))
	if id == "null" || strings.HasPrefix(id, `"`) {
		return nil
	}
	if _, err := strconv.ParseInt(id, 10, 64); err != nil || strings.HasPrefix(id, "-") {
		return fmt.Errorf("id %s is neither a string nor a whole number from 0", clip(id))
	}
	return nil
}

// decodeInto unmarshals body into a fresh value of v's type and stores it in v only on success,
// so that a message that failed half-way leaves nothing behind.
func decodeInto(body []byte, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return fmt.Errorf("decode: %T is not a pointer", v)
	}
	fresh := reflect.New(rv.Type().Elem())
	if err := json.Unmarshal(body, fresh.Interface()); err != nil {
		return err
	}
	rv.Elem().Set(fresh.Elem())
	return nil
}

// reject answers a malformed message (JSON-RPC 2.0: a parse error or invalid request whose id
// cannot be known is answered with id null).
// After one rejected header line, the following bad lines of the same junk (a file pasted into
// the pipe) are not answered one by one: quiet holds until the next whole message.
func (s *stream) reject(fe *frameError) {
	if s.quiet && !fe.loud {
		return
	}
	s.quiet = true
	if s.bad != nil {
		s.bad(fe)
	}
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": fe.code, "message": fe.msg}})
	_ = s.writeFrame(msg)
}

// WriteObject writes one message, its strangers' strings escaped (shown).
func (s *stream) WriteObject(obj any) error {
	data, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	data, err = shown(data)
	if err != nil {
		return err
	}
	return s.writeFrame(data)
}

func (s *stream) writeFrame(body []byte) error {
	buf := make([]byte, 0, len(body)+32)
	buf = append(buf, "Content-Length: "...)
	buf = strconv.AppendInt(buf, int64(len(body)), 10)
	buf = append(buf, "\r\n\r\n"...)
	buf = append(buf, body...)
	s.wmu.Lock()
	defer s.wmu.Unlock()
	_, err := s.w.Write(buf)
	return err
}

// Close closes the byte stream.
func (s *stream) Close() error { return s.c.Close() }

// readFrame reads one message body. A malformed header line, a header block without
// Content-Length or a body above max is a *frameError; then r is positioned after the offending
// line (a body above max is skipped whole), where the next message may start. Header names are
// matched case-insensitively, and a bare \n ends a line too (lenient, as most servers are). A
// line with junk before "Content-Length:" (the rest of a body that was never read) is read from
// there, and the junk reported to warn. Any other error is r's (io.EOF at the end).
func readFrame(r *bufio.Reader, limit int, warn func(*frameError)) ([]byte, error) {
	length := -1
	lines := 0
	for {
		line, err := readLine(r)
		if err == errLongLine {
			return nil, &frameError{code: codeParseError, msg: fmt.Sprintf("header line longer than %d bytes", maxHeaderLine)}
		}
		if err != nil {
			if err == io.EOF && lines > 0 {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if line == "" {
			if lines == 0 {
				continue // blank lines between messages
			}
			break
		}
		if i := strings.Index(strings.ToLower(line), "content-length:"); i > 0 {
			if warn != nil {
				warn(&frameError{code: codeParseError, msg: fmt.Sprintf("junk before a header: %q", clip(line[:i]))})
			}
			line, lines, length = line[i:], 0, -1
		}
		lines++
		if lines > maxHeaders {
			return nil, &frameError{code: codeParseError, msg: fmt.Sprintf("more than %d header lines", maxHeaders)}
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok || !isToken(name) {
			return nil, &frameError{code: codeParseError, msg: fmt.Sprintf("malformed header line %q", clip(line))}
		}
		if strings.EqualFold(name, "Content-Length") {
			n, err := strconv.ParseInt(strings.TrimSpace(value), 10, 64)
			if err != nil || n < 0 {
				return nil, &frameError{code: codeParseError, msg: fmt.Sprintf("bad Content-Length %q", clip(value))}
			}
			length = int(min(n, int64(1)<<40))
		}
	}
	if length < 0 {
		return nil, &frameError{code: codeParseError, msg: "no Content-Length header"}
	}
	if length > limit {
		if length > max(maxSkip, limit) {
			return nil, &fatalFrameError{frameError{codeInvalidRequest, fmt.Sprintf("message of %d bytes is larger than the limit of %d bytes and too large to skip: connection closed", length, limit), true}}
		}
		// Answered before the body is read and dropped (a client that sends it takes a while),
		// then the reader goes on with the next message.
		if warn != nil {
			warn(&frameError{codeInvalidRequest, fmt.Sprintf("message of %d bytes is larger than the limit of %d bytes: skipped", length, limit), true})
		}
		if _, err := io.CopyN(io.Discard, r, int64(length)); err != nil {
			return nil, unexpected(err)
		}
		return readFrame(r, limit, warn)
	}
	var body bytes.Buffer
	// The body grows as it arrives: a header that announces much and sends little costs little.
	if _, err := io.CopyN(&body, r, int64(length)); err != nil {
		return nil, unexpected(err)
	}
	return body.Bytes(), nil
}

// isToken reports whether s is a header name (RFC 7230 token characters, as LSP's headers are).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '-' || c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

var errLongLine = errors.New("header line too long")

// readLine reads a header line without its \r\n or \n. A line longer than maxHeaderLine is
// consumed to its end and reported as errLongLine.
func readLine(r *bufio.Reader) (string, error) {
	line, err := r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		for err == bufio.ErrBufferFull {
			_, err = r.ReadSlice('\n')
		}
		if err != nil {
			return "", err
		}
		return "", errLongLine
	}
	if err != nil {
		if err == io.EOF && len(line) > 0 {
			return "", io.ErrUnexpectedEOF
		}
		return "", err
	}
	s := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
	return s, nil
}

// clip shortens a string for a message.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}
