package karzoral

var armiesCheck = &Check{
	Name: "armies",
	Doc: `armies that never take the field
An army starts on the field only if it is not a reserve and its strength is above 0 (K-21,
K-24); a reserve takes the field only when an action spawns it (A003).`,
	Codes: []string{codeArmyOffField},
	Run:   runArmies,
}

func runArmies(p *Pass) error {
	spawned := map[string]bool{}
	forEachAction(p.Scenario, func(a *Action) {
		if a.Spawn.OK {
			spawned[a.Spawn.V] = true
		}
	})
	for _, a := range p.Scenario.Armies {
		switch {
		case a.Reserve && !spawned[a.ID]:
			p.Report(p.Diag(a.Pos, codeArmyOffField, "%s: a reserve army that no action spawns never takes the field", pathOf("armies", a.ID)).
				WithHint(`spawn it in an event (do: [{spawn: %q}]) or drop reserve`, a.ID))
		case !a.Reserve && a.Strength.OK && a.Strength.V == 0:
			p.Report(p.Diag(a.Strength.Pos, codeArmyOffField, "%s: an army of strength 0 is never on the field (K-24: an army at 0 is removed)", pathOf("armies", a.ID, "strength")).
				WithHint("give it a strength above 0"))
		}
	}
	return nil
}
