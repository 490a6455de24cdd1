package pathfinder

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/sortie-rpg/sortie/runner"
)

// Fitting a table to a terminal: the battle tables' long cells (modifiers, the DV and what makes it,
// results) wrap onto more lines so that a table is at most TableWidth columns wide.

// TableWidth is the widest line a Pathfinder table prints, in columns (runes): a terminal's 120.
const TableWidth = 120

// minWrap is the narrowest a wrapped column gets: below it a table stays wider than TableWidth
// rather than break words.
const minWrap = 14

// renderFit draws rows under header as runner.RenderTable does, first wrapping the cells of the
// columns in wrap (indices; the widest first) until the table fits width columns or every such
// column is minWrap wide. A cell wraps after a comma where it can ("ACR +3, weapons +1"), else at
// a space; a word longer than the column stays whole.
func renderFit(w *bytes.Buffer, header []string, rows [][]string, wrap []int, width int) error {
	n := len(header)
	widths := make([]int, n)
	measure := func(col int, s string) {
		for _, l := range strings.Split(s, "\n") {
			widths[col] = max(widths[col], utf8.RuneCountInString(l))
		}
	}
	for c, h := range header {
		measure(c, h)
	}
	for _, r := range rows {
		for c := 0; c < n && c < len(r); c++ {
			measure(c, r[c])
		}
	}
	total := 3*n + 1 // "| " before each cell, " " after it, and the closing "|"
	for _, wd := range widths {
		total += wd
	}
	// The narrowest each wrapped column gets without breaking an item ("tactic Defensive Wall -2,"):
	// the columns shrink, the widest first, to that, and only then, if the table is still too wide,
	// to minWrap.
	item := make([]int, n)
	for _, c := range wrap {
		for _, r := range rows {
			if c < len(r) {
				for _, it := range strings.Split(r[c], ", ") {
					item[c] = max(item[c], utf8.RuneCountInString(it)+1)
				}
			}
		}
	}
	limit := make([]int, n)
	copy(limit, widths)
	for _, floor := range [2]func(c int) int{func(c int) int { return max(minWrap, item[c]) }, func(int) int { return minWrap }} {
		for total > width {
			best := -1
			for _, c := range wrap {
				if c < n && limit[c] > floor(c) && (best < 0 || limit[c] > limit[best]) {
					best = c
				}
			}
			if best < 0 {
				break
			}
			limit[best]--
			total--
		}
	}
	out, copied := rows, false
	for _, c := range wrap {
		if c >= n || limit[c] >= widths[c] {
			continue
		}
		if !copied {
			out, copied = make([][]string, len(rows)), true
			for i, r := range rows {
				out[i] = append([]string(nil), r...)
			}
		}
		for _, r := range out {
			if c < len(r) {
				r[c] = wrapCell(r[c], limit[c])
			}
		}
	}
	return runner.RenderTable(w, header, out)
}

// wrapCell breaks s into lines of at most width runes: after ", " where it can, else at a space; a
// word longer than width is a line of its own.
func wrapCell(s string, width int) string {
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	var lines []string
	line := ""
	put := func(piece, sep string) {
		switch {
		case line == "":
			line = piece
		case utf8.RuneCountInString(line)+len(sep)+utf8.RuneCountInString(piece) <= width:
			line += sep + piece
		default:
			lines = append(lines, line)
			line = piece
		}
	}
	items := strings.Split(s, ", ")
	for i, it := range items {
		if i < len(items)-1 {
			it += ","
		}
		if utf8.RuneCountInString(it) <= width {
			put(it, " ")
			continue
		}
		for _, word := range glueNumbers(strings.Split(it, " ")) {
			put(word, " ")
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n")
}

// glueNumbers joins a number ("-2," "+4") to the word before it, so that a wrapped modifier never
// leaves its value alone on a line.
func glueNumbers(words []string) []string {
	var out []string
	for _, w := range words {
		if len(out) > 0 && w != "" && strings.ContainsRune("+-0123456789", rune(w[0])) {
			out[len(out)-1] += " " + w
			continue
		}
		out = append(out, w)
	}
	return out
}
