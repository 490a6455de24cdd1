package main

import (
	"fmt"
	"io"
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/runner"
)

// A --play SIDE run (issue 23) saves only the player's answers: the computer's are made again
// on resume by the same policy from the same seed, in the same order, so that a random policy's
// generator stands where a straight run's would (logging its answers and replaying them would
// leave it behind). The save carries the side (saveFile.Play) and resume seats the player there
// again: Seat{Player: seatLog{replay{the save's answers, then the terminal}}}.

// seatLog logs the answers and table dice of a --play run's player into the session's recorder
// (whose own log is off for such a run), in the order they are given.
type seatLog struct {
	s     *session
	inner runner.Decider
	rolls bool // table dice: every die's face is logged too
}

// Decide asks the player (runner.Decider) and logs the answer as "d:NAME".
func (l *seatLog) Decide(q *runner.Request) (runner.Answer, error) {
	a, err := l.inner.Decide(q)
	if err != nil {
		return a, err
	}
	if a.Choice >= 0 && a.Choice < len(q.Choices) {
		l.s.mu.Lock()
		l.s.rec.log = append(l.s.rec.log, "d:"+q.Choices[a.Choice].Name)
		l.s.mu.Unlock()
	}
	return a, nil
}

// Roll passes a die to the player's Roller (runner.Roller) and, with table dice, logs its face
// as "r:FACE" ("r:-" when the generator rolled it).
func (l *seatLog) Roll(q *runner.Request) (int, bool, error) {
	ro, ok := l.inner.(runner.Roller)
	if !ok {
		return 0, false, nil
	}
	f, ok, err := ro.Roll(q)
	if err == nil && l.rolls {
		e := "r:-"
		if ok {
			e = "r:" + strconv.Itoa(f)
		}
		l.s.mu.Lock()
		l.s.rec.log = append(l.s.rec.log, e)
		l.s.mu.Unlock()
	}
	return f, ok, err
}

// replayQuiet is the computer's line writer of a resumed --play run: silent while the run is
// replayed up to its save point (those choices were shown when they were first made), w after.
type replayQuiet struct {
	s *session
	w io.Writer
}

func (q *replayQuiet) Write(p []byte) (int, error) {
	q.s.mu.Lock()
	replaying := q.s.from != nil
	q.s.mu.Unlock()
	if replaying {
		return len(p), nil
	}
	return q.w.Write(p)
}

// seatFor is the decider of a --play run without a script: the terminal for prm.play (after the
// answers from's save logged, when resuming), the policy (nil: the engine's own choice) for the
// other side.
func seatFor(e *env, prm playParams, pl *played, policy runner.Decider, from *saveFile) runner.Decider {
	opening := "briefing"
	if from != nil {
		opening = "recap"
	}
	return seatWith(e, prm, pl, policy, from, prm.newPrompt(e, opening))
}

// seatWith seats player (the terminal's prompt) for prm.play, behind a replay of from's logged
// answers when resuming (and says so on stderr): seatFor's, and a resumed --script --play run's
// once its script has run out.
func seatWith(e *env, prm playParams, pl *played, policy runner.Decider, from *saveFile, player runner.Decider) runner.Decider {
	if from != nil {
		player = &replay{s: pl.sess, log: from.Decisions, live: player}
		if prm.script != "" {
			player = &askMark{s: pl.sess, inner: player}
		}
		computer := "its own commanders' choices"
		if prm.policy != "" {
			computer = "the " + prm.policy + " policy"
		}
		// Said once the replay has met the save point, so that a save the replay refuses prints
		// nothing of a run (review B7). Best effort, as the prompt's own lines: a closed stderr
		// shows up at the first question.
		pl.sess.met = func() {
			_, _ = fmt.Fprintf(e.stderr, "resumed: you answer for the %s side; the computer for the other, by %s\n", esc.Text(prm.play), esc.Text(computer))
		}
	}
	pl.seatRef = &runner.Seat{Side: prm.play, Player: &seatLog{s: pl.sess, inner: player, rolls: prm.tableDice},
		Computer: policy, Out: &replayQuiet{s: pl.sess, w: e.stderr}, Veil: prm.veil(), Withhold: prm.withhold()}
	return pl.seatRef
}

// withhold is the seat's Withhold of a --play run: its fog's (nil when it has none).
func (prm playParams) withhold() func(*runner.Request, string) bool {
	if prm.fog == nil {
		return nil
	}
	return prm.fog.Withholds
}

// veil is the seat's Veil of a --play run: its fog's (nil when it has none).
func (prm playParams) veil() func(any) any {
	if prm.fog == nil {
		return nil
	}
	return prm.fog.View
}

// atTerminal is a --script --play run's fallback: the seat that takes over once the script has
// run out. From its first question on the run is at the terminal, so a Ctrl-C saves at the open
// question (the one the script did not answer), as a --play run without a script does, rather
// than keeping only the last day end (issue 23 review B3).
type atTerminal struct {
	s       *session
	inner   runner.Decider
	started bool
}

// Decide marks the session's interrupt as one at a question, then asks inner (runner.Decider).
func (a *atTerminal) Decide(q *runner.Request) (runner.Answer, error) {
	if !a.started {
		a.started = true
		a.s.notAsking()
		interruptMu.Lock()
		if interrupt == a.s {
			interruptAtDecision = true
		}
		interruptMu.Unlock()
	}
	return a.inner.Decide(q)
}

// Roll passes a die to inner's Roller (runner.Roller).
func (a *atTerminal) Roll(q *runner.Request) (int, bool, error) {
	if ro, ok := a.inner.(runner.Roller); ok {
		return ro.Roll(q)
	}
	return 0, false, nil
}

// notAsking ends the script's open question (the one it could not answer, which the fallback
// now answers for the computer or the player): until the player is asked (askMark), a Ctrl-C
// keeps the last day end instead of saving at a question the resume cannot meet (review B4).
func (s *session) notAsking() {
	s.mu.Lock()
	s.rec.asking = false
	s.mu.Unlock()
}

// askMark marks each question put to the player of a --script --play run as the open one, where
// a save at a question is written (its output offset and dice, as recorder.Decide notes them for
// a run's own decider), so that such a save is at the terminal's question, not at the one the
// script could not answer: a resume then prints only what the first run had not shown (review B4).
// The answers are not counted (the fallback's answers are not decisions of the recorder, in the
// first run as in its resume).
type askMark struct {
	s     *session
	inner runner.Decider
}

// Decide notes the open question, then asks inner (runner.Decider).
func (m *askMark) Decide(q *runner.Request) (runner.Answer, error) {
	st, err := m.s.dice.MarshalBinary()
	if err != nil {
		return runner.Answer{}, err
	}
	m.s.mu.Lock()
	m.s.rec.asking, m.s.rec.askedAt, m.s.rec.askedDice = true, m.s.out.n, st
	m.s.mu.Unlock()
	a, err := m.inner.Decide(q)
	if err != nil {
		return a, err
	}
	m.s.notAsking()
	return a, nil
}

// Roll passes a die to inner's Roller (runner.Roller).
func (m *askMark) Roll(q *runner.Request) (int, bool, error) {
	if ro, ok := m.inner.(runner.Roller); ok {
		return ro.Roll(q)
	}
	return 0, false, nil
}
