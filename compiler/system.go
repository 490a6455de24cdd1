package compiler

import (
	"fmt"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/token"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The face the core shows its rule-system packages (compiler/clash; issue 20): a rule system
// registers itself (Register, from its init), is handed each unit of its files (Unit), reads it
// as a tree of the author's values with the schema's defaults (Node, Decoder), reports through
// the unit's suppressions and adds its symbols and compiled form. The core's own code uses the
// lower-case names; this file gives a rule system what it needs and no more.

// RuleSystem is a rule system's entry in the registry (rules.go).
type RuleSystem struct {
	// Order places the system in lists of passes (PassNames, the JUnit test cases): the order
	// the systems were built in, so that a new one adds its passes after the others'.
	Order int
	// Scenario vets (and with Unit.Compiling, lowers) one of its scenarios; nil: no scenario
	// files. Battle does the same for its battle files (kind: "battle"); nil: none. A system
	// with battle files only vets every file that names it as a battle file, so that its schema
	// reports a kind other than "battle".
	Scenario, Battle func(*Unit) (*plan.Plan, error)
	// Fallback marks the system that vets a file whose rule system cannot be read (not a
	// struct, rules missing or not a string, or a name the schema does not list): its Scenario
	// schema reports why (L002, S003, S004 with the names it allows). Exactly one system has it
	// (fallbackSystem).
	Fallback bool
	// Passes lists the system's own passes, in the order they run, each with every code it may
	// report: CheckOf and PassNames (CI reports group findings by pass) read them here.
	Passes func() []PassInfo
	// Schemas are the definitions of its own files (#PFScenario, #PFBattle; #ClashBattle) when
	// the core does not index them already, each with the table of its ids for the symbol index
	// (symbols_refs.go).
	Schemas []SchemaRefs
	// Vocabulary lists the names a vocabulary kind of the system accepts, sorted (Vocabulary);
	// ok false: not one of its kinds.
	Vocabulary func(SymbolKind) (names []string, ok bool)
	// Campaign, when set, are the rules of campaign files (CampaignRules): one system has them.
	Campaign *CampaignRules
	// SameName, when set, reports whether name as written names the symbol of kind k with the
	// given id (SameName); ok false: not one of its kinds.
	SameName func(k SymbolKind, name, id string) (same, ok bool)
	// ListLength, when set, words a list of the system's files that has the wrong number of
	// elements (the schema pass's S002) as a finding of its own when the list is one of its
	// tables: path is the list's, as segments and as CUE prints it ("traversals.ford.faces"),
	// got its length. ok false: S002 as the schema says it. Its codes are in SchemaCodes.
	ListLength func(path []string, printed string, got int) (f TableFinding, ok bool)
	// SchemaCodes are the codes ListLength reports: CheckOf groups them under "schema" (they
	// are not in Passes).
	SchemaCodes []string
	// Offers declares what sortie's commands offer for each kind of file the system vets
	// (offer.go): one for each of Scenario, Campaign and Battle it has, in any order.
	Offers []Offer
}

// TableFinding is a rule system's wording of a list-length finding (RuleSystem.ListLength).
type TableFinding struct{ Code, Message, Hint string }

// SchemaRefs names one definition of the schema a rule system's files follow (#PFBattle) and the
// table of the ids its files declare and refer to.
type SchemaRefs struct {
	Name string
	Refs RefTable
}

// Register adds the rule system name (the value of a file's rules:) to the registry. Call it from
// the system's package init; a second system of one name, a second fallback, a schema indexed
// twice, or offers that do not match the kinds it vets (checkOffers), panics (a programming
// error, caught by any test that links the system).
func Register(name string, rs RuleSystem) {
	if _, dup := ruleSystems[name]; dup {
		panic(fmt.Sprintf("compiler: rule system %q registered twice", name))
	}
	if err := checkOffers(name, rs); err != nil {
		panic("compiler: " + err.Error())
	}
	for other, sys := range ruleSystems {
		if rs.Fallback && sys.Fallback {
			panic(fmt.Sprintf("compiler: rule systems %q and %q are both the fallback", other, name))
		}
		if rs.Campaign != nil && sys.Campaign != nil {
			panic(fmt.Sprintf("compiler: rule systems %q and %q both have campaign files", other, name))
		}
	}
	for _, sr := range rs.Schemas {
		if _, dup := refTables[sr.Name]; dup {
			panic(fmt.Sprintf("compiler: schema %s indexed twice", sr.Name))
		}
		refTables[sr.Name] = sr.Refs
	}
	ruleSystems[name] = rs
}

// DeclOf is the kind of id the path declares: the first pattern of table it matches, or "".
func DeclOf(table []DeclPath, p []string) SymbolKind { return declOf(table, p) }

// MatchPath reports whether path p is exactly the pattern ("*" matches any one segment).
func MatchPath(p []string, pat ...string) bool { return match(p, pat...) }

// PathHasPrefix reports whether p starts with the pattern, and returns the rest.
func PathHasPrefix(p []string, pat ...string) ([]string, bool) { return hasPrefix(p, pat...) }

// IsIndex reports whether a path segment is a list index ("[3]").
func IsIndex(s string) bool { return isIndex(s) }

// ValidID reports whether s is an id as the schema's #ID allows it.
func ValidID(s string) bool { return validID(s) }

// MaxCondDepth bounds how deeply conditions nest (deeper is not read).
const MaxCondDepth = 64

// CompileDef compiles the schema's definition name (#ClashCreature) in ctx.
func CompileDef(ctx *cue.Context, name string) (cue.Value, error) { return compileDef(ctx, name) }

// ValidateChecks verifies a rule system's list of checks: unique identifier names, a doc whose
// first line is a lowercase title, and codes in the catalogue.
func ValidateChecks(cs []CheckDoc) error { return validateChecks(cs) }

// PathOf renders a path for messages the way CUE prints one: strings are labels (quoted when
// needed), ints are list indices: PathOf("armies", "m", "route", 2) is armies.m.route[2].
func PathOf(parts ...any) string { return pathOf(parts...) }

// OrDash is s's value, or "-" when it has none (for hover text).
func (s Str) OrDash() string { return orDash(s) }

// Unit is one loaded unit (the files of one scenario or battle) as its rule system vets it.
type Unit = unitCtx

// Namer returns how the unit names positions (for a Decoder).
func (uc *unitCtx) Namer() *Namer { return uc.nm }

// List is where the unit's findings go.
func (uc *unitCtx) List() *diag.List { return uc.list }

// IsScenario reports whether the unit is a scenario file (a struct of kind "scenario"); when it is
// not it has reported why (L002, or L015 for a CUE library: units_library.go). A JSON file read
// as a data tree has been asked already.
func (uc *unitCtx) IsScenario() bool {
	if uc.fast != nil && !uc.fast.export {
		return true
	}
	if d, ok := libraryPackageNote(uc.ld.user, uc.ld.cue, len(uc.ld.data), uc.nm, uc.fallback); ok {
		uc.list.Add(d)
		return false
	}
	return checkKind(uc.ld.user, uc.nm, uc.list, uc.fallback)
}

// Declarations lists the entity declarations of the unit's files, duplicates included (CUE merges
// them, so a decoded value cannot show them): the fields, at most three labels deep, whose path
// of labels isEntity reports, in source order.
func (uc *unitCtx) Declarations(isEntity func(path []string) bool) []Declared {
	return uc.declarations(isEntity)
}

// Compiling reports whether the unit is to be lowered as well as vetted.
func (uc *unitCtx) Compiling() bool { return uc.compile }

// SchemaRoot applies the schema definition name (#ClashBattle) to the unit: it returns the root
// node, the position of the top of the file and whether the schema found errors (then decode
// strictly: NewDecoder).
func (uc *unitCtx) SchemaRoot(name string) (n Node, root diag.Pos, strict bool, err error) {
	return uc.schemaRoot(name)
}

// Suppressions reads the unit's @sortie(ignore=...) attributes, reporting malformed ones.
func (uc *unitCtx) Suppressions() Suppressions {
	return Suppressions{sup: collectSuppressions(uc.syntax(), uc.nm, uc.list)}
}

// SuppressHint tells how to silence code where it is written in file: a comment in a YAML file, an
// attribute in a CUE file.
func SuppressHint(file, code string) string { return suppressHint(file, code) }

// Suppressions are the suppression attributes of one unit (Unit.Suppressions).
type Suppressions struct{ sup []*suppression }

// AddFindings adds the rule system's findings to the unit's list, less those its suppressions
// silence (and L009 for a suppression that silenced nothing).
func (uc *unitCtx) AddFindings(found diag.List, sup Suppressions) {
	uc.list.Add(applySuppressions(found, sup.sup, *uc.list)...)
}

// WantSymbols reports whether the unit's symbol index is asked for (AddSymbols).
func (uc *unitCtx) WantSymbols() bool { return uc.out.wantSymbols }

// AddSymbols hands over the unit's symbol index.
func (uc *unitCtx) AddSymbols(s *Symbols) { uc.out.symbols = append(uc.out.symbols, s) }

// AddClash hands over a compiled When Armies Clash battle, its source hash and files set here.
func (uc *unitCtx) AddClash(c *plan.Clash) {
	c.SourceHash, c.Sources = hashSources(uc.ld.sources)
	uc.out.clashes = append(uc.out.clashes, c)
}

// AddBattle hands over a compiled Pathfinder battle file, its source hash and files set here.
func (uc *unitCtx) AddBattle(b *plan.Battle) {
	b.SourceHash, b.Sources = hashSources(uc.ld.sources)
	uc.out.battles = append(uc.out.battles, b)
}

// SourceHash is the hash of the unit's files and their names, for a compiled plan's SourceHash
// and Sources.
func (uc *unitCtx) SourceHash() (hash string, sources []string) { return hashSources(uc.ld.sources) }

// User is the author's value of the unit as CUE evaluated it (no schema applied), for a symbol
// index; the CUE path only (Analyze never takes the fast path).
func (uc *unitCtx) User() cue.Value { return uc.ld.user }

// CUEField is one regular field of a CUE struct: its label and value (StructFields).
type CUEField struct {
	ID string
	V  cue.Value
}

// StructFields lists the regular fields of v in order; nil when v is not a struct.
func StructFields(v cue.Value) []CUEField {
	var out []CUEField
	for _, k := range fieldsOf(v) {
		out = append(out, CUEField{ID: k.id, V: k.v})
	}
	return out
}

// ListElems returns the elements of v (its default when it has one), or nil when v is not a list.
func ListElems(v cue.Value) []cue.Value { return listElems(v) }

// NewSymBuilder starts the symbol index of the unit, read with schema's table (RuleSystem.Refs):
// canon, when set, maps a name as written to the id of its symbol (ok false: not an id). Record
// the declarations and references (Scan), add facts, then Done.
func (uc *unitCtx) NewSymBuilder(schema string, canon func(k SymbolKind, name string) (id string, ok bool)) *SymBuilder {
	sb := newSymBuilder(schema, uc.nm, uc.ld.sources)
	sb.canon = canon
	sb.ld = &uc.ld
	return sb
}

// SymBuilder collects the symbols of one unit (Unit.NewSymBuilder).
type SymBuilder = symBuilder

// Scan records the declarations of the unit's files and the references of its value.
func (b *symBuilder) Scan() {
	b.declarations(append(b.ld.cue[:len(b.ld.cue):len(b.ld.cue)], b.ld.data...))
	b.references(b.ld.user, nil, 0)
}

// Symbol returns the symbol of kind k and id, added if new.
func (b *symBuilder) Symbol(k SymbolKind, id string) *Symbol { return b.symbol(k, id) }

// All lists the symbols found so far, in the order they were found.
func (b *symBuilder) All() []*Symbol { return b.x.syms }

// Done sorts the index and returns it.
func (b *symBuilder) Done() *Symbols { return b.done() }

// Namer names the positions of CUE values after the files they come from.
type Namer = namer

// ValuePos is where v's value is written.
func (n *namer) ValuePos(v cue.Value) diag.Pos { return n.valuePos(v) }

// LabelPos is where v's label is written.
func (n *namer) LabelPos(v cue.Value) diag.Pos { return n.labelPos(v) }

// Pos is the position p in the names of the files.
func (n *namer) Pos(p token.Pos) diag.Pos { return n.pos(p) }

// Node is a value of the author's with the schema's defaults (node.go).
type Node = node

// NewNode is the node of the author's value v whose unified value (v & the schema) is u.
func NewNode(v, u cue.Value) Node { return rootNode(v, u, nil) }

// Get returns the field name of a struct node (a node that does not exist when there is none).
func (n node) Get(name string) Node { return n.get(name) }

// Exists reports whether the author wrote the node or the schema gives it a default.
func (n node) Exists() bool { return n.exists() }

// IsStruct reports whether the node is a struct.
func (n node) IsStruct() bool { return n.isStruct() }

// Fields calls f for each regular field of a struct node, in order.
func (n node) Fields(f func(label string, c Node)) { n.fields(f) }

// Elems calls f for each element of a list node, in order.
func (n node) Elems(f func(i int, c Node)) { n.elems(f) }

// IsList reports whether the node is a list.
func (n node) IsList() bool { return n.isList() }

// HasOther reports whether a struct node has a regular field not among known.
func (n node) HasOther(known ...string) bool { return n.hasOther(known...) }

// Value returns the node's concrete scalar (String, Int64, Bool), ok false when it has none.
func (n node) Value() (Scalar, bool) { return n.value() }

// Scalar is a concrete value of a node (Node.Value).
type Scalar = scalar

// Decoder reads nodes into values with their positions (Str, Int).
type Decoder = decoder

// NewDecoder reads nodes of files named by nm. strict: the schema found errors, so a value whose
// unified value is an error is read as not OK (Unit.SchemaRoot).
func NewDecoder(nm *Namer, strict bool) *Decoder { return &decoder{nm: nm, strict: strict} }

// NewLibraryNamer names the positions of the bundled libraries (absolute names under "/").
func NewLibraryNamer() *Namer { return newNamer("/") }

// Pos is where the node's value is written.
func (dc *decoder) Pos(n Node) diag.Pos { return dc.pos(n) }

// Label is where the node's label is written.
func (dc *decoder) Label(n Node) diag.Pos { return dc.label(n) }

// Str reads a string node.
func (dc *decoder) Str(n Node) Str { return dc.str(n) }

// Int reads an integer node (a value outside int32 is not OK).
func (dc *decoder) Int(n Node) Int { return dc.int(n) }

// Findings are the decoder's own findings so far: S002 for each integer written beyond
// MinInt..MaxInt (which Int reads as not OK). The rule system adds them to its list once it has
// decoded the file.
func (dc *decoder) Findings() diag.List { return dc.findings }

// Keep filters a rule system's findings: a finding at a place where the decoder reported an
// integer beyond MinInt..MaxInt says only what follows from that value being unread (a level of
// 0 outside 1..40), and is dropped; the S002 there says what is wrong.
func (dc *decoder) Keep(list diag.List) diag.List {
	if len(dc.reported) == 0 {
		return list
	}
	out := list[:0]
	for _, d := range list {
		if d.Code == codeBadValue || !dc.reported[d.Pos] {
			out = append(out, d)
		}
	}
	return out
}

// Reported reports whether the decoder reported the value at pos (Keep).
func (dc *decoder) Reported(pos diag.Pos) bool { return dc.reported[pos] }

// Bool reads a boolean node: false when absent or not a boolean.
func (dc *decoder) Bool(n Node) bool { return dc.bool(n) }

// Lookup returns the node at path below n ("commander.boons[1]": labels and list indices), a
// node that does not exist when there is none.
func (n node) Lookup(path string) Node { return n.lookup(path) }
