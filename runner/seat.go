package runner

import (
	"fmt"
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
}

// Decide routes r by its side (Decider).
func (s *Seat) Decide(r *Request) (Answer, error) {
	if r.Side == "" || foldName(r.Side) == foldName(s.Side) {
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
		if _, err := fmt.Fprintf(TerminalWriter(s.Out), "  (computer, %s) %s: %s %s\n", r.Side, where, r.Kind, r.Choices[i].Name); err != nil {
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
