package pathfinder

import (
	"bytes"

	"github.com/sortie-rpg/sortie/runner"
)

// renderFit draws rows under header with runner.RenderTableFit: the columns in wrap (indices; the
// widest first) wrap first, after their commas ("ACR +3, weapons +1"), then any column, until the
// table fits width display columns.
func renderFit(w *bytes.Buffer, header []string, rows [][]string, wrap []int, width int) error {
	return runner.RenderTableFit(w, header, rows, wrap, width)
}
