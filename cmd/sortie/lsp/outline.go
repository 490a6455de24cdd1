package lsp

import (
	"fmt"
	"sort"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/sortie-rpg/sortie/compiler"
)

// The outline: textDocument/documentSymbol lists the ids declared in a document (blocks, armies,
// encounters, events, flags, objectives, traversals; a clash battle's sides, units, solos,
// zones, creatures and spells, a unit's stands under it; Pathfinder armies and hexes; a
// campaign's scenarios, bases, PCs),
// grouped by kind, each with the compiler's first fact about it (a block's coordinates, an
// army's side); workspace/symbol finds an id in every open unit. Both read the compiler's index
// (compiler.Symbols): nothing is parsed here.

// symbolKinds maps sortie's kinds to the LSP's (for the editor's icon); any other: Object.
var symbolKinds = map[compiler.SymbolKind]protocol.SymbolKind{
	compiler.KindBlock: protocol.SymbolKindStruct, compiler.KindHex: protocol.SymbolKindStruct,
	compiler.KindArmy: protocol.SymbolKindClass, compiler.KindEncounter: protocol.SymbolKindObject,
	compiler.KindEvent: protocol.SymbolKindEvent, compiler.KindFlag: protocol.SymbolKindBoolean,
	compiler.KindObjective: protocol.SymbolKindConstant, compiler.KindTraversal: protocol.SymbolKindNamespace,
	compiler.KindScenario: protocol.SymbolKindModule, compiler.KindPC: protocol.SymbolKindClass,
}

func symbolKindOf(k compiler.SymbolKind) protocol.SymbolKind {
	if v, ok := symbolKinds[k]; ok {
		return v
	}
	return protocol.SymbolKindObject
}

// plural names a group of the outline: "blocks", "armies".
func plural(k compiler.SymbolKind) string {
	s := string(k)
	switch {
	case strings.HasSuffix(s, "y") && !strings.HasSuffix(s, "ey"):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s") || strings.HasSuffix(s, "x"):
		return s + "es"
	}
	return s + "s"
}

// documentSymbol answers textDocument/documentSymbol: one group per kind (in the order the kinds
// are first declared in the document), the ids declared in this document under it in source
// order, each ranging over its declaration (the first, when it is declared twice). From the
// last index that was built when the current text does not load; empty before any.
func (s *Server) documentSymbol(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	out := []protocol.DocumentSymbol{}
	path, ok := s.pathOf(p.TextDocument.URI)
	if !ok {
		return out, nil
	}
	s.mu.Lock()
	d := s.docs[path]
	var res *result
	var syms *compiler.Symbols
	if d != nil {
		key, _ := unitKey(d.path, d.text)
		if u := s.units[key]; u != nil && u.res != nil {
			res, syms = u.res, u.res.symbols
			if syms == nil {
				syms = u.good
			}
		}
	}
	s.mu.Unlock()
	if res == nil || syms == nil || res.texts[path] == nil {
		return out, nil
	}
	t := res.texts[path]
	name := displayName(res.wd, path)
	type entry struct {
		sym  *compiler.Symbol
		decl compiler.Occurrence
	}
	groups := map[compiler.SymbolKind][]entry{}
	var order []compiler.SymbolKind
	var all []entry
	for _, sym := range syms.All() {
		for _, o := range sym.Decls() {
			if o.Start.File == name || o.Start.File == path {
				all = append(all, entry{sym, o})
				break
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i].decl.Start, all[j].decl.Start
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
	for _, e := range all {
		if groups[e.sym.Kind] == nil {
			order = append(order, e.sym.Kind)
		}
		groups[e.sym.Kind] = append(groups[e.sym.Kind], e)
	}
	for _, k := range order {
		var children []protocol.DocumentSymbol
		var group protocol.Range
		for i, e := range groups[k] {
			r := protocol.Range{Start: t.pos(e.decl.Start.Line, e.decl.Start.Column), End: t.pos(e.decl.End.Line, e.decl.End.Column)}
			ds := protocol.DocumentSymbol{Name: e.sym.ID, Kind: symbolKindOf(k), Range: r, SelectionRange: r}
			if len(e.sym.Info) > 0 {
				detail := e.sym.Info[0]
				ds.Detail = &detail
			}
			for _, part := range e.sym.Parts { // a clash unit's stands
				if part.Pos.File != name && part.Pos.File != path {
					continue
				}
				pr := protocol.Range{Start: t.pos(part.Pos.Line, part.Pos.Column), End: t.pos(part.Pos.Line, part.Pos.Column)}
				detail := part.Detail
				ds.Children = append(ds.Children, protocol.DocumentSymbol{Name: part.Name, Detail: &detail, Kind: protocol.SymbolKindField, Range: pr, SelectionRange: pr})
			}
			children = append(children, ds)
			if i == 0 {
				group = r
			}
			group.End = r.End
		}
		out = append(out, protocol.DocumentSymbol{Name: plural(k), Kind: protocol.SymbolKindNamespace, Range: group, SelectionRange: group, Children: children})
	}
	return out, nil
}

// workspaceSymbol answers workspace/symbol: every id declared in an open unit whose name holds
// the query (case folded; an empty query: all), at its first declaration, named with its kind
// as container, and a clash unit's stands ("pikes stand 1", in "unit pikes"); sorted by name,
// kind and place, at most maxWorkspaceSymbols.
func (s *Server) workspaceSymbol(_ *glsp.Context, p *protocol.WorkspaceSymbolParams) ([]protocol.SymbolInformation, error) {
	q := strings.ToLower(p.Query)
	s.mu.Lock()
	type unitRes struct {
		res  *result
		syms *compiler.Symbols
	}
	var units []unitRes
	keys := make([]string, 0, len(s.units))
	for k := range s.units {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		u := s.units[k]
		if u.res == nil {
			continue
		}
		syms := u.res.symbols
		if syms == nil {
			syms = u.good
		}
		if syms != nil {
			units = append(units, unitRes{u.res, syms})
		}
	}
	uris := make(map[string]string, len(s.docs))
	for p, d := range s.docs {
		uris[p] = d.uri
	}
	s.mu.Unlock()
	out := []protocol.SymbolInformation{}
	seen := map[string]bool{}
	for _, u := range units {
		a := at{res: u.res, uris: uris}
		for _, sym := range u.syms.All() {
			if !strings.Contains(strings.ToLower(sym.ID), q) {
				continue
			}
			decls := sym.Decls()
			if len(decls) == 0 {
				continue
			}
			loc, ok := a.location(decls[0])
			if !ok {
				continue
			}
			key := fmt.Sprintf("%s\x00%s\x00%s\x00%d", sym.Kind, sym.ID, loc.URI, loc.Range.Start.Line)
			if seen[key] {
				continue // a scenario indexed by its own unit and by a campaign's
			}
			seen[key] = true
			container := string(sym.Kind)
			out = append(out, protocol.SymbolInformation{Name: sym.ID, Kind: symbolKindOf(sym.Kind), Location: loc, ContainerName: &container})
		}
		// A clash unit's stands, named "UNIT stand N" (they have no id), in the unit as container.
		for _, sym := range u.syms.All() {
			for _, part := range sym.Parts {
				name := sym.ID + " " + part.Name
				if !strings.Contains(strings.ToLower(name), q) {
					continue
				}
				loc, ok := a.location(compiler.Occurrence{Span: compiler.Span{Start: part.Pos, End: part.Pos}})
				if !ok {
					continue
				}
				container := string(sym.Kind) + " " + sym.ID
				out = append(out, protocol.SymbolInformation{Name: name, Kind: protocol.SymbolKindField, Location: loc, ContainerName: &container})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		if *a.ContainerName != *b.ContainerName {
			return *a.ContainerName < *b.ContainerName
		}
		return a.Location.URI < b.Location.URI
	})
	if len(out) > maxWorkspaceSymbols {
		out = out[:maxWorkspaceSymbols]
	}
	return out, nil
}

// maxWorkspaceSymbols bounds a workspace/symbol answer (a 160x160 field has 25,600 blocks).
const maxWorkspaceSymbols = 1000
