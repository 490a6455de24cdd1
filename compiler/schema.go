package compiler

import (
	"fmt"
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
//
// L002 "not a scenario" belongs to the core, not to a rule system (issue 20 asked where): it is
// the answer for a file that no rule system can claim, because what would name one is missing or
// wrong (empty, not a struct, no kind, a kind that is not a file kind). The core dispatches a unit
// on kind: (campaign, battle: another system's Battle) and rules: before any rule system sees it,
// so a file without a readable kind has no system of its own; the fallback system's scenario pass
// (RuleSystem.Fallback, Unit.IsScenario) asks the core here, and every rule system's scenarios
// would get the same words. What is rule-system specific (Karzoral's episode table, T003) is
// worded by the system (RuleSystem.ListLength).
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
