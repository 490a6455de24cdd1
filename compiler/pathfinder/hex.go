package pathfinder

import (
	"fmt"
	"sort"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
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
func (c *pfc) scenario(n compiler.Node) *plan.Plan {
	dc := c.dc
	p := &plan.Plan{Format: plan.Format, Version: plan.Version, NightRaid: -1,
		Scenario: plan.Meta{ID: dc.Str(n.Get("id")).V, Title: dc.Str(n.Get("title")).V,
			Rules: dc.Str(n.Get("rules")).V, Version: dc.Int(n.Get("version")).V},
		DayLimit: dc.Int(n.Get("days").Get("limit")).V}
	c.options(n.Get("options"))
	pf := &plan.Pathfinder{Options: c.opts}
	p.Pathfinder = pf
	p.Field.Grid = "hex" // the hexes are in p.Pathfinder

	// Hexes in source order; H001 for a shared coordinate.
	hexIdx := map[string]int{}
	var hexIDs []string
	at := map[[2]int]string{}
	n.Get("field").Get("hexes").Fields(func(id string, hn compiler.Node) {
		h := plan.Hex{ID: id, Name: dc.Str(hn.Get("name")).V, Terrain: dc.Str(hn.Get("terrain")).V, Difficult: dc.Bool(hn.Get("difficult")),
			Fortification: dc.Int(hn.Get("fortification")).V, AdvantageousTerrain: dc.Bool(hn.Get("advantageousTerrain")),
			FortKind:   dc.Str(hn.Get("fortificationKind")).V,
			Conditions: c.conditions(hn.Get("conditions")), Reserve: dc.Str(hn.Get("reserve")).V}
		coords := hn.Get("at")
		okAt := true
		coords.Elems(func(i int, e compiler.Node) {
			v := dc.Int(e)
			if i < 2 && v.OK {
				h.At[i] = v.V
			} else {
				okAt = false
			}
		})
		if okAt && coords.Exists() {
			if other, dup := at[h.At]; dup {
				c.report(dc.Pos(coords), codeHexCoord, "hex %s is at [%d, %d], where hex %s already is", id, h.At[0], h.At[1], other)
			} else {
				at[h.At] = id
			}
		}
		if h.Fortification < 0 {
			c.report(dc.Pos(hn.Get("fortification")), codeBattleValue, "hex %s: fortification %d is negative", id, h.Fortification)
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
	hexRef := func(s compiler.Str, what string) (int, bool) {
		if !s.OK {
			return -1, false
		}
		i, ok := hexIdx[s.V]
		if !ok {
			c.report(s.Pos, "R001", "%s: no hex %q in the field%s", what, s.V, dym(s.V, hexIDs))
			return -1, false
		}
		return i, true
	}

	// Kingdoms.
	k := n.Get("kingdoms")
	for side, name := range []string{"friendly", "enemy"} {
		kn := k.Get(name)
		if !kn.Exists() {
			continue
		}
		pf.Kingdoms[side] = &plan.Kingdom{Name: dc.Str(kn.Get("name")).V, Economy: dc.Int(kn.Get("economy")).V,
			Loyalty: dc.Int(kn.Get("loyalty")).V, Stability: dc.Int(kn.Get("stability")).V,
			ControlDC: dc.Int(kn.Get("controlDC")).V, TurnDays: dc.Int(kn.Get("turnDays")).V}
		if t := dc.Int(kn.Get("treasury")); t.Set && t.OK {
			pf.Kingdoms[side].Upkeep, pf.Kingdoms[side].Treasury = true, t.V
			pf.Kingdoms[side].Income = dc.Int(kn.Get("income")).V
		} else if t.Set {
			c.badTreasury[side] = true // the schema reported it (S002); its orders are not judged on it
		}
		c.kingdomBuildings(kn, pf.Kingdoms[side]) // pathfinder_trade.go
	}

	// Armies, sorted by ID.
	type armyNode struct {
		id string
		n  compiler.Node
	}
	var ans []armyNode
	n.Get("armies").Fields(func(id string, an compiler.Node) { ans = append(ans, armyNode{id, an}) })
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
		if dc.Str(an.Get("side")).V == "enemy" {
			a.Side = plan.Enemy
		}
		in, ok := c.army(id, an)
		derived := false // an army whose statistics failed (reported) has no speed to warn about
		if ok {
			if st, sok := c.checkArmy(id, an, &in); sok {
				a.Stats = pfarmy.BlockOf(&st, boonCount(&in))
				derived = true
			}
		}
		a.Army = pfarmy.InputOf(&in)
		startOK := false
		a.Start, startOK = hexRef(dc.Str(an.Get("start")), "army "+id+" start")
		prev := a.Start
		a.Route = []int{}
		an.Get("route").Elems(func(i int, e compiler.Node) {
			s := dc.Str(e)
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
		if len(a.Route) > 0 && a.Stats.Speed == 0 && derived {
			c.report(dc.Label(an.Get("route")), codeNoSpeed, "army %s has a route but no speed: it never moves", id)
		}
		if startOK {
			s := starts[a.Start]
			s[a.Side] = append(s[a.Side], id)
			starts[a.Start] = s
			if len(s[1-a.Side]) > 0 && len(s[a.Side]) == 1 {
				c.report(dc.Pos(an.Get("start")), codeSharedStart, "army %s starts in hex %s with hostile army %s: they fight before anything moves (P-14)",
					id, hexIDs[a.Start], s[1-a.Side][0])
			}
		}
		armyIdx[id] = len(pf.Armies)
		pf.Armies = append(pf.Armies, a)
	}

	c.orders(n.Get("orders"), pf, p.DayLimit, armyIdx, armyIDs, hexRef)

	// Objectives, in source order.
	success := false
	objs := n.Get("objectives")
	objs.Fields(func(id string, on compiler.Node) {
		o := plan.PFObjective{ID: id, Outcome: dc.Str(on.Get("outcome")).V, Say: dc.Str(on.Get("say")).V}
		success = success || o.Outcome == "success"
		armyRef := func(s compiler.Str, what string) (int, bool) { return c.armyRef(s, what, armyIdx, armyIDs) }
		on.Get("defeat").Elems(func(i int, e compiler.Node) {
			if a, ok := armyRef(dc.Str(e), "objective "+id+" defeat"); ok {
				o.Defeat = append(o.Defeat, a)
			}
		})
		if r := on.Get("reach"); r.Exists() {
			a, aok := armyRef(dc.Str(r.Get("army")), "objective "+id+" reach")
			h, hok := hexRef(dc.Str(r.Get("hex")), "objective "+id+" reach")
			if aok && hok {
				o.Reach = &[2]int{a, h}
			}
		}
		if !on.Get("defeat").Exists() && !on.Get("reach").Exists() {
			c.report(dc.Label(on), codeBattleValue, "objective %s has neither defeat nor reach: it can never be met", id)
		}
		pf.Objectives = append(pf.Objectives, o)
	})
	if !success {
		pos := c.root
		if objs.Exists() {
			pos = dc.Label(objs)
		}
		c.report(pos, "O001", "no objective has outcome \"success\": the scenario can only be lost")
	}
	return p
}

// armyRef looks an army up by the id written in s, reporting an unknown one (with a suggestion).
func (c *pfc) armyRef(s compiler.Str, what string, armyIdx map[string]int, armyIDs []string) (int, bool) {
	if !s.OK {
		return -1, false
	}
	i, ok := armyIdx[s.V]
	if !ok {
		c.report(s.Pos, "R001", "%s: no army %q%s", what, s.V, dym(s.V, armyIDs))
	}
	return i, ok
}

// dym is "; did you mean X?" for the nearest candidate, or "".
func dym(s string, candidates []string) string {
	if m := diag.DidYouMean(s, candidates); m != "" {
		return "; " + m
	}
	return ""
}
