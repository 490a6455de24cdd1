package plandiff

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/forecast"
	"github.com/sortie-rpg/sortie/compiler/karzoral"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Forecast describes how the armies' forecast changed (package forecast: the armies alone, as if
// the party did nothing): where each army starts, the day it first reaches each block or hex,
// the strength battles (K-24) or meetings (P-14), and a K-25 failure. One line each, e.g. "army
// boggardWarband reaches 09 on day 3, was day 5"; nil when nothing changed.
func Forecast(old, new *plan.Plan) []string {
	fa, fb := forecast.Of(old), forecast.Of(new)
	oname, nname := placeName(old), placeName(new)
	var out []string
	byID := map[string]*forecast.Army{}
	for i := range fa.Armies {
		byID[fa.Armies[i].ID] = &fa.Armies[i]
	}
	for i := range fb.Armies {
		b := &fb.Armies[i]
		a := byID[b.ID]
		if a == nil {
			continue // a new army: the entity changes say so
		}
		if oname(a.At[0]) != nname(b.At[0]) {
			out = append(out, fmt.Sprintf("army %s starts at %s, was at %s", b.ID, nname(b.At[0]), oname(a.At[0])))
		}
		// First arrival at each place, by name, in the order of the new route then the old.
		first := func(at []int, name func(int) string) (map[string]int, []string) {
			m := map[string]int{}
			var order []string
			for d, p := range at {
				if _, ok := m[name(p)]; !ok {
					m[name(p)] = d
					order = append(order, name(p))
				}
			}
			return m, order
		}
		da, oa := first(a.At, oname)
		db, ob := first(b.At, nname)
		for _, place := range ob {
			if db[place] == 0 {
				continue // the start, above
			}
			switch d, ok := da[place]; {
			case !ok:
				out = append(out, fmt.Sprintf("army %s now reaches %s on day %d", b.ID, place, db[place]))
			case d != db[place]:
				out = append(out, fmt.Sprintf("army %s reaches %s on day %d, was day %d", b.ID, place, db[place], d))
			}
		}
		for _, place := range oa {
			if _, ok := db[place]; !ok && da[place] > 0 {
				out = append(out, fmt.Sprintf("army %s no longer reaches %s (was day %d)", b.ID, place, da[place]))
			}
		}
	}
	type key struct {
		day             int
		place, fri, ene string
	}
	meets := func(f *forecast.Forecast, name func(int) string) (map[key]forecast.Meeting, []key) {
		m := map[key]forecast.Meeting{}
		var order []key
		for _, x := range f.Meetings {
			k := key{x.Day, name(x.Place), x.Friendly, x.Enemy}
			m[k] = x
			order = append(order, k)
		}
		return m, order
	}
	ma, ka := meets(fa, oname)
	mb, kb := meets(fb, nname)
	for _, k := range kb {
		b := mb[k]
		a, ok := ma[k]
		switch {
		case !ok:
			out = append(out, "new battle: "+meeting(b, k.place, new.Pathfinder != nil))
		case a.FriendlyStr != b.FriendlyStr || a.EnemyStr != b.EnemyStr || a.Fails != b.Fails:
			out = append(out, fmt.Sprintf("%s, was %d vs %d%s", meeting(b, k.place, false), a.FriendlyStr, a.EnemyStr, failNote(a.Fails)))
		}
	}
	for _, k := range ka {
		if _, ok := mb[k]; !ok {
			out = append(out, "no longer: "+meeting(ma[k], k.place, old.Pathfinder != nil))
		}
	}
	switch {
	case fa.FailDay > 0 && fb.FailDay == 0:
		out = append(out, fmt.Sprintf("the forecast no longer fails (it failed on day %d, K-25)", fa.FailDay))
	case fa.FailDay == 0 && fb.FailDay > 0:
		out = append(out, fmt.Sprintf("the forecast now fails on day %d (K-25)", fb.FailDay))
	case fa.FailDay != fb.FailDay:
		out = append(out, fmt.Sprintf("the forecast fails on day %d, was day %d (K-25)", fb.FailDay, fa.FailDay))
	}
	return out
}

func meeting(m forecast.Meeting, place string, pf bool) string {
	if pf {
		return fmt.Sprintf("day %d at %s: %s meets %s", m.Day, place, m.Friendly, m.Enemy)
	}
	return fmt.Sprintf("day %d at %s: %s %d vs %s %d%s", m.Day, place, m.Friendly, m.FriendlyStr, m.Enemy, m.EnemyStr, failNote(m.Fails))
}

func failNote(fails bool) string {
	if fails {
		return " (the friendly army is wiped out, K-25)"
	}
	return ""
}

// placeName names a block (Karzoral) or hex (Pathfinder) index of p.
func placeName(p *plan.Plan) func(int) string {
	return func(i int) string {
		if p.Pathfinder != nil {
			if i >= 0 && i < len(p.Pathfinder.Hexes) {
				return p.Pathfinder.Hexes[i].ID
			}
			return "?"
		}
		if i >= 0 && i < len(p.Field.Blocks) {
			return p.Field.Blocks[i].ID
		}
		return "?"
	}
}

// Reach describes how the party's reach changed on a Karzoral field: blocks that became
// reachable or unreachable from its start, and for every event and objective on entering a
// block, the first day it can happen (K-28: one move a day, K-41: one more by forced march, so
// ceil(moves / 2); one-way entry K-32), e.g. "event supplyCache can fire from day 2, was day 3"
// or "event supplyCache is now unreachable". Nil for Pathfinder plans and when nothing changed.
func Reach(old, new *plan.Plan) []string {
	if old.Pathfinder != nil || new.Pathfinder != nil {
		return nil
	}
	da, db := moves(old), moves(new)
	var out []string
	for _, b := range new.Field.Blocks {
		ma, inOld := da[b.ID]
		mb, ok := db[b.ID]
		_, existed := blockIndex(old, b.ID)
		switch {
		case !existed && ok:
			// A new block next to a reachable one (it said "reach (no change)").
			out = append(out, fmt.Sprintf("block %s is new and reachable from the party's start (%d moves)", b.ID, mb))
		case !existed:
			out = append(out, fmt.Sprintf("block %s is new and unreachable from the party's start", b.ID))
		case inOld && !ok:
			out = append(out, fmt.Sprintf("block %s is now unreachable from the party's start (was %d moves)", b.ID, ma))
		case !inOld && ok:
			out = append(out, fmt.Sprintf("block %s is now reachable (%d moves)", b.ID, mb))
		}
	}
	for _, b := range old.Field.Blocks {
		// A reachable block removed is one the party can no longer reach (it said "(no
		// change)": only the new version's blocks were read). An unreachable one removed changes
		// no reach: the entity changes say it is gone.
		if _, kept := blockIndex(new, b.ID); !kept {
			if ma, ok := da[b.ID]; ok {
				out = append(out, fmt.Sprintf("block %s was reachable from the party's start (%d moves) and is removed", b.ID, ma))
			}
		}
	}
	type target struct{ what, block string }
	targets := func(p *plan.Plan) ([]target, map[string]string) {
		var ts []target
		m := map[string]string{}
		for _, e := range p.Events {
			if e.On.Kind == plan.OnEnter && e.On.Block >= 0 && e.On.Block < len(p.Field.Blocks) {
				t := target{"event " + e.ID, p.Field.Blocks[e.On.Block].ID}
				ts, m[t.what] = append(ts, t), t.block
			}
		}
		for _, o := range p.Objectives {
			for _, b := range atBlocks(&o.When) {
				if b >= 0 && b < len(p.Field.Blocks) {
					t := target{"objective " + o.ID, p.Field.Blocks[b].ID}
					ts, m[t.what] = append(ts, t), t.block
				}
			}
		}
		return ts, m
	}
	_, oldAt := targets(old)
	ts, _ := targets(new)
	verb := func(what string) string {
		if what[0] == 'e' {
			return "can fire"
		}
		return "can be met"
	}
	for _, t := range ts {
		ob, had := oldAt[t.what]
		if !had {
			continue // a new event or objective: the entity changes say so
		}
		ma, okA := da[ob]
		mb, okB := db[t.block]
		switch {
		case okA && !okB:
			out = append(out, fmt.Sprintf("%s is now unreachable (block %s)", t.what, t.block))
		case !okA && okB:
			out = append(out, fmt.Sprintf("%s is now reachable: %s from day %d", t.what, verb(t.what), karzoral.MinDays(mb)))
		case okA && okB && karzoral.MinDays(ma) != karzoral.MinDays(mb):
			out = append(out, fmt.Sprintf("%s %s from day %d, was day %d (block %s: %d moves, was %d)", t.what, verb(t.what), karzoral.MinDays(mb), karzoral.MinDays(ma), t.block, mb, ma))
		}
	}
	return out
}

// atBlocks returns the blocks an objective's when requires the party to be in.
func atBlocks(c *plan.Cond) []int {
	switch c.Op {
	case plan.CondAt:
		return []int{c.Block}
	case plan.CondAll:
		var out []int
		for i := range c.Args {
			out = append(out, atBlocks(&c.Args[i])...)
		}
		return out
	}
	return nil
}

func blockIndex(p *plan.Plan, id string) (int, bool) {
	for i, b := range p.Field.Blocks {
		if b.ID == id {
			return i, true
		}
	}
	return -1, false
}

// moves is the fewest moves from the party's start to each reachable block (K-28: orthogonal
// moves, each block and footprint one move, K-29; K-32: only through open exits), by block id.
func moves(p *plan.Plan) map[string]int {
	out := map[string]int{}
	n := len(p.Field.Blocks)
	if p.Party.Start < 0 || p.Party.Start >= n {
		return out
	}
	dist := make([]int, n)
	for i := range dist {
		dist[i] = -1
	}
	dist[p.Party.Start] = 0
	queue := []int{p.Party.Start}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, ex := range p.Field.Blocks[b].Exits {
			if ex.Open && ex.To >= 0 && ex.To < n && dist[ex.To] < 0 {
				dist[ex.To] = dist[b] + 1
				queue = append(queue, ex.To)
			}
		}
	}
	for i, d := range dist {
		if d >= 0 {
			out[p.Field.Blocks[i].ID] = d
		}
	}
	return out
}
