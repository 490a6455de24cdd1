package compiler

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/errors"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/schema"
)

// compileSchema builds the embedded schema in ctx (the context of the user's files: values of two
// contexts cannot be unified) and returns #Scenario.
func compileSchema(ctx *cue.Context) (cue.Value, error) {
	return compileDef(ctx, "#Scenario")
}

// compileDef builds the embedded schema in ctx and returns the named definition: #Scenario
// (Karzoral), #PFScenario or #PFBattle (pathfinder.go).
func compileDef(ctx *cue.Context, name string) (cue.Value, error) {
	inst := build.NewContext().NewInstance("", nil)
	for _, f := range schema.Files() {
		if err := inst.AddFile(schemaPrefix+f.Name, f.Source); err != nil {
			return cue.Value{}, fmt.Errorf("embedded schema: %v", err)
		}
	}
	v := ctx.BuildInstance(inst)
	if err := v.Err(); err != nil {
		return cue.Value{}, fmt.Errorf("embedded schema: %v", err)
	}
	def := v.LookupPath(cue.ParsePath(name))
	if err := def.Err(); err != nil {
		return cue.Value{}, fmt.Errorf("embedded schema: %v", err)
	}
	return def, nil
}

// checkKind reports L002 unless the user's value is a struct with kind: "scenario".
func checkKind(user cue.Value, nm *namer, list *diag.List, fallback string) bool {
	root := nm.pos(user.Pos())
	if !root.IsValid() || root.Line == 0 {
		root = diag.Pos{File: nm.display(fallback), Line: 1, Column: 1}
	}
	if user.IncompleteKind() == cue.TopKind {
		list.Add(diag.Errorf(root, codeNotScenario, "not a scenario: the file is empty").
			WithHint(`a scenario is a struct that starts with kind: "scenario"`))
		return false
	}
	if !isStruct(user) {
		list.Add(diag.Errorf(root, codeNotScenario, "not a scenario: the top level is %s, not a struct", kindName(user.IncompleteKind())).
			WithHint(`a scenario is a struct that starts with kind: "scenario"`))
		return false
	}
	k := user.LookupPath(cue.MakePath(cue.Str("kind")))
	if !k.Exists() {
		list.Add(diag.Errorf(root, codeNotScenario, "not a scenario: no kind field").
			WithHint(`add kind: "scenario"`))
		return false
	}
	s, err := k.String()
	if err != nil || s != "scenario" {
		d := diag.Errorf(nm.valuePos(k), codeNotScenario, "not a scenario: kind is %v, not \"scenario\"", k)
		if err == nil && suggest(s, []string{"scenario"}) != "" {
			d = d.WithHint(`did you mean "scenario"?`)
		} else {
			d = d.WithHint(`a scenario has kind: "scenario"`)
		}
		list.Add(d)
		return false
	}
	return true
}

// schemaChecker applies #Scenario to the user's value and turns CUE's errors into S001-S004
// diagnostics placed in the user's files. A data unit with large entity maps is evaluated in
// pieces (pieces.go); pieces[0] is the top level.
type schemaChecker struct {
	ctx    *cue.Context
	def    cue.Value // #Scenario
	user   cue.Value // the author's value alone (the top level's piece): positions come from here
	u      cue.Value // user & #Scenario
	pieces []*piece
	splits *splitTree // the entity maps evaluated in chunks, nil when none
	errors bool       // run found the scenario not clean (the decoder reads strictly then)
	nm     *namer
	list   *diag.List
	empty  cue.Value // {}
	// root is the schema tree, cached as it is walked (see schemaAt); missing is the node of
	// paths the schema does not have (its value does not exist, but is safe to use).
	root, missing *snode
	defs          map[string]*snode // nodes of definitions, by path (#Cond)
	// flagged holds the paths already reported as unknown fields (S001): errors below are noise.
	flagged map[string]bool
	// misspelt holds the paths of fields an unknown field was most likely meant to be: missing,
	// they are not reported again (S003).
	misspelt map[string]bool
	// seen dedupes diagnostics by path and code.
	seen map[string]bool
}

// newSchemaChecker applies def to the loaded unit: to ld.user, or piece by piece when the unit is
// a data file with large entity maps (ld.bigs).
func newSchemaChecker(ctx *cue.Context, def cue.Value, ld *loaded, nm *namer, list *diag.List) *schemaChecker {
	sc := &schemaChecker{
		ctx: ctx, def: def, nm: nm, list: list,
		empty:    ctx.CompileString("{}"),
		root:     &snode{v: def},
		defs:     map[string]*snode{},
		missing:  &snode{v: def.LookupPath(cue.MakePath(cue.Str("\x00none")))},
		flagged:  map[string]bool{},
		misspelt: map[string]bool{},
		seen:     map[string]bool{},
	}
	user := ld.user
	if len(ld.bigs) > 0 {
		user = sc.split(ld)
	}
	sc.user, sc.u = user, user.Unify(def)
	sc.pieces = append([]*piece{{user: sc.user, u: sc.u}}, sc.pieces...)
	return sc
}

// decodeRoot is the decoder's node of the top level.
func (sc *schemaChecker) decodeRoot() node { return rootNode(sc.user, sc.u, sc.splits) }

// clean reports whether CUE finds every piece clean as a whole.
func (sc *schemaChecker) clean() bool {
	for _, p := range sc.pieces {
		if p.u.Validate(cue.Concrete(true)) != nil {
			return false
		}
	}
	return true
}

// run reports every schema error it can find and returns the unified value of the top level.
func (sc *schemaChecker) run() cue.Value {
	// A clean scenario (the common case in a corpus) is clean for CUE as a whole: nothing can
	// hide an error then, so the key walk and the per-entity search are skipped. TestFastPath
	// checks that single unknown fields at every level are still found.
	if fastPath && sc.clean() {
		return sc.u
	}
	sc.errors = true
	// Unknown fields first: CUE's Validate drops some "field not allowed" errors (CUE issues 1319,
	// 692), so every key is checked against the schema with Allows.
	for _, p := range sc.pieces {
		sc.walk(p.user, sc.nodeAt(p.prefix), p.prefix)
	}

	// Then CUE's own errors, for the whole value and for each entity on its own (a conflict in one
	// place hides incomplete and required errors elsewhere).
	type group struct {
		p    *piece
		sels []cue.Selector
		errs []errors.Error
	}
	var order []string
	groups := map[string]*group{}
	for _, p := range sc.pieces {
		add := func(err error) {
			for _, e := range errors.Errors(err) {
				sels, ok := sc.selectors(p, e.Path())
				if !ok {
					sc.helperError(e)
					continue
				}
				key := cue.MakePath(sels...).String()
				g := groups[key]
				if g == nil {
					g = &group{p: p, sels: sels}
					groups[key] = g
					order = append(order, key)
				}
				g.errs = append(g.errs, e)
			}
		}
		sc.validate(p.u, add, 0)
	}
	// A reference to a name that does not exist (samples.goblinArmyy) first: its follow-ons (the
	// fields the referenced value would have given, S003) are not reported.
	for _, key := range order {
		if g := groups[key]; hasMsgPrefix(messages(g.errs), "undefined field: ") {
			sc.classify(g.p, g.sels, g.errs)
			sc.flagged[key] = true
		}
	}
	for _, key := range order {
		g := groups[key]
		sc.classify(g.p, g.sels, g.errs)
	}
	return sc.u
}

// fastPath enables the shortcut for clean scenarios in run (tests switch it off to compare).
var fastPath = true

// maxValidateDepth bounds how deep validate descends into erroneous values.
const maxValidateDepth = 24

// validate validates v and, when it has errors, each of its fields and elements on its own: a
// conflict in one place hides incomplete and required errors elsewhere (CUE issues 1319, 692), so
// the search narrows along the erroneous paths only. Fields are those of the unified value, so a
// required field the author left out is validated too.
func (sc *schemaChecker) validate(v cue.Value, add func(error), depth int) {
	err := v.Validate(cue.Concrete(true))
	if err == nil {
		return
	}
	add(err)
	if depth >= maxValidateDepth {
		return
	}
	if it, ok := structIter(v); ok {
		for it.Next() {
			sc.validate(it.Value(), add, depth+1)
		}
		return
	}
	for _, e := range listElems(v) {
		sc.validate(e, add, depth+1)
	}
}

// selectors converts an error path of piece p (strings, relative to the piece) to the selectors
// of the full path by walking the user's value: an element of a list is an index, anything else
// a string label. Paths through definitions or hidden fields (the author's helpers) are not schema
// paths: ok is false.
func (sc *schemaChecker) selectors(p *piece, path []string) ([]cue.Selector, bool) {
	cur := p.user
	sels := make([]cue.Selector, 0, len(p.prefix)+len(path))
	sels = append(sels, p.prefix...)
	for _, s := range path {
		var sel cue.Selector
		if n, err := strconv.Atoi(s); err == nil && n >= 0 && isList(cur) {
			sel = cue.Index(n)
		} else {
			if strings.HasPrefix(s, "#") || strings.HasPrefix(s, "_") {
				return nil, false
			}
			if strings.HasPrefix(s, `"`) {
				if u, err := strconv.Unquote(s); err == nil {
					s = u
				}
			}
			sel = cue.Str(s)
		}
		sels = append(sels, sel)
		if cur.Exists() {
			cur = cur.LookupPath(cue.MakePath(sel))
		}
	}
	return sels, true
}

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

// userAt looks a full path up in the user's value of piece p and returns the deepest value that
// exists and how many selectors it took (n == len(sels) when the whole path exists). sels starts
// with the piece's prefix.
func (sc *schemaChecker) userAt(p *piece, sels []cue.Selector) (cue.Value, int) {
	cur := p.user
	if len(sels) < len(p.prefix) {
		return cur, len(sels) // not below the piece: only its own paths are asked for
	}
	for i := len(p.prefix); i < len(sels); i++ {
		next := cur.LookupPath(cue.MakePath(sels[i]))
		if !next.Exists() {
			return cur, i
		}
		cur = next
	}
	return cur, len(sels)
}

func (sc *schemaChecker) isFlagged(sels []cue.Selector) bool {
	for i := 1; i <= len(sels); i++ {
		if sc.flagged[cue.MakePath(sels[:i]...).String()] {
			return true
		}
	}
	return false
}

func (sc *schemaChecker) add(key string, d diag.Diagnostic) {
	key = d.Code + " " + key
	if sc.seen[key] {
		return
	}
	sc.seen[key] = true
	sc.list.Add(d)
}

var (
	reOutOfBound = regexp.MustCompile(`^invalid value (.*) \(out of bound (.*)\)$`)
	reRegexp     = regexp.MustCompile(`^=~"(.*)"$`)
)

// classify turns the CUE errors at one path into one diagnostic.
func (sc *schemaChecker) classify(p *piece, sels []cue.Selector, errs []errors.Error) {
	if sc.isFlagged(sels) {
		return
	}
	uv, n := sc.userAt(p, sels)
	pathStr := cue.MakePath(sels...).String()
	prefix := ""
	if pathStr != "" {
		prefix = pathStr + ": "
	}

	if n < len(sels) {
		// Part of the path is not in the user's files: a required field is missing.
		absent := sels[n]
		if absent.Type() == cue.IndexLabel {
			return // a list that is too short; its length error says so
		}
		if k := uv.IncompleteKind(); k != cue.StructKind && k != cue.BottomKind {
			return // not a struct where one is wanted (stands: 7): its wrong type (S002) says so
		}
		if sc.misspelt[cue.MakePath(sels[:n+1]...).String()] {
			return // the author wrote it, misspelt (S001 says so)
		}
		parentPath := cue.MakePath(sels[:n]...).String()
		where := ""
		if parentPath != "" {
			where = parentPath + ": "
		}
		pos := sc.nm.labelPos(uv)
		s := sc.schemaAt(sels[:n+1])
		d := diag.Errorf(pos, codeMissing, "%smissing required field %q", where, absent.Unquoted())
		if s.Exists() {
			d = d.WithHint("add %s: %s", absent.Unquoted(), describe(s))
		}
		sc.add(cue.MakePath(sels[:n+1]...).String(), d)
		return
	}

	pos := sc.nm.valuePos(uv)
	if inLibrary(pos.File) {
		// The value comes from sortie's library (samples.humanArmy & {cr: 99}): the author's
		// side of the conflict is where to look.
		pos = sc.nm.authorPos(errs, pos)
	}
	msgs := messages(errs)

	// An element past the end of a fixed-length list: "field not allowed" at the index.
	if len(sels) > 0 && sels[len(sels)-1].Type() == cue.IndexLabel && hasMsg(msgs, "field not allowed") {
		parent := sels[:len(sels)-1]
		lv, _ := sc.userAt(p, parent)
		sc.listLength(parent, lv)
		return
	}
	if len(sels) > 0 && hasMsg(msgs, "field not allowed") {
		parent := sels[:len(sels)-1]
		sc.unknownField(fieldNames(sc.schemaAt(parent)), uv, parent, sels[len(sels)-1])
		return
	}

	if uv.Err() != nil && !isStruct(uv) && !isList(uv) {
		// The author's own value is an error (a conflict between two of the author's values).
		sc.add(pathStr, diag.Errorf(pos, codeBadValue, "%s%s", prefix, msgs[0]))
		return
	}
	s := sc.schemaAt(sels)
	if vals, ok := enumValues(s); ok {
		sc.notInEnum(sels, uv, vals, pos, prefix)
		return
	}
	if uv.IsConcrete() && s.Exists() && uv.Kind()&s.IncompleteKind() == 0 && uv.Kind() != cue.BottomKind {
		d := diag.Errorf(pos, codeBadValue, "%swrong type: want %s, got %s", prefix, describe(s), describeValue(uv))
		if text, ok := sc.nm.plainYAML(pos); ok && s.IncompleteKind()&cue.StringKind != 0 {
			d = d.WithHint("in YAML an unquoted %s is not a string: quote it, %q", text, text)
		}
		sc.add(pathStr, d)
		return
	}
	if hasMsgPrefix(msgs, "incompatible list lengths") {
		sc.listLength(sels, uv)
		return
	}
	for _, m := range msgs {
		if name, ok := strings.CutPrefix(m, "undefined field: "); ok {
			d := diag.Errorf(pos, codeBadValue, "%sundefined name %s", prefix, name)
			if h := didYouMean(name, libraryNames()); h != "" {
				d = d.WithHint("%s", h)
			}
			sc.add(pathStr, d)
			return
		}
	}
	if !uv.IsConcrete() && uv.Kind() != cue.StructKind && uv.Kind() != cue.ListKind {
		d := diag.Errorf(pos, codeBadValue, "%sno value given, only %s", prefix, plainIncomplete(uv)).
			WithHint("give a concrete value (%s)", describe(s))
		sc.add(pathStr, d)
		return
	}
	// Pick the most telling message: a bound beats a conflict with a default.
	msg := msgs[0]
	for _, m := range msgs {
		if reOutOfBound.MatchString(m) {
			msg = m
			break
		}
	}
	d := diag.Errorf(pos, codeBadValue, "%s%s", prefix, msg)
	if m := reOutOfBound.FindStringSubmatch(msg); m != nil {
		if re := reRegexp.FindStringSubmatch(m[2]); re != nil {
			d = diag.Errorf(pos, codeBadValue, "%s%s does not match %s", prefix, m[1], m[2])
			switch re[1] {
			case `^[A-Za-z0-9_][A-Za-z0-9_-]*$`:
				d = diag.Errorf(pos, codeBadValue, "%s%s is not a valid id", prefix, m[1]).WithHint(idRule)
			case `^[A-Za-z_][A-Za-z0-9_.-]*$`:
				d = diag.Errorf(pos, codeBadValue, "%s%s is not a valid flag name", prefix, m[1]).
					WithHint("flag names use letters, digits, '_', '.' and '-', and start with a letter or '_'")
			}
		} else {
			d = diag.Errorf(pos, codeBadValue, "%s%s is out of range (want %s)", prefix, m[1], plainBound(m[2]))
			if r := plainRange(s); r != "" {
				d = d.WithHint("allowed: %s", r)
			}
		}
	}
	sc.add(pathStr, d)
}

// listLength reports a list with the wrong number of elements (S002).
func (sc *schemaChecker) listLength(sels []cue.Selector, lv cue.Value) {
	s := sc.schemaAt(sels)
	got := len(listElems(lv))
	fixed := 0
	if it, err := s.List(); err == nil {
		for it.Next() {
			fixed++
		}
	}
	open := s.LookupPath(cue.MakePath(cue.AnyIndex)).Exists()
	want := fmt.Sprintf("exactly %d", fixed)
	if open {
		want = fmt.Sprintf("at least %d", fixed)
	}
	noun := "elements"
	if fixed == 1 {
		noun = "element"
	}
	prefix := ""
	if p := cue.MakePath(sels...).String(); p != "" {
		prefix = p + ": "
	}
	d := diag.Errorf(sc.nm.valuePos(lv), codeBadValue, "%swant %s %s, got %d", prefix, want, noun, got)
	if len(sels) == 1 && sels[0].String() == "episodes" {
		// K-36: the episode table is a table of its own (T003), with the rule in the message.
		d = diag.Errorf(sc.nm.valuePos(lv), codeEpisodeTable, "episodes: the episode table has %d faces, want exactly 6 (K-36: one per face of a d6)", got).
			WithHint("give six episodes, face 1 first")
	}
	if len(sels) == 3 && sels[0].String() == "traversals" && sels[2].String() == "faces" {
		// K-45: so is a traversal event table.
		d = diag.Errorf(sc.nm.valuePos(lv), codeEpisodeTable, "%s: the traversal event table has %d faces, want exactly 6 (K-45: one per face of a d6)", cue.MakePath(sels...), got).
			WithHint("give six faces, face 1 first")
	}
	sc.add(cue.MakePath(sels...).String(), d)
}

// notInEnum reports S004 with the allowed values and a did-you-mean.
func (sc *schemaChecker) notInEnum(sels []cue.Selector, uv cue.Value, vals []cue.Value, pos diag.Pos, prefix string) {
	alts := make([]string, len(vals))
	var strs []string
	for i, v := range vals {
		alts[i] = fmt.Sprint(v)
		if s, err := v.String(); err == nil {
			strs = append(strs, s)
		}
	}
	got := describeValue(uv)
	if uv.IsConcrete() {
		got = fmt.Sprint(uv)
	}
	var d diag.Diagnostic
	if len(alts) == 1 {
		d = diag.Errorf(pos, codeNotInEnum, "%smust be %s, not %s", prefix, alts[0], got)
	} else {
		d = diag.Errorf(pos, codeNotInEnum, "%s%s is not one of %s", prefix, got, strings.Join(alts, ", "))
	}
	s, err := uv.String()
	if err == nil {
		if h := didYouMean(s, strs); h != "" {
			d = d.WithHint("%s", h)
		}
	}
	sc.add(cue.MakePath(sels...).String(), d)
}

// enumValues returns the values of an enum-like schema value: a disjunction of concrete scalars
// (defaults included once), or a single concrete scalar.
func enumValues(s cue.Value) ([]cue.Value, bool) {
	if !s.Exists() {
		return nil, false
	}
	const scalar = cue.BoolKind | cue.IntKind | cue.FloatKind | cue.StringKind | cue.NullKind
	if s.IsConcrete() && s.Kind()&scalar != 0 {
		return []cue.Value{s}, true
	}
	op, args := s.Expr()
	if op != cue.OrOp {
		op, args = s.Eval().Expr() // a reference such as #Dir
	}
	if op != cue.OrOp || len(args) == 0 {
		return nil, false
	}
	var out []cue.Value
	seen := map[string]bool{}
	for _, a := range args {
		if !a.IsConcrete() || a.Kind()&scalar == 0 {
			return nil, false
		}
		k := fmt.Sprint(a)
		if !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	return out, true
}

// messages returns the errors' messages without path, disjunction headers dropped.
func messages(errs []errors.Error) []string {
	var out []string
	for _, e := range errs {
		format, args := e.Msg()
		m := fmt.Sprintf(format, args...)
		if strings.Contains(m, "errors in empty disjunction") {
			continue
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		out = append(out, "invalid value")
	}
	return out
}

func hasMsg(msgs []string, m string) bool {
	for _, x := range msgs {
		if x == m {
			return true
		}
	}
	return false
}

func hasMsgPrefix(msgs []string, p string) bool {
	for _, x := range msgs {
		if strings.HasPrefix(x, p) {
			return true
		}
	}
	return false
}

// describe names what a schema value wants, for hints: "a string", "an int", "a list".
func describe(s cue.Value) string {
	if vals, ok := enumValues(s); ok {
		alts := make([]string, len(vals))
		for i, v := range vals {
			alts[i] = fmt.Sprint(v)
		}
		return strings.Join(alts, " | ")
	}
	if s.IncompleteKind() == cue.ListKind {
		n := 0
		var elem cue.Value
		if it, err := s.List(); err == nil {
			for it.Next() {
				if n == 0 {
					elem = it.Value()
				}
				n++
			}
		}
		if n == 0 {
			elem = s.LookupPath(cue.MakePath(cue.AnyIndex))
		}
		if !elem.Exists() {
			return "a list"
		}
		what := strings.TrimPrefix(strings.TrimPrefix(kindName(elem.IncompleteKind()), "a "), "an ") + "s"
		if n > 0 && !s.LookupPath(cue.MakePath(cue.AnyIndex)).Exists() {
			return fmt.Sprintf("a list of %d %s", n, what)
		}
		return "a list of " + what
	}
	if s.IncompleteKind() == cue.StructKind {
		var req []string
		if it, err := s.Fields(); err == nil {
			for it.Next() {
				if d, ok := it.Value().Default(); !ok || !d.IsConcrete() {
					req = append(req, it.Selector().Unquoted())
				}
			}
		}
		if len(req) > 0 {
			return "a struct with " + strings.Join(req, ", ")
		}
	}
	return kindName(s.IncompleteKind())
}

// describeValue names a user's value: `string "lots"`, `a struct`.
func describeValue(v cue.Value) string {
	k := v.Kind()
	switch k {
	case cue.StructKind, cue.ListKind:
		return kindName(k)
	case cue.BottomKind:
		return kindName(v.IncompleteKind())
	}
	return fmt.Sprintf("%s %v", k, v)
}

func kindName(k cue.Kind) string {
	switch k {
	case cue.StructKind:
		return "a struct"
	case cue.ListKind:
		return "a list"
	case cue.StringKind:
		return "a string"
	case cue.IntKind:
		return "an int"
	case cue.FloatKind, cue.NumberKind:
		return "a number"
	case cue.BoolKind:
		return "a bool"
	case cue.NullKind:
		return "null"
	case cue.BottomKind:
		return "an error"
	}
	return k.String()
}

// plainBound writes a CUE bound in words: ">=1" is "at least 1", "<100" is "less than 100".
func plainBound(b string) string {
	for _, op := range []struct{ sym, words string }{{">=", "at least "}, {"<=", "at most "}, {">", "more than "}, {"<", "less than "}, {"!=", "not "}} {
		if rest, ok := strings.CutPrefix(b, op.sym); ok {
			return op.words + rest
		}
	}
	return b
}

// plainRange describes the numbers a schema value allows in words ("an integer from 1 to
// 100"), or "" when it is not a bounded number. A default (*0 | int & >=0) is left out.
func plainRange(s cue.Value) string {
	if !s.Exists() || s.IncompleteKind()&(cue.IntKind|cue.FloatKind) == 0 || s.IncompleteKind()&^(cue.IntKind|cue.FloatKind|cue.NumberKind) != 0 {
		return ""
	}
	var lo, hi string
	var walk func(v cue.Value, depth int)
	walk = func(v cue.Value, depth int) {
		if depth > 8 {
			return
		}
		op, args := v.Expr()
		switch op {
		case cue.AndOp, cue.OrOp:
			for _, a := range args {
				walk(a, depth+1)
			}
		case cue.GreaterThanEqualOp, cue.GreaterThanOp:
			if len(args) == 1 {
				lo = fmt.Sprint(args[0])
				if op == cue.GreaterThanOp {
					lo = "more than " + lo
				}
			}
		case cue.LessThanEqualOp, cue.LessThanOp:
			if len(args) == 1 {
				hi = fmt.Sprint(args[0])
				if op == cue.LessThanOp {
					hi = "less than " + hi
				}
			}
		}
	}
	walk(s, 0)
	what := "a number"
	if s.IncompleteKind() == cue.IntKind {
		what = "an integer"
	}
	switch {
	case lo != "" && hi != "":
		return fmt.Sprintf("%s from %s to %s", what, lo, hi)
	case lo != "":
		return fmt.Sprintf("%s of at least %s", what, lo)
	case hi != "":
		return fmt.Sprintf("%s of at most %s", what, hi)
	}
	return ""
}

// plainIncomplete names what a value without a concrete value is: "_ (anything)", "a string".
func plainIncomplete(v cue.Value) string {
	if v.IncompleteKind() == cue.TopKind {
		return "_ (anything)"
	}
	return kindName(v.IncompleteKind())
}

// helperError reports an error inside the author's helpers (a definition or a hidden field, not
// a field of the scenario) at its place in the author's files, in plain words: such an error
// makes the fields that use the helper errors too, which CUE then leaves unexplained.
func (sc *schemaChecker) helperError(e errors.Error) {
	var pos diag.Pos
	for _, p := range errors.Positions(e) {
		if pos = sc.nm.pos(p); pos.IsValid() {
			break
		}
	}
	if !pos.IsValid() {
		// CUE gives some (a structural cycle) no position: the helper's field has one.
		for path := e.Path(); len(path) > 0 && !pos.IsValid(); path = path[:len(path)-1] {
			if v := sc.user.LookupPath(cue.ParsePath(strings.Join(path, "."))); v.Exists() {
				pos = sc.nm.labelPos(v)
			}
		}
	}
	if !pos.IsValid() {
		return
	}
	format, args := e.Msg()
	msg := fmt.Sprintf(format, args...)
	if strings.Contains(msg, "structural cycle") {
		msg = "refers to itself without end (a structural cycle): it has no value"
	}
	path := strings.Join(e.Path(), ".")
	sc.add("helper "+pos.String()+" "+msg, diag.Errorf(pos, codeBadValue, "%s: %s", path, msg).
		WithHint("a definition or hidden field the scenario uses is wrong; every field that uses it is wrong with it"))
}
