package plan

import "fmt"

// Validate checks a plan's numbers against the bounds the schema puts on the sources
// (schema/scenario.cue), so that a hand-edited plan is refused exactly where a scenario would be:
// strengths and strength changes within ±100,000 (a change of 2^63-1 would overflow a strength),
// XP from 0 to 1,000,000, a day limit from 1 to 1,000, party, light, monster, PC and traversal
// numbers in range, and every route step the block before it or an orthogonal neighbour (K-22:
// an army moves one block per step; A001), entered from a side the block allows (K-32; A002). The
// compiler's plans always pass; the runner calls it on every plan it is given, and Decode on every
// plan it reads. It does not check indices (the runner does, before it plays). A Pathfinder plan's
// routes must step between neighbouring hexes (P-12, P-13; H002).
func Validate(p *Plan) error {
	if p == nil {
		return fmt.Errorf("nil plan")
	}
	v := &validator{}
	v.scenario(p)
	return v.err
}

type validator struct{ err error }

// in reports a number outside lo..hi (what names it, in the plan's terms).
func (v *validator) in(what string, n, lo, hi int) {
	if v.err == nil && (n < lo || n > hi) {
		v.err = fmt.Errorf("%s: %d is out of range %d..%d", what, n, lo, hi)
	}
}

func (v *validator) failf(format string, args ...any) {
	if v.err == nil {
		v.err = fmt.Errorf(format, args...)
	}
}

func (v *validator) scenario(p *Plan) {
	v.in("dayLimit", p.DayLimit, 1, 1000)
	if p.Pathfinder != nil {
		v.hexRoutes(p.Pathfinder)
		return
	}
	v.in("party.members", p.Party.Members, 1, 100)
	v.in("party.rations", p.Party.Rations, 0, 100000)
	v.in("party.torches", p.Party.Torches, 0, 10000)
	v.in("party.lanternOil", p.Party.LanternOil, 0, 10000)
	v.in("party.money", p.Party.Money, 0, 10000000)
	for _, it := range p.Shop {
		v.in("shop."+it.ID+".price", it.Price, 0, 10000000)
		v.in("shop."+it.ID+".rations", it.Rations, 0, 100000)
		v.in("shop."+it.ID+".torches", it.Torches, 0, 10000)
		v.in("shop."+it.ID+".oil", it.Oil, 0, 10000)
	}
	for i, pc := range p.Party.PCs {
		w := fmt.Sprintf("party.pcs[%d]", i)
		v.in(w+".level", pc.Level, 1, 20)
		v.in(w+".hp", pc.HP, 1, 1000)
		v.in(w+".agility", pc.Agility, 0, 20)
		v.in(w+".scout", pc.Scout, 0, 20)
		v.in(w+".intelligence", pc.Intelligence, 0, 20)
		v.in(w+".vitality", pc.Vitality, 0, 20)
		v.in(w+".warLeader", pc.WarLeader, 0, 20)
		v.in(w+".defense", pc.Defense, 0, 100)
	}
	v.in("nightRaidTN", p.NightRaidTN, 0, 100)
	v.in("failureXP", p.FailureXP, 0, 1000000)
	if len(p.FlagSummaries) != 0 && len(p.FlagSummaries) != len(p.Flags) {
		v.failf("flagSummaries: %d summaries for %d flags", len(p.FlagSummaries), len(p.Flags))
	}
	for _, a := range p.Armies {
		v.in("army "+a.ID+" strength", a.Strength, 0, 100000)
		v.in("army "+a.ID+" speed", a.Speed, 1, 10)
	}
	for _, e := range p.Encounters {
		for _, m := range e.Monsters {
			v.in("encounter "+e.ID+" monster "+m.Name+" level", m.Level, 1, 100)
			v.in("encounter "+e.ID+" monster "+m.Name+" count", m.Count, 1, 1000)
		}
	}
	for _, o := range p.Objectives {
		v.in("objective "+o.ID+" xp", o.XP, 0, 1000000)
	}
	for _, e := range p.Events {
		v.actions("event "+e.ID, e.Do)
		if e.On.Kind == OnDay {
			v.in("event "+e.ID+" on.day", e.On.Day, 1, 1<<31-1)
		}
	}
	for i, ep := range p.Episodes {
		v.actions(fmt.Sprintf("episode %d", i+1), ep.Do)
	}
	for _, t := range p.Traversals {
		v.in("traversal "+t.ID+" threshold", t.Threshold, 1, 1000)
		for i, f := range t.Faces {
			v.in(fmt.Sprintf("traversal %s face %d progress", t.ID, i+1), f.Progress, -1000, 1000)
			v.actions(fmt.Sprintf("traversal %s face %d", t.ID, i+1), f.Do)
		}
		v.actions("traversal "+t.ID+" complete", t.Complete)
	}
	for _, row := range p.Pursuit {
		v.in("pursuit level", row.Level, 1, 100)
	}
	v.routes(p)
}

func (v *validator) actions(where string, acts []Action) {
	for i, a := range acts {
		if a.Op == ActStrength {
			v.in(fmt.Sprintf("%s do[%d] strength change", where, i), a.Delta, -100000, 100000)
		}
	}
}

// routes checks each step of each army's route: the block it stands on (a wait) or an orthogonal
// neighbour entered from a side it allows (K-22, K-32).
func (v *validator) routes(p *Plan) {
	bs := p.Field.Blocks
	for _, a := range p.Armies {
		for k := 1; k < len(a.Route); k++ {
			from, to := a.Route[k-1], a.Route[k]
			if from < 0 || from >= len(bs) || to < 0 || to >= len(bs) || from == to {
				continue // indices are the runner's to check; a repeat is a wait
			}
			dx, dy := bs[to].At[0]-bs[from].At[0], bs[to].At[1]-bs[from].At[1]
			var dir Dir
			ok := false
			for _, d := range Dirs {
				if ddx, ddy := d.Delta(); ddx == dx && ddy == dy {
					dir, ok = d, true
				}
			}
			if !ok {
				v.failf("army %s: route step %d goes from %s %v to %s %v, not a neighbour (K-22: one block per step)", a.ID, k, bs[from].ID, bs[from].At, bs[to].ID, bs[to].At)
				return
			}
			if !enterable(&bs[to], dir.Opposite()) {
				v.failf("army %s: route step %d enters %s from the %s, which it may not be entered from (K-32)", a.ID, k, bs[to].ID, dir.Opposite())
				return
			}
		}
	}
}

func enterable(b *Block, side Dir) bool {
	if len(b.EnterFrom) == 0 {
		return true
	}
	for _, d := range b.EnterFrom {
		if d == side {
			return true
		}
	}
	return false
}

// hexRoutes checks that each step of a Pathfinder army's route, from its start, is a neighbouring
// hex (P-12, P-13).
func (v *validator) hexRoutes(pf *Pathfinder) {
	hs := pf.Hexes
	for _, a := range pf.Armies {
		prev := a.Start
		for k, h := range a.Route {
			if prev >= 0 && prev < len(hs) && h >= 0 && h < len(hs) && prev != h && !hexNeighbours(hs[prev].At, hs[h].At) {
				v.failf("army %s: route step %d goes from hex %s to hex %s, not a neighbour (P-12)", a.ID, k, hs[prev].ID, hs[h].ID)
				return
			}
			prev = h
		}
	}
}

func hexNeighbours(a, b [2]int) bool {
	for _, d := range HexDirs {
		if a[0]+d[0] == b[0] && a[1]+d[1] == b[1] {
			return true
		}
	}
	return false
}
