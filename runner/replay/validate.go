package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// checkEvent refuses an event line whose JSON holds a null as an element of an array (i is its
// index in Events). No engine writes one (its lists are of objects, strings and numbers), and a
// decoded null element is a zero row whose Line would name nothing or dereference a nil field (a
// sighting's armies: [null]). Col is the null's column. Errors: *EventError.
func checkEvent(i int, line []byte) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	var stack []bool // true: inside an array
	for {
		off := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return nil // io.EOF, or a syntax error json.Unmarshal has reported already
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '[':
				stack = append(stack, true)
			case '{':
				stack = append(stack, false)
			default:
				stack = stack[:len(stack)-1]
			}
		case nil:
			if len(stack) > 0 && stack[len(stack)-1] {
				rest := line[off:]
				col := int(off) + len(rest) - len(bytes.TrimLeft(rest, " \t,\r\n")) + 1
				return &EventError{Index: i, Col: col, Why: "null in a list (a list's entries are never null in a run's events)"}
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
