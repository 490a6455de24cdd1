//go:build !linux

package compiler

// statSig has no identity to offer outside Linux (cache_stat.go): every unit takes the
// content-keyed path.
func statSig(string) (fileSig, bool) { return fileSig{}, false }
