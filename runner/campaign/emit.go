package campaign

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// emitter writes the campaign's events to the run's sink (the scenarios write theirs to the same
// sink in between) and remembers which ledger entries it has shown.
type emitter struct {
	sink    runner.Sink
	on      bool // the sink reads texts (runner.Printing): none is built for Discard or a simulation
	obs     bool // the sink wants events (runner.Enabled): a simulation observes some
	printed int  // ledger entries already written
	// For an Observing sink: the observed events with what Observe reads, reused run to run.
	sortieEv SortieEvent
	growthEv GrowthEvent
}

func newEmitter(sink runner.Sink) *emitter {
	if sink == nil {
		sink = runner.Discard
	}
	return &emitter{sink: sink, on: runner.Printing(sink), obs: runner.Enabled(sink)}
}

// write writes an event the caller built because e.on (or e.obs, for one a simulation observes).
func (e *emitter) write(ev runner.Event) error { return e.sink.Write(ev) }

func (e *emitter) start(c *plan.Campaign, s *State, seed uint64) error {
	e.printed = len(s.Ledger)
	if !e.on {
		return nil
	}
	return e.sink.Write(&StartEvent{ID: c.ID, Title: c.Title, Seed: seed, PCs: s.PCs, Purse: s.Purse})
}

func (e *emitter) fallback() error {
	if !e.on {
		return nil
	}
	return e.sink.Write(&FallbackEvent{Text: "the script ended; the policy takes over"})
}

// entry writes the ledger entries added since the last write, for the preparation step text.
func (e *emitter) entry(s *State, text string) error {
	fresh := s.Ledger[e.printed:]
	e.printed = len(s.Ledger)
	if !e.on {
		return nil
	}
	for i, en := range fresh {
		if err := e.sink.Write(&LedgerEvent{Entry: en, Text: text, first: i == 0}); err != nil {
			return err
		}
	}
	return nil
}

func entryText(en Entry) string {
	what := en.Kind
	if en.Who != "" {
		what += " " + en.Who
	} else if en.PC != "" {
		what += " " + en.PC
	}
	if en.Item != "" {
		what += " " + en.Item
	}
	if en.Gross != 0 {
		what += " of " + itoa(en.Gross)
	}
	if en.Where != "" {
		what += " (" + en.Where + ")"
	}
	var parts []string
	switch {
	case en.Amount != 0:
		parts = append(parts, fmt.Sprintf("%+d gamels, purse %d", en.Amount, en.Purse))
	case en.DebtChange == 0 || en.Kind == "resurrection":
		parts = append(parts, fmt.Sprintf("0 gamels, purse %d", en.Purse))
	}
	if en.DebtChange != 0 {
		parts = append(parts, fmt.Sprintf("debt %+d", en.DebtChange))
	}
	return fmt.Sprintf("%s: %s (%s)", what, strings.Join(parts, ", "), en.Rule)
}

func (e *emitter) sortie(so *Sortie, prologue bool) error {
	if !e.on {
		if !e.obs {
			return nil
		}
		e.sortieEv = SortieEvent{Scenario: so.Scenario.ID}
		return e.sink.Write(&e.sortieEv)
	}
	sc := so.Scenario
	return e.sink.Write(&SortieEvent{Scenario: sc.ID, Attempt: so.Attempt, Prologue: prologue, MidpointRetained: so.Midpoint, Resume: so.Resume != nil,
		NamedDead: so.NamedDead, Benefit: so.Benefit, ScenarioTitle: sc.Plan.Scenario.Title})
}

func (e *emitter) unlocks(s *State, list []int, rule string) error {
	if !e.on {
		return nil
	}
	var ids []string
	for _, i := range list {
		ids = append(ids, s.c.Scenarios[i].ID)
	}
	return e.sink.Write(&UnlockEvent{Scenarios: ids, Text: fmt.Sprintf("selectable now: %s (%s)", strings.Join(ids, ", "), rule), rule: rule})
}

func (e *emitter) growth(c *plan.Campaign, s *State, i int, rep *Report, unlocked []int, abilities []AbilityRoll) error {
	if !e.on {
		e.printed = len(s.Ledger)
		if !e.obs {
			return nil
		}
		e.growthEv = GrowthEvent{Scenario: c.Scenarios[i].ID, Outcome: rep.Outcome}
		return e.sink.Write(&e.growthEv)
	}
	sc := &c.Scenarios[i]
	ev := &GrowthEvent{Scenario: sc.ID, Attempt: s.Attempts[i], Outcome: rep.Outcome, Day: rep.Day, Reason: rep.Reason,
		XP: rep.XP, XPNote: rep.XPNote, Named: rep.Named, Dead: rep.Dead, PCs: s.PCs, Purse: s.Purse,
		Ledger: s.Ledger[e.printed:], MidpointRetained: s.Midpoint[i], Abilities: abilities}
	e.printed = len(s.Ledger)
	for _, u := range unlocked {
		ev.Unlocked = append(ev.Unlocked, c.Scenarios[u].ID)
	}
	if rep.Outcome == runner.Success && sc.Base >= 0 {
		ev.Base, ev.BaseName = c.Bases[sc.Base].ID, c.Bases[sc.Base].Name
	}
	if rep.Outcome == runner.Success {
		for _, b := range sc.Benefits {
			ev.Benefits = append(ev.Benefits, c.Benefits[b].ID)
		}
	}
	return e.sink.Write(ev)
}

func (e *emitter) summary(s *State, end string) error {
	if !e.obs {
		return nil
	}
	return e.sink.Write(&EndEvent{End: end, Text: endReason(end), Rows: s.Rows, PCs: s.PCs, Purse: s.Purse, PartyDebt: s.PartyDebt,
		Bases: s.basesSecured(), UnlockOrder: s.Unlocks, NamedDead: s.NamedDead})
}
