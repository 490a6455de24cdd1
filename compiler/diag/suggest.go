package diag

import (
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/xrash/smetrics"
)

// Suggest returns the candidate nearest to s by Levenshtein distance when that distance is below 3
// (the HCL rule) and at most half the length of s (so "l" does not suggest "id"), and "" otherwise.
// Ties go to the first candidate in sorted order, so the answer does not depend on the order of
// the candidates. Strings longer than 64 bytes get no suggestion (a bound for hostile input).
func Suggest(s string, candidates []string) string {
	const maxDist, maxLen = 3, 64
	if len(s) > maxLen {
		return ""
	}
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	best, bestD := "", maxDist
	for _, c := range sorted {
		if c == s || len(c) > maxLen || abs(len(c)-len(s)) >= bestD {
			continue
		}
		d := smetrics.WagnerFischer(s, c, 1, 1, 1)
		if d < bestD && 2*d <= utf8.RuneCountInString(s) {
			best, bestD = c, d
		}
	}
	return best
}

// DidYouMean is a hint `did you mean "x"?`, or "" when no candidate is near s (see Suggest).
func DidYouMean(s string, candidates []string) string {
	if m := Suggest(s, candidates); m != "" {
		return fmt.Sprintf("did you mean %q?", m)
	}
	return ""
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
