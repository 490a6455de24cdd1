package karzoral

import "github.com/sortie-rpg/sortie/compiler/diag"

// codeNoEffect is an entity that can have no effect on a run.
const codeNoEffect = "E005"

var registeredEffect = registerEffectCodes()

func registerEffectCodes() bool {
	diag.Register(diag.CodeInfo{Code: codeNoEffect, Title: "entity with no effect", Severity: diag.Warning, Doc: `An event whose do is empty does nothing when it fires: it says nothing, sets no flag, fights
no battle, moves no army (K-33). It is most often a leftover, or its actions were written under
another field.

Bad:
    events: scouts: {on: enter: "04", do: []}

Fix: give it its actions, do: [{say: "Scouts report a warband to the east."}], or delete it.`})
	return true
}

var effectCheck = &Check{
	Name: "effect",
	Doc: `entities with no effect
An event whose do is empty changes nothing when it fires (K-33): reported as such (E005), at the
event, so that it is not mistaken for one that works.`,
	Codes: []string{codeNoEffect},
	Run:   runEffect,
}

func runEffect(p *Pass) error {
	for _, e := range p.Scenario.Events {
		if len(e.Do) == 0 && e.DoSet {
			p.Report(p.Diag(e.Pos, codeNoEffect, "%s: the event does nothing when it fires: its do is empty", pathOf("events", e.ID)).
				WithHint("give it actions (say, set, battle, army, spawn, remove, end) or delete it"))
		}
	}
	return nil
}
