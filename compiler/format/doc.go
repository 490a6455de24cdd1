// Package format rewrites scenario sources in one stable style without changing what they mean:
// CUE files with CUE's own formatter (cuelang.org/go/cue/format, the style of `cue fmt`), YAML
// files (scenarios and scripts) through the yaml.v3 node API, which keeps every comment.
//
// The YAML style: two-space indentation, flow collections ({day: 1, move: east}) and scalar
// quoting kept as written, one blank line kept wherever the author left one or more between two
// entries, and a trailing comment kept at the author's column unless the code before it grew past
// it (then one space after the code). Formatting is idempotent: Source(Source(x)) == Source(x).
//
// Source refuses (code N001) to write a result whose data or comments differ from the input's, so
// a formatter bug can never change a scenario; a file that does not parse gets L001 with its
// position (line and column: where yaml.v3 gives no column, github.com/goccy/go-yaml's parser,
// which keeps every token's position, places the error; a character the reader refuses is found
// by scanning). JSON files are left alone (every JSON layout is already unambiguous data).
package format
