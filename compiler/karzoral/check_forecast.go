package karzoral

import (
	"sort"

	"github.com/sortie-rpg/sortie/compiler/diag"
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
// It follows the engine's order (runner/karzoral/day.go moveArmies), K-22 and K-24 as corrected
// 2026-12-01 (the seed: 「【友軍】の移動した先のブロックに【蛮族軍】が存在した（あるいはその逆）場合」,
// friendly armies moving first): each friendly army on the field, then each other army, in
// ascending army id, moves speed steps (1 if unset) one block at a time, holding at the end of its
// route; an accompanying army moves with the party instead and so stays. At every step the mover
// fights the opposing armies in the block it entered (or holds), in ascending army id, while it is
// on the field: d = min(a, b), both lose d, an army at 0 leaves the field and makes no more move.
// So two armies that trade blocks fight, and a fast army fights in the blocks it passes. After
// every army has moved, opposing armies still sharing a block (set up together) fight, pairs in
// ascending army id.
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
	friendly := func(i int) bool { return armies[i].Side.V == "friendly" }
	var order []int // K-22, K-24: friendly armies first, each side in ascending id
	for _, f := range []bool{true, false} {
		for i := range armies {
			if friendly(i) == f {
				order = append(order, i)
			}
		}
	}
	step := make([]int, n)
	str := make([]int, n)
	on := make([]bool, n)
	for i, a := range armies {
		str[i], on[i] = a.Strength.V, true
	}
	where := func(i int) string { return armies[i].Route[step[i]].V }
	var out []Meeting
	// fight resolves the strength battle of i and j (K-24) and reports whether a friendly army
	// is wiped out (K-25: the forecast ends).
	fight := func(day, i, j int) bool {
		f, e := i, j
		if !friendly(f) {
			f, e = j, i
		}
		out = append(out, Meeting{Day: day, Block: where(i), Friendly: armies[f], Enemy: armies[e],
			FriendlyStr: str[f], EnemyStr: str[e], FriendlyStep: step[f], EnemyStep: step[e]})
		d := min(str[i], str[j])
		str[i] -= d
		str[j] -= d
		on[i], on[j] = str[i] > 0, str[j] > 0
		return str[f] == 0
	}
	opposing := func(i, j int) bool {
		return i != j && on[i] && on[j] && where(i) == where(j) && friendly(i) != friendly(j)
	}
	for day := 1; day <= limit; day++ {
		for _, i := range order {
			a := armies[i]
			if !on[i] || s.K.Accompany[a.ID] {
				continue
			}
			speed := 1
			if a.Speed.OK && a.Speed.V > 0 {
				speed = a.Speed.V
			}
			for k := 1; k <= speed && on[i]; k++ {
				if step[i] == len(a.Route)-1 && k > 1 {
					break // holding at the end of its route
				}
				step[i] = min(step[i]+1, len(a.Route)-1)
				for j := 0; j < n && on[i]; j++ {
					if opposing(i, j) && fight(day, min(i, j), max(i, j)) {
						return out
					}
				}
			}
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if opposing(i, j) && fight(day, i, j) {
					return out
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
