package karzoral

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/runner"
)

// The events of the day loop (RULES.md Part K): one struct per kind, its JSON fields in the order
// the JSON Lines writer puts them, its rule, and its line in a transcript. The add-ons of the
// campaign rules (checks, support damage, XP ...) are in events_addon.go.

// At is where an event happened: the day (0 before the first) and the phase ("phase" is left out
// before the first day and after the end), and who may see it (K-23: "all", "gm" for what happens
// out of the party's sight, "party" for the players' own picture).
type At struct {
	Day   int             `json:"day"`
	Phase runner.Phase    `json:"phase,omitempty"`
	Seen  runner.Audience `json:"audience"`
}

// Audience is who may see the event (runner.Audienced).
func (a *At) Audience() runner.Audience { return a.Seen }

// margins are the phase columns of transcript lines: two spaces, the phase padded to 8.
var margins = func() (m [runner.PhaseBattle + 1]string) {
	for p := range m {
		ph := runner.Phase(p).String()
		m[p] = "  " + ph + strings.Repeat(" ", max(0, 8-len(ph)))
	}
	return
}()

// Margin is the phase column of the event's line.
func (a *At) Margin() string {
	if int(a.Phase) < len(margins) {
		return margins[a.Phase]
	}
	return "  " + a.Phase.String() + " "
}

// quoted is an author's text in double quotes, as the transcript shows a say. The text sink has
// already written the text's control characters as escapes (runner.escapedEvent: esc.Text), so it
// is not quoted again with %q, which wrote "\u202e" (and "\x1b") for a bidi override (an ESC) a
// stranger's say held: an escape of the escape.
func quoted(s string) string { return `"` + s + `"` }

// line writes one line after the phase column (events of more than one line).
func (a *At) line(w *bytes.Buffer, format string, args ...any) {
	w.WriteString(a.Margin())
	fmt.Fprintf(w, format, args...)
	w.WriteByte('\n')
}

// RunEvent: the run begins.
type RunEvent struct {
	At
	Scenario   string `json:"scenario"`
	Title      string `json:"title"`
	Seed       uint64 `json:"seed"`
	Party      string `json:"party"` // the start block
	Members    int    `json:"members"`
	Rations    int    `json:"rations"`
	DayLimit   int    `json:"dayLimit"`
	SourceHash string `json:"sourceHash"` // the plan's (plan.Plan.SourceHash)
}

func (*RunEvent) Type() string { return "run" }
func (*RunEvent) Rule() string { return "" }
func (e *RunEvent) Line() string {
	return fmt.Sprintf("%s: %s (seed %d)", e.Scenario, e.Title, e.Seed)
}
func (e *RunEvent) WriteText(w *bytes.Buffer) error {
	fmt.Fprintf(w, "%s\nparty of %d at %s with %d rations; %s\n", e.Line(), e.Members, e.Party, e.Rations, words.CountOf(e.DayLimit, "day", "days"))
	return nil
}

// DayEvent: a day begins (K-19 (1)).
type DayEvent struct{ At }

func (*DayEvent) Type() string   { return "day" }
func (*DayEvent) Rule() string   { return "K-19" }
func (e *DayEvent) Line() string { return fmt.Sprintf("== day %d ==", e.Day) }
func (e *DayEvent) WriteText(w *bytes.Buffer) error {
	fmt.Fprintf(w, "\n%s\n", e.Line())
	return nil
}

// FoodEvent: the party eats one ration per member, what there is (K-20).
type FoodEvent struct {
	At
	Eaten int `json:"eaten"`
	Need  int `json:"need"` // the members
	Left  int `json:"left"`
}

func (*FoodEvent) Type() string { return "food" }
func (*FoodEvent) Rule() string { return "K-20" }
func (e *FoodEvent) Line() string {
	if e.Eaten == e.Need {
		return fmt.Sprintf("the party eats %d rations (%d left)", e.Eaten, e.Left)
	}
	return fmt.Sprintf("the party eats %d of %d rations (%d left)", e.Eaten, e.Need, e.Left)
}

// FoodShortageEvent: a member went unfed (K-20; no built-in penalty).
type FoodShortageEvent struct {
	At
	Member int `json:"member"`
	Of     int `json:"of"`
}

func (*FoodShortageEvent) Type() string { return "foodShortage" }
func (*FoodShortageEvent) Rule() string { return "K-20" }
func (e *FoodShortageEvent) Line() string {
	return fmt.Sprintf("member %d of %d goes hungry (K-20)", e.Member, e.Of)
}

// ArmyMoveEvent: an army moves along its route (K-22; From == To: it holds), or with the party (K-28).
type ArmyMoveEvent struct {
	At
	Army string `json:"army"`
	From string `json:"from"`
	To   string `json:"to"`
	Step int    `json:"step"` // its route step (0 when it moves with the party)
}

func (*ArmyMoveEvent) Type() string { return "armyMove" }
func (*ArmyMoveEvent) Rule() string { return "K-22" }
func (e *ArmyMoveEvent) Line() string {
	if e.From == e.To {
		return fmt.Sprintf("%s: holding at %s", e.Army, e.To) // no singular verb: army names are often plural (issue 23)
	}
	return fmt.Sprintf("%s: %s -> %s", e.Army, e.From, e.To) // no verb: army names are often plural
}

// StrengthBattleEvent: two opposing armies in a block both lose the smaller strength (K-24).
type StrengthBattleEvent struct {
	At
	Block       string `json:"block"`
	Army        string `json:"army"`
	Other       string `json:"other"`
	ArmyBefore  int    `json:"armyBefore"`
	OtherBefore int    `json:"otherBefore"`
	Loss        int    `json:"loss"`
	ArmyAfter   int    `json:"armyAfter"`
	OtherAfter  int    `json:"otherAfter"`
}

func (*StrengthBattleEvent) Type() string { return "strengthBattle" }
func (*StrengthBattleEvent) Rule() string { return "K-24" }
func (e *StrengthBattleEvent) Line() string {
	return fmt.Sprintf("strength battle at %s: %s %d -> %d, %s %d -> %d (both lose %d)", e.Block,
		e.Army, e.ArmyBefore, e.ArmyAfter, e.Other, e.OtherBefore, e.OtherAfter, e.Loss)
}

// ArmyRemovedEvent: an army leaves the field: destroyed in a strength battle (K-24), beaten by the
// party (K-99) or removed by an event.
type ArmyRemovedEvent struct {
	At
	Army     string `json:"army"`
	Block    string `json:"block"`
	Cause    string `json:"cause"` // "strength" | "battle" | "event"
	Strength int    `json:"strength"`
}

func (*ArmyRemovedEvent) Type() string { return "armyRemoved" }
func (e *ArmyRemovedEvent) Rule() string {
	switch e.Cause {
	case "strength":
		return "K-24"
	case "battle":
		return "K-99"
	}
	return ""
}
func (e *ArmyRemovedEvent) Line() string {
	switch e.Cause {
	case "strength":
		return fmt.Sprintf("%s is destroyed at %s", e.Army, e.Block)
	case "battle":
		return fmt.Sprintf("%s is beaten and leaves %s (K-99)", e.Army, e.Block)
	}
	return fmt.Sprintf("%s leaves the field at %s", e.Army, e.Block)
}

// ArmySpawnedEvent: an event places an army at the first block of its route.
type ArmySpawnedEvent struct {
	At
	Army     string `json:"army"`
	Block    string `json:"block"`
	Strength int    `json:"strength"`
	Result   string `json:"result,omitempty"` // "already": it was on the field
}

func (*ArmySpawnedEvent) Type() string { return "armySpawned" }
func (*ArmySpawnedEvent) Rule() string { return "" }
func (e *ArmySpawnedEvent) Line() string {
	if e.Result == "already" {
		return fmt.Sprintf("%s is already on the field at %s (strength %d)", e.Army, e.Block, e.Strength)
	}
	return fmt.Sprintf("%s appears at %s (strength %d)", e.Army, e.Block, e.Strength)
}

// StrengthEvent: an event (or a cancellation, K-77) changes an army's strength.
type StrengthEvent struct {
	At
	Army   string `json:"army"`
	Delta  int    `json:"delta"`
	Before int    `json:"before"`
	After  int    `json:"after"`
	Source string `json:"source"`           // the event, or "K-77"
	Result string `json:"result,omitempty"` // "ignored": the army is not on the field
}

func (*StrengthEvent) Type() string { return "strength" }
func (*StrengthEvent) Rule() string { return "" }
func (e *StrengthEvent) Line() string {
	if e.Result == "ignored" {
		return fmt.Sprintf("%s is not on the field: strength change %+d has no effect", e.Army, e.Delta)
	}
	return fmt.Sprintf("%s strength %d -> %d (%+d)", e.Army, e.Before, e.After, e.Delta)
}

// FiredEvent: a scenario event fires (K-33).
type FiredEvent struct {
	At
	Event   string `json:"event"`
	Trigger string `json:"trigger"`         // "enter" | "day" | "resume" (its battle was fled here, K-96)
	Block   string `json:"block,omitempty"` // the block entered
}

func (*FiredEvent) Type() string { return "event" }
func (*FiredEvent) Rule() string { return "K-33" }
func (e *FiredEvent) Line() string {
	if e.Trigger == "resume" {
		return fmt.Sprintf("event %s goes on at %s: the monsters the party fled are still there (K-96)", e.Event, e.Block)
	}
	if e.Block != "" {
		return fmt.Sprintf("event %s (on entering %s)", e.Event, e.Block)
	}
	return fmt.Sprintf("event %s (on day %d)", e.Event, e.Day)
}

// SayEvent: a scenario text is read out.
type SayEvent struct {
	At
	Source string `json:"source"` // "event" | "episode" | "objective" | "traversal"
	ID     string `json:"id"`
	Text   string `json:"text"`
}

func (*SayEvent) Type() string   { return "say" }
func (*SayEvent) Rule() string   { return "" }
func (e *SayEvent) Line() string { return quoted(e.Text) }

// FlagEvent: a flag is set or cleared.
type FlagEvent struct {
	At
	Flag   string `json:"flag"`
	Op     string `json:"op"` // "set" | "clear"
	Source string `json:"source"`
}

func (*FlagEvent) Type() string { return "flag" }
func (*FlagEvent) Rule() string { return "" }
func (e *FlagEvent) Line() string {
	if e.Op == "set" {
		return "flag " + e.Flag + " set"
	}
	return "flag " + e.Flag + " cleared"
}

// PartyMoveEvent: the party moves to an adjacent block (K-28).
type PartyMoveEvent struct {
	At
	Dir     string `json:"dir"`
	From    string `json:"from"`
	To      string `json:"to"`
	Terrain string `json:"terrain"`
	passage string // PassageID(From, To), made once per plan ("": Observe makes it)
}

func (*PartyMoveEvent) Type() string { return "partyMove" }
func (*PartyMoveEvent) Rule() string { return "K-28" }
func (e *PartyMoveEvent) Line() string {
	if e.Terrain != "" {
		return fmt.Sprintf("the party moves %s %s -> %s (%s)", e.Dir, e.From, e.To, e.Terrain)
	}
	return fmt.Sprintf("the party moves %s %s -> %s", e.Dir, e.From, e.To)
}

// StayEvent: the party stays in its block (K-28).
type StayEvent struct {
	At
	Block string `json:"block"`
}

func (*StayEvent) Type() string   { return "stay" }
func (*StayEvent) Rule() string   { return "K-28" }
func (e *StayEvent) Line() string { return "the party stays at " + e.Block }

// BounceEvent: the party cannot enter a block from this side; it stays (K-32).
type BounceEvent struct {
	At
	Dir     string `json:"dir"`
	From    string `json:"from"`
	To      string `json:"to"`
	Terrain string `json:"terrain"`
}

func (*BounceEvent) Type() string { return "bounce" }
func (*BounceEvent) Rule() string { return "K-32" }
func (e *BounceEvent) Line() string {
	terrain := ""
	if e.Terrain != "" {
		terrain = " (" + e.Terrain + ")"
	}
	return fmt.Sprintf("the party cannot enter %s%s going %s; it stays at %s (K-32)", e.To, terrain, e.Dir, e.From)
}

// RevealEvent: a hidden box is revealed (K-31).
type RevealEvent struct {
	At
	Box    string   `json:"box"`
	Blocks []string `json:"blocks"`
}

func (*RevealEvent) Type() string { return "reveal" }
func (*RevealEvent) Rule() string { return "K-31" }
func (e *RevealEvent) Line() string {
	return fmt.Sprintf("box %s revealed: %s (K-31)", e.Box, strings.Join(e.Blocks, " "))
}

// BattleEvent: the party fights an encounter (K-33, K-39) and how it ended: won, fled, defeated,
// routed, or gone (K-67: every monster was defeated earlier).
type BattleEvent struct {
	At
	Encounter string `json:"encounter"`
	Title     string `json:"title"`
	Army      string `json:"army,omitempty"` // the enemy army fought
	Block     string `json:"block"`
	Cause     string `json:"cause"` // "army" | "event" | "nightRaid" | "consecutive"
	Result    string `json:"result"`
}

func (*BattleEvent) Type() string { return "battle" }
func (*BattleEvent) Rule() string { return "K-33" }
func (e *BattleEvent) Line() string {
	what := e.Title
	if what == "" {
		what = e.Encounter
	} else {
		what += " (" + e.Encounter + ")"
	}
	switch e.Cause {
	case "army":
		what += " of " + e.Army
	case "nightRaid":
		what = "the night raiders, " + what
	}
	return fmt.Sprintf("battle at %s: the party fights %s: %s", e.Block, what, e.Result)
}

// ObjectiveEvent: an objective is reached (K-60: midpoint, success; or failure), or retained from
// an earlier attempt (K-67).
type ObjectiveEvent struct {
	At
	Objective string `json:"objective"`
	Outcome   string `json:"outcome"` // "success" | "midpoint" | "failure"
	XP        int    `json:"xp"`
	Source    string `json:"source,omitempty"` // "retained"
	Say       string `json:"say,omitempty"`
}

func (*ObjectiveEvent) Type() string { return "objective" }
func (e *ObjectiveEvent) Rule() string {
	if e.Source == "retained" {
		return "K-67"
	}
	return "K-60"
}
func (e *ObjectiveEvent) Line() string {
	if e.Source == "retained" {
		return fmt.Sprintf("objective %s (%s) retained from an earlier attempt: the retry resumes there, no XP again (K-67)", e.Objective, e.Outcome)
	}
	return fmt.Sprintf("objective %s reached: %s, %d xp", e.Objective, e.Outcome, e.XP)
}
func (e *ObjectiveEvent) WriteText(w *bytes.Buffer) error {
	e.line(w, "%s", e.Line())
	if e.Source != "retained" && e.Say != "" {
		e.line(w, "%s", quoted(e.Say))
	}
	return nil
}

// CampRollEvent: the camp phase's two dice (K-37); the transcript shows them with the pick.
type CampRollEvent struct {
	At
	Dice [2]int `json:"dice"`
}

func (*CampRollEvent) Type() string { return "campRoll" }
func (*CampRollEvent) Rule() string { return "K-37" }
func (*CampRollEvent) Line() string { return "" }

// PickEvent: the face kept (K-37); Checked: it was already checked (a night raid follows, K-39).
type PickEvent struct {
	At
	Face    int    `json:"face"`
	Checked bool   `json:"checked"`
	Dice    [2]int `json:"dice"` // the camp roll (K-37), as the campRoll event has it
}

func (*PickEvent) Type() string { return "pick" }
func (*PickEvent) Rule() string { return "K-37" }
func (e *PickEvent) Line() string {
	checked := ""
	if e.Checked {
		checked = " (checked)"
	}
	return fmt.Sprintf("rolled %d and %d, kept %d%s", e.Dice[0], e.Dice[1], e.Face, checked)
}

// EpisodeEvent: an unchecked face plays its episode, then it is checked (K-38).
type EpisodeEvent struct {
	At
	Face int    `json:"face"`
	Text string `json:"text"`
}

func (*EpisodeEvent) Type() string   { return "episode" }
func (*EpisodeEvent) Rule() string   { return "K-38" }
func (e *EpisodeEvent) Line() string { return fmt.Sprintf("episode %d: %s", e.Face, quoted(e.Text)) }

// NightRaidEvent: a checked face brings the night raid (K-39).
type NightRaidEvent struct {
	At
	Face      int    `json:"face"`
	Encounter string `json:"encounter"`
	Title     string `json:"title"`
}

func (*NightRaidEvent) Type() string { return "nightRaid" }
func (*NightRaidEvent) Rule() string { return "K-39" }
func (e *NightRaidEvent) Line() string {
	what := e.Title
	if what == "" {
		what = e.Encounter
	}
	return fmt.Sprintf("face %d is checked: night raid by %s (K-39)", e.Face, what)
}

// QuietNightEvent: a checked face in a scenario without a night raid (runner default, K-39).
type QuietNightEvent struct {
	At
	Face int `json:"face"`
}

func (*QuietNightEvent) Type() string { return "quietNight" }
func (*QuietNightEvent) Rule() string { return "K-39" }
func (e *QuietNightEvent) Line() string {
	return fmt.Sprintf("face %d is checked: a quiet night (the scenario has no night raid)", e.Face)
}

// EpisodesResetEvent: after a night raid all six faces are unchecked (K-39).
type EpisodesResetEvent struct{ At }

func (*EpisodesResetEvent) Type() string { return "episodesReset" }
func (*EpisodesResetEvent) Rule() string { return "K-39" }
func (*EpisodesResetEvent) Line() string { return "all six episode faces unchecked (K-39)" }

// NightEvent: the party rests (K-40) or makes a forced march (K-41).
type NightEvent struct {
	At
	Choice string `json:"choice"` // "rest" | "march"
}

func (*NightEvent) Type() string { return "night" }
func (e *NightEvent) Rule() string {
	if e.Choice == "march" {
		return "K-41"
	}
	return "K-40"
}
func (e *NightEvent) Line() string {
	if e.Choice == "march" {
		return "the party makes a forced march (K-41)"
	}
	return "the party rests (K-40)"
}

// FallbackEvent: the script ended (X003); the fallback decider takes over.
type FallbackEvent struct{ At }

func (*FallbackEvent) Type() string { return "fallback" }
func (*FallbackEvent) Rule() string { return "" }
func (*FallbackEvent) Line() string { return "the script ended; the fallback decides from here" }

// ArmyAt is an army in a snapshot: its block (null when off the field) and strength.
type ArmyAt struct {
	ID       string  `json:"id"`
	Block    *string `json:"block"`
	Strength int     `json:"strength"`
}

// DayEndEvent: the day ends; a snapshot of the party and the armies, for the GM (the players'
// is ViewEvent). The transcript draws the field map.
type DayEndEvent struct {
	At
	Party   string   `json:"party"`
	Rations int      `json:"rations"`
	Armies  []ArmyAt `json:"armies"` // in plan order
	view    *View
}

func (*DayEndEvent) Type() string { return "dayEnd" }
func (*DayEndEvent) Rule() string { return "" }
func (*DayEndEvent) Line() string { return "" }
func (e *DayEndEvent) WriteText(w *bytes.Buffer) error {
	if e.view != nil {
		e.view.s.r.drawMap(w, e.view, e.Day)
	}
	return nil
}

// ObjectiveAt is an objective reached, in the end snapshot.
type ObjectiveAt struct {
	ID      string `json:"id"`
	Outcome string `json:"outcome"`
	XP      int    `json:"xp"`
	Day     int    `json:"day"`
}

// FiredCount is an event that fired, in the end snapshot.
type FiredCount struct {
	ID    string `json:"id"`
	Fired int    `json:"fired"`
}

// EndEvent: the run ends; the snapshot, the objectives reached and the events fired (plan order),
// for the GM (the players' is PartyEndEvent, K-23). The transcript draws the summary table.
type EndEvent struct {
	At
	Outcome    string        `json:"outcome"` // "success" | "failure" | "stopped"
	Reason     string        `json:"reason"`
	Party      string        `json:"party"`
	Rations    int           `json:"rations"`
	Armies     []ArmyAt      `json:"armies"`
	Objectives []ObjectiveAt `json:"objectives"`
	Events     []FiredCount  `json:"events"`
	view       *View
}

func (*EndEvent) Type() string { return "end" }
func (*EndEvent) Rule() string { return "" }
func (e *EndEvent) Line() string {
	if e.Reason != "" {
		return fmt.Sprintf("== %s on day %d: %s ==", e.Outcome, e.Day, e.Reason)
	}
	return fmt.Sprintf("== %s on day %d ==", e.Outcome, e.Day)
}
func (e *EndEvent) WriteText(w *bytes.Buffer) error {
	fmt.Fprintf(w, "\n%s\n", e.Line())
	if e.view == nil {
		return nil
	}
	return summary(w, e.view, nil, false)
}
