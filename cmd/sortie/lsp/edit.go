package lsp

import (
	"bytes"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/sortie-rpg/sortie/compiler/fix"
	"github.com/sortie-rpg/sortie/compiler/format"
)

// Edits the server offers: quick fixes for the findings that say what to write (compiler/fix, the
// same fixes `sortie vet --fix` makes) and formatting (compiler/format, what `sortie fmt` writes).

// current returns an open document, its unit's last result and that result's text of the
// document, when the result was computed from the document's current version (edits computed on
// older text would land in the wrong place); ok is false otherwise.
func (s *Server) current(uri string) (d *document, res *result, t *text, ok bool) {
	path, ok := s.pathOf(uri)
	if !ok {
		return nil, nil, nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d = s.docs[path]
	if d == nil {
		return nil, nil, nil, false
	}
	key, _ := unitKey(d.path, d.text)
	u := s.units[key]
	if u == nil || u.res == nil || u.res.versions[path] != d.version || u.res.texts[path] == nil {
		return d, nil, nil, false
	}
	return d, u.res, u.res.texts[path], true
}

// codeAction answers textDocument/codeAction: a quick fix (kind "quickfix") for each finding of
// the document's current result whose range meets the requested range and that compiler/fix can
// correct, each a workspace edit of this document carrying the finding it fixes; the finding's
// preferred fix is marked isPreferred. Nothing when the result is not of the current version
// (the client asks again after the next diagnostics) or the client wants other kinds only.
func (s *Server) codeAction(_ *glsp.Context, p *protocol.CodeActionParams) (any, error) {
	out := []protocol.CodeAction{}
	if len(p.Context.Only) > 0 {
		want := false
		for _, k := range p.Context.Only {
			want = want || k == protocol.CodeActionKindQuickFix || k == protocol.CodeActionKindEmpty
		}
		if !want {
			return out, nil
		}
	}
	d, res, t, ok := s.current(p.TextDocument.URI)
	if !ok {
		return out, nil
	}
	converted := s.convert(res, d.path) // in the order of res.diags[d.path]
	kind := fileType(d.path)
	quick := protocol.CodeActionKindQuickFix
	for i, dg := range res.diags[d.path] {
		r := converted[i].Range
		if !overlaps(r, p.Range) {
			continue
		}
		for _, f := range fix.For(dg, t.src, kind) {
			edits := make([]protocol.TextEdit, len(f.Edits))
			for j, e := range f.Edits {
				edits[j] = protocol.TextEdit{Range: protocol.Range{Start: t.position(e.Start), End: t.position(e.End)}, NewText: e.New}
			}
			preferred := f.Preferred
			out = append(out, protocol.CodeAction{Title: f.Title, Kind: &quick, Diagnostics: []protocol.Diagnostic{converted[i]},
				IsPreferred: &preferred, Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{d.uri: edits}}})
		}
	}
	return out, nil
}

// overlaps reports whether two ranges share a position (an empty range at a finding's edge
// counts: the cursor just before or after the misspelt word).
func overlaps(a, b protocol.Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func before(x, y protocol.Position) bool {
	return x.Line < y.Line || x.Line == y.Line && x.Character < y.Character
}

// formatting answers textDocument/formatting with what `sortie fmt` would write of the open
// text (compiler/format.Source: CUE as cue fmt, YAML in sortie's style): one edit replacing the
// whole document, or none when it is formatted already. JSON is left alone, as fmt does. A text
// that cannot be formatted (a syntax error, L001; a change of data, N001) is a request error
// naming the first finding, and nothing is changed.
func (s *Server) formatting(_ *glsp.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	path, ok := s.pathOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	s.mu.Lock()
	d := s.docs[path]
	var src []byte
	if d != nil {
		src = d.text
	}
	s.mu.Unlock()
	if d == nil || format.Kind(d.formatName()) == "" {
		return nil, nil
	}
	out, list := format.Source(d.formatName(), src)
	if len(list) > 0 {
		return nil, &formatError{list[0].String()}
	}
	if bytes.Equal(out, src) {
		return []protocol.TextEdit{}, nil
	}
	t := newText(src)
	return []protocol.TextEdit{{Range: protocol.Range{Start: protocol.Position{}, End: t.position(len(src))}, NewText: string(out)}}, nil
}

// formatError is a text formatting refused; its message is the first finding.
type formatError struct{ msg string }

func (e *formatError) Error() string { return "not formatted: " + e.msg }
