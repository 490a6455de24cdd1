package karzoral

import (
	"errors"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// briefingOf runs p up to its first question and returns the briefing the players are shown there.
func briefingOf(t *testing.T, p *plan.Plan) string {
	t.Helper()
	stop := errors.New("stop")
	var text string
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		text = r.View.(*PlayerView).Show("briefing")
		return runner.Answer{}, stop
	})
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: d, Sink: runner.Discard}}); !errors.Is(err, stop) {
		t.Fatalf("run: %v", err)
	}
	return text
}

// The briefing tells the players how each flag an objective reads is set (issue 23): field01's
// flags: block (scenarios/karzoral/field01/field01.cue) lowers into plan.FlagSummaries at each
// flag's index (flags sorted: cacheBurned, causewayTaken, woodsCleared), and the briefing lists
// cacheBurned (the midpoint's flag) and causewayTaken (the gate's), in objective order, under the
// objectives; woodsCleared, which no objective reads, is not listed. A plan that tells nothing of
// its flags says so instead of leaving a bare name.
func TestBriefingTellsHowFlagsAreSet(t *testing.T) {
	p, list, err := compiler.Compile([]string{"scenarios/karzoral/field01"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		t.Fatalf("compile field01: %v %v", err, list)
	}
	cache := "find the boggards' supply camp, hidden in the marsh east of the ford (02), and burn it: step onto it"
	causeway := "enter the causeway (08), the only way up to the gate, and beat its watch"
	woods := "beat the boggard scouts that wait in the boggy woods (04)"
	if got, want := strings.Join(p.Flags, " "), "cacheBurned causewayTaken woodsCleared"; got != want {
		t.Fatalf("flags %q, want %q", got, want)
	}
	if len(p.FlagSummaries) != 3 || p.FlagSummaries[0] != cache || p.FlagSummaries[1] != causeway || p.FlagSummaries[2] != woods {
		t.Fatalf("flag summaries %q", p.FlagSummaries)
	}
	b := unwrapped(briefingOf(t, p))
	want := "    takeTheGate (success, 1000 XP): the party at gate, flag causewayTaken, army boggardWarband (Boggard warband) gone\n" +
		"  how the flags are set:\n" +
		"    cacheBurned: " + cache + "\n" +
		"    causewayTaken: " + causeway + "\n" +
		"  the scenario fails (K-65) when:"
	if !strings.Contains(b, want) || strings.Contains(b, "woodsCleared") {
		t.Errorf("the briefing does not tell how the flags are set:\n%s\nwant it to hold:\n%s", b, want)
	}
	p.FlagSummaries = nil
	b = unwrapped(briefingOf(t, p))
	if !strings.Contains(b, "    cacheBurned: not told; events in play set it\n    causewayTaken: not told; events in play set it\n") {
		t.Errorf("a briefing without summaries:\n%s", b)
	}
}

// The map's terrain seen from afar says which blocks may be entered from one side only (K-32:
// field01's mountain pass 05 and gate from the south, its scree slope 07 from the north), and
// the first camp question says what keeping each face does (K-37, K-38): nothing is checked on
// day 1, so each face offered plays its episode (field01's episodes, face 1 first).
func TestMapEntriesAndFacesK32K38(t *testing.T) {
	p, list, err := compiler.Compile([]string{"scenarios/karzoral/field01"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		t.Fatalf("compile field01: %v %v", err, list)
	}
	b := briefingOf(t, p)
	for _, want := range []string{"    mountain pass: 05 (entered from the south only)\n", "    fortified gate: gate (entered from the south only)\n",
		"    scree slope: 07 (entered from the north only)\n", "    grassland: 01\n"} {
		if !strings.Contains(b, want) {
			t.Errorf("the map lacks %q:\n%s", want, b)
		}
	}
	episodes := []string{"A quiet night by the fire; the angel watches the embers.",
		"At dusk the angel rises over the plateau and looks down on the armies.", "Old war stories from Rupetenne.",
		"A shared meal of dried fish and hard bread.", "Sword drills at dawn; the angel copies every move.", "A letter from home is read aloud."}
	stop := errors.New("stop")
	var about string
	var faces []int
	d := deciderFunc(func(r *runner.Request) (runner.Answer, error) {
		if r.Kind != runner.KindPick {
			return runner.Answer{Choice: r.Default}, nil
		}
		about = r.View.(*PlayerView).About(r)
		for _, c := range r.Choices {
			faces = append(faces, c.Value)
		}
		return runner.Answer{}, stop
	})
	if _, err := Run(p, Options{Options: runner.Options{Seed: 1, Decider: d, Sink: runner.Discard}}); !errors.Is(err, stop) {
		t.Fatalf("run: %v", err)
	}
	want := ""
	for _, f := range faces {
		want += "  face " + faceName(f) + ": its episode, then it is checked (K-38): " + episodes[f-1] + "\n"
	}
	if len(faces) == 0 || about != want {
		t.Errorf("the first camp question says:\n%s\nwant:\n%s", about, want)
	}
}
