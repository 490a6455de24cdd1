package karzoral

import (
	"fmt"
	"slices"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// Midpoint retention (K-67, K-68): the state of a run at the moment its midpoint was cleared, and
// a retry that resumes from it.

// Midpoint is the state of a run when it cleared its midpoint (K-67): what a retry resumes from. The
// seed: 「進行は中間点まで戻り、そこから再開できます」: progress goes back to the midpoint and play may
// resume there: the day's next phase, the party's block, its flags, the boxes it revealed, the
// events that fired (the cache does not burn twice, the shrine is not fought again), the episodes
// checked, rations and light, the PCs' HP and the burdens, traversal progress. The armies are not
// in it: a retry places fresh ones (K-68: the scenario's midpoint setup, else the initial one), and
// the named monsters that fell stay dead (Carry.NamedDead).
//
// A Result's Midpoint belongs to the Runner that made it and changes at its next Run: Clone it to
// keep it (karzoral.Run makes a new Runner each time).
type Midpoint struct {
	Objective string       // the midpoint objective cleared
	Day       int          // the day it was cleared
	Phase     runner.Phase // the phase it was cleared in; the retry resumes at the next one
	Block     string       // the party's block then

	plan               *plan.Plan
	party, rations     int
	flags, revealed    bitset
	fired              []int32
	checked            uint8
	pending            []pendingEvent
	hp                 []int
	dead, raised       []bool
	burdens            []burdenState
	torches, oil       int
	sleepy, sleepNext  bool
	sleepDay, litDay   int
	trav, travLast     int
	progress, travFrom int
	travChecked        uint8
	travDone           bitset
	visited            bitset
}

// Clone returns a copy of m that no later run changes.
func (m *Midpoint) Clone() *Midpoint {
	if m == nil {
		return nil
	}
	c := *m
	c.flags, c.revealed, c.travDone, c.visited = slices.Clone(m.flags), slices.Clone(m.revealed), slices.Clone(m.travDone), slices.Clone(m.visited)
	c.fired, c.pending = slices.Clone(m.fired), slices.Clone(m.pending)
	c.hp, c.burdens = slices.Clone(m.hp), slices.Clone(m.burdens)
	c.dead, c.raised = slices.Clone(m.dead), slices.Clone(m.raised)
	return &c
}

// Resumes says where a retry from m begins: the day and the phase (PhaseNone: the next day's start).
func (m *Midpoint) Resumes() (day int, phase runner.Phase) {
	switch {
	case m.trav >= 0, m.Phase == runner.PhaseNight:
		// A night phase is the day's last; a traversal day ends with its rest (K-44).
		return m.Day + 1, runner.PhaseStart
	case m.Phase == runner.PhaseStart:
		return m.Day, runner.PhaseAction
	case m.Phase == runner.PhaseAction:
		return m.Day, runner.PhaseCamp
	}
	return m.Day, runner.PhaseNight
}

// snapshot records the state as the midpoint objective o is cleared (after its growth), into the
// Runner's buffer (no allocation after the first run that reaches one).
func (s *state) snapshot(o *plan.Objective) {
	m := s.r.mid
	if m == nil {
		m = &Midpoint{}
		s.r.mid = m
	}
	k := &s.k
	*m = Midpoint{Objective: o.ID, Day: s.day, Phase: s.phase, Block: s.p.Field.Blocks[s.party].ID, plan: s.p,
		party: s.party, rations: s.rations,
		flags: append(m.flags[:0], s.flags...), revealed: append(m.revealed[:0], s.revealed...),
		fired: append(m.fired[:0], s.fired...), checked: s.checked, pending: append(m.pending[:0], s.pending...),
		hp: m.hp[:0], burdens: append(m.burdens[:0], k.burdens...), torches: k.torches, oil: k.oil,
		sleepy: k.sleepy, sleepNext: k.sleepNext, sleepDay: k.sleepDay, litDay: k.litDay,
		trav: k.trav, travLast: k.travLast, progress: k.progress, travFrom: k.travFrom, travChecked: k.travChecked,
		travDone: append(m.travDone[:0], k.travDone...), visited: append(m.visited[:0], s.visited...)}
	m.dead, m.raised = m.dead[:0], m.raised[:0]
	for _, pc := range k.pcs {
		m.hp = append(m.hp, pc.hp)
		m.dead, m.raised = append(m.dead, pc.dead), append(m.raised, pc.raised)
	}
	s.midpoint = m
}

// checkMidpoint reports why m cannot be resumed on this run's plan, or "".
func (s *state) checkMidpoint(m *Midpoint) string {
	p := s.p
	switch {
	case m.plan == nil:
		return "not a midpoint of a run"
	case m.plan != p && m.plan.SourceHash != p.SourceHash:
		return "a midpoint of another plan"
	case len(m.flags) != len(s.flags) || len(m.revealed) != len(s.revealed) || len(m.fired) != len(s.fired) ||
		len(m.hp) != len(p.Party.PCs) || len(m.burdens) != len(p.Party.Burdens) || len(m.travDone) != len(s.k.travDone) ||
		m.party < 0 || m.party >= len(p.Field.Blocks) || m.Day < 1 || m.Day > p.DayLimit:
		return "a midpoint that does not fit the plan"
	}
	return ""
}

// resumeAt restores the state a retry resumes from (K-67): everything the midpoint recorded; the
// midpoint objective is retained (no XP or growth again); fresh armies per K-68 (the plan's
// midpoint setup, else the initial setup). The run then begins at m.Resumes().
func (s *state) resumeAt(m *Midpoint) error {
	if why := s.checkMidpoint(m); why != "" {
		return fmt.Errorf("runner: cannot resume: %s", why)
	}
	k := &s.k
	s.party, s.rations = m.party, m.rations
	copy(s.flags, m.flags)
	copy(s.revealed, m.revealed)
	copy(s.fired, m.fired)
	s.checked = m.checked
	s.pending = append(s.pending[:0], m.pending...)
	for i := range k.pcs {
		k.pcs[i].hp = m.hp[i]
		if i < len(m.dead) && i < len(m.raised) {
			k.pcs[i].dead, k.pcs[i].raised = m.dead[i], m.raised[i]
		}
	}
	copy(k.burdens, m.burdens)
	k.torches, k.oil = m.torches, m.oil
	k.sleepy, k.sleepNext, k.sleepDay, k.litDay = m.sleepy, m.sleepNext, m.sleepDay, m.litDay
	k.trav, k.travLast, k.progress, k.travFrom, k.travChecked = m.trav, m.travLast, m.progress, m.travFrom, m.travChecked
	copy(k.travDone, m.travDone)
	copy(s.visited, m.visited)
	for i := range s.p.Objectives {
		if s.p.Objectives[i].ID == m.Objective {
			s.retained.set(i)
		}
	}
	s.placeArmies(s.p.Midpoint)
	clear(s.sight) // fresh armies: nothing seen of them yet but what is in the party's block
	s.look()
	s.midpoint = m // a failure of this retry keeps the same midpoint to resume from
	day, phase := m.Resumes()
	s.day, s.from = day, phase
	if phase == runner.PhaseStart {
		s.day, s.from = day-1, runner.PhaseNone // the day loop begins the next day as usual
	}
	return nil
}

// resumeEvent writes where a resumed retry begins (K-67, K-68).
func (s *state) resumeEvent(m *Midpoint) error {
	day, phase := m.Resumes()
	setup := "the initial setup"
	if s.p.Midpoint != nil {
		setup = "the scenario's midpoint setup"
	}
	text := fmt.Sprintf("the retry resumes at midpoint %s (cleared on day %d, %s phase, at %s): day %d, %s phase; fresh armies per %s (K-67, K-68)",
		m.Objective, m.Day, m.Phase, m.Block, day, phase, setup)
	return s.send(&ResumeEvent{At: At{Day: day}, Objective: m.Objective, Block: m.Block, Rations: m.rations, Text: text})
}

// ResumeEvent: a retry resumes at the midpoint an earlier attempt cleared (K-67): where and when
// play begins (the day; the text names the phase), with fresh armies (K-68).
type ResumeEvent struct {
	At
	Objective string `json:"objective"`
	Block     string `json:"block"` // the party's block
	Rations   int    `json:"rations"`
	Text      string `json:"text"`
}

func (*ResumeEvent) Type() string   { return "resume" }
func (*ResumeEvent) Rule() string   { return "K-67" }
func (e *ResumeEvent) Line() string { return e.Text }
