// Package optable reads the options a file sets to switch a rule system's Defaults (a Pathfinder
// battle's options: {...}, RULES.md Part P; a When Armies Clash battle's, Part U): a table of
// named options, each a switch among named choices (the Default first, the zero value) or a whole
// number within bounds, set on the system's options struct by name and value as the file writes
// them. compiler/plan/pfarmy and compiler/plan/clashrules declare their tables here; both the
// compiler and the engines read options through them. It imports nothing of sortie's.
package optable

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Choice is an option that picks one of Choices, the Default (the zero value) first: Set stores
// the index of the one chosen in O.
type Choice[O any] struct {
	Name    string // as a file writes it: "moraleThreshold"
	Rule    string // the rule whose Default it switches: "U-62", "P-35"; "engine" for a reading of the engine's
	Choices []string
	Set     func(o *O, i int)
}

// Number is an option that takes a whole number Min..Max (Default when unset): Set stores it in O.
type Number[O any] struct {
	Name          string
	Rule          string
	Def, Min, Max int
	Set           func(o *O, n int)
}

// Switch is the Choice name (rule's), storing in O by set the index of the one of choices chosen.
func Switch[O any](name, rule string, choices []string, set func(o *O, i int)) Choice[O] {
	return Choice[O]{Name: name, Rule: rule, Choices: choices, Set: set}
}

// Whole is the Number name (rule's), def when unset, taking min..max, stored in O by set.
func Whole[O any](name, rule string, def, min, max int, set func(o *O, n int)) Number[O] {
	return Number[O]{Name: name, Rule: rule, Def: def, Min: min, Max: max, Set: set}
}

// Table is every option of one options struct O.
type Table[O any] struct {
	Choices []Choice[O]
	Numbers []Number[O]
}

// Info describes one option a file may set.
type Info struct {
	Name    string   // as a file writes it
	Rule    string   // the rule whose Default it switches
	Choices []string // the choices, the Default first; nil for a number
	Default int      // for a number: its Default
	Min     int      // for a number: the bounds
	Max     int
}

// List lists every option, sorted by name.
func (t *Table[O]) List() []Info {
	out := make([]Info, 0, len(t.Choices)+len(t.Numbers))
	for _, c := range t.Choices {
		out = append(out, Info{Name: c.Name, Rule: c.Rule, Choices: c.Choices})
	}
	for _, n := range t.Numbers {
		out = append(out, Info{Name: n.Name, Rule: n.Rule, Default: n.Def, Min: n.Min, Max: n.Max})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names maps every option's name to its choices (the Default first; nil for a number).
func (t *Table[O]) Names() map[string][]string {
	out := make(map[string][]string, len(t.Choices)+len(t.Numbers))
	for _, n := range t.Numbers {
		out[n.Name] = nil
	}
	for _, c := range t.Choices {
		out[c.Name] = c.Choices
	}
	return out
}

// Set sets the option name of o to value: one of its choices, or for a number a decimal within
// its bounds (spaces around it ignored). The error names the option and what it takes:
// `option maxRounds: "0" is not a number 1..1000`, `option rout: "x" is not one of afterDamage,
// everyPhase, once`, `unknown option "rot"`; o is unchanged then.
func (t *Table[O]) Set(o *O, name, value string) error {
	for _, n := range t.Numbers {
		if n.Name != name {
			continue
		}
		v, err := strconv.Atoi(strings.TrimSpace(value))
		if err != nil || v < n.Min || v > n.Max {
			return fmt.Errorf("option %s: %q is not a number %d..%d", name, value, n.Min, n.Max)
		}
		n.Set(o, v)
		return nil
	}
	for _, c := range t.Choices {
		if c.Name != name {
			continue
		}
		for i, ch := range c.Choices {
			if ch == value {
				c.Set(o, i)
				return nil
			}
		}
		return fmt.Errorf("option %s: %q is not one of %s", name, value, strings.Join(c.Choices, ", "))
	}
	return fmt.Errorf("unknown option %q", name)
}

// Apply returns base with every option of m set, in name order (so that the first bad one, whose
// error it returns with base as far as it got, is the same every time).
func (t *Table[O]) Apply(base O, m map[string]string) (O, error) {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := t.Set(&base, k, m[k]); err != nil {
			return base, err
		}
	}
	return base, nil
}
