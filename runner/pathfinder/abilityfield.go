package pathfinder

import (
	"slices"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// What the battlefield's terrain, water and fortifications let issue 24's abilities do (Ultimate
// Campaign, Mass Combat, Special Abilities; P-65). Readings, where the published text leaves a gap:
//   - "in the water or on ships" is the whole battlefield's (Field.Water): a battle is fought on
//     land or on water; an army written with neither is on land;
//   - mobility's terrain is the battlefield's (Field.Terrain; in a hex scenario the hex's terrain),
//     matched without case or a plural s ("swamps" is "swamp");
//   - a fortification's kind (Combatant.FortKind) says which of amphibious ("water barriers"),
//     earth glide ("made of earth or stone"), flight ("City Walls") and climb (not "a moat") it
//     touches; burrow digs under any kind.

// Fortification kinds (Combatant.FortKind).
const (
	fortAny   uint8 = iota // "": a fortification of no named kind
	fortWater              // a water barrier: moat, river
	fortEarth              // earth or stone
	fortWalls              // City Walls
	fortOther              // not a kind sortie knows (Reset refuses it)
)

// FortKinds lists the fortification kinds a file may write.
var FortKinds = []string{"water", "earth", "stone", "city walls"}

// fortKindOf reads a fortification kind ("" is fortAny).
func fortKindOf(s string) uint8 {
	switch pfarmy.Norm(s) {
	case "":
		return fortAny
	case "water":
		return fortWater
	case "earth", "stone":
		return fortEarth
	case "citywalls":
		return fortWalls
	}
	return fortOther
}

// fortDefense is what army t's fortification adds to its DV against army a (P-65), after the
// abilities that pass it: teleportation ("ignores the Defense of fortifications"), burrow and earth
// glide (under it, or "ignores fortifications made of earth or stone"), amphibious ("ignore Defense
// from water barriers"), flight ("ignores Defense bonuses from City Walls"), climb ("25% lower",
// but not a moat).
func (b *Battle) fortDefense(t, a int) int {
	u, au := &b.u[t], &b.u[a]
	f, ab := u.s.fort, au.st.Abil
	switch {
	case f <= 0:
		return 0
	case ab.Has(pfarmy.AbTeleportation), au.s.under&(1<<t) != 0:
		return 0
	case ab.Has(pfarmy.AbEarthGlide) && u.fortKind == fortEarth:
		return 0
	case au.has(pfarmy.AbAmphibious) && u.fortKind == fortWater:
		return 0
	case au.has(pfarmy.AbFlight) && u.fortKind == fortWalls:
		return 0
	case au.has(pfarmy.AbClimb) && u.fortKind != fortWater:
		return f - f/4
	}
	return f
}

// mobile reports whether army u has a mobility advantage on this battlefield: mobility in its
// terrain, or incorporeal ("a mobility advantage in all kinds of terrain").
func (b *Battle) mobile(u *unit) bool {
	if u.st.Abil.Has(pfarmy.AbIncorporeal) {
		return true
	}
	return u.st.Abil.Has(pfarmy.AbMobility) && b.field.Terrain != "" && slices.Contains(u.st.Mobile, pfarmy.TerrainKey(b.field.Terrain))
}

// omField adds army a's offense modifiers against army t from the field's abilities: mobility
// (and incorporeal's), aquatic, favored terrain.
func (b *Battle) omField(a, t int, x *acc) {
	u, tu := &b.u[a], &b.u[t]
	// Mobility: "increase the army's OM by 1 for that battle against armies without such
	// mobility"; Incorporeal: "a mobility advantage in all kinds of terrain".
	if b.mobile(u) && !b.mobile(tu) {
		k := pfarmy.AbMobility
		if u.st.Abil.Has(pfarmy.AbIncorporeal) {
			k = pfarmy.AbIncorporeal
		}
		x.add(ModAbility, uint8(k), 1)
	}
	// Aquatic: "increases its OM and DV by 1 against armies in the water or on ships ...
	// decreases its OM by 2 against armies on land (unless the army also has the amphibious
	// special ability)".
	if u.has(pfarmy.AbAquatic) {
		switch {
		case b.field.Water:
			x.add(ModAbility, uint8(pfarmy.AbAquatic), 1)
		case !u.has(pfarmy.AbAmphibious):
			x.add(ModAbility, uint8(pfarmy.AbAquatic), -2)
		}
	}
	// Favored Terrain (Ranger 3): "Reduce an enemy's bonuses from advantageous terrain and
	// battlefield advantage by half": army a's battlefield advantage OM +2 is +1 against t.
	if tu.st.Abil.Has(pfarmy.AbFavoredTerrain) && u.adv {
		x.add(ModAbility, uint8(pfarmy.AbFavoredTerrain), -1)
	}
}

// dvField adds army t's defense modifiers against army a from the field's abilities: aquatic and
// favored terrain (advantageous terrain's DV +2 and battlefield advantage's are +1 against a).
func (b *Battle) dvField(t, a int, x *acc) {
	u, au := &b.u[t], &b.u[a]
	if u.has(pfarmy.AbAquatic) && b.field.Water {
		x.add(ModAbility, uint8(pfarmy.AbAquatic), 1)
	}
	if au.st.Abil.Has(pfarmy.AbFavoredTerrain) {
		if u.terrain {
			x.add(ModAbility, uint8(pfarmy.AbFavoredTerrain), -1)
		}
		if u.adv {
			x.add(ModAbility, uint8(pfarmy.AbFavoredTerrain), -1)
		}
	}
}

// burrows reports whether army u can dig under army t's fortification: burrow, or earth glide
// ("can burrow under other fortifications as if using the burrow special ability").
func burrows(u, t *unit) bool {
	return t.s.fort > 0 && (u.st.Abil.Has(pfarmy.AbBurrow) || (u.st.Abil.Has(pfarmy.AbEarthGlide) && t.fortKind != fortEarth))
}

// burrowStart is Burrow at the start of a Ranged or Melee Phase: "The army can dig under one
// fortification (or City Walls) by spending a Ranged or Melee phase moving. In later phases, it
// ignores that fortification's Defense. During the phase the army uses burrow, it can attack or be
// attacked only by armies using burrow or earth glide." Army i is asked about the fortified enemy
// with the highest Defense it has not dug under yet.
func (b *Battle) burrowStart(i int) {
	u := &b.u[i]
	t, best := -1, 0
	for j := 0; j < b.n; j++ {
		uj := &b.u[j]
		if uj.side != u.side && uj.s.status == StatusActive && u.s.under&(1<<j) == 0 && burrows(u, uj) && uj.s.fort > best {
			t, best = j, uj.s.fort
		}
	}
	if t < 0 || !b.decide(i, AskBurrow, t) {
		return
	}
	u.s.under |= 1 << t
	u.s.p.burrowing = true
	b.abilityEvent(i, t, pfarmy.AbBurrow, 0)
}

// burrowBlocks reports whether a burrowing army keeps armies i and j apart this phase: only armies
// using burrow (or earth glide) reach one that burrows, and it attacks none that do not.
func (b *Battle) burrowBlocks(i, j int) bool {
	return b.u[i].s.p.burrowing != b.u[j].s.p.burrowing
}
