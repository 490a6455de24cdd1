package pathfinder

import (
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// init enters the Pathfinder rule system (RULES.md Part P) in the compiler's registry: hex-field
// scenarios (#PFScenario) and battle files (#PFBattle), after Karzoral and before When Armies
// Clash.
func init() {
	compiler.Register("pathfinder", compiler.RuleSystem{Order: 2,
		Scenario: vetPathfinderScenario, Battle: vetPathfinderBattle, Passes: pathfinderPasses,
		Schemas: []compiler.SchemaRefs{
			{Name: "#PFScenario", Refs: compiler.RefTable{Decl: pfScenarioDecl, Ref: pfScenarioRef}},
			{Name: "#PFBattle", Refs: compiler.RefTable{Decl: pfBattleDecl, Ref: pfBattleRef}},
		},
		Vocabulary: vocabulary, Offers: offers})
}

// offers are what sortie's commands offer for Pathfinder files (compiler.Offer): a hex-field
// scenario whose armies march day by day, and a battle file fought phase by phase (P-20..P-24)
// whose own commanders are its default policy (standard: every army on Standard, the baseline).
var offers = []compiler.Offer{
	{Kind: "scenario", Play: "run", Engine: "pathfinder", Policies: []string{"first", "random", "explore"}, Default: "random",
		Unit: "day", Graph: "the hex map (hexes, routes)", Diff: true, Heat: "hex", Tests: true,
		Example: "scenarios/pathfinder/stolen-lands", Schema: "#PFScenario", Code: "H001"},
	{Kind: "battle", Play: "battle", Engine: "pathfinder", Policies: []string{"default", "first", "random", "explore", "standard"}, Default: "default",
		Unit: "phase", Graph: "the sides face to face (armies, statistics, tactics)", Diff: true, Tests: true,
		Example: "scenarios/pathfinder/orc-horde/battle.cue", Schema: "#PFBattle", Code: "H005"},
}

// pathfinderPasses is one pass for the Pathfinder findings: the army statistics (M codes,
// compiler/plan/pfarmy's catalogue) and the hex checks (H codes, pathfinder.go, orders.go).
func pathfinderPasses() []compiler.PassInfo {
	var codes []string
	for _, in := range diag.Codes() {
		if strings.HasPrefix(in.Code, "M") || strings.HasPrefix(in.Code, "H") {
			codes = append(codes, in.Code)
		}
	}
	return []compiler.PassInfo{{Name: "pathfinder", Codes: codes}}
}

// vocabulary lists the names a tactic or boon may be written as (every one sortie parses);
// ok false for the other kinds (compiler.Vocabulary sorts them).
func vocabulary(k compiler.SymbolKind) (names []string, ok bool) {
	switch k {
	case compiler.KindTactic:
		return pfarmy.TacticNames(), true
	case compiler.KindBoon:
		return pfarmy.BoonNames(), true
	}
	return nil, false
}
