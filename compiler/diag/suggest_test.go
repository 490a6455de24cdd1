package diag

import (
	"strings"
	"testing"
)

func TestSuggest(t *testing.T) {
	for _, tc := range []struct {
		s    string
		cand []string
		want string
	}{
		{"karzorl", []string{"karzoral", "pathfinder", "clash"}, "karzoral"},
		{"limt", []string{"limit"}, "limit"},
		{"nmae", []string{"at", "kind", "name"}, "name"}, // a transposition is 2 edits
		{"bse", []string{"base", "block", "trail"}, "base"},
		{"xyz", []string{"base", "block"}, ""},
		{"l", []string{"id"}, ""},          // 2 edits for 1 letter: no
		{"ab", []string{"ba", "aa"}, "aa"}, // 1 edit beats 2
		{"fo", []string{"foes"}, ""},       // 2 edits, half of 2 letters: no
	} {
		if got := Suggest(tc.s, tc.cand); got != tc.want {
			t.Errorf("Suggest(%q, %v) = %q, want %q", tc.s, tc.cand, got, tc.want)
		}
	}
	long := strings.Repeat("a", 65)
	if got := Suggest(long, []string{long + "b"}); got != "" {
		t.Errorf("a 65-byte string got a suggestion %q", got)
	}
}
