package karzoral

import "fmt"

var refsCheck = &Check{
	Name: "refs",
	Doc: `unknown ids in references
Every reference names a defined entity: party.start, route steps, on.enter, enter and at name
blocks; encounter, nightRaid and battle name encounters; army, spawn, remove and armyGone name
armies. The hint suggests the nearest defined id (Levenshtein distance below 3).`,
	Codes: []string{codeUnknownID},
	Run:   runRefs,
}

func runRefs(p *Pass) error {
	s := p.Scenario
	ref := func(where string, r Str, what string, ids []string, defined bool, section string) {
		if !r.OK || defined || !validID(r.V) {
			return
		}
		d := p.Diag(r.Pos, codeUnknownID, "%s: unknown %s %q", where, what, r.V)
		if h := didYouMean(r.V, ids); h != "" {
			d = d.WithHint("%s", h)
		} else {
			d = d.WithHint("define it under %s", section)
		}
		p.Report(d)
	}
	block := func(where string, r Str) {
		ref(where, r, "block", p.BlockIDs, p.Blocks[r.V] != nil, "field.blocks")
	}
	army := func(where string, r Str) {
		ref(where, r, "army", p.ArmyIDs, p.Armies[r.V] != nil, "armies")
	}
	encounter := func(where string, r Str) {
		ref(where, r, "encounter", p.EncounterIDs, p.Encounters[r.V] != nil, "encounters")
	}
	var cond func(where string, c *Cond)
	cond = func(where string, c *Cond) {
		if c == nil {
			return
		}
		block(where+".enter", c.Enter)
		block(where+".at", c.At)
		army(where+".armyGone", c.ArmyGone)
		cond(where+".not", c.Not)
		for i, x := range c.All {
			cond(fmt.Sprintf("%s.all[%d]", where, i), x)
		}
		for i, x := range c.Any {
			cond(fmt.Sprintf("%s.any[%d]", where, i), x)
		}
	}
	var actions func(where string, as []*Action)
	actions = func(where string, as []*Action) {
		for i, a := range as {
			w := fmt.Sprintf("%s[%d]", where, i)
			encounter(w+".battle", a.Battle)
			army(w+".army", a.Army)
			army(w+".spawn", a.Spawn)
			army(w+".remove", a.Remove)
			army(w+".reveal", a.Reveal)
			if a.Check != nil { // K-4: a check's pass and fail hold actions too
				actions(w+".check.pass", a.Check.Pass)
				actions(w+".check.fail", a.Check.Fail)
			}
		}
	}

	block("party.start", s.Party.Start)
	for _, a := range s.Armies {
		for i, r := range a.Route {
			block(pathOf("armies", a.ID, "route", i), r)
		}
		encounter(pathOf("armies", a.ID, "encounter"), a.Encounter)
	}
	encounter("nightRaid", s.NightRaid)
	for _, e := range s.Events {
		block(pathOf("events", e.ID, "on", "enter"), e.Enter)
		cond(pathOf("events", e.ID, "if"), e.If)
		actions(pathOf("events", e.ID, "do"), e.Do)
	}
	for _, o := range s.Objectives {
		cond(pathOf("objectives", o.ID, "when"), o.When)
	}
	for i, ep := range s.Episodes {
		actions(pathOf("episodes", i, "do"), ep.Do)
	}
	return nil
}
