package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/plandiff"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/runner/simreport"
)

// Where a simulated subject's entities are declared: the report's coverage lists name the
// file:line:col of each (runner.Entity.Decl, a path of keys such as "field.blocks.05") and the
// HTML page shows the sources with a link to each line.

// declarations maps each declaration key of a subject (scope "" or a campaign's scenario id, then
// the key) to its position, and keeps the sources read.
type declarations struct {
	pos     map[[2]string]diag.Pos
	sources []simreport.Source
}

// scenarioFiles lists the source files of plan p compiled from path (a scenario folder or file):
// its Sources, relative to the scenario's folder. A compiled plan.json has none to show. bound is
// the command's bound of a plan read (env.inputBound), in bytes.
func scenarioFiles(path string, p *plan.Plan, bound int64) []string {
	if isPlanJSON(path, bound) {
		return nil
	}
	dir := path
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		dir = filepath.Dir(path)
	}
	var out []string
	for _, s := range p.Sources {
		out = append(out, filepath.Join(dir, filepath.FromSlash(s)))
	}
	return out
}

// isPlanJSON reports whether path is a JSON file of at most bound bytes with a "format" field (a
// plan, as loadPlan reads it).
func isPlanJSON(path string, bound int64) bool {
	if !strings.HasSuffix(path, ".json") {
		return false
	}
	data, err := safeio.ReadNamed(path, bound)
	if err != nil {
		return false
	}
	var head struct {
		Format *string `json:"format"`
	}
	return json.Unmarshal(data, &head) == nil && head.Format != nil
}

// add records where each key of files (CUE, YAML or JSON) is first declared, in scope
// (plandiff.Declarations), and keeps the files' text for the page. A file that cannot be read
// or parsed is skipped: the compiler has reported it already.
func (d *declarations) add(scope string, files []string) {
	if d.pos == nil {
		d.pos = map[[2]string]diag.Pos{}
	}
	for key, pos := range plandiff.Declarations(files, displayPath) {
		d.pos[[2]string{scope, key}] = pos
	}
	for _, path := range files {
		src, err := safeio.ReadFile(path, compiler.MaxFileSize)
		if err != nil {
			continue
		}
		if name := displayPath(path); !d.shown(name) {
			d.sources = append(d.sources, simreport.Source{Name: name, Lines: strings.Split(strings.TrimRight(string(src), "\n"), "\n")})
		}
	}
	sort.SliceStable(d.sources, func(i, j int) bool { return d.sources[i].Name < d.sources[j].Name })
}

func (d *declarations) shown(name string) bool {
	for _, s := range d.sources {
		if s.Name == name {
			return true
		}
	}
	return false
}

// locate returns the position of key decl in scope as "file:line:col", "" if unknown.
func (d *declarations) locate(scope, decl string) string {
	if p, ok := d.pos[[2]string{scope, decl}]; ok {
		return p.String()
	}
	return ""
}

// displayPath names a file as diagnostics do: "./rel" below the working directory, else absolute.
func displayPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	wd, err := os.Getwd()
	if err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return "./" + filepath.ToSlash(rel)
		}
	}
	return abs
}
