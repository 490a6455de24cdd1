// Package esc is the showing half of sortie's trust boundary: one rule for every string that came
// from a file (a title, a name, a say, an id, a terrain, a file name) on its way into an output.
// Such a string is a stranger's: it may hold a newline that starts a forged line (a GitHub
// workflow command "::error ..."), terminal escapes that rewrite the screen, bidirectional
// overrides, "</script>", "]]>" or "<img onerror=...>". Each output escapes it by its own syntax:
//
//   - Text: transcripts, tables, diagnostics, dot and Mermaid labels: every control character
//     (C0, newline and tab included, DEL, C1), every bidirectional control and line separator,
//     and every byte that is not UTF-8 is written as a Go escape (\n, \x1b, \u202e, \xff), so a
//     stranger's string is always one line and never drives a terminal;
//   - Lines: Text for a multi-line text of sortie's own making (newlines kept);
//   - GitHubData, GitHubProp: workflow commands' %25/%0D/%0A encoding (and %3A/%2C in
//     properties), the other control characters as Text's escapes;
//   - XML: characters XML 1.0 forbids (C0 but tab and newline, U+FFFE, U+FFFF, bytes not UTF-8)
//     as Text's escapes, for encoding/xml to escape the rest;
//   - Markdown: HTML, images, links, emphasis, code and @mentions neutralised;
//   - Cut: long values are cut to a bound (Max runes) with an ellipsis.
//
// The package imports nothing but the standard library: the runner, the compiler, the graph
// renderers and the command all use it (runner/imports_test.go's rules hold).
package esc

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Max is the default bound of a value quoted in a message, in runes (Short).
const Max = 200

// Control reports whether r is written escaped by Text: a C0 control (newline and tab
// included), DEL, a C1 control, a bidirectional control (U+061C, U+200E, U+200F, U+202A..U+202E,
// U+2066..U+2069), a line or paragraph separator (U+2028, U+2029), a byte-order mark (U+FEFF) or
// utf8.RuneError.
func Control(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x2028, r == 0x2029, r == 0xfeff, r == utf8.RuneError:
		return true
	}
	return false
}

// Text returns s with every Control character written as a Go escape (\n, \t, \x1b, \u202e) and
// every byte that is not UTF-8 as \xNN: one line, no terminal control. A string without such
// characters is returned as it is.
func Text(s string) string { return escape(s, Control) }

// Exact is Text escaping every Hidden character too (zero-width spaces, joiners, tag
// characters): for a name a person must be able to tell apart from a look-alike, such as a path
// sortie refuses.
func Exact(s string) string { return escape(s, Hidden) }

// Lines is Text keeping newlines and tabs: for a multi-line text sortie composed (a table, a
// transcript block), where the strangers' strings inside were already made single lines.
func Lines(s string) string {
	return escape(s, func(r rune) bool { return r != '\n' && r != '\t' && Control(r) })
}

func escape(s string, bad func(rune) bool) string {
	if !strings.ContainsFunc(s, bad) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:])
		case bad(r):
			q := strconv.QuoteRune(r)
			if r == utf8.RuneError {
				q = `'\ufffd'`
			}
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// Cut returns s cut to at most n runes, the cut marked with "…" (within n). A string of n runes
// or fewer is returned as it is; n < 1 is taken as 1.
func Cut(s string, n int) string {
	n = max(n, 1)
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	i, k := 0, 0
	for i < len(s) && k < n-1 {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
		k++
	}
	return s[:i] + "…"
}

// Short is a stranger's value for a message: Text of s cut to Max runes.
func Short(s string) string { return Text(Cut(s, Max)) }

// GitHubData encodes s for the message of a GitHub Actions workflow command
// ("::error file=F::DATA"): its control characters but CR and LF as Text's escapes, then '%', CR
// and LF as %25, %0D and %0A (the runner decodes those after it has parsed the command, so a
// stranger's newline is a line of the annotation's text, never the start of a command).
func GitHubData(s string) string {
	s = escape(s, func(r rune) bool { return r != '\n' && r != '\r' && Control(r) })
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// GitHubProp encodes s for a property of a workflow command (file=, title=): GitHubData, and ':'
// and ',' as %3A and %2C (they end a property). A file name decodes back to itself (but for its
// other control characters, written as Text's escapes), so the annotation names the real file.
func GitHubProp(s string) string {
	return strings.NewReplacer(":", "%3A", ",", "%2C").Replace(GitHubData(s))
}

// XML returns s with the characters XML 1.0 cannot hold (C0 controls but tab, newline and CR;
// U+FFFE, U+FFFF; bytes not UTF-8) and the other Control characters as Text's escapes; encoding/xml
// escapes '<', '&' and the rest (and splits "]]>" in CDATA).
func XML(s string) string {
	return escape(s, func(r rune) bool {
		return r != '\n' && r != '\t' && (Control(r) || r == 0xfffe || r == 0xffff)
	})
}

// Markdown returns s as literal text for GitHub-flavoured Markdown (a pull-request comment):
// Text's escapes; HTML's '<', '>' and '&' as entities (no tag, no comment, no "<img onerror>");
// the characters of emphasis, code, links, images, headings, tables and block quotes
// backslash-escaped; '@' followed by a zero-width joiner, so "@team" mentions nobody; "://"
// broken so no bare URL is linked (and no remote image loaded).
func Markdown(s string) string {
	s = Text(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '@':
			b.WriteString("@\u2060")
		case '\\', '`', '*', '_', '[', ']', '(', ')', '!', '#', '|', '~':
			b.WriteByte('\\')
			b.WriteByte(c)
		case ':':
			b.WriteByte(':')
			if strings.HasPrefix(s[i+1:], "//") {
				b.WriteString("\u2060")
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// MarkdownCode returns s for the inside of a Markdown code span in a table cell ("`" + s + "`"):
// Text's escapes, a backtick (which would end the span) as "'", and '|' as "\|" (which would end
// the cell). Nothing else is interpreted inside a code span.
func MarkdownCode(s string) string {
	return strings.NewReplacer("`", "'", "|", `\|`).Replace(Text(s))
}

// Hidden reports whether a writer of source files (sortie fmt, init, vet --fix) must keep r as an
// escape inside a quoted string rather than write it raw: every Control character, and every
// other invisible format character (Unicode category Cf: zero-width space, joiner and non-joiner,
// word joiner, soft hyphen, tag characters). Written raw, such a character hides text or reorders
// what a reader sees (Trojan Source, CVE-2021-42574).
func Hidden(r rune) bool { return Control(r) || unicode.Is(unicode.Cf, r) }

// JSON returns the JSON text b with every Hidden character from DEL up written as a \uXXXX
// escape (a pair of them past U+FFFF). Outside strings JSON allows only ASCII, so every such
// character of valid JSON is inside a string, where the escape means the same; C0 characters are
// left alone (inside a string an encoder has escaped them; outside they are white space).
func JSON(b []byte) []byte {
	hidden := func(r rune) bool { return r >= 0x7f && Hidden(r) }
	if !bytes.ContainsFunc(b, hidden) {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if hidden(r) && !(r == utf8.RuneError && n == 1) {
			out = appendU(out, r)
		} else {
			out = append(out, b[:n]...)
		}
		b = b[n:]
	}
	return out
}

// appendU appends r as JSON's \uXXXX escape (a UTF-16 surrogate pair past U+FFFF).
func appendU(out []byte, r rune) []byte {
	if r > 0xffff {
		r1, r2 := utf16.EncodeRune(r)
		return appendU(appendU(out, r1), r2)
	}
	return fmt.Appendf(out, `\u%04x`, r)
}
