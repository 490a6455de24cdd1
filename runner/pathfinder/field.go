package pathfinder

import (
	"fmt"
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The battlefield: the conditions that touch every army (P-65).

// Field holds the battlefield conditions that touch every army (P-65; Battlefield Conditions).
// Darkvision ignores darkness and dim light, low-light vision dim light; scent, blindsense and
// tremorsense halve the penalties of darkness and weather, blindsight ignores them; with both
// darkness and dim light set, darkness applies.
type Field struct {
	Darkness    bool `json:"darkness"`    // OM -2, DV -3
	DimLight    bool `json:"dimLight"`    // OM -1
	Fog         bool `json:"fog"`         // damage halved (at least 1), +2 on Withdraw morale checks
	Sandstorm   bool `json:"sandstorm"`   // as fog, and 1 damage to every army each Ranged and Melee Phase
	Rain        bool `json:"rain"`        // OM in the Ranged Phase as severe wind: -4
	Snow        bool `json:"snow"`        // ranged as rain (-4 in the Ranged Phase), damage as fog (halved)
	Wind        Wind `json:"wind"`        // OM in the Ranged Phase: strong -2, severe -4; windstorm or worse: no ranged attacks
	BrightLight bool `json:"brightLight"` // light sensitivity OM -1, light blindness OM -2
	// Terrain is the battlefield's terrain ("swamp", "forest"; "" unknown): where mobility gives
	// its OM +1 (Special Abilities: Mobility).
	Terrain string `json:"terrain,omitempty"`
	// Water: the battle is fought in the water or on ships, so every army is "in the water" for
	// aquatic and vortex (Special Abilities); otherwise every army is on land.
	Water bool `json:"water,omitempty"`
}

// Wind is the wind's force on the battlefield (Core Rulebook, Table: Wind Effects).
type Wind uint8

// Wind forces.
const (
	WindNone Wind = iota
	WindLight
	WindModerate
	WindStrong    // ranged attacks -2
	WindSevere    // ranged attacks -4
	WindWindstorm // ranged attacks impossible
	WindHurricane
	WindTornado
	numWinds
)

var windNames = [numWinds]string{"none", "light", "moderate", "strong", "severe", "windstorm", "hurricane", "tornado"}

// WindNames lists the wind forces a file may write, "none" first.
func WindNames() []string { return windNames[:] }

// String returns the force's name.
func (w Wind) String() string {
	if w < numWinds {
		return windNames[w]
	}
	return "wind(" + strconv.Itoa(int(w)) + ")"
}

// ParseWind reads a wind force's name ("" is none).
func ParseWind(s string) (Wind, error) {
	if s == "" {
		return WindNone, nil
	}
	for w := WindNone; w < numWinds; w++ {
		if s == windNames[w] {
			return w, nil
		}
	}
	return 0, fmt.Errorf("unknown wind %q (none, light, moderate, strong, severe, windstorm, hurricane, tornado)", s)
}

// rangedPenalty is the OM penalty of ranged attacks in the Ranged Phase (as a positive number), or
// -1 when ranged attacks are impossible: the wind's, or severe wind's for rain and snow, whichever
// is worse (Battlefield Conditions: Rain, Snow, Wind).
func (f *Field) rangedPenalty() int {
	p := 0
	switch f.Wind {
	case WindStrong:
		p = 2
	case WindSevere:
		p = 4
	case WindWindstorm, WindHurricane, WindTornado:
		return -1
	}
	if f.Rain || f.Snow {
		p = max(p, 4)
	}
	return p
}

// foggy reports whether damage is halved: fog, sandstorm (counts as fog) or snow (damage as fog).
func (f *Field) foggy() bool { return f.Fog || f.Sandstorm || f.Snow }

// FieldOf is the battlefield of a plan's conditions (P-65). An unknown wind is an error.
func FieldOf(c plan.Conditions) (Field, error) {
	w, err := ParseWind(c.Wind)
	return Field{Darkness: c.Darkness, DimLight: c.DimLight, Fog: c.Fog, Sandstorm: c.Sandstorm, Rain: c.Rain,
		Snow: c.Snow, Wind: w, BrightLight: c.BrightLight, Terrain: c.Terrain, Water: c.Water}, err
}

// ConditionsOf writes a battlefield for a plan.
func ConditionsOf(f Field) plan.Conditions {
	c := plan.Conditions{Darkness: f.Darkness, DimLight: f.DimLight, Fog: f.Fog, Sandstorm: f.Sandstorm, Rain: f.Rain,
		Snow: f.Snow, BrightLight: f.BrightLight, Terrain: f.Terrain, Water: f.Water}
	if f.Wind != WindNone {
		c.Wind = f.Wind.String()
	}
	return c
}
