package pathfinder

import (
	"fmt"
	"slices"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// A Pathfinder scenario's resource orders (P-66, Army Resources): buy, sell and transfer, checked
// here (H007) and lowered into plan.PFOrder; the kingdom's buildings and what each resource
// requires are read here too. runner/pathfinder (hextrade.go) carries the orders out.

const codeBadTrade = "H007"

var _ = registerPFTradeCode() // in the catalogue before any init function runs

func registerPFTradeCode() bool {
	diag.Register(diag.CodeInfo{Code: codeBadTrade, Title: "resource order that cannot be carried out", Severity: diag.Error, Doc: `A resource order of a Pathfinder scenario (P-66, Army Resources) buys resources for an army
with its kingdom's treasury (buy), sells them for half their BP value (sell; the book sells a
disbanded army's resources so, sortie sells any army's), or hands them to another army of the
same side and of equal or smaller size, which costs the giver 1 Morale (transfer: from, to: the
other; Transferring Resources). resources: names what, as an army's resources: are written
(armor/weapons "improved" or "magic", mounts, ranged, siegeEngines: how many, healingPotions).

The price in BP is the published one for a Medium army (improved armor 3, magic armor 15, improved
weapons 5, magic weapons 50, healing potions 10, ranged weapons 2, mounts the mount's CR), scaled by
the army's size (Resource Scaling: Small x1/2, Large x2, Huge x4 ...; at least 1 BP); siege engines
cost 15 BP each at every size. Each resource adds its consumption every week (sortie explain M005
lists the stat block's).

Buying needs a kingdom with a treasury:, and, for a resource its requires: lists, one of those
buildings among the kingdom's buildings: (healing potions need none while an army of the side has
brew potion: "without needing any of the building requirements", still at their BP). Buying mounts needs the mount's CR (the army's mountCR:,
or the order's): they cost "the Mount's ACR", the mounts' CR at the army's size (P-2: a Large army
of CR 1 horses pays 3 BP). The run reports an order the treasury cannot pay on its day and skips it.

Bad:
    kingdoms: friendly: {economy: 2, loyalty: 2, stability: 2}         // no treasury
    orders: [{day: 1, buy: "militia", resources: {armor: "improved"}}]
    orders: [{day: 1, buy: "militia"}]                                  // buys nothing

Fix:
    kingdoms: friendly: {economy: 2, loyalty: 2, stability: 2, treasury: 20,
        buildings: ["Smithy"], requires: {improvedArmor: ["Smithy", "Foundry"]}}
    orders: [{day: 1, buy: "militia", resources: {armor: "improved"}}]`})
	return true
}

// kingdomBuildings reads a kingdom's buildings: and requires: into k; a requires: key that names
// no resource is reported.
func (c *pfc) kingdomBuildings(kn compiler.Node, k *plan.Kingdom) {
	dc := c.dc
	kn.Get("buildings").Elems(func(_ int, e compiler.Node) {
		if s := dc.Str(e); s.OK {
			k.Buildings = append(k.Buildings, s.V)
		}
	})
	kn.Get("requires").Fields(func(name string, rn compiler.Node) {
		if !slices.Contains(pfarmy.ResourceNames, name) {
			c.report(dc.Label(rn), codeBadTrade, "requires: %q is not a resource (%s)%s", name,
				strings.Join(pfarmy.ResourceNames, ", "), dym(name, pfarmy.ResourceNames))
			return
		}
		if k.Requires == nil {
			k.Requires = map[string][]string{}
		}
		k.Requires[name] = []string{}
		rn.Elems(func(_ int, e compiler.Node) {
			if s := dc.Str(e); s.OK {
				k.Requires[name] = append(k.Requires[name], s.V)
			}
		})
	})
}

// trade reads and checks a buy, sell or transfer order into o; ok is false when it was reported.
func (c *pfc) trade(on compiler.Node, o *plan.PFOrder, pf *plan.Pathfinder, ref func(compiler.Str) (int, bool), bad func(string, ...any)) bool {
	dc := c.dc
	a, ok := ref(dc.Str(on.Get(o.Kind)))
	if !ok {
		return false
	}
	o.Armies = []int{a}
	army := &pf.Armies[a]
	rn := on.Get("resources")
	res := plan.Resources{Armor: dc.Str(rn.Get("armor")).V, Weapons: dc.Str(rn.Get("weapons")).V,
		Mounts: dc.Bool(rn.Get("mounts")), Ranged: dc.Bool(rn.Get("ranged")),
		SiegeEngines: dc.Int(rn.Get("siegeEngines")).V, HealingPotions: dc.Bool(rn.Get("healingPotions"))}
	names, _ := pfarmy.TradeItems(res)
	if len(names) == 0 {
		badTrade(c, on, o, "resources: names nothing to %s (armor, weapons, mounts, ranged, siegeEngines, healingPotions)", o.Kind)
		return false
	}
	o.Resources = &res
	if m := on.Get("mountCR"); m.Exists() {
		cr, ok := c.cr(m, "mountCR")
		if !ok {
			return false
		}
		o.MountCR = cr.String()
	}
	k := pf.Kingdoms[army.Side]
	side := [2]string{"friendly", "enemy"}[army.Side]
	switch o.Kind {
	case "buy":
		if k == nil || !k.Upkeep {
			if c.badTreasury[army.Side] {
				return false // the treasury written is an S002 error already: no second finding
			}
			badTrade(c, on, o, "the kingdom of army %s (%s) keeps no treasury: give it treasury: (BP) to buy resources", army.ID, side)
			return false
		}
		for _, n := range names {
			need, listed := k.Requires[n]
			if !listed || len(need) == 0 {
				continue
			}
			if n == pfarmy.ResHealingPotions && brewsPotions(pf, army.Side) {
				continue // brew potion: "without needing any of the building requirements"
			}
			if !slices.ContainsFunc(need, func(b string) bool { return slices.Contains(k.Buildings, b) }) {
				badTrade(c, on, o, "%s needs one of the buildings %s (requires:), and the %s kingdom has %s", n,
					strings.Join(need, ", "), side, listOrNone(k.Buildings))
				return false
			}
		}
		if res.Mounts && o.MountCR == "" && army.Army.MountCR == "" {
			badTrade(c, on, o, "mounts cost the mount's ACR in BP (Army Resources: its CR at the army's size): give mountCR: here or on army %s", army.ID)
			return false
		}
	case "transfer":
		b, ok := ref(dc.Str(on.Get("to")))
		if !ok {
			if !on.Get("to").Exists() {
				badTrade(c, on, o, "a transfer names the army that takes the resources: to: id")
			}
			return false
		}
		other := &pf.Armies[b]
		from, errA := pfarmy.ParseSize(army.Army.Size)
		to, errB := pfarmy.ParseSize(other.Army.Size)
		if b == a || other.Side != army.Side {
			badTrade(c, on, o, "armies %s and %s are not two armies of one side: a transfer hands resources to another army of the same kingdom", army.ID, other.ID)
			return false
		}
		if errA == nil && errB == nil && to > from {
			badTrade(c, on, o, "army %s (%s) is larger than army %s (%s): Transferring Resources gives a resource to an army of equal or smaller size", other.ID, to, army.ID, from)
			return false
		}
		o.Armies = append(o.Armies, b)
	}
	// A resource the army that gets it cannot use (M008: mindless creatures use no siege engines).
	if j := o.Armies[len(o.Armies)-1]; o.Kind != "sell" {
		if in, err := pfarmy.ArmyOf(&pf.Armies[j].Army); err == nil {
			in.Resources.SiegeEngines += res.SiegeEngines
			for _, f := range pfarmy.Check(&in, c.opt) {
				if f.Code == pfarmy.CodePrereq && strings.HasPrefix(f.Field, "resources") {
					badTrade(c, on, o, "army %s: %s", pf.Armies[j].ID, f.Message)
					return false
				}
			}
		}
	}
	return true
}

// brewsPotions reports whether an army of side has brew potion (Alchemist 1; or a witch's hex
// of: ["cauldron"], which works as it): "The army can create healing potions for itself or another
// army without needing any of the building requirements described in the healing potion resource.
// You must pay the BP cost for these potions as normal." A buy of healing potions for any army of
// its side then needs no building from requires: (it still costs its BP).
func brewsPotions(pf *plan.Pathfinder, side int) bool {
	for i := range pf.Armies {
		if pf.Armies[i].Side != side {
			continue
		}
		for _, ab := range pf.Armies[i].Army.Abilities {
			name := strings.ToLower(strings.TrimSpace(ab.Name))
			if name == "brew potion" || name == "hex" && slices.ContainsFunc(ab.Of, func(o string) bool { return strings.EqualFold(strings.TrimSpace(o), "cauldron") }) {
				return true
			}
		}
	}
	return false
}

// badTrade reports an order's H007 at its label.
func badTrade(c *pfc, on compiler.Node, o *plan.PFOrder, format string, args ...any) {
	pos := c.dc.Label(on.Get(o.Kind))
	if !pos.IsValid() {
		pos = c.dc.Pos(on)
	}
	c.report(pos, codeBadTrade, fmt.Sprintf("orders (day %d): %s: ", o.Day, o.Kind)+format, args...)
}

// listOrNone is "A, B" or "none".
func listOrNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}
