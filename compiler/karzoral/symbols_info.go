package karzoral

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The index of each kind of file: declarations and references (symbols.go) and the facts shown on
// hover, from the decoded scenario where there is one.

// karzoralSymbols indexes a Karzoral scenario, the unit uc; s is its decoded model.
func karzoralSymbols(uc *compiler.Unit, s *Scenario) *compiler.Symbols {
	b := uc.NewSymBuilder("#Scenario", nil)
	b.Scan()
	x := newIndex(s)
	for _, bl := range s.Field.Blocks {
		sym := b.Symbol(compiler.KindBlock, bl.ID)
		sym.Info, sym.Adjacent = blockInfo(x, bl)
	}
	meets := meetingFigures(s, x.Blocks)
	for _, a := range s.Armies {
		sym := b.Symbol(compiler.KindArmy, a.ID)
		sym.Info, sym.Figures = armyInfo(a), joinFigures(routeFigures(a), meets[a])
	}
	for _, e := range s.Encounters {
		b.Symbol(compiler.KindEncounter, e.ID).Info = encounterInfo(e)
	}
	for _, e := range s.Events {
		b.Symbol(compiler.KindEvent, e.ID).Info = eventInfo(e)
	}
	for _, o := range s.Objectives {
		info := []string{"objective, outcome " + o.Outcome.OrDash()}
		if o.XP.OK && o.XP.V > 0 {
			info = append(info, fmt.Sprintf("%d XP per PC (K-61)", o.XP.V))
		}
		if o.Say.OK {
			info = append(info, "says: "+o.Say.V)
		}
		b.Symbol(compiler.KindObjective, o.ID).Info = info
	}
	for _, t := range s.K.Traversals {
		var ids []string
		for _, bl := range t.Blocks {
			ids = append(ids, bl.V)
		}
		info := []string{"traversal area (K-43) over blocks " + strings.Join(ids, ", ")}
		if t.Name.OK {
			info[0] = t.Name.V + ": " + info[0]
		}
		info = append(info, fmt.Sprintf("threshold %d, exit %s", t.Threshold.V, t.Exit.OrDash()))
		b.Symbol(compiler.KindTraversal, t.ID).Info = info
	}
	for _, sym := range b.All() {
		if sym.Kind == compiler.KindFlag {
			sym.Info = flagInfo(sym)
		}
	}
	return b.Done()
}

// blockInfo: coordinates, kind, terrain, box, one-way sides and exits (K-28, K-32) of a block; and
// the blocks a route may step to from it.
func blockInfo(x *Index, bl *Block) (info, adjacent []string) {
	head := "block"
	if bl.AtOK {
		head = fmt.Sprintf("block at [%d, %d]", bl.At[0], bl.At[1])
	}
	var what []string
	for _, s := range []Str{bl.Name, bl.Kind, bl.Terrain} {
		if s.OK && s.Set {
			what = append(what, s.V)
		}
	}
	if len(what) > 0 {
		head += ": " + strings.Join(what, ", ")
	}
	info = append(info, head)
	if bl.Box.OK {
		info = append(info, "in hidden box "+bl.Box.V+" (K-31)")
	}
	if bl.Dark {
		info = append(info, "dark (K-59)")
	}
	if len(bl.EnterFrom) > 0 {
		var sides []string
		for _, d := range bl.EnterFrom {
			sides = append(sides, d.String())
		}
		info = append(info, "one-way: entered only from the "+strings.Join(sides, ", ")+" (K-32)")
	}
	var exits []string
	for _, d := range plan.Dirs {
		n := x.Neighbour(bl, d)
		if n == nil {
			continue
		}
		if n.Enterable(d.Opposite()) {
			exits = append(exits, fmt.Sprintf("%s %s", d, n.ID))
			adjacent = append(adjacent, n.ID)
		} else {
			exits = append(exits, fmt.Sprintf("%s %s (closed: one-way)", d, n.ID))
		}
	}
	if len(exits) == 0 {
		exits = []string{"none"}
	}
	info = append(info, "exits: "+strings.Join(exits, ", "))
	return info, adjacent
}

// armyInfo: side, strength and the route with the day each step is reached (K-22: each start
// phase moves an army speed steps, 1 by default; route[0] is where it stands before day 1, and it
// holds at the end of its route).
func armyInfo(a *Army) []string {
	head := a.Side.OrDash() + " army"
	if a.Name.OK {
		head += " " + a.Name.V
	}
	if a.Strength.OK {
		head += fmt.Sprintf(", strength %d", a.Strength.V)
	}
	info := []string{head}
	speed := 1
	if a.Speed.OK && a.Speed.V > 0 {
		speed = a.Speed.V
	}
	if len(a.Route) > 0 {
		var steps []string
		for i, r := range a.Route {
			if i == 0 {
				steps = append(steps, "start "+r.V)
				continue
			}
			steps = append(steps, fmt.Sprintf("day %d %s", (i+speed-1)/speed, r.V))
		}
		info = append(info, "route: "+strings.Join(steps, ", ")+", then holds (K-22)")
		if speed > 1 {
			info = append(info, fmt.Sprintf("speed %d steps a day", speed))
		}
	}
	if a.Reserve {
		info = append(info, "reserve: not on the field until spawned")
	}
	if a.Encounter.OK {
		info = append(info, "the party fights encounter "+a.Encounter.V)
	}
	return info
}

// routeFigures are the days an army reaches each step of its route after the first (where it
// starts), for inlay hints: K-22, an army moves speed blocks (default 1) a day along its route, so
// step i is reached on day ceil(i / speed), as armyInfo says.
func routeFigures(a *Army) []compiler.Figure {
	speed := 1
	if a.Speed.OK && a.Speed.V > 0 {
		speed = a.Speed.V
	}
	var out []compiler.Figure
	for i, r := range a.Route {
		if i > 0 && r.Pos.Line > 0 {
			out = append(out, compiler.Figure{Pos: r.Pos, Label: fmt.Sprintf("day %d", (i+speed-1)/speed)})
		}
	}
	return out
}

// meetingFigures forecasts the armies alone up to the day limit (Forecast: K-22 movement, K-24
// strength battles, stopping at a friendly army's destruction, K-25) and gives each army that
// meets another a figure at the route step where it stands that day: "meets raiders on day 4
// (30 vs 40)", its strength first. The party's own moves are the players' and are not forecast
// (as sortie graph's forecast): only meetings of armies are shown. None without a day limit or
// with a route step that names no block.
func meetingFigures(s *Scenario, blocks map[string]*Block) map[*Army][]compiler.Figure {
	if !s.DayLimit.OK {
		return nil
	}
	out := map[*Army][]compiler.Figure{}
	add := func(a, other *Army, step, day, mine, theirs int) {
		if p := a.Route[step].Pos; p.Line > 0 {
			out[a] = append(out[a], compiler.Figure{Pos: p, Label: fmt.Sprintf("meets %s on day %d (%d vs %d)", other.ID, day, mine, theirs)})
		}
	}
	for _, m := range Forecast(s, blocks, s.DayLimit.V) {
		add(m.Friendly, m.Enemy, m.FriendlyStep, m.Day, m.FriendlyStr, m.EnemyStr)
		add(m.Enemy, m.Friendly, m.EnemyStep, m.Day, m.EnemyStr, m.FriendlyStr)
	}
	return out
}

// joinFigures adds each meeting to the route figure at the same place ("day 4 · meets militia on
// day 4 (40 vs 30)"), or as a figure of its own where there is none (a route's start).
func joinFigures(route, meets []compiler.Figure) []compiler.Figure {
	for _, m := range meets {
		joined := false
		for i := range route {
			if route[i].Pos == m.Pos {
				route[i].Label += " · " + m.Label
				joined = true
				break
			}
		}
		if !joined {
			route = append(route, m)
		}
	}
	return route
}

func encounterInfo(e *Encounter) []string {
	head := "encounter"
	if e.Title.OK {
		head += " " + e.Title.V
	}
	var ms []string
	for _, m := range e.Monsters {
		s := m.Name
		if m.Count > 1 {
			s = fmt.Sprintf("%d× %s", m.Count, m.Name)
		}
		s += fmt.Sprintf(" (level %d", m.Level)
		if m.Leader {
			s += ", leader"
		}
		if m.Named {
			s += ", named"
		}
		ms = append(ms, s+")")
	}
	info := []string{head}
	if len(ms) > 0 {
		info = append(info, "monsters: "+strings.Join(ms, ", "))
	}
	return info
}

func eventInfo(e *Event) []string {
	var on []string
	if e.Enter.OK {
		on = append(on, "when the party enters "+e.Enter.V)
	}
	if e.Day.OK && e.Day.Set {
		on = append(on, fmt.Sprintf("at the start of day %d", e.Day.V))
	}
	head := "event (K-33)"
	if len(on) > 0 {
		head += " " + strings.Join(on, " or ")
	}
	if e.Once {
		head += ", once"
	}
	info := []string{head}
	if e.If != nil {
		info = append(info, "only if its condition holds")
	}
	info = append(info, fmt.Sprintf("%d actions", len(e.Do)))
	return info
}

func flagInfo(s *compiler.Symbol) []string {
	var set, read []string
	for _, o := range s.Occurrences {
		if o.Decl {
			set = append(set, o.Field)
		} else {
			read = append(read, o.Field)
		}
	}
	info := []string{"flag"}
	if len(set) > 0 {
		info = append(info, "set by "+strings.Join(set, ", "))
	} else {
		info = append(info, "never set (E002)")
	}
	if len(read) > 0 {
		info = append(info, "read or cleared by "+strings.Join(read, ", "))
	}
	return info
}
