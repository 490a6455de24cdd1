package karzoral

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// Hand-built plans for the tests, written the way the compiler lowers a scenario (plan.go is the
// contract): blocks in source order with exits resolved (K-17, K-32), boxes sorted by name, armies
// sorted by ID, six episodes.

type bspec struct {
	id      string
	x, y    int
	kind    string // "" means "block"
	terrain string
	box     string
	from    []plan.Dir // enterFrom
}

// mkPlan builds a plan over blocks; the party starts on the first block with 5 members and 100
// rations; 12 days; no armies, events or objectives; no night raid.
func mkPlan(blocks ...bspec) *plan.Plan {
	p := &plan.Plan{
		Format: plan.Format, Version: plan.Version,
		Scenario:  plan.Meta{ID: "test", Title: "Test field", Rules: "karzoral", Version: 1},
		DayLimit:  12,
		Party:     plan.Party{Start: 0, Members: 5, Rations: 100},
		Field:     plan.Field{Grid: "square"},
		NightRaid: -1,
	}
	var boxNames []string
	for _, b := range blocks {
		if b.box != "" && !slices.Contains(boxNames, b.box) {
			boxNames = append(boxNames, b.box)
		}
	}
	sort.Strings(boxNames)
	for _, n := range boxNames {
		p.Field.Boxes = append(p.Field.Boxes, plan.Box{Name: n})
	}
	at := map[[2]int]int{}
	for i, b := range blocks {
		kind := b.kind
		if kind == "" {
			kind = "block"
		}
		blk := plan.Block{ID: b.id, Kind: kind, Terrain: b.terrain, At: [2]int{b.x, b.y}, Box: -1, EnterFrom: b.from}
		for k, n := range boxNames {
			if n == b.box {
				blk.Box = k
				p.Field.Boxes[k].Blocks = append(p.Field.Boxes[k].Blocks, i)
			}
		}
		p.Field.Blocks = append(p.Field.Blocks, blk)
		at[blk.At] = i
		if i == 0 {
			p.Field.MinX, p.Field.MaxX, p.Field.MinY, p.Field.MaxY = b.x, b.x, b.y, b.y
		}
		p.Field.MinX, p.Field.MaxX = min(p.Field.MinX, b.x), max(p.Field.MaxX, b.x)
		p.Field.MinY, p.Field.MaxY = min(p.Field.MinY, b.y), max(p.Field.MaxY, b.y)
	}
	for i := range p.Field.Blocks {
		blk := &p.Field.Blocks[i]
		for _, d := range plan.Dirs {
			dx, dy := d.Delta()
			to, ok := at[[2]int{blk.At[0] + dx, blk.At[1] + dy}]
			if !ok {
				blk.Exits[d] = plan.Exit{To: -1}
				continue
			}
			// Moving in direction d enters the target from the opposite side (K-32).
			tgt := &blocks[to]
			open := len(tgt.from) == 0
			for _, f := range tgt.from {
				if f == d.Opposite() {
					open = true
				}
			}
			blk.Exits[d] = plan.Exit{To: to, Open: open}
		}
	}
	for f := 1; f <= 6; f++ {
		p.Episodes = append(p.Episodes, plan.Episode{Say: fmt.Sprintf("episode %d", f)})
	}
	return p
}

// line makes n blocks b0..b(n-1) in a row from west to east.
func line(n int) *plan.Plan {
	var bs []bspec
	for i := 0; i < n; i++ {
		bs = append(bs, bspec{id: fmt.Sprintf("b%d", i), x: i, terrain: "plain"})
	}
	return mkPlan(bs...)
}

func blockIdx(p *plan.Plan, id string) int {
	for i := range p.Field.Blocks {
		if p.Field.Blocks[i].ID == id {
			return i
		}
	}
	panic("no block " + id)
}

// addArmy adds an army (keeping p.Armies sorted by ID) and returns nothing; use armyIdx after all
// armies are added.
func addArmy(p *plan.Plan, id, side string, strength, speed, encounter int, route ...string) {
	a := plan.Army{ID: id, Side: side, Strength: strength, Speed: speed, Encounter: encounter}
	for _, r := range route {
		a.Route = append(a.Route, blockIdx(p, r))
	}
	p.Armies = append(p.Armies, a)
	sort.Slice(p.Armies, func(i, j int) bool { return p.Armies[i].ID < p.Armies[j].ID })
}

func armyIdx(p *plan.Plan, id string) int {
	for i := range p.Armies {
		if p.Armies[i].ID == id {
			return i
		}
	}
	panic("no army " + id)
}

func addEncounter(p *plan.Plan, id, title string) int {
	p.Encounters = append(p.Encounters, plan.Encounter{ID: id, Title: title, Monsters: []plan.Monster{{Name: "Boggard", Level: 4, Count: 2}}})
	return len(p.Encounters) - 1
}

func addFlag(p *plan.Plan, name string) int {
	p.Flags = append(p.Flags, name)
	return len(p.Flags) - 1
}

// field01 is scenarios/karzoral/field01/field01.cue lowered by hand.
func field01() *plan.Plan {
	N, S := plan.North, plan.South
	p := mkPlan(
		bspec{id: "rupetenne", x: 0, y: 4, kind: "base"},
		bspec{id: "t1", x: 1, y: 4, kind: "trail"},
		bspec{id: "t2", x: 2, y: 4, kind: "trail"},
		bspec{id: "t3", x: 3, y: 4, kind: "trail"},
		bspec{id: "01", x: 4, y: 4, terrain: "grassland"},
		bspec{id: "02", x: 5, y: 4, terrain: "river ford"},
		bspec{id: "03", x: 4, y: 3, terrain: "rolling hills"},
		bspec{id: "04", x: 5, y: 3, terrain: "boggy woods"},
		bspec{id: "05", x: 4, y: 2, terrain: "mountain pass", from: []plan.Dir{S}},
		bspec{id: "06", x: 5, y: 2, terrain: "pine slope"},
		bspec{id: "07", x: 6, y: 2, terrain: "scree slope", from: []plan.Dir{N}},
		bspec{id: "08", x: 7, y: 2, terrain: "causeway"},
		bspec{id: "09", x: 4, y: 1, terrain: "ruined village"},
		bspec{id: "10", x: 5, y: 1, terrain: "cliff ledge"},
		bspec{id: "11", x: 6, y: 1, terrain: "boggard watchtower"},
		bspec{id: "gate", x: 7, y: 1, terrain: "fortified gate", from: []plan.Dir{S}},
		bspec{id: "12", x: 6, y: 3, terrain: "reed marsh", box: "A"},
		bspec{id: "13", x: 7, y: 3, terrain: "reed marsh", box: "A"},
		bspec{id: "14", x: 6, y: 4, terrain: "supply camp", box: "A"},
		bspec{id: "15", x: 7, y: 4, terrain: "sunken bog", box: "A"},
	)
	p.Scenario = plan.Meta{ID: "field01", Title: "The Road to Karzoral", Rules: "karzoral", Version: 1}
	p.SourceHash = "sha256:test"
	p.Sources = []string{"field01.cue"}
	p.DayLimit = 12
	p.Party = plan.Party{Start: 0, Members: 5, Rations: 60, Torches: 12, LanternOil: 1}
	p.Field.Blocks[0].Name = "Base 1: Rupetenne"
	p.Field.Blocks[blockIdx(p, "gate")].Name = "Gate of Karzoral"
	p.Field.Blocks[blockIdx(p, "15")].Dark = true
	// Encounters sorted by ID.
	scouts := addEncounter(p, "boggardScouts", "Boggard scouts")
	gateWatch := addEncounter(p, "gateWatch", "Watch of the causeway")
	vanguard := addEncounter(p, "warbandVanguard", "Boggard Assault Squad")
	p.Encounters[gateWatch].Monsters = []plan.Monster{{Name: "Lizardman Sentry", Level: 5, Count: 2},
		{Name: "Grutt the Gatekeeper", Level: 7, Count: 1, Leader: true, Named: true}}
	p.Encounters[vanguard].Monsters = []plan.Monster{{Name: "Boggard", Level: 4, Count: 3},
		{Name: "Boggard Trooper", Level: 6, Count: 1, Leader: true}}
	addArmy(p, "mercenaries", "friendly", 60, 1, -1, "01", "01", "01", "03", "05", "09")
	addArmy(p, "boggardWarband", "enemy", 75, 1, vanguard, "gate", "gate", "11", "10", "10", "09")
	p.Armies[armyIdx(p, "mercenaries")].Name = "Daisy Daisy's mercenaries"
	p.Armies[armyIdx(p, "boggardWarband")].Support = []string{"K20+5@10"}
	p.Armies[armyIdx(p, "boggardWarband")].Name = "Boggard warband"
	p.Armies[armyIdx(p, "boggardWarband")].Morale, p.Armies[armyIdx(p, "boggardWarband")].Training = "low", "high"
	warband := armyIdx(p, "boggardWarband")
	// Flags sorted.
	cacheBurned := addFlag(p, "cacheBurned")
	causewayTaken := addFlag(p, "causewayTaken")
	woodsCleared := addFlag(p, "woodsCleared")
	p.Events = []plan.Event{
		{ID: "scoutsReport", On: plan.Trigger{Kind: plan.OnDay, Day: 2}, Do: []plan.Action{
			{Op: plan.ActSay, Text: "A rider from Rupetenne: boggards are coming down from the gate, and their supply camp hides in the marsh east of the ford."},
			{Op: plan.ActReveal, Army: warband}}},
		{ID: "supplyCache", On: plan.Trigger{Kind: plan.OnEnter, Block: blockIdx(p, "14")}, Once: true, Do: []plan.Action{
			{Op: plan.ActSay, Text: "The party finds the warband's supply camp in the reeds and puts it to the torch."},
			{Op: plan.ActSet, Flag: cacheBurned},
			{Op: plan.ActStrength, Army: warband, Delta: -30}}},
		{ID: "woodsAmbush", On: plan.Trigger{Kind: plan.OnEnter, Block: blockIdx(p, "04")}, Once: true, Do: []plan.Action{
			{Op: plan.ActSay, Text: "Boggard scouts drop from the trees."},
			{Op: plan.ActBattle, Encounter: scouts},
			{Op: plan.ActSet, Flag: woodsCleared}}},
		{ID: "causewayWatch", On: plan.Trigger{Kind: plan.OnEnter, Block: blockIdx(p, "08")}, Once: true, Do: []plan.Action{
			{Op: plan.ActSay, Text: "Grutt the Gatekeeper bars the causeway."},
			{Op: plan.ActBattle, Encounter: gateWatch},
			{Op: plan.ActSet, Flag: causewayTaken}}},
		{ID: "gateHolds", On: plan.Trigger{Kind: plan.OnDay, Day: 6},
			If: &plan.Cond{Op: plan.CondNot, Args: []plan.Cond{{Op: plan.CondFlag, Flag: cacheBurned}}},
			Do: []plan.Action{{Op: plan.ActSay, Text: "Resupplied from the marsh, the boggards at the gate dig in."}}},
		{ID: "crowsOverWoods", On: plan.Trigger{Kind: plan.OnEnter, Block: blockIdx(p, "03")}, Once: true,
			If: &plan.Cond{Op: plan.CondFlag, Flag: woodsCleared},
			Do: []plan.Action{{Op: plan.ActSay, Text: "From the hills, crows circle over the boggy woods where the scouts fell."}}},
	}
	p.Objectives = []plan.Objective{
		{ID: "cacheBurned", When: plan.Cond{Op: plan.CondFlag, Flag: cacheBurned}, Outcome: "midpoint", XP: 500, Say: "The warband's supplies are ash."},
		{ID: "takeTheGate", When: plan.Cond{Op: plan.CondAll, Args: []plan.Cond{
			{Op: plan.CondAt, Block: blockIdx(p, "gate")},
			{Op: plan.CondFlag, Flag: causewayTaken},
			{Op: plan.CondArmyGone, Army: warband},
		}}, Outcome: "success", XP: 1000, Say: "The Gate of Karzoral is open."},
	}
	p.Episodes = []plan.Episode{
		{Say: "A quiet night by the fire; the angel watches the embers."},
		{Say: "At dusk the angel rises over the plateau and looks down on the armies.", Do: []plan.Action{{Op: plan.ActSurvey}}},
		{Say: "Old war stories from Rupetenne."},
		{Say: "A shared meal of dried fish and hard bread."},
		{Say: "Sword drills at dawn; the angel copies every move."},
		{Say: "A letter from home is read aloud."},
	}
	p.NightRaid = scouts
	return p
}

// collect is a runner.Sink that keeps the events (each is a fresh value; their views are not read).
type collect struct{ evs []runner.Event }

// Write keeps a copy of e: the engine reuses its events once Write returns (runner.Sink).
func (c *collect) Write(e runner.Event) error {
	c.evs = append(c.evs, copyEvent(e))
	return nil
}

// copyEvent copies the struct e points to and the lists in it.
func copyEvent(e runner.Event) runner.Event {
	v := reflect.ValueOf(e)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return e
	}
	c := reflect.New(v.Elem().Type())
	c.Elem().Set(v.Elem())
	for i := 0; i < c.Elem().NumField(); i++ {
		f := c.Elem().Field(i)
		if f.Kind() == reflect.Slice && !f.IsNil() && f.CanSet() {
			f.Set(reflect.AppendSlice(reflect.MakeSlice(f.Type(), 0, f.Len()), f))
		}
	}
	return c.Interface().(runner.Event)
}

// of returns the events of the given types (their JSON Lines "type"), in order.
func (c *collect) of(types ...string) []runner.Event {
	var out []runner.Event
	for _, e := range c.evs {
		if slices.Contains(types, e.Type()) {
			out = append(out, e)
		}
	}
	return out
}

// eventsOf returns the events of type E, in order.
func eventsOf[E runner.Event](c *collect) []E {
	var out []E
	for _, e := range c.evs {
		if x, ok := e.(E); ok {
			out = append(out, x)
		}
	}
	return out
}

// trace renders events one a line: day, phase, type and their key fields (the ids, blocks and
// result), for order checks.
func (c *collect) trace(types ...string) string {
	var b bytes.Buffer
	for _, e := range c.of(types...) {
		at := atOf(e)
		fmt.Fprintf(&b, "%d %s %s", at.Day, at.Phase, e.Type())
		for _, s := range traceFields(e) {
			if s != "" {
				fmt.Fprintf(&b, " %s", s)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// atOf is where an event happened.
func atOf(e runner.Event) At {
	v := reflect.ValueOf(e).Elem()
	if f := v.FieldByName("At"); f.IsValid() {
		return f.Interface().(At)
	}
	return At{}
}

// traceFields are the key fields of the events the tests trace: the id, the armies, the block,
// from and to, and the result.
func traceFields(e runner.Event) []string {
	switch e := e.(type) {
	case *StrengthBattleEvent:
		return []string{e.Army, e.Other, e.Block}
	case *ArmyRemovedEvent:
		return []string{e.Army, e.Block}
	case *ArmyMoveEvent:
		return []string{e.Army, e.From, e.To}
	case *ArmySpawnedEvent:
		return []string{e.Army, e.Block, e.Result}
	case *StrengthEvent:
		return []string{e.Army, e.Result}
	case *PartyMoveEvent:
		return []string{e.From, e.To}
	case *StayEvent:
		return []string{e.Block}
	case *FiredEvent:
		if e.Trigger == "resume" {
			return []string{e.Event, e.Trigger, e.Block}
		}
		return []string{e.Event, e.Block}
	case *BattleEvent:
		return []string{e.Encounter, e.Army, e.Block, e.Result}
	case *SayEvent:
		return []string{e.ID}
	case *FlagEvent:
		return []string{e.Flag, e.Op}
	case *ObjectiveEvent:
		return []string{e.Objective, e.Outcome}
	case *NightRaidEvent:
		return []string{e.Encounter}
	case *NightEvent:
		return []string{e.Choice}
	case *TraversalEvent:
		return []string{e.Area}
	case *BounceEvent:
		return []string{e.From, e.To}
	case *RevealEvent:
		return []string{e.Box}
	}
	return nil
}

// answers is a Decider that answers from a list of choice names; it fails the test if asked more.
// Like a script (runner.Script), it leaves an Optional request to the engine (Answer.Default)
// unless its next name is one of the request's choices; such a request is not recorded in asked.
type answers struct {
	t     testing.TB
	names []string
	asked []runner.Kind
}

func (a *answers) Decide(r *runner.Request) (runner.Answer, error) {
	if r.Optional && (len(a.names) == 0 || r.Find(a.names[0]) < 0) {
		return runner.Answer{Default: true}, nil
	}
	a.asked = append(a.asked, r.Kind)
	if len(a.names) == 0 {
		a.t.Fatalf("%s: unexpected %s decision", r.Where(), r.Kind)
	}
	n := a.names[0]
	a.names = a.names[1:]
	i := r.Find(n)
	if i < 0 {
		a.t.Fatalf("%s: %q is not legal for %s/%s (legal: %s)", r.Where(), n, r.Kind, r.Cause, r.Legal())
	}
	return runner.Answer{Choice: i}, nil
}

// mustScript parses a YAML script held in the test.
func mustScript(t testing.TB, src string) *runner.Script {
	t.Helper()
	s, list := runner.ParseScript("s.yaml", []byte(src))
	if s == nil || list.HasErrors() {
		t.Fatalf("script: %v", list)
	}
	return s
}
