package lsp

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// shown is the showing half of the trust boundary for the editor: every message the server
// writes passes here (stream.WriteObject), so every string of a scenario it carries (a hover,
// a symbol's name and detail, an inlay hint's label, a code action's title, a completion's
// detail, a diagnostic's message, an error's message) is shown as the CLI shows it, through
// compiler/esc, whichever handler composed it.
//
// data is one JSON message as json.Marshal wrote it. The rule, by the key that holds a string:
//   - "newText", "insertText": text put into the user's own buffer (an edit, a completion): as
//     it is (escaping would corrupt the document);
//   - "value" (hover and documentation markup) and "message" (a diagnostic's or an error's
//     message, which sortie writes on several lines, "...\nhint: ..."): esc.Lines (newlines and
//     tabs kept, every other control character escaped);
//   - any other string: esc.Text (one line, no control character).
//
// A message without any control character (the usual case) is returned as it is, without a
// second encoding; otherwise it is decoded, escaped and encoded again (keys sorted, numbers as
// they were). An error (never expected: data was written by json.Marshal) returns data.
func shown(data []byte) ([]byte, error) {
	if !hasControlJSON(data) {
		return data, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return data, err
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(escapeWire(v, "")); err != nil {
		return data, err
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

// escapeWire returns v with its strings escaped by the rule of shown; key is the object key that
// holds v ("" at the top and in arrays, which inherit their holder's key).
func escapeWire(v any, key string) any {
	switch x := v.(type) {
	case string:
		switch key {
		case "newText", "insertText":
			return x
		case "value", "message":
			return esc.Lines(x)
		}
		return esc.Text(x)
	case []any:
		for i := range x {
			x[i] = escapeWire(x[i], key)
		}
		return x
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[esc.Text(k)] = escapeWire(e, k)
		}
		return out
	}
	return v
}

// hasControlJSON reports whether a JSON text holds, in a string, a character esc.Text escapes:
// written as a JSON escape (\n, \t, \u001b, \u202e) or raw (DEL, C1, bidirectional controls).
// It may answer true for a newline that shown keeps (then shown only does more work).
func hasControlJSON(data []byte) bool {
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '\\' && i+1 < len(data):
			switch data[i+1] {
			case 'b', 'f', 'n', 'r', 't':
				return true
			case 'u':
				if i+6 <= len(data) {
					if n, err := strconv.ParseUint(string(data[i+2:i+6]), 16, 32); err == nil && esc.Control(rune(n)) {
						return true
					}
				}
			}
			i += 2
		case c == 0x7f:
			return true
		case c >= 0x80:
			r, n := utf8.DecodeRune(data[i:])
			if esc.Control(r) {
				return true
			}
			i += n
		default:
			i++
		}
	}
	return false
}
