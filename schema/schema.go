// Package schema embeds sortie's CUE schemas. The compiler compiles them with the same cue.Context
// as the author's files and unifies the author's value with #Scenario.
package schema

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed *.cue
var files embed.FS

// FS returns the embedded schema files.
func FS() fs.FS { return files }

// Files returns the embedded schema sources by file name, in name order.
func Files() []File {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	var out []File
	for _, e := range entries {
		b, err := fs.ReadFile(files, e.Name())
		if err != nil {
			panic(err)
		}
		out = append(out, File{Name: e.Name(), Source: b})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// File is one embedded schema file.
type File struct {
	Name   string
	Source []byte
}
