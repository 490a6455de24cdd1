package karzoral

import "sort"

// validFlag reports whether s is a valid #Flag (S002 reports the others).
func validFlag(s string) bool {
	if s == "" || !(s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z') {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '.' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

var flagsCheck = &Check{
	Name: "flags",
	Doc: `flags read but never set
A flag read by a condition (an event's if, an objective's when, nested ones included) must be set
by some event or episode action ({set: "name"}); otherwise the test never holds. So must a flag
the players are told of (flags: NAME: summary): a summary of a flag nothing sets tells them of
something they cannot do. Often a misspelling: the hint suggests the nearest flag that is set.`,
	Codes: []string{codeFlagNeverSet},
	Run:   runFlags,
}

func runFlags(p *Pass) error {
	set := make([]string, 0, len(p.SetFlags))
	for f := range p.SetFlags {
		set = append(set, f)
	}
	sort.Strings(set)
	forEachCond(p.Scenario, func(c *Cond) {
		if !c.Flag.OK || p.SetFlags[c.Flag.V] || !validFlag(c.Flag.V) {
			return
		}
		d := p.Diag(c.Flag.Pos, codeFlagNeverSet, "flag %q is read but no action sets it", c.Flag.V)
		if h := didYouMean(c.Flag.V, set); h != "" {
			d = d.WithHint("%s", h)
		} else {
			d = d.WithHint("set it in an event or episode: do: [{set: %q}]", c.Flag.V)
		}
		p.Report(d)
	})
	for _, f := range p.Scenario.K.Flags {
		if p.SetFlags[f.Name] || !validFlag(f.Name) {
			continue
		}
		d := p.Diag(f.Pos, codeFlagNeverSet, "flag %q has a summary for the players but no action sets it", f.Name)
		if h := didYouMean(f.Name, set); h != "" {
			d = d.WithHint("%s", h)
		} else {
			d = d.WithHint("set it in an event or episode: do: [{set: %q}], or leave it out of flags:", f.Name)
		}
		p.Report(d)
	}
	return nil
}
