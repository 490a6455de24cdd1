package lsp

import (
	"io"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// lineWriter makes each record of the server's log one escaped line (issue 28, the second attack
// trial's B4): a method name, a URI or a decoding error quoting the client's bytes may hold ESC,
// BEL or a newline, which reached the log file or the terminal raw and could forge a log line.
// log.Logger writes a record in one Write ending in '\n'; everything before that newline is
// written through esc.Text. A panic's stack (composed by sortie, not by the client) is written
// by panicLog around it.
type lineWriter struct{ w io.Writer }

func (l lineWriter) Write(p []byte) (int, error) {
	line := strings.TrimSuffix(string(p), "\n")
	if _, err := io.WriteString(l.w, esc.Text(line)+"\n"); err != nil {
		return 0, err
	}
	return len(p), nil
}
