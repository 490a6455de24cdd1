package pfarmy

import (
	"slices"
	"strings"
)

// Reading issue 24's abilities as written (Ultimate Campaign, Mass Combat, Special Abilities): the
// choices a few of them take in of (hex, hunter's bond, mobility, wild shape) and poison
// resistance's value. Findings are M001 at the ability's field.

// WildForms are the abilities wild shape may give (Wild Shape, Druid 4: "the aquatic, amphibious,
// climb, darkvision, flight, low-light vision, or scent special abilities").
var WildForms = []AbilityKind{AbAquatic, AbAmphibious, AbClimb, AbDarkvision, AbFlight, AbLowLightVision, AbScent}

// ability24 reads one of issue 24's abilities k, written as ab at field, into the statistics.
func (d *deriver) ability24(k AbilityKind, ab Ability, field string) {
	st, p := &d.st, &d.st.Parts
	switch k {
	case AbHex:
		// Hex (Witch 1): "When you create an army with this ability, choose either healing or
		// cauldron." Cauldron works as brew potion: nothing in a battle.
		switch {
		case len(ab.Of) == 1 && Norm(ab.Of[0]) == "healing":
			st.HexHealing = true
		case len(ab.Of) == 1 && Norm(ab.Of[0]) == "cauldron":
		default:
			d.add(CodeInvalid, field+".of", "hex names the one hex chosen when the army was created: of: [\"healing\"] or of: [\"cauldron\"]")
		}
	case AbHuntersBond:
		// Hunter's Bond (Ranger 4): "choose either companions or animal"; animal "functions as
		// animal companion" (OM +1, in the stat block).
		switch {
		case len(ab.Of) == 1 && Norm(ab.Of[0]) == "companions":
			st.Companions = true
		case len(ab.Of) == 1 && Norm(ab.Of[0]) == "animal":
			p.AbilityOM++
		default:
			d.add(CodeInvalid, field+".of", "hunter's bond names the bond chosen when the army was created: of: [\"companions\"] or of: [\"animal\"]")
		}
	case AbMobility:
		// Mobility: "a form of mobility that gives them an advantage in the battlefield's terrain
		// (such as boggards in a swamp)": of names the terrains.
		if len(ab.Of) == 0 {
			d.add(CodeInvalid, field+".of", "mobility names the terrains it gives an advantage in (of: [\"swamp\"])")
		}
		for _, o := range ab.Of {
			if t := TerrainKey(o); t != "" && !slices.Contains(st.Mobile, t) {
				st.Mobile = append(st.Mobile, t)
			}
		}
	case AbWildShape:
		if len(ab.Of) == 0 {
			d.add(CodeInvalid, field+".of", "wild shape names the abilities its form gives (of: [\"flight\", \"darkvision\"]: aquatic, amphibious, climb, darkvision, flight, low-light vision or scent)")
		}
		for _, o := range ab.Of {
			f := AbilityOf(o)
			if !slices.Contains(WildForms, f) {
				d.add(CodeInvalid, field+".of", "wild shape cannot give %q: aquatic, amphibious, climb, darkvision, flight, low-light vision or scent", o)
				continue
			}
			st.WildForm = st.WildForm.With(f)
		}
	case AbPoisonResistance:
		st.PoisonRes += ab.Value
	case AbDivineHealth:
		// Divine Health (Paladin 3): "The army is immune to disease." Disease marks the armies it
		// damages (their cumulative penalty comes after the battle); this army it does not.
		d.immune("disease")
	}
}

// TerrainKey folds a terrain's name for mobility ("Swamps" and "swamp" match); "" for none.
func TerrainKey(s string) string {
	n := Norm(s)
	if len(n) > 3 && strings.HasSuffix(n, "s") && !strings.HasSuffix(n, "ss") {
		n = n[:len(n)-1]
	}
	return n
}
