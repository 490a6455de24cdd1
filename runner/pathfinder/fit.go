package pathfinder

import (
	"bytes"

	"github.com/sortie-rpg/sortie/runner"
)

// TableWidth is the widest line a Pathfinder table prints, in display columns: runner.TableWidth,
// a terminal's 120.
const TableWidth = runner.TableWidth

// renderFit draws rows under header with runner.RenderTableFit: the columns in wrap (indices; the
// widest first) wrap first, after their commas ("ACR +3, weapons +1"), then any column, until the
// table fits width display columns.
func renderFit(w *bytes.Buffer, header []string, rows [][]string, wrap []int, width int) error {
	return runner.RenderTableFit(w, header, rows, wrap, width)
}
