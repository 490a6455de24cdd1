package pathfinder

import (
	"testing"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// script is a dice.Source that returns fixed faces in order, so a test can work out every check by
// hand. done fails the test if faces were left over; running out fails it at once.
type script struct {
	t     *testing.T
	faces []int
	pos   int
}

func rolls(t *testing.T, faces ...int) *script { return &script{t: t, faces: faces} }

func (s *script) Roll(sides int) int {
	s.t.Helper()
	if s.pos >= len(s.faces) {
		s.t.Fatalf("dice script ran out at roll %d (d%d)", s.pos+1, sides)
	}
	f := s.faces[s.pos]
	s.pos++
	return f
}

func (s *script) done() {
	s.t.Helper()
	if s.pos != len(s.faces) {
		s.t.Errorf("dice script: %d of %d faces used", s.pos, len(s.faces))
	}
}

// key is (phase number or melee number, army).
type key struct{ n, army int }

// chooser scripts choices; what it does not script, Standard answers.
type chooser struct {
	Standard
	tactics    map[int]pfarmy.Tactic     // Tactics Phase choice per army
	change     map[key]pfarmy.Tactic     // (PhaseNo, army): tactic to change to
	strategies map[key]Strategy          // (MeleeNo, army)
	targets    map[key]int               // (PhaseNo, army)
	answers    map[Question]bool         // every army, every time
	perPhase   map[key]map[Question]bool // (PhaseNo, army)
}

func (c *chooser) Tactic(b *Battle, i int) pfarmy.Tactic {
	if b.Phase() == PhaseTactics {
		if t, ok := c.tactics[i]; ok {
			return t
		}
		return pfarmy.TacStandard
	}
	if t, ok := c.change[key{b.PhaseNo(), i}]; ok {
		return t
	}
	return b.State(i).Tactic
}

func (c *chooser) Strategy(b *Battle, i int) Strategy {
	if s, ok := c.strategies[key{b.MeleeNo(), i}]; ok {
		return s
	}
	if s := b.State(i).Strategy; s != StratNone {
		return s
	}
	return StratStandard
}

func (c *chooser) Target(b *Battle, i int) int {
	if t, ok := c.targets[key{b.PhaseNo(), i}]; ok {
		return t
	}
	return c.Standard.Target(b, i)
}

func (c *chooser) Decide(b *Battle, i int, q Question, other int) bool {
	if m, ok := c.perPhase[key{b.PhaseNo(), i}]; ok {
		if v, ok := m[q]; ok {
			return v
		}
	}
	if v, ok := c.answers[q]; ok {
		return v
	}
	return c.Standard.Decide(b, i, q, other)
}

// big is an ACR 10 army: 100 creatures of CR 10 with d12: hp floor(10 x 6.5) = 65, OM 10, DV 20,
// rout checks at hp <= 10, morale modifier 0.
func big(name string) pfarmy.Army {
	return pfarmy.Army{Name: name, Size: pfarmy.SizeMedium, CR: pfarmy.CRInt(10), HitDie: pfarmy.D12}
}

func stats(t *testing.T, a pfarmy.Army, o pfarmy.Options) pfarmy.Stats {
	t.Helper()
	st, err := pfarmy.Derive(&a, o)
	if err != nil {
		t.Fatalf("Derive(%s): %v", a.Name, err)
	}
	return st
}

// fight runs a battle of the given armies (side A first) with scripted dice and chooser, and returns
// the log.
func fight(t *testing.T, s *Setup, d *script, ch Chooser) (*Battle, Result, []Event) {
	t.Helper()
	b, err := New(s, d, ch)
	if err != nil {
		t.Fatal(err)
	}
	var log []Event
	b.SetLog(Collect(&log))
	r, err := b.Run()
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	d.done()
	return b, r, log
}

func duel(t *testing.T, a, b pfarmy.Army, o pfarmy.Options) *Setup {
	t.Helper()
	return &Setup{Options: o, Armies: []Combatant{
		{Stats: stats(t, a, o), Side: SideA},
		{Stats: stats(t, b, o), Side: SideB},
	}}
}

// events returns the events of one kind (and army, when army >= 0).
func events(log []Event, k EventKind, army int) []Event {
	var out []Event
	for _, e := range log {
		if e.Kind == k && (army < 0 || e.Army == army) {
			out = append(out, e)
		}
	}
	return out
}

// offense returns army's offense event in phase n (PhaseNo), failing if there is none.
func offenseIn(t *testing.T, log []Event, n, army int) Event {
	t.Helper()
	for _, e := range log {
		if e.Kind == EvOffense && e.PhaseNo == n && e.Army == army {
			return e
		}
	}
	t.Fatalf("no offense check by army %d in phase %d", army, n)
	return Event{}
}

func hasMod(r *Roll, k ModKind) bool {
	for _, m := range r.Mods.Items() {
		if m.Kind == k {
			return true
		}
	}
	return false
}

func dumpLog(t *testing.T, log []Event) {
	t.Helper()
	for i := range log {
		t.Log(log[i].String())
	}
}
