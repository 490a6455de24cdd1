package compiler

import (
	"math"

	cueerrors "cuelang.org/go/cue/errors"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The model is the scenario as the checks see it: Go values with the position of each in the
// author's files. It is decoded best-effort from the author's value (so checks also run on a
// scenario with schema errors): a field that is absent or has the wrong type has OK false, and a
// field the author left out takes the schema's default from the unified value.

// Str is a string value and where it is written.
type Str struct {
	V   string
	Pos diag.Pos
	OK  bool // a string, given by the author or the schema's default
	Set bool // written by the author (whether or not it is a valid string)
}

// Int is an integer value and where it is written.
type Int struct {
	V   int
	Pos diag.Pos
	OK  bool // an integer, given by the author or the schema's default
	Set bool // written by the author
}

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

// decoder reads the model from the author's value v, with defaults from the unified value u.
type decoder struct {
	nm *namer
	// strict: the schema found errors, so a value whose unified value is an error (out of
	// range, the wrong type) is read as not OK: the checks then leave it alone, and do not report
	// what follows from it (a block off its coordinate, issue 11).
	strict bool
}

// bad reports whether n's value is an error once the schema is applied (strict decoders only).
func (dc *decoder) bad(n node) bool {
	if !dc.strict || !n.exists() {
		return false
	}
	u := n.unified()
	if !u.Exists() || u.Err() == nil {
		return false
	}
	// Under a key the schema refuses (S001) every value is an error too, which says nothing of
	// the value itself.
	for _, e := range cueerrors.Errors(u.Err()) {
		if format, _ := e.Msg(); format != "field not allowed" {
			return true
		}
	}
	return false
}

func (dc *decoder) pos(n node) diag.Pos {
	if n.tree {
		if n.d == nil {
			return diag.Pos{}
		}
		return n.d.value
	}
	return dc.nm.valuePos(n.v)
}

func (dc *decoder) label(n node) diag.Pos {
	if n.tree {
		if n.d == nil {
			return diag.Pos{}
		}
		return n.d.label
	}
	return dc.nm.labelPos(n.v)
}

func (dc *decoder) str(n node) Str {
	out := Str{Pos: dc.pos(n), Set: n.exists()}
	if v, ok := n.value(); ok && !dc.bad(n) {
		if s, err := v.String(); err == nil {
			out.V, out.OK = s, true
		}
	}
	return out
}

func (dc *decoder) int(n node) Int {
	out := Int{Pos: dc.pos(n), Set: n.exists()}
	if v, ok := n.value(); ok && !dc.bad(n) {
		if i, err := v.Int64(); err == nil && i >= math.MinInt32 && i <= math.MaxInt32 {
			out.V, out.OK = int(i), true
		}
	}
	return out
}

func (dc *decoder) bool(n node) bool {
	if v, ok := n.value(); ok {
		b, err := v.Bool()
		return err == nil && b
	}
	return false
}

// decode reads the scenario; root is the position of the top of the scenario.
func (dc *decoder) decode(n node, root diag.Pos) *Scenario {
	s := &Scenario{Pos: root}
	s.ID = dc.str(n.get("id"))
	s.Title = dc.str(n.get("title"))
	s.Rules = dc.str(n.get("rules"))
	s.Version = dc.int(n.get("version"))
	s.DayLimit = dc.int(n.get("days").get("limit"))

	p := n.get("party")
	s.Party = Party{Start: dc.str(p.get("start")), Members: dc.int(p.get("members")), Rations: dc.int(p.get("rations"))}

	f := n.get("field")
	s.Field.Grid = dc.str(f.get("grid"))
	f.get("blocks").fields(func(id string, b node) { s.Field.Blocks = append(s.Field.Blocks, dc.block(id, b)) })
	n.get("armies").fields(func(id string, a node) { s.Armies = append(s.Armies, dc.army(id, a)) })
	n.get("encounters").fields(func(id string, e node) { s.Encounters = append(s.Encounters, dc.encounter(id, e)) })
	n.get("events").fields(func(id string, e node) { s.Events = append(s.Events, dc.event(id, e)) })
	objs := n.get("objectives")
	s.ObjectivesPos = root
	if objs.exists() {
		s.ObjectivesPos = dc.label(objs)
	}
	objs.fields(func(id string, o node) {
		s.Objectives = append(s.Objectives, &Objective{
			ID: id, Pos: dc.label(o), When: dc.cond(o.get("when"), true, 0),
			Outcome: dc.str(o.get("outcome")), XP: dc.int(o.get("xp")), Say: dc.str(o.get("say")),
		})
	})
	n.get("episodes").elems(func(_ int, e node) {
		s.Episodes = append(s.Episodes, &Episode{Pos: dc.pos(e), Say: dc.str(e.get("say")), Do: dc.actions(e.get("do"))})
	})
	s.NightRaid = dc.str(n.get("nightRaid"))
	dc.karzoral(n, s)
	return s
}

func (dc *decoder) block(id string, n node) *Block {
	b := &Block{
		ID: id, Pos: dc.label(n),
		Kind: dc.str(n.get("kind")), Terrain: dc.str(n.get("terrain")), Name: dc.str(n.get("name")),
		Box: dc.str(n.get("box")), Dark: dc.bool(n.get("dark")),
	}
	at := n.get("at")
	b.AtPos = dc.pos(at)
	var xy []int
	ok := true
	at.elems(func(_ int, e node) {
		i := dc.int(e)
		ok = ok && i.OK
		xy = append(xy, i.V)
	})
	if ok && len(xy) == 2 {
		b.At, b.AtOK = [2]int{xy[0], xy[1]}, true
	}
	n.get("enterFrom").elems(func(_ int, e node) {
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
		Side: dc.str(n.get("side")), Name: dc.str(n.get("name")), Strength: dc.int(n.get("strength")),
		Speed: dc.int(n.get("speed")), Morale: dc.str(n.get("morale")), Training: dc.str(n.get("training")),
		Encounter: dc.str(n.get("encounter")), Reserve: dc.bool(n.get("reserve")),
	}
	n.get("route").elems(func(_ int, e node) { a.Route = append(a.Route, dc.str(e)) })
	n.get("support").elems(func(_ int, e node) {
		if s := dc.str(e); s.OK {
			a.Support = append(a.Support, s.V)
		}
	})
	return a
}

func (dc *decoder) encounter(id string, n node) *Encounter {
	e := &Encounter{ID: id, Pos: dc.label(n), Title: dc.str(n.get("title"))}
	n.get("monsters").elems(func(_ int, m node) {
		e.Monsters = append(e.Monsters, Monster{
			Name: dc.str(m.get("name")).V, Level: dc.int(m.get("level")).V, Count: dc.int(m.get("count")).V,
			Leader: dc.bool(m.get("leader")), Named: dc.bool(m.get("named")),
		})
	})
	return e
}

func (dc *decoder) event(id string, n node) *Event {
	e := &Event{ID: id, Pos: dc.label(n), Once: dc.bool(n.get("once"))}
	on := n.get("on")
	e.OnPos = e.Pos
	if on.exists() {
		e.OnPos = dc.label(on)
	}
	e.OnUnknown = on.hasOther("enter", "day")
	e.Enter = dc.str(on.get("enter"))
	e.Day = dc.int(on.get("day"))
	if c := n.get("if"); c.exists() {
		e.If = dc.cond(c, false, 0)
	}
	e.Do = dc.actions(n.get("do"))
	e.DoSet = n.get("do").isList()
	return e
}

var (
	condFields   = []string{"flag", "not", "all", "any", "at", "day", "armyGone"}
	actionFields = []string{"say", "set", "clear", "battle", "army", "strength", "spawn", "remove", "end", "check"}
)

// maxCondDepth bounds the nesting of conditions the decoder follows.
const maxCondDepth = 64

// cond decodes a #Cond, or a #When when when is true. It returns nil when n is absent.
func (dc *decoder) cond(n node, when bool, depth int) *Cond {
	if !n.exists() || depth > maxCondDepth {
		return nil
	}
	c := &Cond{Pos: dc.pos(n), Unknown: n.hasOther(condFields...)}
	if when {
		c.Enter = dc.str(n.get("enter"))
		c.Unknown = n.hasOther(append(condFields, "enter")...)
	}
	if !n.isStruct() {
		return c
	}
	c.Flag = dc.str(n.get("flag"))
	c.Not = dc.cond(n.get("not"), false, depth+1)
	if x := n.get("all"); x.exists() {
		c.HasAll = true
		x.elems(func(_ int, e node) {
			if sub := dc.cond(e, false, depth+1); sub != nil {
				c.All = append(c.All, sub)
			}
		})
	}
	if x := n.get("any"); x.exists() {
		c.HasAny = true
		x.elems(func(_ int, e node) {
			if sub := dc.cond(e, false, depth+1); sub != nil {
				c.Any = append(c.Any, sub)
			}
		})
	}
	c.At = dc.str(n.get("at"))
	c.Day = dc.int(n.get("day"))
	c.ArmyGone = dc.str(n.get("armyGone"))
	return c
}

func (dc *decoder) actions(n node) []*Action { return dc.actionsAt(n, 0) }

// actionsAt decodes a list of actions nested depth checks deep (a check's pass and fail hold
// actions); past maxCondDepth the nested lists are not followed.
func (dc *decoder) actionsAt(n node, depth int) []*Action {
	var out []*Action
	n.elems(func(_ int, a node) {
		out = append(out, &Action{
			Pos: dc.pos(a), Unknown: a.hasOther(actionFields...),
			Say: dc.str(a.get("say")), Set: dc.str(a.get("set")), Clear: dc.str(a.get("clear")),
			Battle: dc.str(a.get("battle")), Army: dc.str(a.get("army")), Strength: dc.int(a.get("strength")),
			Spawn: dc.str(a.get("spawn")), Remove: dc.str(a.get("remove")), End: dc.str(a.get("end")),
			Reveal: dc.str(a.get("reveal")), Survey: dc.bool(a.get("survey")),
			Check: dc.check(a.get("check"), depth),
		})
	})
	return out
}
