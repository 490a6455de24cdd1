package runner

import (
	"strings"

	"github.com/olekukonko/tablewriter/pkg/twwidth"
)

// Fitting a table to a terminal (issue 24, done-when 3: a GM reads every table at 120 columns):
// the cells of a table too wide for its terminal wrap onto more lines, measured in display
// columns (a CJK character is two), so that every line of the table is at most the width asked.

// DefaultWidth is the widest line a transcript's table or heading prints, in display columns, in
// a file or a pipe: a terminal's 120, whatever the machine, so that the same plan, seed and
// inputs give the same bytes everywhere.
const DefaultWidth = 120

// MinWidth is the narrowest terminal a transcript is fitted to (SetTerminalWidth).
const MinWidth = 40

// TableWidth is the widest line a transcript's table or heading prints, in display columns:
// DefaultWidth, or a narrower terminal's width when the transcript goes to one (set once, before
// anything runs, by SetTerminalWidth: a transcript wrapped at 120 and again by an 80-column
// terminal read "... Take the" / "hill (The Ninth ..." / "Legion ...").
var TableWidth = DefaultWidth

// SetTerminalWidth fits the transcript to a terminal of cols columns: TableWidth becomes cols
// when it is between MinWidth and DefaultWidth (a wider terminal keeps DefaultWidth, a narrower
// one MinWidth). Call it only when the transcript goes to a terminal, before a run starts; a file
// or a pipe keeps DefaultWidth, so that its bytes depend on nothing but the run.
func SetTerminalWidth(cols int) {
	if cols <= 0 {
		return
	}
	TableWidth = min(DefaultWidth, max(MinWidth, cols))
}

// minWrap is the narrowest a preferred column (RenderTableFit's prefer) is wrapped to before any
// other column wraps.
const minWrap = 14

// minCol is the narrowest any column is wrapped to: a table whose columns are all this narrow
// stays wider than asked rather than print a character a line.
const minCol = 4

// DisplayWidth is the number of terminal columns s takes, counted as tablewriter counts them when
// it pads a cell (East Asian ambiguous characters narrow, wide characters such as CJK two
// columns, combining marks none).
func DisplayWidth(s string) int { return twwidth.WidthWithOptions(s, twwidth.Options{}) }

// linesWidth is the display width of the widest line of s.
func linesWidth(s string) int {
	w := 0
	for _, l := range strings.Split(s, "\n") {
		w = max(w, DisplayWidth(l))
	}
	return w
}

// fitCells returns header and rows with the cells of some columns wrapped (wrapCell) so that the
// table tablewriter draws from them (borders "| a | b |": 3 columns a cell and 1) is at most
// width display columns wide. The columns narrow one column at a time, always the widest still
// above its floor, in four rounds: the columns of prefer (indices) to their longest
// comma-separated item ("ACR +3," of "ACR +3, weapons +1") or minWrap; those columns to minWrap;
// every column to its longest word; every column to minCol, breaking words. A table fits after
// the first round that makes it fit; one whose every column is at minCol stays wider. header and
// rows are not changed: a wrapped table is a copy. Rows shorter than header are allowed.
func fitCells(header []string, rows [][]string, prefer []int, width int) ([]string, [][]string) {
	return fitCellsSep(header, rows, prefer, width, 3*len(header)+1)
}

// fitCellsSep is fitCells for a table whose borders and gaps take overhead columns in all (2 a
// gap between borderless columns: RenderColumns).
func fitCellsSep(header []string, rows [][]string, prefer []int, width, overhead int) ([]string, [][]string) {
	n := len(header)
	widths := make([]int, n)
	words := make([]int, n)
	items := make([]int, n)
	isPref := make([]bool, n)
	for _, c := range prefer {
		if c >= 0 && c < n {
			isPref[c] = true
		}
	}
	measure := func(c int, s string) {
		widths[c] = max(widths[c], linesWidth(s))
		for _, l := range strings.Split(s, "\n") {
			for _, w := range glueNumbers(strings.Split(l, " ")) {
				words[c] = max(words[c], DisplayWidth(w))
			}
			if isPref[c] {
				for _, it := range strings.Split(l, ", ") {
					items[c] = max(items[c], DisplayWidth(it)+1)
				}
			}
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
	total := overhead
	for _, wd := range widths {
		total += wd
	}
	if total <= width {
		return header, rows
	}
	all := make([]int, n)
	for c := range all {
		all[c] = c
	}
	limit := append([]int(nil), widths...)
	rounds := []struct {
		cols  []int
		floor func(c int) int
	}{
		{prefer, func(c int) int { return max(minWrap, items[c]) }},
		{prefer, func(int) int { return minWrap }},
		{all, func(c int) int { return max(minCol, words[c]) }},
		{all, func(int) int { return minCol }},
	}
	for _, rd := range rounds {
		for total > width {
			best := -1
			for _, c := range rd.cols {
				if c >= 0 && c < n && limit[c] > rd.floor(c) && (best < 0 || limit[c] > limit[best]) {
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
	outH := append([]string(nil), header...)
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = append([]string(nil), r...)
	}
	for c := 0; c < n; c++ {
		if limit[c] >= widths[c] {
			continue
		}
		outH[c] = wrapCell(outH[c], limit[c])
		for _, r := range out {
			if c < len(r) {
				r[c] = wrapCell(r[c], limit[c])
			}
		}
	}
	return outH, out
}

// WrapCell is wrapCell for a line of text that is not a table's: a trade's note in a hex run.
func WrapCell(s string, width int) string { return wrapCell(s, width) }

// wrapCell breaks each line of s into lines of at most width display columns: after ", " where
// it can, else at a space (a number staying with the word before it: glueNumbers); a word wider
// than width is broken between its characters. No character but the spaces it breaks at is lost.
func wrapCell(s string, width int) string {
	if linesWidth(s) <= width {
		return s
	}
	var lines []string
	for _, l := range strings.Split(s, "\n") {
		lines = append(lines, wrapLine(l, width)...)
	}
	return strings.Join(lines, "\n")
}

// wrapLine is wrapCell of one line.
func wrapLine(s string, width int) []string {
	var lines []string
	line := ""
	put := func(piece string) {
		switch {
		case line == "":
			line = piece
		case DisplayWidth(line)+1+DisplayWidth(piece) <= width:
			line += " " + piece
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
		if DisplayWidth(it) <= width {
			put(it)
			continue
		}
		for _, glued := range glueNumbers(strings.Split(it, " ")) {
			parts := []string{glued}
			if DisplayWidth(glued) > width {
				parts = strings.Split(glued, " ") // a glued modifier too wide: its words apart
			}
			for _, word := range parts {
				if DisplayWidth(word) <= width {
					put(word)
					continue
				}
				if line != "" {
					lines = append(lines, line)
				}
				chunks := breakWord(word, width)
				lines = append(lines, chunks[:len(chunks)-1]...)
				line = chunks[len(chunks)-1]
			}
		}
	}
	return append(lines, line)
}

// breakWord cuts word into pieces of at most width display columns (a character wider than
// width is a piece of its own), in order; at least one piece.
func breakWord(word string, width int) []string {
	var pieces []string
	var cur strings.Builder
	cw := 0
	for _, r := range word {
		rw := DisplayWidth(string(r))
		if cw > 0 && cw+rw > width {
			pieces = append(pieces, cur.String())
			cur.Reset()
			cw = 0
		}
		cur.WriteRune(r)
		cw += rw
	}
	return append(pieces, cur.String())
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

// FitLine breaks a heading line s (a battle's "battle TITLE: A vs B") at its spaces into lines of
// at most width display columns, each continuation indented two spaces (WrapProse).
func FitLine(s string, width int) string { return WrapProse(s, width, width, "  ") }

// WrapProse breaks one line of prose s at its spaces, a number staying with the word before it
// (glueNumbers), so that its first line takes at most first display columns and each continuation line, which starts with indent (spaces: a transcript's
// margin and two more), at most width in all; a word wider than the room is broken between its
// characters. A line that fits is returned as it is. s has no '\n'; the result has no trailing
// '\n'. Every transcript line goes through it (the text sink, event.go), so prose, headings and
// legends of all three rule systems fit in TableWidth.
func WrapProse(s string, first, width int, indent string) string {
	if len(s) <= first || DisplayWidth(s) <= first { // a byte is at least as wide as its column
		return s
	}
	var lines []string
	line := ""
	cont := max(width-DisplayWidth(indent), minCol)
	for _, word := range glueNumbers(strings.Split(s, " ")) { // "level 2," stays on one line
		room := first
		if len(lines) > 0 {
			room = cont
		}
		switch {
		case line == "":
			line = word
		case DisplayWidth(line)+1+DisplayWidth(word) <= room:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
			room = cont
		}
		for DisplayWidth(line) > room {
			pieces := breakWord(line, room)
			lines = append(lines, pieces[0])
			line = strings.Join(pieces[1:], "")
			room = cont
		}
	}
	lines = append(lines, line)
	for i := 1; i < len(lines); i++ {
		lines[i] = indent + lines[i]
	}
	return strings.Join(lines, "\n")
}

// WrapItems joins items with sep into lines of at most width display columns, breaking only
// between two items (the separator is dropped at the break): a legend's entries ("A spears",
// "K aldric (with spears 2)") are never cut in two. The first line has no indent; each
// continuation line starts with indent. An item wider than a line stands on a line of its own
// (the text sink's WrapProse then breaks it at its spaces). The result has no trailing '\n';
// joining its lines back with sep after cutting indent gives strings.Join(items, sep).
func WrapItems(items []string, sep string, width int, indent string) string {
	var b strings.Builder
	col := 0 // display columns on the current line
	for i, it := range items {
		w := DisplayWidth(it)
		switch {
		case i == 0:
		case col+DisplayWidth(sep)+w <= width:
			b.WriteString(sep)
			col += DisplayWidth(sep)
		default:
			b.WriteString("\n" + indent)
			col = DisplayWidth(indent)
		}
		b.WriteString(it)
		col += w
	}
	return b.String()
}
