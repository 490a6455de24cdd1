package diag

import "sort"

// Info about one stable code: what `sortie explain CODE` prints.
type CodeInfo struct {
	Code     string   // e.g. "R001"
	Title    string   // short lowercase title, e.g. "unknown id in a reference"
	Severity Severity // default severity
	Doc      string   // what it means, a small example, how to fix it (plain text, may span lines)
}

var catalogue = map[string]CodeInfo{}

// Register adds codes to the catalogue. It panics on a duplicate or empty code: a programming error
// caught by the package's tests at start-up.
func Register(infos ...CodeInfo) {
	for _, in := range infos {
		if in.Code == "" || in.Title == "" {
			panic("diag.Register: empty code or title")
		}
		if _, dup := catalogue[in.Code]; dup {
			panic("diag.Register: duplicate code " + in.Code)
		}
		catalogue[in.Code] = in
	}
}

// Lookup returns the catalogue entry of a code.
func Lookup(code string) (CodeInfo, bool) {
	in, ok := catalogue[code]
	return in, ok
}

// Codes returns every registered code, sorted.
func Codes() []CodeInfo {
	out := make([]CodeInfo, 0, len(catalogue))
	for _, in := range catalogue {
		out = append(out, in)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}
