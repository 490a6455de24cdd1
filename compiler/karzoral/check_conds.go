package karzoral

import (
	"fmt"
	"sort"
	"strings"
)

var condsCheck = &Check{
	Name: "conds",
	Doc: `events that can never fire and objectives that can never be met
A condition can never hold when it needs the party in a block it cannot reach (K-28, K-32), in
two blocks at once, a flag both set and not set, or a day after days.limit; all: fails when one
part can never hold, any: when every part can never hold. An event on: enter: B also needs the
party in B. Events report E004, objectives O002; a condition's day after the limit is also T002.
Flags no action sets are E002's business and not judged here.`,
	Codes: []string{codeEventNever, codeObjNever, codeDayAfter},
	Run:   runConds,
}

// lits are the facts a conjunction needs: the party at a block, flags set and not set.
type lits struct {
	at      map[string]*Cond // block -> the condition that needs it
	flagOn  map[string]bool
	flagOff map[string]bool
}

func runConds(p *Pass) error {
	s := p.Scenario
	limit := s.DayLimit
	for _, c := range condsOf(s) {
		if limit.OK && c.Day.OK && c.Day.V > limit.V {
			p.Report(p.Diag(c.Day.Pos, codeDayAfter, "day %d is after the day limit %d: the condition never holds", c.Day.V, limit.V).
				WithHint("use a day up to %d, or raise days.limit", limit.V))
		}
	}
	for _, e := range s.Events {
		if e.If == nil {
			continue
		}
		l := newLits()
		if e.Enter.OK {
			l.at[e.Enter.V] = nil
		}
		if why := p.never(e.If, l); why != "" {
			p.Report(p.Diag(e.If.Pos, codeEventNever, "%s: the event can never fire: %s", pathOf("events", e.ID, "if"), why).
				WithHint("drop the part of the condition that cannot hold"))
		}
	}
	for _, o := range s.Objectives {
		if o.When == nil {
			continue
		}
		l := newLits()
		why := ""
		if o.When.Enter.OK {
			why = p.needAt(o.When.Enter.V, o.When, l)
		}
		if why == "" {
			why = p.never(o.When, l)
		}
		if why != "" {
			p.Report(p.Diag(o.When.Pos, codeObjNever, "%s: the objective can never be met: %s", pathOf("objectives", o.ID, "when"), why).
				WithHint("make the condition satisfiable"))
		}
	}
	return nil
}

func newLits() *lits {
	return &lits{at: map[string]*Cond{}, flagOn: map[string]bool{}, flagOff: map[string]bool{}}
}

// condsOf lists every condition of events and objectives, nested ones included.
func condsOf(s *Scenario) []*Cond {
	var out []*Cond
	forEachCond(s, func(c *Cond) { out = append(out, c) })
	return out
}

// needAt adds "the party is at b" to l and says why that cannot hold, or "".
func (p *Pass) needAt(b string, c *Cond, l *lits) string {
	if reach := p.Reachable(); reach != nil && p.Blocks[b] != nil && !reach[b] {
		return fmt.Sprintf("the party cannot reach block %q", b)
	}
	for other := range l.at {
		if other != b {
			pair := []string{other, b}
			sort.Strings(pair)
			return fmt.Sprintf("the party cannot be in blocks %q and %q at once", pair[0], pair[1])
		}
	}
	l.at[b] = c
	return ""
}

// never says why the condition c, joined to the facts l, can never hold ("" when it may). It adds
// c's facts to l: the fields of c (a #When gives several) all hold together.
func (p *Pass) never(c *Cond, l *lits) string {
	if c == nil {
		return ""
	}
	limit := p.Scenario.DayLimit
	if c.Day.OK && limit.OK && c.Day.V > limit.V {
		return fmt.Sprintf("day %d is after the day limit %d", c.Day.V, limit.V)
	}
	if c.At.OK {
		if why := p.needAt(c.At.V, c, l); why != "" {
			return why
		}
	}
	if c.Flag.OK {
		if l.flagOff[c.Flag.V] {
			return fmt.Sprintf("flag %q must be both set and not set", c.Flag.V)
		}
		l.flagOn[c.Flag.V] = true
	}
	if c.Not != nil && c.Not.Flag.OK && len(c.Not.Given()) == 1 {
		f := c.Not.Flag.V
		if l.flagOn[f] {
			return fmt.Sprintf("flag %q must be both set and not set", f)
		}
		l.flagOff[f] = true
	}
	for _, x := range c.All {
		if why := p.never(x, l); why != "" {
			return why
		}
	}
	if c.HasAny && len(c.Any) > 0 {
		var whys []string
		for _, x := range c.Any {
			// Each alternative is judged on a copy: its facts hold only if it is the one chosen.
			if why := p.never(x, l.copy()); why != "" {
				whys = append(whys, why)
			}
		}
		if len(whys) == len(c.Any) {
			return "no alternative of any can hold (" + strings.Join(whys, "; ") + ")"
		}
	}
	return ""
}

func (l *lits) copy() *lits {
	c := newLits()
	for k, v := range l.at {
		c.at[k] = v
	}
	for k := range l.flagOn {
		c.flagOn[k] = true
	}
	for k := range l.flagOff {
		c.flagOff[k] = true
	}
	return c
}
