package main

import (
	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/expect"
)

// balanceChecks is every problem of a subject's expect: list bs (Q002): the bounds that cannot be
// read ("9..3", Balance.Problems) and what a check names or counts in a word the subject does
// not have (Balance.Validate with the subject's known: a battle's length written day:, a clash
// battle's phase:, an army it does not hold; entities: the kinds covered: may name). One
// function for vet, sortie test and simulate --check (issue 20 review: vet and test passed a
// clash battle's median: day: that simulate --check refused). Past expect.MaxTotalRuns runs in
// all the list is refused too.
func balanceChecks(bs []expect.Balance, known expect.Known, entities []runner.Entity) diag.List {
	list := expect.TotalRuns(bs)
	for i := range bs {
		list = append(list, bs[i].Problems...)
		list = append(list, bs[i].Validate(known, entities)...)
	}
	return list
}

// entitiesOfCompiled is what the balance checks of the unit compiled to c (at path) may cover:
// its simulation subject's entities, as simulate --check reads them (loadSubject); nil when no
// subject is made of it (a problem its own command reports).
func entitiesOfCompiled(path string, c *compiler.Compiled) []runner.Entity {
	if c.Kind != "battle" {
		if c.Plan == nil {
			return nil
		}
		s, err := runner.PlanSubject(c.Plan)
		if err != nil {
			return nil
		}
		return s.Coverable()
	}
	sub, err := battleSubject(path, c, defaultRules)
	if err != nil {
		return nil
	}
	return sub.subject.Coverable()
}
