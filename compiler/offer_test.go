package compiler

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// TestCheckOffers: a rule system's offers must match the kinds it vets (issue 20: one registry
// entry per rule system and file kind, declared once where the system registers): an offer for a
// kind it does not vet, a kind it vets without an offer, a default outside its policies or an
// explain code its passes do not report is refused, and Register panics on it.
func TestCheckOffers(t *testing.T) {
	vet := func(*Unit) (*plan.Plan, error) { return nil, nil }
	passes := func() []PassInfo { return []PassInfo{{Name: "p", Codes: []string{"X001"}}} }
	good := Offer{Kind: "battle", Play: "battle", Engine: "e", Policies: []string{"default", "first"}, Default: "default",
		Unit: "round", Example: "x.cue", Schema: "#X", Code: "X001"}
	with := func(f func(o *Offer)) []Offer {
		o := good
		o.Policies = append([]string(nil), good.Policies...)
		f(&o)
		return []Offer{o}
	}
	cases := []struct {
		name string
		rs   RuleSystem
		want string // "" for accepted
	}{
		{"battle offered and vetted", RuleSystem{Battle: vet, Passes: passes, Offers: []Offer{good}}, ""},
		{"battle vetted, nothing offered", RuleSystem{Battle: vet, Passes: passes}, "vets battle files but offers nothing"},
		{"scenario offered, none vetted", RuleSystem{Battle: vet, Passes: passes, Offers: append([]Offer{good}, with(func(o *Offer) { o.Kind = "scenario" })...)}, "offers scenario files but vets none"},
		{"battle offered twice", RuleSystem{Battle: vet, Passes: passes, Offers: []Offer{good, good}}, "offers battle files twice"},
		{"no such kind", RuleSystem{Battle: vet, Passes: passes, Offers: with(func(o *Offer) { o.Kind = "skirmish" })}, `offers kind "skirmish"`},
		{"default not a policy", RuleSystem{Battle: vet, Passes: passes, Offers: with(func(o *Offer) { o.Default = "goal" })}, `default policy "goal"`},
		{"explain code not reported", RuleSystem{Battle: vet, Passes: passes, Offers: with(func(o *Offer) { o.Code = "Y001" })}, `names code "Y001"`},
		{"no example", RuleSystem{Battle: vet, Passes: passes, Offers: with(func(o *Offer) { o.Example = "" })}, "lacks"},
		{"an alias of a policy", RuleSystem{Battle: vet, Passes: passes, Offers: with(func(o *Offer) { o.Aliases = map[string]string{"tactical": "default"} })}, ""},
		{"an alias of nothing", RuleSystem{Battle: vet, Passes: passes, Offers: with(func(o *Offer) { o.Aliases = map[string]string{"tactical": "goal"} })}, `policy alias "tactical"`},
		{"an alias that is a policy", RuleSystem{Battle: vet, Passes: passes, Offers: with(func(o *Offer) { o.Aliases = map[string]string{"first": "default"} })}, `policy alias "first"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := checkOffers("test-system", c.rs)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("checkOffers: %v, want accepted", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("checkOffers: %v, want an error saying %q", err, c.want)
			}
		})
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("a rule system vetting battles with no offer registered without a panic")
			}
			delete(ruleSystems, "offerless-for-test")
		}()
		Register("offerless-for-test", RuleSystem{Order: 99, Battle: vet, Passes: passes})
	}()
}

// TestKindsOffers: every bundled rule system's kinds come with their offer, in the registry's
// order (Karzoral, Pathfinder, When Armies Clash; scenario, campaign, battle), each with the
// engine and default the commands dispatch on.
func TestKindsOffers(t *testing.T) {
	var got []string
	for _, k := range Kinds() {
		got = append(got, k.Rules+" "+k.Kind+" "+k.Engine+" "+k.Default+" "+k.Unit)
	}
	want := []string{
		"karzoral scenario karzoral random day",
		"karzoral campaign campaign random day",
		"pathfinder scenario pathfinder random day",
		"pathfinder battle pathfinder default phase",
		"clash battle clash default round",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Kinds():\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Issue 20: an old policy name is taken as the policy it names (HasPolicy, Canonical), and only
// that one: the clash battle's "tactical" is its "default".
func TestOfferAliases(t *testing.T) {
	o := Offer{Policies: []string{"default", "first"}, Aliases: map[string]string{"tactical": "default"}}
	for name, want := range map[string]string{"tactical": "default", "default": "default", "first": "first", "random": "random"} {
		if got := o.Canonical(name); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", name, got, want)
		}
	}
	if !o.HasPolicy("tactical") || o.HasPolicy("random") || o.HasPolicy("standard") {
		t.Errorf("HasPolicy: tactical %v, random %v, standard %v; want true, false, false", o.HasPolicy("tactical"), o.HasPolicy("random"), o.HasPolicy("standard"))
	}
}
