package pathfinder

import (
	"fmt"
	"slices"
	"sort"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// A Pathfinder scenario's orders (Ultimate Campaign, Optional Mass Combat Rules: Combining Armies,
// Splitting an Army, Reserve Army, Reforming an Army): checked here (H006) and lowered into
// plan.PFOrder; the armies a
// split or a combination forms become plan armies of their own (PFArmy.Formed), so that routes and
// objectives can name them.

const codeBadOrder = "H006"

// codeLateOrder is an order dated after the scenario's last day (issue 24 review: day 99 of a
// 21-day scenario vetted clean, and the order never ran).
const codeLateOrder = "H008"

var _ = registerPFOrderCode() // in the catalogue before any init function runs

func registerPFOrderCode() bool {
	diag.Register(diag.CodeInfo{Code: codeBadOrder, Title: "army order that cannot be carried out", Severity: diag.Error, Doc: `An order of a Pathfinder scenario (orders:) must do one thing the optional mass combat rules
allow: split an army into two one size smaller (into: two new ids; not a Fine army), combine two
armies of the same type and size into one a size larger (into: one new id; not Colossal armies),
put an army in reserve (not Gargantuan or Colossal: they must stay deployed), activate a reserve
army, or reform a wounded army into one a size smaller (reform: the army's id; not a Fine army, nor
one whose smaller self would fall below ACR 1/8). New ids must not be taken; keep names one of the
combined armies; routes belong to the new armies.

Reforming an Army (Ultimate Campaign): "At any time outside of combat, you can reform a wounded
army (at half hit points or fewer) into an army one size smaller with full hit points." The army
keeps its id, tactics, boons, resources and commander; what depends on its size (ACR, hp, OM, DV,
consumption, resource upkeep) is worked out again, and "The army reduces its Morale by 1". Orders
run at the start of a day, before any battle. On the day, an army above half its hp, or gone, is
reported and not reformed.

Bad:
    orders: [{day: 3, split: "militia", combine: ["a", "b"]}]    // two things at once
    orders: [{day: 3, split: "militia", into: ["m1"]}]          // a split makes two armies

Fix:
    orders: [{day: 3, split: "militia", into: ["m1", "m2"], routes: {m2: ["ford"]}}]`})
	diag.Register(diag.CodeInfo{Code: codeLateOrder, Title: "order after the scenario's last day", Severity: diag.Warning, Doc: `An order of a Pathfinder scenario (orders:) is dated after the last day the scenario plays
(days: limit:): orders run at the start of their day, so this one is never carried out. A
mistyped day is the usual cause. A warning: the scenario still runs.

Bad:
    days: limit: 21
    orders: [{day: 99, buy: "knights", resources: weapons: "improved"}]

Fix:
    orders: [{day: 9, buy: "knights", resources: weapons: "improved"}]`})
	return true
}

// orders reads, checks and lowers the orders; the armies they form are added to pf.Armies and to
// armyIdx, so that the objectives read after may name them.
//
// An order dated after dayLimit (the scenario's days: limit:, 0 for none) is an H008 warning at its
// day.
func (c *pfc) orders(list compiler.Node, pf *plan.Pathfinder, dayLimit int, armyIdx map[string]int, armyIDs []string, hexRef func(compiler.Str, string) (int, bool)) {
	if !list.Exists() {
		return
	}
	dc := c.dc
	type read struct {
		o   plan.PFOrder
		pos int
	}
	var out []read
	reforms := map[int]int{} // army -> reform orders read so far: each makes it a size smaller
	list.Elems(func(i int, on compiler.Node) {
		what := fmt.Sprintf("orders[%d]", i)
		pos := dc.Label(on)
		if !pos.IsValid() {
			pos = dc.Pos(on)
		}
		bad := func(format string, args ...any) {
			c.report(pos, codeBadOrder, what+": "+format, args...)
		}
		o := plan.PFOrder{Day: dc.Int(on.Get("day")).V}
		if dayLimit > 0 && o.Day > dayLimit {
			c.report(dc.Pos(on.Get("day")), codeLateOrder, "%s: day %d is after the scenario's last day (days: limit: %d): the order is never carried out", what, o.Day, dayLimit)
		}
		var kinds []string
		for _, k := range []string{"split", "combine", "reserve", "activate", "buy", "sell", "transfer", "reform"} {
			if on.Get(k).Exists() {
				kinds = append(kinds, k)
			}
		}
		if len(kinds) != 1 {
			bad("an order does one of split, combine, reserve, activate, buy, sell, transfer or reform; this one has %d", len(kinds))
			return
		}
		o.Kind = kinds[0]
		ref := func(s compiler.Str) (int, bool) { return c.armyRef(s, what, armyIdx, armyIDs) }
		var intoIDs []string
		on.Get("into").Elems(func(_ int, e compiler.Node) {
			if s := dc.Str(e); s.OK {
				intoIDs = append(intoIDs, s.V)
			}
		})
		newID := func(id string) bool {
			if _, taken := armyIdx[id]; taken {
				bad("army %q already exists: a new army needs a new id", id)
				return false
			}
			return true
		}
		switch o.Kind {
		case "buy", "sell", "transfer": // pathfinder_trade.go (H007)
			if !c.trade(on, &o, pf, ref, bad) {
				return
			}
		case "reform":
			a, ok := ref(dc.Str(on.Get("reform")))
			if !ok {
				return
			}
			reforms[a]++
			if !c.reformable(&pf.Armies[a], reforms[a], bad) {
				return
			}
			o.Armies = []int{a}
		case "reserve", "activate":
			a, ok := ref(dc.Str(on.Get(o.Kind)))
			if !ok {
				return
			}
			if s, _ := pfarmy.ParseSize(pf.Armies[a].Army.Size); o.Kind == "reserve" && s > pfarmy.SizeHuge {
				bad("a %s army cannot be put in reserve: it must stay deployed (Reserve Army)", s)
				return
			}
			o.Armies = []int{a}
		case "split":
			a, ok := ref(dc.Str(on.Get("split")))
			if !ok {
				return
			}
			if len(intoIDs) != 2 || intoIDs[0] == intoIDs[1] {
				bad("a split forms two armies: into: [first, second] (the first keeps the commander)")
				return
			}
			parent := &pf.Armies[a]
			for k, id := range intoIDs {
				if !newID(id) {
					return
				}
				in := parent.Army
				if k == 1 {
					in.Commander = nil
					if cm := on.Get("commander"); cm.Exists() {
						ci, cok := c.commander(id, cm)
						if !cok {
							return
						}
						pa := pfarmy.Army{Commander: ci}
						in.Commander = pfarmy.InputOf(&pa).Commander
					}
				}
				j, ok := c.formArmy(pf, parent, in, id, -1, bad)
				if !ok {
					return
				}
				armyIdx[id] = j
				o.Into = append(o.Into, j)
			}
			o.Armies = []int{a}
		case "combine":
			var two []int
			var names []string
			on.Get("combine").Elems(func(_ int, e compiler.Node) {
				s := dc.Str(e)
				if j, ok := ref(s); ok {
					two = append(two, j)
					names = append(names, s.V)
				}
			})
			if len(two) != 2 || two[0] == two[1] {
				bad("combine names two different armies")
				return
			}
			x, y := &pf.Armies[two[0]], &pf.Armies[two[1]]
			if x.Side != y.Side || x.Army.Size != y.Army.Size || x.Army.CR != y.Army.CR || x.Army.HitDie != y.Army.HitDie || x.Army.MountCR != y.Army.MountCR {
				bad("armies %s and %s are not of one side, type and size: only those combine (Combining Armies)", names[0], names[1])
				return
			}
			if len(intoIDs) != 1 {
				bad("a combination forms one army: into: [id]")
				return
			}
			if k := dc.Str(on.Get("keep")); k.OK {
				o.Keep = slices.Index(names, k.V)
				if o.Keep < 0 {
					bad("keep names one of the combined armies (%s, %s), whose commander leads", names[0], names[1])
					return
				}
			}
			if !newID(intoIDs[0]) {
				return
			}
			lead := &pf.Armies[two[o.Keep]]
			j, ok := c.formArmy(pf, lead, lead.Army, intoIDs[0], +1, bad)
			if !ok {
				return
			}
			armyIdx[intoIDs[0]] = j
			o.Armies, o.Into = two, []int{j}
		}
		// Routes of the new armies.
		on.Get("routes").Fields(func(id string, rn compiler.Node) {
			j, ok := armyIdx[id]
			if !ok || !slices.Contains(o.Into, j) {
				c.report(dc.Label(rn), codeBadOrder, "%s: routes: %q is not an army this order forms", what, id)
				return
			}
			pf.Armies[j].Route = []int{}
			prev := -1
			rn.Elems(func(k int, e compiler.Node) {
				s := dc.Str(e)
				h, ok := hexRef(s, fmt.Sprintf("%s routes.%s[%d]", what, id, k))
				if !ok {
					return
				}
				if prev >= 0 && !hexNeighbour(pf.Hexes[prev].At, pf.Hexes[h].At) {
					c.report(s.Pos, codeHexStep, "%s: route of %s: %s -> %s is not to an adjacent hex", what, id, pf.Hexes[prev].ID, s.V)
				}
				prev = h
				pf.Armies[j].Route = append(pf.Armies[j].Route, h)
			})
		})
		out = append(out, read{o, i})
	})
	sort.SliceStable(out, func(i, j int) bool { return out[i].o.Day < out[j].o.Day })
	for _, r := range out {
		pf.Orders = append(pf.Orders, r.o)
	}
}

// formArmy adds the army an order forms: in at its size moved by shift (-1 a split, +1 a
// combination), on from's side, off the map until the order. Its route is from's remaining one
// unless the order gives it one.
func (c *pfc) formArmy(pf *plan.Pathfinder, from *plan.PFArmy, in plan.ArmyInput, id string, shift int, bad func(string, ...any)) (int, bool) {
	s, err := pfarmy.ParseSize(in.Size)
	if err != nil {
		return 0, false
	}
	ns := s + pfarmy.Size(shift)
	if !ns.Valid() {
		bad("army %s is %s: it cannot be made one size %s", from.ID, s, map[int]string{-1: "smaller", 1: "larger"}[shift])
		return 0, false
	}
	in.Size = ns.String()
	in.Name = id
	a, err := pfarmy.ArmyOf(&in)
	if err != nil {
		bad("army %s: %v", id, err)
		return 0, false
	}
	st, err := pfarmy.Derive(&a, c.opt)
	if err != nil {
		bad("army %s (%s) cannot be an army: %v", id, ns, err)
		return 0, false
	}
	route := append([]int{}, from.Route...)
	pf.Armies = append(pf.Armies, plan.PFArmy{ID: id, Side: from.Side, Start: -1, Route: route, Army: in,
		Stats: pfarmy.BlockOf(&st, boonCount(&a)), Formed: true})
	return len(pf.Armies) - 1, true
}

// reformable checks that army a can be reformed n times (Reforming an Army): each time one size
// smaller, which a Fine army cannot be, and still an army (ACR 1/8 or more, P-3: "until the CR of
// its individual units is too small to actually count as an army").
func (c *pfc) reformable(a *plan.PFArmy, n int, bad func(string, ...any)) bool {
	s, err := pfarmy.ParseSize(a.Army.Size)
	if err != nil {
		return false // reported with the army
	}
	ns := s - pfarmy.Size(n)
	if !ns.Valid() {
		if n == 1 {
			bad("army %s is Fine: there is no smaller size to reform it into (Reforming an Army)", a.ID)
		} else {
			bad("army %s is %s: reformed %d times it would be smaller than Fine (Reforming an Army)", a.ID, s, n)
		}
		return false
	}
	in := a.Army
	in.Size = ns.String()
	x, err := pfarmy.ArmyOf(&in)
	if err != nil {
		return false
	}
	if _, err := pfarmy.Derive(&x, c.opt); err != nil {
		bad("army %s reformed into a %s army is no army: %v (Reforming an Army)", a.ID, ns, err)
		return false
	}
	return true
}
