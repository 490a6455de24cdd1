package lsp

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/words"
)

// Hover, definition, references and rename answer from the unit's last result, and only when it
// was computed from the document's current version: positions in an older index would point
// at the wrong text. While the current version's findings come from the fast path (no index
// yet), or no result of it has come, hover, definition and references answer from the last full
// result carried to the current text (carry.go); rename does not.

// at is a document position resolved against its unit's current result.
type at struct {
	doc       *document
	res       *result
	t         *text
	line, col int               // sortie's: 1-based line, byte column
	pos       diag.Pos          // the same, with the file as the index names it
	uris      map[string]string // file name -> the URI the client opened it by (open documents)
}

// locate resolves a position; ok is false when the document is not open or its unit has no
// current result. With carry, a result carried from the last full one (carriedLocked) stands in
// for a current result without an index; without, only the full result of the same text does.
func (s *Server) locate(uri string, p protocol.Position, carry bool) (at, bool) {
	path, ok := s.pathOf(uri)
	if !ok {
		return at{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	if d == nil {
		return at{}, false
	}
	key, _ := unitKey(d.path, d.text)
	u := s.units[key]
	if u == nil {
		return at{doc: d, t: newText(d.text)}, false
	}
	res := u.res
	if res == nil || res.versions[path] != d.version || res.quick {
		c := s.carriedLocked(u, d)
		switch {
		case c != nil && (carry || !c.carried):
			res = c
		case res == nil || res.versions[path] != d.version || !carry:
			return at{doc: d, t: newText(d.text)}, false
		}
	}
	t := res.texts[path]
	if t == nil {
		return at{}, false
	}
	line, col := t.sortiePos(p)
	uris := make(map[string]string, len(s.docs))
	for p, o := range s.docs {
		uris[p] = o.uri
	}
	return at{doc: d, res: res, t: t, line: line, col: col, uris: uris,
		pos: diag.Pos{File: displayName(res.wd, path), Line: line, Column: col}}, true
}

// displayName is the name the compiler gives a file: "./rel" inside wd, else absolute.
func displayName(wd, abs string) string {
	if rel, err := filepath.Rel(wd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "./" + filepath.ToSlash(rel)
	}
	return abs
}

// location converts an occurrence of the index to an LSP location.
func (a at) location(o compiler.Occurrence) (protocol.Location, bool) {
	f := filepath.Join(a.res.wd, filepath.FromSlash(strings.TrimPrefix(o.Start.File, "./")))
	if filepath.IsAbs(o.Start.File) {
		f = o.Start.File
	}
	t := a.res.texts[f]
	if t == nil {
		return protocol.Location{}, false
	}
	uri, ok := a.uris[f]
	if !ok {
		uri = pathURI(f)
	}
	return protocol.Location{URI: uri, Range: protocol.Range{
		Start: t.pos(o.Start.Line, o.Start.Column), End: t.pos(o.End.Line, o.End.Column)}}, true
}

func (s *Server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	a, ok := s.locate(p.TextDocument.URI, p.Position, true)
	md := func(v string, r *protocol.Range) *protocol.Hover {
		return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: v}, Range: r}
	}
	if !ok {
		// No result of this version yet (the first analysis takes seconds on a loaded machine):
		// a field's schema and a code's page need the text only (issue 27 item 5).
		if a.doc == nil || a.t == nil {
			return nil, nil
		}
		a.line, a.col = a.t.sortiePos(p.Position)
		if w, r := wordAt(a.t, a.line, a.col); w != "" {
			if in, ok := diag.Lookup(w); ok {
				return md(explainDoc(in), &r), nil
			}
		}
		if h := s.fieldHover(a); h != "" {
			return md(h, nil), nil
		}
		return nil, nil
	}
	if sym, o, ok := a.res.symbols.At(a.pos); ok {
		loc, _ := a.location(o)
		return md(symbolDoc(a, sym), &loc.Range), nil
	}
	// A code written in the file: @sortie(ignore="W001", ...).
	if w, r := wordAt(a.t, a.line, a.col); w != "" {
		if in, ok := diag.Lookup(w); ok {
			return md(explainDoc(in), &r), nil
		}
	}
	// A finding at the cursor: its code's page.
	var pages []string
	for _, d := range a.res.diags[a.doc.path] {
		r := tokenRange(a.t, d.Pos.Line, d.Pos.Column)
		if within(r, p.Position) {
			if in, ok := diag.Lookup(d.Code); ok {
				pages = append(pages, explainDoc(in))
			}
		}
	}
	if len(pages) > 0 {
		return md(strings.Join(pages, "\n\n---\n\n"), nil), nil
	}
	// A field: what the schema says of it.
	if h := s.fieldHover(a); h != "" {
		return md(h, nil), nil
	}
	return nil, nil
}

// unitWord is what the document at a is, in words for a hover: "battle" for a battle file (a
// When Armies Clash or Pathfinder battle), "campaign", else "scenario" (issue 20: a battle's
// hover said "not declared in this scenario"). It is read from the definition the document
// follows (schemaOf: the compiler's index, else its kind: and rules: as the compiler's
// DefinitionOf reads them, in any quoting), not from a pattern of its own.
func unitWord(a at) string {
	var syms *compiler.Symbols
	if a.res != nil {
		syms = a.res.symbols
	}
	var src []byte
	if a.doc != nil {
		src = a.doc.text
	}
	switch schemaOf(syms, src) {
	case "#PFBattle", "#ClashBattle":
		return "battle"
	case "#Campaign":
		return "campaign"
	}
	return "scenario"
}

// symbolDoc renders an id for hover: its kind, the compiler's facts, where it is declared.
func symbolDoc(a at, sym *compiler.Symbol) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** `%s`\n\n", sym.Kind, sym.ID)
	for _, line := range sym.Info {
		fmt.Fprintf(&b, "- %s\n", line)
	}
	decls := sym.Decls()
	refs := len(sym.Occurrences) - len(decls)
	b.WriteString("\n")
	n := words.Count(refs, "reference")
	if len(decls) == 0 {
		fmt.Fprintf(&b, "not declared in this %s; %s\n", unitWord(a), n)
	} else {
		var where []string
		for _, d := range decls {
			where = append(where, d.Start.String())
		}
		fmt.Fprintf(&b, "declared at %s; %s\n", strings.Join(where, ", "), n)
	}
	return b.String()
}

// explainDoc renders a code's catalogue page (what `sortie explain CODE` prints).
func explainDoc(in diag.CodeInfo) string {
	return fmt.Sprintf("**%s**: %s (%s)\n\n```text\n%s\n```\n", in.Code, in.Title, in.Severity, strings.TrimSpace(in.Doc))
}

// wordAt returns the run of letters and digits at a position and its range.
func wordAt(t *text, line, col int) (string, protocol.Range) {
	start, end := t.lineBounds(line - 1)
	off := t.byteOffset(line, col)
	isW := func(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	a, b := off, off
	for a > start && isW(t.src[a-1]) {
		a--
	}
	for b < end && isW(t.src[b]) {
		b++
	}
	return string(t.src[a:b]), protocol.Range{Start: t.position(a), End: t.position(b)}
}

func within(r protocol.Range, p protocol.Position) bool {
	after := p.Line > r.Start.Line || p.Line == r.Start.Line && p.Character >= r.Start.Character
	before := p.Line < r.End.Line || p.Line == r.End.Line && p.Character <= r.End.Character
	return after && before
}

func (s *Server) definition(_ *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	a, ok := s.locate(p.TextDocument.URI, p.Position, true)
	if !ok {
		return nil, nil
	}
	sym, _, ok := a.res.symbols.At(a.pos)
	if !ok {
		return nil, nil
	}
	var out []protocol.Location
	for _, o := range sym.Decls() {
		if l, ok := a.location(o); ok {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

func (s *Server) references(_ *glsp.Context, p *protocol.ReferenceParams) ([]protocol.Location, error) {
	a, ok := s.locate(p.TextDocument.URI, p.Position, true)
	if !ok {
		return nil, nil
	}
	sym, _, ok := a.res.symbols.At(a.pos)
	if !ok {
		return nil, nil
	}
	out := []protocol.Location{}
	for _, o := range sym.Occurrences {
		if o.Decl && !p.Context.IncludeDeclaration {
			continue
		}
		if l, ok := a.location(o); ok {
			out = append(out, l)
		}
	}
	return out, nil
}

func (s *Server) prepareRename(_ *glsp.Context, p *protocol.PrepareRenameParams) (any, error) {
	a, ok := s.locate(p.TextDocument.URI, p.Position, false)
	if !ok {
		return nil, nil
	}
	sym, o, ok := a.res.symbols.At(a.pos)
	if !ok {
		return nil, nil
	}
	l, ok := a.location(o)
	if !ok {
		return nil, nil
	}
	return protocol.RangeWithPlaceholder{Range: l.Range, Placeholder: sym.ID}, nil
}

// rename renames an id everywhere it is written in the unit's files: every declaration and
// reference, each written the way the file writes it (quoted where it was quoted or must be).
func (s *Server) rename(_ *glsp.Context, p *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	a, ok := s.locate(p.TextDocument.URI, p.Position, false)
	if !ok {
		return nil, fmt.Errorf("the document has changed since it was last vetted: try again")
	}
	sym, _, ok := a.res.symbols.At(a.pos)
	if !ok {
		return nil, fmt.Errorf("no id here to rename")
	}
	name := p.NewName
	if !compiler.ValidName(sym.Kind, name) {
		return nil, fmt.Errorf("%q is not a valid %s id (letters, digits, '_' and '-')", name, sym.Kind)
	}
	if len(sym.Decls()) == 0 && compiler.Vocabulary(sym.Kind) != nil {
		return nil, fmt.Errorf("%s %s is not declared in this file (the library's): nothing to rename", sym.Kind, sym.ID)
	}
	if other := a.res.symbols.Lookup(sym.Kind, name); other != nil && len(other.Decls()) > 0 && other != sym {
		return nil, fmt.Errorf("%s %s already exists (%s)", sym.Kind, name, other.Decls()[0].Start)
	}
	edit := &protocol.WorkspaceEdit{Changes: map[protocol.DocumentUri][]protocol.TextEdit{}}
	for _, o := range sym.Occurrences {
		l, ok := a.location(o)
		if !ok {
			return nil, fmt.Errorf("cannot rename: %s is not readable", o.Start.File)
		}
		path, _ := uriPath(l.URI)
		t := a.res.texts[path]
		from, to := t.offset(l.Range.Start), t.offset(l.Range.End)
		old := string(t.src[from:to])
		if !compiler.SameName(sym.Kind, unquoted(old), sym.ID) {
			return nil, fmt.Errorf("cannot rename: %s writes %s as %s, an expression", o.Start, sym.ID, old)
		}
		edit.Changes[l.URI] = append(edit.Changes[l.URI], protocol.TextEdit{Range: l.Range,
			NewText: spell(fileType(path), old, name, o.Label)})
	}
	for uri := range edit.Changes {
		es := edit.Changes[uri]
		sort.Slice(es, func(i, j int) bool {
			a, b := es[i].Range.Start, es[j].Range.Start
			return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
		})
	}
	return edit, nil
}

// unquoted is a token's string value: "x" and 'x' unquoted, a bare word as it is.
func unquoted(tok string) string {
	if u, err := strconv.Unquote(tok); err == nil {
		return u
	}
	if len(tok) >= 2 && tok[0] == '\'' && tok[len(tok)-1] == '\'' {
		return tok[1 : len(tok)-1]
	}
	return tok
}

// spell writes name in place of the token old: with old's quotes, or bare where old was bare
// and name may stay bare (a CUE label that is an identifier, a YAML string that YAML would not
// read as a number or boolean); a JSON token is always quoted.
func spell(ftype, old, name string, label bool) string {
	switch {
	case strings.HasPrefix(old, `"`), ftype == "json":
		return strconv.Quote(name)
	case strings.HasPrefix(old, "'"):
		return "'" + name + "'"
	}
	if ftype == "cue" && label && cueIdent(name) || ftype == "yaml" && yamlPlain(name) {
		return name
	}
	return strconv.Quote(name)
}

// cueIdent reports whether name may be a CUE label without quotes: an identifier that is not a
// keyword (and does not start with '#' or '_', which mean definitions and hidden fields).
func cueIdent(name string) bool {
	if name == "" || !(name[0] >= 'a' && name[0] <= 'z' || name[0] >= 'A' && name[0] <= 'Z') {
		return false
	}
	for _, c := range []byte(name) {
		if !(c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	switch name {
	case "package", "import", "for", "in", "if", "let", "true", "false", "null", "div", "mod", "quo", "rem":
		return false
	}
	return true
}

// yamlPlain reports whether YAML reads name, unquoted, as the string name.
func yamlPlain(name string) bool {
	if name == "" || !(name[0] >= 'a' && name[0] <= 'z' || name[0] >= 'A' && name[0] <= 'Z' || name[0] == '_') {
		return false
	}
	switch strings.ToLower(name) {
	case "y", "n", "yes", "no", "true", "false", "on", "off", "null":
		return false
	}
	return true
}
