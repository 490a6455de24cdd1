package runner

import (
	"bytes"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// RenderTable draws rows under header with tablewriter (ASCII borders, left-aligned, headers as
// written) into w, its cells wrapped so that no line is wider than TableWidth display columns
// (RenderTableFit), trimming trailing spaces from every line so that transcripts compare byte for
// byte. Every table of sortie's transcripts is drawn here or by RenderTableFit.
func RenderTable(w *bytes.Buffer, header []string, rows [][]string) error {
	return RenderTableFit(w, header, rows, nil, TableWidth)
}

// RenderTableFit is RenderTable at most width display columns wide: the columns of prefer
// (indices, e.g. a battle's modifiers and results) wrap first, then any column (fitCells). Only a
// table of more columns than width leaves room for (minCol each) is wider. The error is
// tablewriter's.
func RenderTableFit(w *bytes.Buffer, header []string, rows [][]string, prefer []int, width int) error {
	header, rows = fitCells(header, rows, prefer, width)
	return renderTable(w, header, rows)
}

func newTable(w io.Writer) *tablewriter.Table {
	return tablewriter.NewTable(w,
		tablewriter.WithSymbols(tw.NewSymbols(tw.StyleASCII)),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithEastAsian(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
	)
}

// renderTable draws rows under header, trimming trailing spaces from every line.
func renderTable(w *bytes.Buffer, header []string, rows [][]string) error {
	var out bytes.Buffer
	tb := newTable(&out)
	tb.Header(header)
	for _, r := range rows {
		if err := tb.Append(r); err != nil {
			return err
		}
	}
	if err := tb.Render(); err != nil {
		return err
	}
	for _, l := range bytes.SplitAfter(out.Bytes(), []byte("\n")) {
		if len(l) == 0 {
			continue
		}
		w.Write(bytes.TrimRight(l, " \n"))
		w.WriteByte('\n')
	}
	return nil
}

// RenderColumns draws rows (the first is the header) as columns without borders, two spaces
// apart, each padded to its widest cell in display columns (a CJK character is two), with no
// trailing spaces: a clash battle's units and rates. Cells wrap as RenderTable's do so that no
// line is wider than width display columns (fitCells); a wrapped row takes as many lines as its
// tallest cell, the other cells blank below their text.
func RenderColumns(w *bytes.Buffer, rows [][]string, width int) {
	if len(rows) == 0 {
		return
	}
	n := 0
	for _, r := range rows {
		n = max(n, len(r))
	}
	header := append(append([]string(nil), rows[0]...), make([]string, n-len(rows[0]))...)
	header, body := fitCellsSep(header, rows[1:], nil, width, 2*(n-1))
	all := append([][]string{header}, body...)
	widths := make([]int, n)
	for _, r := range all {
		for i, c := range r {
			widths[i] = max(widths[i], linesWidth(c))
		}
	}
	for _, r := range all {
		cells := make([][]string, len(r))
		tall := 1
		for i, c := range r {
			cells[i] = strings.Split(c, "\n")
			tall = max(tall, len(cells[i]))
		}
		for k := 0; k < tall; k++ {
			var line strings.Builder
			for i := range r {
				c := ""
				if k < len(cells[i]) {
					c = cells[i][k]
				}
				line.WriteString(c)
				if i < len(r)-1 {
					line.WriteString(strings.Repeat(" ", widths[i]-DisplayWidth(c)+2))
				}
			}
			w.WriteString(strings.TrimRight(line.String(), " "))
			w.WriteByte('\n')
		}
	}
}
