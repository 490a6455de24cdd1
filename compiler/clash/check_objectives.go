package clash

import (
	"fmt"
	"strings"

	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// clashObjectivesCheck checks the objectives: each is one kind with its references, it can
// score at all, and the victory points of both sides are balanced.
var clashObjectivesCheck = &clashCheck{
	Name: "clashObjectives",
	Doc: `objectives: one kind each, references, whether they can score, VP balance

An objective gives exactly one of attrition, destroy, protect and when, a custom one its vp,
each condition one test (U013); ids resolve (U012); an objective nothing of its side can ever
meet is reported (U011); the VP balance of U-70 is a warning (U010).`,
	Codes: []string{codeClashSetup, codeClashUnknown, codeClashNeverScore, codeClashBalance},
	Run:   runClashObjectives,
}

func runClashObjectives(p *clashPass) {
	for _, o := range p.b.Objectives {
		p.checkObjective(o)
	}
	p.checkBalance()
}

// objKinds lists the kinds an objective gives, in schema order.
func (o *clashObjective) kinds() []string {
	var out []string
	if o.AttritionSet {
		out = append(out, "attrition")
	}
	if o.Destroy.Set {
		out = append(out, "destroy")
	}
	if o.Protect.Set {
		out = append(out, "protect")
	}
	if o.When != nil {
		out = append(out, "when")
	}
	return out
}

func (p *clashPass) checkObjective(o *clashObjective) {
	what := "objective " + o.ID
	kinds := o.kinds()
	if len(kinds) != 1 {
		msg := "gives none of them"
		if len(kinds) > 1 {
			msg = "gives " + strings.Join(kinds, " and ")
		}
		p.reportf(o.Pos, codeClashSetup, "%s: an objective gives exactly one of attrition, destroy, protect and when; it %s", what, msg).Hint =
			"split it into one objective per way of scoring"
		return
	}
	if o.Every.Set && o.When == nil {
		p.reportf(o.Every.Pos, codeClashSetup, "%s: every applies to a custom objective (when)", what)
	}
	switch kinds[0] {
	case "attrition":
		if o.VP.Set {
			p.reportf(o.VP.Pos, codeClashSetup, "%s: attrition gives its VP per unit; vp does not apply", what).Hint = "write attrition: 2 (every enemy unit) or attrition: {orcs: 3}"
		}
		for _, e := range o.AttritionUnits {
			ui := p.idRef(e.Unit, p.units, "unit", what+" attrition")
			if ui >= 0 && o.side >= 0 && p.b.Units[ui].side == o.side {
				p.reportf(e.Unit.Pos, codeClashSetup, "%s: attrition counts enemy units, but unit %s is on side %s, which scores it", what, e.Unit.V, o.Side.V)
			}
		}
	case "destroy":
		p.idRef(o.Destroy, p.resources, "resource", what+" destroy")
		if o.VP.Set {
			p.reportf(o.VP.Pos, codeClashSetup, "%s: destroy scores the vp of each resource square; vp does not apply", what)
		}
	case "protect":
		p.idRef(o.Protect, p.resources, "resource", what+" protect")
	case "when":
		if !o.VP.Set {
			p.reportf(o.Pos, codeClashSetup, "%s: a custom objective needs vp, what it scores (U-69: usually 1-5)", what).Hint = "add vp: 2"
		}
		p.checkCond(o.When, o)
	}
	if reason := p.neverScores(o); reason != "" {
		p.reportf(o.Pos, codeClashNeverScore, "%s can never score: %s", what, reason)
	}
}

// clashCondFields are the tests of a #ClashCond, in schema order.
const clashCondFields = "all, any, not, in, eliminated, broken, down, noCommander, destroyed, round"

func (p *clashPass) checkCond(c *clashCond, o *clashObjective) {
	if c == nil || c.Unread {
		return
	}
	what := "objective " + o.ID
	if len(c.Given) != 1 {
		msg := "none"
		if len(c.Given) > 1 {
			msg = strings.Join(c.Given, " and ")
		}
		p.reportf(c.Pos, codeClashSetup, "%s: a condition gives exactly one of %s; this gives %s", what, clashCondFields, msg).Hint =
			"combine several tests with all: [...] or any: [...]"
		return
	}
	switch c.Given[0] {
	case "all":
		for _, x := range c.All {
			p.checkCond(x, o)
		}
	case "any":
		for _, x := range c.Any {
			p.checkCond(x, o)
		}
	case "not":
		p.checkCond(c.Not, o)
	case "in":
		p.idRef(c.In.Zone, p.zones, "zone", what+" in")
		if c.In.Side.Set {
			p.idRef(c.In.Side, p.sides, "side", what+" in")
		}
		if c.In.Unit.Set {
			p.idRef(c.In.Unit, p.units, "unit", what+" in")
		}
	case "eliminated", "broken", "noCommander":
		p.idRef(c.Unit, p.units, "unit", what+" "+c.Given[0])
	case "down":
		p.idRef(c.Solo, p.solos, "solo", what+" down")
	case "destroyed":
		p.idRef(c.Res, p.resources, "resource", what+" destroyed")
	}
}

// clashMember is a stand or unattached solo of a side, for what it can ever reach.
type clashMember struct {
	unit   int // index of its unit, -1 for a solo
	start  sqRect
	n      int
	cr     *clashCreature
	joined bool // a solo joined to a stand: part of it, not counted apart in a zone
}

// members lists the stands (of unit, or of every unit of side when unit < 0) and, for a side, its
// solos (joined ones from their stand's space), with a readable start and stat block.
func (p *clashPass) members(side, unit int) []clashMember {
	var out []clashMember
	for i, u := range p.b.Units {
		if unit >= 0 && i != unit || unit < 0 && u.side != side {
			continue
		}
		for _, s := range u.Stands {
			if r, n, ok := standSpace(s.Rect, s.cr); ok {
				out = append(out, clashMember{i, r, n, s.cr, false})
			}
		}
	}
	if unit >= 0 {
		return out
	}
	for _, s := range p.b.Solos {
		if s.side != side || s.cr == nil {
			continue
		}
		if s.unit >= 0 && s.stand >= 0 {
			st := p.b.Units[s.unit].Stands[s.stand]
			if r, _, ok := standSpace(st.Rect, st.cr); ok {
				if _, n, ok := standSpace(clashRect{At: clashSquare{X: r.x0, Y: r.y0, OK: true, Set: true}}, s.cr); ok {
					out = append(out, clashMember{-1, space(r.x0, r.y0, n), n, s.cr, true})
				}
			}
			continue
		}
		if r, n, ok := standSpace(clashRect{At: s.At}, s.cr); ok {
			out = append(out, clashMember{-1, r, n, s.cr, false})
		}
	}
	return out
}

// attackReach is the farthest a creature can damage something, in squares: 1 in melee (U-35),
// a ranged attack's long range (U-37), a damaging spell's range and the size of its area (U-43):
// generous, as it is used to prove that a square can never be damaged.
func (p *clashPass) attackReach(cr *clashCreature) int {
	best := 0
	for _, a := range cr.Attacks {
		if a.Reach.OK {
			best = max(best, 1)
		}
		if a.Range.OK {
			best = max(best, clashrules.SquaresForRange(max(a.Range.V, a.LongRange.V), p.opt.eng.RangeOrigin))
		}
	}
	for _, s := range p.known[cr] {
		if s == nil || s.Damage == nil {
			continue
		}
		r := 0
		if !s.Self && s.Range.OK {
			r = clashrules.SquaresForRange(s.Range.V, p.opt.eng.RangeOrigin)
		}
		if s.Area != nil && s.Area.Size.OK {
			r += max(1, (s.Area.Size.V+19)/20)
		}
		best = max(best, r)
	}
	return best
}

// canGet reports whether member m can ever get within dist squares of a square of targets.
func (p *clashPass) canGet(m clashMember, targets []sqRect, dist int) bool {
	g := p.grid
	if !g.rectIn(m.start) {
		return false
	}
	seen := g.reachable(m.start, m.n, m.cr.crossesDeep())
	return g.canReach(seen, m.n, targets, dist, p.opt.chebyshev)
}

// resourceSquares returns the on-grid squares of a resource.
func (p *clashPass) resourceSquares(s Str) []sqRect {
	i, ok := p.resources[s.V]
	if !ok || !s.OK {
		return nil
	}
	var out []sqRect
	for _, q := range p.b.Resources[i].Squares {
		if q.At.OK && p.grid.in(q.At.X, q.At.Y) {
			out = append(out, space(q.At.X, q.At.Y, 1))
		}
	}
	return out
}

// neverScores says why an objective can never score, or "" when it might (or cannot be told).
func (p *clashPass) neverScores(o *clashObjective) string {
	if p.grid == nil || o.side < 0 {
		return ""
	}
	switch {
	case o.AttritionSet:
		if o.AttritionUnits == nil && !o.AttritionVP.OK {
			return "" // unreadable
		}
		if len(o.AttritionUnits) == 0 && o.AttritionVP.OK {
			for _, u := range p.b.Units {
				if u.side >= 0 && u.side != o.side {
					return ""
				}
			}
			return "the other side has no units"
		}
		if o.AttritionUnits != nil && len(o.AttritionUnits) == 0 {
			return "attrition names no unit"
		}
	case o.Destroy.Set:
		targets := p.resourceSquares(o.Destroy)
		if len(targets) == 0 {
			return ""
		}
		for _, m := range p.members(o.side, -1) {
			if p.canGet(m, targets, p.attackReach(m.cr)) {
				return ""
			}
		}
		return fmt.Sprintf("no stand or solo of side %s can get near enough to attack a square of resource %s", o.Side.V, o.Destroy.V)
	case o.Protect.Set:
		targets := p.resourceSquares(o.Protect)
		if len(targets) == 0 {
			return ""
		}
		n := 0
		for _, m := range p.members(o.side, -1) {
			if m.unit >= 0 && p.canGet(m, targets, 1) {
				n++
			}
		}
		if n < 2 {
			return fmt.Sprintf("U-68 needs two stands of side %s beside resource %s, and %d can get there", o.Side.V, o.Protect.V, n)
		}
	case o.When != nil:
		return p.condNever(o.When, o)
	}
	return ""
}

// condNever says why a condition can never hold, or "".
func (p *clashPass) condNever(c *clashCond, o *clashObjective) string {
	if c == nil || c.Unread || len(c.Given) != 1 {
		return ""
	}
	switch c.Given[0] {
	case "all":
		for _, x := range c.All {
			if r := p.condNever(x, o); r != "" {
				return r
			}
		}
	case "any":
		if len(c.Any) == 0 {
			return "any: [] never holds"
		}
		var reasons []string
		for _, x := range c.Any {
			r := p.condNever(x, o)
			if r == "" {
				return ""
			}
			reasons = append(reasons, r)
		}
		return strings.Join(reasons, "; ")
	case "round":
		if c.Round.OK && c.Round.V > p.opt.maxRounds {
			return fmt.Sprintf("round %d comes after the battle's last round, %d (maxRounds, U-75)", c.Round.V, p.opt.maxRounds)
		}
	case "in":
		return p.inNever(c.In, o)
	}
	return ""
}

// inNever says why an in test can never hold, or "".
func (p *clashPass) inNever(in *clashIn, o *clashObjective) string {
	zi, ok := p.zones[in.Zone.V]
	if !ok || !in.Zone.OK {
		return ""
	}
	x0, y0, x1, y1, ok := p.b.Zones[zi].Rect.bounds()
	if !ok {
		return ""
	}
	zone := []sqRect{{x0, y0, x1, y1}}
	side, unit, who := o.side, -1, "side "+o.Side.V
	if in.Side.Set {
		side, who = p.sides[in.Side.V], "side "+in.Side.V
		if _, ok := p.sides[in.Side.V]; !ok {
			return ""
		}
	}
	if in.Unit.Set {
		u, ok := p.units[in.Unit.V]
		if !ok {
			return ""
		}
		unit, who = u, "unit "+in.Unit.V
	}
	need := 1
	if in.Count.OK {
		need = in.Count.V
	}
	all := p.members(side, unit)
	var count []clashMember
	for _, m := range all {
		if !m.joined {
			count = append(count, m)
		}
	}
	if len(count) < need {
		return fmt.Sprintf("it needs %d stands and solos of %s in zone %s, and %s has %d", need, who, in.Zone.V, who, len(count))
	}
	got := 0
	for _, m := range count {
		if p.canGet(m, zone, 0) {
			got++
		}
	}
	if got < need {
		return fmt.Sprintf("it needs %d stands and solos of %s in zone %s, and %d of them can ever get there", need, who, in.Zone.V, got)
	}
	return ""
}

// checkBalance reports U-70's balance for each side (U010).
func (p *clashPass) checkBalance() {
	if len(p.b.Sides) != 2 {
		return
	}
sides:
	for si, side := range p.b.Sides {
		var objs []*clashObjective
		for _, o := range p.b.Objectives {
			if o.side == si {
				objs = append(objs, o)
			}
		}
		if len(objs) == 0 {
			p.reportf(side.Pos, codeClashBalance, "side %s has no objective: it can never score the 10 VP that end a battle (U-65, U-71)", side.ID).Hint =
				"give it an objective, e.g. an attrition objective: {side: \"" + side.ID + "\", attrition: 2}"
			continue
		}
		chances, total, unbounded := 0, 0, false
		for _, o := range objs {
			c, t, u, ok := p.objectiveVP(o, si)
			if !ok {
				continue sides // unreadable: the other findings say why
			}
			chances, total, unbounded = chances+c, total+t, unbounded || u
		}
		if unbounded {
			continue
		}
		if len(objs) == 1 && total < 10 {
			p.reportf(objs[0].Pos, codeClashBalance, "side %s's only objective gives at most %d VP; a single objective should be worth 10 (U-70)", side.ID, total).Hint =
				"raise its VP (more squares, more VP a square or unit), or add objectives"
		}
		if len(objs) > 1 && (chances < 5 || total <= 10) {
			p.reportf(side.Pos, codeClashBalance, "side %s has %d chances to score, %d VP in all; with several objectives U-70 wants at least 5 chances totalling more than 10 VP (about 12-15)",
				side.ID, chances, total)
		}
	}
}

// objectiveVP counts an objective's chances to score and the VP they give in all; unbounded when
// it scores round after round (protect, a repeating custom objective). ok is false when it cannot
// be read.
func (p *clashPass) objectiveVP(o *clashObjective, side int) (chances, total int, unbounded, ok bool) {
	switch {
	case o.AttritionSet:
		if len(o.AttritionUnits) > 0 {
			for _, e := range o.AttritionUnits {
				if !e.VP.OK || e.VP.V < 1 {
					return 0, 0, false, false
				}
				chances, total = chances+1, total+e.VP.V
			}
			return chances, total, false, true
		}
		if !o.AttritionVP.OK || o.AttritionVP.V < 1 {
			return 0, 0, false, false
		}
		for _, u := range p.b.Units {
			if u.side >= 0 && u.side != side {
				chances, total = chances+1, total+o.AttritionVP.V
			}
		}
		return chances, total, false, true
	case o.Destroy.Set:
		i, found := p.resources[o.Destroy.V]
		if !found {
			return 0, 0, false, false
		}
		for _, q := range p.b.Resources[i].Squares {
			if !q.VP.OK || q.VP.V < 1 {
				return 0, 0, false, false
			}
			chances, total = chances+1, total+q.VP.V
		}
		return chances, total, false, true
	case o.Protect.Set:
		return 0, 0, true, true
	case o.When != nil:
		if o.Every.V == "round" {
			return 0, 0, true, true
		}
		if !o.VP.OK || o.VP.V < 1 {
			return 0, 0, false, false
		}
		return 1, o.VP.V, false, true
	}
	return 0, 0, false, false
}
