package karzoral

import (
	"fmt"
	"sort"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// init enters the Karzoral rule system (RULES.md Part K) in the compiler's registry: field
// scenarios (#Scenario), the campaigns that chain them (#Campaign, campaign.go) and, as the
// first system built, the fallback that vets a file whose rule system cannot be read (its schema
// reports why: L002, S003, S004).
func init() {
	compiler.Register("karzoral", compiler.RuleSystem{Order: 1, Scenario: vetKarzoral, Passes: karzoralPasses, Fallback: true, Campaign: campaignRules,
		Schemas: []compiler.SchemaRefs{
			{Name: "#Scenario", Refs: compiler.RefTable{Decl: karzoralDecl, Ref: karzoralRef}},
			{Name: "#Campaign", Refs: compiler.RefTable{Decl: campaignDecl, Ref: campaignRef}},
		},
		ListLength: tableLength, SchemaCodes: []string{codeEpisodeTable},
		Offers: offers})
}

// offers are what sortie's commands offer for Karzoral files (compiler.Offer): a field scenario
// played day by day (K-2) toward its objectives, and a campaign that chains fields (K-8..K-10).
var offers = []compiler.Offer{
	{Kind: "scenario", Play: "run", Engine: "karzoral", Policies: []string{"first", "random", "explore", "goal"}, Default: "random",
		Unit: "day", Graph: "the field (blocks, passages, routes)", Diff: true, Heat: "square", Tests: true,
		Example: "scenarios/karzoral/field01", Schema: "#Scenario", Code: "F002"},
	{Kind: "campaign", Play: "campaign run", Engine: "campaign", Policies: []string{"first", "random", "explore", "goal"}, Default: "random",
		Unit: "day", Graph: "the scenario unlock graph", Heat: "square",
		Example: "scenarios/karzoral/campaign.cue", Schema: "#Campaign", Code: "C002"},
}

// karzoralPasses are the Karzoral checks (check.go), one pass each, then the checks of a
// Karzoral campaign file (C001-C007: the core's compiler.CampaignCodes and campaign.go's).
func karzoralPasses() []compiler.PassInfo {
	var out []compiler.PassInfo
	for _, c := range checks {
		out = append(out, compiler.PassInfo{Name: c.Name, Codes: c.Codes})
	}
	codes := append(compiler.CampaignCodes(), codeCampaignRef, codeUnreachableScenario, codeUnlockCycle, codeAngel)
	sort.Strings(codes)
	return append(out, compiler.PassInfo{Name: "campaign", Codes: codes})
}

// vetKarzoral checks (and with compile, lowers) a Karzoral scenario (rules: "karzoral", the
// schema's #Scenario). The plan is nil when the unit is not compiled or has errors; err is for a
// check or the lowering that broke, never for a wrong scenario.
func vetKarzoral(uc *compiler.Unit) (*plan.Plan, error) {
	if !uc.IsScenario() {
		return nil, nil
	}
	n, root, strict, err := uc.SchemaRoot("#Scenario")
	if err != nil {
		return nil, err
	}
	dc := compiler.NewDecoder(uc.Namer(), strict)
	s := (&decoder{dc}).decode(n, root)
	s.Declared = uc.Declarations(isEntity)
	sup := uc.Suppressions()
	found := append(diag.List(nil), dc.Findings()...) // S002: integers beyond what sortie reads
	if err := runChecks(s, &found); err != nil {
		return nil, err
	}
	uc.AddFindings(dc.Keep(found), sup)
	if uc.WantSymbols() {
		uc.AddSymbols(karzoralSymbols(uc, s))
	}
	if !uc.Compiling() || uc.List().HasErrors() {
		return nil, nil
	}
	p, err := lower(s, uc)
	if err != nil {
		return nil, fmt.Errorf("compiler bug: %v", err)
	}
	return p, nil
}
