// Package samples embeds armies.cue, the published sample armies of Pathfinder mass combat, so that
// the compiler offers them to battle files and scenarios as the CUE package ImportPath, with no file
// outside the scenario's folder read.
package samples

import _ "embed"

// ImportPath is the path a CUE file imports the library by; its package is samples (not armies:
// a battle side's armies field would hide that name).
const ImportPath = "sortie.dev/pathfinder/samples"

// Source is armies.cue.
//
//go:embed armies.cue
var Source []byte
