package lsp

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/sortie-rpg/sortie/compiler"
)

// Completion answers from the document's text as it is now (the cursor's structure, cursor.go)
// and the unit's last index that was built, however old: ids rarely change while one types,
// and a buffer being typed in rarely parses.

func (s *Server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	path, ok := s.pathOf(p.TextDocument.URI)
	if !ok {
		return nil, nil
	}
	s.mu.Lock()
	d := s.docs[path]
	var syms *compiler.Symbols
	var src []byte
	if d != nil {
		src = d.text
		key, _ := unitKey(d.path, d.text)
		if u := s.units[key]; u != nil {
			syms = u.good
		}
	}
	s.mu.Unlock()
	if d == nil {
		return nil, nil
	}
	t := newText(src)
	off := t.offset(p.Position)
	ftype := fileType(path)
	c := cursorAt(ftype, src, off)
	schema := schemaOf(syms, src)
	items := completeAt(c, schema, syms, ftype)
	// The edit replaces the token being typed, to its end (an editor's closing quote included).
	end := off
	if c.start < off || c.quote != 0 {
		_, ec := compiler.TokenEnd(src, int(p.Position.Line)+1, c.start-lineStartOf(t, int(p.Position.Line))+1)
		end = max(off, lineStartOf(t, int(p.Position.Line))+ec-1)
	}
	r := protocol.Range{Start: t.position(c.start), End: t.position(end)}
	for i := range items {
		items[i].TextEdit = protocol.TextEdit{Range: r, NewText: *items[i].InsertText}
		items[i].FilterText = ptr(c.quoteChar() + items[i].Label)
	}
	return protocol.CompletionList{IsIncomplete: false, Items: items}, nil
}

func lineStartOf(t *text, line int) int {
	start, _ := t.lineBounds(line)
	return start
}

func (c cursor) quoteChar() string {
	if c.quote == 0 {
		return ""
	}
	return string(c.quote)
}

func ptr[T any](v T) *T { return &v }

var (
	reKindLine  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^\s*"?kind"?\s*:\s*["']?(\w+)`) })
	reRulesLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^\s*"?rules"?\s*:\s*["']?(\w+)`) })
)

// schemaOf names the definition the document follows: the index's, else what its kind and rules
// say.
func schemaOf(syms *compiler.Symbols, src []byte) string {
	if syms != nil && syms.Schema != "" {
		return syms.Schema
	}
	kind, rules := "scenario", "karzoral"
	if m := reKindLine().FindSubmatch(src); m != nil {
		kind = string(m[1])
	}
	if m := reRulesLine().FindSubmatch(src); m != nil {
		rules = string(m[1])
	}
	return compiler.DefinitionOf(kind, rules)
}

// completeAt lists what may be written at the cursor: field names at a label; at a value, the
// ids of the kind expected there (a route's next step: the blocks or hexes adjacent to the
// previous one, or the same to wait), vocabulary names, or the schema's enum values.
func completeAt(c cursor, schema string, syms *compiler.Symbols, ftype string) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	if c.label && len(compiler.SchemaAt(schema, c.path).Fields) == 0 {
		c.label = false // a YAML item ("- "): a value where the schema wants no struct
	}
	if c.label {
		present := map[string]bool{}
		for _, k := range c.present {
			present[k] = true
		}
		for i, f := range compiler.SchemaAt(schema, c.path).Fields {
			if present[f.Name] {
				continue
			}
			kind := protocol.CompletionItemKindField
			detail := f.Type
			if f.Optional {
				detail += " (optional)"
			}
			it := protocol.CompletionItem{Label: f.Name, Kind: &kind, Detail: ptr(detail),
				SortText: ptr(fmt.Sprintf("%03d", i)), InsertText: ptr(labelText(ftype, f.Name, c.quote))}
			if f.Doc != "" {
				it.Documentation = f.Doc
			}
			items = append(items, it)
		}
		return items
	}
	if k, ok := compiler.ExpectedKind(schema, c.path); ok {
		if words := compiler.Vocabulary(k); words != nil {
			// The file's own (a clash battle's creatures and spells) first, then the vocabulary.
			seen := map[string]bool{}
			ref := protocol.CompletionItemKindReference
			for _, s := range syms.OfKind(k) {
				seen[s.ID] = true
				detail := string(s.Kind)
				if len(s.Info) > 0 {
					detail += ": " + s.Info[0]
				}
				items = append(items, protocol.CompletionItem{Label: s.ID, Kind: &ref, Detail: ptr(detail),
					InsertText: ptr(valueText(ftype, s.ID, c.quote))})
			}
			kind := protocol.CompletionItemKindEnumMember
			for _, w := range words {
				if !seen[w] {
					items = append(items, protocol.CompletionItem{Label: w, Kind: &kind, Detail: ptr(string(k)),
						InsertText: ptr(valueText(ftype, w, c.quote))})
				}
			}
			return items
		}
		cands := syms.OfKind(k)
		if routeStep(c.path) && c.prev == "" && c.path[len(c.path)-1] == "[0]" && len(c.path) >= 3 {
			c.prev = startOf(syms, k, c.path[:len(c.path)-2]) // a Pathfinder route starts from start
		}
		if step := routeStep(c.path); step && c.prev != "" {
			if prev := syms.Lookup(k, c.prev); prev != nil && len(prev.Decls()) > 0 {
				// A route moves one step a day to an adjacent block or hex, or waits (K-22, P-13).
				near := map[string]bool{c.prev: true}
				for _, a := range prev.Adjacent {
					near[a] = true
				}
				var keep []*compiler.Symbol
				for _, s := range cands {
					if near[s.ID] {
						keep = append(keep, s)
					}
				}
				cands = keep
			}
		}
		kind := protocol.CompletionItemKindReference
		for _, s := range cands {
			detail := string(s.Kind)
			if len(s.Info) > 0 {
				detail += ": " + s.Info[0]
			}
			if routeStep(c.path) && s.ID == c.prev {
				detail = "wait a day in " + s.ID + " · " + detail
			}
			items = append(items, protocol.CompletionItem{Label: s.ID, Kind: &kind, Detail: ptr(detail),
				InsertText: ptr(valueText(ftype, s.ID, c.quote))})
		}
		return items
	}
	node := compiler.SchemaAt(schema, c.path)
	kind := protocol.CompletionItemKindEnumMember
	for _, v := range node.Values {
		u, err := strconv.Unquote(v)
		if err != nil {
			items = append(items, protocol.CompletionItem{Label: v, Kind: &kind, InsertText: ptr(v)}) // a number or bool
			continue
		}
		items = append(items, protocol.CompletionItem{Label: u, Kind: &kind, InsertText: ptr(valueText(ftype, u, c.quote))})
	}
	return items
}

// routeStep reports whether path is an element of an army's route.
func routeStep(path []string) bool {
	n := len(path)
	return n >= 2 && path[n-2] == "route" && strings.HasPrefix(path[n-1], "[")
}

// labelText writes a field name as a label: "name: " (quoted in JSON, or when the author opened
// a quote).
func labelText(ftype, name string, quote byte) string {
	if ftype == "json" || quote == '"' {
		return strconv.Quote(name) + ": "
	}
	return name + ": "
}

// valueText writes a string value: quoted in CUE and JSON (and where YAML needs it or the
// author opened a quote).
func valueText(ftype, v string, quote byte) string {
	switch {
	case quote == '\'':
		return "'" + v + "'"
	case ftype == "yaml" && quote == 0 && yamlPlain(v) && !strings.ContainsAny(v, " :#,[]{}"):
		return v
	}
	return strconv.Quote(v)
}

// fieldHover describes the field at the cursor from the schema (type and doc), or "". It needs
// the text only (a.res may be nil: before the first analysis, issue 27).
func (s *Server) fieldHover(a at) string {
	c := cursorAt(fileType(a.doc.path), a.t.src, a.t.byteOffset(a.line, a.col))
	if !c.label || c.prefix == "" {
		return ""
	}
	var syms *compiler.Symbols
	if a.res != nil {
		syms = a.res.symbols
	}
	schema := schemaOf(syms, a.t.src)
	// The label under the cursor: complete it to the end of the word.
	w, _ := wordAt(a.t, a.line, a.col)
	for _, f := range compiler.SchemaAt(schema, c.path).Fields {
		if f.Name == w {
			h := fmt.Sprintf("**%s**: %s", f.Name, f.Type)
			if f.Optional {
				h += " (optional)"
			}
			if f.Doc != "" {
				h += "\n\n" + f.Doc
			}
			return h
		}
	}
	return ""
}

// startOf returns the id written in the start field of the army at path (armies.x), from the
// index: Pathfinder armies stand at start and their route's first step is adjacent to it.
func startOf(syms *compiler.Symbols, k compiler.SymbolKind, army []string) string {
	var segs []string
	for _, p := range army {
		if reIdent().MatchString(p) {
			segs = append(segs, p)
		} else {
			segs = append(segs, strconv.Quote(p))
		}
	}
	field := strings.Join(append(segs, "start"), ".")
	for _, s := range syms.OfKind(k) {
		for _, o := range s.Occurrences {
			if o.Field == field {
				return s.ID
			}
		}
	}
	return ""
}

var reIdent = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`) })
