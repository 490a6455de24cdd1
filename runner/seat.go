package runner

import (
	"fmt"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"io"
	"strings"
)

// Seat plays one side of a battle at the table (--play SIDE, issue 23): the questions of side
// Side (Request.Side, compared ignoring case) and those of no side go to Player (the terminal);
// the other side's go to Computer, or, when Computer is nil, to the engine's own answer
// (Request.Default, which a clash battle sets to its policy's answer and a Pathfinder battle's
// first choice is). Each of the computer's answers is written to Out as it is made, one line:
// "  (computer, orcs) round 2, goblins: action attack", so that the player sees the other side decide.
type Seat struct {
	Side     string
	Player   Decider
	Computer Decider
	Out      io.Writer
	// Withhold, when not nil, says which of the computer's answers the player is not shown (the
	// fog of --play: clash.Fog.SeesChoice negated): r and the name of the choice made.
	Withhold func(r *Request, choice string) bool
	// Veil, when not nil, is the fog of --play over what the player's questions let them look at:
	// it replaces Request.View for the Player (pathfinder.HexFog.View: a hex run's map, status,
	// units and recap as the side knows them).
	Veil func(view any) any

	// The computer's lines made while the player answers a block of questions (the same day,
	// phase, kind and title: each of the player's armies' tactic of a battle phase) are held and
	// written after the block (issue 23 review: the computer's tactic came between the player's
	// own armies' questions): pending holds them, block is the key of the player's open block.
	// hold is set by Sink and Writer: only a seat whose run writes through one of them holds
	// lines (else nothing would write them before what they led to).
	pending []string
	block   string
	hold    bool
	// pendBlock is the block of held lines written before the player's block opened: the
	// computer's choices that are made at the same time as the player's (simultaneous), which
	// the player must not see before making their own (issue 23 review D4: playing the side
	// asked second, the computer's tactic was shown before the player chose theirs).
	pendBlock string
}

// simultaneous reports whether both sides choose r's kind at the same time, neither knowing the
// other's choice: a battle phase's tactic and strategy (P-22, P-51: each commander chooses, then
// the choices are revealed).
func simultaneous(r *Request) bool { return r.Kind == KindTactic || r.Kind == KindStrategy }

// blockOf is the key of the block of questions r belongs to (Seat.block).
func blockOf(r *Request) string {
	return fmt.Sprintf("%d|%s|%s|%s", r.Day, r.Phase, r.Kind, r.Title)
}

// Flush writes the computer's held lines (the player's block of questions is over: the run
// writes an event, or asks a question of another block). Errors: Out's.
func (s *Seat) Flush() error {
	s.block, s.pendBlock = "", ""
	lines := s.pending
	s.pending = s.pending[:0]
	for _, l := range lines {
		if _, err := io.WriteString(TerminalWriter(s.Out), l); err != nil {
			return err
		}
	}
	return nil
}

// Sink is inner, with the seat's held lines written before each event (Flush): the computer's
// choices are shown before what they led to.
func (s *Seat) Sink(inner Sink) Sink {
	s.hold = true
	return seatSink{s, inner}
}

// Writer is w, with the seat's held lines written before each write (a Pathfinder battle's
// transcript, written by the engine itself).
func (s *Seat) Writer(w io.Writer) io.Writer {
	s.hold = true
	return seatWriter{s, w}
}

type seatWriter struct {
	s *Seat
	w io.Writer
}

func (w seatWriter) Write(p []byte) (int, error) {
	if err := w.s.Flush(); err != nil {
		return 0, err
	}
	return w.w.Write(p)
}

type seatSink struct {
	s     *Seat
	inner Sink
}

func (w seatSink) Write(e Event) error {
	if err := w.s.Flush(); err != nil {
		return err
	}
	return w.inner.Write(e)
}

// Decide routes r by its side (Decider).
func (s *Seat) Decide(r *Request) (Answer, error) {
	if r.Side == "" || foldName(r.Side) == foldName(s.Side) {
		if b := blockOf(r); b != s.block {
			if b != s.pendBlock {
				if err := s.Flush(); err != nil {
					return Answer{}, err
				}
			}
			s.block = b // the computer's simultaneous choices held for this block stay held
		}
		if s.Veil != nil && r.View != nil {
			v := *r
			v.View = s.Veil(r.View)
			return s.Player.Decide(&v)
		}
		return s.Player.Decide(r)
	}
	a := Answer{Choice: r.Default, Default: r.Optional}
	if s.Computer != nil {
		var err error
		if a, err = s.Computer.Decide(r); err != nil {
			return a, err
		}
	}
	i := a.Choice
	if a.Default {
		i = r.Default
	}
	if i < 0 || i >= len(r.Choices) {
		return a, nil
	}
	if s.Out != nil && len(r.Choices) > 1 && (s.Withhold == nil || !s.Withhold(r, r.Choices[i].Name)) {
		where := r.Where()
		if r.Army != "" && !strings.HasSuffix(where, ", "+r.Army) {
			where += ", " + r.Army
		}
		if r.Other != "" {
			where += ", " + r.Other
		}
		line := fmt.Sprintf("  (computer, %s) %s: %s %s\n", r.Side, where, r.Kind, r.Choices[i].Name)
		if r.Kind == KindAnswer {
			// A yes or no says nothing without its question (issue 23 review: "militia, orcs:
			// answer yes"): the question, then the answer.
			line = fmt.Sprintf("  (computer, %s) %s %s\n", r.Side, esc.Text(r.Prompt()), r.Choices[i].Name)
		}
		if s.hold && s.block != "" && blockOf(r) == s.block {
			s.pending = append(s.pending, line) // the player's block is open: after it
			return a, nil
		}
		if s.hold && simultaneous(r) {
			// Made before the player's own choice of the same block: held until the player has
			// chosen (or, if the player has no such question, until the next event).
			if b := blockOf(r); b != s.pendBlock {
				if err := s.Flush(); err != nil {
					return a, err
				}
				s.pendBlock = b
			}
			s.pending = append(s.pending, line)
			return a, nil
		}
		if err := s.Flush(); err != nil {
			return a, err
		}
		if _, err := io.WriteString(TerminalWriter(s.Out), line); err != nil {
			return a, err
		}
	}
	return a, nil
}

// Roll passes dice to the Player's Roller (dice typed at the table); the computer rolls with the
// generator.
func (s *Seat) Roll(r *Request) (int, bool, error) {
	if ro, ok := s.Player.(Roller); ok {
		return ro.Roll(r)
	}
	return 0, false, nil
}

// MatchSide finds the side a player named for --play among ids (names[i] is side i's other
// name, or ""): its id or name ignoring case, spaces and hyphens, or a prefix of exactly one. It
// returns the side's id, or "" and the refusal naming the sides ("no side \"elfs\" (sides:
// garrison, legion; or all)"). "all" is not a side: the caller plays both.
func MatchSide(play string, ids, names []string) (string, string) {
	f := foldName(play)
	for i, id := range ids {
		if foldName(id) == f || (names[i] != "" && foldName(names[i]) == f) {
			return id, ""
		}
	}
	found := -1
	for i, id := range ids {
		if f != "" && (strings.HasPrefix(foldName(id), f) || (names[i] != "" && strings.HasPrefix(foldName(names[i]), f))) {
			if found >= 0 {
				found = -2
				break
			}
			found = i
		}
	}
	if found >= 0 {
		return ids[found], ""
	}
	return "", fmt.Sprintf("no side %q (sides: %s; or all)", play, strings.Join(ids, ", "))
}
