package clash

import (
	"bytes"
	"os"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner"
)

// harrowSetup is the bundled field battle (testdata/harrow-field.json) set up with default rules.
func harrowSetup(t testing.TB) *Setup {
	t.Helper()
	data, err := os.ReadFile("testdata/harrow-field.json")
	if err != nil {
		t.Fatal(err)
	}
	c, err := plan.DecodeClash(data)
	if err != nil {
		t.Fatal(err)
	}
	return mustSetup(t, c, clashrules.Options{})
}

// transcript fights one battle of s and returns its text transcript.
func transcript(t testing.TB, s *Setup, o BattleOptions) string {
	t.Helper()
	var buf bytes.Buffer
	o.Sink = runner.NewTextSink(&buf)
	if _, err := s.Fight(o); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestTacticalSameAsV1 (issue 29, item 4): the speed work on the tactical policy changes no
// choice. tactical (shortcuts: no options listed, values kept between routines) and tactical-v1
// (every question's options listed and scored, AI) fight the bundled field battle to
// byte-identical transcripts for 200 seeds; a shortcut that chose differently would show here
// first, before the head-to-head (cmd/sortie TestTacticalHeadToHead) weighs whether it plays
// worse.
func TestTacticalSameAsV1(t *testing.T) {
	s := harrowSetup(t)
	for seed := uint64(0); seed < 200; seed++ {
		fast := transcript(t, s, BattleOptions{Seed: seed, Policy: PolicyTactical})
		v1 := transcript(t, s, BattleOptions{Seed: seed, Policy: PolicyTacticalV1})
		if fast != v1 {
			t.Fatalf("seed %d: tactical and tactical-v1 differ:\n%s\n--- tactical-v1:\n%s", seed, fast, v1)
		}
	}
}

// TestSidesPolicy: Config.Sides gives each side its policy. Both sides on one policy fight as
// Policy alone does; first against tactical is another battle than tactical against first (the
// sides' policies are not mixed up); and "tactical-v1" is a policy's name.
func TestSidesPolicy(t *testing.T) {
	if p, ok := ParsePolicy("tactical-v1"); !ok || p != PolicyTacticalV1 || p.String() != "tactical-v1" {
		t.Fatalf("ParsePolicy(tactical-v1) = %v, %v", p, ok)
	}
	s := harrowSetup(t)
	both := [2]Policy{PolicyFirst, PolicyFirst}
	if a, b := transcript(t, s, BattleOptions{Seed: 7, Policy: PolicyFirst}), transcript(t, s, BattleOptions{Seed: 7, Sides: &both}); a != b {
		t.Errorf("Sides {first, first} differs from Policy first:\n%s\n---\n%s", a, b)
	}
	ft := [2]Policy{PolicyFirst, PolicyTactical}
	tf := [2]Policy{PolicyTactical, PolicyFirst}
	a, b := transcript(t, s, BattleOptions{Seed: 7, Sides: &ft}), transcript(t, s, BattleOptions{Seed: 7, Sides: &tf})
	if a == b {
		t.Errorf("Sides {first, tactical} and {tactical, first} fought the same battle")
	}
	tt := [2]Policy{PolicyTactical, PolicyTactical}
	if a == transcript(t, s, BattleOptions{Seed: 7, Sides: &tt}) {
		t.Errorf("Sides {first, tactical} fought as {tactical, tactical}")
	}
}
