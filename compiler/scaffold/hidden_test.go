package scaffold

import "testing"

// Issue 20, B3: sortie init --format yaml|json writes a CUE escape of a hidden character (bidi,
// C0, C1, zero-width) as an escape, never raw. Expected texts by hand.
func TestConvertKeepsEscapes(t *testing.T) {
	src := []byte(`title: "a\u202eb\u0007\u0085\u200b"` + "\n")
	y, err := ToYAML("t.cue", src)
	if want := `title: "a\u202eb\x07\x85\u200b"` + "\n"; err != nil || string(y) != want {
		t.Errorf("ToYAML = %q %v, want %q", y, err, want)
	}
	j, err := ToJSON("t.cue", src)
	if want := "{\n  \"title\": \"a\\u202eb\\u0007\\u0085\\u200b\"\n}\n"; err != nil || string(j) != want {
		t.Errorf("ToJSON = %q %v, want %q", j, err, want)
	}
}
