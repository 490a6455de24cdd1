package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"

	"github.com/sortie-rpg/sortie/runner"
)

// A plan (sortie compile -o) or a save (--save) sortie cannot read is refused with X007 at the
// place in the file its JSON error names: the bad character of a syntax error, the value of the
// wrong type, the unknown field; 1:1 when the fault is the file's as a whole (its format, its
// version, its checksum, what the engine refuses of a hand-edited plan). Exit 2.

// badJSONFile is the X007 refusal of path, whose bytes are data: "PATH:LINE:COL: X007: MSG".
func badJSONFile(path string, data []byte, jerr error, format string, args ...any) error {
	line, col := jsonErrPos(data, jerr)
	return failf(exitUsage, "%s:%d:%d: %s: %s", path, line, col, runner.CodeBadFile, fmt.Sprintf(format, args...))
}

// unknownField is encoding/json's message for a field DisallowUnknownFields refuses.
var unknownField = regexp.MustCompile(`json: unknown field ("(?:[^"\\]|\\.)*")`)

// jsonErrPos is the 1-based line and byte column in data of what err (encoding/json's, wrapped
// or not) complains of; 1, 1 when it names no place. A syntax error points at its bad byte; a
// value of the wrong type at the value's first byte; an unknown field at its key's first
// occurrence as a key.
func jsonErrPos(data []byte, err error) (line, col int) {
	off := -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
	case errors.As(err, &se):
		off = int(se.Offset) - 1
	case errors.As(err, &te):
		off = valueStart(data, int(te.Offset))
	default:
		if m := unknownField.FindStringSubmatch(err.Error()); m != nil {
			key := regexp.MustCompile(regexp.QuoteMeta(m[1]) + `\s*:`)
			if loc := key.FindIndex(data); loc != nil {
				off = loc[0]
			}
		}
	}
	if off < 0 || off >= len(data) {
		return 1, 1
	}
	return lineCol(data, int64(off)+1) // the place of byte off, as a baseline's faults are placed
}

// valueStart is where the JSON value that ends at end (the offset encoding/json reports after
// reading it) begins: the opening bracket of an object or a list (the decoder stops just after
// it), the opening quote of a string, the first byte of a number or a literal.
func valueStart(data []byte, end int) int {
	if end <= 0 || end > len(data) {
		return -1
	}
	i := end - 1
	switch c := data[i]; {
	case c == '{' || c == '[':
		return i
	case c == '"':
		for j := i - 1; j >= 0; j-- {
			if data[j] == '"' {
				k := j - 1 // an escaped quote is part of the string
				for k >= 0 && data[k] == '\\' {
					k--
				}
				if (j-k)%2 == 1 {
					return j
				}
			}
		}
		return -1
	}
	for i > 0 && bytes.IndexByte([]byte("+-.0123456789eEabcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"), data[i-1]) >= 0 {
		i--
	}
	return i
}
