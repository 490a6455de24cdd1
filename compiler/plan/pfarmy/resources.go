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

// mediumPrice is a resource's purchase price in BP for a Medium army (Army Resources: "Improved
// Weapons (5 BP) ... For 10 times the BP cost, you can instead outfit the army with magic weapons";
// "Improved Armor (3 BP) ... For five times the BP cost ... magic armor"; "Healing Potions (10 BP)";
// "Ranged Weapons (2 BP)"; "Siege Engines (15 BP per engine)"; "Mounts (BP = Mount's CR)", which
// ResourcePrice reads from the mount). The published Ultimate Campaign text was not in the
// reference corpora this was written from: these are the published Army Resources prices of the
// Kingmaker rules it revises, and Ultimate Campaign's Resource Scaling applies to them.
var mediumPrice = map[string]int{ResImprovedArmor: 3, ResMagicArmor: 15, ResImprovedWeapons: 5,
	ResMagicWeapons: 50, ResRangedWeapons: 2, ResSiegeEngines: 15, ResHealingPotions: 10}

// ResourcePrice is the price in BP of one resource (siege engines: one engine) for an army of size
// s: the Medium price times the size's Resource Scaling multiplier, rounded down, at least 1 BP
// ("The multiplier can't reduce the cost of a resource below 1 BP"). Siege engines cost 15 BP an
// engine whatever the army's size, as their consumption does (upkeep). Mounts cost the mount's CR
// (rounded down, at least 1), scaled. ok is false for a name not in ResourceNames or an invalid
// size.
func ResourcePrice(name string, s Size, mount CR) (bp int, ok bool) {
	if !s.Valid() {
		return 0, false
	}
	switch name {
	case ResSiegeEngines:
		return mediumPrice[name], true
	case ResMounts:
		return ScaledUpkeep(s, max(1, mount.Floor())), true
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
