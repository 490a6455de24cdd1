package compiler

import (
	"fmt"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
)

// FieldInfo describes one field the schema allows at some path, for completion and hover.
type FieldInfo struct {
	Name     string
	Optional bool
	Type     string // what it wants, as hints say it: "a string", "friendly | enemy", "a list of strings"
	Doc      string // the schema's comment on it, if any
}

// SchemaNode is what the embedded schema says at one path of a file.
type SchemaNode struct {
	Type   string      // what the value there must be (see FieldInfo.Type); "" when the schema has nothing there
	Fields []FieldInfo // when it is a struct: its fields, in schema order
	Values []string    // when it is an enum: its values, as written in CUE ("friendly" quoted)
}

// schemaCache holds one schema checker per definition, for SchemaAt: cue values are not safe for
// concurrent use, so every use holds mu.
var schemaCache struct {
	mu  sync.Mutex
	ctx *cue.Context
	sc  map[string]*schemaChecker
}

// SchemaAt returns what the embedded schema (definition schema: #Scenario, #PFScenario,
// #PFBattle, #Campaign) says at path, whose segments are labels and list indices "[i]": pattern
// constraints ([#ID]: #Block) and list elements are followed as vet follows them. An unknown
// definition or path gives the zero SchemaNode.
func SchemaAt(schema string, path []string) SchemaNode {
	schemaCache.mu.Lock()
	defer schemaCache.mu.Unlock()
	sc, n := schemaNodeAt(schema, path)
	if n == nil {
		return SchemaNode{}
	}
	out := SchemaNode{Type: describe(n.v)}
	if vals, ok := enumValues(n.v); ok {
		for _, v := range vals {
			out.Values = append(out.Values, fmt.Sprint(v))
		}
	}
	if n.v.IncompleteKind()&cue.StructKind != 0 {
		sc.eval(n)
		if it, err := n.v.Fields(cue.Optional(true)); err == nil {
			for it.Next() {
				sel := it.Selector()
				name := sel.Unquoted()
				if strings.HasPrefix(name, "#") || strings.HasPrefix(name, "_") {
					continue
				}
				out.Fields = append(out.Fields, FieldInfo{Name: name, Optional: sel.ConstraintType() == cue.OptionalConstraint,
					Type: describe(it.Value()), Doc: docOf(it.Value())})
			}
		}
	}
	return out
}

// docOf joins the comments CUE attaches to a schema field.
func docOf(v cue.Value) string {
	var parts []string
	for _, g := range v.Doc() {
		if t := strings.TrimSpace(g.Text()); t != "" {
			parts = append(parts, t)
		}
	}
	return strings.Join(parts, "\n")
}

// schemaNodeAt returns the cached checker of the definition schema and its node at path (as
// SchemaAt follows it); n is nil for an unknown definition or path. The caller holds
// schemaCache.mu.
func schemaNodeAt(schema string, path []string) (sc *schemaChecker, n *snode) {
	if schemaCache.ctx == nil {
		schemaCache.ctx = cuecontext.New()
		schemaCache.sc = map[string]*schemaChecker{}
	}
	sc, ok := schemaCache.sc[schema]
	if !ok {
		var def cue.Value
		var err error
		if schema == "#Campaign" {
			def, err = compileCampaignSchema(schemaCache.ctx)
		} else if _, known := refTables[schema]; known {
			def, err = compileDef(schemaCache.ctx, schema)
		} else {
			err = fmt.Errorf("unknown schema %s", schema)
		}
		if err != nil {
			schemaCache.sc[schema] = nil
			return nil, nil
		}
		empty := schemaCache.ctx.CompileString("{}")
		sc = newSchemaChecker(schemaCache.ctx, def, &loaded{user: empty}, newNamer("/"), nil)
		schemaCache.sc[schema] = sc
	}
	if sc == nil {
		return nil, nil
	}
	n = sc.root
	for _, seg := range path {
		sel := cue.Str(seg)
		if i, ok := isIdx(seg); ok {
			sel = cue.Index(i)
		}
		n = sc.child(n, sel)
	}
	if n == sc.missing || !n.v.Exists() {
		return sc, nil
	}
	return sc, n
}
