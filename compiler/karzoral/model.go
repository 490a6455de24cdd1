package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The model is the scenario as the checks see it: Go values with the position of each in the
// author's files. It is decoded best-effort from the author's value (so checks also run on a
// scenario with schema errors): a field that is absent or has the wrong type has OK false, and a
// field the author left out takes the schema's default from the unified value.

// Scenario is a decoded scenario.
type Scenario struct {
	Pos           diag.Pos // the top of the first file
	ID            Str
	Title         Str
	Rules         Str
	Version       Int
	DayLimit      Int
	Party         Party
	Field         Field
	Armies        []*Army      // source order
	Encounters    []*Encounter // source order
	Events        []*Event     // source order
	Objectives    []*Objective // source order
	ObjectivesPos diag.Pos     // the objectives field, or Pos when absent
	Episodes      []*Episode
	NightRaid     Str
	// Declared lists the entity declarations in the author's files, duplicates included
	// (R006); CUE merges duplicates, so the decoded entities cannot show them.
	Declared []Declared
	K        Karzoral // the campaign add-ons (model_karzoral.go)
}

// Party is the party at the start.
type Party struct {
	Start   Str
	Members Int
	Rations Int
}

// Field is the map.
type Field struct {
	Grid   Str
	Blocks []*Block // source order
}

// Block is one cell of the field.
type Block struct {
	ID        string
	Pos       diag.Pos // the block's label
	At        [2]int
	AtPos     diag.Pos
	AtOK      bool
	Kind      Str
	Terrain   Str
	Name      Str
	Box       Str
	Dark      bool
	EnterFrom []plan.Dir // sides it may be entered from; nil or empty: any (K-32)
}

// Enterable reports whether the block may be entered from side (K-32).
func (b *Block) Enterable(side plan.Dir) bool {
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

// Army is a friendly or enemy army.
type Army struct {
	ID        string
	Pos       diag.Pos
	Side      Str
	Name      Str
	Strength  Int
	Route     []Str
	Speed     Int
	Morale    Str
	Training  Str
	Support   []string
	Encounter Str
	Reserve   bool
}

// Encounter is a group of monsters.
type Encounter struct {
	ID       string
	Pos      diag.Pos
	Title    Str
	Monsters []Monster
}

// Monster is one line of an encounter.
type Monster struct {
	Name   string
	Level  int
	Count  int
	Leader bool
	Named  bool
}

// Event is a scenario event (K-33).
type Event struct {
	ID    string
	Pos   diag.Pos
	OnPos diag.Pos // the `on` field, or Pos
	Enter Str      // on.enter
	Day   Int      // on.day
	// OnUnknown: on has fields the schema does not know (S001).
	OnUnknown bool
	Once      bool
	If        *Cond
	Do        []*Action
	DoSet     bool // do is written (a list, possibly empty)
}

// Cond is a condition (#Cond) or an objective's when (#When, which also has Enter and may give
// several fields, all of which must hold).
type Cond struct {
	Pos      diag.Pos
	Flag     Str
	Not      *Cond
	All      []*Cond
	HasAll   bool
	Any      []*Cond
	HasAny   bool
	At       Str
	Day      Int
	ArmyGone Str
	Enter    Str  // #When only
	Unknown  bool // the author's struct has fields the schema does not know (S001)
}

// Given returns the names of the fields the condition gives, in schema order.
func (c *Cond) Given() []string {
	var out []string
	if c.Enter.Set {
		out = append(out, "enter")
	}
	if c.Flag.Set {
		out = append(out, "flag")
	}
	if c.Not != nil {
		out = append(out, "not")
	}
	if c.HasAll {
		out = append(out, "all")
	}
	if c.HasAny {
		out = append(out, "any")
	}
	if c.At.Set {
		out = append(out, "at")
	}
	if c.Day.Set {
		out = append(out, "day")
	}
	if c.ArmyGone.Set {
		out = append(out, "armyGone")
	}
	return out
}

// Walk calls f for c and every condition nested in it.
func (c *Cond) Walk(f func(*Cond)) {
	if c == nil {
		return
	}
	f(c)
	c.Not.Walk(f)
	for _, x := range c.All {
		x.Walk(f)
	}
	for _, x := range c.Any {
		x.Walk(f)
	}
}

// Action is one step of an event or episode. Exactly one verb is given (army with strength).
type Action struct {
	Pos      diag.Pos
	Say      Str
	Set      Str
	Clear    Str
	Battle   Str
	Army     Str
	Strength Int
	Spawn    Str
	Remove   Str
	End      Str
	Reveal   Str        // K-23: an army id
	Survey   bool       // K-23: the aerial survey
	Check    *CheckSpec // K-4, K-51: an event's check (model_check.go)
	Unknown  bool       // the author's struct has fields the schema does not know (S001)
}

// Verbs returns the verbs the action gives, in schema order; army and strength count as one
// ("army") when both are given.
func (a *Action) Verbs() []string {
	var out []string
	if a.Say.Set {
		out = append(out, "say")
	}
	if a.Set.Set {
		out = append(out, "set")
	}
	if a.Clear.Set {
		out = append(out, "clear")
	}
	if a.Battle.Set {
		out = append(out, "battle")
	}
	switch {
	case a.Army.Set && a.Strength.Set:
		out = append(out, "army")
	case a.Army.Set:
		out = append(out, "army (without strength)")
	case a.Strength.Set:
		out = append(out, "strength (without army)")
	}
	if a.Spawn.Set {
		out = append(out, "spawn")
	}
	if a.Remove.Set {
		out = append(out, "remove")
	}
	if a.End.Set {
		out = append(out, "end")
	}
	if a.Reveal.Set {
		out = append(out, "reveal")
	}
	if a.Survey {
		out = append(out, "survey")
	}
	if a.Check != nil {
		out = append(out, "check")
	}
	return out
}

// Objective ends the scenario or marks its midpoint.
type Objective struct {
	ID      string
	Pos     diag.Pos
	When    *Cond
	Outcome Str
	XP      Int
	Say     Str
}

// Episode is one face of the episode table.
type Episode struct {
	Pos diag.Pos
	Say Str
	Do  []*Action
}

// decode reads the scenario; root is the position of the top of the scenario.
func (dc *decoder) decode(n node, root diag.Pos) *Scenario {
	s := &Scenario{Pos: root}
	s.ID = dc.str(n.Get("id"))
	s.Title = dc.str(n.Get("title"))
	s.Rules = dc.str(n.Get("rules"))
	s.Version = dc.int(n.Get("version"))
	s.DayLimit = dc.int(n.Get("days").Get("limit"))

	p := n.Get("party")
	s.Party = Party{Start: dc.str(p.Get("start")), Members: dc.int(p.Get("members")), Rations: dc.int(p.Get("rations"))}

	f := n.Get("field")
	s.Field.Grid = dc.str(f.Get("grid"))
	f.Get("blocks").Fields(func(id string, b node) { s.Field.Blocks = append(s.Field.Blocks, dc.block(id, b)) })
	n.Get("armies").Fields(func(id string, a node) { s.Armies = append(s.Armies, dc.army(id, a)) })
	n.Get("encounters").Fields(func(id string, e node) { s.Encounters = append(s.Encounters, dc.encounter(id, e)) })
	n.Get("events").Fields(func(id string, e node) { s.Events = append(s.Events, dc.event(id, e)) })
	objs := n.Get("objectives")
	s.ObjectivesPos = root
	if objs.Exists() {
		s.ObjectivesPos = dc.label(objs)
	}
	objs.Fields(func(id string, o node) {
		s.Objectives = append(s.Objectives, &Objective{
			ID: id, Pos: dc.label(o), When: dc.cond(o.Get("when"), true, 0),
			Outcome: dc.str(o.Get("outcome")), XP: dc.int(o.Get("xp")), Say: dc.str(o.Get("say")),
		})
	})
	n.Get("episodes").Elems(func(_ int, e node) {
		s.Episodes = append(s.Episodes, &Episode{Pos: dc.pos(e), Say: dc.str(e.Get("say")), Do: dc.actions(e.Get("do"))})
	})
	s.NightRaid = dc.str(n.Get("nightRaid"))
	dc.karzoral(n, s)
	return s
}

func (dc *decoder) block(id string, n node) *Block {
	b := &Block{
		ID: id, Pos: dc.label(n),
		Kind: dc.str(n.Get("kind")), Terrain: dc.str(n.Get("terrain")), Name: dc.str(n.Get("name")),
		Box: dc.str(n.Get("box")), Dark: dc.bool(n.Get("dark")),
	}
	at := n.Get("at")
	b.AtPos = dc.pos(at)
	var xy []int
	ok := true
	at.Elems(func(_ int, e node) {
		i := dc.int(e)
		ok = ok && i.OK
		xy = append(xy, i.V)
	})
	if ok && len(xy) == 2 {
		b.At, b.AtOK = [2]int{xy[0], xy[1]}, true
	}
	n.Get("enterFrom").Elems(func(_ int, e node) {
		if s := dc.str(e); s.OK {
			if d, ok := plan.ParseDir(s.V); ok {
				b.EnterFrom = append(b.EnterFrom, d)
			}
		}
	})
	return b
}

func (dc *decoder) army(id string, n node) *Army {
	a := &Army{
		ID: id, Pos: dc.label(n),
		Side: dc.str(n.Get("side")), Name: dc.str(n.Get("name")), Strength: dc.int(n.Get("strength")),
		Speed: dc.int(n.Get("speed")), Morale: dc.str(n.Get("morale")), Training: dc.str(n.Get("training")),
		Encounter: dc.str(n.Get("encounter")), Reserve: dc.bool(n.Get("reserve")),
	}
	n.Get("route").Elems(func(_ int, e node) { a.Route = append(a.Route, dc.str(e)) })
	n.Get("support").Elems(func(_ int, e node) {
		if s := dc.str(e); s.OK {
			a.Support = append(a.Support, s.V)
		}
	})
	return a
}

func (dc *decoder) encounter(id string, n node) *Encounter {
	e := &Encounter{ID: id, Pos: dc.label(n), Title: dc.str(n.Get("title"))}
	n.Get("monsters").Elems(func(_ int, m node) {
		e.Monsters = append(e.Monsters, Monster{
			Name: dc.str(m.Get("name")).V, Level: dc.int(m.Get("level")).V, Count: dc.int(m.Get("count")).V,
			Leader: dc.bool(m.Get("leader")), Named: dc.bool(m.Get("named")),
		})
	})
	return e
}

func (dc *decoder) event(id string, n node) *Event {
	e := &Event{ID: id, Pos: dc.label(n), Once: dc.bool(n.Get("once"))}
	on := n.Get("on")
	e.OnPos = e.Pos
	if on.Exists() {
		e.OnPos = dc.label(on)
	}
	e.OnUnknown = on.HasOther("enter", "day")
	e.Enter = dc.str(on.Get("enter"))
	e.Day = dc.int(on.Get("day"))
	if c := n.Get("if"); c.Exists() {
		e.If = dc.cond(c, false, 0)
	}
	e.Do = dc.actions(n.Get("do"))
	e.DoSet = n.Get("do").IsList()
	return e
}

var (
	condFields   = []string{"flag", "not", "all", "any", "at", "day", "armyGone"}
	actionFields = []string{"say", "set", "clear", "battle", "army", "strength", "spawn", "remove", "end", "check"}
)

// maxCondDepth bounds the nesting of conditions the decoder follows.
const maxCondDepth = compiler.MaxCondDepth

// cond decodes a #Cond, or a #When when when is true. It returns nil when n is absent.
func (dc *decoder) cond(n node, when bool, depth int) *Cond {
	if !n.Exists() || depth > maxCondDepth {
		return nil
	}
	c := &Cond{Pos: dc.pos(n), Unknown: n.HasOther(condFields...)}
	if when {
		c.Enter = dc.str(n.Get("enter"))
		c.Unknown = n.HasOther(append(condFields, "enter")...)
	}
	if !n.IsStruct() {
		return c
	}
	c.Flag = dc.str(n.Get("flag"))
	c.Not = dc.cond(n.Get("not"), false, depth+1)
	if x := n.Get("all"); x.Exists() {
		c.HasAll = true
		x.Elems(func(_ int, e node) {
			if sub := dc.cond(e, false, depth+1); sub != nil {
				c.All = append(c.All, sub)
			}
		})
	}
	if x := n.Get("any"); x.Exists() {
		c.HasAny = true
		x.Elems(func(_ int, e node) {
			if sub := dc.cond(e, false, depth+1); sub != nil {
				c.Any = append(c.Any, sub)
			}
		})
	}
	c.At = dc.str(n.Get("at"))
	c.Day = dc.int(n.Get("day"))
	c.ArmyGone = dc.str(n.Get("armyGone"))
	return c
}

func (dc *decoder) actions(n node) []*Action { return dc.actionsAt(n, 0) }

// actionsAt decodes a list of actions nested depth checks deep (a check's pass and fail hold
// actions); past maxCondDepth the nested lists are not followed.
func (dc *decoder) actionsAt(n node, depth int) []*Action {
	var out []*Action
	n.Elems(func(_ int, a node) {
		out = append(out, &Action{
			Pos: dc.pos(a), Unknown: a.HasOther(actionFields...),
			Say: dc.str(a.Get("say")), Set: dc.str(a.Get("set")), Clear: dc.str(a.Get("clear")),
			Battle: dc.str(a.Get("battle")), Army: dc.str(a.Get("army")), Strength: dc.int(a.Get("strength")),
			Spawn: dc.str(a.Get("spawn")), Remove: dc.str(a.Get("remove")), End: dc.str(a.Get("end")),
			Reveal: dc.str(a.Get("reveal")), Survey: dc.bool(a.Get("survey")),
			Check: dc.check(a.Get("check"), depth),
		})
	})
	return out
}
