package dice

import "testing"

// scripted is a test Source that returns fixed faces in order and records the sides asked for.
// Running out of faces fails the test.
type scripted struct {
	t     testing.TB
	faces []int
	sides []int
}

func script(t testing.TB, faces ...int) *scripted { return &scripted{t: t, faces: faces} }

func (s *scripted) Roll(sides int) int {
	s.sides = append(s.sides, sides)
	if len(s.faces) == 0 {
		s.t.Fatalf("scripted source ran out of faces at roll %d (d%d)", len(s.sides), sides)
	}
	f := s.faces[0]
	s.faces = s.faces[1:]
	return f
}

// constant always returns the same face: a stuck source.
type constant int

func (c constant) Roll(int) int { return int(c) }
