package karzoral

import (
	"sort"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

var forecastCheck = &Check{
	Name: "forecast",
	Doc: `friendly armies destroyed if the party does nothing
A forecast of the armies alone, day by day up to days.limit: every army on the field (not a
reserve, strength above 0) moves speed steps along its route, friendly armies first, holding at
the end of the route (K-22); then opposing armies in one block fight strength battles, pairs in
ascending army id, d = min(a, b), both lose d, an army at 0 leaves the field (K-24). A friendly
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

// Forecast runs the armies alone from day 1 to limit (K-22, K-24) and returns the strength
// battles in order, stopping after the first that leaves a friendly army at 0 (K-25). It needs
// every route step to name a known block; otherwise it returns nil.
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
	// K-24 default: pairs in ascending army id.
	sort.Slice(armies, func(i, j int) bool { return armies[i].ID < armies[j].ID })
	n := len(armies)
	step := make([]int, n)
	str := make([]int, n)
	on := make([]bool, n)
	for i, a := range armies {
		str[i], on[i] = a.Strength.V, true
	}
	where := func(i int) string { return armies[i].Route[step[i]].V }
	var out []Meeting
	for day := 1; day <= limit; day++ {
		for _, side := range []string{"friendly", "enemy"} { // K-22: friendly armies move first
			for i, a := range armies {
				if on[i] && a.Side.V == side {
					speed := 1
					if a.Speed.OK && a.Speed.V > 0 {
						speed = a.Speed.V
					}
					step[i] = min(step[i]+speed, len(a.Route)-1)
				}
			}
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if !on[i] || !on[j] || where(i) != where(j) || armies[i].Side.V == armies[j].Side.V {
					continue
				}
				f, e := i, j
				if armies[f].Side.V != "friendly" {
					f, e = j, i
				}
				m := Meeting{Day: day, Block: where(i), Friendly: armies[f], Enemy: armies[e],
					FriendlyStr: str[f], EnemyStr: str[e], FriendlyStep: step[f], EnemyStep: step[e]}
				out = append(out, m)
				d := min(str[i], str[j]) // K-24
				str[i] -= d
				str[j] -= d
				on[i], on[j] = str[i] > 0, str[j] > 0
				if str[f] == 0 {
					return out // K-25: the scenario fails
				}
			}
		}
	}
	return out
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
