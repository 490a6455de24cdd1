package compiler

import (
	"path/filepath"

	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// The writers' guard asks the loader itself whether a new file in a scenario's folder would be
// read as part of the scenario next time (issue 28, B2; see safeio.SetLoader).
func init() { safeio.SetLoader(wouldLoad) }

// wouldLoad reports whether a file named name holding data, in a scenario folder, is read by the
// loader (dirUnits, walkUnits) as part of a scenario: a .cue file always (its package's files
// are read together), a .yaml, .yml or .json file when its first sniffLimit bytes carry a
// top-level kind (classifyHead, as dirUnits judges it). A plan, a save, a baseline or a replay
// script has none, so it may be written beside a scenario.
func wouldLoad(name string, data []byte) bool {
	switch fileKind(filepath.Base(name)) {
	case "cue":
		return true
	case "yaml", "json":
		return classifyHead(name, data[:min(len(data), sniffLimit)]).kind != ""
	}
	return false
}
