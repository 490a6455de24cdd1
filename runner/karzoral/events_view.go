package karzoral

import (
	"bytes"
	"fmt"
	"strings"
)

// The events of the fog of war (K-23): the players' day end and what they are told of armies out
// of their sight.

// ArmySeen is an army as the players last saw it (K-23): its block (null when they saw it leave
// the field), the day and its strength then.
type ArmySeen struct {
	ID       string  `json:"id"`
	Block    *string `json:"block"`
	Day      int     `json:"day"`
	Strength int     `json:"strength"` // when last seen; 0: not known (a survey tells none, K-23)
	// StrengthDay is the day Strength was learned when not Day (a survey or a report since told
	// no strength, K-23; the XP settlement told it, K-63); 0: on Day, or not known.
	StrengthDay int  `json:"strengthDay,omitempty"`
	InView      bool `json:"inView,omitempty"` // in the party's block now
	Missed      int  `json:"missed,omitempty"` // the day the party found Block empty of it (K-23), 0: not
}

// ViewEvent: the day ends as the players know it (K-23): the party, its rations and the armies
// it has seen, where it last saw them. The players' transcript draws their map from it; the GM's
// has DayEndEvent instead.
type ViewEvent struct {
	At
	Party   string     `json:"party"`
	Rations int        `json:"rations"`
	Armies  []ArmySeen `json:"armies"` // the armies seen, in plan order
	view    *PlayerView
}

func (*ViewEvent) Type() string { return "view" }
func (*ViewEvent) Rule() string { return "K-23" }
func (*ViewEvent) Line() string { return "" }
func (e *ViewEvent) WriteText(w *bytes.Buffer) error {
	if e.view != nil {
		e.view.s.r.drawPartyMap(w, e.view, e.Day)
	}
	return nil
}

// SightingEvent: the players learn where armies stand: the angel's aerial survey (source
// "survey", 【〆航天俯瞰】, K-23) or the scenario's report of one army ("reveal"; missing: it is not
// on the field).
type SightingEvent struct {
	At
	Source  string     `json:"source"` // "survey" | "reveal"
	Armies  []ArmySeen `json:"armies"`
	Missing string     `json:"missing,omitempty"`
}

func (*SightingEvent) Type() string { return "sighting" }
func (*SightingEvent) Rule() string { return "K-23" }
func (e *SightingEvent) Line() string {
	var b strings.Builder
	if e.Source == "survey" {
		b.WriteString("the angel's aerial survey (K-23):")
	} else {
		b.WriteString("reported (K-23):")
	}
	if len(e.Armies) == 0 && e.Missing == "" {
		b.WriteString(" no army on the field")
	}
	for i, a := range e.Armies {
		if i > 0 {
			b.WriteByte(',')
		}
		if a.Block == nil { // a hand-edited record: sortie writes a sighting's block always
			fmt.Fprintf(&b, " %s off the field (%s)", a.ID, strengthAsOf(a.Strength, a.StrengthDay, a.Day))
			continue
		}
		last := "" // the survey told no strength: the one last learned (issue 23 review D8)
		if a.Strength > 0 && a.StrengthDay > 0 && a.StrengthDay != a.Day {
			last = "last seen: "
		}
		fmt.Fprintf(&b, " %s at %s (%s%s)", a.ID, *a.Block, last, strengthAsOf(a.Strength, a.StrengthDay, a.Day))
	}
	if e.Missing != "" {
		fmt.Fprintf(&b, " %s is not on the field", e.Missing)
	}
	return b.String()
}
