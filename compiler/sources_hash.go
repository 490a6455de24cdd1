package compiler

import (
	"crypto/sha256"
	"encoding/hex"
	"sort"
)

// hashSources returns "sha256:<hex>" over the sources sorted by their slash path relative to the
// scenario directory (path, NUL, content, NUL for each), and those paths.
func hashSources(sources []source) (string, []string) {
	sorted := append([]source(nil), sources...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].rel < sorted[j].rel })
	h := sha256.New()
	names := make([]string, 0, len(sorted))
	for _, src := range sorted {
		h.Write([]byte(src.rel))
		h.Write([]byte{0})
		h.Write(src.data)
		h.Write([]byte{0})
		names = append(names, src.rel)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), names
}
