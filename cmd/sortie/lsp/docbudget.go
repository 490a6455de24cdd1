package lsp

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The open documents' budget (issue 28): a client sends each document's whole text (up to
// MaxMessage, 64 MiB, a message) and may open any number, so the texts kept are bounded all
// together by Options.MaxOpen. A didOpen or didChange that would pass it is refused: the
// document is dropped (as if closed: its unit is vetted from disk while another of its documents
// is open), the user is told with a window/showMessage, and the document gets one L004
// diagnostic saying why it is not checked. Its later changes are ignored until it is opened
// again; the server goes on serving the other documents.

// DefaultMaxOpen is the default Options.MaxOpen: 256 MiB of open documents.
const DefaultMaxOpen = 256 << 20

// codeTooLarge is the gate's code for an input over its size (L004).
const codeTooLarge = safeio.CodeTooBig

// admitLocked reports whether the document at path may hold n bytes: the other open documents'
// texts and n together at most MaxOpen (s.mu held).
func (s *Server) admitLocked(path string, n int) bool {
	total := int64(n)
	for p, d := range s.docs {
		if p != path {
			total += int64(len(d.text))
		}
	}
	return total <= s.opts.MaxOpen
}

// refuse tells the client that the document at path (opened as uri) is not kept: a message and
// a diagnostic on the document. It takes s.mu.
func (s *Server) refuse(path, uri string) {
	s.mu.Lock()
	s.refused[path] = true
	s.mu.Unlock()
	limit := compiler.FormatBytes(s.opts.MaxOpen)
	s.log.Printf("%s: not kept: the open documents would hold more than %s", esc.Text(path), limit)
	s.notify(protocol.ServerWindowShowMessage, protocol.ShowMessageParams{Type: protocol.MessageTypeError,
		Message: fmt.Sprintf("sortie: %s is not checked: the open documents would hold more than %s (close some, then open it again)", esc.Text(esc.Cut(path, 200)), limit)})
	sev := protocol.DiagnosticSeverityError
	source := "sortie"
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{{
		Range: protocol.Range{}, Severity: &sev, Code: &protocol.IntegerOrString{Value: codeTooLarge}, Source: &source,
		CodeDescription: &protocol.CodeDescription{HRef: s.opts.ExplainURL + "l004"},
		Message:         fmt.Sprintf("not checked: the documents open in the editor would hold more than %s, the language server's budget\nhint: close some documents, then open this one again", limit)}}})
}
