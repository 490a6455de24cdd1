package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/campaign"
	"github.com/sortie-rpg/sortie/runner/karzoral"
)

// The command-level registry: one entry per rule system and file kind, declaring what sortie's
// commands offer for it (the engine that plays it, its policies and their default, its test and
// expect vocabulary, its picture, its diff, its report's heat map, a bundled example). The
// compiler's own registry (compiler/rules.go) says how each is vetted and lowered; runner's
// (runner.Register) which engine plays a plan. A command asks offerOf instead of switching on
// kinds; a command that has nothing for an entry refuses it with what to run instead. The
// conformance test (conformance_test.go) runs every command on every entry's example.

// offer is what the commands offer for one rule system's files of one kind.
type offer struct {
	Rules string // "karzoral", "pathfinder", "clash": plan.Meta.Rules, runner's engine name
	Kind  string // "scenario", "campaign", "battle"
	// Play is the command that plays one: "run", "campaign run", "battle".
	Play string
	// Policies are the policies run, campaign run, battle and simulate accept for it, by name;
	// Default is simulate's and battle --runs' when --policy is not given (the same, so that the
	// two commands name the same winner for the same file).
	Policies []string
	Default  string
	// Unit is what a run counts to its end, as expect: and the simulate report name it: "day",
	// "phase" (a Pathfinder battle), "round" (a clash battle).
	Unit string
	// Graph is what sortie graph draws of it ("" for nothing).
	Graph string
	// Diff: sortie diff compares two versions of it.
	Diff bool
	// Heat is the grid of the simulate report's heat map: "square", "hex", "" for none (a
	// Pathfinder battle has no map).
	Heat string
	// Tests: sortie test replays the tests: it declares; TestsIn is a bundled file that declares
	// some, when Example does not ("": Example).
	Tests   bool
	TestsIn string
	// Example is a bundled file of the kind (relative to the repository's root).
	Example string
	// Schema is its definition in the schema (sortie schema --def), Code one of its checks' codes
	// (sortie explain).
	Schema, Code string
}

// offers are the entries, in the order the conformance table lists them.
var offers = []offer{
	{Rules: "karzoral", Kind: "scenario", Play: "run", Policies: []string{"first", "random", "explore", "goal"}, Default: "random",
		Unit: "day", Graph: "the field (blocks, passages, routes)", Diff: true, Heat: "square", Tests: true, Example: "scenarios/karzoral/field01", Schema: "#Scenario", Code: "F002"},
	{Rules: "karzoral", Kind: "campaign", Play: "campaign run", Policies: []string{"first", "random", "explore", "goal"}, Default: "random",
		Unit: "day", Graph: "the scenario unlock graph", Heat: "square", Example: "scenarios/karzoral/campaign.cue", Schema: "#Campaign", Code: "C002"},
	{Rules: "pathfinder", Kind: "scenario", Play: "run", Policies: []string{"first", "random", "explore"}, Default: "random",
		Unit: "day", Graph: "the hex map (hexes, routes)", Diff: true, Heat: "hex", Tests: true, Example: "scenarios/pathfinder/stolen-lands", Schema: "#PFScenario", Code: "H001"},
	{Rules: "pathfinder", Kind: "battle", Play: "battle", Policies: []string{"default", "first", "random", "explore"}, Default: "default",
		Unit: "phase", Graph: "the sides face to face (armies, statistics, tactics)", Diff: true, Tests: true, Example: "scenarios/pathfinder/orc-horde/battle.cue", Schema: "#PFBattle", Code: "H005"},
	{Rules: "clash", Kind: "battle", Play: "battle", Policies: []string{"default", "first", "random", "explore"}, Default: "default",
		Unit: "round", Graph: "the battlefield (terrain, elevation, stands, objectives)", Diff: true, Heat: "square", Tests: true, TestsIn: "scenarios/clash/picket/picket.cue", Example: "scenarios/clash/field/field.cue", Schema: "#ClashBattle", Code: "U001"},
}

// kinds are the file kinds there are (a rule system without one of them has no entry for it).
var kinds = []string{"scenario", "campaign", "battle"}

// ruleSystems lists the rule systems of the compiler's registry, in its order.
func ruleSystems() []string {
	var out []string
	for _, k := range compilerKinds {
		if !contains(out, k.Rules) {
			out = append(out, k.Rules)
		}
	}
	return out
}

// compilerKinds are the compiler's registry entries (compiler.Kinds: every rule system and kind
// it vets), read once: the rule-system packages have registered by the time this package's
// variables are initialised (main.go imports compiler/all).
var compilerKinds = compiler.Kinds()

// offerOf returns the entry of rules and kind, or nil when sortie has no such files. An offer
// exists only under the compiler's entry of the same rule system and kind (compiler.Kinds): the
// commands' table is keyed by the compiler's, and TestOneRegistry fails on an entry of either
// without the other.
func offerOf(rules, kind string) *offer {
	if compilerEntry(rules, kind) == nil {
		return nil
	}
	for i := range offers {
		if offers[i].Rules == rules && offers[i].Kind == kind {
			return &offers[i]
		}
	}
	return nil
}

// unitOfPlay is what a run of rules' files of kind counts to its end (offer.Unit: "day", "phase",
// "round"), as expect: and the simulate report name it; "day" for a kind without an entry.
func unitOfPlay(rules, kind string) string {
	if o := offerOf(rules, kind); o != nil {
		return o.Unit
	}
	return "day"
}

// compilerEntry returns the compiler's registry entry of rules and kind, or nil.
func compilerEntry(rules, kind string) *compiler.KindEntry {
	for i := range compilerKinds {
		if compilerKinds[i].Rules == rules && compilerKinds[i].Kind == kind {
			return &compilerKinds[i]
		}
	}
	return nil
}

// hasPolicy reports whether the entry offers policy name.
func (o *offer) hasPolicy(name string) bool { return contains(o.Policies, name) }

// policyError is the refusal of a policy the entry does not offer, naming those it does.
func (o *offer) policyError(name string) error {
	if !contains(allPolicies(), name) {
		return fmt.Errorf("unknown policy %q (want %s)", name, strings.Join(o.Policies, ", "))
	}
	why := ""
	switch {
	case name == "goal" && o.hasPolicy("default"):
		why = ": goal walks a Karzoral field toward its open objectives; for the battle's own commanders use default"
	case name == "goal":
		why = ": goal walks a Karzoral field toward its open objectives; explore tries every choice in turn"
	case name == "default" && o.Rules == "pathfinder":
		why = ": default is a battle's own commanders; first takes the engine's own choice at every battle question"
	case name == "default":
		why = ": default is a battle's own commanders; goal plays toward the open objectives"
	}
	return fmt.Errorf("policy %s is not for a %s %s%s (want %s)", name, o.Rules, o.Kind, why, strings.Join(o.Policies, ", "))
}

// allPolicies lists every policy some entry offers, in the entries' order.
func allPolicies() []string {
	var out []string
	for _, o := range offers {
		for _, p := range o.Policies {
			if !contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

// playPolicy returns the decider of policy name for one run of a scenario (p) or a campaign
// (camp) with dice seed seed, as sortie simulate's run 0 with that seed would decide: first,
// random, explore (in one run: the choice it tried least often so far) or goal (Karzoral).
func playPolicy(name string, seed uint64, p *plan.Plan, camp *plan.Campaign) (runner.Decider, error) {
	o := offerOf("karzoral", "campaign")
	if p != nil {
		o = offerOf(p.Scenario.Rules, "scenario")
	}
	if o == nil {
		return nil, fmt.Errorf("no rule system %q", p.Scenario.Rules)
	}
	if !o.hasPolicy(name) {
		return nil, o.policyError(name)
	}
	var pm runner.PolicyMaker
	switch name {
	case "explore":
		pm = runner.NewExplore()
	case "goal":
		if camp != nil {
			pm = campaign.Goal(camp)
		} else {
			pm = karzoral.NewGoal(p)
		}
	default:
		return runner.NewPolicy(name, seed)
	}
	return pm.Decider(0, seed)
}

// insteadOf says, for a command and a kind of file it has nothing for, what to run instead.
// The conformance test checks that every command names a command there is.
var insteadOf = map[string]map[string]string{
	"compile": {
		"campaign": "sortie compile writes a scenario's plan; check a campaign with sortie vet, play it with sortie campaign run",
		"battle":   "sortie compile writes a scenario's plan; check a battle file with sortie vet, fight it with sortie battle",
	},
	"run": {
		"campaign": "play a campaign with sortie campaign run",
		"battle":   "fight a battle file with sortie battle",
	},
	"battle": {
		"scenario": "play a scenario with sortie run",
		"campaign": "play a campaign with sortie campaign run",
	},
	"campaign": {
		"scenario": "play a scenario with sortie run",
		"battle":   "fight a battle file with sortie battle",
	},
	"diff": {
		"campaign": "sortie diff compares two versions of a scenario or a battle file; diff a campaign's scenarios one by one (sortie diff A/field01 B/field01), and check the campaign with sortie vet",
	},
	"test": {
		"campaign": "a campaign declares no tests: (its scenarios do); test them with sortie test DIR/..., and play the campaign with sortie campaign run --script FILE",
	},
	"resume": {
		"scenario": "sortie resume continues a save; write one with sortie run --save FILE",
		"campaign": "sortie resume continues a save; write one with sortie campaign run --save FILE",
		"battle":   "sortie resume continues a save, and a battle is fought in one go: replay it with sortie battle --script FILE",
	},
}

// refuseKind is a command's refusal of path, a kind of file it has nothing for: exit 2 and what to
// run instead.
func refuseKind(cmd, path, kind string) error {
	if why := insteadOf[cmd][kind]; why != "" {
		return failf(exitUsage, "%s is a %s file (kind: %q): %s", path, kind, kind, why)
	}
	return failf(exitUsage, "%s is a %s file (kind: %q): sortie %s has nothing for it", path, kind, kind, cmd)
}

// isCampaignPath reports whether paths is one campaign file.
func isCampaignPath(paths []string) bool { return len(paths) == 1 && compiler.IsCampaign(paths[0]) }

// otherKind says what path is when it is not a campaign file, as the compiler reads it
// (compiler.CompileAny): "scenario", "battle" (a battle file, or a folder holding one), or ""
// (neither: a broken file, whose own command reports it; a broken folder is a scenario's).
func otherKind(e *env, path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return ""
	}
	u, _, err := compiler.CompileAny([]string{path}, e.opts())
	switch {
	case err == nil && u != nil:
		return u.Kind
	case st.IsDir():
		return "scenario"
	}
	return ""
}
