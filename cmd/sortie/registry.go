package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/campaign"
	"github.com/sortie-rpg/sortie/runner/clash"
	"github.com/sortie-rpg/sortie/runner/karzoral"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// The command table is the compiler's registry (compiler.Kinds): one entry per rule system and
// file kind, each declared once by its rule system where it registers (compiler/karzoral,
// compiler/pathfinder, compiler/clash: compiler.Offer) with what sortie's commands offer for it
// (the engine that plays it, its policies and their default, its test and expect vocabulary, its
// picture, its diff, its report's heat map, a bundled example). A command asks offerOf instead of
// switching on kinds; a command that has nothing for an entry refuses it with what to run instead.
// What the compiler may not hold (it imports no engine) is here, keyed by the entry's names: the
// deciders of the policies an engine has of its own (ownPolicies). The conformance test
// (conformance_test.go) runs every command on every entry's example.

// offer is what the commands offer for one rule system's files of one kind: the compiler's entry.
type offer struct{ compiler.KindEntry }

// offers are the entries, in the compiler's registry order (the conformance table's), read once:
// the rule-system packages have registered by the time this package's variables are initialised
// (main.go imports compiler/all).
var offers = offersOf(compiler.Kinds())

// offersOf wraps the compiler's entries.
func offersOf(ks []compiler.KindEntry) []offer {
	out := make([]offer, len(ks))
	for i, k := range ks {
		out[i] = offer{k}
	}
	return out
}

// kinds are the file kinds there are (a rule system without one of them has no entry for it).
var kinds = compiler.FileKinds()

// ruleSystems lists the rule systems of the registry, in its order.
func ruleSystems() []string {
	var out []string
	for _, o := range offers {
		if !contains(out, o.Rules) {
			out = append(out, o.Rules)
		}
	}
	return out
}

// offerOf returns the entry of rules and kind, or nil when sortie has no such files.
func offerOf(rules, kind string) *offer {
	for i := range offers {
		if offers[i].Rules == rules && offers[i].Kind == kind {
			return &offers[i]
		}
	}
	return nil
}

// campaignOffer is the entry of campaign files (one rule system has them: compiler.Register), or
// nil when none has.
func campaignOffer() *offer {
	for i := range offers {
		if offers[i].Kind == "campaign" {
			return &offers[i]
		}
	}
	return nil
}

// hasPolicy reports whether the entry offers policy name.
func (o *offer) hasPolicy(name string) bool { return o.HasPolicy(name) }

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
	case name == "default" && o.hasPolicy("goal"):
		why = ": default is a battle's own commanders; goal plays toward the open objectives"
	case name == "default":
		why = ": default is a battle's own commanders; first takes the engine's own choice at every battle question"
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
// (camp) with dice seed seed, as sortie simulate's run 0 with that seed would decide (policyOf).
func playPolicy(name string, seed uint64, p *plan.Plan, camp *plan.Campaign) (runner.Decider, error) {
	o := campaignOffer()
	if p != nil {
		o = offerOf(p.Scenario.Rules, "scenario")
	}
	if o == nil {
		return nil, fmt.Errorf("no rule system %q", p.Scenario.Rules)
	}
	pm, err := o.policyOf(name, &simSubject{plan: p, campaign: camp})
	if err != nil {
		return nil, err
	}
	return pm.Decider(0, seed)
}

// policyOf returns a fresh PolicyMaker of policy name for subject s of the entry: the entry's
// refusal when it does not offer name; an engine's own policy (ownPolicies: goal, a battle's
// default); explore (it learns from a simulation's runs: a new one for each); first or random.
func (o *offer) policyOf(name string, s *simSubject) (runner.PolicyMaker, error) {
	if !o.hasPolicy(name) {
		return nil, o.policyError(name)
	}
	name = o.Canonical(name)
	if mk := ownPolicies[o.Engine][name]; mk != nil {
		return mk(s), nil
	}
	if name == "explore" {
		return runner.NewExplore(), nil
	}
	return policyMaker(name)
}

// ownPolicies are the policies an engine has of its own, by the registry entry's Engine and the
// policy's name, each made for one subject: goal walks a Karzoral field (or a campaign's) toward
// its open objectives; default is a battle's own commanders; standard a Pathfinder battle's
// baseline (every army on Standard). The compiler's registry names them
// (compiler.Offer.Policies) and imports no engine: the engine code is here. TestOneRegistry fails
// on a policy an entry offers that is neither here nor a policy of every engine.
var ownPolicies = map[string]map[string]func(s *simSubject) runner.PolicyMaker{
	"karzoral": {"goal": func(s *simSubject) runner.PolicyMaker { return karzoral.NewGoal(s.plan) }},
	"campaign": {"goal": func(s *simSubject) runner.PolicyMaker { return campaign.Goal(s.campaign) }},
	"pathfinder": {
		"default":  func(*simSubject) runner.PolicyMaker { return pathfinder.DefaultPolicy },
		"standard": func(*simSubject) runner.PolicyMaker { return pathfinder.StandardPolicy },
	},
	"clash": {"default": func(*simSubject) runner.PolicyMaker { return clash.PolicyMaker(clash.PolicyTactical) }},
}

// everyEnginePolicies are the policies every engine plays (runner.NewPolicy's, and explore).
var everyEnginePolicies = append(slices.Clone(runner.Policies), "explore")

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
	"campaign vet": {
		"scenario": "vet a scenario with sortie vet",
		"battle":   "vet a battle file with sortie vet",
	},
	"diff": {
		"campaign": "sortie diff compares two versions of a scenario or a battle file; diff a campaign's scenarios one by one (sortie diff A/field01 B/field01) or all at once (sortie diff A/... B/...), and check the campaign with sortie vet",
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

// battlePolicies is the policies sortie battle takes, per rule system, in words, from the
// registry's battle offers (their Policies, each with its Aliases) as battle --policy checks
// them (hasPolicy): "pathfinder: default, first, random, explore; clash: default (or tactical),
// first, random, explore" (issue 23 review: battle --help listed "first or random").
func battlePolicies() string {
	var parts []string
	for _, o := range offers {
		if o.Kind != "battle" {
			continue
		}
		names := make([]string, len(o.Policies))
		for i, p := range o.Policies {
			names[i] = p
			var old []string
			for a, c := range o.Aliases {
				if c == p {
					old = append(old, a)
				}
			}
			slices.Sort(old) // Aliases is a map: sorted, so the help reads the same every time
			if len(old) > 0 {
				names[i] += " (or " + strings.Join(old, ", ") + ")"
			}
		}
		parts = append(parts, o.Rules+": "+strings.Join(names, ", "))
	}
	return strings.Join(parts, "; ")
}
