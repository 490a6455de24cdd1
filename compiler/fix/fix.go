// Package fix turns sortie's findings into edits of the author's text: the quick fixes of the
// language server (textDocument/codeAction) and of `sortie vet --fix` are the same, made here.
//
// A finding is fixable when it says exactly what to write, in the words every finding of its
// kind uses:
//
//   - a did-you-mean (`did you mean "rations"?`, in the hint or after the message, diag.DidYouMean):
//     a misspelt id, field name, enum value, tactic, boon, creature or spell. The misspelt text is
//     the quoted string of the message that is written at the finding's position (quoted or not);
//     it is replaced by the suggestion, quoted the way it was written;
//   - L014, a YAML number with a leading zero, worded by what the schema wants there
//     (compiler/yaml_leadzero.go): `write "03" for an id, or 3 for a number` (both readings fit,
//     or the schema says nothing there) gives two fixes, the quoted string first; `write "03" (a
//     string is wanted here)` the string; `write 3 (a number is wanted here)` the number; `write 1
//     (the only value allowed here)` that value (version: 01, or 02, where version is int & 1);
//     a hint that names no value (neither reading fits) none;
//   - S003, a required field missing that has an obvious default (compiler/schema_default.go:
//     `add rules: "karzoral" (the default: ...)`): the field is written as a line of its own
//     before the first field of the struct the finding points at, indented as it is;
//   - S002, a string where a bool or a number is wanted (`write true (a bool is not quoted)`), a
//     YAML 1.1 yes/no/on/off among them.
//
// Nothing here reads or writes a file: For and Apply take and return bytes.
package fix

import (
	"bytes"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Edit replaces the bytes src[Start:End] with New.
type Edit struct {
	Start, End int // byte offsets, Start <= End
	New        string
}

// Fix is one way to correct one finding: its title (shown in the editor's menu) and its edits.
type Fix struct {
	Title string
	Edits []Edit
	// Preferred marks the fix that vet --fix applies and an editor's "fix all" may apply: the
	// first of a finding's fixes.
	Preferred bool
}

var (
	reDidYouMean = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`did you mean ("(?:[^"\\]|\\.)*")\?`) })
	reLeadZero   = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^write ("(?:[^"\\]|\\.)*") for an id, or (\S+) for a number$`)
	})
	reLeadOne = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^write ("(?:[^"\\]|\\.)*"|\S+) \((?:(?:a string|a number) is wanted here|the only value allowed here)\)$`)
	})
	reZeroNum    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[-+]?0[0-9]+$`) })
	reAddDefault = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^add ([A-Za-z_][A-Za-z0-9_]*): ("(?:[^"\\]|\\.)*") \(the default: `)
	})
	reUnquote = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^write (\S+) \(an? (?:bool|number) is not quoted\)$`)
	})
)

// For returns the fixes of the finding d in src, the text of the file d is about (kind "cue",
// "yaml" or "json", as compiler.FileKind names it), preferred first; none when d says nothing
// sure, or when src does not hold what d says at d's position (the text changed since).
func For(d diag.Diagnostic, src []byte, kind string) []Fix {
	off, ok := offsetOf(src, d.Pos.Line, d.Pos.Column)
	if !ok {
		return nil
	}
	var out []Fix
	add := func(title string, e Edit) {
		out = append(out, Fix{Title: title, Edits: []Edit{e}, Preferred: len(out) == 0})
	}
	if m := reDidYouMean().FindStringSubmatch(d.Hint + "\n" + d.Message); m != nil {
		want, err := strconv.Unquote(m[1])
		if err != nil || want == "" {
			return nil
		}
		for _, old := range quotedIn(d.Message) {
			if start, end, q, ok := written(src, off, old); ok {
				add("change "+strconv.Quote(old)+" to "+strconv.Quote(want), Edit{start, end, spell(want, q, kind)})
				break
			}
		}
		return out
	}
	if d.Code == "L014" {
		// The number as written: a sign, then word bytes.
		end := off
		if end < len(src) && (src[end] == '-' || src[end] == '+') {
			end++
		}
		for end < len(src) && wordByte(src[end]) {
			end++
		}
		lit := string(src[off:end])
		if !reZeroNum().MatchString(lit) {
			return nil
		}
		if m := reLeadZero().FindStringSubmatch(d.Hint); m != nil {
			if id, err := strconv.Unquote(m[1]); err == nil && id == lit {
				add("quote it: "+m[1], Edit{off, end, m[1]})
				add("write the number "+m[2], Edit{off, end, m[2]})
			}
		} else if m := reLeadOne().FindStringSubmatch(d.Hint); m != nil {
			title := "write " + m[1]
			if m[1][0] == '"' {
				if id, err := strconv.Unquote(m[1]); err != nil || id != lit {
					return nil
				}
				title = "quote it: " + m[1]
			}
			add(title, Edit{off, end, m[1]})
		}
		return out
	}
	if m := reAddDefault().FindStringSubmatch(d.Hint); m != nil && d.Code == "S003" {
		if e, ok := addField(src, off, kind, m[1], m[2]); ok {
			add("add "+m[1]+": "+m[2], e)
		}
		return out
	}
	if m := reUnquote().FindStringSubmatch(d.Hint); m != nil && d.Code == "S002" {
		for _, old := range quotedIn(d.Message) {
			if start, end, _, ok := written(src, off, old); ok {
				add("write "+m[1], Edit{start, end, m[1]})
				break
			}
		}
	}
	return out
}

// Apply applies the preferred fix of each finding in list that is about this file (the caller
// picks them) to src, and returns the new text and how many findings it fixed. A fix whose edits
// overlap an earlier one's is left for the next round (vet --fix vets again and repeats).
func Apply(src []byte, kind string, list diag.List) ([]byte, int) {
	var edits []Edit
	n := 0
	for _, d := range list {
		fixes := For(d, src, kind)
		if len(fixes) == 0 {
			continue
		}
		clash := false
		for _, e := range fixes[0].Edits {
			for _, o := range edits {
				if e.Start < o.End && o.Start < e.End || e.Start == o.Start {
					clash = true
				}
			}
		}
		if clash {
			continue
		}
		edits = append(edits, fixes[0].Edits...)
		n++
	}
	return ApplyEdits(src, edits), n
}

// ApplyEdits returns src with the edits made; they must not overlap.
func ApplyEdits(src []byte, edits []Edit) []byte {
	sorted := append([]Edit(nil), edits...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	var out []byte
	at := 0
	for _, e := range sorted {
		out = append(out, src[at:e.Start]...)
		out = append(out, e.New...)
		at = e.End
	}
	return append(out, src[at:]...)
}

// quotedIn returns the Go-quoted strings of a message, in order ("frod" of `unknown block "frod"`).
func quotedIn(msg string) []string {
	var out []string
	for i := 0; i < len(msg); i++ {
		if msg[i] != '"' {
			continue
		}
		q, err := strconv.QuotedPrefix(msg[i:])
		if err != nil {
			continue
		}
		if s, err := strconv.Unquote(q); err == nil {
			out = append(out, s)
		}
		i += len(q) - 1
	}
	return out
}

// written reports whether src at off holds the value s: double-quoted (any escapes), single-quoted
// (YAML, ” for a quote) or plain (then not followed by a word byte: "Defensive Wal" is not
// "Defensive Wall"); start and end span the whole of it, quotes included; q is the quote (0: plain).
func written(src []byte, off int, s string) (start, end int, q byte, ok bool) {
	if off >= len(src) {
		return 0, 0, 0, false
	}
	switch src[off] {
	case '"':
		lit, err := strconv.QuotedPrefix(string(src[off:min(len(src), off+4096)]))
		if err != nil {
			return 0, 0, 0, false
		}
		if v, err := strconv.Unquote(lit); err == nil && v == s {
			return off, off + len(lit), '"', true
		}
	case '\'':
		var b strings.Builder
		for i := off + 1; i < len(src) && src[i] != '\n'; i++ {
			if src[i] == '\'' {
				if i+1 < len(src) && src[i+1] == '\'' {
					b.WriteByte('\'')
					i++
					continue
				}
				if b.String() == s {
					return off, i + 1, '\'', true
				}
				break
			}
			b.WriteByte(src[i])
		}
	default:
		end := off + len(s)
		if end <= len(src) && string(src[off:end]) == s && (end == len(src) || !wordByte(src[end])) {
			return off, end, 0, true
		}
	}
	return 0, 0, 0, false
}

// rePlain is a value every reader takes as the same string unquoted: a YAML plain scalar, or a
// CUE identifier (a label).
var rePlain = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })

// rePlainWords is a YAML plain scalar of words ("Defensive Wall"), which reads as written in a
// block or flow collection.
var rePlainWords = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_ -]*[A-Za-z0-9_]$`) })

// yaml11 are the plain words a YAML 1.1 reader takes for a bool or null.
var yaml11 = map[string]bool{"y": true, "n": true, "yes": true, "no": true, "on": true, "off": true,
	"true": true, "false": true, "null": true, "~": true}

// spell writes s as the old value was written: with its quote, else plain where that reads the
// same in kind's syntax, else double-quoted.
func spell(s string, q byte, kind string) string {
	switch q {
	case '"':
		return strconv.Quote(s)
	case '\'':
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
	plain := rePlain().MatchString(s) && !yaml11[strings.ToLower(s)]
	if kind == "yaml" && !plain && rePlainWords().MatchString(s) {
		plain = !yaml11[strings.ToLower(s)] // "Defensive Wall" in a flow list reads as written
	}
	if plain {
		return s
	}
	return strconv.Quote(s)
}

// addField returns the edit that writes the field name with the value val (Go-quoted) as a line
// of its own before the field at off, the first of its struct, in kind's syntax: YAML `name:
// val` (plain where that reads the same), CUE `name: "val"`, JSON `"name": "val",`. A CUE file's
// package clause at off (where the compiler places a finding about the file's top level) is
// stepped over, with the blank and comment lines after it. ok is false when off is not at a
// field's start on a line of its own.
func addField(src []byte, off int, kind, name, val string) (Edit, bool) {
	v, err := strconv.Unquote(val)
	if err != nil {
		return Edit{}, false
	}
	lineStart := bytes.LastIndexByte(src[:off], '\n') + 1
	if kind == "cue" && bytes.HasPrefix(src[off:], []byte("package ")) {
		for {
			nl := bytes.IndexByte(src[off:], '\n')
			if nl < 0 {
				return Edit{}, false
			}
			off += nl + 1
			lineStart = off
			for off < len(src) && (src[off] == ' ' || src[off] == '\t') {
				off++
			}
			if off < len(src) && src[off] != '\n' && !bytes.HasPrefix(src[off:], []byte("//")) {
				break
			}
		}
	}
	indent := string(src[lineStart:off])
	if strings.Trim(indent, " \t") != "" || off >= len(src) || !(src[off] == '"' || src[off] == '_' || src[off] >= 'a' && src[off] <= 'z' || src[off] >= 'A' && src[off] <= 'Z') {
		return Edit{}, false
	}
	var line string
	switch kind {
	case "yaml":
		line = name + ": " + spell(v, 0, kind)
	case "cue":
		line = name + ": " + strconv.Quote(v)
	case "json":
		line = strconv.Quote(name) + ": " + strconv.Quote(v) + ","
	default:
		return Edit{}, false
	}
	return Edit{off, off, line + "\n" + indent}, true
}

// offsetOf converts sortie's 1-based line and byte column to a byte offset of src.
func offsetOf(src []byte, line, col int) (int, bool) {
	if line < 1 || col < 1 {
		return 0, false
	}
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	off += col - 1
	if off > len(src) {
		return 0, false
	}
	return off, true
}

func wordByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}
