package safeio

import "bytes"

// bom is UTF-8's byte order mark, which Windows editors write at the start of a text file.
var bom = []byte{0xEF, 0xBB, 0xBF}

// HasBOM reports whether data starts with a UTF-8 byte order mark.
func HasBOM(data []byte) bool { return bytes.HasPrefix(data, bom) }

// TrimBOM returns data without a leading UTF-8 byte order mark: every reader of scenarios,
// scripts and checks reads past it (CUE does; encoding/json and the JSON fast path refused it as
// "invalid character 'ï'"), so positions are counted from the first character, as editors show
// them. sortie fmt keeps it in what it writes.
func TrimBOM(data []byte) []byte { return bytes.TrimPrefix(data, bom) }
