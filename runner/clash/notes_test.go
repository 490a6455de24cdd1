package clash

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// noteTaker answers as runner.First (but configures when it may) and keeps the notes of the action, command and configuration
// choices put to it, by choice name; reads says whether it reads notes (a prompt does).
type noteTaker struct {
	reads bool
	notes map[string]string
}

func (n *noteTaker) Decide(r *runner.Request) (runner.Answer, error) {
	if r.Kind == runner.KindAction || r.Kind == runner.KindCommand || r.Kind == runner.KindConfig {
		for _, c := range r.Choices {
			n.notes[c.Name] = c.Note
		}
	}
	for i, c := range r.Choices { // configure when it may, to be asked the configuration
		if r.Kind == runner.KindAction && c.Name == "configure" {
			return runner.Answer{Choice: i}, nil
		}
	}
	return runner.Answer{}, nil
}

func (n *noteTaker) ReadsNotes() bool { return n.reads }

// TestChoiceNotesSayWhatEachDoes (issue 23: "each offered action says what it does in a few
// words"): at the bundled field battle a player is shown, beside each action, bonus action and
// configuration, what its rule makes of it; a decider that does not read notes gets none. Each
// want is a phrase of the rule the note cites.
func TestChoiceNotesSayWhatEachDoes(t *testing.T) {
	s := harrowSetup(t)
	n := &noteTaker{reads: true, notes: map[string]string{}}
	if _, err := s.Fight(BattleOptions{Seed: 1, Decider: n}); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"attack":    "each stand attacks a stand or solo in reach, U-34",    // U-34: each stand attacks individually
		"dash":      "move again as far as the speed, U-49",                 // U-49: extra movement equal to speed
		"configure": "switch to aid, defend or march, U-48",                 // U-48
		"retreat":   "move away even from adjacent enemies, U-55",           // U-55
		"incite":    "DC 15 Charisma: advantage on the unit's attack rolls", // U-14
		"prepare":   "DC 15 Charisma: advantage on the unit's saves",        // U-14
		"defend":    "+2 AC to every stand, no Attack action; half speed",   // U-48 Defend
		"march":     "full speed",                                           // U-48 March
	} {
		got, ok := n.notes[name]
		if !ok {
			t.Errorf("%s was never offered", name)
			continue
		}
		if !strings.HasPrefix(got, want) {
			t.Errorf("%s: note %q, want %q", name, got, want)
		}
	}
	quiet := &noteTaker{notes: map[string]string{}}
	if _, err := s.Fight(BattleOptions{Seed: 1, Decider: quiet}); err != nil {
		t.Fatal(err)
	}
	for name, note := range quiet.notes {
		if note != "" {
			t.Errorf("a decider that reads no notes was given %s: %q", name, note)
		}
	}
}
