package pfarmy

import (
	"fmt"
	"strconv"
	"strings"
)

// CR is a challenge rating on the ladder of P-3: 1/8, 1/6, 1/4, 1/3, 1/2, 1, 2, 3, ... It is stored as
// its rung, so that moving along the ladder is addition: rung 1 is 1/8, rung 5 is 1/2, rung 6 is CR 1
// and rung r >= 6 is CR r-5. Rungs compare like the values they stand for. The zero value means "not
// given".
type CR uint8

// The fractional rungs and CR 1.
const (
	CR1_8 CR = iota + 1 // 1/8, the lowest rung: below it there is no army (P-3)
	CR1_6               // 1/6
	CR1_4               // 1/4
	CR1_3               // 1/3
	CR1_2               // 1/2
	CR1                 // 1
)

const (
	// MaxCreatureCR is the highest CR of one creature (P-2).
	MaxCreatureCR = 30
	// MaxCR is the highest integer value a CR may hold: an ACR can pass 30 (Colossal adds 8 rungs).
	MaxCR = 40
)

var crFrac = [6][2]uint8{{0, 1}, {1, 8}, {1, 6}, {1, 4}, {1, 3}, {1, 2}}

// CRInt returns the rung of the whole challenge rating n, 1 <= n <= MaxCR, or 0 if n is out of range.
func CRInt(n int) CR {
	if n < 1 || n > MaxCR {
		return 0
	}
	return CR(n + 5)
}

// Valid reports whether c is a rung of the ladder (1/8 .. MaxCR).
func (c CR) Valid() bool { return c >= CR1_8 && c <= CR(MaxCR+5) }

// Frac returns the value as num/den in lowest terms: 1/3 gives (1, 3), 5 gives (5, 1), the zero CR
// (0, 1).
func (c CR) Frac() (num, den int) {
	if c < CR1 {
		return int(crFrac[c][0]), int(crFrac[c][1])
	}
	return int(c) - 5, 1
}

// Floor returns the value rounded down: 0 for every fraction.
func (c CR) Floor() int {
	if c < CR1 {
		return 0
	}
	return int(c) - 5
}

// Ceil returns the value rounded up: 1 for every fraction, 0 for the zero CR.
func (c CR) Ceil() int {
	switch {
	case c == 0:
		return 0
	case c < CR1:
		return 1
	}
	return int(c) - 5
}

// Shift moves c by n rungs along the ladder (P-3). ok is false when the result falls below 1/8 (not an
// army) or above MaxCR.
func (c CR) Shift(n int) (r CR, ok bool) {
	x := int(c) + n
	if x < int(CR1_8) || x > MaxCR+5 {
		return 0, false
	}
	return CR(x), true
}

// String formats the CR as the books write it: "1/3", "2". The zero CR is "none"; a value off the
// ladder is "cr(N)".
func (c CR) String() string {
	switch {
	case c == 0:
		return "none"
	case !c.Valid():
		return "cr(" + strconv.Itoa(int(c)) + ")"
	case c < CR1:
		return "1/" + strconv.Itoa(int(crFrac[c][1]))
	}
	return strconv.Itoa(int(c) - 5)
}

// ParseCR reads "1/8", "1/6", "1/4", "1/3", "1/2" or a whole number 1..MaxCR.
func ParseCR(s string) (CR, error) {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "1/") {
		for r := CR1_8; r < CR1; r++ {
			if t[2:] == strconv.Itoa(int(crFrac[r][1])) {
				return r, nil
			}
		}
	} else if n, err := strconv.Atoi(t); err == nil && n >= 1 && n <= MaxCR {
		return CRInt(n), nil
	}
	return 0, fmt.Errorf("cr %q is not on the ladder 1/8, 1/6, 1/4, 1/3, 1/2, 1, 2 ... %d", s, MaxCR)
}

// MarshalText writes the CR as String does; the zero CR is an error.
func (c CR) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("cr %d is not on the ladder", int(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText reads what ParseCR reads.
func (c *CR) UnmarshalText(b []byte) error {
	v, err := ParseCR(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Covers reports whether the whole number n is at most c (n <= num/den, exactly).
func (c CR) Covers(n int) bool {
	num, den := c.Frac()
	return n*den <= num
}

// XP returns the experience of an encounter of challenge rating c (P-11: defeating an army is worth an
// encounter with CR = ACR), from the Pathfinder experience table: 1/8 50, 1/6 65, 1/4 100, 1/3 135,
// 1/2 200, 1 400, 2 600, 3 800, then x2 every two CR (4 1,200, 5 1,600 ... 20 307,200).
func XP(c CR) int {
	if !c.Valid() {
		return 0
	}
	if c < CR1 {
		return [...]int{0, 50, 65, 100, 135, 200}[c]
	}
	n := c.Floor()
	switch {
	case n == 1:
		return 400
	case n%2 == 0:
		return 600 << (n/2 - 1)
	}
	return 800 << ((n-1)/2 - 1)
}

// Size is an army's size (P-2). The zero value means "not given".
type Size uint8

// Army sizes, smallest first.
const (
	SizeFine Size = iota + 1
	SizeDiminutive
	SizeTiny
	SizeSmall
	SizeMedium
	SizeLarge
	SizeHuge
	SizeGargantuan
	SizeColossal
)

var sizeNames = [...]string{"", "Fine", "Diminutive", "Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan", "Colossal"}
var sizeUnits = [...]int{0, 1, 10, 25, 50, 100, 200, 500, 1000, 2000}

// Valid reports whether s is one of the nine sizes.
func (s Size) Valid() bool { return s >= SizeFine && s <= SizeColossal }

// Units is the number of creatures in an army of size s (P-2): Fine 1 ... Colossal 2,000.
func (s Size) Units() int {
	if !s.Valid() {
		return 0
	}
	return sizeUnits[s]
}

// Rungs is how far size s moves the unit CR along the ladder (P-2): Fine -8, Medium 0, Colossal +8.
func (s Size) Rungs() int {
	if !s.Valid() {
		return 0
	}
	return 2*int(s) - 10
}

// String returns the size name, "Fine" .. "Colossal".
func (s Size) String() string {
	if !s.Valid() {
		return "size(" + strconv.Itoa(int(s)) + ")"
	}
	return sizeNames[s]
}

// ParseSize reads a size name, ignoring case.
func ParseSize(s string) (Size, error) {
	for i := SizeFine; i <= SizeColossal; i++ {
		if strings.EqualFold(strings.TrimSpace(s), sizeNames[i]) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown army size %q (Fine, Diminutive, Tiny, Small, Medium, Large, Huge, Gargantuan, Colossal)", s)
}

// MarshalText writes the size name.
func (s Size) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, fmt.Errorf("invalid army size %d", int(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a size name.
func (s *Size) UnmarshalText(b []byte) error {
	v, err := ParseSize(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// KingdomPenalty is what the owning kingdom loses when an army is destroyed (P-57); the values are
// zero or negative. Unrest is the kingdom's Stability loss.
type KingdomPenalty struct {
	Economy, Loyalty, Stability int
}

var sizePenalty = [...]KingdomPenalty{{}, {0, 0, 0}, {0, -1, 0}, {-1, -1, 0}, {-1, -1, -1}, {-2, -2, -2},
	{-3, -2, -2}, {-4, -2, -2}, {-4, -2, -3}, {-4, -3, -3}}

// Penalty returns the kingdom penalty for losing an army of size s (P-57).
func (s Size) Penalty() KingdomPenalty {
	if !s.Valid() {
		return KingdomPenalty{}
	}
	return sizePenalty[s]
}

// HitDie is the hit die of the army's creatures by its number of sides: 6, 8, 10 or 12 (P-4).
type HitDie uint8

// The hit dice.
const (
	D6  HitDie = 6
	D8  HitDie = 8
	D10 HitDie = 10
	D12 HitDie = 12
)

// Valid reports whether h is d6, d8, d10 or d12.
func (h HitDie) Valid() bool { return h == D6 || h == D8 || h == D10 || h == D12 }

// String returns "d6" .. "d12".
func (h HitDie) String() string { return "d" + strconv.Itoa(int(h)) }

// ParseHitDie reads "d8", "D8" or "8".
func ParseHitDie(s string) (HitDie, error) {
	t := strings.TrimPrefix(strings.ToLower(strings.TrimSpace(s)), "d")
	n, err := strconv.Atoi(t)
	if err != nil || n < 6 || n > 12 || !HitDie(n).Valid() {
		return 0, fmt.Errorf("hit die %q is not d6, d8, d10 or d12", s)
	}
	return HitDie(n), nil
}

// MarshalText writes "d8".
func (h HitDie) MarshalText() ([]byte, error) {
	if !h.Valid() {
		return nil, fmt.Errorf("invalid hit die %d", int(h))
	}
	return []byte(h.String()), nil
}

// UnmarshalText reads what ParseHitDie reads.
func (h *HitDie) UnmarshalText(b []byte) error {
	v, err := ParseHitDie(string(b))
	if err != nil {
		return err
	}
	*h = v
	return nil
}
