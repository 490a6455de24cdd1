package karzoral

var usageCheck = &Check{
	Name: "usage",
	Doc: `encounters never used and flags never read
An encounter that no army (encounter), nightRaid or battle action names, directly or through
the next links of consecutive battles (K-72), is never fought (R004); a misspelt reference (R001)
counts for the encounter it most likely means.
A flag that an action sets but no condition reads changes nothing (R005); it is reported at the
first action that sets it.`,
	Codes: []string{codeUnusedEncounter, codeFlagNeverRead},
	Run:   runUsage,
}

func runUsage(p *Pass) error {
	s := p.Scenario
	used := map[string]bool{}
	if s.NightRaid.OK {
		used[s.NightRaid.V] = true
	}
	for _, a := range s.Armies {
		if a.Encounter.OK {
			used[a.Encounter.V] = true
		}
	}
	forEachAction(s, func(a *Action) {
		if a.Battle.OK {
			used[a.Battle.V] = true
		}
	})
	// A reference to an encounter that does not exist (R001) most likely means the nearest one:
	// that one is taken as used, so that a misspelling gives one finding, not two (issue 11).
	for id := range used {
		if p.Encounters[id] == nil {
			if m := suggest(id, p.EncounterIDs); m != "" {
				used[m] = true
			}
		}
	}
	// K-72: an encounter fought is followed by its next one, and so on.
	var queue []string
	for id := range used {
		queue = append(queue, id)
	}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		if nx, ok := s.K.Next[id]; ok && nx.OK && !used[nx.V] {
			used[nx.V] = true
			queue = append(queue, nx.V)
		}
	}
	for _, e := range s.Encounters {
		if !used[e.ID] {
			p.Report(p.Diag(e.Pos, codeUnusedEncounter, "%s: no army, nightRaid or battle action uses this encounter (nor a next of one that is fought)", pathOf("encounters", e.ID)).
				WithHint(`fight it somewhere (do: [{battle: %q}]) or delete it`, e.ID))
		}
	}
	read := map[string]bool{}
	forEachCond(s, func(c *Cond) {
		if c.Flag.OK {
			read[c.Flag.V] = true
		}
	})
	reported := map[string]bool{}
	forEachAction(s, func(a *Action) {
		if !a.Set.OK || read[a.Set.V] || reported[a.Set.V] || !validFlag(a.Set.V) {
			return
		}
		reported[a.Set.V] = true
		p.Report(p.Diag(a.Set.Pos, codeFlagNeverRead, "flag %q is set but no condition reads it", a.Set.V).
			WithHint("read it in an event's if or an objective's when, or drop the set action"))
	})
	return nil
}
