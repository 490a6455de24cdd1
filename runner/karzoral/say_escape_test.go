package karzoral

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// TestSayEscapedOnce: a stranger's say reaches the text transcript with its control characters
// written as escapes once: a bidi override (U+202E) as \u202e and an ESC as \x1b, not as \\u202e
// and \\x1b (the text sink escapes the event's strings, so quoting them again with %q escaped the
// escapes). Says, objective says and episode texts; the JSON Lines form is not affected.
func TestSayEscapedOnce(t *testing.T) {
	say := "Gate\u202e of Kar\x1b[31mzoral"
	want := `"Gate\u202e of Kar\x1b[31mzoral"`
	for _, e := range []runner.Event{
		&SayEvent{At: At{Day: 7, Phase: runner.PhaseAction}, Source: "event", ID: "gate", Text: say},
		&ObjectiveEvent{At: At{Day: 7, Phase: runner.PhaseAction}, Objective: "takeTheGate", Outcome: "success", XP: 1000, Say: say},
		&EpisodeEvent{At: At{Day: 3, Phase: runner.PhaseCamp}, Face: 3, Text: say},
	} {
		var out bytes.Buffer
		if err := runner.NewTextSink(&out).Write(e); err != nil {
			t.Fatal(err)
		}
		got := out.String()
		if !strings.Contains(got, want) || strings.Contains(got, `\\`) {
			t.Errorf("%s: transcript %q, want it to hold %s", e.Type(), got, want)
		}
	}
}
