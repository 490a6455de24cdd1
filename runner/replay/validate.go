package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// EventError is an event of Input.Events that the page cannot be built from: Index is its place
// in Events (0-based; the caller maps it to its file's line), Col the byte column in that line
// (1-based) where the fault is, Why what is wrong. sortie replay reports it as X006 with
// file:line:col.
type EventError struct {
	Index int
	Col   int
	Why   string
}

func (e *EventError) Error() string { return fmt.Sprintf("event %d: %s", e.Index+1, e.Why) }

// checkEvent refuses an event line (i is its index in Events) whose JSON holds a null as an
// element of an array, a number out of range or a name the plan does not know (r, refs.go). No
// engine writes a null list entry (its lists are of objects, strings and numbers), and a decoded
// null element is a zero row whose Line would name nothing or dereference a nil field (a
// sighting's armies: [null]). Col is the column of the value at fault. Errors: *EventError.
func checkEvent(i int, line []byte, r refs) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	// The open arrays and objects: an object's frame holds the key of the value read next (a
	// string token in key place is a key), an array's the key it is the value of.
	type frame struct {
		array   bool
		key     string
		wantKey bool
	}
	var stack []frame
	for {
		off := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return nil // io.EOF, or a syntax error json.Unmarshal has reported already
		}
		rest := line[off:]
		col := int(off) + len(rest) - len(bytes.TrimLeft(rest, " \t,:\r\n")) + 1
		key := ""
		if n := len(stack); n > 0 {
			key = stack[n-1].key
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '[':
				stack = append(stack, frame{array: true, key: key})
			case '{':
				stack = append(stack, frame{wantKey: true})
			default:
				stack = stack[:len(stack)-1]
			}
			if (d == '[' || d == '{') && len(stack) > 1 && !stack[len(stack)-2].array {
				stack[len(stack)-2].wantKey = true // the value of a key is this array or object
			}
			continue
		}
		if n := len(stack); n > 0 && !stack[n-1].array {
			if stack[n-1].wantKey {
				stack[n-1].key, stack[n-1].wantKey = tok.(string), false
				continue
			}
			stack[n-1].wantKey = true
		}
		switch v := tok.(type) {
		case nil:
			if len(stack) > 0 && stack[len(stack)-1].array {
				return &EventError{Index: i, Col: col, Why: "null in a list (a list's entries are never null in a run's events)"}
			}
			if s, named := r[key]; named && s.notNull {
				// Where the engine writes a name (a block, an army), never null (issue 25 review D2).
				return &EventError{Index: i, Col: col, Why: strconv.Quote(key) + ": not a name (want " + s.what + ")"}
			}
		case json.Number:
			f, err := strconv.ParseFloat(string(v), 64)
			if err != nil {
				f = math.Inf(1) // beyond float64: out of range
			}
			if err := r.checkValue(i, col, key, f); err != nil {
				return err
			}
		case string, bool:
			if err := r.checkValue(i, col, key, v); err != nil {
				return err
			}
		}
	}
}

// safeLine is decodedLine of event i, with the events' Line methods' trust in their own fields
// (written by the engine) turned into an error for a hand-edited record: a Line that fails on
// what it was given is the event's fault, reported with its index, never a panic of sortie.
// Errors: *EventError.
func safeLine(i int, stream string, line []byte) (s string, err error) {
	defer func() {
		if recover() != nil {
			s, err = "", &EventError{Index: i, Col: 1, Why: "a field the event's text needs is missing or null"}
		}
	}()
	return decodedLine(stream, line), nil
}
