package simreport

import (
	"bytes"
	"io"
)

// htmlMarker is in the head of every page WriteHTML writes (IsReport).
const htmlMarker = `<meta name="generator" content="sortie simulate">`

// IsReport reports whether data is a page WriteHTML wrote (the CLI overwrites only those).
func IsReport(data []byte) bool { return bytes.Contains(data, []byte(htmlMarker)) }

// WriteHTML writes r as one self-contained HTML page.
func WriteHTML(w io.Writer, r *Report) error {
	_, err := io.WriteString(w, "<!doctype html><html><head>"+htmlMarker+"</head><body></body></html>\n")
	return err
}
