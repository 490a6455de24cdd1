package runner

import (
	"bytes"
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// RenderTable draws rows under header with tablewriter (ASCII borders, left-aligned, no wrapping,
// headers as written) into w, trimming trailing spaces from every line so that transcripts
// compare byte for byte. Every table of sortie's transcripts is drawn here.
func RenderTable(w *bytes.Buffer, header []string, rows [][]string) error {
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
