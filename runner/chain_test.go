package runner

import "testing"

// defaulter leaves every request to the engine.
type defaulter struct{}

func (defaulter) Decide(*Request) (Answer, error) { return Answer{Default: true}, nil }

// A Chain under another Chain (a battle's script-then-policy under the engine's chain) passes an
// Optional request its decider left to the engine on: -1, not choice -1 out of range.
func TestChainInChainDefault(t *testing.T) {
	inner := &Chain{}
	inner.Reset(defaulter{}, nil, nil)
	outer := &Chain{}
	outer.Reset(inner, nil, nil)
	req := &Request{Kind: KindTarget, Optional: true, Choices: []Choice{{Name: "a"}, {Name: "b"}}}
	if i, err := outer.Ask(req); i != -1 || err != nil {
		t.Errorf("Optional left to the engine: got %d, %v; want -1, nil", i, err)
	}
}

// Script.Copy starts from the first entry whatever the original has read, and copies read on
// independently (one per run of a simulation).
func TestScriptCopy(t *testing.T) {
	s, list := ParseScript("s.yaml", []byte("- {answer: yes}\n- {answer: no}\n"))
	if s == nil || list.HasErrors() {
		t.Fatal(list)
	}
	req := func() *Request {
		return &Request{Kind: KindAnswer, Choices: []Choice{{Name: "yes"}, {Name: "no"}}}
	}
	if a, err := s.Decide(req()); err != nil || a.Choice != 0 {
		t.Fatalf("first entry: %v %v", a, err)
	}
	c1, c2 := s.Copy(), s.Copy()
	for _, c := range []*Script{c1, c2} {
		if a, err := c.Decide(req()); err != nil || a.Choice != 0 {
			t.Errorf("a copy's first answer: %+v %v, want yes (choice 0)", a, err)
		}
	}
	if a, err := c1.Decide(req()); err != nil || a.Choice != 1 {
		t.Errorf("a copy's second answer: %+v %v, want no (choice 1)", a, err)
	}
	if a, err := s.Decide(req()); err != nil || a.Choice != 1 {
		t.Errorf("the original reads on from its own place: %+v %v, want no", a, err)
	}
}

// fixedRoller answers every die with face.
type fixedRoller struct {
	defaulter
	face int
}

func (f fixedRoller) Roll(*Request) (int, bool, error) { return f.face, true, nil }

// A Chain under another Chain (a campaign's, handed to its sorties) supplies dice only when its
// own decider does (issue 29: a random campaign's sortie built a Request per die for a campaign
// chain that never rolls): Rolls follows the inner chain, also after its fallback takes over.
func TestChainInChainRolls(t *testing.T) {
	inner := &Chain{}
	inner.Reset(defaulter{}, nil, nil)
	outer := &Chain{}
	outer.Reset(inner, nil, nil)
	if outer.Rolls() {
		t.Errorf("a chain over a chain whose decider rolls nothing: Rolls() = true, want false")
	}
	inner.Reset(fixedRoller{face: 4}, nil, nil)
	if !outer.Rolls() {
		t.Errorf("a chain over a chain whose decider rolls: Rolls() = false, want true")
	}
	if f, err := outer.Die(&Request{Kind: KindRoll, Sides: 6}); f != 4 || err != nil {
		t.Errorf("Die: got %d, %v; want the inner roller's 4", f, err)
	}
	plain := &Chain{}
	plain.Reset(fixedRoller{face: 2}, nil, nil)
	if !plain.Rolls() {
		t.Errorf("a chain whose decider rolls: Rolls() = false, want true")
	}
}
