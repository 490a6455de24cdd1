package compiler

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The symbol index is what an editor needs to navigate a scenario: every id (block, army,
// encounter, event, flag, objective, traversal, hex, and in a campaign scenario, base, benefit,
// item and PC), each place it is declared and each place it is referenced, with the compiler's
// facts about it (for hover) and, for blocks and hexes, where a route may go next. It is built
// from the compiler's own reading of the files: declarations from the parsed files (so that an
// entity split over two files, or declared twice, has every label), references from the author's
// evaluated value, placed like every diagnostic. Which fields declare and which refer is one table
// per schema (symbols_refs.go), also used for completion (ExpectedKind).

// SymbolKind names what an id is. Kinds are open: a rule set adds its own (with its table).
type SymbolKind string

// The kinds sortie knows.
const (
	KindBlock     SymbolKind = "block"
	KindArmy      SymbolKind = "army"
	KindEncounter SymbolKind = "encounter"
	KindEvent     SymbolKind = "event"
	KindFlag      SymbolKind = "flag"
	KindObjective SymbolKind = "objective"
	KindTraversal SymbolKind = "traversal"
	KindHex       SymbolKind = "hex"
	KindScenario  SymbolKind = "scenario" // a campaign's scenario key
	KindBase      SymbolKind = "base"
	KindBenefit   SymbolKind = "benefit"
	KindItem      SymbolKind = "item"
	KindPC        SymbolKind = "pc"
	// Vocabulary kinds: names from a fixed list (Vocabulary), not ids of the file.
	KindTactic SymbolKind = "tactic"
	KindBoon   SymbolKind = "boon"
)

// Occurrence is one place an id is written.
type Occurrence struct {
	Span
	Field string // the field that holds it, as CUE prints a path: armies.m.route[2]
	Decl  bool   // a declaration: the entity's label, or for a flag a set action
	Label bool   // written as a label (a declaration's, or a clash spell or unit key), not a value
}

// String renders an occurrence as "file:line:col (field)" (for messages and tests).
func (o Occurrence) String() string { return o.Start.String() + " (" + o.Field + ")" }

// Symbol is one id of a kind, with every place it is written.
type Symbol struct {
	Kind SymbolKind
	ID   string
	// Occurrences: declarations, then references, each in file and source order.
	Occurrences []Occurrence
	// Info is what the compiler knows of it, one fact a line (coordinates, terrain and exits of a
	// block; side and route with days of an army; ...), for hover.
	Info []string
	// Adjacent lists, for a block or a hex, the ids a route may step to from it (itself excluded):
	// the orthogonal neighbours that may be entered from this side (K-32), the six hex neighbours.
	Adjacent []string
	// Parts are its members without ids (a clash unit's stands, in order), for the outline.
	Parts []Part `json:",omitempty"`
	// Figures are numbers derived about it, each at a place of the text (inlay hints).
	Figures []Figure `json:",omitempty"`
}

// Decls returns the declarations among the occurrences.
func (s *Symbol) Decls() []Occurrence {
	var out []Occurrence
	for _, o := range s.Occurrences {
		if o.Decl {
			out = append(out, o)
		}
	}
	return out
}

// Symbols is the index of one scenario, battle or campaign.
type Symbols struct {
	// Schema is the definition the files were checked against: #Scenario, #PFScenario, #PFBattle
	// or #Campaign.
	Schema string
	syms   []*Symbol
	by     map[string]*Symbol
}

func symKey(k SymbolKind, id string) string { return string(k) + "\x00" + id }

// symbolsJSON is the form in which an evaluator process sends an index back (evaluator.go).
type symbolsJSON struct {
	Schema  string    `json:"schema"`
	Symbols []*Symbol `json:"symbols"`
}

// MarshalJSON encodes the index: its schema and its symbols in order.
func (x *Symbols) MarshalJSON() ([]byte, error) {
	return json.Marshal(symbolsJSON{Schema: x.Schema, Symbols: x.syms})
}

// UnmarshalJSON decodes what MarshalJSON wrote, lookups included.
func (x *Symbols) UnmarshalJSON(data []byte) error {
	var j symbolsJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	x.Schema, x.syms, x.by = j.Schema, j.Symbols, map[string]*Symbol{}
	for _, s := range j.Symbols {
		if s == nil {
			return fmt.Errorf("symbols: a null symbol")
		}
		x.by[symKey(s.Kind, s.ID)] = s
	}
	return nil
}

// All returns every symbol, sorted by kind then id.
func (x *Symbols) All() []*Symbol { return x.syms }

// Lookup returns the symbol of a kind and id, or nil.
func (x *Symbols) Lookup(k SymbolKind, id string) *Symbol {
	if x == nil {
		return nil
	}
	return x.by[symKey(k, id)]
}

// OfKind returns the symbols of a kind that are declared, in id order.
func (x *Symbols) OfKind(k SymbolKind) []*Symbol {
	if x == nil {
		return nil
	}
	var out []*Symbol
	for _, s := range x.syms {
		if s.Kind == k && len(s.Decls()) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// At returns the symbol written at p (a file, 1-based line and byte column) and that occurrence.
func (x *Symbols) At(p diag.Pos) (*Symbol, Occurrence, bool) {
	if x == nil {
		return nil, Occurrence{}, false
	}
	for _, s := range x.syms {
		for _, o := range s.Occurrences {
			if o.Contains(p) {
				return s, o, true
			}
		}
	}
	return nil, Occurrence{}, false
}

// symBuilder collects the symbols of one unit.
type symBuilder struct {
	x     *Symbols
	nm    *namer
	refs  RefTable
	lines map[string]*lines // by display name
	// canon, when set, maps a name as written to the id of its symbol (clash creatures and spells
	// compare without case, ' ', '_' and '-' alike); ok false: not an id.
	canon func(k SymbolKind, name string) (id string, ok bool)
	ld    *loaded // the unit, for Scan (Unit.NewSymBuilder)
}

// id returns the symbol id that name written for kind k stands for.
func (b *symBuilder) id(k SymbolKind, name string) (string, bool) {
	if b.canon != nil {
		return b.canon(k, name)
	}
	return name, validID(name) || k == KindFlag
}

func newSymBuilder(schemaName string, nm *namer, sources []source) *symBuilder {
	b := &symBuilder{x: &Symbols{Schema: schemaName, by: map[string]*Symbol{}}, nm: nm,
		refs: refTables[schemaName], lines: map[string]*lines{}}
	for _, s := range sources {
		b.lines[nm.display(s.abs)] = newLines(s.data)
	}
	return b
}

func (b *symBuilder) symbol(k SymbolKind, id string) *Symbol {
	key := symKey(k, id)
	s := b.x.by[key]
	if s == nil {
		s = &Symbol{Kind: k, ID: id}
		b.x.by[key] = s
		b.x.syms = append(b.x.syms, s)
	}
	return s
}

func (b *symBuilder) add(k SymbolKind, id string, p diag.Pos, field string, decl, label bool) {
	if !p.IsValid() || p.Line == 0 || id == "" {
		return
	}
	sp := Span{Start: p, End: diag.Pos{File: p.File, Line: p.Line, Column: p.Column + 1}}
	if l := b.lines[p.File]; l != nil {
		sp = l.span(p)
	}
	s := b.symbol(k, id)
	s.Occurrences = append(s.Occurrences, Occurrence{Span: sp, Field: field, Decl: decl, Label: label})
}

// declarations records the entity labels of the parsed files (in load order), as the table's decl
// function names them.
func (b *symBuilder) declarations(files []*ast.File) {
	var visit func(decls []ast.Decl, path []string, depth int)
	visitExpr := func(x ast.Expr, path []string, depth int) {
		switch x := x.(type) {
		case *ast.StructLit:
			visit(x.Elts, path, depth+1)
		case *ast.ListLit:
			for i, e := range x.Elts {
				if st, ok := e.(*ast.StructLit); ok {
					visit(st.Elts, append(path[:len(path):len(path)], idx(i)), depth+1)
				}
			}
		}
	}
	visit = func(decls []ast.Decl, path []string, depth int) {
		if depth > maxSymbolDepth {
			return
		}
		for _, decl := range decls {
			switch x := decl.(type) {
			case *ast.EmbedDecl:
				visitExpr(x.Expr, path, depth)
			case *ast.Field:
				name, _, err := ast.LabelName(x.Label)
				if err != nil || strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") {
					continue
				}
				p := append(path[:len(path):len(path)], name)
				if k := b.refs.Decl(p); k != "" {
					b.add(k, name, b.labelPos(x.Label), fieldPath(p), true, true)
				} else if b.refs.KeyRef != nil {
					if k := b.refs.KeyRef(p); k != "" {
						if id, ok := b.id(k, name); ok {
							b.add(k, id, b.labelPos(x.Label), fieldPath(p), false, true)
						}
					}
				}
				visitExpr(x.Value, p, depth)
			}
		}
	}
	for _, f := range files {
		visit(f.Decls, nil, 0)
	}
}

// labelPos is where a label starts (CUE's JSON decoder places a label after its opening quote).
func (b *symBuilder) labelPos(l ast.Label) diag.Pos {
	tp := l.Pos()
	p := b.nm.pos(tp)
	if data, ok := b.nm.json[tp.Filename()]; ok && p.Column > 1 {
		if off := tp.Offset(); off > 0 && off <= len(data) && data[off-1] == '"' {
			p.Column--
		}
	}
	return p
}

// testRef is the kind a string of a test (tests: [...], schema/expect.cue) names, in every rule
// system's file: an objective reached (objectives: [...]) or the party's last block (party:); ""
// elsewhere (issue 20 review: hover and go-to-definition ignored "holdTheFord" in a test).
func testRef(p []string) SymbolKind {
	switch {
	case len(p) == 4 && p[0] == "tests" && p[2] == "objectives":
		return KindObjective
	case len(p) == 3 && p[0] == "tests" && p[2] == "party":
		return KindBlock
	}
	return ""
}

// maxSymbolDepth bounds how deep the index follows the files and values.
const maxSymbolDepth = 64

// references records every string of the author's value that the table's ref function names
// (vocabulary kinds excluded).
func (b *symBuilder) references(v cue.Value, path []string, depth int) {
	if depth > maxSymbolDepth {
		return
	}
	if it, ok := structIter(v); ok {
		for it.Next() {
			b.references(it.Value(), append(path[:len(path):len(path)], it.Selector().Unquoted()), depth+1)
		}
		return
	}
	if isList(v) {
		for i, e := range listElems(v) {
			b.references(e, append(path[:len(path):len(path)], idx(i)), depth+1)
		}
		return
	}
	k, decl := b.refs.Ref(path)
	if k == "" {
		k = testRef(path)
	}
	if k == "" || k == KindTactic || k == KindBoon {
		return
	}
	s, err := v.String()
	if err != nil {
		return
	}
	if id, ok := b.id(k, s); ok {
		b.add(k, id, b.nm.valuePos(v), fieldPath(path), decl, false)
	}
}

// done sorts the symbols (by kind and id) and their occurrences (declarations first, then by
// file, line and column) and returns the index.
func (b *symBuilder) done() *Symbols {
	sort.Slice(b.x.syms, func(i, j int) bool {
		a, c := b.x.syms[i], b.x.syms[j]
		if a.Kind != c.Kind {
			return a.Kind < c.Kind
		}
		return a.ID < c.ID
	})
	for _, s := range b.x.syms {
		sort.SliceStable(s.Occurrences, func(i, j int) bool {
			a, c := s.Occurrences[i], s.Occurrences[j]
			if a.Decl != c.Decl {
				return a.Decl
			}
			return posLess(a.Start, c.Start)
		})
		// The same place can be seen twice (a value shared by two fields): keep one.
		out := s.Occurrences[:0]
		for i, o := range s.Occurrences {
			if i > 0 && out[len(out)-1].Start == o.Start {
				continue
			}
			out = append(out, o)
		}
		s.Occurrences = out
	}
	return b.x
}

func posLess(a, b diag.Pos) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Column < b.Column
}

// fieldPath renders a path the way diagnostics do: armies.m.route[2]. In a path, a list index
// is written "[i]" (idx), any other segment is a label.
func fieldPath(p []string) string {
	parts := make([]any, len(p))
	for i, s := range p {
		parts[i] = s
		if n, ok := isIdx(s); ok {
			parts[i] = n
		}
	}
	return pathOf(parts...)
}

// idx is the path segment of list index i.
func idx(i int) string { return "[" + strconv.Itoa(i) + "]" }

// isIdx reports whether a path segment is a list index, and which.
func isIdx(s string) (int, bool) {
	if len(s) < 3 || s[0] != '[' || s[len(s)-1] != ']' {
		return 0, false
	}
	n, err := strconv.Atoi(s[1 : len(s)-1])
	return n, err == nil && n >= 0
}

// Moved returns a copy of the index with every position carried by move (an editor answering
// from the index of an older text, its positions carried across the edit since): each
// occurrence, part and figure whose place move reports false (inside the edited text) is left
// out. A span's end (the byte after it) is carried as its last byte, so that text inserted just
// after a token is not taken into it. Info, Adjacent and the symbols' order are x's, shared
// (neither is changed after done).
func (x *Symbols) Moved(move func(diag.Pos) (diag.Pos, bool)) *Symbols {
	if x == nil {
		return nil
	}
	y := &Symbols{Schema: x.Schema, syms: make([]*Symbol, len(x.syms)), by: make(map[string]*Symbol, len(x.syms))}
	for i, s := range x.syms {
		c := *s
		c.Occurrences, c.Parts, c.Figures = nil, nil, nil
		for _, o := range s.Occurrences {
			start, ok1 := move(o.Start)
			end, ok2 := moveEnd(o.End, move)
			if ok1 && ok2 {
				o.Start, o.End = start, end
				c.Occurrences = append(c.Occurrences, o)
			}
		}
		for _, p := range s.Parts {
			if at, ok := move(p.Pos); ok {
				p.Pos = at
				c.Parts = append(c.Parts, p)
			}
		}
		for _, f := range s.Figures {
			if at, ok := move(f.Pos); ok {
				f.Pos = at
				c.Figures = append(c.Figures, f)
			}
		}
		y.syms[i] = &c
		y.by[symKey(c.Kind, c.ID)] = &c
	}
	return y
}

// moveEnd carries a span's end: its last byte's place, one column on.
func moveEnd(end diag.Pos, move func(diag.Pos) (diag.Pos, bool)) (diag.Pos, bool) {
	if end.Column <= 1 {
		return move(end)
	}
	end.Column--
	p, ok := move(end)
	p.Column++
	return p, ok
}
