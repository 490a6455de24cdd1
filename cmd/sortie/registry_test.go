package main

import (
	"slices"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
)

// TestOneRegistry: the commands' registry (offers) and the compiler's (compiler.Kinds) are one
// table: every rule system and kind the compiler vets has exactly one command entry, every command
// entry is one the compiler vets (offerOf finds none otherwise), and the code a command entry
// names for sortie explain is one its rule system's passes report. Issue 20: "one registry entry
// per rule system and file kind".
func TestOneRegistry(t *testing.T) {
	kinds := compiler.Kinds()
	if len(kinds) < 5 {
		t.Fatalf("compiler.Kinds: %d entries (%v), want Karzoral's scenario and campaign, Pathfinder's scenario and battle and clash's battle at least", len(kinds), kinds)
	}
	for _, k := range kinds {
		n := 0
		for _, o := range offers {
			if o.Rules == k.Rules && o.Kind == k.Kind {
				n++
			}
		}
		if n != 1 {
			t.Errorf("the compiler vets %s %s files; the commands' registry has %d entries for them, want 1", k.Rules, k.Kind, n)
		}
	}
	for _, o := range offers {
		e := compilerEntry(o.Rules, o.Kind)
		if e == nil {
			t.Errorf("command entry %s %s has no compiler entry: the compiler does not vet such files", o.Rules, o.Kind)
			continue
		}
		if offerOf(o.Rules, o.Kind) == nil {
			t.Errorf("offerOf(%s, %s) = nil", o.Rules, o.Kind)
		}
		if !slices.Contains(e.Codes, o.Code) {
			t.Errorf("command entry %s %s names code %s for explain; its rule system's passes report %v", o.Rules, o.Kind, o.Code, e.Codes)
		}
	}
	if got, want := ruleSystems(), []string{"karzoral", "pathfinder", "clash"}; !slices.Equal(got, want) {
		t.Errorf("ruleSystems() = %v, want %v (the compiler's registry order)", got, want)
	}
}

// TestOfferNeedsCompilerEntry: a command entry whose rule system and kind the compiler does not
// vet is not found (offerOf is keyed by the compiler's registry), even if it is in offers.
func TestOfferNeedsCompilerEntry(t *testing.T) {
	saved := offers
	defer func() { offers = saved }()
	offers = append(slices.Clone(saved), offer{Rules: "clash", Kind: "campaign", Play: "campaign run", Code: "U001"})
	if o := offerOf("clash", "campaign"); o != nil {
		t.Errorf("offerOf(clash, campaign) = %+v: the compiler has no clash campaigns", o)
	}
	if o := offerOf("clash", "battle"); o == nil || o.Kind != "battle" {
		t.Errorf("offerOf(clash, battle) = %+v, want the clash battle entry", o)
	}
}
