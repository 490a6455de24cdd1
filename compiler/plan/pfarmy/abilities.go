package pfarmy

import (
	"fmt"
	"strconv"
	"sync"
)

// Army special abilities (P-1; Ultimate Campaign, Mass Combat, "Special Abilities"). An ability is
// written by its published name ("fear", "regeneration", "bravery") with a value where it has one
// (regeneration 40, bravery +1, spellcasting 2), or under any other name as a generic modifier:
// om, dv, damage and morale, applied when its When says. The published effects are the engine's
// (offense.go, resolve.go, abilityfx.go); the table below names them, their aliases and the
// immunities that stop them.

// AbilityKind is a published army special ability, or AbGeneric for an author's own.
type AbilityKind uint8

// The abilities the engine plays. The comment is the published effect as the engine reads it.
const (
	AbGeneric            AbilityKind = iota // an author's own: om, dv, damage, morale under When
	AbBleed                                 // damaging in melee: the target takes 1d6 at the start of the next phase
	AbBreathWeapon                          // ranged attacks; +1d4 damage in Ranged and Melee Phases when it deals damage
	AbFear                                  // damaging: the target checks morale (DC 10 + ACR) or is afraid next phase (no offense check); failing while afraid, it routs
	AbFerocity                              // destroyed or routed: fights one more Melee Phase at OM and DV -4
	AbFastHealing                           // heals half its value each Ranged and Melee Phase; its value an hour outside battle
	AbRegeneration                          // as fast healing; at 0 hp destroyed only if an enemy army is left at the end of the phase
	AbFlight                                // may hold aloft in a Melee Phase (no attack): then only flyers reach it in melee, others only with ranged attacks
	AbIncorporeal                           // no damage from nonmagical attacks, half from magical; ignores armor; withdraws at will; mobility
	AbSwarm                                 // half damage from nonmagical attacks, 1.5 times from magical; ignores armor; cannot harm incorporeal or significant defense; withdraws at will
	AbMindless                              // never fails a morale check; Standard tactic and strategy only; its captives are killed
	AbParalysis                             // each time it damages an army, that army's DV -1 for the battle
	AbTrip                                  // each Melee Phase its target's DV -1 for the phase
	AbSignificantDefense                    // DV +10 against armies that cannot overcome it (Overcome)
	AbSpellResistance                       // DV +6 against spellcasting armies
	AbRage                                  // once a battle, on order: OM +2, DV -1, +1 on fear and rout checks; no cautious tactics or strategies
	AbSmiteEvil                             // one Melee Phase a battle: OM +2 against an evil army, +4 against undead or evil outsiders
	AbBravery                               // +Value on morale checks against fear and routs only
	AbUndead                                // immune to disease, fear, paralysis and poison; DV +2
	AbConstruct                             // immune to disease, fear, paralysis and poison
	AbPlant                                 // immune to fear, paralysis and poison
	AbImmunity                              // immune to the abilities named in Of
	AbDarkvision                            // no OM or DV penalty in dim light or darkness
	AbLowLightVision                        // no penalty in dim light
	AbScent                                 // halves the penalties of darkness, invisibility and weather
	AbBlindsight                            // no penalties from darkness, invisibility or weather
	AbSpellcasting                          // OM and DV +Value (the highest spell level); Spellbreaker and spell resistance apply
	AbAuraOfCourage                         // immune to fear; never routs on a failed rout check
	AbInspireCourage                        // OM +1; +2 on morale checks against fear and routs
	AbGrab                                  // an army it attacks takes -2 on rout checks and withdrawal checks for the battle
	AbEvasion                               // attackers' spellcasting OM and breath weapon damage halved
	AbInvisibility                          // attackers OM -2; the armies it attacks DV -2; unseen armies cannot stop its withdrawal
	AbRake                                  // +1 damage when it deals damage
	AbPounce                                // OM +1
	AbMount                                 // OM +1, DV +1 (the cavalier's mount)
	AbShieldAlly                            // DV +1
	AbRockThrowing                          // ranged attacks; +4 damage in the Ranged Phase
	AbRockCatching                          // DV +1 against ranged attacks, +2 against siege engines and thrown rocks
	AbSneakAttack                           // OM +1 when ambushing, with Expert Flankers, or the phase after a False Retreat
	AbLightSensitivity                      // OM -1 in bright light
	AbLightBlindness                        // OM -2 in bright light
	AbTeleportation                         // ignores fortifications; withdraws at will
	AbTrack                                 // +ACR against a withdrawal and on DV against an ambush; fog cuts its damage by a quarter
	AbFlurryOfBlows                         // OM +1 in the first Melee Phase, +2 in later ones
	AbClimb                                 // treats fortification Defense as 25% lower
	AbTactician                             // the tactic in Of does not count toward the tactics an army may know
	AbCannibalize                           // consumption -1 (minimum 0) in a week the army wins a battle
	AbNoBattleEffect                        // a published ability whose effect is outside battles (armor training: speed; brew potion)
	AbKiPool                                // its attacks count as magic weapons (incorporeal, swarm, significant defense "magic")
	AbChannelPositive                       // Melee Phase: +1d4 damage against an undead army when it deals damage
	AbChannelNegative                       // Melee Phase: +1d4 damage against a living army when it deals damage
	AbFavoredEnemy                          // OM +1 against armies of the creature types in Of
	// Issue 24's abilities (abilityonce.go, abilityfield.go).
	AbAlchemy              // once a battle: a healing potion that costs no BP
	AbAquatic              // OM and DV +1 against armies in the water; OM -2 against armies on land unless amphibious
	AbAmphibious           // ignores the Defense of water barriers; no aquatic penalty on land
	AbBurrow               // spends a phase digging under an enemy's fortification, then ignores it
	AbChallenge            // once a battle: OM +2 against one army, DV -1 against the others, for the battle
	AbCombatStyle          // once a battle: OM +1 for ranged or melee attacks for the battle
	AbCreateSandstorm      // once a battle: a sandstorm for the rest of the battle
	AbCreateSpawn          // destroying a living army of its size or larger: heals 2 x ACR
	AbDisease              // damaging: the target is diseased after the battle
	AbEarthGlide           // ignores earth or stone fortifications; burrows under others
	AbEnergyDrain          // damaging: the target's OM and DV -1 for the battle
	AbFavoredTerrain       // halves an enemy's advantageous terrain and battlefield advantage
	AbHex                  // Of healing: once a battle heals half its ACR; Of cauldron: no battle effect
	AbHuntersBond          // Of companions: once a battle OM +1 for the battle; Of animal: OM +1
	AbJudgment             // each phase: damage +1, DV +1, heals half its ACR, or magic weapons
	AbMobility             // OM +1 in the terrains of Of against armies without such mobility
	AbOrder                // with challenge: DV +1 against the challenged army
	AbPoisonResistance     // poison damage it takes -Value/2
	AbTrapSense            // Siegebreaker's second check + half its ACR
	AbUnnaturalAura        // fear against animals and mounted armies only
	AbVortex               // paralysis against armies in the water only
	AbWeaponSpecialization // once a battle: OM +2 on one check (ranged or melee)
	AbWildShape            // once a battle: gains the abilities in Of, loses spellcasting
	AbDivineHealth         // immune to disease
	AbMercy                // at the end of a battle: cures one diseased allied army (itself included)
	NumAbilityKinds
)

// abilityInfo holds each kind's name as written, its other published names, and whether it
// takes a value (regeneration 40).
var abilityInfo = [NumAbilityKinds]struct {
	name    string
	aliases []string
	value   bool
}{
	AbGeneric:              {"", nil, false},
	AbBleed:                {"bleed", []string{"ability damage", "ability drain", "burn", "discovery", "poison", "rogue talent"}, false},
	AbBreathWeapon:         {"breath weapon", []string{"bomb"}, false},
	AbFear:                 {"fear", nil, false},
	AbFerocity:             {"ferocity", nil, false},
	AbFastHealing:          {"fast healing", nil, true},
	AbRegeneration:         {"regeneration", nil, true},
	AbFlight:               {"flight", nil, false},
	AbIncorporeal:          {"incorporeal", nil, false},
	AbSwarm:                {"swarm", nil, false},
	AbMindless:             {"mindless", nil, false},
	AbParalysis:            {"paralysis", []string{"petrification", "stunning fist", "whirlwind"}, false},
	AbTrip:                 {"trip", nil, false},
	AbSignificantDefense:   {"significant defense", []string{"damage reduction", "resistance"}, false},
	AbSpellResistance:      {"spell resistance", nil, false},
	AbRage:                 {"rage", nil, false},
	AbSmiteEvil:            {"smite evil", nil, false},
	AbBravery:              {"bravery", nil, true},
	AbUndead:               {"undead", nil, false},
	AbConstruct:            {"construct", nil, false},
	AbPlant:                {"plant", nil, false},
	AbImmunity:             {"immunity", []string{"immune"}, false},
	AbDarkvision:           {"darkvision", nil, false},
	AbLowLightVision:       {"low-light vision", nil, false},
	AbScent:                {"scent", []string{"blindsense", "tremorsense"}, false},
	AbBlindsight:           {"blindsight", nil, false},
	AbSpellcasting:         {"spellcasting", nil, true},
	AbAuraOfCourage:        {"aura of courage", nil, false},
	AbInspireCourage:       {"inspire courage", nil, false},
	AbGrab:                 {"grab", nil, false},
	AbEvasion:              {"evasion", nil, false},
	AbInvisibility:         {"invisibility", nil, false},
	AbRake:                 {"rake", []string{"rend"}, false},
	AbPounce:               {"pounce", []string{"powerful charge", "trample", "animal companion", "eidolon"}, false},
	AbMount:                {"mount", nil, false},
	AbShieldAlly:           {"shield ally", nil, false},
	AbRockThrowing:         {"rock throwing", nil, false},
	AbRockCatching:         {"rock catching", nil, false},
	AbSneakAttack:          {"sneak attack", nil, false},
	AbLightSensitivity:     {"light sensitivity", nil, false},
	AbLightBlindness:       {"light blindness", nil, false},
	AbTeleportation:        {"teleportation", nil, false},
	AbTrack:                {"track", nil, false},
	AbFlurryOfBlows:        {"flurry of blows", nil, false},
	AbClimb:                {"climb", nil, false},
	AbTactician:            {"tactician", nil, false},
	AbCannibalize:          {"cannibalize", nil, false},
	AbNoBattleEffect:       {"armor training", []string{"brew potion"}, false},
	AbKiPool:               {"ki pool", nil, false},
	AbChannelPositive:      {"channel positive energy", []string{"lay on hands"}, false},
	AbChannelNegative:      {"channel negative energy", nil, false},
	AbFavoredEnemy:         {"favored enemy", nil, false},
	AbAlchemy:              {"alchemy", nil, false},
	AbAquatic:              {"aquatic", nil, false},
	AbAmphibious:           {"amphibious", nil, false},
	AbBurrow:               {"burrow", nil, false},
	AbChallenge:            {"challenge", nil, false},
	AbCombatStyle:          {"combat style", nil, false},
	AbCreateSandstorm:      {"create sandstorm", nil, false},
	AbCreateSpawn:          {"create spawn", nil, false},
	AbDisease:              {"disease", nil, false},
	AbEarthGlide:           {"earth glide", nil, false},
	AbEnergyDrain:          {"energy drain", nil, false},
	AbFavoredTerrain:       {"favored terrain", nil, false},
	AbHex:                  {"hex", nil, false},
	AbHuntersBond:          {"hunter's bond", nil, false},
	AbJudgment:             {"judgment", nil, false},
	AbMobility:             {"mobility", []string{"mobility advantage"}, false},
	AbOrder:                {"order", nil, false},
	AbPoisonResistance:     {"poison resistance", nil, true},
	AbTrapSense:            {"trap sense", nil, false},
	AbUnnaturalAura:        {"unnatural aura", nil, false},
	AbVortex:               {"vortex", nil, false},
	AbWeaponSpecialization: {"weapon specialization", nil, false},
	AbWildShape:            {"wild shape", nil, false},
	AbDivineHealth:         {"divine health", nil, false},
	AbMercy:                {"mercy", nil, false},
}

// abilityNorm maps every folded published name and alias to its kind; built at its first use,
// not at start-up (issue 29).
var abilityNorm = sync.OnceValue(func() map[string]AbilityKind {
	m := map[string]AbilityKind{}
	for k := AbBleed; k < NumAbilityKinds; k++ {
		m[Norm(abilityInfo[k].name)] = k
		for _, a := range abilityInfo[k].aliases {
			m[Norm(a)] = k
		}
	}
	return m
})

// AbilityOf returns the published ability a name stands for (any case, spaces or hyphens), or
// AbGeneric for a name the rules do not publish.
func AbilityOf(name string) AbilityKind {
	if k, ok := abilityNorm()[Norm(name)]; ok {
		return k
	}
	return AbGeneric
}

// AbilityNames lists the published names and aliases, for suggestions.
func AbilityNames() []string {
	var out []string
	for k := AbBleed; k < NumAbilityKinds; k++ {
		out = append(out, abilityInfo[k].name)
		out = append(out, abilityInfo[k].aliases...)
	}
	return out
}

// String returns the published name, "generic" for AbGeneric.
func (k AbilityKind) String() string {
	if k == AbGeneric {
		return "generic"
	}
	if k < NumAbilityKinds {
		return abilityInfo[k].name
	}
	return "ability(" + strconv.Itoa(int(k)) + ")"
}

// TakesValue reports whether the ability is written with a number (regeneration 40).
func (k AbilityKind) TakesValue() bool { return k < NumAbilityKinds && abilityInfo[k].value }

// AbilitySet is a set of ability kinds, one bit each (two words: 77 kinds, room for 128).
type AbilitySet [2]uint64

// Has reports whether k is in the set.
func (s AbilitySet) Has(k AbilityKind) bool { return k < NumAbilityKinds && s[k>>6]&(1<<(k&63)) != 0 }

// With returns the set with k added.
func (s AbilitySet) With(k AbilityKind) AbilitySet {
	if k >= NumAbilityKinds {
		return s
	}
	s[k>>6] |= 1 << (k & 63)
	return s
}

// Without returns the set with k removed.
func (s AbilitySet) Without(k AbilityKind) AbilitySet {
	if k < NumAbilityKinds {
		s[k>>6] &^= 1 << (k & 63)
	}
	return s
}

// Any reports whether the sets share a kind.
func (s AbilitySet) Any(o AbilitySet) bool { return s[0]&o[0] != 0 || s[1]&o[1] != 0 }

// Union is every kind in either set.
func (s AbilitySet) Union(o AbilitySet) AbilitySet { return AbilitySet{s[0] | o[0], s[1] | o[1]} }

// Not is every kind not in the set.
func (s AbilitySet) Not() AbilitySet { return AbilitySet{^s[0], ^s[1]} }

// When says when a generic ability's modifiers apply.
type When uint8

// When values.
const (
	WhenAlways        When = iota // every check (the stat block's OM and DV include it)
	WhenRanged                    // exchanges at range (Ranged Phases)
	WhenMelee                     // Melee Phases
	WhenFirstMelee                // the first Melee Phase
	WhenVsMounted                 // against mounted armies
	WhenVsUnmounted               // against armies without mounts
	WhenVsSpellcaster             // against spellcasting armies
	WhenVsUndead                  // against undead armies
	WhenVsEvil                    // against evil armies
	WhenVsFortified               // against an army using a fortification
	WhenFearAndRout               // morale: only checks against fear and routs (as bravery)
	WhenWithdraw                  // morale: only withdrawal checks (to withdraw or to stop one)
	NumWhen
)

var whenNames = [NumWhen]string{"always", "ranged", "melee", "first melee", "vs mounted", "vs unmounted",
	"vs spellcasting", "vs undead", "vs evil", "vs fortified", "fear and rout", "withdraw"}

// WhenNames lists the values a file may write for when, "always" first.
func WhenNames() []string { return whenNames[:] }

// String returns the name as a file writes it.
func (w When) String() string {
	if w < NumWhen {
		return whenNames[w]
	}
	return "when(" + strconv.Itoa(int(w)) + ")"
}

// ParseWhen reads a when name ("" is always).
func ParseWhen(s string) (When, error) {
	if s == "" {
		return WhenAlways, nil
	}
	n := Norm(s)
	for w := WhenAlways; w < NumWhen; w++ {
		if n == Norm(whenNames[w]) {
			return w, nil
		}
	}
	return 0, fmt.Errorf("unknown when %q", s)
}

// situational reports whether w depends on the battle (the stat block leaves it out).
func (w When) Situational() bool { return w != WhenAlways }

// CondMod is a generic ability's modifiers that apply only under When (the battle adds them).
type CondMod struct {
	When                   When
	OM, DV, Damage, Morale int8
}

// AlignmentEvil reports whether a two-letter alignment ("CE", "NE", "LE") is evil.
func AlignmentEvil(a string) bool { return len(a) == 2 && (a[1] == 'E' || a[1] == 'e') }

// Alignments lists the alignments a file may write.
var Alignments = []string{"LG", "NG", "CG", "LN", "N", "CN", "LE", "NE", "CE"}

// CreatureTypes lists the creature types a file may write (smite evil's +4 against undead and evil
// outsiders).
var CreatureTypes = []string{"aberration", "animal", "construct", "dragon", "fey", "humanoid", "magical beast",
	"monstrous humanoid", "ooze", "outsider", "plant", "undead", "vermin"}
