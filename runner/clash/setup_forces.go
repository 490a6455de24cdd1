package clash

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// Setting up the forces and the objectives: units and their stands, solos, resources, objectives.

func (s *Setup) inGrid(x, y, n int) bool { return x >= 0 && y >= 0 && x+n <= s.w && y+n <= s.h }

func (s *Setup) setupUnits() error {
	c := s.Plan
	if len(c.Units) == 0 {
		return errAt(c.Pos, "no units")
	}
	if len(c.Units) > clashrules.MaxUnits {
		return errAt(c.Pos, "%d units: at most %d", len(c.Units), clashrules.MaxUnits)
	}
	occ := make([]int, s.w*s.h)
	for i := range occ {
		occ[i] = -1
	}
	marks := map[byte]string{}
	for i := range c.Units {
		pu := &c.Units[i]
		u := unitDef{id: pu.ID, name: pu.Name, side: pu.Side, commander: pu.Commander, surprised: pu.Surprised,
			first: len(s.stands), n: len(pu.Stands), pos: pu.Pos}
		if u.name == "" {
			u.name = pu.ID
		}
		if pu.Side != 0 && pu.Side != 1 {
			return errAt(pu.Pos, "unit %s: side %d: want 0 or 1", pu.ID, pu.Side)
		}
		switch pu.Type {
		case plan.Regiment:
			u.regiment = true
			switch pu.Config {
			case plan.CfgAid, plan.CfgDefend, plan.CfgMarch:
				u.cfg = pu.Config
			case "":
				u.cfg = plan.CfgMarch
			default:
				return errAt(pu.Pos, "unit %s: configuration %q is not one of aid, defend, march", pu.ID, pu.Config)
			}
		case plan.Skirmisher:
			if pu.Config != "" {
				return errAt(pu.Pos, "unit %s: a skirmisher has no configuration (U-48: regiments only)", pu.ID)
			}
		default:
			return errAt(pu.Pos, "unit %s: type %q is not skirmisher or regiment", pu.ID, pu.Type)
		}
		if len(pu.Stands) == 0 {
			return errAt(pu.Pos, "unit %s has no stands", pu.ID)
		}
		if len(s.stands)+len(pu.Stands) > clashrules.MaxStands {
			return errAt(pu.Pos, "more than %d stands", clashrules.MaxStands)
		}
		m, err := s.mark(pu.Pos, "unit "+pu.ID, pu.Mark, marks)
		if err != nil {
			return err
		}
		u.mark = m
		for j, st := range pu.Stands {
			if st.Creature < 0 || st.Creature >= len(s.cr) {
				return errAt(st.Pos, "unit %s, stand %d: creature %d of %d", pu.ID, j+1, st.Creature, len(s.cr))
			}
			cr := &s.cr[st.Creature]
			if cr.rank > plan.SizeHuge.Rank() {
				return errAt(st.Pos, "unit %s, stand %d: a stand of %s: gargantuan creatures are always solos (U-4)", pu.ID, j+1, cr.name)
			}
			d := standDef{unit: i, idx: j, cr: st.Creature, x: st.At[0], y: st.At[1], hp: st.HP, uses: s.uses}
			s.uses += len(cr.spells)
			if err := s.place(occ, st.Pos, fmt.Sprintf("unit %s, stand %d", pu.ID, j+1), d.x, d.y, cr.space, len(s.stands)); err != nil {
				return err
			}
			if st.HP < 0 || st.HP > s.standMax(cr) {
				return errAt(st.Pos, "unit %s, stand %d: hp %d: want 0..%d", pu.ID, j+1, st.HP, s.standMax(cr))
			}
			s.stands = append(s.stands, d)
		}
		s.units = append(s.units, u)
	}
	return nil
}

// standMax is a stand's maximum hp (U-6).
func (s *Setup) standMax(cr *creature) int {
	if s.Opt.StandHP == clashrules.StandHPTen {
		return 10 * cr.hp
	}
	return cr.hp
}

func (s *Setup) mark(p plan.Pos, what, m string, taken map[byte]string) (byte, error) {
	if len(m) != 1 || !(m[0] >= 'A' && m[0] <= 'Z' || m[0] >= 'a' && m[0] <= 'z') {
		// A plan without marks still runs: take the first free letter.
		if m != "" {
			return 0, errAt(p, "%s: mark %q: want one ASCII letter", what, m)
		}
		for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
			if _, ok := taken[c]; !ok {
				taken[c] = what
				return c, nil
			}
		}
		return '?', nil
	}
	if other, ok := taken[m[0]]; ok {
		return 0, errAt(p, "%s: mark %q is also %s's", what, m, other)
	}
	taken[m[0]] = what
	return m[0], nil
}

func (s *Setup) place(occ []int, p plan.Pos, what string, x, y, n, id int) error {
	if !s.inGrid(x, y, n) {
		return errAt(p, "%s at %d,%d (%dx%d squares) is off the %dx%d grid", what, x, y, n, n, s.w, s.h)
	}
	for dy := 0; dy < n; dy++ {
		for dx := 0; dx < n; dx++ {
			q := (y+dy)*s.w + x + dx
			if occ[q] >= 0 {
				return errAt(p, "%s at %d,%d overlaps another occupant at %d,%d", what, x, y, x+dx, y+dy)
			}
			occ[q] = id
		}
	}
	return nil
}

func (s *Setup) setupSolos() error {
	c := s.Plan
	if len(c.Solos) > clashrules.MaxSolos {
		return errAt(c.Pos, "more than %d solos", clashrules.MaxSolos)
	}
	occ := make([]int, s.w*s.h)
	for i := range occ {
		occ[i] = -1
	}
	marks := map[byte]string{}
	for _, u := range s.units {
		marks[u.mark] = "unit " + u.id
	}
	for i, st := range s.stands {
		cr := &s.cr[st.cr]
		_ = s.place(occ, plan.Pos{}, "", st.x, st.y, cr.space, i) // checked in units()
	}
	for i := range c.Solos {
		ps := &c.Solos[i]
		d := soloDef{id: ps.ID, name: ps.Name, side: ps.Side, cr: ps.Creature, x: ps.At[0], y: ps.At[1], stand: -1,
			pc: ps.PC, hp: ps.HP, surprised: ps.Surprised, uses: s.uses}
		if d.name == "" {
			d.name = ps.ID
		}
		what := "solo " + ps.ID
		if ps.Side != 0 && ps.Side != 1 {
			return errAt(ps.Pos, "%s: side %d: want 0 or 1", what, ps.Side)
		}
		if ps.Creature < 0 || ps.Creature >= len(s.cr) {
			return errAt(ps.Pos, "%s: creature %d of %d", what, ps.Creature, len(s.cr))
		}
		cr := &s.cr[ps.Creature]
		s.uses += len(cr.spells)
		if ps.HP < 0 || ps.HP > cr.hp {
			return errAt(ps.Pos, "%s: hp %d: want 0..%d", what, ps.HP, cr.hp)
		}
		if ps.Unit >= 0 {
			if ps.Unit >= len(s.units) {
				return errAt(ps.Pos, "%s: joined to unit %d of %d", what, ps.Unit, len(s.units))
			}
			u := &s.units[ps.Unit]
			if ps.Stand < 0 || ps.Stand >= u.n {
				return errAt(ps.Pos, "%s: joined to stand %d of unit %s's %d", what, ps.Stand+1, u.id, u.n)
			}
			if u.side != ps.Side {
				return errAt(ps.Pos, "%s: joined to unit %s of the other side", what, u.id)
			}
			d.stand = u.first + ps.Stand
			if sc := &s.cr[s.stands[d.stand].cr]; cr.rank > sc.rank+1 {
				return errAt(ps.Pos, "%s (%s) is more than one size larger than stand %d's creatures: it cannot join (U-51)", what, c.Creatures[ps.Creature].Size, ps.Stand+1)
			}
		} else {
			if cr.rank > plan.SizeGargantuan.Rank() {
				return errAt(ps.Pos, "%s: unknown size", what)
			}
			if err := s.place(occ, ps.Pos, what, d.x, d.y, cr.space, len(s.stands)+i); err != nil {
				return err
			}
		}
		// Every solo has a letter: a joined one draws it once it leaves its stand.
		m, err := s.mark(ps.Pos, what, ps.Mark, marks)
		if err != nil {
			return err
		}
		d.mark = m
		if d.stand < 0 && s.deepFor(d.x, d.y, cr) {
			return errAt(ps.Pos, "%s starts in deep water without a swim speed (U-22: only swimmers enter deep water)", what)
		}
		s.solos = append(s.solos, d)
	}
	for i := range s.units {
		u := &s.units[i]
		if u.commander < 0 {
			u.commander = -1
			continue
		}
		if u.commander >= len(s.solos) {
			return errAt(u.pos, "unit %s: commander %d of %d solos", u.id, u.commander, len(s.solos))
		}
		so := &s.solos[u.commander]
		if so.stand < 0 || s.stands[so.stand].unit != i {
			return errAt(u.pos, "unit %s: its commander %s is not joined to one of its stands (U-12)", u.id, so.id)
		}
		for j := 0; j < i; j++ {
			if s.units[j].commander == u.commander {
				return errAt(u.pos, "unit %s: %s already commands unit %s (U-12: one unit each)", u.id, so.id, s.units[j].id)
			}
		}
	}
	for i := range s.stands {
		st := &s.stands[i]
		if s.deepFor(st.x, st.y, &s.cr[st.cr]) {
			u := &s.units[st.unit]
			return errAt(c.Units[st.unit].Stands[st.idx].Pos, "unit %s, stand %d starts in deep water without a swim speed (U-22: only swimmers enter deep water)", u.id, st.idx+1)
		}
	}
	return nil
}

// deepFor reports whether a creature's space at x, y holds deep water it cannot enter.
func (s *Setup) deepFor(x, y int, cr *creature) bool {
	if cr.swim > 0 { // U-22: swimmers only, not flyers
		return false
	}
	for dy := 0; dy < cr.space; dy++ {
		for dx := 0; dx < cr.space; dx++ {
			if s.terr[(y+dy)*s.w+x+dx] == plan.TerrDeep {
				return true
			}
		}
	}
	return false
}

func (s *Setup) setupResources() error {
	c := s.Plan
	seen := map[int]string{}
	for i := range c.Resources {
		r := &c.Resources[i]
		if len(r.Squares) == 0 {
			return errAt(r.Pos, "resource %s has no squares", r.ID)
		}
		var idx []int
		for _, q := range r.Squares {
			if !s.inGrid(q.At[0], q.At[1], 1) {
				return errAt(r.Pos, "resource %s: square %d,%d is off the grid", r.ID, q.At[0], q.At[1])
			}
			if q.HP < 1 || q.HP > clashrules.MaxHP || q.VP < 0 || q.VP > 100 {
				return errAt(r.Pos, "resource %s: square %d,%d: hp %d, VP %d out of range", r.ID, q.At[0], q.At[1], q.HP, q.VP)
			}
			sq := q.At[1]*s.w + q.At[0]
			if other, ok := seen[sq]; ok {
				return errAt(r.Pos, "resource %s: square %d,%d is also %s's", r.ID, q.At[0], q.At[1], other)
			}
			seen[sq] = r.ID
			idx = append(idx, len(s.resSq))
			s.resSq = append(s.resSq, resSquare{res: i, sq: sq, hp: q.HP, vp: q.VP})
		}
		s.res = append(s.res, idx)
	}
	return nil
}

func (s *Setup) setupObjectives() error {
	c := s.Plan
	for i := range c.Objectives {
		po := &c.Objectives[i]
		o := objective{id: po.ID, name: po.Name, side: po.Side, kind: po.Kind, units: po.Units, res: po.Resource,
			vp: po.VP, when: po.When, repeat: po.Repeat}
		if o.name == "" {
			o.name = po.ID
		}
		if po.Side != 0 && po.Side != 1 {
			return errAt(po.Pos, "objective %s: side %d: want 0 or 1", po.ID, po.Side)
		}
		switch po.Kind {
		case plan.ObjAttrition:
			for _, u := range po.Units {
				if u.Unit < 0 || u.Unit >= len(s.units) || s.units[u.Unit].side == po.Side {
					return errAt(po.Pos, "objective %s: unit %d is not an enemy unit", po.ID, u.Unit)
				}
				if u.VP < 0 || u.VP > 100 {
					return errAt(po.Pos, "objective %s: %d VP for a unit: want 0..100", po.ID, u.VP)
				}
			}
		case plan.ObjDestroy, plan.ObjProtect:
			if po.Resource < 0 || po.Resource >= len(s.res) {
				return errAt(po.Pos, "objective %s: resource %d of %d", po.ID, po.Resource, len(s.res))
			}
			if po.Kind == plan.ObjProtect && o.vp <= 0 {
				o.vp = s.Opt.ProtectionVPOrDefault()
			}
		case plan.ObjCustom:
			if po.When == nil {
				return errAt(po.Pos, "objective %s: a custom objective without a condition", po.ID)
			}
			if err := s.checkCond(po.Pos, po.ID, po.When, 0); err != nil {
				return err
			}
		default:
			return errAt(po.Pos, "objective %s: kind %q is not one of attrition, destroy, protect, custom", po.ID, po.Kind)
		}
		if o.vp < 0 || o.vp > 100 {
			return errAt(po.Pos, "objective %s: %d VP: want 0..100", po.ID, o.vp)
		}
		s.obj = append(s.obj, o)
	}
	return nil
}

func (s *Setup) checkCond(p plan.Pos, id string, c *plan.ClashCond, depth int) error {
	if depth > 20 {
		return errAt(p, "objective %s: conditions nested more than 20 deep", id)
	}
	bad := func(what string, n, of int) error {
		return errAt(p, "objective %s: condition %s: %s %d of %d", id, c.Op, what, n, of)
	}
	switch c.Op {
	case plan.ClashAll, plan.ClashAny, plan.ClashNot:
		if c.Op == plan.ClashNot && len(c.Args) != 1 || len(c.Args) == 0 {
			return errAt(p, "objective %s: condition %s has %d arguments", id, c.Op, len(c.Args))
		}
		for i := range c.Args {
			if err := s.checkCond(p, id, &c.Args[i], depth+1); err != nil {
				return err
			}
		}
	case plan.ClashIn:
		if c.Unit >= len(s.units) || c.Unit < -1 {
			return bad("unit", c.Unit, len(s.units))
		}
		if c.Side != 0 && c.Side != 1 {
			return bad("side", c.Side, 2)
		}
		if len(c.Zone) == 0 {
			return errAt(p, "objective %s: condition in: an empty zone", id)
		}
		for _, q := range c.Zone {
			if !s.inGrid(q[0], q[1], 1) {
				return errAt(p, "objective %s: zone square %d,%d is off the grid", id, q[0], q[1])
			}
		}
		if c.Count < 0 || c.Count > clashrules.MaxStands {
			return bad("count", c.Count, clashrules.MaxStands)
		}
	case plan.ClashEliminated, plan.ClashBroken, plan.ClashNoCommander:
		if c.Unit < 0 || c.Unit >= len(s.units) {
			return bad("unit", c.Unit, len(s.units))
		}
	case plan.ClashDown:
		if c.Solo < 0 || c.Solo >= len(s.solos) {
			return bad("solo", c.Solo, len(s.solos))
		}
	case plan.ClashDestroyed:
		if c.Resource < 0 || c.Resource >= len(s.res) {
			return bad("resource", c.Resource, len(s.res))
		}
	case plan.ClashRound:
		if c.Round < 1 {
			return bad("round", c.Round, s.Opt.MaxRoundsOrDefault())
		}
	default:
		return errAt(p, "objective %s: unknown condition %q", id, c.Op)
	}
	return nil
}
