package compiler

import (
	"fmt"
	"regexp"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
)

// The schema of the fast path: a definition of the embedded CUE schema (#Scenario, #PFBattle ...)
// compiled once per process into plain Go values (vnode) that validate a data tree (fast_tree.go)
// without evaluating anything, and that give the defaults the decoder reads for fields the author
// left out. It is compiled from the CUE definition itself, construct by construction: kinds,
// concrete values, bounds, regular expressions, disjunctions and their defaults, closed structs
// with their required, optional and pattern fields, lists with fixed and open parts. A construct
// it does not translate exactly marks its node inexact: a document that reaches it is left to
// the CUE path. So the fast path accepts a document only when CUE would find it clean, and
// TestFastPathAgrees and FuzzFastPath hold it to that.
//
// Why not the JSON Schema `sortie schema --format jsonschema` exports: CUE's generator (v0.17,
// experimental) drops the bounds of a field with a default (rations: *0 | int & >=0 comes out
// as any integer) and writes no defaults, and JSON Schema's integer accepts 1.0, which CUE
// refuses; a validator that is looser than CUE would let the fast path accept what vet refuses.

// vnode is one compiled schema value.
type vnode struct {
	kinds   cue.Kind // the kinds the value allows (TopKind: anything)
	consts  []*dnode // when set, the value is one of these
	notEq   []*dnode // the value is none of these
	bounds  []vbound
	res     []*regexp.Regexp // the value, a string, matches each
	notRes  []*regexp.Regexp
	all     []*vnode // further constraints, each to hold
	any     []*vnode // a disjunction: one of them holds (the node's other constraints are unset)
	inexact bool     // not translated: no document reaching it is accepted

	// Structs: the declared fields, the pattern constraints and whether others are refused.
	fields map[string]*vfield
	pats   []vpattern
	closed bool
	// Lists: the fixed elements, and the type of any further ones (nil: no more allowed).
	list   bool
	prefix []*vnode
	elem   *vnode
}

type vfield struct {
	node     *vnode
	optional bool
	// absentOK: the schema's value is concrete without the author's (a default, a constant, a
	// struct of such), so the field may be left out.
	absentOK bool
	dflt     *dnode // the scalar the decoder reads when the field is left out, or nil
}

type vpattern struct {
	re   *regexp.Regexp // nil: every label
	node *vnode
}

type vbound struct {
	op cue.Op
	n  int64
}

// fastSchemas holds the compiled definitions, by name.
var fastSchemas struct {
	mu   sync.Mutex
	defs map[string]*fastSchema
}

// fastSchema is one compiled definition.
type fastSchema struct {
	once sync.Once
	root *vnode
	err  error
}

// fastSchemaOf returns the compiled definition name (one of documentKinds), compiling it on
// first use in a CUE context of its own.
func fastSchemaOf(name string) (*vnode, error) {
	fastSchemas.mu.Lock()
	if fastSchemas.defs == nil {
		fastSchemas.defs = map[string]*fastSchema{}
	}
	fs := fastSchemas.defs[name]
	if fs == nil {
		fs = &fastSchema{}
		fastSchemas.defs[name] = fs
	}
	fastSchemas.mu.Unlock()
	fs.once.Do(func() {
		def, err := compileDef(cuecontext.New(), name)
		if err != nil {
			fs.err = err
			return
		}
		c := &vcompiler{defs: map[string]*vnode{}}
		fs.root = c.compile(def, 0)
	})
	return fs.root, fs.err
}

type vcompiler struct {
	defs map[string]*vnode // nodes of referenced definitions, by path: #Cond inside #Cond
}

// maxCompileDepth bounds the compilation of nested values that are not definitions.
const maxCompileDepth = 64

func (c *vcompiler) compile(v cue.Value, depth int) *vnode {
	if depth > maxCompileDepth || !v.Exists() {
		return &vnode{inexact: true}
	}
	if r, p := v.ReferencePath(); r.Exists() && len(p.Selectors()) > 0 {
		key := p.String()
		if n, ok := c.defs[key]; ok {
			return n
		}
		if d := r.LookupPath(p); d.Exists() {
			n := &vnode{}
			c.defs[key] = n
			*n = *c.body(d, 0)
			return n
		}
	}
	return c.body(v, depth)
}

func (c *vcompiler) body(v cue.Value, depth int) *vnode {
	if err := v.Err(); err != nil {
		return &vnode{inexact: true}
	}
	op, args := v.Expr()
	if op == cue.NoOp && len(args) == 1 {
		// A disjunction with a default that CUE folded into one alternative (int & >=1 &
		// <=1000000 | *1000, *0 | int & >=0) shows as NoOp with the value, its default dropped,
		// as its one argument: compile that, or its bounds are lost and the fast path accepts
		// runs: 2000000000 (issue 28, B3). A basic type (int) is NoOp of a NoOp: its kind says
		// it all. The default itself is the field's, read by structNode.
		if inner, _ := args[0].Expr(); inner != cue.NoOp {
			return c.compile(args[0], depth+1)
		}
	}
	if op == cue.OrOp {
		n := &vnode{}
		for _, a := range args {
			n.any = append(n.any, c.compile(a, depth+1))
		}
		return n
	}
	k := v.IncompleteKind()
	switch {
	case k == cue.StructKind:
		return c.structNode(v, depth)
	case k == cue.ListKind:
		return c.listNode(v, depth)
	case k&(cue.StructKind|cue.ListKind) != 0 && k != cue.TopKind:
		return &vnode{inexact: true} // a struct or list among other kinds, without a disjunction
	}
	n := &vnode{kinds: k}
	if k == cue.TopKind {
		return n
	}
	if v.IsConcrete() {
		d := scalarNode(v)
		if d == nil {
			return &vnode{inexact: true}
		}
		n.consts = []*dnode{d}
		return n
	}
	c.constrain(n, v, depth)
	return n
}

// constrain adds the constraints of a scalar value that is not concrete: a basic type, bounds,
// regular expressions, and conjunctions of those.
func (c *vcompiler) constrain(n *vnode, v cue.Value, depth int) {
	op, args := v.Expr()
	switch op {
	case cue.NoOp:
		// A basic type (int, string ...): its kind says it all.
	case cue.AndOp:
		for _, a := range args {
			n.all = append(n.all, c.compile(a, depth+1))
		}
	case cue.GreaterThanOp, cue.GreaterThanEqualOp, cue.LessThanOp, cue.LessThanEqualOp:
		if len(args) != 1 {
			n.inexact = true
			return
		}
		i, err := args[0].Int64()
		if err != nil || args[0].Kind() != cue.IntKind {
			n.inexact = true
			return
		}
		n.bounds = append(n.bounds, vbound{op: op, n: i})
	case cue.NotEqualOp:
		var d *dnode
		if len(args) == 1 {
			d = scalarNode(args[0])
		}
		if d == nil {
			n.inexact = true
			return
		}
		n.notEq = append(n.notEq, d)
	case cue.RegexMatchOp, cue.NotRegexMatchOp:
		var re *regexp.Regexp
		if len(args) == 1 {
			if s, err := args[0].String(); err == nil {
				re, _ = regexp.Compile(s)
			}
		}
		if re == nil {
			n.inexact = true
			return
		}
		if op == cue.RegexMatchOp {
			n.res = append(n.res, re)
		} else {
			n.notRes = append(n.notRes, re)
		}
	default:
		n.inexact = true // a call of a builtin, an interpolation ...
	}
}

func (c *vcompiler) structNode(v cue.Value, depth int) *vnode {
	n := &vnode{kinds: cue.StructKind, fields: map[string]*vfield{}}
	it, err := v.Fields(cue.Optional(true), cue.Patterns(true))
	if err != nil {
		return &vnode{inexact: true}
	}
	for it.Next() {
		sel := it.Selector()
		fv := it.Value()
		switch sel.ConstraintType() {
		case cue.PatternConstraint:
			p := vpattern{node: c.compile(fv, depth+1)}
			pat := sel.Pattern()
			if pat.IncompleteKind() != cue.StringKind || pat.IsConcrete() {
				p.node = &vnode{inexact: true}
			} else if op, _ := pat.Expr(); op != cue.NoOp {
				if p.re = patternRegexp(pat); p.re == nil {
					p.node = &vnode{inexact: true}
				}
			}
			n.pats = append(n.pats, p)
			continue
		case cue.RequiredConstraint:
			return &vnode{inexact: true} // a!: not used by the schema
		}
		if sel.LabelType() != cue.StringLabel {
			continue // definitions and hidden fields are no part of the data
		}
		f := &vfield{node: c.compile(fv, depth+1), optional: sel.ConstraintType() == cue.OptionalConstraint}
		if !f.optional {
			f.absentOK = fv.Validate(cue.Concrete(true)) == nil
			if d, _ := fv.Default(); d.Err() == nil && d.IsConcrete() {
				f.dflt = scalarNode(d)
			}
		}
		n.fields[sel.Unquoted()] = f
	}
	n.closed = !v.Allows(cue.Str("\x00"))
	return n
}

func (c *vcompiler) listNode(v cue.Value, depth int) *vnode {
	n := &vnode{kinds: cue.ListKind, list: true}
	if it, err := v.List(); err == nil {
		for it.Next() {
			n.prefix = append(n.prefix, c.compile(it.Value(), depth+1))
		}
	}
	if e := v.LookupPath(cue.MakePath(cue.AnyIndex)); e.Exists() {
		n.elem = c.compile(e, depth+1)
	}
	return n
}

// scalarNode converts a concrete scalar of the schema; nil for anything else.
func scalarNode(v cue.Value) *dnode {
	switch v.Kind() {
	case cue.NullKind:
		return &dnode{kind: dNull}
	case cue.BoolKind:
		b, _ := v.Bool()
		return &dnode{kind: dBool, b: b}
	case cue.IntKind:
		i, err := v.Int64()
		if err != nil {
			return nil
		}
		return &dnode{kind: dInt, num: i}
	case cue.StringKind:
		s, _ := v.String()
		return &dnode{kind: dString, str: s}
	}
	return nil
}

// kindOf is a data value's kind as CUE names it.
func (d *dnode) cueKind() cue.Kind {
	switch d.kind {
	case dNull:
		return cue.NullKind
	case dBool:
		return cue.BoolKind
	case dInt:
		return cue.IntKind
	case dString:
		return cue.StringKind
	case dObject:
		return cue.StructKind
	}
	return cue.ListKind
}

func sameScalar(a, b *dnode) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case dBool:
		return a.b == b.b
	case dInt:
		return a.num == b.num
	case dString:
		return a.str == b.str
	}
	return a.kind == dNull
}

// accepts reports whether d is valid against n: whether CUE would find d & the schema value
// concrete and free of errors. depth bounds the recursion (the data tree is at most MaxDepth deep).
func (n *vnode) accepts(d *dnode) bool {
	if n.inexact {
		return false
	}
	if n.any != nil {
		for _, a := range n.any {
			if a.accepts(d) {
				return true
			}
		}
		return false
	}
	if n.kinds != cue.TopKind && n.kinds&d.cueKind() == 0 {
		return false
	}
	if n.consts != nil {
		found := false
		for _, c := range n.consts {
			found = found || sameScalar(c, d)
		}
		if !found {
			return false
		}
	}
	for _, c := range n.notEq {
		if sameScalar(c, d) {
			return false
		}
	}
	for _, b := range n.bounds {
		if d.kind != dInt || !b.holds(d.num) {
			return false
		}
	}
	for _, re := range n.res {
		if d.kind != dString || !re.MatchString(d.str) {
			return false
		}
	}
	for _, re := range n.notRes {
		if d.kind != dString || re.MatchString(d.str) {
			return false
		}
	}
	for _, a := range n.all {
		if !a.accepts(d) {
			return false
		}
	}
	switch {
	case n.fields != nil:
		return n.acceptsStruct(d)
	case n.list:
		if len(d.kids) < len(n.prefix) || n.elem == nil && len(d.kids) > len(n.prefix) {
			return false
		}
		for i, e := range d.kids {
			s := n.elem
			if i < len(n.prefix) {
				s = n.prefix[i]
			}
			if !s.accepts(e) {
				return false
			}
		}
	}
	return true
}

func (n *vnode) acceptsStruct(d *dnode) bool {
	for i, k := range d.keys {
		kid := d.kids[i]
		f := n.fields[k]
		if f != nil && !f.node.accepts(kid) {
			return false
		}
		matched := f != nil
		for _, p := range n.pats {
			if p.re == nil || p.re.MatchString(k) {
				matched = true
				if !p.node.accepts(kid) {
					return false
				}
			}
		}
		if !matched && n.closed {
			return false
		}
	}
	for name, f := range n.fields {
		if !f.optional && !f.absentOK && d.field(name) == nil {
			return false
		}
	}
	return true
}

func (b vbound) holds(x int64) bool {
	switch b.op {
	case cue.GreaterThanOp:
		return x > b.n
	case cue.GreaterThanEqualOp:
		return x >= b.n
	case cue.LessThanOp:
		return x < b.n
	case cue.LessThanEqualOp:
		return x <= b.n
	}
	panic(fmt.Sprintf("vbound: op %v", b.op))
}

// child returns the schema of the field name of a struct node for the decoder: the declared
// field's, else the first matching pattern's; through a disjunction, the one struct among its
// alternatives. nil when there is none.
func (n *vnode) child(name string) (*vnode, *vfield) {
	if n == nil {
		return nil, nil
	}
	if n.any != nil {
		var only *vnode
		for _, a := range n.any {
			if a.fields != nil {
				if only != nil {
					return nil, nil
				}
				only = a
			}
		}
		return only.child(name)
	}
	if f := n.fields[name]; f != nil {
		return f.node, f
	}
	for _, p := range n.pats {
		if p.re == nil || p.re.MatchString(name) {
			return p.node, nil
		}
	}
	return nil, nil
}

// elemAt returns the schema of element i of a list node, or nil.
func (n *vnode) elemAt(i int) *vnode {
	if n == nil {
		return nil
	}
	if n.any != nil {
		var only *vnode
		for _, a := range n.any {
			if a.list {
				if only != nil {
					return nil
				}
				only = a
			}
		}
		return only.elemAt(i)
	}
	if i < len(n.prefix) {
		return n.prefix[i]
	}
	return n.elem
}
