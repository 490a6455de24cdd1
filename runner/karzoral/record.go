package karzoral

import (
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// Type is the type of a Record. Its String is the "type" of a JSON Lines record.
type Type uint8

const (
	TypeRun            Type = iota // the run begins: ID (scenario), Text (title), Seed, Block (party start), Count (members), Left (rations), Total (day limit)
	TypeDay                        // a day begins (K-19 (1))
	TypeFood                       // K-20: Count rations eaten, Left remain
	TypeFoodShortage               // K-20: member Count of Total went unfed (no built-in penalty)
	TypeArmyMove                   // K-22: Army moves From -> To (From == To: it holds); Count: its route step
	TypeStrengthBattle             // K-24: Army vs Other in Block; Before/OtherBefore, Loss, After/OtherAfter
	TypeArmyRemoved                // Army leaves the field at Block; Source: "strength" (K-24) | "battle" (K-99) | "event"
	TypeArmySpawned                // an event places Army at Block with strength After; Result "already": it was on the field
	TypeStrength                   // an event changes Army's strength by Delta: Before -> After; Source: event; Result "ignored": not on the field
	TypeEvent                      // event ID fires; Source: "enter" | "day"; Block for enter events
	TypeSay                        // Text from Source ("event", "episode", "objective") ID
	TypeFlag                       // flag ID set (Result "set") or cleared ("clear") by Source ID
	TypePartyMove                  // K-28: the party moves Dir From -> To
	TypeStay                       // K-28: the party stays in Block
	TypeBounce                     // K-32: the party cannot enter To (Text: its terrain) from From going Dir; it stays
	TypeReveal                     // K-31: box ID is revealed: Blocks
	TypeBattle                     // K-33/K-39: the party fights encounter ID (Text: title; Army if any) at Block; Source: cause; Result: won|fled|defeated
	TypeObjective                  // objective ID reached: Result (success|midpoint|failure), XP, Text (its say)
	TypeCampRoll                   // K-37: Dice rolled
	TypePick                       // K-37: Face kept; Checked: it was already checked
	TypeEpisode                    // K-38: episode Face plays, Text; then it is checked
	TypeNightRaid                  // K-39: Face was checked: a night raid by encounter ID (Text: title)
	TypeQuietNight                 // K-39 with no night raid in the plan: a quiet night
	TypeEpisodesReset              // K-39: all six faces unchecked
	TypeNight                      // K-40/K-41: Result "rest" | "march"
	TypeFallback                   // the script ended (X003); the fallback decider takes over
	TypeDayEnd                     // the day ends; View shows the state (Block: party block, Left: rations)
	TypeEnd                        // the run ends: Result (success|failure|stopped), Text (reason), View

	// The Karzoral add-ons. Each carries Rule (the rule ID) and Text (one readable line); the other
	// fields are set as listed.
	TypeCheck     // a check (K-5): ID the PC, Source what for, Dice, Delta the modifier, Total, TN, Result success|failure|fumble|critical
	TypeGroup     // a group check result (K-4): Source, Count successes of Total, Result success|failure
	TypeSupport   // a support damage instance (K-73..K-76): Army, Source friendly|enemy, ID target, Roll, Loss damage, After target HP
	TypeCancel    // K-77: Army cancels an enemy instance aimed at ID; Before -> After strength
	TypeProtect   // K-89..K-91: ID the burden, Other the protector
	TypeRound     // a detailed battle round begins: Count the round
	TypeHP        // ID's HP changes to After (K-88 burden death, fainting, recovery): Result fainted|dead|collapsed|recovered|lost
	TypeEscape    // K-93..K-97: the escape and its pursuit: ID the PC, Roll, Loss, After
	TypeLight     // K-57..K-59: Count hours of light, Result lit|unlit, Left torches, Total oil
	TypeSleep     // K-41: the sleep-deprivation penalty begins (Result "on", Delta) or ends ("off")
	TypeTraversal // K-43..K-50: Source start|face|stop|interrupt|complete|leave|retrace, ID area, Face, Delta, After progress
	TypeXP        // K-60..K-66: ID the PC, XP gained, Total its XP so far, Text the breakdown
	TypeGrowth    // K-64: ID the PC, Dice, Face kept
	TypeInsight   // K-79: ID the PC learns Army's morale and training (Text)
	TypeRout      // K-80: the leaders fell and the low-morale unit fled; the battle is won
	TypeDefeat    // K-100..K-102: the party is wiped; Text what follows
)

var typeNames = [...]string{
	"run", "day", "food", "foodShortage", "armyMove", "strengthBattle", "armyRemoved", "armySpawned",
	"strength", "event", "say", "flag", "partyMove", "stay", "bounce", "reveal", "battle", "objective",
	"campRoll", "pick", "episode", "nightRaid", "quietNight", "episodesReset", "night", "fallback",
	"dayEnd", "end",
	"check", "group", "support", "cancel", "protect", "round", "hp", "escape", "light", "sleep",
	"traversal", "xp", "growth", "insight", "rout", "defeat",
}

func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "type(" + strconv.Itoa(int(t)) + ")"
}

// Record is one observable step of a run. Which fields are set depends on Type (see the Type
// constants); the others are zero. Strings are plan ids and texts (not copies). The runner reuses
// one Record: a Sink must not keep it, or its View, after Write returns.
type Record struct {
	Type  Type
	Day   int
	Phase runner.Phase

	ID     string // scenario, event, objective, encounter or flag id; box name (TypeReveal)
	Army   string
	Other  string // the second army of a strength battle
	Block  string
	From   string
	To     string
	Dir    string
	Text   string // say text, terrain, encounter title, reason
	Source string // what caused it
	Result string // battle result, objective outcome, night choice, flag op, run outcome

	Before, After           int // Army's strength
	OtherBefore, OtherAfter int // Other's strength
	Loss, Delta             int
	Count, Left, Total      int
	XP                      int
	Face                    int
	Dice                    [2]int
	Checked                 bool
	Seed                    uint64
	Blocks                  []string // TypeReveal
	TN                      int      // TypeCheck: the target number
	Rule                    string   // the rule ID of a Karzoral add-on record ("K-76")
	Roll                    string   // a power roll's transcript (K-103), "K20+5@10: [5,5]=10→8 crit, ..."

	View *View // TypeRun, TypeDayEnd, TypeEnd: the state, valid only during Write
}

// Sink receives the records of a run, in order.
type Sink interface {
	Write(r *Record) error
}

type discard struct{}

func (discard) Write(*Record) error { return nil }

// Discard is a Sink that drops every record. The runner recognises it and skips building records.
var Discard Sink = discard{}

// View is a read-only look at the state of a run, handed to sinks with TypeRun, TypeDayEnd and TypeEnd.
type View struct {
	s *state
}

// Plan returns the plan being run.
func (v *View) Plan() *plan.Plan { return v.s.p }

// Day returns the day counter (0 before the first start phase).
func (v *View) Day() int { return v.s.day }

// Party returns the party's block index.
func (v *View) Party() int { return v.s.party }

// Rations returns the rations left (K-20).
func (v *View) Rations() int { return v.s.rations }

// Army returns army i's block (-1 when not on the field) and strength.
func (v *View) Army(i int) (block, strength int) { return v.s.armyBlock[i], v.s.armyStr[i] }

// Revealed reports whether block b's terrain is known (K-30, K-31).
func (v *View) Revealed(b int) bool { return v.s.revealed.has(b) }

// Flag reports whether flag i is set.
func (v *View) Flag(i int) bool { return v.s.flags.has(i) }

// Checked reports whether episode face f (1..6) is checked (K-36).
func (v *View) Checked(f int) bool { return f >= 1 && f <= 6 && v.s.checked&(1<<(f-1)) != 0 }

// Fired returns how many times event i fired.
func (v *View) Fired(i int) int { return int(v.s.fired[i]) }

// Reached returns the day objective i was reached, or 0.
func (v *View) Reached(i int) int { return int(v.s.reached[i]) }

// Outcome returns the outcome so far ("" while the run goes on) and its reason.
func (v *View) Outcome() (outcome, reason string) { return v.s.outcome, v.s.reason }

// PC returns PC i's current HP and the XP it gained in this run (K-61, K-66).
func (v *View) PC(i int) (hp, xp int) { return v.s.k.pcs[i].hp, v.s.k.pcs[i].xp }

// Burden returns burden i's HP, max HP and whether it is dead (K-87, K-88).
func (v *View) Burden(i int) (hp, max int, dead bool) {
	b := &v.s.k.burdens[i]
	return b.hp, b.max, b.dead
}

// Light returns the torches and flasks of lantern oil left (K-58).
func (v *View) Light() (torches, oil int) { return v.s.k.torches, v.s.k.oil }

// Traversal returns the area the party is traversing (-1 in normal mode) and its progress (K-45).
func (v *View) Traversal() (area, progress int) { return v.s.k.trav, v.s.k.progress }
