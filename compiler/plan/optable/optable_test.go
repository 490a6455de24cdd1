package optable

import (
	"slices"
	"testing"
)

type opts struct {
	Rout  int
	Max   int
	Taunt int
}

var table = Table[opts]{
	Choices: []Choice[opts]{
		{"rout", "P-55", []string{"afterDamage", "everyPhase", "once"}, func(o *opts, i int) { o.Rout = i }},
		{"taunt", "P-35", []string{"taunter", "all"}, func(o *opts, i int) { o.Taunt = i }},
	},
	Numbers: []Number[opts]{{"maxPhases", "engine", 100, 1, 10000, func(o *opts, n int) { o.Max = n }}},
}

// TestSet: a choice is stored as its index (the Default, first, is 0), a number within its
// bounds as itself; a wrong value or name is refused with what the option takes and o unchanged.
// The tables are P-55's rout and P-35's taunt switches and the engine's phase limit.
func TestSet(t *testing.T) {
	var o opts
	if err := table.Set(&o, "rout", "once"); err != nil || o.Rout != 2 {
		t.Errorf("rout once: %v, %+v; want index 2", err, o)
	}
	if err := table.Set(&o, "maxPhases", " 7 "); err != nil || o.Max != 7 {
		t.Errorf("maxPhases 7: %v, %+v", err, o)
	}
	for _, c := range []struct{ name, value, want string }{
		{"rout", "never", `option rout: "never" is not one of afterDamage, everyPhase, once`},
		{"maxPhases", "0", `option maxPhases: "0" is not a number 1..10000`},
		{"maxPhases", "10001", `option maxPhases: "10001" is not a number 1..10000`},
		{"maxPhases", "x", `option maxPhases: "x" is not a number 1..10000`},
		{"rot", "once", `unknown option "rot"`},
	} {
		before := o
		if err := table.Set(&o, c.name, c.value); err == nil || err.Error() != c.want || o != before {
			t.Errorf("Set(%s, %s): %v, %+v; want %q and %+v", c.name, c.value, err, o, c.want, before)
		}
	}
}

// TestApply: options are set in name order, so the first bad one is the same on every call
// (maps iterate in any order), and base keeps those set before it.
func TestApply(t *testing.T) {
	got, err := table.Apply(opts{}, map[string]string{"taunt": "all", "rout": "bad", "maxPhases": "3"})
	if err == nil || err.Error() != `option rout: "bad" is not one of afterDamage, everyPhase, once` || got != (opts{Max: 3}) {
		t.Errorf("Apply: %+v, %v; want maxPhases set, then rout refused", got, err)
	}
	got, err = table.Apply(opts{}, map[string]string{"taunt": "all", "rout": "everyPhase"})
	if err != nil || got != (opts{Rout: 1, Taunt: 1}) {
		t.Errorf("Apply: %+v, %v", got, err)
	}
}

// TestListNames: List is sorted by name with a number's bounds; Names has every option.
func TestListNames(t *testing.T) {
	l := table.List()
	if len(l) != 3 || l[0].Name != "maxPhases" || l[0].Min != 1 || l[0].Max != 10000 || l[0].Default != 100 || l[0].Choices != nil ||
		l[1].Name != "rout" || l[1].Rule != "P-55" || l[2].Name != "taunt" {
		t.Errorf("List: %+v", l)
	}
	n := table.Names()
	if len(n) != 3 || n["maxPhases"] != nil || !slices.Equal(n["taunt"], []string{"taunter", "all"}) {
		t.Errorf("Names: %v", n)
	}
}
