package runner

import (
	"bytes"
	"strconv"
	"strings"
)

// Recorder wraps a Decider and writes down every decision it makes as a script entry, so that a
// run decided by a policy (a simulation's failing run) can be played again with `sortie run
// --script` and the same seed: the entries give the decisions, the seed the dice. It passes die
// rolls on to the inner decider's Roller, if any, and records the faces it gives.
type Recorder struct {
	inner   Decider
	roller  Roller
	entries []string
}

// NewRecorder returns a Recorder around d.
func NewRecorder(d Decider) *Recorder {
	r := &Recorder{inner: d}
	r.roller, _ = d.(Roller)
	return r
}

// Decide implements Decider: the inner decider's answer, written down.
func (r *Recorder) Decide(q *Request) (Answer, error) {
	a, err := r.inner.Decide(q)
	if err != nil || a.Choice < 0 || a.Choice >= len(q.Choices) {
		return a, err
	}
	r.entries = append(r.entries, ScriptEntry(q, a.Choice))
	return a, nil
}

// Roll implements Roller: the inner decider's die, written down as a roll entry.
func (r *Recorder) Roll(q *Request) (int, bool, error) {
	if r.roller == nil {
		return 0, false, nil
	}
	f, ok, err := r.roller.Roll(q)
	if ok && err == nil {
		r.entries = append(r.entries, "{roll: ["+strconv.Itoa(f)+"]}")
	}
	return f, ok, err
}

// Len is the number of entries written down.
func (r *Recorder) Len() int { return len(r.entries) }

// Script returns the entries as a YAML script (LoadScript reads it), after header's lines as
// comments.
func (r *Recorder) Script(header ...string) []byte {
	var b bytes.Buffer
	for _, h := range header {
		for _, l := range strings.Split(h, "\n") {
			b.WriteString(strings.TrimRight("# "+l, " ") + "\n")
		}
	}
	for _, e := range r.entries {
		b.WriteString("- " + e + "\n")
	}
	return b.Bytes()
}

// ScriptEntry is the script entry that answers q with choice i, as a YAML flow map: the key is
// the decision's kind (its script key), the value the choice's name (a pick's face), the day
// asserted when there is one: {day: 3, move: "east"}, {pick: 4}, {select: "field01"}.
func ScriptEntry(q *Request, i int) string {
	c := &q.Choices[i]
	val := strconv.Quote(c.Name)
	if q.Kind == KindPick {
		val = strconv.Itoa(c.Value)
	}
	if q.Phase == PhaseRound && q.Army != "" {
		// A clash battle: the entry names whose decision it is by the key the engine says
		// (ArmyKind: a script's unit: or solo: must agree with it, X001); without one a solo's
		// step or join says solo, anything else unit.
		who := q.ArmyKind
		if who == "" {
			who = "unit"
			if q.Kind == KindStep || q.Kind == KindJoin {
				who = "solo"
			}
		}
		return "{" + who + ": " + strconv.Quote(q.Army) + ", " + q.Kind.String() + ": " + val + "}"
	}
	if q.Day > 0 && (q.Kind < KindSelect || q.Kind == KindBoon) {
		return "{day: " + strconv.Itoa(q.Day) + ", " + q.Kind.String() + ": " + val + "}"
	}
	return "{" + q.Kind.String() + ": " + val + "}"
}
