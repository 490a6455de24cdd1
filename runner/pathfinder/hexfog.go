package pathfinder

import (
	"bytes"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// HexFog is what a person playing one side of a hex run is shown (`sortie run --play SIDE`,
// issue 23): the briefing, the prompt's map, status, units and recap, and the transcript, each by
// HexSight's rule (sight.go), the one the HTML replay's players' view uses. Its sink follows the
// run's every event (it must see them all, in order, a resumed run's replayed ones too); its View
// veils the prompt's views (runner.Seat.Veil).
type HexFog struct {
	p     *plan.Plan
	sight *HexSight
	run   *hexRun // from the first HexStartEvent: the engine's state, where each army stands
	table bool    // the start table is still to be written (its event was not seen)
	// morale is each army's Morale when the side last saw it (what the views show of an enemy
	// out of sight, with the hp HexSight keeps).
	morale map[string]int
}

// NewHexFog is the fog of side ("friendly" or "enemy") over hex scenario p's run; nil when p is
// not a Pathfinder hex scenario.
func NewHexFog(p *plan.Plan, side string) *HexFog {
	if p.Pathfinder == nil {
		return nil
	}
	s := plan.Friendly
	if side == sideNames[plan.Enemy] {
		s = plan.Enemy
	}
	return &HexFog{p: p, sight: NewHexSight(p.Pathfinder, s), morale: map[string]int{}}
}

// kingdoms is ks as the side knows them: its own kingdom only (the other's counters, Control DC
// and treasury are that kingdom's books: P-11, P-57, P-61); all of them for a nil fog.
// playsEnemy reports whether f is the enemy side's sight (a --play enemy run); false for nil.
func (f *HexFog) playsEnemy() bool { return f != nil && f.sight.side == plan.Enemy }

func (f *HexFog) kingdoms(ks [2]*plan.Kingdom) [2]*plan.Kingdom {
	if f != nil {
		ks[1-f.sight.side] = nil
	}
	return ks
}

// Briefing is RunBriefing as the side knows the field before day 1: its own armies, and the
// enemies that start on a hex with one of them.
func (f *HexFog) Briefing() string {
	armies := planArmies(f.p)
	for _, a := range armies {
		f.sight.Set(a.pa.ID, a.hex, a.hp)
	}
	var w bytes.Buffer
	writeRunBriefing(&w, f.p, f.shown(armies), f)
	return w.String()
}

// shown is armies as the side knows them: those it sees as they are; an enemy out of sight where
// and as it was last seen (its state "last seen on day N"); the rest left out.
func (f *HexFog) shown(armies []armyNow) []armyNow {
	if f == nil {
		return armies
	}
	var out []armyNow
	for _, a := range armies {
		if f.sight.Own(a.pa.ID) || f.sight.Sees(a.pa.ID) {
			out = append(out, a)
		} else if sn, ok := f.sight.LastSeen(a.pa.ID); ok {
			a.hex, a.hp, a.state = sn.Hex, sn.HP, lastSeenWords(sn)
			if m, ok := f.morale[a.pa.ID]; ok {
				a.morale = m
			}
			out = append(out, a)
		}
	}
	return out
}

// sync tells the sight where every army of the run stands now (off the field once gone).
func (f *HexFog) sync() {
	for i := range f.run.armies {
		a := &f.run.armies[i]
		h := a.hex
		if a.gone != "" {
			h = -1
		}
		f.sight.Set(a.pa.ID, h, a.hp)
	}
}

// look records the side's sight on the run's day (HexSight.Look) and the Morale of every army
// it sees.
func (f *HexFog) look() {
	f.sight.Look(max(f.run.day, 1))
	for i := range f.run.armies {
		if a := &f.run.armies[i]; f.sight.Sees(a.pa.ID) {
			f.morale[a.pa.ID] = a.st.Morale
		}
	}
}

// View veils a prompt's view (runner.Seat.Veil): a hex run's views show what the side knows;
// any other view is returned as it is.
func (f *HexFog) View(v any) any {
	pv, ok := v.(*pfView)
	if !ok || pv.run == nil {
		return v
	}
	c := *pv
	c.fog = f
	if f.run == nil {
		f.run = pv.run
	}
	f.sync()
	return &c
}

// Sink is inner behind the fog: the events the side does not see are not written, and the start
// and end tables list only the armies it knows.
func (f *HexFog) Sink(inner runner.Sink) runner.Sink { return hexFogSink{f, inner} }

type hexFogSink struct {
	f     *HexFog
	inner runner.Sink
}

func (s hexFogSink) Write(e runner.Event) error {
	f := s.f
	if st, ok := e.(*HexStartEvent); ok && st.run != nil {
		f.run, f.table = st.run, true
	}
	if f.run == nil {
		return s.inner.Write(e)
	}
	f.sync()
	if am, ok := e.(*HexAftermathEvent); ok {
		for i := range f.run.armies {
			if a := &f.run.armies[i]; a.pa.ID == am.Army && a.gone != "" {
				f.sight.Gone(am.Army) // seen going: the battle had an army of the side (P-14)
			}
		}
	}
	seen := f.sight.SeesEvent(e)
	f.look()
	if !seen {
		return nil
	}
	switch v := e.(type) {
	case *HexStartEvent:
		c := *v
		c.run, c.fog = nil, nil
		if f.table {
			c.run, c.fog, f.table = f.run, f, false
		}
		return s.inner.Write(&c)
	case *HexEndEvent:
		c := *v
		c.fog = f
		return s.inner.Write(&c)
	case *HexAftermathEvent:
		return s.inner.Write(f.aftermath(v))
	}
	return s.inner.Write(e)
}

// aftermath is e as the side is shown it: an enemy army's note and table row without its
// Loyalty checks (PlayersNote). e is not changed.
func (f *HexFog) aftermath(e *HexAftermathEvent) *HexAftermathEvent {
	c := *e
	if !f.sight.Own(e.Army) {
		c.Note = PlayersNote(e.Note)
	}
	if len(e.Table) > 0 {
		c.Table = make([][]string, len(e.Table))
		for i, row := range e.Table {
			c.Table[i] = row
			if len(row) == 5 && !f.sight.Own(row[0]) {
				c.Table[i] = append(row[:4:4], PlayersNote(row[4]))
			}
		}
	}
	return &c
}

// PlayersNote is an enemy army's aftermath note (parts joined by "; ") as the other side is
// shown it: a victor's Loyalty check against its kingdom's Control DC (P-61: "Loyalty 7 vs DC
// 20") is that kingdom's books, so the figures go and what came of the check stays ("Morale
// +1, learns ...": the table's Morale shows it anyway); a failed check, with nothing after it,
// goes whole. The one rule of the live fog (HexFog) and the replay's players' view.
func PlayersNote(note string) string {
	var keep []string
	for _, part := range strings.Split(note, "; ") {
		if strings.HasPrefix(part, "Loyalty ") && strings.Contains(part, " vs DC ") {
			_, after, ok := strings.Cut(part, ": ")
			if !ok {
				continue
			}
			part = after
		}
		keep = append(keep, part)
	}
	return strings.Join(keep, "; ")
}

// Withholds reports whether the player is not shown the computer's choice to request r
// (runner.Seat.Withhold): where an enemy army is placed after a battle (P-62) unless an army of
// the side stands there, and any choice of an enemy army the side does not see.
func (f *HexFog) Withholds(r *runner.Request, choice string) bool {
	if f.run == nil || r.Army == "" || f.sight.Own(r.Army) {
		return false
	}
	f.sync()
	if r.Kind == runner.KindPlace {
		for i := range f.p.Pathfinder.Hexes {
			if f.p.Pathfinder.Hexes[i].ID == choice {
				return !f.sight.SeesAt(i)
			}
		}
		return true
	}
	return !f.sight.Sees(r.Army)
}
