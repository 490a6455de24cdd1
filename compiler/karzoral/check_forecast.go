package karzoral

import (
	"sort"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan/karzoralrules"
)

var forecastCheck = &Check{
	Name: "forecast",
	Doc: `friendly armies destroyed if the party does nothing
A forecast of the armies alone, day by day up to days.limit, in the engine's order: every army on
the field (not a reserve, strength above 0), friendly armies first, each side in ascending army id,
moves speed steps along its route one block at a time, holding at the end of the route (K-22); an
army entering a block that holds an opposing army fights it at once, d = min(a, b), both lose d, an
army at 0 leaves the field (K-24 as corrected 2026-12-01: armies that trade blocks fight). A friendly
army at 0 fails the scenario (K-25): that is reported at both armies' route steps. Events are not
forecast: they depend on the party.`,
	Codes: []string{codeArmyDoom},
	Run:   runForecast,
}

// Meeting is one strength battle of the forecast.
type Meeting struct {
	Day                     int
	Block                   string
	Friendly, Enemy         *Army
	FriendlyStr, EnemyStr   int // strengths before the battle
	FriendlyStep, EnemyStep int // route index of each army on that day
}

// Forecast runs the armies alone from day 1 to limit and returns the strength battles in order,
// stopping after the first that leaves a friendly army at 0 (K-25). It needs every route step to
// name a known block; otherwise it returns nil.
//
// It follows the engine's order by calling the engine's own function, karzoralrules.March (K-22,
// K-24 as corrected 2026-12-01, K-25): friendly armies first, in ascending army id, speed steps
// (1 if unset) one block at a time, fighting in each block entered; an accompanying army moves
// with the party instead and so stays.
func Forecast(s *Scenario, blocks map[string]*Block, limit int) []Meeting {
	var armies []*Army
	for _, a := range s.Armies {
		if a.Reserve || !a.Strength.OK || a.Strength.V <= 0 || !a.Side.OK || len(a.Route) == 0 {
			continue
		}
		for _, r := range a.Route {
			if !r.OK || blocks[r.V] == nil {
				return nil
			}
		}
		armies = append(armies, a)
	}
	sort.Slice(armies, func(i, j int) bool { return armies[i].ID < armies[j].ID })
	n := len(armies)
	fc := &forecastField{s: s, armies: armies, step: make([]int, n), str: make([]int, n), on: make([]bool, n)}
	for i, a := range armies {
		fc.str[i], fc.on[i] = a.Strength.V, true
	}
	for fc.day = 1; fc.day <= limit && !fc.over; fc.day++ {
		karzoralrules.March(fc) // never fails: the forecast's Field returns no error
	}
	return fc.out
}

// forecastField is the forecast's armies as karzoralrules.March reads and changes them, the
// engine's order (K-22, K-24, K-25); armies are sorted by id, as the plan sorts them.
type forecastField struct {
	s      *Scenario
	armies []*Army
	day    int
	step   []int // route index
	str    []int
	on     []bool
	over   bool // K-25: a friendly army is wiped out, the forecast ends
	out    []Meeting
}

func (f *forecastField) Armies() int         { return len(f.armies) }
func (f *forecastField) Friendly(i int) bool { return f.armies[i].Side.V == "friendly" }
func (f *forecastField) Marches(i int) bool  { return f.on[i] && !f.s.K.Accompany[f.armies[i].ID] }
func (f *forecastField) AtEnd(i int) bool    { return f.step[i] == len(f.armies[i].Route)-1 }
func (f *forecastField) On(i int) bool       { return f.on[i] }
func (f *forecastField) Over() bool          { return f.over }
func (f *forecastField) where(i int) string  { return f.armies[i].Route[f.step[i]].V }

// Speed is the army's speed, 1 if unset.
func (f *forecastField) Speed(i int) int {
	if a := f.armies[i]; a.Speed.OK && a.Speed.V > 0 {
		return a.Speed.V
	}
	return 1
}

func (f *forecastField) Step(i int) error {
	f.step[i] = min(f.step[i]+1, len(f.armies[i].Route)-1)
	return nil
}

func (f *forecastField) Meets(i, j int) bool {
	return f.on[i] && f.on[j] && f.where(i) == f.where(j) && f.Friendly(i) != f.Friendly(j)
}

// Fight records and resolves the strength battle of i and j (K-24): d = min(a, b), both lose d,
// an army at 0 leaves the field; a friendly army at 0 ends the forecast (K-25).
func (f *forecastField) Fight(i, j int) error {
	fr, en := i, j
	if !f.Friendly(fr) {
		fr, en = j, i
	}
	f.out = append(f.out, Meeting{Day: f.day, Block: f.where(i), Friendly: f.armies[fr], Enemy: f.armies[en],
		FriendlyStr: f.str[fr], EnemyStr: f.str[en], FriendlyStep: f.step[fr], EnemyStep: f.step[en]})
	d := min(f.str[i], f.str[j])
	f.str[i] -= d
	f.str[j] -= d
	f.on[i], f.on[j] = f.str[i] > 0, f.str[j] > 0
	f.over = f.str[fr] == 0
	return nil
}

func runForecast(p *Pass) error {
	limit := p.Scenario.DayLimit
	if !limit.OK {
		return nil
	}
	ms := Forecast(p.Scenario, p.Blocks, limit.V)
	if len(ms) == 0 {
		return nil
	}
	m := ms[len(ms)-1]
	if m.FriendlyStr > m.EnemyStr {
		return nil // the last battle did not wipe a friendly army out
	}
	// One finding per meeting (issue 11): at the friendly army's route step, the enemy's as the
	// related position.
	fpos := m.Friendly.Route[m.FriendlyStep].Pos
	epos := m.Enemy.Route[m.EnemyStep].Pos
	d := p.Diag(fpos, codeArmyDoom, "friendly army %s meets %s on day %d at block %s and is destroyed (%d vs %d): the scenario fails on day %d unless the party acts",
		m.Friendly.ID, m.Enemy.ID, m.Day, m.Block, m.FriendlyStr, m.EnemyStr, m.Day).
		WithHint("K-24, K-25: if the party is meant to intervene, say so: %s", suppressHint(fpos.File, codeArmyDoom))
	d.Related = []diag.Pos{epos}
	p.Report(d)
	return nil
}
