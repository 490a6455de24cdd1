package compiler

import (
	"fmt"
	"sort"
	"strings"
)

// suggest returns the candidate nearest to s by Levenshtein distance when that distance is below 3
// (the HCL rule) and at most half the length of s (so "l" does not suggest "id"), and "" otherwise.
// Ties go to the first candidate in sorted order, so the answer does not depend on the order of
// the candidates.
func suggest(s string, candidates []string) string {
	best, bestD := "", 3
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	for _, c := range sorted {
		if c == s {
			continue
		}
		if d := levenshtein(s, c, bestD); d < bestD && 2*d <= len([]rune(s)) {
			best, bestD = c, d
		}
	}
	return best
}

// didYouMean is a hint `did you mean "x"?`, or "" when nothing is near.
func didYouMean(s string, candidates []string) string {
	if m := suggest(s, candidates); m != "" {
		return fmt.Sprintf("did you mean %q?", m)
	}
	return ""
}

// levenshtein is the edit distance between a and b (runes); it stops early and returns max once
// the distance is known to be at least max.
func levenshtein(a, b string, max int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= max || -d >= max {
		return max
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= max {
			return max
		}
		prev, cur = cur, prev
	}
	return min(prev[len(rb)], max)
}

// quoteList renders `"a", "b", "c"`.
func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}
