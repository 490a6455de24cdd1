package lsp

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Text synchronisation: the server keeps the text of every open document (full or incremental
// changes) and schedules its unit's evaluation; nothing here waits for one.

func (s *Server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	path, ok := uriPath(p.TextDocument.URI)
	s.mu.Lock()
	if !ok {
		// untitled: vetted from its text under a name of its own (untitled.go); other schemes
		// (a file on another host, a diff view) are not vetted.
		if path, ok = s.untitledNameLocked(p.TextDocument.URI, p.TextDocument.LanguageID); !ok {
			s.mu.Unlock()
			return nil
		}
	}
	if !s.admitLocked(path, len(p.TextDocument.Text)) {
		s.mu.Unlock()
		s.refuse(path, p.TextDocument.URI)
		return nil
	}
	delete(s.refused, path)
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: []byte(p.TextDocument.Text),
		logFrom: p.TextDocument.Version}
	s.docs[path] = d
	s.scheduleLocked(d)
	s.mu.Unlock()
	return nil
}

// uriOf is the URI to publish a file's diagnostics under: the URI the client opened it by (a
// client matches the string it sent: file:///a%3Ab.cue, file://localhost/x.cue and lower-case
// escapes are not rewritten), else the file's canonical file: URI. It takes s.mu.
func (s *Server) uriOf(path string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.docs[path]; d != nil {
		return d.uri
	}
	return pathURI(path)
}

func (s *Server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	path, ok := s.pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	d := s.docs[path]
	if d == nil && s.refused[path] {
		s.mu.Unlock()
		return nil // dropped over MaxOpen: its changes are not followed until it is opened again
	}
	if d == nil {
		s.mu.Unlock()
		return fmt.Errorf("didChange of %s, which is not open", p.TextDocument.URI)
	}
	text := d.text
	unsynced := d.unsynced
	var edits []edit
	for _, c := range p.ContentChanges {
		var e edit
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			e = diffSpan(text, []byte(c.Text))
			text, unsynced = []byte(c.Text), false
		case protocol.TextDocumentContentChangeEvent:
			if c.Range == nil {
				e = diffSpan(text, []byte(c.Text))
				text, unsynced = []byte(c.Text), false
				break
			}
			if unsynced {
				continue // the copy is out of sync: only a whole text mends it
			}
			if err := newText(text).checkRange(*c.Range); err != nil {
				d.unsynced = true
				s.mu.Unlock()
				s.outOfSync(d.uri, p.TextDocument.Version, err)
				return nil
			}
			text, e = applyEdit(text, *c.Range, c.Text)
		}
		edits = append(edits, e)
		if !s.admitLocked(path, len(text)) {
			s.mu.Unlock()
			s.closeDoc(path)
			s.refuse(path, d.uri)
			return nil
		}
	}
	if unsynced {
		d.unsynced = true
		s.mu.Unlock()
		return nil
	}
	d.text, d.unsynced = text, false
	d.version = p.TextDocument.Version
	d.logEdits(edits)
	s.scheduleLocked(d)
	s.mu.Unlock()
	return nil
}

func (s *Server) didSave(_ *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	path, ok := s.pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	if d == nil {
		return nil
	}
	if p.Text != nil && s.admitLocked(path, len(*p.Text)) { // else the text kept is the last admitted
		d.logEdits([]edit{diffSpan(d.text, []byte(*p.Text))})
		d.text = []byte(*p.Text)
	}
	// Saving changes what other units read from disk (a campaign's scenario, a package's other
	// files): vet them all again.
	for _, u := range s.units {
		s.touchLocked(u)
	}
	return nil
}

func (s *Server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	path, ok := s.pathOf(p.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	delete(s.refused, path)
	s.mu.Unlock()
	s.closeDoc(path)
	s.forgetUntitled(p.TextDocument.URI)
	return nil
}

// closeDoc forgets the open document path (didClose, or dropped over MaxOpen): its unit is vetted
// again from disk while another of its documents is open, else closed and its diagnostics cleared.
func (s *Server) closeDoc(path string) {
	s.pubMu.Lock()
	defer s.pubMu.Unlock()
	s.mu.Lock()
	d := s.docs[path]
	if d == nil {
		s.mu.Unlock()
		return
	}
	delete(s.docs, path)
	key, _ := unitKey(d.path, d.text)
	var clear []string
	if u := s.units[key]; u != nil {
		open := false
		for _, o := range s.docs {
			if k, _ := unitKey(o.path, o.text); k == key {
				open = true
				if u.rep == path {
					u.rep = o.path
				}
			}
		}
		if open {
			u.full, u.carried = nil, nil // its places were the closed buffer's (carry.go)
			s.touchLocked(u)             // the closed buffer is read from disk again
		} else {
			clear = s.closeUnitLocked(u)
		}
	}
	s.mu.Unlock()
	for _, uri := range clear {
		s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{}})
	}
}

func (s *Server) didChangeWatchedFiles(_ *glsp.Context, _ *protocol.DidChangeWatchedFilesParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range s.units {
		s.touchLocked(u)
	}
	return nil
}

// outOfSync refuses a didChange whose range is not in the document (a line past its end, an end
// before the start): applied, clamped, it would silently corrupt the server's copy. None of the
// notification's changes is applied; the document's later incremental changes are ignored too
// until a change with the whole text (or a close and open) mends the copy. The refusal is logged
// and shown to the user, with what to do.
func (s *Server) outOfSync(uri string, version int32, err error) {
	s.log.Printf("didChange of %s (version %d) refused: %v", esc.Text(uri), version, err)
	s.notify(protocol.ServerWindowShowMessage, protocol.ShowMessageParams{Type: protocol.MessageTypeError,
		Message: fmt.Sprintf("sortie: a change to %s was refused: %v; the server's copy is out of sync (close the document and open it again)",
			esc.Text(esc.Cut(uri, 200)), err)})
}
