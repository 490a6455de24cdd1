package karzoral

import (
	"fmt"
	"strings"
)

var verbsCheck = &Check{
	Name: "verbs",
	Doc: `conditions, actions and triggers that give the wrong number of verbs
An action gives exactly one verb (say, set, clear, battle, army with strength, spawn, remove,
end); a condition exactly one of flag, not, all, any, at, day, armyGone; an objective's when at
least one field (all must hold). An event's on gives exactly one of enter and day (K-33).`,
	Codes: []string{codeOneVerb, codeTrigger},
	Run:   runVerbs,
}

const actionVerbs = "say, set, clear, battle, army (with strength), spawn, remove, end, reveal, survey or check"

func runVerbs(p *Pass) error {
	s := p.Scenario
	var actions func(where string, as []*Action)
	actions = func(where string, as []*Action) {
		for i, a := range as {
			w := fmt.Sprintf("%s[%d]", where, i)
			if a.Check != nil { // K-4: a check's pass and fail hold actions too
				actions(w+".check.pass", a.Check.Pass)
				actions(w+".check.fail", a.Check.Fail)
			}
			verbs := a.Verbs()
			switch {
			case len(verbs) == 0 && a.Unknown:
				// only misspelt verbs: S001 says which
			case len(verbs) == 0:
				p.Report(p.Diag(a.Pos, codeOneVerb, "%s: action gives no verb", w).
					WithHint("give exactly one of %s", actionVerbs))
			case len(verbs) > 1:
				p.Report(p.Diag(a.Pos, codeOneVerb, "%s: action gives %d verbs: %s", w, len(verbs), strings.Join(verbs, ", ")).
					WithHint("split it into one action per verb"))
			case a.Army.Set && !a.Strength.Set:
				p.Report(p.Diag(a.Pos, codeOneVerb, "%s: army needs strength", w).
					WithHint("give the change of strength, e.g. {army: %q, strength: -10}", a.Army.V))
			case a.Strength.Set && !a.Army.Set:
				p.Report(p.Diag(a.Pos, codeOneVerb, "%s: strength needs army", w).
					WithHint("name the army whose strength changes, e.g. {army: \"mercenaries\", strength: %d}", a.Strength.V))
			}
		}
	}
	var cond func(where string, c *Cond)
	cond = func(where string, c *Cond) {
		if c == nil {
			return
		}
		given := c.Given()
		switch {
		case len(given) == 0 && c.Unknown:
			// only misspelt tests: S001 says which
		case len(given) == 0:
			p.Report(p.Diag(c.Pos, codeOneVerb, "%s: condition gives nothing to test", where).
				WithHint("give exactly one of flag, not, all, any, at, day, armyGone"))
		case len(given) > 1:
			p.Report(p.Diag(c.Pos, codeOneVerb, "%s: condition gives %d tests: %s", where, len(given), strings.Join(given, ", ")).
				WithHint("give exactly one; combine tests with all: [...] or any: [...]"))
		}
		nested(where, c, cond)
	}
	for _, e := range s.Events {
		on := pathOf("events", e.ID, "on")
		switch {
		case e.Enter.Set && e.Day.Set:
			p.Report(p.Diag(e.OnPos, codeTrigger, "%s: gives both enter and day", on).
				WithHint("keep one; test the other in if (at: or day:)"))
		case !e.Enter.Set && !e.Day.Set && !e.OnUnknown:
			p.Report(p.Diag(e.OnPos, codeTrigger, "%s: gives neither enter nor day", on).
				WithHint("say when the event happens: on: enter: \"block\" or on: day: 3"))
		}
		cond(pathOf("events", e.ID, "if"), e.If)
		actions(pathOf("events", e.ID, "do"), e.Do)
	}
	for _, o := range s.Objectives {
		w := o.When
		where := pathOf("objectives", o.ID, "when")
		if w == nil {
			// The schema's when: #When is met by {} (its fields are all optional), so CUE does not
			// find it missing (no S003): without this, the plan's lowering met a nil when.
			p.Report(p.Diag(o.Pos, codeOneVerb, "%s: missing: the objective gives no condition", where).
				WithHint("add when: with at least one of enter, flag, not, all, any, day, armyGone"))
			continue
		}
		if len(w.Given()) == 0 && !w.Unknown {
			p.Report(p.Diag(w.Pos, codeOneVerb, "%s: gives no condition", where).
				WithHint("give at least one of enter, flag, not, all, any, day, armyGone"))
		}
		nested(where, w, cond)
	}
	for i, ep := range s.Episodes {
		actions(pathOf("episodes", i, "do"), ep.Do)
	}
	return nil
}

// nested calls f for the conditions directly inside c.
func nested(where string, c *Cond, f func(string, *Cond)) {
	if c.Not != nil {
		f(where+".not", c.Not)
	}
	for i, x := range c.All {
		f(fmt.Sprintf("%s.all[%d]", where, i), x)
	}
	for i, x := range c.Any {
		f(fmt.Sprintf("%s.any[%d]", where, i), x)
	}
}
