package clash

import (
	"bytes"
	"fmt"
	"strings"
)

// Event is one record of a battle: what happened, the rule it follows and one readable line.
// Events hold names, not indices, so they read on their own (and encode as JSON as they are).
type Event interface {
	Type() string // its JSON Lines "type": "clash.attack", "clash.save", "clash.move"
	Rule() string // the rule it follows: "U-34"
	Line() string // one line for a transcript
}

// Recorder receives the battle's events as they happen; b gives read access to the state (for a
// map at RoundEndEvent). A nil Recorder costs nothing: events are not even built.
type Recorder interface {
	Record(b *Battle, e Event)
}

// Log is a Recorder keeping every event.
type Log struct{ Events []Event }

// Record appends e.
func (l *Log) Record(_ *Battle, e Event) { l.Events = append(l.Events, e) }

func (b *Battle) emit(f func() Event) {
	// After an error (a script entry that does not fit, a dice source out of range) the battle
	// plays the rest of the turn with the policy to stop at its end: none of that is recorded, so
	// a transcript never shows a decision the script did not make.
	if b.rec != nil && b.err == nil {
		b.rec.Record(b, f())
	}
}

// RoundStartEvent begins a round (U-1: one minute).
type RoundStartEvent struct {
	Round int `json:"round"`
}

func (*RoundStartEvent) Type() string   { return "clash.round" }
func (*RoundStartEvent) Rule() string   { return "U-28" }
func (e *RoundStartEvent) Line() string { return fmt.Sprintf("round %d", e.Round) }

// InitiativeEvent is one unit's or unattached solo's initiative roll (U-26).
type InitiativeEvent struct {
	Who   string `json:"who"`
	Face  int    `json:"face"`
	Mod   int    `json:"mod"`
	Total int    `json:"total"`
}

func (*InitiativeEvent) Type() string { return "clash.initiative" }
func (*InitiativeEvent) Rule() string { return "U-26" }
func (e *InitiativeEvent) Line() string {
	return fmt.Sprintf("initiative %s: d20 %d %s = %d", e.Who, e.Face, signed(e.Mod), e.Total)
}

// TurnStartEvent begins a unit's or solo's turn (U-27).
type TurnStartEvent struct {
	Who string `json:"who"`
}

func (*TurnStartEvent) Type() string   { return "clash.turn" }
func (*TurnStartEvent) Rule() string   { return "U-27" }
func (e *TurnStartEvent) Line() string { return "turn: " + e.Who }

// SkippedEvent is a turn not taken (U-79 surprise, U-58 a solo down).
type SkippedEvent struct {
	Who string `json:"who"`
	Why string `json:"why"`
}

func (*SkippedEvent) Type() string   { return "clash.skip" }
func (*SkippedEvent) Rule() string   { return "U-79" }
func (e *SkippedEvent) Line() string { return e.Who + " does nothing: " + e.Why }

// CommandRollEvent is a commander's Prepare or Incite check (U-14) or a Rally save (U-64).
type CommandRollEvent struct {
	Unit  string `json:"unit"`
	Solo  string `json:"solo"`
	Cmd   string `json:"cmd"`
	Faces [2]int `json:"faces"`
	Face  int    `json:"face"`
	Adv   bool   `json:"adv,omitempty"`
	Mod   int    `json:"mod"`
	Total int    `json:"total"`
	DC    int    `json:"dc"`
	OK    bool   `json:"ok"`
}

func (*CommandRollEvent) Type() string { return "clash.command" }
func (e *CommandRollEvent) Rule() string {
	if e.Cmd == "rally" {
		return "U-64"
	}
	return "U-14"
}
func (e *CommandRollEvent) Line() string {
	r := "fails"
	if e.OK {
		r = "succeeds"
	}
	verb := map[string]string{"prepare": "prepares", "incite": "incites", "rally": "rallies"}[e.Cmd]
	return fmt.Sprintf("%s %s %s: %s %s = %d vs DC %d: %s", e.Solo, verb, e.Unit, d20Text(e.Faces, e.Adv, !e.Adv && e.Faces[1] != 0, false), signed(e.Mod), e.Total, e.DC, r)
}

// CommandChangedEvent is a solo taking or losing command (U-12, U-13).
type CommandChangedEvent struct {
	Unit string `json:"unit"`
	Solo string `json:"solo"`
	Took bool   `json:"took"`
	Why  string `json:"why,omitempty"`
}

func (*CommandChangedEvent) Type() string { return "clash.commander" }
func (*CommandChangedEvent) Rule() string { return "U-13" }
func (e *CommandChangedEvent) Line() string {
	if e.Took {
		return e.Solo + " takes command of " + e.Unit
	}
	return e.Solo + " no longer commands " + e.Unit + " (" + e.Why + ")"
}

// ActedEvent is the action a unit or solo takes (U-33).
type ActedEvent struct {
	Who    string `json:"who"`
	Action string `json:"action"`
	Detail string `json:"detail,omitempty"`
}

func (*ActedEvent) Type() string { return "clash.action" }
func (*ActedEvent) Rule() string { return "U-33" }
func (e *ActedEvent) Line() string {
	if e.Detail != "" {
		return e.Who + ": " + e.Action + " (" + e.Detail + ")"
	}
	return e.Who + ": " + e.Action
}

// MovedEvent is one stand's or solo's move (U-29..U-32).
type MovedEvent struct {
	Who  string `json:"who"`
	From string `json:"from"`
	To   string `json:"to"` // "off the grid" when it fled
	Cost int    `json:"cost"`
	Road bool   `json:"road,omitempty"`
	Fled bool   `json:"fled,omitempty"`
}

func (*MovedEvent) Type() string { return "clash.move" }
func (e *MovedEvent) Rule() string {
	if e.Fled {
		return "U-32"
	}
	return "U-29"
}

// Line reads "pikes 1: 6,5 -> 4,3 (4 squares, 20 ft of speed)" (issue 23: no verb to agree
// with a name such as "pikes 1", as the Karzoral march reads "mercenaries: 01 -> 03"): the
// movement spent in squares and, for a 5e player, in the feet of speed it stands for (U-3:
// feet ÷ 5 = squares; difficult terrain's 2 squares per square are 10 ft, as in 5e); a road's
// free square (U-20) is added after; a stand that fled reads "... -> off the grid (fled, U-32)".
func (e *MovedEvent) Line() string {
	if e.Fled {
		return fmt.Sprintf("%s: %s -> %s (fled)", e.Who, e.From, e.To)
	}
	unit := "squares"
	if e.Cost == 1 {
		unit = "square"
	}
	s := fmt.Sprintf("%s: %s -> %s (%d %s, %d ft of speed", e.Who, e.From, e.To, e.Cost, unit, 5*e.Cost)
	if e.Road {
		s += ", +1 square by road"
	}
	return s + ")"
}

// ConfiguredEvent is a regiment's new configuration (U-48).
type ConfiguredEvent struct {
	Unit   string `json:"unit"`
	Config string `json:"config"`
}

func (*ConfiguredEvent) Type() string   { return "clash.configure" }
func (*ConfiguredEvent) Rule() string   { return "U-48" }
func (e *ConfiguredEvent) Line() string { return e.Unit + " forms " + e.Config }

// HidEvent is a Hide attempt (U-50).
type HidEvent struct {
	Who   string `json:"who"`
	Face  int    `json:"face"`
	Mod   int    `json:"mod"`
	Total int    `json:"total"`
}

func (*HidEvent) Type() string { return "clash.hide" }
func (*HidEvent) Rule() string { return "U-50" }
func (e *HidEvent) Line() string {
	return fmt.Sprintf("%s hides: d20 %d %s = %d", e.Who, e.Face, signed(e.Mod), e.Total)
}

// RevealedEvent ends hiding (U-80).
type RevealedEvent struct {
	Who string `json:"who"`
	Why string `json:"why"`
}

func (*RevealedEvent) Type() string   { return "clash.reveal" }
func (*RevealedEvent) Rule() string   { return "U-80" }
func (e *RevealedEvent) Line() string { return e.Who + " is no longer hidden (" + e.Why + ")" }

// JoinedEvent is a solo joining a stand (U-51, U-53, U-54).
type JoinedEvent struct {
	Solo  string `json:"solo"`
	Stand string `json:"stand"`
}

func (*JoinedEvent) Type() string   { return "clash.join" }
func (*JoinedEvent) Rule() string   { return "U-51" }
func (e *JoinedEvent) Line() string { return e.Solo + " joins " + e.Stand }

// LeftEvent is a joined solo leaving its stand (U-53, U-54, U-63).
type LeftEvent struct {
	Solo string `json:"solo"`
	To   string `json:"to"`
}

func (*LeftEvent) Type() string   { return "clash.leave" }
func (*LeftEvent) Rule() string   { return "U-53" }
func (e *LeftEvent) Line() string { return e.Solo + " leaves its stand for " + e.To }

// RemovedEvent is a stand leaving the grid: a casualty eliminated (U-60) or fled (U-32).
type RemovedEvent struct {
	Stand string `json:"stand"`
	Fled  bool   `json:"fled,omitempty"`
}

func (*RemovedEvent) Type() string { return "clash.removed" }
func (e *RemovedEvent) Rule() string {
	if e.Fled {
		return "U-32"
	}
	return "U-60"
}
func (e *RemovedEvent) Line() string {
	if e.Fled {
		return e.Stand + " flees the battlefield"
	}
	return e.Stand + " is eliminated"
}

// GapFilledEvent is an allied stand moving into a removed casualty's gap (U-60).
type GapFilledEvent struct {
	Stand string `json:"stand"`
	Into  string `json:"into"`
}

func (*GapFilledEvent) Type() string { return "clash.fill" }
func (*GapFilledEvent) Rule() string { return "U-60" }

// Line reads "pikes 2: 6,5 -> 5,5 (into the gap)" (the wording of a move, MovedEvent.Line).
func (e *GapFilledEvent) Line() string { return e.Stand + ": " + e.Into + " (into the gap)" }

// DeathSavesEvent are a dying solo's death saves at the end of a round (U-61).
type DeathSavesEvent struct {
	Solo   string `json:"solo"`
	Faces  []int  `json:"faces"`
	Result string `json:"result"` // "stable", "dead", "up" (a natural 20), "dying"
}

func (*DeathSavesEvent) Type() string { return "clash.deathSaves" }
func (*DeathSavesEvent) Rule() string { return "U-61" }
func (e *DeathSavesEvent) Line() string {
	f := make([]string, len(e.Faces))
	for i, v := range e.Faces {
		f[i] = fmt.Sprint(v)
	}
	return fmt.Sprintf("%s's death saves: %s: %s", e.Solo, strings.Join(f, " "), e.Result)
}

// MoraleResultEvent is a unit breaking or rallying (U-63, U-64).
type MoraleResultEvent struct {
	Unit   string `json:"unit"`
	Broken bool   `json:"broken"`
}

func (*MoraleResultEvent) Type() string { return "clash.morale" }
func (e *MoraleResultEvent) Rule() string {
	if e.Broken {
		return "U-63"
	}
	return "U-64"
}
func (e *MoraleResultEvent) Line() string {
	if e.Broken {
		return e.Unit + " breaks: it may only Retreat"
	}
	return e.Unit + " rallies"
}

// ScoredEvent is VP a side earns (U-65..U-69).
type ScoredEvent struct {
	Side      string `json:"side"`
	Objective string `json:"objective"`
	VP        int    `json:"vp"`
	Total     int    `json:"total"`
	Why       string `json:"why"`
}

func (*ScoredEvent) Type() string { return "clash.vp" }
func (*ScoredEvent) Rule() string { return "U-65" }
func (e *ScoredEvent) Line() string {
	return fmt.Sprintf("%s scores %d VP (%s: %s): %d VP", e.Side, e.VP, e.Objective, e.Why, e.Total)
}

// DesertedEvent is a desertion roll after a total victory (U-72).
type DesertedEvent struct {
	Unit string `json:"unit"`
	Face int    `json:"face"`
	Gone bool   `json:"gone"`
}

func (*DesertedEvent) Type() string { return "clash.desertion" }
func (*DesertedEvent) Rule() string { return "U-72" }
func (e *DesertedEvent) Line() string {
	if e.Gone {
		return fmt.Sprintf("%s: d20 %d: its survivors desert", e.Unit, e.Face)
	}
	return fmt.Sprintf("%s: d20 %d: it holds together", e.Unit, e.Face)
}

// BattleEndEvent is the end of the battle (U-71..U-75).
type BattleEndEvent struct {
	Rounds  int    `json:"rounds"`
	VP      [2]int `json:"vp"`
	Winner  string `json:"winner,omitempty"` // empty for a draw
	Outcome string `json:"outcome"`          // total | tactical | draw
	Reason  string `json:"reason"`
	// Objectives are the VP each objective scored, so that a losing side's gains show (U-87).
	Objectives []ObjectiveVP `json:"objectives"`
	sides      [2]string     // the sides' names (a simulation's VP by side)
}

// ObjectiveVP is what one objective scored.
type ObjectiveVP struct {
	Objective string `json:"objective"`
	Side      string `json:"side"`
	VP        int    `json:"vp"`
}

func (*BattleEndEvent) Type() string { return "clash.end" }
func (e *BattleEndEvent) Rule() string {
	switch e.Outcome {
	case "total":
		return "U-72"
	case "tactical":
		return "U-73"
	}
	return "U-74"
}

// WriteText writes the end line and the VP by objective.
func (e *BattleEndEvent) WriteText(w *bytes.Buffer) error {
	w.WriteString(e.Line())
	w.WriteByte('\n')
	if len(e.Objectives) > 0 {
		w.WriteString("VP by objective (U-87):")
		for i, o := range e.Objectives {
			if i > 0 {
				w.WriteByte(',')
			}
			fmt.Fprintf(w, " %s (%s) %d", o.Objective, o.Side, o.VP)
		}
		w.WriteByte('\n')
	}
	return nil
}

func (e *BattleEndEvent) Line() string {
	if e.Winner == "" {
		return fmt.Sprintf("the battle ends after %s (%s): a draw at %d - %d VP", roundsText(e.Rounds), e.Reason, e.VP[0], e.VP[1])
	}
	return fmt.Sprintf("the battle ends after %s (%s): %s victory for %s, %d - %d VP", roundsText(e.Rounds), e.Reason, e.Outcome, e.Winner, e.VP[0], e.VP[1])
}

// roundsText is "1 round" or "N rounds".
func roundsText(n int) string {
	if n == 1 {
		return "1 round"
	}
	return fmt.Sprintf("%d rounds", n)
}

func signed(v int) string {
	if v < 0 {
		return fmt.Sprintf("- %d", -v)
	}
	return fmt.Sprintf("+ %d", v)
}

// d20Text shows a d20 roll: "d20 14", with advantage "d20 adv [14, 3]", and when advantage and
// disadvantage cancel "d20 14 (adv and dis cancel)".
func d20Text(f [2]int, adv, dis, cancel bool) string {
	switch {
	case adv && f[1] != 0:
		return fmt.Sprintf("d20 adv [%d, %d]", f[0], f[1])
	case dis && f[1] != 0:
		return fmt.Sprintf("d20 dis [%d, %d]", f[0], f[1])
	case cancel:
		return fmt.Sprintf("d20 %d (adv and dis cancel)", f[0])
	}
	return fmt.Sprintf("d20 %d", f[0])
}
