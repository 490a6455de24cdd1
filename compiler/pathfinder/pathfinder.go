package pathfinder

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Pathfinder files (RULES.md Part P): battle files (kind: "battle") and hex-field scenarios (kind:
// "scenario", rules: "pathfinder"). The schema is schema/pathfinder.cue; the army findings come from
// pathfinder.Check (M001..M009), placed at the offending field; the hex checks are H001..H005.

const (
	codeHexCoord    = "H001"
	codeHexStep     = "H002"
	codeNoSpeed     = "H003"
	codeSharedStart = "H004"
	codeBattleValue = "H005"
)

// The H codes are in the catalogue before any init function runs (as registered).
var _ = registerPFCodes()

func registerPFCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeHexCoord, Title: "two hexes on one coordinate", Severity: diag.Error, Doc: `Two hexes of a Pathfinder field have the same axial coordinates [q, r]: the field would
have two places in one.

Bad:
    ford:   {at: [1, 0]}
    bridge: {at: [1, 0]}

Fix: give each hex its own [q, r].`},
		diag.CodeInfo{Code: codeHexStep, Title: "route step to a hex that is not adjacent", Severity: diag.Error, Doc: `Each hex of an army's route must be one of the six neighbours of the hex before it (the
start for the first): in axial coordinates [q, r] the neighbours are [q+1, r], [q+1, r-1],
[q, r-1], [q-1, r], [q-1, r+1] and [q, r+1] (P-12, P-13: armies move hex by hex).

Bad:
    start: "camp"          // at [0, 0]
    route: ["hill"]        // at [2, 0]: two hexes away

Fix: add the hex in between to the route.`},
		diag.CodeInfo{Code: codeNoSpeed, Title: "army with a route but no speed", Severity: diag.Warning, Doc: `The army has a route but neither speed (hexes a day) nor speedFeet, so it never moves (P-6,
P-13). sortie derives speed from speedFeet (P-6's table: 30 ft a day's walk of 24 miles, 2 hexes)
but has no creature list to find a creature's speed in, so P-6 takes speed as the file's input.

Bad:
    route: ["a", "b"]   // and no speed or speedFeet

Fix: add speed: 1 (or speedFeet: 30), or drop the route.`},
		diag.CodeInfo{Code: codeSharedStart, Title: "hostile armies start in one hex", Severity: diag.Warning, Doc: `Armies of both sides start in the same hex: they fight before anything moves on day 1
(P-14). Usually a typo in start.

Bad:
    two armies of opposite sides, both with start: [3, 4]

Fix: give each side its own start hex.`},
		diag.CodeInfo{Code: codeBattleValue, Title: "battle setup out of range", Severity: diag.Error, Doc: `A value particular to a battle cannot be used: a start hp above the army's hp or below 1,
a negative fortification (P-65), or a side without armies.

Bad:
    startHP: 0
    fortification: -2

Fix: startHP between 1 and the army's hp; fortification 0 or more (typically 8).`},
	)
	return true
}

// vetPathfinderScenario and vetPathfinderBattle are the Pathfinder rule system's entries
// (Register). With Unit.WantSymbols, the file's ids are indexed too (Analyze).
func vetPathfinderScenario(uc *compiler.Unit) (*plan.Plan, error) {
	var syms *compiler.Symbols
	if uc.WantSymbols() {
		syms = pfSymbols(uc, false)
		uc.AddSymbols(syms)
	}
	return vetPathfinder(uc, false, syms)
}

func vetPathfinderBattle(uc *compiler.Unit) (*plan.Plan, error) {
	var syms *compiler.Symbols
	if uc.WantSymbols() {
		syms = pfSymbols(uc, true)
		uc.AddSymbols(syms)
	}
	return vetPathfinder(uc, true, syms)
}

// vetPathfinder checks (and with Unit.Compiling, lowers) a Pathfinder battle file or scenario;
// with syms (the file's index, nil when not wanted) each army's derived statistics become a
// figure of its symbol (armyFigure).
func vetPathfinder(uc *compiler.Unit, battle bool, syms *compiler.Symbols) (*plan.Plan, error) {
	list := uc.List()
	name := "#PFScenario"
	if battle {
		name = "#PFBattle"
	}
	n, root, strict, err := uc.SchemaRoot(name)
	if err != nil {
		return nil, err
	}
	pc := &pfc{dc: compiler.NewDecoder(uc.Namer(), strict), list: list, root: root}
	if syms != nil {
		pc.figures = map[string][]compiler.Figure{}
		defer func() {
			for _, sym := range syms.OfKind(compiler.KindArmy) {
				sym.Figures = append(sym.Figures, pc.figures[sym.ID]...)
			}
		}()
	}
	if battle {
		b := pc.battle(n)
		list.Add(pc.dc.Findings()...) // S002: integers beyond what sortie reads
		if !uc.Compiling() || list.HasErrors() {
			return nil, nil
		}
		uc.AddBattle(b)
		return nil, nil
	}
	p := pc.scenario(n)
	list.Add(pc.dc.Findings()...)
	if !uc.Compiling() || list.HasErrors() {
		return nil, nil
	}
	p.SourceHash, p.Sources = uc.SourceHash()
	return p, nil
}

// pfc reads and checks one Pathfinder file.
type pfc struct {
	dc   *compiler.Decoder
	list *diag.List
	root diag.Pos
	opt  pfarmy.Options    // the file's rule switches, for Check and Derive
	opts map[string]string // the same as written, for the plan
	// figures collects each army's derived statistics for the index (inlay hints), when wanted.
	figures map[string][]compiler.Figure
	// badTreasury: the side's kingdom wrote a treasury: the schema refused (S002), so an order
	// that needs one is not reported again as "keeps no treasury" (H007).
	badTreasury [2]bool
}

// options reads the rule switches (schema #PFOptions; the schema has checked the names and values).
func (c *pfc) options(n compiler.Node) {
	n.Fields(func(name string, v compiler.Node) {
		val, ok := v.Value()
		if !ok {
			return
		}
		var s string
		if str, err := val.String(); err == nil {
			s = str
		} else if i, err := val.Int64(); err == nil {
			s = strconv.FormatInt(i, 10)
		} else {
			return
		}
		if err := c.opt.SetOption(name, s); err != nil {
			return // reported by the schema (S001, S002, S004)
		}
		if c.opts == nil {
			c.opts = map[string]string{}
		}
		c.opts[name] = s
	})
}

func (c *pfc) report(pos diag.Pos, code, format string, args ...any) *diag.Diagnostic {
	if !pos.IsValid() {
		pos = c.root
	}
	d := diag.Errorf(pos, code, format, args...)
	if in, ok := diag.Lookup(code); ok {
		d.Severity = in.Severity
	}
	if c.dc.Reported(pos) {
		return &d // what follows from a value beyond the integers read: its S002 says it (Keep)
	}
	c.list.Add(d)
	return &(*c.list)[len(*c.list)-1]
}

// cr reads a CR written as "1/3" or 3; ok is false (and M001 reported) when it is not on the ladder.
func (c *pfc) cr(n compiler.Node, what string) (pfarmy.CR, bool) {
	v, ok := n.Value()
	if !ok {
		return 0, false
	}
	var r pfarmy.CR
	var err error
	if s, serr := v.String(); serr == nil {
		r, err = pfarmy.ParseCR(s)
	} else if i, ierr := v.Int64(); ierr == nil {
		r = pfarmy.CRInt(int(i))
		if r == 0 {
			err = fmt.Errorf("cr %d is not on the ladder 1/8, 1/6, 1/4, 1/3, 1/2, 1, 2 ... %d", i, pfarmy.MaxCR)
		}
	} else {
		return 0, false // the schema reported it
	}
	if err != nil {
		c.report(c.dc.Pos(n), pfarmy.CodeInvalid, "%s: %v", what, err).Hint = `write a CR as "1/8", "1/6", "1/4", "1/3", "1/2" or a whole number`
		return 0, false
	}
	return r, true
}

func (c *pfc) optInt(n compiler.Node) *int {
	if !n.Exists() {
		return nil
	}
	i := c.dc.Int(n)
	if !i.OK {
		return nil
	}
	v := i.V
	return &v
}

func (c *pfc) grade(n compiler.Node) pfarmy.Grade {
	s := c.dc.Str(n)
	switch s.V {
	case "improved":
		return pfarmy.GradeImproved
	case "magic":
		return pfarmy.GradeMagic
	}
	return pfarmy.GradeNone
}

// tactics reads a list of tactic names (an army's tactics, a commander's bonus tactics); an
// unknown name is reported (M001) and left out.
func (c *pfc) tactics(list compiler.Node, army string) []pfarmy.Tactic {
	var out []pfarmy.Tactic
	list.Elems(func(_ int, e compiler.Node) {
		s := c.dc.Str(e)
		if !s.OK {
			return
		}
		t, err := pfarmy.ParseTactic(s.V)
		if err != nil {
			c.report(s.Pos, pfarmy.CodeInvalid, "army %s: unknown tactic %q%s", army, s.V, dym(s.V, pfarmy.TacticNames()))
			return
		}
		out = append(out, t)
	})
	return out
}

// army reads an army; ok is false when size, cr or hit die cannot be read (the schema or an M001
// finding said why), and then the army is not checked further.
func (c *pfc) army(id string, n compiler.Node) (pfarmy.Army, bool) {
	dc := c.dc
	in := pfarmy.Army{Name: id}
	if s := dc.Str(n.Get("name")); s.OK {
		in.Name = s.V
	}
	ok := true
	if s := dc.Str(n.Get("size")); s.OK {
		sz, err := pfarmy.ParseSize(s.V)
		in.Size, ok = sz, ok && err == nil
	} else {
		ok = false
	}
	if r, rok := c.cr(n.Get("cr"), "army "+id); rok {
		in.CR = r
	} else {
		ok = false
	}
	if m := n.Get("mountCR"); m.Exists() {
		if r, rok := c.cr(m, "army "+id+" mountCR"); rok {
			in.MountCR = r
		} else {
			ok = false
		}
	}
	if s := dc.Str(n.Get("hitDie")); s.OK {
		h, err := pfarmy.ParseHitDie(s.V)
		in.HitDie, ok = h, ok && err == nil
	} else {
		ok = false
	}
	in.Morale = dc.Int(n.Get("morale")).V
	in.Tactics = c.tactics(n.Get("tactics"), id)
	r := n.Get("resources")
	in.Resources = pfarmy.Resources{Armor: c.grade(r.Get("armor")), Weapons: c.grade(r.Get("weapons")),
		Mounts: dc.Bool(r.Get("mounts")), Ranged: dc.Bool(r.Get("ranged")),
		SiegeEngines: dc.Int(r.Get("siegeEngines")).V, HealingPotions: dc.Bool(r.Get("healingPotions"))}
	in.Alignment = dc.Str(n.Get("alignment")).V
	in.Type = dc.Str(n.Get("type")).V
	n.Get("abilities").Elems(func(_ int, e compiler.Node) {
		ab := pfarmy.Ability{Name: dc.Str(e.Get("name")).V, Value: dc.Int(e.Get("value")).V,
			OM: dc.Int(e.Get("om")).V, DV: dc.Int(e.Get("dv")).V, Damage: dc.Int(e.Get("damage")).V,
			Morale: dc.Int(e.Get("morale")).V, Ranged: dc.Bool(e.Get("ranged")),
			Spellcasting: dc.Bool(e.Get("spellcasting")), Darkvision: dc.Bool(e.Get("darkvision")),
			Mounted: dc.Bool(e.Get("mounted"))}
		ab.When, _ = pfarmy.ParseWhen(dc.Str(e.Get("when")).V) // the schema checked the name
		e.Get("of").Elems(func(_ int, o compiler.Node) {
			if s := dc.Str(o); s.OK {
				ab.Of = append(ab.Of, s.V)
			}
		})
		in.Abilities = append(in.Abilities, ab)
	})
	if cm := n.Get("commander"); cm.Exists() {
		var cok bool
		in.Commander, cok = c.commander(id, cm)
		ok = ok && cok
	}
	in.Speed = dc.Int(n.Get("speed")).V
	in.SpeedFeet = dc.Int(n.Get("speedFeet")).V
	if a := n.Get("acr"); a.Exists() {
		if r, rok := c.cr(a, "army "+id+" acr"); rok {
			in.ACR = r
		}
	}
	in.HP = dc.Int(n.Get("hp")).V
	in.OM = c.optInt(n.Get("om"))
	in.DV = c.optInt(n.Get("dv"))
	return in, ok
}

// commander reads an army's commander (P-9; Kingdom Leader Commanders); ok is false when a boon's
// name is unknown (reported, M001).
func (c *pfc) commander(id string, cm compiler.Node) (*pfarmy.Commander, bool) {
	dc := c.dc
	ok := true
	ci := &pfarmy.Commander{Name: dc.Str(cm.Get("name")).V, PC: dc.Bool(cm.Get("pc")),
		Level: dc.Int(cm.Get("level")).V, Charisma: dc.Int(cm.Get("charisma")).V,
		LeadershipFeat: dc.Bool(cm.Get("leadershipFeat")), SoldierRanks: dc.Int(cm.Get("soldierRanks")).V,
		Absent: dc.Bool(cm.Get("absent")), Unlucky: dc.Bool(cm.Get("unlucky"))}
	cm.Get("boons").Elems(func(_ int, e compiler.Node) {
		s := dc.Str(e)
		if !s.OK {
			return
		}
		b, err := pfarmy.ParseBoon(s.V)
		if err != nil {
			c.report(s.Pos, pfarmy.CodeInvalid, "army %s: unknown boon %q%s", id, s.V, dym(s.V, pfarmy.BoonNames()))
			ok = false
			return
		}
		ci.Boons = append(ci.Boons, b)
	})
	ci.BonusTactics = c.tactics(cm.Get("bonusTactics"), id)
	ci.Role, _ = pfarmy.ParseRole(dc.Str(cm.Get("role")).V) // the schema checked the name
	if s := dc.Str(cm.Get("roleBoon")); s.OK {
		b, err := pfarmy.ParseBoon(s.V)
		if err != nil {
			c.report(s.Pos, pfarmy.CodeInvalid, "army %s: unknown boon %q%s", id, s.V, dym(s.V, pfarmy.BoonNames()))
			ok = false
		}
		ci.RoleBoon = b
	}
	return ci, ok
}

// fieldPos places a pathfinder.Finding's field path ("commander.boons[1]") in the army's source:
// the value when written, else the nearest written parent, else the army's label.
func (c *pfc) fieldPos(n compiler.Node, field string) diag.Pos {
	for p := field; p != ""; {
		if v := n.Lookup(p); v.Exists() {
			if pos := c.dc.Pos(v); pos.IsValid() {
				return pos
			}
		}
		if i := strings.LastIndexAny(p, ".["); i > 0 {
			p = p[:i]
		} else {
			break
		}
	}
	return c.dc.Label(n)
}

// checkArmy derives an army's statistics, reporting every pathfinder.Check finding at its field.
func (c *pfc) checkArmy(id string, n compiler.Node, a *pfarmy.Army) (pfarmy.Stats, bool) {
	fatal := false
	for _, f := range pfarmy.Check(a, c.opt) {
		msg := f.Message
		if i := abilityIndex(f.Field); i >= 0 && i < len(a.Abilities) && pfarmy.AbilityOf(a.Abilities[i].Name) == pfarmy.AbGeneric {
			msg += dym(a.Abilities[i].Name, pfarmy.AbilityNames())
		}
		c.report(c.fieldPos(n, f.Field), f.Code, "army %s: %s", id, msg)
		fatal = fatal || f.Code == pfarmy.CodeInvalid || f.Code == pfarmy.CodeNotArmy
	}
	if fatal {
		return pfarmy.Stats{}, false
	}
	st, err := pfarmy.Derive(a, c.opt)
	if err != nil {
		c.report(c.dc.Label(n), pfarmy.CodeInvalid, "army %s: %v", id, err)
		return st, false
	}
	if c.figures != nil {
		c.figures[id] = append(c.figures[id], armyFigure(c.dc.Label(n), &st))
	}
	return st, true
}

// armyFigure is an army's derived statistics as an inlay hint before its label: ACR (P-2, P-3),
// hp (P-4), OM and DV (P-5), as sortie derives them (pathfinder.Derive: a hand-written value, when
// given, is the army's), and its consumption in BP a week (P-11: max(1, floor(ACR/2)), plus each
// resource's upkeep scaled by size, P-66), e.g. "ACR 3 · hp 16 · OM +4 · DV 14 · 5 BP/week".
func armyFigure(at diag.Pos, st *pfarmy.Stats) compiler.Figure {
	return compiler.Figure{Pos: at, Label: fmt.Sprintf("ACR %s · hp %d · OM %+d · DV %d · %d BP/week", st.ACR, st.HP, st.OM, st.DV, st.Consumption)}
}

// abilityIndex reads i from a finding's field "abilities[i]", or -1.
func abilityIndex(field string) int {
	rest, ok := strings.CutPrefix(field, "abilities[")
	if !ok {
		return -1
	}
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return -1
	}
	i, err := strconv.Atoi(rest[:end])
	if err != nil {
		return -1
	}
	return i
}

func boonCount(in *pfarmy.Army) int {
	if in.Commander == nil {
		return 0
	}
	return len(in.Commander.Boons) + len(in.Commander.BonusTactics)
}

func (c *pfc) conditions(n compiler.Node) plan.Conditions {
	w := c.dc.Str(n.Get("wind")).V
	if w == "none" {
		w = ""
	}
	return plan.Conditions{Darkness: c.dc.Bool(n.Get("darkness")), DimLight: c.dc.Bool(n.Get("dimLight")),
		Fog: c.dc.Bool(n.Get("fog")), Sandstorm: c.dc.Bool(n.Get("sandstorm")), Rain: c.dc.Bool(n.Get("rain")),
		Snow: c.dc.Bool(n.Get("snow")), Wind: w, BrightLight: c.dc.Bool(n.Get("brightLight")),
		Terrain: c.dc.Str(n.Get("terrain")).V, Water: c.dc.Bool(n.Get("water"))}
}

// battle reads and checks a battle file.
func (c *pfc) battle(n compiler.Node) *plan.Battle {
	dc := c.dc
	c.options(n.Get("options"))
	b := &plan.Battle{Format: plan.BattleFormat, Version: plan.Version, ID: dc.Str(n.Get("id")).V,
		Title: dc.Str(n.Get("title")).V, Conditions: c.conditions(n.Get("conditions")), Options: c.opts}
	n.Get("sides").Elems(func(side int, sn compiler.Node) {
		if side > 1 {
			return
		}
		name := dc.Str(sn.Get("name"))
		b.Sides[side] = name.V
		switch {
		case name.V == pfarmy.NoWinner:
			c.report(name.Pos, codeBattleValue, "side %d is named %q, which is how a battle without a winner is reported: rename it", side+1, name.V)
		case side == 1 && name.V != "" && name.V == b.Sides[0]:
			c.report(name.Pos, codeBattleValue, "both sides are named %q: the winner is reported by name, so give each side its own", name.V)
		}
		count := 0
		sn.Get("armies").Fields(func(id string, an compiler.Node) {
			count++
			in, ok := c.army(id, an)
			if !ok {
				return
			}
			st, ok := c.checkArmy(id, an, &in)
			if !ok {
				return
			}
			a := plan.PFArmy{ID: id, Side: side, Start: -1, Army: pfarmy.InputOf(&in), Stats: pfarmy.BlockOf(&st, boonCount(&in)),
				Routed: dc.Bool(an.Get("routed")), AdvantageousTerrain: dc.Bool(an.Get("advantageousTerrain")),
				BattlefieldAdvantage: dc.Bool(an.Get("battlefieldAdvantage")), Ambusher: dc.Bool(an.Get("ambusher")),
				Ruling: dc.Int(an.Get("ruling")).V, FortKind: dc.Str(an.Get("fortificationKind")).V}
			if h := dc.Int(an.Get("startHP")); h.Set && h.OK {
				if h.V < 1 || h.V > st.HP {
					c.report(h.Pos, codeBattleValue, "army %s: startHP %d outside 1..%d (its hp)", id, h.V, st.HP)
				}
				a.StartHP = h.V
			}
			if f := dc.Int(an.Get("fortification")); f.Set && f.OK {
				if f.V < 0 {
					c.report(f.Pos, codeBattleValue, "army %s: fortification %d is negative", id, f.V)
				}
				a.Fortification = f.V
			}
			b.Armies = append(b.Armies, a)
		})
		if count == 0 {
			c.report(dc.Label(sn), codeBattleValue, "side %d has no armies", side+1)
		}
	})
	if len(b.Armies) > pfarmy.MaxArmies {
		c.report(c.root, codeBattleValue, "%d armies; a battle holds at most %d", len(b.Armies), pfarmy.MaxArmies)
	}
	return b
}
