package pfarmy

import "github.com/sortie-rpg/sortie/compiler/plan"

// The resources an army may buy, sell or be handed, and their prices (P-66; Army Resources).

// Resource names of the trade orders, in the order they are listed and priced.
const (
	ResImprovedArmor   = "improvedArmor"
	ResMagicArmor      = "magicArmor"
	ResImprovedWeapons = "improvedWeapons"
	ResMagicWeapons    = "magicWeapons"
	ResMounts          = "mounts"
	ResRangedWeapons   = "rangedWeapons"
	ResSiegeEngines    = "siegeEngines"
	ResHealingPotions  = "healingPotions"
)

// ResourceNames are the names requires: and the trade events use, in order.
var ResourceNames = []string{ResImprovedArmor, ResMagicArmor, ResImprovedWeapons, ResMagicWeapons,
	ResMounts, ResRangedWeapons, ResSiegeEngines, ResHealingPotions}

// mediumPrice is a resource's purchase price in BP for a Medium army, as Ultimate Campaign's Army
// Resources gives it (checked against the published text, issue 24; the prices were the same as
// Kingmaker's): "Healing Potions (10 BP)"; "Improved Armor (3 BP) ... For 15 BP, you can outfit the
// army with magic armor"; "Improved Weapons (5 BP) ... For 50 BP, you can outfit the army with
// magic weapons"; "Ranged Weapons (2 BP)"; "Siege Engines (15 BP per engine)". Mounts are priced
// by ResourcePrice: "Mounts (BP = Mount's ACR)". "The costs listed are for a Medium army.
// Resources for a smaller or larger army cost proportionately less or more than this amount"
// (Resource Scaling).
var mediumPrice = map[string]int{ResImprovedArmor: 3, ResMagicArmor: 15, ResImprovedWeapons: 5,
	ResMagicWeapons: 50, ResRangedWeapons: 2, ResSiegeEngines: 15, ResHealingPotions: 10}

// ResourcePrice is the price in BP of one resource (siege engines: one engine) for an army of size
// s: the Medium price times the size's Resource Scaling multiplier, rounded down, at least 1 BP
// ("The multiplier can't reduce the cost of a resource below 1 BP"). Siege engines cost 15 BP an
// engine whatever the army's size ("Unlike other resources, the cost of a siege engine doesn't
// scale with the army's size").
//
// Mounts cost "the Mount's ACR": the ACR the mounts have at the army's size, their CR moved along
// the ladder by the size's rungs (P-2, P-3: a Large army of light horses, CR 1, is ACR 3, so 3
// BP), rounded down, at least 1 BP. The size is already in that ACR, so Resource Scaling is not
// applied again (it would count the size twice: x2 on top of the Large army's +2 rungs). ok is
// false for a name not in ResourceNames, an invalid size, or mounts whose ACR is off the ladder's
// top.
func ResourcePrice(name string, s Size, mount CR) (bp int, ok bool) {
	if !s.Valid() {
		return 0, false
	}
	switch name {
	case ResSiegeEngines:
		return mediumPrice[name], true
	case ResMounts:
		acr, on := mount.Shift(s.Rungs())
		if !on {
			if mount.Valid() && s.Rungs() < 0 {
				return 1, true // below ACR 1/8: the 1 BP floor
			}
			return 0, false
		}
		return max(1, acr.Floor()), true
	}
	p, ok := mediumPrice[name]
	if !ok {
		return 0, false
	}
	return ScaledUpkeep(s, p), true
}

// TradeItems lists the resources r names (armor and weapons by grade), each with its count (1, or
// the number of siege engines), in ResourceNames order.
func TradeItems(r plan.Resources) (names []string, counts []int) {
	add := func(n string, c int) {
		if c > 0 {
			names, counts = append(names, n), append(counts, c)
		}
	}
	grade := func(g, improved, magic string) {
		switch g {
		case "improved":
			add(improved, 1)
		case "magic":
			add(magic, 1)
		}
	}
	grade(r.Armor, ResImprovedArmor, ResMagicArmor)
	grade(r.Weapons, ResImprovedWeapons, ResMagicWeapons)
	if r.Mounts {
		add(ResMounts, 1)
	}
	if r.Ranged {
		add(ResRangedWeapons, 1)
	}
	add(ResSiegeEngines, r.SiegeEngines)
	if r.HealingPotions {
		add(ResHealingPotions, 1)
	}
	return names, counts
}
