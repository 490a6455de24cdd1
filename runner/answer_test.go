package runner

import (
	"bytes"
	"strings"
	"testing"
)

// One matcher for every prompt (issue 23): a name with capitals typed in three spellings, a
// unique prefix in any case, a number; an ambiguous prefix is refused naming two candidates.
func TestMatchChoiceSpellings(t *testing.T) {
	r := &Request{Kind: KindProtect, Day: 1, Phase: PhaseAction,
		Choices: []Choice{{Name: "none"}, {Name: "Aria"}, {Name: "Bram"}, {Name: "Brand"}, {Name: "Cole"}}}
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"Bram", 2}, {"bram", 2}, {"BRAM", 2}, {"  bRaM ", 2}, {"a", 1}, {"co", 4}, {"3", 2}, {"BRAN", 3},
	} {
		if i, why := matchChoice(r, tc.in); why != "" || i != tc.want {
			t.Errorf("%q: %d %q, want %d", tc.in, i, why, tc.want)
		}
	}
	if _, why := matchChoice(r, "br"); why != `"br" could be Bram or Brand` {
		t.Errorf("ambiguous prefix: %q", why)
	}
	if _, why := matchChoice(r, "6"); why != "6 is not a choice" {
		t.Errorf("out of range: %q", why)
	}
	// A clash square typed with a space, a tactic with a hyphen: the same folding.
	sq := &Request{Kind: KindTo, Phase: PhaseRound, Choices: []Choice{{Name: "6,3"}, {Name: "defensive wall"}}}
	if i, why := matchChoice(sq, "6, 3"); why != "" || i != 0 {
		t.Errorf("6, 3: %d %q", i, why)
	}
	if i, why := matchChoice(sq, "Defensive-Wall"); why != "" || i != 1 {
		t.Errorf("Defensive-Wall: %d %q", i, why)
	}
	// The first letters as typed win over the folded ones (found playing hill in tmux: "Fireb"
	// was refused as "fire-bolt or fireball", because "firebolt" begins with "fireb" too).
	sp := &Request{Kind: KindSpell, Phase: PhaseRound, Choices: []Choice{{Name: "fire-bolt"}, {Name: "fireball"}, {Name: "none"}}}
	for in, want := range map[string]int{"Fireb": 1, "FIREBA": 1, "fire-b": 0, "firebo": 0, "fire bolt": 0} {
		if i, why := matchChoice(sp, in); why != "" || i != want {
			t.Errorf("%q: %d %q, want %d", in, i, why, want)
		}
	}
	if _, why := matchChoice(sp, "fire"); why != `"fire" could be fire-bolt or fireball` {
		t.Errorf("fire: %q", why)
	}
}

// shower is a View with a map and a status, counting what it was asked.
type shower struct{ asked []string }

func (s *shower) Shows() []string { return []string{"map", "status"} }
func (s *shower) Show(w string) string {
	s.asked = append(s.asked, w)
	return "  <" + w + ">\n"
}

// "?", "map" and "status" print without using the decision up; then Enter takes the suggestion
// the prompt shows (the Suggest policy's, here "last"), and a choice named like a word wins.
func TestPromptWordsThenEnter(t *testing.T) {
	var out bytes.Buffer
	v := &shower{}
	p := NewPromptWith(strings.NewReader("?\nmap\nSTATUS\n\nmap\n"), &out, PromptConfig{Suggest: lastPolicy{}, Opening: "status"})
	r := moveRequest()
	r.View = v
	a, err := p.Decide(r)
	if err != nil || a.Choice != 2 {
		t.Fatalf("got %+v %v, want choice 2 (stay, the suggestion)", a, err)
	}
	o := out.String()
	for _, want := range []string{
		"  <status>\n\nday 2, action phase", // the opening, once, above the first question
		"[Enter: stay; ?: help]",
		"  you can type:\n    a number 1..3: the choice of that number\n",
		"    Enter: stay (the suggestion)\n",
		"    map: the map as you know it",
		"  <map>\n> ", "  <status>\n> ",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("output lacks %q:\n%s", want, o)
		}
	}
	if strings.Join(v.asked, " ") != "status map status" {
		t.Errorf("shown: %v", v.asked)
	}
	// A choice called "map" is a choice, not the word.
	r2 := &Request{Kind: KindSelect, Choices: []Choice{{Name: "road"}, {Name: "map"}}, View: v}
	if a, err := p.Decide(r2); err != nil || a.Choice != 1 {
		t.Errorf("a choice named map: %+v %v", a, err)
	}
}

// lastPolicy suggests the last choice.
type lastPolicy struct{}

func (lastPolicy) Decide(r *Request) (Answer, error) { return Answer{Choice: len(r.Choices) - 1}, nil }

// A Pathfinder tactic or boon question's help names the page that says what each choice does
// (P-22..P-52: the tactics and boons are names a newcomer may not know); a move's does not.
func TestHelpNamesExplainForTactics(t *testing.T) {
	tactic := &Request{Kind: KindTactic, Choices: []Choice{{Name: "standard"}, {Name: "siegebreaker"}}}
	if h := help(tactic, 0); !strings.Contains(h, "sortie explain NAME") {
		t.Errorf("tactic help lacks the explain hint:\n%s", h)
	}
	move := &Request{Kind: KindMove, Choices: []Choice{{Name: "east"}, {Name: "stay"}}}
	if h := help(move, 0); strings.Contains(h, "sortie explain") {
		t.Errorf("move help names explain:\n%s", h)
	}
}

// Issue 23 review D2: the first letters of a choice that also begin a word the prompt answers
// itself are refused as ambiguous, not taken as the choice (a choice is not taken back: "st" made
// the party stay when status was meant, "h" hid the mage when help was). The first letters of a
// word alone show it ("stat", "m", "HE"), and the decision is still open; the whole name is the
// choice.
func TestPromptPrefixOfAWordIsNotAChoice(t *testing.T) {
	var out bytes.Buffer
	v := &shower{}
	r := moveRequest() // east, west, stay; words help, map, status
	r.View = v
	p := NewPromptWith(strings.NewReader("st\nh\nstat\nm\nHE\nsta\nstay\n"), &out, PromptConfig{})
	a, err := p.Decide(r)
	if err != nil || a.Choice != 2 {
		t.Fatalf("got %+v %v, want choice 2 (stay, typed whole)", a, err)
	}
	o := out.String()
	for _, want := range []string{
		`"st" could be stay or status: type more of it`,
		`"sta" could be stay or status: type more of it`,
		"  <status>\n> ", "  <map>\n> ",
		"  you can type:",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("output lacks %q:\n%s", want, o)
		}
	}
	// "h": no choice begins with h here, so it is help (shown once, by "h"; "HE" a second time).
	if n := strings.Count(o, "  you can type:"); n != 2 {
		t.Errorf("help shown %d times, want 2 (h, HE):\n%s", n, o)
	}
	if strings.Join(v.asked, " ") != "status map" {
		t.Errorf("shown: %v, want status (stat) and map (m)", v.asked)
	}
	// A choice beginning with h: "h" is ambiguous with help, "hi" is the choice.
	hr := &Request{Kind: KindSelect, Phase: PhaseRound, Choices: []Choice{{Name: "attack"}, {Name: "hide"}}, View: v}
	if _, why := matchChoice(hr, "h"); why != `"h" could be hide or help: type more of it` {
		t.Errorf("h: %q", why)
	}
	if i, why := matchChoice(hr, "hi"); why != "" || i != 1 {
		t.Errorf("hi: %d %q", i, why)
	}
	if w, ok := word(hr, "h"); ok {
		t.Errorf("h taken as the word %q where a choice begins with it", w)
	}
}
