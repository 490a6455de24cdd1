package clashrules

// Limits a plan must keep to (a hand-edited plan beyond them is refused, not run slowly); vet
// checks a battle file against the same (compiler/clash).
const (
	MaxGrid   = 100 // squares a side (2,000 ft)
	MaxHeight = 50  // 20-ft steps
	MaxStands = 400 // stands in a battle
	MaxUnits  = 100
	MaxSolos  = 100
	MaxAreaFt = 400 // an area's size (a 400-ft radius is 20 squares)
	MaxHP     = 100000
	// MaxDamageParts is the most parts one damage roll may have ("1d8+2 slashing plus 2d6 fire").
	MaxDamageParts = 8
)

// SquaresForRange converts a range in ft to the farthest square it reaches (U-37): from the edge of
// the attacker's space a square counts when the range extends at least 10 ft into it, so
// max(1, floor((ft + 10) / 20)); measured from the centre of its square, max(1, floor(ft / 20)).
// Adjacent squares are always in range.
func SquaresForRange(ft int, origin RangeOrigin) int {
	if origin == RangeCenter {
		return max(1, ft/20)
	}
	return max(1, (ft+10)/20)
}
