package karzoral

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes of the price list (K-12).
const (
	codePriceNoStock = "K010"
	codePriceNoBase  = "K011"
)

var _ = registerPriceCodes()

func registerPriceCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codePriceNoStock, Title: "item on sale that a run cannot use", Severity: diag.Warning, Doc: `A scenario's price list (shop, K-12) is what the party can buy at a base mid-scenario
(「シナリオ中に拠点に戻った時にも行える」). A run models three stocks only: preserved rations
(K-20), torches and flasks of lantern oil (K-58). An item that adds none of them is unknown to
the run: it is never offered, so listing it changes nothing. (A campaign's price list may sell
such items at sortie preparation; a scenario's list is used mid-scenario only.)

Bad:
    shop: potion: {name: "Healing potion", price: 100}

Fix: say what one purchase adds, or remove the item:
    shop: rations: {name: "Preserved food, 7 days", price: 50, rations: 7}`},
		diag.CodeInfo{Code: codePriceNoBase, Title: "price list or purse with no base", Severity: diag.Warning, Doc: `Shopping mid-scenario happens at a base only (K-12: 「シナリオ中に拠点に戻った時」, in action
step (c) on a block of kind "base"). A scenario with a price list (shop) or a purse
(party.money) but no base block gives the party nowhere to spend it.

Bad:
    party: {start: "a", members: 4, money: 200}
    field: blocks: {a: {at: [0, 0]}, b: {at: [1, 0]}}

Fix: make a block a base, or drop the price list and the purse:
    field: blocks: {a: {at: [0, 0], kind: "base"}, b: {at: [1, 0]}}`},
	)
	return true
}

var pricesCheck = &Check{
	Name: "prices",
	Doc: `price list entries and a purse a run cannot use
An item on the scenario's price list that adds no rations, torches or oil, the only stocks a run
models (K010, K-12); a price list or a purse (party.money) in a scenario with no base block, where
nothing can be bought (K011, K-12). A negative price or purse is the schema's S002.`,
	Codes: []string{codePriceNoStock, codePriceNoBase},
	Run:   runPrices,
}

// runPrices reports K010 at each item that adds no stock and K011 at the price list's first item
// (or the purse) when no block is a base (K-12).
func runPrices(p *Pass) error {
	k := &p.Scenario.K
	for _, it := range k.Shop {
		if it.Rations.V <= 0 && it.Torches.V <= 0 && it.Oil.V <= 0 {
			p.Report(p.Diag(it.Pos, codePriceNoStock, "item %q adds no rations, torches or oil: a run cannot use it, so it is never on sale (K-12)", it.ID).
				WithHint("say what one purchase adds (rations, torches or oil), or remove it"))
		}
	}
	if len(k.Shop) == 0 && !(k.Money.Set && k.Money.V > 0) {
		return nil
	}
	for _, b := range p.Scenario.Field.Blocks {
		if b.Kind.V == "base" {
			return nil
		}
	}
	at, what := k.Money.Pos, "a purse (party.money)"
	if len(k.Shop) > 0 {
		at, what = k.Shop[0].Pos, "a price list"
	}
	p.Report(p.Diag(at, codePriceNoBase, "%s but no base block: shopping happens at a base only (K-12)", what).
		WithHint(`make a block kind: "base", or remove it`))
	return nil
}
