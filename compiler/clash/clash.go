package clash

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// Clash battle files (rules: "clash", kind: "battle"; RULES.md Part U, schema/clash.cue): the
// schema #ClashBattle (S001-S004), then the clash checks (U001-U015, check*.go), then the
// lowering to plan.Clash (lower.go). Creature and spell names resolve against the battle's
// own creatures and spells first, then the bundled SRD library (library.go).

// vetClash checks (and with compile, lowers) a clash battle file: the rule system's entry for
// its battle files (Register).
func vetClash(uc *compiler.Unit) (*plan.Plan, error) {
	lib, err := srdLibrary()
	if err != nil {
		return nil, fmt.Errorf("compiler bug: %v", err)
	}
	n, root, strict, err := uc.SchemaRoot("#ClashBattle")
	if err != nil {
		return nil, err
	}
	d := &clashDecoder{dc: compiler.NewDecoder(uc.Namer(), strict)}
	b := d.battle(n, root)
	sup := uc.Suppressions()
	found := append(diag.List(nil), d.dc.Findings()...) // S002: integers beyond what sortie reads
	p, err := runClashChecks(b, lib, &found)
	if err != nil {
		return nil, err
	}
	if uc.WantSymbols() {
		syms := clashSymbols(uc, b, lib)
		if p != nil {
			p.vpFigures(syms) // symbols_vp.go
		}
		uc.AddSymbols(syms)
	}
	uc.AddFindings(d.dc.Keep(found), sup)
	if !uc.Compiling() || uc.List().HasErrors() {
		return nil, nil
	}
	c, err := lowerClash(p)
	if err != nil {
		return nil, fmt.Errorf("compiler bug: %v", err)
	}
	uc.AddClash(c)
	return nil, nil
}

// clashCheck is one check over a decoded clash battle, a value as the Karzoral checks are (Check):
// a name, a doc whose first line is a lowercase title, the codes it reports and a run function.
type clashCheck struct {
	Name  string
	Doc   string
	Codes []string
	Run   func(*clashPass)
}

// clashChecks run in this order: resolution first (later checks read what it resolved), then
// the grid (terrain, for placement and reachability), placement, integrity and objectives.
var clashChecks = []*clashCheck{
	clashResolveCheck,
	clashStatBlockCheck,
	clashGridCheck,
	clashPlacementCheck,
	clashIntegrityCheck,
	clashObjectivesCheck,
}

// init checks the checks as the core checks its own, and enters the rule system in the
// compiler's registry: battle files only, after Karzoral and Pathfinder.
func init() {
	var cs []compiler.CheckDoc
	for _, c := range clashChecks {
		cs = append(cs, compiler.CheckDoc{Name: c.Name, Doc: c.Doc, Codes: c.Codes})
	}
	if err := compiler.ValidateChecks(cs); err != nil {
		panic(err) // a programming error, caught by any test of the package
	}
	compiler.Register("clash", compiler.RuleSystem{Order: 3, Battle: vetClash, Passes: clashPasses,
		Schemas:    []compiler.SchemaRefs{{Name: "#ClashBattle", Refs: compiler.RefTable{Decl: clashDecl, Ref: clashRef, KeyRef: clashKeyRef}}},
		Vocabulary: vocabulary, SameName: sameName, Offers: offers})
}

// offers are what sortie's commands offer for When Armies Clash files (compiler.Offer): a battle
// on a square grid fought round by round (U-3), its commanders' tactical policy by default.
var offers = []compiler.Offer{
	{Kind: "battle", Play: "battle", Engine: "clash", Policies: []string{"default", "first", "random", "explore"}, Default: "default",
		Aliases: map[string]string{"tactical": "default"}, // README's name before issue 20's registry
		Unit:    "round", Graph: "the battlefield (terrain, elevation, stands, objectives)", Diff: true, Heat: "square", Tests: true,
		TestsIn: "scenarios/clash/picket/picket.cue", Example: "scenarios/clash/field/field.cue", Schema: "#ClashBattle", Code: "U001"},
}

// clashPasses are the When Armies Clash checks, one pass each.
func clashPasses() []compiler.PassInfo {
	var out []compiler.PassInfo
	for _, c := range clashChecks {
		out = append(out, compiler.PassInfo{Name: c.Name, Codes: c.Codes})
	}
	return out
}

// clashPass is what a clash check gets: the battle, what earlier checks resolved, and a way to
// report. Lowering reads the same pass.
type clashPass struct {
	b     *clashBattle
	lib   *clashLibrary
	check *clashCheck
	list  *diag.List
	err   error
	opt   clashRules

	// Filled by clashResolveCheck.
	own       map[string]*clashCreature // the battle's creatures by clashKey
	ownSpells map[string]*clashSpell
	sides     map[string]int // side id -> index into b.Sides (first two only)
	units     map[string]int
	solos     map[string]int
	resources map[string]int
	zones     map[string]int

	// Filled by clashStatBlockCheck: the spells each caster knows, in its order (nil entries for
	// names that do not resolve).
	known map[*clashCreature][]*clashSpell

	// Filled by clashGridCheck: nil when the battlefield's size is unreadable.
	grid *clashGrid
}

// clashRules are the options the checks read, from the engine's own reading of the file's
// options (clashrules.Options.SetOption and its Defaults, which runner/clash fights by), so that
// vet and the engine apply one rule.
type clashRules struct {
	eng              clashrules.Options
	chebyshev        bool // distance: chebyshev (U-2)
	skirmisherSpread int  // U-8 (2)
	singleIsolated   bool // singleStand: isolated (U-81)
	maxRounds        int  // U-75 (50)
	protectionVP     int  // U-68 (1)
	tenHP            bool // standHP: ten (U-6)
}

// clashRulesOf reads the battle's options as the engine does; a value the engine refuses is
// reported by the schema and left at its Default here.
func clashRulesOf(opts []clashOption) clashRules {
	var o clashrules.Options
	for _, x := range opts {
		o.SetOption(x.Name, x.Value) // an error leaves the Default; the schema reported it
	}
	return clashRules{eng: o, chebyshev: o.Distance == clashrules.Chebyshev, skirmisherSpread: o.SkirmisherSpreadOrDefault(),
		singleIsolated: o.SingleStand == clashrules.SingleIsolated, maxRounds: o.MaxRoundsOrDefault(),
		protectionVP: o.ProtectionVPOrDefault(), tenHP: o.StandHP == clashrules.StandHPTen}
}

func (p *clashPass) reportf(pos diag.Pos, code, format string, args ...any) *diag.Diagnostic {
	declared := false
	for _, c := range p.check.Codes {
		declared = declared || c == code
	}
	if !declared && p.err == nil {
		p.err = fmt.Errorf("check %s reported %s, which it does not declare", p.check.Name, code)
	}
	if !pos.IsValid() {
		pos = p.b.Pos
	}
	d := diag.Errorf(pos, code, format, args...)
	if in, ok := diag.Lookup(code); ok {
		d.Severity = in.Severity
	}
	p.list.Add(d)
	return &(*p.list)[len(*p.list)-1]
}

// runClashChecks runs every clash check on b, adding findings to list, and returns the pass for
// the lowering.
func runClashChecks(b *clashBattle, lib *clashLibrary, list *diag.List) (*clashPass, error) {
	p := &clashPass{b: b, lib: lib, list: list, opt: clashRulesOf(b.Options)}
	for _, c := range clashChecks {
		p.check = c
		c.Run(p)
		if p.err != nil {
			return nil, p.err
		}
	}
	return p, nil
}
