// Package forecast plays the armies of a plan alone, day by day, as if the party did nothing:
// where each army stands on each day and which strength battles (Karzoral) or meetings
// (Pathfinder) happen. sortie graph draws it; sortie diff compares it between two versions.
//
// It reads only the plan (package plan) and never the runner: a forecast is what the field's data
// says before anyone plays. Events and the party's actions are not forecast.
package forecast

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/plan/karzoralrules"
)

// Army is one army's forecast.
type Army struct {
	ID       string
	Name     string
	Friendly bool
	// At[d] is the block (Karzoral) or hex (Pathfinder) index where the army stands at the end of
	// day d's march; At[0] is where it starts. The list stops early when the army leaves the
	// field (destroyed, K-24), and for every army when a friendly army is wiped out (K-25).
	At []int
	// Strength[d] is its strength after day d's strength battles (Karzoral; hp for Pathfinder,
	// which is not forecast and stays the derived hp).
	Strength []int
}

// Arrival returns the first day the army stands at place, or -1.
func (a *Army) Arrival(place int) int {
	for d, p := range a.At {
		if p == place {
			return d
		}
	}
	return -1
}

// Meeting is a strength battle (Karzoral, K-24) or two hostile armies entering one hex
// (Pathfinder, P-14) in the forecast.
type Meeting struct {
	Day             int
	Place           int    // block or hex index
	Friendly, Enemy string // army ids
	// Strengths before the battle (Karzoral); 0 for Pathfinder meetings.
	FriendlyStr, EnemyStr int
	// Fails: the friendly army is wiped out and the scenario fails (K-25).
	Fails bool
}

// Forecast is the armies' forecast of a plan, up to its day limit.
type Forecast struct {
	Armies   []Army // plan order (sorted by id), reserves left out
	Meetings []Meeting
	// FailDay is the day a friendly army is wiped out (K-25), 0 if none is.
	FailDay int
}

// Of forecasts p: a Karzoral plan (Of follows K-22, K-24, K-25) or a Pathfinder one (P-6, P-12,
// P-13, P-14 without the battles).
func Of(p *plan.Plan) *Forecast {
	if p.Pathfinder != nil {
		return pathfinder(p)
	}
	return karzoral(p)
}

// karzoral plays each day's march through karzoralrules.March, the engine's own order (K-22, K-24
// as corrected 2026-12-01): friendly armies first, each side in ascending army id, speed steps one
// block at a time, fighting in each block entered; an accompanying army moves with the party, which
// does nothing here, so it holds at its start. K-24: d = min(a, b), both lose d, an army at 0
// leaves the field. K-25: a friendly army at 0 fails the scenario at once.
func karzoral(p *plan.Plan) *Forecast {
	f := &Forecast{}
	m := &march{f: f}
	for i := range p.Armies {
		a := &p.Armies[i]
		if a.Reserve || a.Strength <= 0 || len(a.Route) == 0 {
			continue
		}
		m.armies = append(m.armies, a)
		m.step = append(m.step, 0)
		m.str = append(m.str, a.Strength)
		f.Armies = append(f.Armies, Army{ID: a.ID, Name: a.Name, Friendly: a.Friendly(), At: []int{a.Route[0]}, Strength: []int{a.Strength}})
	}
	for m.day = 1; m.day <= p.DayLimit && f.FailDay == 0; m.day++ {
		karzoralrules.March(m) // never fails: march returns no error
		for i := range m.armies {
			if m.str[i] > 0 || f.Armies[i].Strength[len(f.Armies[i].Strength)-1] > 0 {
				f.Armies[i].At = append(f.Armies[i].At, m.where(i))
				f.Armies[i].Strength = append(f.Armies[i].Strength, m.str[i])
			}
		}
	}
	return f
}

// march is the forecast's armies (the plan's order, reserves left out) as karzoralrules.March
// reads and changes them.
type march struct {
	f      *Forecast
	armies []*plan.Army
	day    int
	step   []int // route index
	str    []int
}

func (m *march) Armies() int         { return len(m.armies) }
func (m *march) Friendly(i int) bool { return m.armies[i].Friendly() }
func (m *march) Marches(i int) bool  { return m.str[i] > 0 && !m.armies[i].Accompany }
func (m *march) Speed(i int) int     { return m.armies[i].Speed }
func (m *march) AtEnd(i int) bool    { return m.step[i] == len(m.armies[i].Route)-1 }
func (m *march) On(i int) bool       { return m.str[i] > 0 }
func (m *march) Over() bool          { return m.f.FailDay != 0 }
func (m *march) where(i int) int     { return m.armies[i].Route[m.step[i]] }

func (m *march) Step(i int) error {
	m.step[i] = min(m.step[i]+1, len(m.armies[i].Route)-1)
	return nil
}

func (m *march) Meets(i, j int) bool {
	return m.str[i] > 0 && m.str[j] > 0 && m.where(i) == m.where(j) && m.Friendly(i) != m.Friendly(j)
}

// Fight records and resolves the strength battle of i and j (K-24); a friendly army at 0 sets
// FailDay (K-25).
func (m *march) Fight(i, j int) error {
	fr, en := i, j
	if !m.Friendly(fr) {
		fr, en = j, i
	}
	mt := Meeting{Day: m.day, Place: m.where(i), Friendly: m.armies[fr].ID, Enemy: m.armies[en].ID, FriendlyStr: m.str[fr], EnemyStr: m.str[en]}
	d := min(m.str[i], m.str[j])
	m.str[i] -= d
	m.str[j] -= d
	mt.Fails = m.str[fr] == 0
	m.f.Meetings = append(m.f.Meetings, mt)
	if mt.Fails {
		m.f.FailDay = m.day
	}
	return nil
}

// pathfinder: P-12, P-13 each day every army moves up to its speed in hexes along its route, in
// plan (id) order; P-6 a difficult hex costs two hexes of speed, and points short of one carry to
// the next day. P-14: entering a hex that holds a hostile army stops the army; the forecast
// records the meeting and both armies hold there (the battle itself is not forecast).
func pathfinder(p *plan.Plan) *Forecast {
	f := &Forecast{}
	pf := p.Pathfinder
	type live struct {
		a           *plan.PFArmy
		hex, next   int
		carry, held int
	}
	var armies []*live
	for i := range pf.Armies {
		a := &pf.Armies[i]
		armies = append(armies, &live{a: a, hex: a.Start})
		f.Armies = append(f.Armies, Army{ID: a.ID, Name: a.Army.Name, Friendly: a.Side == plan.Friendly, At: []int{a.Start}, Strength: []int{a.Stats.HP}})
	}
	stopped := map[int]bool{}
	for i, l := range armies {
		// A Formed army is off the map (hex -1) until a split or combination forms it: the
		// forecast plays no orders, so it stays there.
		stopped[i] = l.a.Formed && l.hex < 0
	}
	for day := 1; day <= p.DayLimit; day++ {
		for i, l := range armies {
			if stopped[i] {
				continue
			}
			budget := 2*l.a.Stats.Speed + l.carry
			l.carry = 0
			for l.a.Stats.Speed > 0 && l.next < len(l.a.Route) {
				to := l.a.Route[l.next]
				cost := 2
				if to >= 0 && to < len(pf.Hexes) && pf.Hexes[to].Difficult {
					cost = 4
				}
				if budget < cost {
					l.carry = budget
					break
				}
				budget -= cost
				l.hex, l.next = to, l.next+1
				met := false
				for j, o := range armies {
					if j != i && o.hex == l.hex && o.a.Side != l.a.Side {
						fr, en := l.a.ID, o.a.ID
						if l.a.Side != plan.Friendly {
							fr, en = en, fr
						}
						f.Meetings = append(f.Meetings, Meeting{Day: day, Place: l.hex, Friendly: fr, Enemy: en})
						stopped[i], stopped[j], met = true, true, true
					}
				}
				if met {
					break
				}
			}
		}
		for i, l := range armies {
			f.Armies[i].At = append(f.Armies[i].At, l.hex)
			f.Armies[i].Strength = append(f.Armies[i].Strength, l.a.Stats.HP)
		}
	}
	return f
}
