package compiler

import (
	"fmt"
	"sort"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// Hex-field scenarios (kind: "scenario", rules: "pathfinder"): the hexes, armies, routes, orders and
// objectives read, checked (H001..H006) and lowered to the plan.

// hexNeighbour reports whether axial coordinates a and b are neighbours (P-12: one hex step).
func hexNeighbour(a, b [2]int) bool {
	for _, d := range plan.HexDirs {
		if a[0]+d[0] == b[0] && a[1]+d[1] == b[1] {
			return true
		}
	}
	return false
}

// scenario reads, checks and lowers a hex-field scenario.
func (c *pfc) scenario(n node) *plan.Plan {
	dc := c.dc
	p := &plan.Plan{Format: plan.Format, Version: plan.Version, NightRaid: -1,
		Scenario: plan.Meta{ID: dc.str(n.get("id")).V, Title: dc.str(n.get("title")).V,
			Rules: dc.str(n.get("rules")).V, Version: dc.int(n.get("version")).V},
		DayLimit: dc.int(n.get("days").get("limit")).V}
	c.options(n.get("options"))
	pf := &plan.Pathfinder{Options: c.opts}
	p.Pathfinder = pf
	p.Field.Grid = "hex" // the hexes are in p.Pathfinder

	// Hexes in source order; H001 for a shared coordinate.
	hexIdx := map[string]int{}
	var hexIDs []string
	at := map[[2]int]string{}
	n.get("field").get("hexes").fields(func(id string, hn node) {
		h := plan.Hex{ID: id, Name: dc.str(hn.get("name")).V, Terrain: dc.str(hn.get("terrain")).V, Difficult: dc.bool(hn.get("difficult")),
			Fortification: dc.int(hn.get("fortification")).V, AdvantageousTerrain: dc.bool(hn.get("advantageousTerrain")),
			FortKind:   dc.str(hn.get("fortificationKind")).V,
			Conditions: c.conditions(hn.get("conditions")), Reserve: dc.str(hn.get("reserve")).V}
		coords := hn.get("at")
		okAt := true
		coords.elems(func(i int, e node) {
			v := dc.int(e)
			if i < 2 && v.OK {
				h.At[i] = v.V
			} else {
				okAt = false
			}
		})
		if okAt && coords.exists() {
			if other, dup := at[h.At]; dup {
				c.report(dc.pos(coords), codeHexCoord, "hex %s is at [%d, %d], where hex %s already is", id, h.At[0], h.At[1], other)
			} else {
				at[h.At] = id
			}
		}
		if h.Fortification < 0 {
			c.report(dc.pos(hn.get("fortification")), codeBattleValue, "hex %s: fortification %d is negative", id, h.Fortification)
		}
		hexIdx[id] = len(pf.Hexes)
		hexIDs = append(hexIDs, id)
		pf.Hexes = append(pf.Hexes, h)
	})
	for i := range pf.Hexes {
		h := &pf.Hexes[i]
		h.Neighbours = []int{}
		for _, d := range plan.HexDirs {
			if id, ok := at[[2]int{h.At[0] + d[0], h.At[1] + d[1]}]; ok {
				h.Neighbours = append(h.Neighbours, hexIdx[id])
			}
		}
	}
	hexRef := func(s Str, what string) (int, bool) {
		if !s.OK {
			return -1, false
		}
		i, ok := hexIdx[s.V]
		if !ok {
			c.report(s.Pos, codeUnknownID, "%s: no hex %q in the field%s", what, s.V, dym(s.V, hexIDs))
			return -1, false
		}
		return i, true
	}

	// Kingdoms.
	k := n.get("kingdoms")
	for side, name := range []string{"friendly", "enemy"} {
		kn := k.get(name)
		if !kn.exists() {
			continue
		}
		pf.Kingdoms[side] = &plan.Kingdom{Name: dc.str(kn.get("name")).V, Economy: dc.int(kn.get("economy")).V,
			Loyalty: dc.int(kn.get("loyalty")).V, Stability: dc.int(kn.get("stability")).V,
			ControlDC: dc.int(kn.get("controlDC")).V, TurnDays: dc.int(kn.get("turnDays")).V}
		if t := dc.int(kn.get("treasury")); t.Set && t.OK {
			pf.Kingdoms[side].Upkeep, pf.Kingdoms[side].Treasury = true, t.V
			pf.Kingdoms[side].Income = dc.int(kn.get("income")).V
		}
		c.kingdomBuildings(kn, pf.Kingdoms[side]) // pathfinder_trade.go
	}

	// Armies, sorted by ID.
	type armyNode struct {
		id string
		n  node
	}
	var ans []armyNode
	n.get("armies").fields(func(id string, an node) { ans = append(ans, armyNode{id, an}) })
	sort.Slice(ans, func(i, j int) bool { return ans[i].id < ans[j].id })
	armyIdx := map[string]int{}
	var armyIDs []string
	for _, x := range ans {
		armyIDs = append(armyIDs, x.id)
	}
	starts := map[int][2][]string{}
	for _, x := range ans {
		id, an := x.id, x.n
		a := plan.PFArmy{ID: id, Start: -1}
		if dc.str(an.get("side")).V == "enemy" {
			a.Side = plan.Enemy
		}
		in, ok := c.army(id, an)
		if ok {
			if st, sok := c.checkArmy(id, an, &in); sok {
				a.Stats = pathfinder.BlockOf(&st, boonCount(&in))
			}
		}
		a.Army = pathfinder.InputOf(&in)
		startOK := false
		a.Start, startOK = hexRef(dc.str(an.get("start")), "army "+id+" start")
		prev := a.Start
		a.Route = []int{}
		an.get("route").elems(func(i int, e node) {
			s := dc.str(e)
			h, ok := hexRef(s, fmt.Sprintf("army %s route[%d]", id, i))
			if !ok {
				prev = -1
				return
			}
			if prev >= 0 && !hexNeighbour(pf.Hexes[prev].At, pf.Hexes[h].At) {
				c.report(s.Pos, codeHexStep, "army %s: route step %s [%d, %d] -> %s [%d, %d] is not to an adjacent hex",
					id, hexIDs[prev], pf.Hexes[prev].At[0], pf.Hexes[prev].At[1], s.V, pf.Hexes[h].At[0], pf.Hexes[h].At[1])
			}
			prev = h
			a.Route = append(a.Route, h)
		})
		if len(a.Route) > 0 && a.Stats.Speed == 0 && ok {
			c.report(dc.label(an.get("route")), codeNoSpeed, "army %s has a route but no speed: it never moves", id)
		}
		if startOK {
			s := starts[a.Start]
			s[a.Side] = append(s[a.Side], id)
			starts[a.Start] = s
			if len(s[1-a.Side]) > 0 && len(s[a.Side]) == 1 {
				c.report(dc.pos(an.get("start")), codeSharedStart, "army %s starts in hex %s with hostile army %s: they fight before anything moves (P-14)",
					id, hexIDs[a.Start], s[1-a.Side][0])
			}
		}
		armyIdx[id] = len(pf.Armies)
		pf.Armies = append(pf.Armies, a)
	}

	c.orders(n.get("orders"), pf, armyIdx, armyIDs, hexRef)

	// Objectives, in source order.
	success := false
	objs := n.get("objectives")
	objs.fields(func(id string, on node) {
		o := plan.PFObjective{ID: id, Outcome: dc.str(on.get("outcome")).V, Say: dc.str(on.get("say")).V}
		success = success || o.Outcome == "success"
		armyRef := func(s Str, what string) (int, bool) { return c.armyRef(s, what, armyIdx, armyIDs) }
		on.get("defeat").elems(func(i int, e node) {
			if a, ok := armyRef(dc.str(e), "objective "+id+" defeat"); ok {
				o.Defeat = append(o.Defeat, a)
			}
		})
		if r := on.get("reach"); r.exists() {
			a, aok := armyRef(dc.str(r.get("army")), "objective "+id+" reach")
			h, hok := hexRef(dc.str(r.get("hex")), "objective "+id+" reach")
			if aok && hok {
				o.Reach = &[2]int{a, h}
			}
		}
		if !on.get("defeat").exists() && !on.get("reach").exists() {
			c.report(dc.label(on), codeBattleValue, "objective %s has neither defeat nor reach: it can never be met", id)
		}
		pf.Objectives = append(pf.Objectives, o)
	})
	if !success {
		pos := c.root
		if objs.exists() {
			pos = dc.label(objs)
		}
		c.report(pos, codeNoSuccess, "no objective has outcome \"success\": the scenario can only be lost")
	}
	return p
}

// armyRef looks an army up by the id written in s, reporting an unknown one (with a suggestion).
func (c *pfc) armyRef(s Str, what string, armyIdx map[string]int, armyIDs []string) (int, bool) {
	if !s.OK {
		return -1, false
	}
	i, ok := armyIdx[s.V]
	if !ok {
		c.report(s.Pos, codeUnknownID, "%s: no army %q%s", what, s.V, dym(s.V, armyIDs))
	}
	return i, ok
}

// dym is "; did you mean X?" for the nearest candidate, or "".
func dym(s string, candidates []string) string {
	if m := didYouMean(s, candidates); m != "" {
		return "; " + m
	}
	return ""
}
