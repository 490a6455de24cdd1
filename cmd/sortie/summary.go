package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// severityCounts words list's findings by severity: "2 errors, 1 warning", errors and warnings
// always, infos only when there are some.
func severityCounts(list diag.List) string {
	parts := []string{words.Count(list.Count(diag.Error), "error"), words.Count(list.Count(diag.Warning), "warning")}
	if n := list.Count(diag.Info); n > 0 {
		parts = append(parts, words.Count(n, "info"))
	}
	return strings.Join(parts, ", ")
}

// filesOf is the set of files list's findings are in (a finding with no file, such as a path that
// does not exist, adds none), names cleaned.
func filesOf(list diag.List) map[string]bool {
	seen := map[string]bool{}
	for _, d := range list {
		if d.Pos.File != "" {
			seen[filepath.Clean(d.Pos.File)] = true
		}
	}
	return seen
}

// filesVetted is the set of the files of the scenarios vetted, names cleaned (empty when vet did
// not say, as for a campaign).
func filesVetted(scenarios []compiler.ScenarioFiles) map[string]bool {
	seen := map[string]bool{}
	for _, s := range scenarios {
		for _, f := range s.Files {
			seen[filepath.Clean(f)] = true
		}
	}
	return seen
}

// writeVetSummary writes the closing line of sortie vet's text output when there are findings,
// as eslint and golangci-lint do:
//
//	3 problems (2 errors, 1 warning) in 2 of 14 files
//
// The files are those vetted and those a finding is in (a script named among the paths is not
// vetted but has its L015 note); "in 2 files" when vet did not say which it vetted (a campaign).
// Nothing when the list is empty: a clean vet prints nothing at all.
func writeVetSummary(w io.Writer, list diag.List, vetted map[string]bool) error {
	if len(list) == 0 {
		return nil
	}
	with := filesOf(list)
	in := words.Count(len(with), "file")
	if len(vetted) > 0 {
		all := len(vetted)
		for f := range with {
			if !vetted[f] {
				all++
			}
		}
		in = fmt.Sprintf("%d of %s", len(with), words.Count(all, "file"))
	}
	_, err := fmt.Fprintf(w, "%s (%s) in %s\n", words.Count(len(list), "problem"), severityCounts(list), in)
	return err
}

// baselineSummary is what --write-baseline says it recorded, on standard error:
//
//	sortie vet: base.json: recorded 3 findings (2 errors, 1 warning) from 2 files
func baselineSummary(name string, list diag.List) string {
	return fmt.Sprintf("sortie vet: %s: recorded %s (%s) from %s\n", name, words.Count(len(list), "finding"),
		severityCounts(list), words.Count(len(filesOf(list)), "file"))
}
