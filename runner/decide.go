package runner

import (
	"errors"
	"fmt"
	"github.com/sortie-rpg/sortie/compiler/words"
	"strconv"
	"strings"
)

// Kind is the kind of a decision (or of a die roll asked of a Roller).
type Kind uint8

const (
	KindMove     Kind = iota // action step (a): north | east | south | west | stay (K-28)
	KindBattle               // how a party battle ended: won | fled | defeated (K-33, K-96, K-99, K-100)
	KindPick                 // camp phase: keep one of the two dice (K-37)
	KindNight                // night phase: rest | march (K-40, K-41)
	KindRoll                 // one die face (asked of a Roller only)
	KindProtect              // K-89: which PC protects burden Encounter this round: a PC name | none
	KindTarget               // K-75: which monster a friendly support instance hits: a monster name | none
	KindCancel               // K-77: does the friendly army cancel this enemy instance: yes | no
	KindTake                 // K-90: does the protector take this hit for the burden: yes | no
	KindTraverse             // K-45, K-46, K-50: continue | stop | leave

	// Pathfinder mass combat (RULES.md Part P; runner/pf_*.go). KindTarget also serves P-21: the
	// army an army attacks this phase (Phase is PhaseBattle then).
	KindTactic   // a tactic in the Tactics Phase, keep/change at a later phase, or one learnt (P-22, P-23, P-61)
	KindStrategy // a strategy rung at a Melee Phase (P-51, P-52)
	KindAnswer   // yes | no: stay at range, leave, oppose a withdrawal, potion, triage (P-25, P-49, P-66)
	KindPlace    // the adjacent hex a withdrawn or routed army goes to (P-62)

	// Campaign decisions (package runner/campaign), asked between scenarios with Day 0.
	KindSelect  // scenario selection: the id of an unlocked scenario (K-9, K-10)
	KindBenefit // the mercenary benefit of this sortie: a benefit id or "none" (K-11)
	KindPrepare // sortie preparation: "sortie", "treat", "buy ITEM", "resurrect PC" (K-12..K-14)

	// When Armies Clash battles (RULES.md Part U; runner/clash), asked with Phase PhaseRound and
	// Day the round. KindTarget also serves an attack's or a spell's target there. All but a
	// unit's or an unattached solo's KindAction are Optional (the engine's policy answers when
	// the script leaves them out).
	KindAction   // a unit's or a solo's action: attack, cast, dash, configure, hide, join, retreat, dodge, none (U-33..U-55)
	KindCommand  // a commander's bonus action: none, prepare, incite, stepDown, "take SOLO" (U-13, U-14)
	KindConfig   // a Configure's new configuration: aid, defend, march (U-48)
	KindTo       // where a stand or solo moves: "x,y" (its new top-left square), or flee (U-29..U-32)
	KindWith     // a stand's or solo's attack routine: multiattack, an attack's name, "aid STAND", none (U-34, U-48)
	KindSpell    // the spell cast: a spell id, or none (U-38)
	KindArea     // where an area spell goes: a side of the caster or an origin square (U-44..U-47)
	KindOverflow // the adjacent stand excess damage passes to (U-56)
	KindFill     // the stand that moves into a removed casualty's gap, or none (U-60)
	KindStep     // a joined solo: stay, "leave x,y", "switch STAND" (U-53)
	KindJoin     // the stand a solo joins, or stay (U-51, U-54)

	// Pathfinder, after the kinds above so that their values stay as saves record them.
	KindBoon // the boon a victorious army's commander learns (P-61)

	KindRetry // a campaign's retry of a scenario whose midpoint is retained: midpoint (resume there) | start (K-67)
)

var kindNames = [...]string{"move", "battle", "pick", "night", "roll", "protect", "target", "cancel", "take", "traverse",
	"tactic", "strategy", "answer", "place", "select", "benefit", "prepare",
	"action", "command", "config", "to", "with", "spell", "area", "overflow", "fill", "step", "join", "boon", "retry"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Phase is a phase of the day (K-18).
type Phase uint8

const (
	PhaseNone   Phase = iota // before the first day and after the end
	PhaseStart               // K-19
	PhaseAction              // K-27
	PhaseCamp                // K-35
	PhaseNight               // K-40 (a forced march runs steps (a), (b) in this phase, K-41)
	PhaseMarch               // Pathfinder: armies move along their routes (P-12, P-13)
	PhaseBattle              // Pathfinder: a battle (P-14..P-62)
	PhaseRound               // When Armies Clash: a round of a battle (Day is the round, U-28)
)

var phaseNames = [...]string{"", "start", "action", "camp", "night", "march", "battle", "round"}

// MarshalText writes the phase's name, as JSON Lines events carry it ("start").
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

func (p Phase) String() string {
	if int(p) < len(phaseNames) {
		return phaseNames[p]
	}
	return "phase(" + strconv.Itoa(int(p)) + ")"
}

// Choice is one legal answer to a Request.
type Choice struct {
	Name  string // what a script or a player types: "east", "stay", "won", "3", "march"
	Value int    // KindMove: a plan.Dir, or Stay; KindPick: the face; others: the index of Name in its list
	Note  string // context for a prompt: the block a move leads to, "checked" for a checked face
}

// NoteReader is a Decider that says whether it reads the Notes of the requests put to it: a prompt
// shows them, an automatic policy ignores them. Like slog's Handler.Enabled, it lets an engine skip
// building a note that costs an allocation (a Sprintf) when nobody will read it (issue 29).
type NoteReader interface {
	ReadsNotes() bool
}

// ReadsNotes reports whether d may read Choice.Note: true unless d is a NoteReader that says it
// does not, so that a Decider that does not say is always given its notes. Only a decision's
// notes may be skipped: what a decider answers never depends on a note it does not read.
func ReadsNotes(d Decider) bool {
	if r, ok := d.(NoteReader); ok {
		return r.ReadsNotes()
	}
	return true
}

// Request is a decision the runner asks for (or, with Kind KindRoll, a die it asks a Roller for).
// The runner owns it and reuses it: a Decider must not keep it, or its Choices, after returning.
type Request struct {
	Kind    Kind
	Day     int
	Phase   Phase
	Choices []Choice // the legal answers, in a stable order; empty for KindRoll

	Block   string // the party's block id; in a clash battle (PhaseRound) whose turn it is
	Terrain string // the party's block terrain (if known)
	Army    string // KindBattle: the enemy army fought, if any; Pathfinder kinds: the deciding army
	// ArmyKind says what Army names in a clash battle: "unit" or "solo" (a script entry's unit: or
	// solo: key must agree); "" when the engine does not say.
	ArmyKind string
	Other    string // KindAnswer, KindTarget: the army the question is about, if any
	// Side is the side deciding in a battle (a clash side's id, a Pathfinder battle file's side
	// name, "friendly" | "enemy" in a Pathfinder scenario); "" when the question is the party's
	// (Karzoral, campaigns). A Seat routes by it (--play SIDE).
	Side      string
	Encounter string // KindBattle: encounter id
	Title     string // KindBattle: encounter title
	Cause     string // KindBattle: "army" | "event" | "nightRaid"; KindRoll: what the roll is for; KindOverflow: "attacker" | "defender" (who chooses, U-56)
	Dice      [2]int // KindPick: the two faces rolled
	Sides     int    // KindRoll: the die has faces 1..Sides

	// View is what the deciding side may know when the engine has a fog of war (runner/karzoral:
	// a *karzoral.PlayerView, the players' knowledge, K-23); nil otherwise. A policy decides on
	// it and the Request, never on the engine's state. Valid only during Decide.
	View any

	// Optional: the engine has an answer of its own (Default) and a Decider may leave the
	// decision to it (Answer.Default): a script answers an optional request only when its next
	// entry is of this kind, so that an entry may give only a unit's action (runner/clash).
	Optional bool
	Default  int // Optional: the index of the engine's own answer
}

// Find returns the index of the choice called name, or -1.
func (r *Request) Find(name string) int {
	for i := range r.Choices {
		if r.Choices[i].Name == name {
			return i
		}
	}
	return -1
}

// FindFold returns the index of the choice whose name matches name ignoring case, spaces, hyphens
// and underscores ("Defensive Wall", "defensive-wall"), or -1.
func (r *Request) FindFold(name string) int {
	n := foldName(name)
	for i := range r.Choices {
		if foldName(r.Choices[i].Name) == n {
			return i
		}
	}
	return -1
}

func foldName(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(strings.TrimSpace(s)) {
		switch c {
		case ' ', '-', '_', '\'':
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Legal lists the choice names, comma-separated ("east, west, stay").
func (r *Request) Legal() string {
	var b strings.Builder
	for i, c := range r.Choices {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Name)
	}
	return b.String()
}

// Where says "day 3, camp phase" (or "before day 1").
func (r *Request) Where() string {
	if r.Phase == PhaseRound {
		w := "round " + strconv.Itoa(r.Day)
		if r.Army != "" {
			w += ", " + r.Army
		}
		return w
	}
	if r.Kind >= KindSelect && r.Kind <= KindPrepare {
		return "campaign"
	}
	if r.Day == 0 {
		if r.Phase == PhaseBattle {
			return "battle " + r.Block // `sortie battle`: one battle, no days
		}
		return "before day 1"
	}
	if r.Phase == PhaseNone {
		return "day " + strconv.Itoa(r.Day)
	}
	return "day " + strconv.Itoa(r.Day) + ", " + r.Phase.String() + " phase"
}

// at is " at HEX", where a Pathfinder battle question is fought, for its question; "" in a battle
// file's lone battle, whose Where already names it ("battle orcs-vs-militia": Block is its id).
func (r *Request) at() string {
	if r.Day == 0 && r.Phase == PhaseBattle {
		return ""
	}
	return " at " + r.Block
}

// Prompt returns the question as one line, for a person (it allocates; the runner never calls it).
func (r *Request) Prompt() string {
	switch r.Kind {
	case KindMove:
		at := r.Block
		if r.Terrain != "" {
			at += " (" + r.Terrain + ")"
		}
		return fmt.Sprintf("%s: the party is at %s. Where does it move?", r.Where(), at)
	case KindBattle:
		what := r.Title
		if what == "" {
			what = r.Encounter
		} else if r.Encounter != "" {
			what += " (" + r.Encounter + ")"
		}
		switch r.Cause {
		case "army":
			what += " of army " + r.Army
		case "nightRaid":
			what = "a night raid: " + what
		}
		return fmt.Sprintf("%s: the party fights %s at %s. How did the battle end?", r.Where(), what, r.Block)
	case KindPick:
		// Each pick says what it picks for (review P1): a PC's ability growth (K-64, named, in a
		// campaign between scenarios or at a scenario's growth point), a traversal area's face
		// (K-45), else the camp's episode (K-37).
		switch r.Cause {
		case "growth":
			if r.Day == 0 {
				return fmt.Sprintf("ability growth of %s (K-64): rolled %d and %d. Which face does the PC keep?", r.Title, r.Dice[0], r.Dice[1])
			}
			return fmt.Sprintf("%s: ability growth of %s (K-64): rolled %d and %d. Which face does %s keep?", r.Where(), r.Title, r.Dice[0], r.Dice[1], r.Title)
		case "traversal":
			return fmt.Sprintf("%s: traversal of %s (K-45): rolled %d and %d. Which face does the party keep?", r.Where(), r.Title, r.Dice[0], r.Dice[1])
		}
		return fmt.Sprintf("%s: rolled %d and %d. Which face does the party keep?", r.Where(), r.Dice[0], r.Dice[1])
	case KindNight:
		return fmt.Sprintf("%s: does the party rest or make a forced march?", r.Where())
	case KindRoll:
		return fmt.Sprintf("roll 1d%d", r.Sides)
	case KindProtect:
		if r.Cause == "escape" { // the escape's carrier (K-97), not a round's protector
			return fmt.Sprintf("%s: the escape: who carries burden %s (K-97)?", r.Where(), r.Encounter)
		}
		return fmt.Sprintf("%s: round start: who protects burden %s (K-89)?", r.Where(), r.Encounter)
	case KindTarget:
		if r.Phase == PhaseRound {
			return r.clashPrompt() // a clash battle's target, not Karzoral's support damage
		}
		if r.Phase == PhaseBattle {
			return fmt.Sprintf("%s: %s%s: which army does army %s attack?", r.Where(), r.Title, r.at(), r.Army)
		}
		return fmt.Sprintf("%s: which monster does %s support damage hit (K-75)?", r.Where(), words.Possessive(r.Army))
	case KindCancel:
		return fmt.Sprintf("%s: %s support damage targets %s; does %s cancel it for 10 strength (K-77)?", r.Where(), words.Possessive(r.Title), r.Encounter, r.Army)
	case KindTake:
		return fmt.Sprintf("%s: does %s take the hit for burden %s (K-90)?", r.Where(), r.Army, r.Encounter)
	case KindTraverse:
		return fmt.Sprintf("%s: traversal of %s: continue, stop or leave (K-45, K-50)?", r.Where(), r.Encounter)
	case KindTactic:
		if r.Cause == "learn" {
			return fmt.Sprintf("%s: after the battle%s: which tactic does army %s learn (P-61)?", r.Where(), r.at(), r.Army)
		}
		return fmt.Sprintf("%s: %s%s: which tactic does army %s use?", r.Where(), r.Title, r.at(), r.Army)
	case KindStrategy:
		return fmt.Sprintf("%s: %s%s: which strategy does army %s take?", r.Where(), r.Title, r.at(), r.Army)
	case KindAnswer:
		if r.Phase == PhaseBattle && (r.Cause == "ransom" || r.Cause == "escape") {
			// A Pathfinder battle's aftermath (P-58): Title is the question in words.
			return fmt.Sprintf("%s: after the battle%s: %s?", r.Where(), r.at(), r.Title)
		}
		q := r.Cause
		if r.Other != "" {
			q += " (army " + r.Other + ")"
		}
		if r.Army == "" { // a question about no army (the Angel Order, the initiative, loot)
			return fmt.Sprintf("%s: %s%s: %s?", r.Where(), r.Title, r.at(), q)
		}
		return fmt.Sprintf("%s: %s%s: army %s: %s?", r.Where(), r.Title, r.at(), r.Army, q)
	case KindBoon:
		return fmt.Sprintf("%s: after the battle%s: which boon does the commander of army %s learn (P-61)?", r.Where(), r.at(), r.Army)
	case KindPlace:
		return fmt.Sprintf("%s: army %s leaves hex %s (%s). To which adjacent hex?", r.Where(), r.Army, r.Block, r.Cause)
	case KindSelect:
		return "scenario selection: which scenario does the party play next?"
	case KindBenefit:
		return fmt.Sprintf("sortie preparation for %s: which mercenary benefit (K-11)?", r.Title)
	case KindPrepare:
		return fmt.Sprintf("sortie preparation for %s: what next?", r.Title)
	case KindRetry:
		return fmt.Sprintf("the midpoint of %s is retained: resume there or start over (K-67)?", r.Title)
	}
	if r.Phase == PhaseRound {
		return r.clashPrompt()
	}
	return r.Where() + ": " + r.Kind.String() + "?"
}

// Answer is a Decider's reply: the index of the chosen entry in Request.Choices, or, for an
// Optional request, Default: leave it to the engine.
type Answer struct {
	Choice  int
	Default bool
}

// Decider makes the decisions of a run (K-28 moves, battle results, K-37 picks, K-40/K-41 nights).
// Decide returns an index into r.Choices. An error stops the run: ErrNoInput, an error wrapping
// ErrScriptEnded (a Fallback decider may take over), or a *DiagError for a script that does not fit.
type Decider interface {
	Decide(r *Request) (Answer, error)
}

// Roller is implemented by deciders that can supply die faces themselves: a script's roll entries,
// dice typed at the table. Roll returns ok=false to let the seeded generator roll this die.
// r.Kind is KindRoll and r.Sides the number of faces; a face outside 1..Sides is an error.
type Roller interface {
	Roll(r *Request) (face int, ok bool, err error)
}

// ErrNoInput is returned (wrapped) when an interactive decider reaches the end of its input.
var ErrNoInput = errors.New("no more input")

// ErrScriptEnded is matched (errors.Is) by the X003 error a script returns when it has no entry left.
var ErrScriptEnded = errors.New("script ended before the scenario did")

// vocabulary holds the names a script may give for the kinds whose answers are a fixed set.
var vocabulary = [...][]string{
	KindMove:     {"north", "east", "south", "west", "stay"},
	KindBattle:   {"won", "fled", "defeated", "routed", "fight"},
	KindNight:    {"rest", "march"},
	KindCancel:   {"yes", "no"},
	KindTake:     {"yes", "no"},
	KindTraverse: {"continue", "stop", "leave"},
	KindRetry:    {"midpoint", "start"},
}

// Vocabulary returns the names a script may give for a decision of kind k when its answers are a
// fixed set (move, battle, night, cancel, take, traverse, retry), nil otherwise: the script reader
// checks an entry against it (X002), and an engine offers its choices by these names. The slice
// is shared: do not change it.
func Vocabulary(k Kind) []string {
	if int(k) < len(vocabulary) {
		return vocabulary[k]
	}
	return nil
}

// clashPrompt is Prompt for the decisions of a clash battle (Phase PhaseRound).
func (r *Request) clashPrompt() string {
	who := r.Army
	if r.Other != "" {
		who = r.Other
	}
	var q string
	switch r.Kind {
	case KindAction:
		q = "which action does " + who + " take (U-33)?"
	case KindCommand:
		q = "the commander's bonus action for " + r.Army + " (U-13, U-14)?"
	case KindConfig:
		q = "which configuration does " + r.Army + " form (U-48)?"
	case KindTo:
		q = "where does " + who + " move (x,y: its new top-left square)?"
	case KindWith:
		q = "which attack does " + who + " make?"
	case KindTarget:
		q = "which target does " + who + " attack?"
		if r.Cause == "spell" {
			q = "which target does " + words.Possessive(who) + " " + r.Title + " go to?"
		}
	case KindSpell:
		q = "which spell does " + who + " cast?"
	case KindArea:
		q = "where does the " + r.Title + " go (U-44..U-47)?"
	case KindOverflow:
		q = "which adjacent stand takes the excess damage from " + who + " (U-56)?"
		switch r.Cause { // who chooses, so that a player asked about the other side's stand knows why
		case "attacker":
			q = "which adjacent stand takes the excess damage from " + who + " (U-56: the attacker chooses)?"
		case "defender":
			q = "which adjacent stand takes the excess damage from " + who + " (U-56: the battle file lets the defender choose)?"
		}
	case KindFill:
		q = "which stand moves into " + words.Possessive(who) + " gap (U-60)?"
	case KindStep:
		q = who + " stays with its stand, leaves it or switches (U-53)?"
	case KindJoin:
		q = "which stand does " + who + " join (U-51, U-54)?"
	default:
		q = r.Kind.String() + "?"
	}
	return r.Where() + ": " + q
}
