// Package srd embeds sortie's bundled library of SRD 5.1 creatures and spells (CC-BY-4.0, see
// ATTRIBUTION.md) for clash battles: creatures.cue holds `creatures: {[id]: #ClashCreature}`,
// spells.cue `spells: {[id]: #ClashSpell}` (schema/clash.cue). The compiler loads them once and
// resolves a battle's creature and spell names against them.
package srd

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed *.cue ATTRIBUTION.md
var files embed.FS

// File is one embedded library file.
type File struct {
	Name   string // base name, e.g. "creatures.cue"
	Source []byte
}

// Files returns the library's CUE files in name order.
func Files() []File {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	var out []File
	for _, e := range entries {
		if len(e.Name()) < 4 || e.Name()[len(e.Name())-4:] != ".cue" {
			continue
		}
		b, err := fs.ReadFile(files, e.Name())
		if err != nil {
			panic(err)
		}
		out = append(out, File{Name: e.Name(), Source: b})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Attribution returns the text of ATTRIBUTION.md, the SRD 5.1 attribution the licence requires.
func Attribution() string {
	b, err := fs.ReadFile(files, "ATTRIBUTION.md")
	if err != nil {
		panic(err)
	}
	return string(b)
}
