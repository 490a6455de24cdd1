package dice

import (
	"math/bits"
	"math/rand/v2"
)

// Source supplies die faces.
type Source interface {
	// Roll returns a face in [1, sides]. sides >= 1.
	Roll(sides int) int
}

// Seeded is a deterministic generator (PCG, math/rand/v2) seeded by one number.
type Seeded struct {
	pcg *rand.PCG
}

// NewSeeded returns a generator seeded with seed. The same seed gives the same sequence.
func NewSeeded(seed uint64) *Seeded {
	return &Seeded{pcg: rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// Reseed resets s to the state NewSeeded(seed) starts in, without allocating.
func (s *Seeded) Reseed(seed uint64) {
	if s.pcg == nil {
		s.pcg = rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
		return
	}
	s.pcg.Seed(seed, seed^0x9e3779b97f4a7c15)
}

// Roll returns a face in [1, sides], uniformly (Lemire's unbiased bounded method).
func (s *Seeded) Roll(sides int) int {
	if sides <= 1 {
		return 1
	}
	n := uint64(sides)
	// Unbiased: reject the low values that would skew the distribution.
	x := s.pcg.Uint64()
	hi, lo := bits.Mul64(x, n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			x = s.pcg.Uint64()
			hi, lo = bits.Mul64(x, n)
		}
	}
	return int(hi) + 1
}

// Uint64 returns 64 random bits (for policies that pick among choices).
func (s *Seeded) Uint64() uint64 { return s.pcg.Uint64() }

// MarshalBinary saves the generator's state.
func (s *Seeded) MarshalBinary() ([]byte, error) { return s.pcg.MarshalBinary() }

// UnmarshalBinary restores a state saved by MarshalBinary.
func (s *Seeded) UnmarshalBinary(b []byte) error {
	if s.pcg == nil {
		s.pcg = rand.NewPCG(0, 0)
	}
	return s.pcg.UnmarshalBinary(b)
}
