package lsp

import (
	"encoding/json"
	"errors"

	"github.com/sourcegraph/jsonrpc2"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Inlay hints (LSP 3.17's textDocument/inlayHint, which glsp, speaking 3.16, does not know: the
// request is dispatched here and the capability added to initialize's answer by hand): the
// numbers the compiler derives for places of a document (compiler.Figure: a clash stand's hp and
// speed in squares, U-6; a Pathfinder army's ACR, hp, OM and DV, P-2..P-5), each shown just
// before its place.

const methodInlayHint = "textDocument/inlayHint"

// methodInlayRefresh is the server's request that the client ask for inlay hints again (LSP
// 3.17), sent when a new index arrives to a client that said it supports it
// (capabilities.workspace.inlayHint.refreshSupport in initialize).
const methodInlayRefresh = "workspace/inlayHint/refresh"

// noteInlayRefresh reads, from initialize's parameters, whether the client supports
// workspace/inlayHint/refresh (glsp's 3.16 types do not hold it).
func (s *Server) noteInlayRefresh(params json.RawMessage) {
	var p struct {
		Capabilities struct {
			Workspace struct {
				InlayHint struct {
					RefreshSupport bool `json:"refreshSupport"`
				} `json:"inlayHint"`
			} `json:"workspace"`
		} `json:"capabilities"`
	}
	if json.Unmarshal(params, &p) == nil {
		s.inlayRefresh.Store(p.Capabilities.Workspace.InlayHint.RefreshSupport)
	}
}

// refreshInlayHints asks the client to ask for inlay hints again, when it supports it: after an
// edit, inlayHint answers none until the new index comes (carried figures may be stale), so the
// client is told when it has come. The request is sent without waiting for its answer (the
// read loop that would read it may be busy), and its error, if any, is dropped.
func (s *Server) refreshInlayHints() {
	conn := s.conn.Load()
	if conn == nil || !s.inlayRefresh.Load() {
		return
	}
	if _, err := conn.DispatchCall(s.ctx, methodInlayRefresh, nil); err != nil && !errors.Is(err, jsonrpc2.ErrClosed) {
		s.log.Printf("%s: %v", methodInlayRefresh, err)
	}
}

// inlayHintParams is the request's parameters.
type inlayHintParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                  `json:"range"`
}

// inlayHint is one hint: a plain label at a position, padded from the text after it.
type inlayHint struct {
	Position     protocol.Position `json:"position"`
	Label        string            `json:"label"`
	PaddingRight bool              `json:"paddingRight,omitempty"`
}

// capabilities317 is the server's capabilities with what 3.17 adds.
type capabilities317 struct {
	protocol.ServerCapabilities
	InlayHintProvider bool `json:"inlayHintProvider"`
}

// initializeResult317 is initialize's answer with capabilities317.
type initializeResult317 struct {
	Capabilities capabilities317                      `json:"capabilities"`
	ServerInfo   *protocol.InitializeResultServerInfo `json:"serverInfo,omitempty"`
}

// inlayHints answers textDocument/inlayHint: the figures of the document's current result (the
// result of its current version: a hint computed on older text would sit in the wrong place)
// whose place is inside the requested range, in the index's order (by kind and id, then as the
// rule system gave them). None before the index of the current text comes (the fast path's
// findings come first: a figure of an older text may be stale, so none is carried across an
// edit, carry.go), or when the current text does not load.
// Bad parameters are an error (invalid params).
func (s *Server) inlayHints(params json.RawMessage) ([]inlayHint, error) {
	var p inlayHintParams
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, err
	}
	out := []inlayHint{}
	d, res, t, ok := s.current(p.TextDocument.URI)
	if !ok || res.quick {
		// No index of this version yet: the last full one's if it vetted this very text (an
		// edit undone), never one carried across an edit, whose numbers may be stale.
		if d == nil {
			return out, nil
		}
		res = nil
		s.mu.Lock()
		if key, _ := unitKey(d.path, d.text); s.units[key] != nil {
			if c := s.carriedLocked(s.units[key], d); c != nil && !c.carried {
				res = c
			}
		}
		s.mu.Unlock()
		if res == nil {
			return out, nil
		}
		t = res.texts[d.path]
	}
	if res.symbols == nil {
		return out, nil
	}
	name := displayName(res.wd, d.path)
	for _, sym := range res.symbols.All() {
		for _, f := range sym.Figures {
			if f.Pos.File != name && f.Pos.File != d.path || f.Pos.Line < 1 {
				continue
			}
			at := t.pos(f.Pos.Line, f.Pos.Column)
			if before(at, p.Range.Start) || before(p.Range.End, at) {
				continue
			}
			out = append(out, inlayHint{Position: at, Label: f.Label + ":", PaddingRight: true})
		}
	}
	return out, nil
}
