package clash

import (
	"fmt"
	"github.com/sortie-rpg/sortie/compiler/words"
	"strings"
)

// Events of the condition model (U-76) and forced movement (U-3, U-32).

// ConditionEvent is an effect put on a stand or solo, or ended.
type ConditionEvent struct {
	Who       string `json:"who"`
	Condition string `json:"condition"`        // "paralyzed", "restrained", "prone", ... or the spell's name (bless)
	Cause     string `json:"cause"`            // "hold person by mage", "charge"
	Effect    string `json:"effect,omitempty"` // what it does: "+1d4 to attacks and saves"
	Until     int    `json:"until,omitempty"`  // the round whose turn of its caster ends it (0: no time limit)
	Ended     bool   `json:"ended,omitempty"`
	Why       string `json:"why,omitempty"`    // why it ended
	Boon      bool   `json:"boon,omitempty"`   // a spell's modifiers, no condition (bless, bane, shield of faith)
	Immune    bool   `json:"immune,omitempty"` // it is immune to the condition: nothing happens
}

func (*ConditionEvent) Type() string { return "clash.condition" }
func (*ConditionEvent) Rule() string { return "U-76" }
func (e *ConditionEvent) Line() string {
	switch {
	case e.Immune:
		return fmt.Sprintf("%s is immune to %s (%s): not %s", e.Who, e.Condition, e.Cause, e.Condition)
	case e.Ended && e.Boon:
		return fmt.Sprintf("%s is no longer under %s: %s", e.Who, e.Cause, e.Why)
	case e.Ended:
		return fmt.Sprintf("%s is no longer %s (%s): %s", e.Who, e.Condition, e.Cause, e.Why)
	}
	var b strings.Builder
	if e.Boon {
		fmt.Fprintf(&b, "%s is under %s", e.Who, e.Cause)
	} else {
		fmt.Fprintf(&b, "%s is %s (%s)", e.Who, e.Condition, e.Cause)
	}
	if e.Effect != "" {
		b.WriteString(": " + e.Effect)
	}
	if e.Until > 0 {
		fmt.Fprintf(&b, ", until its caster's turn in round %d", e.Until)
	}
	return b.String()
}

// EscapeEvent is a restrained stand or solo spending its action on an escape check (web's
// Strength check against the caster's DC).
type EscapeEvent struct {
	Who     string `json:"who"`
	Spell   string `json:"spell"`
	Ability string `json:"ability"`
	Face    int    `json:"face"`
	Mod     int    `json:"mod"`
	Total   int    `json:"total"`
	DC      int    `json:"dc"`
	OK      bool   `json:"ok"`
}

func (*EscapeEvent) Type() string { return "clash.escape" }
func (*EscapeEvent) Rule() string { return "U-76" }
func (e *EscapeEvent) Line() string {
	r := "stays restrained"
	if e.OK {
		r = "breaks free"
	}
	return fmt.Sprintf("%s uses its action to escape %s: %s check d20 %d %s = %d vs DC %d: %s", e.Who, e.Spell,
		e.Ability, e.Face, signed(e.Mod), e.Total, e.DC, r)
}

// PushedEvent is forced movement: a push in squares (U-3: feet / 5), stopped by what blocks it,
// or off the grid (U-32).
type PushedEvent struct {
	Who     string `json:"who"`
	From    string `json:"from"`
	To      string `json:"to"`
	Squares int    `json:"squares"`           // moved
	Of      int    `json:"of"`                // the push's length
	Blocked string `json:"blocked,omitempty"` // what stopped it short
	Fled    bool   `json:"fled,omitempty"`    // pushed off the grid (U-32)
	Cause   string `json:"cause"`
	// Carried names the joined solos moved with the stand (U-53). Pushed off the grid, the stand
	// flees without them: they rejoin or leave at its last square (JoinedEvent, LeftEvent, U-54).
	Carried []string `json:"carried,omitempty"`
}

// TypePush is a push's JSON Lines type (PushedEvent): the one name the engine writes and the
// replay page reads.
const TypePush = "clash.push"

func (*PushedEvent) Type() string { return TypePush }
func (e *PushedEvent) Rule() string {
	if e.Fled {
		return "U-32"
	}
	return "U-3"
}
func (e *PushedEvent) Line() string {
	s := e.line()
	if len(e.Carried) > 0 {
		s += ", carrying " + strings.Join(e.Carried, " and ") + " (joined)"
	}
	return s
}

func (e *PushedEvent) line() string {
	switch {
	case e.Fled:
		return fmt.Sprintf("%s is pushed off the grid from %s (%s): it has fled", e.Who, e.From, e.Cause)
	case e.Squares == 0:
		return fmt.Sprintf("%s is not moved by the push (%s): %s", e.Who, e.Cause, e.Blocked)
	case e.Blocked != "":
		return fmt.Sprintf("%s is pushed %d of %d squares, %s -> %s (%s), stopped by %s", e.Who, e.Squares, e.Of, e.From, e.To,
			e.Cause, e.Blocked)
	}
	return fmt.Sprintf("%s is pushed %s, %s -> %s (%s)", e.Who, words.Count(e.Squares, "square"), e.From, e.To, e.Cause)
}
