package compiler

import "cuelang.org/go/cue"

// pathOf renders a path for messages the way CUE prints one: strings are labels (quoted when
// needed, as "03"), ints are list indices: pathOf("armies", "m", "route", 2) is armies.m.route[2].
func pathOf(parts ...any) string {
	sels := make([]cue.Selector, 0, len(parts))
	for _, p := range parts {
		switch p := p.(type) {
		case string:
			sels = append(sels, cue.Str(p))
		case int:
			sels = append(sels, cue.Index(p))
		}
	}
	return cue.MakePath(sels...).String()
}

// validID reports whether s is a valid #ID (S002 reports the others; references to them are not
// reported again as unknown).
func validID(s string) bool {
	if s == "" || s[0] == '-' {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
