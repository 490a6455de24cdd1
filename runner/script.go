package runner

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Script is a Decider (and a Roller) that reads decisions from a script file: a YAML, JSON or CUE
// list with one entry per decision, in the order the runner asks for them:
//
//	# win.yaml
//	- {day: 1, move: east}   # move: north | east | south | west | stay; day: N asserts the day
//	- roll: [1, 4]           # the next die faces, used before the seeded generator
//	- pick: 1                # keep one of the two camp dice (K-37)
//	- battle: won            # won | fled | defeated
//	- night: march           # rest | march
//	- battle: fight          # with PCs: one more detailed round (support damage, protection)
//	- protect: Aria          # K-89: the PC who protects the burden this round, or none
//	- target: Boggard 1      # K-75: the monster a friendly support instance hits, or none
//	- cancel: yes            # K-77: the friendly army cancels this enemy instance
//	- take: yes              # K-90: the protector takes this hit for the burden
//	- traverse: continue     # K-45, K-46, K-50: continue | stop | leave
//
// In a CUE script the list is the file's only value ([{move: east}, ...]); a bare identifier such
// as east reads as its name. Every entry keeps its file:line:col, so an entry that does not fit the
// state is reported there (X001, a *DecisionError).
type Script struct {
	file    string
	entries []entry
	end     diag.Pos // where the list ends (X003)

	next    int // the next entry to read
	rolling int // the roll entry whose faces are being handed out, -1 if none
	face    int // the next face of entries[rolling]
}

// entry is one script entry.
type entry struct {
	kind    Kind
	pos     diag.Pos // the decision key
	src     string   // how it reads, for messages: "pick: 3"
	name    string   // KindMove, KindBattle, KindNight: the choice name
	face    int      // KindPick
	faces   []int    // KindRoll
	facePos []diag.Pos
	day     int // 0: no assertion
	dayPos  diag.Pos
	who     string // clash: the unit, solo or stand the entry is for (unit:, solo:, stand:); "" any
	whoKey  string
	whoPos  diag.Pos
}

// DecisionError is a decision that could not be made from a script: an entry that does not fit the
// state (X001) or a script that ended early (X003, errors.Is(err, ErrScriptEnded)). It carries the
// diagnostic, with the entry's position and a message naming the day and the phase.
type DecisionError struct {
	Diag  diag.Diagnostic
	Day   int
	Phase Phase
}

func (e *DecisionError) Error() string { return e.Diag.String() }

// Diagnostics returns the diagnostic as a list, for diagnostic writers.
func (e *DecisionError) Diagnostics() diag.List { return diag.List{e.Diag} }

// Is matches ErrScriptEnded for an X003 error.
func (e *DecisionError) Is(target error) bool {
	return target == ErrScriptEnded && e.Diag.Code == CodeScriptEnded
}

// File returns the script's file name.
func (s *Script) File() string { return s.file }

// Len returns the number of entries.
func (s *Script) Len() int { return len(s.entries) }

// Rewind starts the script again from its first entry (to run it once more).
func (s *Script) Rewind() { s.next, s.rolling, s.face = 0, -1, 0 }

// Copy returns a copy of the script from its first entry, sharing its entries (read-only): one
// for each run of a simulation that plays the script in every run.
func (s *Script) Copy() *Script {
	c := *s
	c.Rewind()
	return &c
}

// Unused returns an X004 warning if entries (or die faces) were left when the run ended, else nil.
func (s *Script) Unused() diag.List {
	if s.rolling >= 0 {
		e := &s.entries[s.rolling]
		return diag.List{diag.Warnf(e.facePos[s.face], CodeScriptLeft, "the scenario ended before the script did: %s of this entry unused", words.Count(len(e.faces)-s.face, "die face"))}
	}
	if s.next < len(s.entries) {
		return diag.List{diag.Warnf(s.entries[s.next].pos, CodeScriptLeft, "the scenario ended before the script did: %d entries unused from here", len(s.entries)-s.next)}
	}
	return nil
}

func (s *Script) mismatch(pos diag.Pos, r *Request, format string, args ...any) error {
	d := diag.Errorf(pos, CodeMismatch, "%s: %s", r.Where(), fmt.Sprintf(format, args...))
	return &DecisionError{Diag: d, Day: r.Day, Phase: r.Phase}
}

// Decide answers r from the next entry (Decider).
func (s *Script) Decide(r *Request) (Answer, error) {
	if s.rolling >= 0 {
		e := &s.entries[s.rolling]
		return Answer{}, s.mismatch(e.facePos[s.face], r, "the script gives a die face (%d) but the runner asks for %s decision", e.faces[s.face], article(r.Kind.String()))
	}
	if r.Optional && !s.answers(r) {
		return Answer{Default: true}, nil // the engine decides what the script leaves out
	}
	if s.next >= len(s.entries) {
		d := diag.Errorf(s.end, CodeScriptEnded, "%s: the script ended before the scenario did (the runner asks for %s decision)", r.Where(), article(r.Kind.String()))
		return Answer{}, &DecisionError{Diag: d, Day: r.Day, Phase: r.Phase}
	}
	e := &s.entries[s.next]
	s.next++
	if e.day != 0 && e.day != r.Day {
		return Answer{}, s.mismatch(e.dayPos, r, "the script expects %s %d (entry %s)", r.dayWord(), e.day, e.src)
	}
	if e.kind != r.Kind {
		if e.kind == KindRoll {
			return Answer{}, s.mismatch(e.pos, r, "the runner asks for %s decision but the script gives dice (%s)", article(r.Kind.String()), e.src)
		}
		if e.who != "" && r.Phase == PhaseRound {
			// A clash entry for a stand or solo is skipped until a question of its kind for it
			// comes; one that no question of the turn used (a misspelt stand) lands here.
			return Answer{}, s.mismatch(e.pos, r, "the runner asks for %s decision but the script's next entry is %s for %s %s, which no question of the turn before used (is %q one of the stands or solos?)",
				article(r.Kind.String()), e.src, e.whoKey, e.who, e.who)
		}
		return Answer{}, s.mismatch(e.pos, r, "the runner asks for %s decision but the script's next entry is %s", article(r.Kind.String()), e.src)
	}
	if !e.names(r) {
		return Answer{}, s.mismatch(e.whoPos, r, "the script's entry is for %s %s, but the runner asks for %s's %s decision (entry %s)", e.whoKey, e.who, r.whoKindNow(), r.Kind, e.src)
	}
	if r.Phase == PhaseRound {
		if i := r.FindFold(e.name); i >= 0 {
			return Answer{Choice: i}, nil
		}
		return Answer{}, s.mismatch(e.pos, r, "%s is not a legal choice for %s (legal: %s)", e.name, r.whoNow(), r.Legal())
	}
	switch e.kind {
	case KindPick:
		for i := range r.Choices {
			if r.Choices[i].Value == e.face {
				return Answer{Choice: i}, nil
			}
		}
		return Answer{}, s.mismatch(e.pos, r, "face %d was not rolled (the dice show %d and %d)", e.face, r.Dice[0], r.Dice[1])
	case KindTactic, KindStrategy, KindAnswer, KindPlace, KindBoon:
		return s.pfChoice(e, r)
	default:
		if e.kind == KindTarget && r.Phase == PhaseBattle {
			return s.pfChoice(e, r) // Pathfinder (P-21)
		}
		if i := r.Find(e.name); i >= 0 {
			return Answer{Choice: i}, nil
		}
		if e.kind == KindMove {
			return Answer{}, s.mismatch(e.pos, r, "there is no block to the %s of %s (legal: %s)", e.name, r.Block, r.Legal())
		}
		return Answer{}, s.mismatch(e.pos, r, "%s is not a legal choice (legal: %s)", e.name, r.Legal())
	}
}

// pfChoice matches a Pathfinder battle decision by name, ignoring case, spaces and hyphens.
func (s *Script) pfChoice(e *entry, r *Request) (Answer, error) {
	if i := r.FindFold(e.name); i >= 0 {
		return Answer{Choice: i}, nil
	}
	return Answer{}, s.mismatch(e.pos, r, "army %s: %s is not a legal choice (legal: %s)", r.Army, e.name, r.Legal())
}

// Roll hands out the faces of roll entries (Roller): the rest of the current roll entry, or the
// next entry if it is a roll entry; otherwise ok=false and the seeded generator rolls.
func (s *Script) Roll(r *Request) (int, bool, error) {
	if s.rolling < 0 {
		if s.next >= len(s.entries) || s.entries[s.next].kind != KindRoll {
			return 0, false, nil
		}
		e := &s.entries[s.next]
		s.next++
		if e.day != 0 && e.day != r.Day {
			return 0, false, s.mismatch(e.dayPos, r, "the script expects %s %d (entry %s)", r.dayWord(), e.day, e.src)
		}
		s.rolling, s.face = s.next-1, 0
	}
	e := &s.entries[s.rolling]
	f, pos := e.faces[s.face], e.facePos[s.face]
	s.face++
	if s.face == len(e.faces) {
		s.rolling, s.face = -1, 0
	}
	if f < 1 || f > r.Sides {
		return 0, false, s.mismatch(pos, r, "die face %d out of range 1..%d", f, r.Sides)
	}
	return f, true, nil
}

// answers reports whether the next entry answers Optional request r: it is of r's kind and, if it
// names a unit, solo or stand, names r's.
func (s *Script) answers(r *Request) bool {
	if s.rolling >= 0 || s.next >= len(s.entries) {
		return false
	}
	e := &s.entries[s.next]
	return e.kind == r.Kind && e.names(r)
}

// names reports whether the entry is for whoever r is about (or names nobody): its unit, solo or
// stand, by a key that agrees with r.ArmyKind when the engine says what Army is.
func (e *entry) names(r *Request) bool {
	switch {
	case e.who == "":
		return true
	case e.who == r.Army:
		return r.ArmyKind == "" || e.whoKey == r.ArmyKind
	}
	return e.who == r.Other
}

// whoKindNow is whoNow with what it is, when the engine says so ("unit gnolls").
func (r *Request) whoKindNow() string {
	if r.Other == "" && r.ArmyKind != "" {
		return r.ArmyKind + " " + r.Army
	}
	return r.whoNow()
}

// dayWord is what Day counts: rounds in a clash battle, else days.
func (r *Request) dayWord() string {
	if r.Phase == PhaseRound {
		return "round"
	}
	return "day"
}

// article puts "a" or "an" before a word.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

// whoNow names whose decision a clash request is: the stand or solo, else the unit.
func (r *Request) whoNow() string {
	if r.Other != "" {
		return r.Other
	}
	return r.Army
}
