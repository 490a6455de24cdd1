package compiler

import (
	"fmt"
	"slices"
	"sort"
)

// What sortie's commands offer for one rule system's files of one kind (issue 20: "one registry
// entry per rule system and file kind declares what it offers"). A rule system declares its
// offers where it registers (RuleSystem.Offers) and nowhere else: cmd/sortie builds its command
// table from Kinds and dispatches through it. The entry names the engine that plays a kind and
// the policies it takes by name only, so that no compiler package imports an engine (the import
// rule, TestImportRules): cmd/sortie maps those names to runner code.

// Offer is what the commands offer for one rule system's files of one kind.
type Offer struct {
	// Kind is the file kind: "scenario", "campaign" or "battle". A rule system has an offer for
	// exactly the kinds it vets (Scenario, Campaign, Battle set): Register panics otherwise.
	Kind string
	// Play is the command that plays one: "run", "campaign run" or "battle".
	Play string
	// Engine names the runner engine that plays its compiled form (runner.Register's name, the
	// plan's rules; "campaign" for a campaign, which plays its scenarios through theirs).
	Engine string
	// Policies are the policies run, campaign run, battle and simulate accept for it, by name;
	// Default is simulate's and battle --runs' when --policy is not given (the same, so that the
	// two commands name the same winner for the same file). Default is one of Policies.
	Policies []string
	Default  string
	// Aliases are older names of policies, documented once and still taken by every command
	// that takes Policies, each to the canonical name of Policies it means (a clash battle's
	// "tactical" is its "default"). Commands print the canonical name.
	Aliases map[string]string
	// Unit is what a run counts to its end, as expect: and the simulate report name it: "day",
	// "phase" (a Pathfinder battle), "round" (a clash battle). Its plural is Unit+"s".
	Unit string
	// Graph is what sortie graph draws of it, in words ("" for nothing).
	Graph string
	// Diff: sortie diff compares two versions of it.
	Diff bool
	// Heat is the grid of the simulate report's heat map: "square", "hex", "" for none (a
	// Pathfinder battle has no map).
	Heat string
	// Tests: the kind declares tests: (sortie test replays them). TestsIn is a bundled file that
	// declares some, when Example does not ("": Example).
	Tests   bool
	TestsIn string
	// Example is a bundled file of the kind, relative to the repository's root (the conformance
	// test runs every command on it).
	Example string
	// Schema is its definition in the schema (sortie schema --def); Code one of its checks'
	// codes (sortie explain), one of the system's passes' codes (Register panics otherwise).
	Schema, Code string
}

// HasPolicy reports whether the offer takes policy name (or an alias of one).
func (o *Offer) HasPolicy(name string) bool { return slices.Contains(o.Policies, o.Canonical(name)) }

// Canonical is the policy name names: its alias's target (Aliases), else name itself.
func (o *Offer) Canonical(name string) string {
	if c, ok := o.Aliases[name]; ok {
		return c
	}
	return name
}

// badAlias returns an alias of o whose target is not one of its policies, or "".
func (o *Offer) badAlias() string {
	for a, c := range o.Aliases {
		if !slices.Contains(o.Policies, c) || slices.Contains(o.Policies, a) {
			return a
		}
	}
	return ""
}

// KindEntry is one rule system's files of one kind as the registry vets them and the commands
// offer them: cmd/sortie's command table is the list of these (Kinds) and no other.
type KindEntry struct {
	Rules string   // the value of the files' rules:
	Codes []string // every code the system's passes may report (PassInfo.Codes)
	Offer
}

// Kinds lists every rule system's kinds of file, systems in the registry's order (RuleSystem.Order)
// and each system's kinds as scenario, campaign, battle.
func Kinds() []KindEntry {
	names := builtRules()
	sort.SliceStable(names, func(i, j int) bool { return ruleSystems[names[i]].Order < ruleSystems[names[j]].Order })
	var out []KindEntry
	for _, name := range names {
		rs := ruleSystems[name]
		var codes []string
		for _, p := range rs.Passes() {
			codes = append(codes, p.Codes...)
		}
		for _, kind := range fileKinds {
			if i := slices.IndexFunc(rs.Offers, func(o Offer) bool { return o.Kind == kind }); i >= 0 {
				out = append(out, KindEntry{Rules: name, Codes: codes, Offer: rs.Offers[i]})
			}
		}
	}
	return out
}

// fileKinds are the kinds of file there are, in the order Kinds lists them.
var fileKinds = []string{"scenario", "campaign", "battle"}

// FileKinds lists the kinds of file there are: scenario, campaign, battle.
func FileKinds() []string { return slices.Clone(fileKinds) }

// checkOffers verifies rule system name's offers against what it vets: one offer for each kind it
// has (Scenario, Campaign, Battle) and none for another, a default among the policies, an
// explain code its passes report. A wrong registration is a programming error: Register panics.
func checkOffers(name string, rs RuleSystem) error {
	has := map[string]bool{"scenario": rs.Scenario != nil, "campaign": rs.Campaign != nil, "battle": rs.Battle != nil}
	var codes []string
	if rs.Passes != nil {
		for _, p := range rs.Passes() {
			codes = append(codes, p.Codes...)
		}
	}
	seen := map[string]bool{}
	for _, o := range rs.Offers {
		switch {
		case !slices.Contains(fileKinds, o.Kind):
			return fmt.Errorf("rule system %q offers kind %q (want one of %v)", name, o.Kind, fileKinds)
		case seen[o.Kind]:
			return fmt.Errorf("rule system %q offers %s files twice", name, o.Kind)
		case !has[o.Kind]:
			return fmt.Errorf("rule system %q offers %s files but vets none", name, o.Kind)
		case o.badAlias() != "":
			return fmt.Errorf("rule system %q: the policy alias %q of its %s files names no policy of %v (or is one)", name, o.badAlias(), o.Kind, o.Policies)
		case !o.HasPolicy(o.Default):
			return fmt.Errorf("rule system %q: the default policy %q of its %s files is not among %v", name, o.Default, o.Kind, o.Policies)
		case !slices.Contains(codes, o.Code):
			return fmt.Errorf("rule system %q names code %q for its %s files; its passes report %v", name, o.Code, o.Kind, codes)
		case o.Play == "" || o.Engine == "" || o.Unit == "" || o.Example == "" || o.Schema == "":
			return fmt.Errorf("rule system %q: its %s files' offer lacks Play, Engine, Unit, Example or Schema", name, o.Kind)
		}
		seen[o.Kind] = true
	}
	for _, kind := range fileKinds {
		if has[kind] && !seen[kind] {
			return fmt.Errorf("rule system %q vets %s files but offers nothing for them", name, kind)
		}
	}
	return nil
}
