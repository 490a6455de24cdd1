package pathfinder_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"

	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// watcher answers through a Prompt and, at every question, notes what the transcript held then.
type watcher struct {
	runner.Decider
	transcript *bytes.Buffer
	seen       []string
}

func (w *watcher) Decide(r *runner.Request) (runner.Answer, error) {
	w.seen = append(w.seen, w.transcript.String())
	return w.Decider.Decide(r)
}

// With Stream (sortie battle at the terminal), the army table is shown before the first question
// and each phase's table before the next phase's questions; the whole transcript is byte for byte
// the one written at the end without Stream. (Before the fix a player at the terminal saw no roll
// and no hp until the battle was over.)
func TestPFBattleStreamsPhases(t *testing.T) {
	_, b := compilePF(t, `
package s
kind: "battle", rules: "pathfinder", id: "duel", version: 1
sides: [{name: "a", armies: x: {size: "Huge", cr: "1/3", hitDie: "d10", tactics: ["Taunt"]}},
	{name: "b", armies: y: {size: "Huge", cr: "1/3", hitDie: "d10"}}]
`)
	in := strings.Repeat("1\n", 500)
	var whole bytes.Buffer
	if _, err := pathfinder.RunBattle(b, pathfinder.BattleOptions{Seed: 1, Decider: runner.NewPrompt(strings.NewReader(in), &bytes.Buffer{}, false), Out: &whole}); err != nil {
		t.Fatal(err)
	}
	var streamed bytes.Buffer
	w := &watcher{Decider: runner.NewPrompt(strings.NewReader(in), &bytes.Buffer{}, false), transcript: &streamed}
	if _, err := pathfinder.RunBattle(b, pathfinder.BattleOptions{Seed: 1, Decider: w, Out: &streamed, Stream: true}); err != nil {
		t.Fatal(err)
	}
	if streamed.String() != whole.String() {
		t.Errorf("streamed transcript differs:\n%s\nwant:\n%s", streamed.String(), whole.String())
	}
	if len(w.seen) < 3 {
		t.Fatalf("only %d questions", len(w.seen))
	}
	if !strings.Contains(w.seen[0], "battle duel: a vs b\n") || !strings.Contains(w.seen[0], "| army |") {
		t.Errorf("first question without the army table:\n%s", w.seen[0])
	}
	// Questions 1 and 2 are the Tactics Phase's (x, y); the third opens the next phase.
	if !strings.Contains(w.seen[2], "Tactics Phase\n") {
		t.Errorf("the next phase asks before the Tactics Phase is shown:\n%s", w.seen[2])
	}
	// Without Stream nothing is written before the battle ends.
	var quiet bytes.Buffer
	w2 := &watcher{Decider: runner.NewPrompt(strings.NewReader(in), &bytes.Buffer{}, false), transcript: &quiet}
	if _, err := pathfinder.RunBattle(b, pathfinder.BattleOptions{Seed: 1, Decider: w2, Out: &quiet}); err != nil {
		t.Fatal(err)
	}
	if w2.seen[len(w2.seen)-1] != "" {
		t.Errorf("wrote before the end without Stream")
	}
}

// P-14, P-15 (issue 23): a hex scenario's battles run with runner.Options.Stream (sortie run at the
// terminal) show each phase's table before the question that follows it: some question in the
// middle of a battle finds "battle N at" and a finished phase table written but not yet the
// battle's "winner:" line. The events are the same, so the transcript and the JSONL are byte for
// byte those of a run without Stream.
func TestPFRunStreamsPhases(t *testing.T) {
	for _, name := range []string{"border-war", "stolen-lands"} {
		t.Run(name, func(t *testing.T) {
			p, list, err := compiler.Compile([]string{"scenarios/pathfinder/" + name}, compiler.Options{WorkDir: "../.."})
			if err != nil || p == nil {
				t.Fatal(err, list)
			}
			run := func(stream bool, jsonl bool) (string, []string) {
				var out bytes.Buffer
				first, err := runner.NewPolicy("first", 1)
				if err != nil {
					t.Fatal(err)
				}
				w := &watcher{Decider: first, transcript: &out}
				sink := runner.NewTextSink(&out)
				if jsonl {
					sink = runner.NewJSONLSink(&out)
				}
				if _, err := pathfinder.RunScenario(p, pathfinder.ScenarioOptions{Options: runner.Options{Seed: 1, Decider: w, Sink: sink, Stream: stream}}); err != nil {
					t.Fatal(err)
				}
				return out.String(), w.seen
			}
			whole, _ := run(false, false)
			streamed, seen := run(true, false)
			if streamed != whole {
				t.Errorf("streamed transcript differs:\n%s\nwant:\n%s", streamed, whole)
			}
			wholeJ, _ := run(false, true)
			streamedJ, _ := run(true, true)
			if streamedJ != wholeJ {
				t.Errorf("streamed JSONL differs:\n%s\nwant:\n%s", streamedJ, wholeJ)
			}
			mid := 0
			for _, s := range seen {
				i := strings.LastIndex(s, "\nbattle ")
				if i < 0 {
					continue
				}
				tail := s[i:]
				if strings.Contains(tail, " Phase") && !strings.Contains(tail, "winner:") {
					mid++
				}
			}
			if mid == 0 {
				t.Errorf("no question in the middle of a battle found a phase table written (%d questions)", len(seen))
			}
		})
	}
}

// failAfter answers through Decider n times, then fails as a prompt does at the end of input.
type failAfter struct {
	runner.Decider
	n int
}

func (f *failAfter) Decide(r *runner.Request) (runner.Answer, error) {
	if f.n == 0 {
		return runner.Answer{}, errors.New("input ended")
	}
	f.n--
	return f.Decider.Decide(r)
}

// A streamed battle cut short by the end of input (issue 23) shows nothing as played that was not
// played: the engine fights on with default answers after the failed question (P-22's tactic,
// P-52's strategy), but the transcript stops where the player stood. The duel's third question
// opens the phase after the Tactics Phase (TestPFBattleStreamsPhases); cut there, the transcript
// is the heading, the army table and the Tactics Phase, exactly what a whole run had shown when it
// asked that question, and no later phase.
func TestPFBattleCutShortShowsOnlyPlayed(t *testing.T) {
	_, b := compilePF(t, `
package s
kind: "battle", rules: "pathfinder", id: "duel", version: 1
sides: [{name: "a", armies: x: {size: "Huge", cr: "1/3", hitDie: "d10", tactics: ["Taunt"]}},
	{name: "b", armies: y: {size: "Huge", cr: "1/3", hitDie: "d10"}}]
`)
	in := strings.Repeat("1\n", 500)
	var whole bytes.Buffer
	w := &watcher{Decider: runner.NewPrompt(strings.NewReader(in), &bytes.Buffer{}, false), transcript: &whole}
	if _, err := pathfinder.RunBattle(b, pathfinder.BattleOptions{Seed: 1, Decider: w, Out: &whole, Stream: true}); err != nil {
		t.Fatal(err)
	}
	if len(w.seen) < 4 || !strings.Contains(whole.String(), "Melee Phase") {
		t.Fatalf("the whole duel: %d questions, no melee phase:\n%s", len(w.seen), whole.String())
	}
	var cut bytes.Buffer
	d := &failAfter{Decider: runner.NewPrompt(strings.NewReader(in), &bytes.Buffer{}, false), n: 2}
	if _, err := pathfinder.RunBattle(b, pathfinder.BattleOptions{Seed: 1, Decider: d, Out: &cut, Stream: true}); err == nil || !strings.Contains(err.Error(), "input ended") {
		t.Fatalf("the cut battle: error %v, want the end of input", err)
	}
	if cut.String() != w.seen[2] {
		t.Errorf("the cut battle shows more than was played:\n%s\nwant what the third question found:\n%s", cut.String(), w.seen[2])
	}
	if !strings.Contains(cut.String(), "Tactics Phase\n") || strings.Contains(cut.String(), "Melee Phase") || strings.Contains(cut.String(), "Ranged Phase") {
		t.Errorf("the cut battle's phases:\n%s", cut.String())
	}
}

// The same in a hex scenario's battle (sortie run at the terminal, P-14): stolen-lands answered
// by the first policy up to a question in the middle of battle 1, then the end of input. The
// transcript holds what a whole run had written when it asked that question, and not one phase
// more: no later phase table, no "winner:" line, no aftermath.
func TestPFRunCutShortShowsOnlyPlayed(t *testing.T) {
	p, list, err := compiler.Compile([]string{"scenarios/pathfinder/stolen-lands"}, compiler.Options{WorkDir: "../.."})
	if err != nil || p == nil {
		t.Fatal(err, list)
	}
	run := func(d runner.Decider, out *bytes.Buffer) error {
		_, err := pathfinder.RunScenario(p, pathfinder.ScenarioOptions{Options: runner.Options{Seed: 1, Decider: d, Sink: runner.NewTextSink(out), Stream: true}})
		return err
	}
	first, err := runner.NewPolicy("first", 1)
	if err != nil {
		t.Fatal(err)
	}
	var whole bytes.Buffer
	w := &watcher{Decider: first, transcript: &whole}
	if err := run(w, &whole); err != nil {
		t.Fatal(err)
	}
	// The first question that finds a phase of battle 1 written but not its end.
	n := -1
	for i, s := range w.seen {
		if j := strings.Index(s, "\nbattle 1 "); j >= 0 && strings.Contains(s[j:], " Phase") && !strings.Contains(s[j:], "winner:") {
			n = i
			break
		}
	}
	if n < 0 {
		t.Fatalf("no question in the middle of battle 1 (%d questions)", len(w.seen))
	}
	first, _ = runner.NewPolicy("first", 1)
	var cut bytes.Buffer
	if err := run(&failAfter{Decider: first, n: n}, &cut); err == nil || !strings.Contains(err.Error(), "input ended") {
		t.Fatalf("the cut run: error %v, want the end of input", err)
	}
	if cut.String() != w.seen[n] {
		t.Errorf("the cut run shows more than was played:\n%s\nwant what question %d found:\n%s", cut.String(), n+1, w.seen[n])
	}
}
