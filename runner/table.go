package runner

import (
	"bytes"
	"io"

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
