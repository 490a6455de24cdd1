package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The d6 tables of a Karzoral scenario: the camp phase's episode table (K-36, K-37) and a traversal
// area's event table (K-45) have exactly six faces. The schema pass finds a list of the wrong
// length (S002); tableLength, entered as the system's RuleSystem.ListLength, words it as the
// table it is (T003), with the rule in the message. The Japanese seed and RULES.md agree here.

// codeEpisodeTable is T003, reported by the schema pass (compiler.CheckOf groups it there).
const codeEpisodeTable = "T003"

// The codes are in the catalogue before any init function runs (as codes.go's).
var _ = registerTableCodes()

func registerTableCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeEpisodeTable, Title: "episode or traversal table is not six faces", Severity: diag.Error, Doc: `The camp phase rolls a d6 on the episode table (K-36, K-37): it has exactly six episodes,
face 1 first. A traversal area's event table is read the same way (K-45): six faces.
Reported by the schema step, at the list.

Bad:
    episodes: [{say: "1"}, {say: "2"}, {say: "3"}, {say: "4"}, {say: "5"}]

Fix: give six episodes (or six traversal faces).`},
	)
	return true
}

// tableLength words a wrong-length list at path of a Karzoral scenario as T003 when it is the
// episode table (path "episodes", K-36) or a traversal area's event table ("traversals.ID.faces",
// K-45); printed is the path as CUE prints it, got the list's length. ok false for another list.
func tableLength(path []string, printed string, got int) (compiler.TableFinding, bool) {
	switch {
	case len(path) == 1 && path[0] == "episodes":
		return compiler.TableFinding{Code: codeEpisodeTable, Hint: "give six episodes, face 1 first",
			Message: fmt.Sprintf("episodes: the episode table has %d faces, want exactly 6 (K-36: one per face of a d6)", got)}, true
	case len(path) == 3 && path[0] == "traversals" && path[2] == "faces":
		return compiler.TableFinding{Code: codeEpisodeTable, Hint: "give six faces, face 1 first",
			Message: fmt.Sprintf("%s: the traversal event table has %d faces, want exactly 6 (K-45: one per face of a d6)", printed, got)}, true
	}
	return compiler.TableFinding{}, false
}
