// Package diag holds sortie's one diagnostic type, used by schema checks, sortie's own checks and the
// runner (a script entry that does not fit the state). A Diagnostic carries a stable code, a severity,
// the position of the construct it is about (file, line, column; 1-based) and a short message, with an
// optional hint that says what to do.
//
// Diagnostics are data; rendering lives elsewhere (text, JSON, SARIF, ...). List collects them and
// sorts them the go/scanner way: by file, line, column, then code and message, dropping duplicates.
package diag

import (
	"fmt"
	"sort"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// Severity says how bad a finding is.
type Severity int

const (
	// Error: the scenario is wrong; sortie vet exits 1 and compile refuses to write a plan.
	Error Severity = iota
	// Warning: probably wrong; sortie vet exits 1 only with --strict.
	Warning
	// Info: a remark, never affects the exit code.
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// MarshalText writes the severity as "error", "warning" or "info".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads "error", "warning" or "info".
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	case "info":
		*s = Info
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

// Pos is a position in a source file. Line and Column are 1-based; 0 means unknown.
type Pos struct {
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// IsValid reports whether the position names at least a file.
func (p Pos) IsValid() bool { return p.File != "" }

// String renders file:line:col, omitting unknown parts.
func (p Pos) String() string {
	switch {
	case p.File == "":
		return "-"
	case p.Line == 0:
		return p.File
	case p.Column == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// Diagnostic is one finding.
type Diagnostic struct {
	Code     string   `json:"code"`     // stable code, e.g. "R001"; see Catalogue
	Severity Severity `json:"severity"` // error, warning or info
	Pos      Pos      `json:"pos"`      // where the construct is; the user's file, never the schema's
	Message  string   `json:"message"`  // lowercase, short, no trailing period
	Hint     string   `json:"hint,omitempty"`
	// Related positions (e.g. the first of two blocks on one coordinate).
	Related []Pos `json:"related,omitempty"`
}

// String renders "file:line:col: CODE: message".
func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Code, d.Message)
}

// Errorf makes an error-severity diagnostic.
func Errorf(pos Pos, code, format string, args ...any) Diagnostic {
	return Diagnostic{Code: code, Severity: Error, Pos: pos, Message: fmt.Sprintf(format, cutArgs(args)...)}
}

// Warnf makes a warning-severity diagnostic.
func Warnf(pos Pos, code, format string, args ...any) Diagnostic {
	return Diagnostic{Code: code, Severity: Warning, Pos: pos, Message: fmt.Sprintf(format, cutArgs(args)...)}
}

// WithHint returns d with a hint line.
func (d Diagnostic) WithHint(format string, args ...any) Diagnostic {
	d.Hint = fmt.Sprintf(format, cutArgs(args)...)
	return d
}

// List is a collection of diagnostics.
type List []Diagnostic

// Add appends diagnostics.
func (l *List) Add(ds ...Diagnostic) { *l = append(*l, ds...) }

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Count returns the number of diagnostics of severity s.
func (l List) Count(s Severity) int {
	n := 0
	for _, d := range l {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// Sort orders the list by file, line, column, code and message, and drops exact duplicates
// (same position, code and message).
func (l *List) Sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i], s[j]
		if a.Pos.File != b.Pos.File {
			return a.Pos.File < b.Pos.File
		}
		if a.Pos.Line != b.Pos.Line {
			return a.Pos.Line < b.Pos.Line
		}
		if a.Pos.Column != b.Pos.Column {
			return a.Pos.Column < b.Pos.Column
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Message < b.Message
	})
	out := s[:0]
	for i, d := range s {
		if i > 0 {
			p := out[len(out)-1]
			if p.Pos == d.Pos && p.Code == d.Code && p.Message == d.Message {
				continue
			}
		}
		out = append(out, d)
	}
	*l = out
}

// Err returns the list as an error, or nil when it holds no error-severity diagnostic.
func (l List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return ListError(l)
}

// ListError is a List that satisfies error.
type ListError List

func (e ListError) Error() string {
	var b strings.Builder
	for i, d := range e {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.String())
	}
	return b.String()
}

// cutArgs bounds the values a message quotes (issue 28: a 0.6 KB file made 30 MB of output by
// quoting a 5 MB value in every finding): a string argument longer than esc.Max runes is cut
// there, an error or other value whose text is longer than maxQuoted runes is cut there, each
// with an ellipsis. Escaping is the output's job (esc.Text, esc.XML, ...), not the message's.
func cutArgs(args []any) []any {
	var out []any
	for i, a := range args {
		var cut any
		switch v := a.(type) {
		case string:
			if len(v) > esc.Max {
				if c := esc.Cut(v, esc.Max); c != v {
					cut = c
				}
			}
		case error:
			if s := v.Error(); len(s) > maxQuoted {
				if c := esc.Cut(s, maxQuoted); c != s {
					cut = c
				}
			}
		case fmt.Stringer:
			if s := v.String(); len(s) > maxQuoted {
				if c := esc.Cut(s, maxQuoted); c != s {
					cut = c
				}
			}
		}
		if cut != nil {
			if out == nil {
				out = append([]any(nil), args...)
			}
			out[i] = cut
		}
	}
	if out == nil {
		return args
	}
	return out
}

// maxQuoted bounds the text of an error or other value quoted in a message, in runes (an error
// names its value and its place: more room than a bare value's esc.Max).
const maxQuoted = 1000
