package clash

import (
	"errors"
	"fmt"
)

// Ask is the kind of a decision the engine asks.
type Ask uint8

// Decisions, in the order a unit's turn asks them (U-27, round outline of Part U).
const (
	// AskCommand: the commander's bonus action (U-13, U-14): none, prepare, incite, step down; or,
	// in a unit without a commander, "take" by one of its joined solos (Option.Solo).
	AskCommand Ask = iota + 1
	// AskAction: the unit's (or a solo's) one action (U-33..U-55, U-84).
	AskAction
	// AskConfig: the configuration a Configure switches to (U-48).
	AskConfig
	// AskMove: where a stand or solo moves (Option.Square, its new top-left square; or flee, U-32).
	// Skirmisher stands and unattached solos are asked twice, before and after the action (U-82).
	AskMove
	// AskRoutine: which attack routine a stand or solo makes (Multiattack or one attack), or for a
	// stand of an Aid regiment which adjacent stand it aids (U-48), or none.
	AskRoutine
	// AskTarget: the target of one attack (U-34..U-37, U-67, U-86): a stand, a solo or a resource
	// square.
	AskTarget
	// AskSpell: which spell a unit or solo casts (U-38).
	AskSpell
	// AskArea: where an area spell goes (U-44..U-47): origin square, side or direction.
	AskArea
	// AskSpellTarget: one target of a targeted spell (U-40..U-42).
	AskSpellTarget
	// AskOverflow: the adjacent identical stand excess damage passes to (U-56).
	AskOverflow
	// AskFill: the adjacent allied stand that moves into a removed casualty's gap, or none (U-60).
	AskFill
	// AskSoloStep: a joined solo stays, leaves into an adjacent empty square or switches to an
	// adjacent stand of its unit (U-53, U-63).
	AskSoloStep
	// AskRejoin: a solo whose stand was removed joins an adjacent stand of its unit or stays (U-54).
	AskRejoin
	// AskJoin: the allied stand an unattached solo joins (U-51).
	AskJoin
)

var askNames = [...]string{"", "command", "action", "config", "move", "routine", "target", "spell", "area",
	"spellTarget", "overflow", "fill", "soloStep", "rejoin", "join"}

func (a Ask) String() string {
	if int(a) < len(askNames) && a > 0 {
		return askNames[a]
	}
	return fmt.Sprintf("ask(%d)", int(a))
}

// Action is a unit's or solo's action (U-33..U-55, U-84).
type Action uint8

// Actions.
const (
	ActNone      Action = iota // no action
	ActAttack                  // U-34
	ActCast                    // U-38
	ActConfigure               // U-48, regiments
	ActDash                    // U-49
	ActHide                    // U-50, skirmishers and solos
	ActJoin                    // U-51, unattached solos
	ActRetreat                 // U-55
	ActDodge                   // U-84: a core 5e action, solos by default
)

var actionNames = [...]string{"none", "attack", "cast", "configure", "dash", "hide", "join", "retreat", "dodge"}

func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return fmt.Sprintf("action(%d)", int(a))
}

// ParseAction reads an action's name.
func ParseAction(s string) (Action, bool) {
	for i, n := range actionNames {
		if n == s {
			return Action(i), true
		}
	}
	return 0, false
}

// Command is a commander's bonus action (U-13, U-14, U-64).
type Command uint8

// Commands.
const (
	CmdNone     Command = iota
	CmdPrepare          // U-14
	CmdIncite           // U-14
	CmdStepDown         // U-13
	CmdTake             // U-13: a joined solo takes command (Option.Solo)
	CmdRally            // U-64: not asked (a broken unit's commander always tries); named in events
)

var commandNames = [...]string{"none", "prepare", "incite", "stepDown", "take", "rally"}

func (c Command) String() string {
	if int(c) < len(commandNames) {
		return commandNames[c]
	}
	return fmt.Sprintf("command(%d)", int(c))
}

// RefKind says what a Ref names.
type RefKind uint8

// Ref kinds.
const (
	RefNone     RefKind = iota
	RefStand            // Index: a stand (Battle.Stand)
	RefSolo             // Index: a solo
	RefResource         // Index: a resource square (Battle.ResourceSquare)
)

// Ref names a stand, a solo or a resource square.
type Ref struct {
	Kind  RefKind
	Index int
}

// Option is one legal answer to a Question. Which fields matter depends on the Ask.
type Option struct {
	Name   string  // what a script or a player types: "attack", "3,4", "orcs 2", "none"
	Action Action  // AskAction
	Cmd    Command // AskCommand
	Value  int     // AskConfig: 0 aid, 1 defend, 2 march; AskRoutine: routine index (-1 none, -2 aid); AskSpell: known-spell index (-1 none); AskArea: side or direction 0..3 (north, east, south, west); AskSoloStep: 0 stay, 1 leave, 2 switch
	Square int     // AskMove, AskArea, AskSoloStep (leave): a square index y*width+x; -1 none; AskMove: Flee
	Ref    Ref     // AskTarget, AskSpellTarget, AskOverflow, AskFill, AskRejoin, AskJoin, AskRoutine (aid), AskSoloStep (switch)
	Solo   int     // AskCommand "take": the solo taking command
	Shape  int     // AskArea: for a line, 0 straight, 1 and 2 bending left or right first
}

// Flee is Option.Square of a move off the grid (U-32).
const Flee = -2

// Question is a decision the engine asks of a Chooser. The engine owns it and reuses it: a Chooser
// must not keep it after returning.
type Question struct {
	Ask     Ask
	Round   int
	Side    int // the side deciding
	Unit    int // the unit whose turn it is (or whose stand is concerned), -1 none
	Stand   int // the stand concerned (Battle.Stand index; AskFill: the removed one), -1 none
	Solo    int // the solo concerned, -1 none
	Part    int // AskMove: 1 before the action, 2 after (split movement, U-8, U-82); AskAction: PartNonCasters for the stands of a casting unit that cannot cast (U-39)
	Spell   int // AskArea, AskSpellTarget: the spell (an index into the plan's Spells), -1 none
	Options []Option
	// Policy is the index of the engine policy's answer (what "leave it to the policy" means).
	Policy int
}

// Chooser makes the battle's choices: a script, a player, a policy. Choose returns an index into
// q.Options; the engine's policy answer is q.Policy. An index out of range stops the battle with
// ErrChoice.
type Chooser interface {
	Choose(b *Battle, q *Question) int
}

// ErrChoice is the error of a Chooser answer the rules do not allow.
var ErrChoice = errors.New("clash: choice not allowed")

// Policy is the engine's own way of answering when no Chooser answers (or for Question.Policy).
type Policy uint8

// Policies.
const (
	// PolicyTactical plays like a competent DM: advance keeping integrity, attack what it can reach,
	// focus fire on weakened stands, area spells where they hit enemies only, rally, objectives.
	PolicyTactical Policy = iota
	// PolicyFirst takes the first option of every question, in the engine's listing order (the
	// listing puts moves nearest the enemy first and the nearest targets first).
	PolicyFirst
	// PolicyRandom picks uniformly among the options (from its own seeded generator).
	PolicyRandom
	// PolicyTacticalV1 is the tactical policy as it stood before issue 29's speed work (the
	// choices of commit dc3f472), kept to measure a faster or different PolicyTactical against
	// (cmd/sortie TestTacticalHeadToHead, TestTacticalSameAsV1): every question's options are
	// listed and scored one by one by the same scoring functions, as when a Chooser asks, without
	// PolicyTactical's shortcuts (no listing, a melee stand holding after it acted without a search).
	PolicyTacticalV1
)

var policyNames = [...]string{"tactical", "first", "random", "tactical-v1"}

// tactical reports whether p is a tactical policy (the scoring of tactical*.go).
func (p Policy) tactical() bool { return p == PolicyTactical || p == PolicyTacticalV1 }

func (p Policy) String() string {
	if int(p) < len(policyNames) {
		return policyNames[p]
	}
	return fmt.Sprintf("policy(%d)", int(p))
}

// ParsePolicy reads a policy's name.
func ParsePolicy(s string) (Policy, bool) {
	for i, n := range policyNames {
		if n == s {
			return Policy(i), true
		}
	}
	return 0, false
}
