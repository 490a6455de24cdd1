package esc

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// The injection strings, each escaped by hand for each output.
func TestText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain title é", "plain title é"},
		{"x\n::error file=forged.cue,line=1::FORGED", `x\n::error file=forged.cue,line=1::FORGED`},
		{"a\x1b[2J\x1b]0;pwned\a\rB", `a\x1b[2J\x1b]0;pwned\a\rB`},
		{"tab\there", `tab\there`},
		{"del\x7f c1\u009b", `del\x7f c1\u009b`},
		{"rlo\u202eabc\u2066", `rlo\u202eabc\u2066`},
		{"ls\u2028ps\u2029bom\ufeff", `ls\u2028ps\u2029bom\ufeff`},
		{"bad\xff\xfe byte", `bad\xff\xfe byte`},
		{"real \ufffd", `real \ufffd`},
		{"</script><img src=x onerror=alert(1)>]]>%0A", "</script><img src=x onerror=alert(1)>]]>%0A"},
	} {
		if got := Text(tc.in); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := Text(tc.in); strings.ContainsAny(got, "\n\r\x1b") || !utf8.ValidString(got) {
			t.Errorf("Text(%q) = %q: a line break, an ESC or invalid UTF-8 left", tc.in, got)
		}
	}
	if got, want := Lines("a\nb\x1b\tc\n"), "a\nb\\x1b\tc\n"; got != want {
		t.Errorf("Lines = %q, want %q", got, want)
	}
}

func TestCut(t *testing.T) {
	long := strings.Repeat("é", 5_000_000) // 10 MB: a message must not quote it whole
	got := Cut(long, Max)
	if n := utf8.RuneCountInString(got); n != Max || !strings.HasSuffix(got, "…") {
		t.Errorf("Cut of 5,000,000 runes: %d runes, ends %q", n, got[len(got)-6:])
	}
	if Cut("short", Max) != "short" || Cut("abcdef", 4) != "abc…" || Cut("abc", 0) != "…" {
		t.Errorf("Cut: %q %q %q", Cut("short", Max), Cut("abcdef", 4), Cut("abc", 0))
	}
	if got := Short("a\nb" + strings.Repeat("x", 300)); utf8.RuneCountInString(got) != Max+1 || strings.Contains(got, "\n") {
		// 199 runes kept, the newline among them written as two characters, then the ellipsis.
		t.Errorf("Short: %d runes %q", utf8.RuneCountInString(got), got)
	}
}

// GitHub's runner decodes %25, %0D, %0A (data) and also %3A, %2C (properties); a raw newline
// would end the command. Worked out by hand from the escaping rules.
func TestGitHub(t *testing.T) {
	in := "x\n::error file=forged.cue,line=1::FORGED 100%\r\x1b"
	if got, want := GitHubData(in), `x%0A::error file=forged.cue,line=1::FORGED 100%25%0D\x1b`; got != want {
		t.Errorf("GitHubData = %q, want %q", got, want)
	}
	if got, want := GitHubProp("a\nb,c:d%.cue\x1b"), `a%0Ab%2Cc%3Ad%25.cue\x1b`; got != want {
		t.Errorf("GitHubProp = %q, want %q", got, want)
	}
}

func TestXML(t *testing.T) {
	if got, want := XML("a\x1b\x00b\nc\td\uffff\xff]]></x>"), "a\\x1b\\x00b\nc\td\\uffff\\xff]]></x>"; got != want {
		t.Errorf("XML = %q, want %q", got, want)
	}
}

// A pull-request comment: no HTML, no image, no link, no mention, no emphasis from a name.
func TestMarkdown(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`<img src=x onerror=alert(1)>`, `&lt;img src=x onerror=alert\(1\)&gt;`},
		{`![x](https://evil.example/p.png)`, "\\!\\[x\\]\\(https:\u2060//evil.example/p.png\\)"},
		{`@octocat and @org/team`, "@\u2060octocat and @\u2060org/team"},
		{"**bold** `code` | cell\nnext", "\\*\\*bold\\*\\* \\`code\\` \\| cell\\\\nnext"},
		{`</details><!--`, `&lt;/details&gt;&lt;\!--`},
	} {
		if got := Markdown(tc.in); got != tc.want {
			t.Errorf("Markdown(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got, want := MarkdownCode("a`b|c\n"), `a'b\|c\n`; got != want {
		t.Errorf("MarkdownCode = %q, want %q", got, want)
	}
}

// Strings escapes every exported string of a value (nested, in slices, maps and behind pointers)
// in a copy, leaves bytes and unexported fields, and returns a clean value itself.
func TestStrings(t *testing.T) {
	type inner struct{ Name string }
	type ev struct {
		Title  string
		Names  []string
		By     map[string]inner
		Ptr    *inner
		Any    any
		Raw    []byte
		secret string
	}
	bad := "a\nb\x1b"
	in := &ev{Title: bad, Names: []string{"ok", bad}, By: map[string]inner{bad: {bad}}, Ptr: &inner{bad}, Any: inner{bad}, Raw: []byte(bad), secret: bad}
	out := Strings(in)
	want := `a\nb\x1b`
	if out.Title != want || out.Names[0] != "ok" || out.Names[1] != want || out.By[want].Name != want || out.Ptr.Name != want || out.Any.(inner).Name != want {
		t.Errorf("escaped copy %+v", out)
	}
	if string(out.Raw) != bad || out.secret != bad {
		t.Errorf("bytes or unexported fields changed: %q %q", out.Raw, out.secret)
	}
	if in.Title != bad || in.Names[1] != bad || in.Ptr.Name != bad {
		t.Error("the original was changed")
	}
	clean := &ev{Title: "fine"}
	if Strings(clean) != clean {
		t.Error("a clean value was copied")
	}
}

// Issue 20, B3: JSON keeps every hidden character escaped inside strings; expected by hand.
func TestJSONHidden(t *testing.T) {
	in := "{\n  \"a\": \"x\u202ey\u200b\u0085\u007f\U000E0041\",\n\t\"b\": \"plain é\"\n}"
	want := "{\n  \"a\": \"x\\u202ey\\u200b\\u0085\\u007f\\udb40\\udc41\",\n\t\"b\": \"plain é\"\n}"
	if got := string(JSON([]byte(in))); got != want {
		t.Errorf("JSON = %q, want %q", got, want)
	}
	for _, r := range []rune{0x202e, 0x200b, 0x200c, 0x2060, 0xfeff, 0x00ad, 0x0007, 0x0085} {
		if !Hidden(r) {
			t.Errorf("Hidden(%U) = false", r)
		}
	}
	if Hidden('é') || Hidden(' ') || Hidden('あ') {
		t.Error("a printable character is Hidden")
	}
}

// TestExact: Exact escapes what Text does and the other hidden characters (a zero-width space,
// a word joiner, a tag character), which Text leaves.
func TestExact(t *testing.T) {
	for in, want := range map[string]string{
		"plain":        "plain",
		"a\x1bb":       `a\x1bb`,
		"a\u202eb":     `a\u202eb`,
		"a\u200bb":     `a\u200bb`,
		"a\u2060b":     `a\u2060b`,
		"a\U000E0041b": `a\U000e0041b`,
		"日本語 ok":       "日本語 ok",
	} {
		if got := Exact(in); got != want {
			t.Errorf("Exact(%q) = %q, want %q", in, got, want)
		}
	}
	if Text("a\u200bb") != "a\u200bb" {
		t.Error("Text escapes a zero-width space")
	}
}
