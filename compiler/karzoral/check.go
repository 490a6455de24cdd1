package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// Check is one semantic check over a decoded scenario, in the manner of go/analysis: a value with a
// name, a doc and a run function. A check never prints; it reports through the pass. Its error
// return means the check itself broke, never that the scenario is wrong.
//
// Adding a check: write a file with a `var fooCheck = &Check{...}` and add it to the checks list.
type Check struct {
	Name  string   // an identifier, unique among checks
	Doc   string   // first line: a short lowercase title; then what it checks and the rule IDs
	Codes []string // the codes it may report; each is registered in the diag catalogue
	Run   func(*Pass) error
}

// checks is every semantic check, run in this order on every scenario that loads. The driver
// knows none of them by name.
var checks = []*Check{
	refsCheck,
	verbsCheck,
	coordsCheck,
	boxesCheck,
	reachCheck,
	routesCheck,
	flagsCheck,
	daysCheck,
	objectivesCheck,
	islandsCheck,
	trailsCheck,
	usageCheck,
	condsCheck,
	timeCheck,
	forecastCheck,
	armiesCheck,
	duplicatesCheck,
	karzoralCheck,
	eventChecksCheck,
	pricesCheck,
	traversalCheck,
	effectCheck,
}

// Checks returns the registered checks (for documentation and tests). The slice is a copy.
func Checks() []*Check { return append([]*Check(nil), checks...) }

func init() {
	if err := validateChecks(checks); err != nil {
		panic(err) // a programming error, caught by any test of the package
	}
}

// validateChecks verifies the registry: a run function for each check, and what the core asks of
// every rule system's checks (compiler.ValidateChecks: unique identifier names, a doc whose first
// line is a lowercase title, codes in the catalogue).
func validateChecks(cs []*Check) error {
	docs := make([]compiler.CheckDoc, len(cs))
	for i, c := range cs {
		if c == nil || c.Run == nil {
			return fmt.Errorf("karzoral: check %v has no Run", c)
		}
		docs[i] = compiler.CheckDoc{Name: c.Name, Doc: c.Doc, Codes: c.Codes}
	}
	return compiler.ValidateChecks(docs)
}

// Pass is what a check gets: the scenario, indices over it, and a way to report.
type Pass struct {
	Check    *Check
	Scenario *Scenario
	*Index

	report func(diag.Diagnostic)
	err    error
}

// Reportf reports a finding with the code's catalogue severity. For a hint or related positions,
// build the diagnostic with Diag and pass it to Report.
func (p *Pass) Reportf(pos diag.Pos, code, format string, args ...any) {
	p.Report(p.Diag(pos, code, format, args...))
}

// Diag makes a diagnostic of the code's catalogue severity without reporting it.
func (p *Pass) Diag(pos diag.Pos, code, format string, args ...any) diag.Diagnostic {
	d := diag.Errorf(pos, code, format, args...)
	if in, ok := diag.Lookup(code); ok {
		d.Severity = in.Severity
	}
	return d
}

// Report reports a diagnostic. Its code must be one the check declares.
func (p *Pass) Report(d diag.Diagnostic) {
	declared := false
	for _, c := range p.Check.Codes {
		declared = declared || c == d.Code
	}
	if !declared {
		if p.err == nil {
			p.err = fmt.Errorf("check %s reported %s, which it does not declare", p.Check.Name, d.Code)
		}
		return
	}
	if !d.Pos.IsValid() {
		d.Pos = p.Scenario.Pos
	}
	p.report(d)
}

// runChecks runs every check on s and adds their findings to list.
func runChecks(s *Scenario, list *diag.List) error {
	idx := newIndex(s)
	for _, c := range checks {
		p := &Pass{Check: c, Scenario: s, Index: idx, report: func(d diag.Diagnostic) { list.Add(d) }}
		if err := c.Run(p); err != nil {
			return fmt.Errorf("check %s: %v", c.Name, err)
		}
		if p.err != nil {
			return p.err
		}
	}
	return nil
}

// Index holds lookups over a scenario that several checks need. It is built once per scenario.
type Index struct {
	Blocks     map[string]*Block
	Armies     map[string]*Army
	Encounters map[string]*Encounter
	// At maps a coordinate to the first block (in source order) placed there.
	At map[[2]int]*Block
	// BlockIDs, ArmyIDs, EncounterIDs list the defined ids (for did-you-mean).
	BlockIDs, ArmyIDs, EncounterIDs []string
	// SetFlags holds every flag an event or episode action sets.
	SetFlags map[string]bool

	reach     map[string]bool
	reachDone bool
	comp      map[string]int
	compDone  bool
	dist      map[string]int
	distDone  bool
	s         *Scenario
}

func newIndex(s *Scenario) *Index {
	x := &Index{
		Blocks: map[string]*Block{}, Armies: map[string]*Army{}, Encounters: map[string]*Encounter{},
		At: map[[2]int]*Block{}, SetFlags: map[string]bool{}, s: s,
	}
	for _, b := range s.Field.Blocks {
		x.Blocks[b.ID] = b
		x.BlockIDs = append(x.BlockIDs, b.ID)
		if b.AtOK {
			if _, dup := x.At[b.At]; !dup {
				x.At[b.At] = b
			}
		}
	}
	for _, a := range s.Armies {
		x.Armies[a.ID] = a
		x.ArmyIDs = append(x.ArmyIDs, a.ID)
	}
	for _, e := range s.Encounters {
		x.Encounters[e.ID] = e
		x.EncounterIDs = append(x.EncounterIDs, e.ID)
	}
	forEachAction(s, func(a *Action) {
		if a.Set.OK {
			x.SetFlags[a.Set.V] = true
		}
	})
	return x
}

// Neighbour returns the block one step from b in direction d, or nil.
func (x *Index) Neighbour(b *Block, d plan.Dir) *Block {
	if !b.AtOK {
		return nil
	}
	dx, dy := d.Delta()
	return x.At[[2]int{b.At[0] + dx, b.At[1] + dy}]
}

// Reachable returns the blocks the party can reach from party.start, moving orthogonally and
// entering a one-way block only from an allowed side (K-28, K-32): moving from A to B in
// direction d enters B from side d.Opposite(). It returns nil when the start is unknown or a
// block has no valid coordinate.
func (x *Index) Reachable() map[string]bool {
	if x.reachDone {
		return x.reach
	}
	x.reachDone = true
	start := x.Blocks[x.s.Party.Start.V]
	if !x.s.Party.Start.OK || start == nil || !start.AtOK || x.At[start.At] != start {
		return nil
	}
	for _, b := range x.s.Field.Blocks {
		if !b.AtOK {
			return nil // the map has holes (S002, S003): what is reachable is unknown
		}
	}
	seen := map[string]bool{start.ID: true}
	queue := []*Block{start}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, d := range plan.Dirs {
			n := x.Neighbour(b, d)
			if n == nil || seen[n.ID] || !n.Enterable(d.Opposite()) {
				continue
			}
			seen[n.ID] = true
			queue = append(queue, n)
		}
	}
	x.reach = seen
	return seen
}

// forEachAction calls f for every action of every event and episode, in source order.
func forEachAction(s *Scenario, f0 func(*Action)) {
	var f func(*Action)
	f = func(a *Action) { // K-4: a check's pass and fail actions follow it
		f0(a)
		if a.Check != nil {
			for _, x := range a.Check.Actions() {
				f(x)
			}
		}
	}
	for _, e := range s.Events {
		for _, a := range e.Do {
			f(a)
		}
	}
	for _, ep := range s.Episodes {
		for _, a := range ep.Do {
			f(a)
		}
	}
	for _, t := range s.K.Traversals {
		for _, fc := range t.Faces {
			for _, a := range fc.Do {
				f(a)
			}
		}
		for _, a := range t.Complete {
			f(a)
		}
	}
	for _, e := range s.Encounters { // K-98: loot actions, in encounter order
		if l := s.K.Loot[e.ID]; l != nil {
			for _, a := range l.Do {
				f(a)
			}
		}
	}
}

// forEachCond calls f for every condition (nested ones included) of events and objectives, in
// source order.
func forEachCond(s *Scenario, f func(*Cond)) {
	for _, e := range s.Events {
		e.If.Walk(f)
	}
	for _, o := range s.Objectives {
		o.When.Walk(f)
	}
}
