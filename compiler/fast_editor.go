package compiler

import (
	"path/filepath"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// VetFast vets one YAML or JSON scenario or battle file from its contents, on the fast path only
// (fast.go): in this process, without an evaluator, in time linear in the file. It is what an
// editor shows first of an unsaved buffer (issue 27): list is what Vet would report of the same
// text (TestFastPathAgrees holds the two paths to the same findings), sorted, with file names
// relative to wd. ok is false when the text must take the CUE path (a CUE file, a campaign, a
// schema fault, a file over MaxFileSize or too deep, anything not plain data): then nothing is
// reported and the caller vets it as usual (Analyze). path is absolute; data is not kept.
func VetFast(path string, data []byte, wd string) (list diag.List, ok bool) {
	path = filepath.Clean(path)
	if len(data) > MaxFileSize || IsCampaignSource(path, data) {
		return nil, false
	}
	u := unit{dir: filepath.Dir(path), files: []string{path}}
	resp, ok := fastJob(u, wd, false, map[string][]byte{path: data})
	if !ok {
		return nil, false
	}
	var out outputs
	if _, err := takeResponse(resp, &list, &out); err != nil {
		return nil, false
	}
	list.Sort()
	return list, true
}
