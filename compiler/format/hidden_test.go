package format

import (
	"testing"

	yaml "go.yaml.in/yaml/v3"
)

// Issue 20, B3: sortie fmt never turns an escape into a raw invisible, bidirectional or control
// character (Trojan Source). One case per class esc.Hidden names; expected texts by hand.
func TestFormatKeepsEscapes(t *testing.T) {
	cases := []struct{ class, src, want string }{
		{"bidi override", `a: "x\u202ey"` + "\n", `a: "x\u202ey"` + "\n"},
		{"bidi isolate in a key", `"k\u2066": 1` + "\n", `"k\u2066": 1` + "\n"},
		{"C0 (bell)", `a: "\a"` + "\n", `a: "\x07"` + "\n"},
		{"C1 (next line)", `a: "\x85"` + "\n", `a: "\x85"` + "\n"},
		{"zero-width space", `a: "x\u200by"` + "\n", `a: "x\u200by"` + "\n"},
		{"zero-width no-break space", `a: ["\uFEFF", plain]` + "\n", `a: ["\ufeff", plain]` + "\n"},
		{"raw override between double quotes", "a: \"x\u202ey\" # note\n", `a: "x\u202ey" # note` + "\n"},
		{"raw override in a plain scalar (the author's, kept)", "a: x\u202ey\n", "a: x\u202ey\n"},
		{"beside a comment at its column", `a: "\u202e"    # c` + "\nbb: 1\n", `a: "\u202e"    # c` + "\nbb: 1\n"},
	}
	for _, c := range cases {
		out, list := YAML("t.yaml", []byte(c.src))
		if len(list) > 0 || string(out) != c.want {
			t.Errorf("%s: YAML(%q) = %q %v, want %q", c.class, c.src, out, list, c.want)
			continue
		}
		if again, _ := YAML("t.yaml", out); string(again) != string(out) {
			t.Errorf("%s: not idempotent: %q then %q", c.class, out, again)
		}
	}
	// CUE's formatter keeps a literal as written: each class, escaped, stays so.
	src := "a: \"x\\u202ey\"\nb: \"\\u0007\\u0085\\u200b\\uFEFF\"\nc: \"\"\"\n\tq\\u202e\n\t\"\"\"\n"
	if out, list := CUE("t.cue", []byte(src)); len(list) > 0 || string(out) != src {
		t.Errorf("CUE(%q) = %q %v", src, out, list)
	}
}

func TestEncodeYAMLKeepsEscapes(t *testing.T) {
	key := &yaml.Node{Kind: yaml.ScalarNode, Value: "title"}
	val := &yaml.Node{Kind: yaml.ScalarNode, Value: "a\u202eb\u200c\x01\u0085 \"q\""}
	doc := &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{{Kind: yaml.MappingNode, Content: []*yaml.Node{key, val}}}}
	out, err := EncodeYAML([]*yaml.Node{doc})
	want := `title: "a\u202eb\u200c\x01\x85 \"q\""` + "\n"
	if err != nil || string(out) != want {
		t.Errorf("EncodeYAML = %q %v, want %q", out, err, want)
	}
	if val.Value != "a\u202eb\u200c\x01\u0085 \"q\"" || val.Style != 0 {
		t.Errorf("the node was not put back: %q %v", val.Value, val.Style)
	}
}
