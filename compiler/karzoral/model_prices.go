package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// ShopItem is one item of a scenario's price list (K-12): what one purchase adds to the party's
// stock (rations, torches, flasks of oil) and its price in gamels. Pos is its id's position.
type ShopItem struct {
	ID                           string
	Pos                          diag.Pos
	Name                         Str
	Price, Rations, Torches, Oil Int
}

// prices decodes the scenario's price list (top-level shop, source order) and the lone purse
// (party.money) into k (K-12).
func (dc *decoder) prices(n node, k *Karzoral) {
	k.Money = dc.int(n.Get("party").Get("money"))
	n.Get("shop").Fields(func(id string, it node) {
		k.Shop = append(k.Shop, &ShopItem{ID: id, Pos: dc.label(it), Name: dc.str(it.Get("name")),
			Price: dc.int(it.Get("price")), Rations: dc.int(it.Get("rations")), Torches: dc.int(it.Get("torches")),
			Oil: dc.int(it.Get("oil"))})
	})
}

// prices lowers the price list and the purse into p (plan.Plan.Shop in source order,
// plan.Party.Money in gamels); a scenario without them leaves p as it was.
func (l *lowerer) prices(p *plan.Plan) {
	k := &l.s.K
	p.Party.Money = k.Money.V
	for _, it := range k.Shop {
		p.Shop = append(p.Shop, plan.Item{ID: it.ID, Name: it.Name.V, Price: it.Price.V,
			Rations: it.Rations.V, Torches: it.Torches.V, Oil: it.Oil.V})
	}
}
