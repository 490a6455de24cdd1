package karzoral

import (
	"bytes"
	"fmt"

	"github.com/sortie-rpg/sortie/runner"
)

// PartyEndEvent: the run ends as the players know it (K-23): the outcome, the party, and the
// armies it has seen, where and when it last saw them, with the objectives reached and the events
// fired. The GM's end is EndEvent (every army's true state). The players' transcript draws its
// summary table from it: an army the party never saw is "not seen", one seen is shown as last
// seen, so the end table keeps the fog of war the day-end maps keep (the seed: 「離れた場所にいる
// ＰＣがその存在、及び移動を知るには、魔動天使がエンジェルオーダー【〆航天俯瞰】を使用しなければなりませ
// ん」).
type PartyEndEvent struct {
	At
	Outcome    string        `json:"outcome"` // "success" | "failure" | "stopped"
	Reason     string        `json:"reason"`
	Party      string        `json:"party"`
	Rations    int           `json:"rations"`
	Armies     []ArmySeen    `json:"armies"` // the armies seen, in plan order
	Objectives []ObjectiveAt `json:"objectives"`
	Events     []FiredCount  `json:"events"`
	view       *View
}

func (*PartyEndEvent) Type() string { return "partyEnd" }
func (*PartyEndEvent) Rule() string { return "K-23" }
func (e *PartyEndEvent) Line() string {
	return (&EndEvent{At: e.At, Outcome: e.Outcome, Reason: e.Reason}).Line()
}
func (e *PartyEndEvent) WriteText(w *bytes.Buffer) error {
	fmt.Fprintf(w, "\n%s\n", e.Line())
	if e.view == nil {
		return nil
	}
	return summary(w, e.view, e.Armies, true)
}

// partyEnd is the players' copy of end (K-23): the same outcome, objectives and events, the
// armies as last seen (the sight records, after the last look). The event and its list are the
// state's buffers (evbuf), reused run after run.
func (s *state) partyEnd(end *EndEvent) *PartyEndEvent {
	s.look()
	if s.ev.endSeen == nil {
		s.ev.endSeen = []ArmySeen{} // encodes as [], never null
	}
	e := reuse(&s.ev.partyEnd, PartyEndEvent{At: end.At, Outcome: end.Outcome, Reason: end.Reason, Party: end.Party, Rations: end.Rations,
		Armies: s.ev.endSeen[:0], Objectives: end.Objectives, Events: end.Events, view: end.view})
	e.At.Seen = runner.AudienceParty
	for i := range s.sight {
		if s.sight[i].seen {
			e.Armies = append(e.Armies, s.armySeen(i))
		}
	}
	s.ev.endSeen = e.Armies
	return e
}

// armyRowSeen is the players' end-table state of an army of side (K-23): as last seen (a, nil
// if never seen: "not seen"): in view now, or where and when it was last seen, its strength when
// known; a block-less sighting is an army seen gone from the field (beaten, or leaving it).
func armyRowSeen(side string, a *ArmySeen) string {
	switch {
	case a == nil:
		return side + ", not seen"
	case a.Block == nil:
		return fmt.Sprintf("%s, gone from the field (seen on day %d)", side, a.Day)
	}
	where := fmt.Sprintf("at %s, last seen on day %d", *a.Block, a.Day)
	switch {
	case a.Missed > 0: // the party stood there and found it gone (K-23, issue 22 D3)
		where = fmt.Sprintf("not at %s any more (last seen there on day %d, gone by day %d)", *a.Block, a.Day, a.Missed)
	case a.InView:
		where = fmt.Sprintf("at %s, in view", *a.Block)
	}
	if a.Strength > 0 && a.StrengthDay > 0 { // learned on another day (K-23 survey, K-63 settlement)
		return fmt.Sprintf("%s, strength %d on day %d, %s", side, a.Strength, a.StrengthDay, where)
	}
	if a.Strength > 0 {
		return fmt.Sprintf("%s, strength %d %s", side, a.Strength, where)
	}
	return fmt.Sprintf("%s, strength not known, %s", side, where)
}
