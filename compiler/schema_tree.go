package compiler

import (
	"regexp"
	"strings"

	"cuelang.org/go/cue"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The schema tree walked beside the author's value: one node a path, children cached, pattern
// constraints shared, unknown fields found (S001).

// snode is the schema's value at some path of the author's value, with its children cached: all
// entities under a pattern constraint ([#ID]: #Block) share one node, so the schema of a block is
// evaluated once however many blocks there are.
type snode struct {
	v     cue.Value
	kids  map[string]*snode // by label, or by "[i]" for list elements
	pats  []spattern        // pattern constraints of v, read on first use
	pread bool
	elem  *snode // the element of an open list (AnyIndex)
	names []string
	nread bool
	// evaluated: v was unified with {} (see eval).
	evaluated bool
	allowed   map[string]bool // answers of allows, by selector
	// entity is 1 when the node is a map of entities keyed by patterns with regular expressions
	// ({[#ID]: #Block}), -1 when not, 0 before it is known (see isEntities).
	entity int8
}

type spattern struct {
	label cue.Value      // the pattern, e.g. #ID
	re    *regexp.Regexp // the pattern's regular expression when it is one (=~"..."), else nil
	node  *snode
}

// matches reports whether a label matches the pattern: by its regular expression (the same RE2
// syntax as CUE's) when it has one, which spares an evaluation per entity of a large map.
func (p spattern) matches(sc *schemaChecker, label string) bool {
	if p.re != nil {
		return p.re.MatchString(label)
	}
	return p.label.Unify(sc.ctx.Encode(label)).Err() == nil
}

// patternRegexp returns the regular expression of a pattern constraint such as [#ID] when the
// pattern is exactly one =~ match, else nil.
func patternRegexp(v cue.Value) *regexp.Regexp {
	op, args := v.Eval().Expr()
	if op != cue.RegexMatchOp || len(args) != 1 {
		return nil
	}
	src, err := args[0].String()
	if err != nil {
		return nil
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return nil
	}
	return re
}

// schemaAt returns the schema's value at a path of the user's value: regular and optional fields,
// pattern constraints ([#ID]: #Block) and list elements are followed. It does not exist when the
// schema has nothing there.
func (sc *schemaChecker) schemaAt(sels []cue.Selector) cue.Value { return sc.nodeAt(sels).v }

// nodeAt is schemaAt's node.
func (sc *schemaChecker) nodeAt(sels []cue.Selector) *snode {
	n := sc.root
	for _, sel := range sels {
		n = sc.child(n, sel)
	}
	return n
}

// child returns the schema node of the field or element sel of n (the missing node when the
// schema has none). A struct that does not answer is evaluated first (see eval) and asked again.
func (sc *schemaChecker) child(n *snode, sel cue.Selector) *snode {
	if n == sc.missing || !n.v.Exists() {
		return sc.missing
	}
	key := sel.String()
	if sel.Type() == cue.IndexLabel {
		key = "[" + key + "]"
	}
	if k, ok := n.kids[key]; ok {
		return k
	}
	var c *snode
	s := n.v
	if sel.Type() == cue.IndexLabel {
		if s.IncompleteKind()&cue.ListKind != 0 {
			if v := s.LookupPath(cue.MakePath(sel)); v.Exists() {
				c = sc.newNode(v)
			} else {
				if n.elem == nil {
					n.elem = sc.newNode(s.LookupPath(cue.MakePath(cue.AnyIndex)))
				}
				c = n.elem
			}
		}
	} else if sc.isEntities(n) {
		// A key of an entity map is no declared field: its node is its pattern's, shared by
		// every entity, and not cached per key.
		if c = sc.pattern(n, sel.Unquoted()); c == nil {
			c = sc.missing
		}
		return c
	} else if s.IncompleteKind()&cue.StructKind != 0 {
		c = sc.field(n, sel)
		if c == nil && sc.eval(n) {
			c = sc.field(n, sel)
		}
	}
	if c == nil {
		c = sc.missing
	}
	if n.kids == nil {
		n.kids = map[string]*snode{}
	}
	n.kids[key] = c
	return c
}

// field looks up a regular or optional field, or a pattern constraint, of a struct node.
func (sc *schemaChecker) field(n *snode, sel cue.Selector) *snode {
	if v := n.v.LookupPath(cue.MakePath(sel)); v.Exists() {
		return sc.newNode(v)
	}
	if v := n.v.LookupPath(cue.MakePath(sel.Optional())); v.Exists() {
		return sc.newNode(v)
	}
	return sc.pattern(n, sel.Unquoted())
}

// newNode makes the node of a schema value. A value that is a reference to a definition (#Cond,
// #Block) is looked up afresh from the schema's root, and shares one node per definition: the
// recursive #Cond inside #Cond is then evaluated like the top-level one (evaluated in place, deep
// inside its parent, CUE reports a structural cycle), and the node graph stays finite.
func (sc *schemaChecker) newNode(v cue.Value) *snode {
	if !v.Exists() {
		return sc.missing
	}
	if r, p := v.ReferencePath(); r.Exists() && len(p.Selectors()) > 0 {
		key := p.String()
		if n, ok := sc.defs[key]; ok {
			return n
		}
		if d := r.LookupPath(p); d.Exists() {
			n := &snode{v: d}
			sc.defs[key] = n
			return n
		}
	}
	n := &snode{v: v}
	if v.IncompleteKind() == cue.BottomKind {
		sc.eval(n) // not evaluated yet: it has no kind
	}
	return n
}

// eval unifies a struct node with {} once: a recursive definition such as #Cond.not is not
// evaluated by a lookup, and Allows and LookupPath only answer for it after this. It reports
// whether the node changed (so that a failed question is worth asking again).
func (sc *schemaChecker) eval(n *snode) bool {
	if k := n.v.IncompleteKind(); n.evaluated || k != cue.BottomKind && k&cue.StructKind == 0 {
		return false
	}
	n.evaluated = true
	e := n.v.Unify(sc.empty)
	if e.Err() != nil {
		return false
	}
	n.v = e
	n.pread = false // the patterns are read again from the evaluated value
	return true
}

// allows reports whether the schema node allows the field sel.
func (sc *schemaChecker) allows(n *snode, sel cue.Selector) bool {
	if sc.isEntities(n) {
		return sel.Type() == cue.StringLabel && sc.pattern(n, sel.Unquoted()) != nil
	}
	key := sel.String()
	if ok, known := n.allowed[key]; known {
		return ok
	}
	ok := n.v.Allows(sel) || sc.eval(n) && n.v.Allows(sel)
	if n.allowed == nil {
		n.allowed = map[string]bool{}
	}
	n.allowed[key] = ok
	return ok
}

// pattern returns the node of the first pattern constraint of n that matches label, or nil.
func (sc *schemaChecker) pattern(n *snode, label string) *snode {
	if !n.pread {
		n.pread = true
		n.pats = nil
		if it, err := n.v.Fields(cue.Patterns(true), cue.Optional(true)); err == nil {
			for it.Next() {
				if sel := it.Selector(); sel.ConstraintType() == cue.PatternConstraint {
					n.pats = append(n.pats, spattern{label: sel.Pattern(), re: patternRegexp(sel.Pattern()), node: sc.newNode(it.Value())})
				}
			}
		}
	}
	for _, p := range n.pats {
		if p.matches(sc, label) {
			return p.node
		}
	}
	return nil
}

// isEntities reports whether n is a struct with no declared fields whose every pattern is a
// regular expression: its keys are checked and followed in Go.
func (sc *schemaChecker) isEntities(n *snode) bool {
	if n.entity == 0 {
		n.entity = -1
		if n != sc.missing && n.v.Exists() && n.v.IncompleteKind()&cue.StructKind != 0 && len(n.fieldNames()) == 0 {
			sc.pattern(n, "")
			ok := len(n.pats) > 0
			for _, p := range n.pats {
				ok = ok && p.re != nil
			}
			if ok {
				n.entity = 1
			}
		}
	}
	return n.entity == 1
}

// fieldNames lists the regular and optional fields the node's struct declares.
func (n *snode) fieldNames() []string {
	if !n.nread {
		n.nread = true
		n.names = fieldNames(n.v)
	}
	return n.names
}

// fieldNames lists the regular and optional fields a schema struct declares.
func fieldNames(s cue.Value) []string {
	it, err := s.Fields(cue.Optional(true))
	if err != nil {
		return nil
	}
	var out []string
	for it.Next() {
		out = append(out, it.Selector().Unquoted())
	}
	return out
}

// walk reports S001 for every field of the user's value v that the schema node s does not allow,
// and recurses into the allowed ones.
func (sc *schemaChecker) walk(v cue.Value, s *snode, sels []cue.Selector) {
	if s == sc.missing || !s.v.Exists() {
		return
	}
	if it, ok := structIter(v); ok {
		if s.v.IncompleteKind()&cue.StructKind == 0 {
			return // a type error, reported by CUE
		}
		for it.Next() {
			sel := it.Selector()
			path := append(sels[:len(sels):len(sels)], sel)
			if !sc.allows(s, sel) {
				sc.unknownField(s.fieldNames(), it.Value(), sels, sel)
				sc.flagged[cue.MakePath(path...).String()] = true
				continue
			}
			sc.walk(it.Value(), sc.child(s, sel), path)
		}
		return
	}
	if s.v.IncompleteKind()&cue.ListKind == 0 {
		return
	}
	for i, e := range listElems(v) {
		path := append(sels[:len(sels):len(sels)], cue.Index(i))
		sc.walk(e, sc.child(s, cue.Index(i)), path)
	}
}

// idRule describes the #ID pattern of the schema for messages.
const idRule = "ids use letters, digits, '_' and '-', and do not start with '-'"

func (sc *schemaChecker) unknownField(names []string, v cue.Value, parent []cue.Selector, sel cue.Selector) {
	pos := sc.nm.labelPos(v)
	if !pos.IsValid() {
		pos = sc.nm.valuePos(v)
	}
	label := sel.Unquoted()
	where := ""
	if len(parent) > 0 {
		where = cue.MakePath(parent...).String() + ": "
	}
	if len(names) == 0 {
		// A struct of entities keyed by id ([#ID]: #Block): the key is not a valid id.
		sc.list.Add(diag.Errorf(pos, codeUnknownField, "%s%q is not a valid id", where, label).WithHint(idRule))
		return
	}
	d := diag.Errorf(pos, codeUnknownField, "%sunknown field %q", where, label)
	if h := didYouMean(label, names); h != "" {
		d = d.WithHint("%s", h)
		// The field it was meant to be is then missing: a follow-on, not reported (S003).
		sc.misspelt[cue.MakePath(append(parent[:len(parent):len(parent)], cue.Str(suggest(label, names)))...).String()] = true
	} else {
		d = d.WithHint("allowed fields: %s", strings.Join(names, ", "))
	}
	sc.list.Add(d)
}
