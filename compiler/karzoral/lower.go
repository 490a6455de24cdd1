package karzoral

import (
	"fmt"
	"sort"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// lower turns a scenario that vetted without errors into a plan. Every reference is resolved to an
// index; order is deterministic: blocks, events, objectives and episodes in source order, armies,
// encounters, boxes and flags sorted by name. It fails only on an inconsistency the checks should
// have reported (a bug, not a user error).
func lower(s *Scenario, src sourced) (*plan.Plan, error) {
	l := &lowerer{s: s, blocks: map[string]int{}, armies: map[string]int{}, encounters: map[string]int{}, flags: map[string]int{}}
	p := &plan.Plan{
		Format:  plan.Format,
		Version: plan.Version,
		Scenario: plan.Meta{
			ID: s.ID.V, Title: s.Title.V, Rules: s.Rules.V, Version: s.Version.V,
		},
		DayLimit:  s.DayLimit.V,
		NightRaid: -1,
	}
	p.SourceHash, p.Sources = src.SourceHash()

	// Indices first: blocks in source order, armies and encounters by ID, flags by name.
	for i, b := range s.Field.Blocks {
		l.blocks[b.ID] = i
	}
	armies := append([]*Army(nil), s.Armies...)
	sort.Slice(armies, func(i, j int) bool { return armies[i].ID < armies[j].ID })
	for i, a := range armies {
		l.armies[a.ID] = i
	}
	encounters := append([]*Encounter(nil), s.Encounters...)
	sort.Slice(encounters, func(i, j int) bool { return encounters[i].ID < encounters[j].ID })
	for i, e := range encounters {
		l.encounters[e.ID] = i
	}
	p.Flags = collectFlags(s)
	for i, f := range p.Flags {
		l.flags[f] = i
	}

	p.Field = l.field()
	start, err := l.block(s.Party.Start)
	if err != nil {
		return nil, err
	}
	p.Party = plan.Party{Start: start, Members: s.Party.Members.V, Rations: s.Party.Rations.V}

	p.Armies = make([]plan.Army, 0, len(armies))
	for _, a := range armies {
		pa := plan.Army{
			ID: a.ID, Name: a.Name.V, Side: a.Side.V, Strength: a.Strength.V, Speed: a.Speed.V,
			Morale: a.Morale.V, Training: a.Training.V, Support: a.Support, Encounter: -1, Reserve: a.Reserve,
			Route: make([]int, 0, len(a.Route)),
		}
		for _, r := range a.Route {
			i, err := l.block(r)
			if err != nil {
				return nil, err
			}
			pa.Route = append(pa.Route, i)
		}
		if a.Encounter.OK {
			if pa.Encounter, err = l.encounter(a.Encounter); err != nil {
				return nil, err
			}
		}
		p.Armies = append(p.Armies, pa)
	}

	p.Encounters = make([]plan.Encounter, 0, len(encounters))
	for _, e := range encounters {
		pe := plan.Encounter{ID: e.ID, Title: e.Title.V, Monsters: make([]plan.Monster, 0, len(e.Monsters))}
		for _, m := range e.Monsters {
			pe.Monsters = append(pe.Monsters, plan.Monster{Name: m.Name, Level: m.Level, Count: m.Count, Leader: m.Leader, Named: m.Named})
		}
		p.Encounters = append(p.Encounters, pe)
	}

	p.Events = make([]plan.Event, 0, len(s.Events))
	for _, e := range s.Events {
		pe := plan.Event{ID: e.ID, Once: e.Once}
		switch {
		case e.Enter.OK:
			b, err := l.block(e.Enter)
			if err != nil {
				return nil, err
			}
			pe.On = plan.Trigger{Kind: plan.OnEnter, Block: b}
		case e.Day.OK:
			pe.On = plan.Trigger{Kind: plan.OnDay, Day: e.Day.V}
		default:
			return nil, fmt.Errorf("event %s has no trigger", e.ID)
		}
		if e.If != nil {
			c, err := l.cond(e.If)
			if err != nil {
				return nil, err
			}
			pe.If = &c
		}
		if pe.Do, err = l.actions(e.Do); err != nil {
			return nil, err
		}
		p.Events = append(p.Events, pe)
	}

	p.Objectives = make([]plan.Objective, 0, len(s.Objectives))
	for _, o := range s.Objectives {
		if o.When == nil {
			return nil, fmt.Errorf("objective %s has no when", o.ID)
		}
		w, err := l.when(o.When)
		if err != nil {
			return nil, err
		}
		p.Objectives = append(p.Objectives, plan.Objective{ID: o.ID, When: w, Outcome: o.Outcome.V, XP: o.XP.V, Say: o.Say.V})
	}

	p.Episodes = make([]plan.Episode, 0, len(s.Episodes))
	for _, ep := range s.Episodes {
		do, err := l.actions(ep.Do)
		if err != nil {
			return nil, err
		}
		if len(do) == 0 {
			do = nil // omitted
		}
		p.Episodes = append(p.Episodes, plan.Episode{Say: ep.Say.V, Do: do})
	}

	if s.NightRaid.OK {
		if p.NightRaid, err = l.encounter(s.NightRaid); err != nil {
			return nil, err
		}
	}
	if err := l.karzoral(p); err != nil {
		return nil, err
	}
	return p, nil
}

type lowerer struct {
	s                                 *Scenario
	blocks, armies, encounters, flags map[string]int
}

func (l *lowerer) block(r Str) (int, error) {
	if i, ok := l.blocks[r.V]; ok && r.OK {
		return i, nil
	}
	return 0, fmt.Errorf("unresolved block %q at %s", r.V, r.Pos)
}

func (l *lowerer) army(r Str) (int, error) {
	if i, ok := l.armies[r.V]; ok && r.OK {
		return i, nil
	}
	return 0, fmt.Errorf("unresolved army %q at %s", r.V, r.Pos)
}

func (l *lowerer) encounter(r Str) (int, error) {
	if i, ok := l.encounters[r.V]; ok && r.OK {
		return i, nil
	}
	return 0, fmt.Errorf("unresolved encounter %q at %s", r.V, r.Pos)
}

func (l *lowerer) flag(r Str) (int, error) {
	if i, ok := l.flags[r.V]; ok && r.OK {
		return i, nil
	}
	return 0, fmt.Errorf("unresolved flag %q at %s", r.V, r.Pos)
}

// field lowers the blocks with their exits (one-way entry resolved, K-32), the boxes and the
// bounding box.
func (l *lowerer) field() plan.Field {
	s := l.s
	f := plan.Field{Grid: s.Field.Grid.V, Blocks: make([]plan.Block, 0, len(s.Field.Blocks)), Boxes: []plan.Box{}}
	if f.Grid == "" {
		f.Grid = "square"
	}
	at := map[[2]int]int{}
	boxIndex := map[string]int{}
	var boxNames []string
	for i, b := range s.Field.Blocks {
		at[b.At] = i
		if b.Box.OK {
			if _, ok := boxIndex[b.Box.V]; !ok {
				boxIndex[b.Box.V] = 0
				boxNames = append(boxNames, b.Box.V)
			}
		}
		if i == 0 {
			f.MinX, f.MaxX, f.MinY, f.MaxY = b.At[0], b.At[0], b.At[1], b.At[1]
		}
		f.MinX, f.MaxX = min(f.MinX, b.At[0]), max(f.MaxX, b.At[0])
		f.MinY, f.MaxY = min(f.MinY, b.At[1]), max(f.MaxY, b.At[1])
	}
	sort.Strings(boxNames)
	for i, name := range boxNames {
		boxIndex[name] = i
		f.Boxes = append(f.Boxes, plan.Box{Name: name, Blocks: []int{}})
	}
	for i, b := range s.Field.Blocks {
		pb := plan.Block{
			ID: b.ID, Name: b.Name.V, Kind: b.Kind.V, Terrain: b.Terrain.V, At: b.At, Box: -1, Dark: b.Dark,
			EnterFrom: b.EnterFrom,
		}
		if pb.Kind == "" {
			pb.Kind = "block"
		}
		if b.Box.OK {
			pb.Box = boxIndex[b.Box.V]
			f.Boxes[pb.Box].Blocks = append(f.Boxes[pb.Box].Blocks, i) // ascending: i grows
		}
		for _, d := range plan.Dirs {
			dx, dy := d.Delta()
			j, ok := at[[2]int{b.At[0] + dx, b.At[1] + dy}]
			if !ok {
				pb.Exits[d] = plan.Exit{To: -1}
				continue
			}
			pb.Exits[d] = plan.Exit{To: j, Open: s.Field.Blocks[j].Enterable(d.Opposite())}
		}
		f.Blocks = append(f.Blocks, pb)
	}
	return f
}

// when lowers an objective's when: all of its given fields must hold (enter is CondAt).
func (l *lowerer) when(w *Cond) (plan.Cond, error) {
	all := plan.Cond{Op: plan.CondAll, Args: []plan.Cond{}}
	if w.Enter.OK {
		b, err := l.block(w.Enter)
		if err != nil {
			return all, err
		}
		all.Args = append(all.Args, plan.Cond{Op: plan.CondAt, Block: b})
	}
	parts, err := l.parts(w)
	if err != nil {
		return all, err
	}
	all.Args = append(all.Args, parts...)
	return all, nil
}

// cond lowers a #Cond, which gives exactly one test (R002).
func (l *lowerer) cond(c *Cond) (plan.Cond, error) {
	parts, err := l.parts(c)
	if err != nil {
		return plan.Cond{}, err
	}
	if len(parts) != 1 {
		return plan.Cond{}, fmt.Errorf("condition at %s gives %d tests", c.Pos, len(parts))
	}
	return parts[0], nil
}

// parts lowers each test a condition gives, in schema order (enter excepted).
func (l *lowerer) parts(c *Cond) ([]plan.Cond, error) {
	var out []plan.Cond
	if c.Flag.OK {
		i, err := l.flag(c.Flag)
		if err != nil {
			return nil, err
		}
		out = append(out, plan.Cond{Op: plan.CondFlag, Flag: i})
	}
	if c.Not != nil {
		x, err := l.cond(c.Not)
		if err != nil {
			return nil, err
		}
		out = append(out, plan.Cond{Op: plan.CondNot, Args: []plan.Cond{x}})
	}
	for _, g := range []struct {
		has  bool
		op   plan.CondOp
		args []*Cond
	}{{c.HasAll, plan.CondAll, c.All}, {c.HasAny, plan.CondAny, c.Any}} {
		if !g.has {
			continue
		}
		x := plan.Cond{Op: g.op, Args: []plan.Cond{}}
		for _, a := range g.args {
			y, err := l.cond(a)
			if err != nil {
				return nil, err
			}
			x.Args = append(x.Args, y)
		}
		out = append(out, x)
	}
	if c.At.OK {
		b, err := l.block(c.At)
		if err != nil {
			return nil, err
		}
		out = append(out, plan.Cond{Op: plan.CondAt, Block: b})
	}
	if c.Day.OK {
		out = append(out, plan.Cond{Op: plan.CondDay, Day: c.Day.V})
	}
	if c.ArmyGone.OK {
		a, err := l.army(c.ArmyGone)
		if err != nil {
			return nil, err
		}
		out = append(out, plan.Cond{Op: plan.CondArmyGone, Army: a})
	}
	return out, nil
}

// actions lowers a list of actions (never nil), each with exactly one verb (R002); army with
// strength is ActStrength.
func (l *lowerer) actions(as []*Action) ([]plan.Action, error) {
	out := make([]plan.Action, 0, len(as))
	for _, a := range as {
		var pa plan.Action
		var err error
		switch {
		case a.Say.OK:
			pa = plan.Action{Op: plan.ActSay, Text: a.Say.V}
		case a.Set.OK:
			pa.Op = plan.ActSet
			pa.Flag, err = l.flag(a.Set)
		case a.Clear.OK:
			pa.Op = plan.ActClear
			pa.Flag, err = l.flag(a.Clear)
		case a.Battle.OK:
			pa.Op = plan.ActBattle
			pa.Encounter, err = l.encounter(a.Battle)
		case a.Army.OK && a.Strength.OK:
			pa = plan.Action{Op: plan.ActStrength, Delta: a.Strength.V}
			pa.Army, err = l.army(a.Army)
		case a.Spawn.OK:
			pa.Op = plan.ActSpawn
			pa.Army, err = l.army(a.Spawn)
		case a.Remove.OK:
			pa.Op = plan.ActRemove
			pa.Army, err = l.army(a.Remove)
		case a.End.OK:
			pa = plan.Action{Op: plan.ActEnd, Outcome: a.End.V}
		case a.Reveal.OK:
			pa.Op = plan.ActReveal
			pa.Army, err = l.army(a.Reveal)
		case a.Survey:
			pa.Op = plan.ActSurvey
		case a.Check != nil:
			pa.Op = plan.ActCheck
			pa.Check, err = l.check(a.Check)
		default:
			err = fmt.Errorf("action at %s has no verb", a.Pos)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, pa)
	}
	return out, nil
}

// collectFlags returns every flag name the scenario sets, clears or reads, sorted.
func collectFlags(s *Scenario) []string {
	seen := map[string]bool{}
	forEachAction(s, func(a *Action) {
		for _, f := range []Str{a.Set, a.Clear} {
			if f.OK {
				seen[f.V] = true
			}
		}
	})
	forEachCond(s, func(c *Cond) {
		if c.Flag.OK {
			seen[c.Flag.V] = true
		}
	})
	out := make([]string, 0, len(seen))
	for f := range seen {
		out = append(out, f)
	}
	sort.Strings(out)
	return out
}
