package pathfinder

import (
	"fmt"
	"strconv"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Strategy is a rung of the strategy track (P-51). The zero value means "none chosen yet" (before the
// first Melee Phase, and at range: P-50).
type Strategy uint8

// The strategy track, rung 1 to 5.
const (
	StratNone       Strategy = iota
	StratDefensive           // DV +4, OM -4, damage -6
	StratCautious            // DV +2, OM -2, damage -3
	StratStandard            // 0, 0, 0
	StratAggressive          // DV -2, OM +2, damage +3
	StratReckless            // DV -4, OM +4, damage +6
	numStrategies
)

var strategyInfo = [numStrategies]struct {
	name, ja    string
	dv, om, dmg int8
}{
	StratNone:       {"none", "", 0, 0, 0},
	StratDefensive:  {"Defensive", "防御的", 4, -4, -6},
	StratCautious:   {"Cautious", "警戒", 2, -2, -3},
	StratStandard:   {"Standard", "標準", 0, 0, 0},
	StratAggressive: {"Aggressive", "攻撃的", -2, 2, 3},
	StratReckless:   {"Reckless", "無謀", -4, 4, 6},
}

// Valid reports whether s is one of the five rungs (StratNone is not).
func (s Strategy) Valid() bool { return s >= StratDefensive && s <= StratReckless }

// Modifiers returns the rung's DV, OM and damage modifiers (P-51); all zero for StratNone.
func (s Strategy) Modifiers() (dv, om, damage int) {
	if s >= numStrategies {
		return 0, 0, 0
	}
	i := strategyInfo[s]
	return int(i.dv), int(i.om), int(i.dmg)
}

// Effect says the rung's modifiers in words, "DV +2, OM -2, damage -3 (P-51)"; "no modifiers
// (P-51)" for Standard, "" for StratNone.
func (s Strategy) Effect() string {
	if !s.Valid() {
		return ""
	}
	dv, om, dmg := s.Modifiers()
	if dv == 0 && om == 0 && dmg == 0 {
		return "no modifiers, P-51"
	}
	return fmt.Sprintf("DV %+d, OM %+d, damage %+d, P-51", dv, om, dmg)
}

// String returns the English name, e.g. "Aggressive".
func (s Strategy) String() string {
	if s >= numStrategies {
		return "strategy(" + strconv.Itoa(int(s)) + ")"
	}
	return strategyInfo[s].name
}

// ParseStrategy reads a rung's English or Japanese name.
func ParseStrategy(s string) (Strategy, error) {
	n := pfarmy.Norm(s)
	for r := StratDefensive; r <= StratReckless; r++ {
		if n == pfarmy.Norm(strategyInfo[r].name) || n == strategyInfo[r].ja {
			return r, nil
		}
	}
	return 0, fmt.Errorf("unknown strategy %q (Defensive, Cautious, Standard, Aggressive, Reckless)", s)
}

// Phase is a battle phase (P-15).
type Phase uint8

// The phases.
const (
	PhaseNone    Phase = iota
	PhaseTactics       // choose tactics (P-22)
	PhaseRanged        // ranged attacks only (P-48)
	PhaseMelee         // strategy track, every army attacks (P-51)
)

// String returns "tactics", "ranged" or "melee".
func (p Phase) String() string {
	switch p {
	case PhaseTactics:
		return "tactics"
	case PhaseRanged:
		return "ranged"
	case PhaseMelee:
		return "melee"
	}
	return "none"
}

// Status is where an army stands in a battle.
type Status uint8

// Army statuses.
const (
	StatusActive    Status = iota // still fighting (or, after the battle, on the field)
	StatusRouted                  // routed and left the field (P-55)
	StatusDestroyed               // hp fell to 0 or below (P-57)
	StatusWithdrawn               // withdrew successfully (P-25, P-62)
)

// String returns "active", "routed", "destroyed" or "withdrawn".
func (s Status) String() string {
	switch s {
	case StatusActive:
		return "active"
	case StatusRouted:
		return "routed"
	case StatusDestroyed:
		return "destroyed"
	case StatusWithdrawn:
		return "withdrawn"
	}
	return "status(" + strconv.Itoa(int(s)) + ")"
}

// Fate is what became of a destroyed army's commander (P-58).
type Fate uint8

// Commander fates.
const (
	FateNone     Fate = iota // the army was not destroyed, or had no commander present
	FateKilled               // d100 01-20
	FateCaptured             // d100 21-70
	FateEscaped              // d100 71-00
	FatePC                   // a PC commander: may escape at <= 25% of their hp, else captured (runner's call)
)

// String returns "none", "killed", "captured", "escaped" or "pc".
func (f Fate) String() string {
	switch f {
	case FateNone:
		return "none"
	case FateKilled:
		return "killed"
	case FateCaptured:
		return "captured"
	case FateEscaped:
		return "escaped"
	case FatePC:
		return "pc"
	}
	return "fate(" + strconv.Itoa(int(f)) + ")"
}

// FateOf maps a d100 face (1..100, where 100 is "00") to an NPC commander's fate (P-58).
func FateOf(d100 int) Fate {
	switch {
	case d100 <= 20:
		return FateKilled
	case d100 <= 70:
		return FateCaptured
	}
	return FateEscaped
}
