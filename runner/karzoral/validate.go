package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// maxCondDepth bounds condition nesting so that a hand-written plan cannot exhaust the stack.
const maxCondDepth = 64

// validate checks what the runner relies on, so that a plan from anywhere (a hand-edited plan.json)
// gives an error, never a panic. The compiler's checks are stricter; this is the runner's floor.
func validate(p *plan.Plan) error {
	if p == nil {
		return fmt.Errorf("runner: nil plan")
	}
	if p.Format != plan.Format || p.Version != plan.Version {
		return fmt.Errorf("runner: plan format %q version %d, want %q version %d", p.Format, p.Version, plan.Format, plan.Version)
	}
	if p.Field.Grid != "square" {
		return fmt.Errorf("runner: grid %q is not supported (only \"square\")", p.Field.Grid)
	}
	// The bounds of the sources too (strengths, XP, routes that step to neighbours): a hand-edited
	// plan is refused where its scenario would be.
	if err := plan.Validate(p); err != nil {
		return fmt.Errorf("runner: %v", err)
	}
	nb, na, ne, nf := len(p.Field.Blocks), len(p.Armies), len(p.Encounters), len(p.Flags)
	if nb == 0 {
		return fmt.Errorf("runner: the plan has no blocks")
	}
	if p.DayLimit < 1 || p.DayLimit > 100000 {
		return fmt.Errorf("runner: day limit %d out of range 1..100000", p.DayLimit)
	}
	if p.Party.Start < 0 || p.Party.Start >= nb {
		return fmt.Errorf("runner: party start block %d out of range", p.Party.Start)
	}
	if p.Party.Members < 1 || p.Party.Rations < 0 {
		return fmt.Errorf("runner: party members %d (want at least 1) or rations %d (want at least 0)", p.Party.Members, p.Party.Rations)
	}
	// The exits must be what the coordinates say (K-17: orthogonal neighbours only), so that a
	// hand-edited plan cannot teleport the party.
	at := make(map[[2]int]int, nb)
	for i := range p.Field.Blocks {
		b := &p.Field.Blocks[i]
		if j, dup := at[b.At]; dup {
			return fmt.Errorf("runner: blocks %q and %q are both at %v", p.Field.Blocks[j].ID, b.ID, b.At)
		}
		at[b.At] = i
		switch b.Kind {
		case "base", "trail", "block":
		default:
			return fmt.Errorf("runner: block %q: kind %q (want base, trail or block)", b.ID, b.Kind)
		}
	}
	for i := range p.Field.Blocks {
		b := &p.Field.Blocks[i]
		for _, d := range plan.Dirs {
			dx, dy := d.Delta()
			want, ok := at[[2]int{b.At[0] + dx, b.At[1] + dy}]
			if !ok {
				want = -1
			}
			if b.Exits[d].To != want {
				return fmt.Errorf("runner: block %q: exit %s leads to block %d, but the block there is %d", b.ID, d, b.Exits[d].To, want)
			}
		}
	}
	for i := range p.Field.Blocks {
		b := &p.Field.Blocks[i]
		if b.Box < -1 || b.Box >= len(p.Field.Boxes) {
			return fmt.Errorf("runner: block %q: box %d out of range", b.ID, b.Box)
		}
		for d, ex := range b.Exits {
			if ex.To < -1 || ex.To >= nb {
				return fmt.Errorf("runner: block %q: exit %s: block %d out of range", b.ID, plan.Dir(d), ex.To)
			}
		}
	}
	for _, bx := range p.Field.Boxes {
		for _, b := range bx.Blocks {
			if b < 0 || b >= nb {
				return fmt.Errorf("runner: box %q: block %d out of range", bx.Name, b)
			}
		}
	}
	for i := range p.Armies {
		a := &p.Armies[i]
		if a.Side != "friendly" && a.Side != "enemy" {
			return fmt.Errorf("runner: army %q: side %q", a.ID, a.Side)
		}
		if len(a.Route) == 0 {
			return fmt.Errorf("runner: army %q has no route", a.ID)
		}
		for k, b := range a.Route {
			if b < 0 || b >= nb {
				return fmt.Errorf("runner: army %q: route step %d: block %d out of range", a.ID, k, b)
			}
		}
		if a.Strength < 0 {
			return fmt.Errorf("runner: army %q: negative strength", a.ID)
		}
		if a.Speed < 1 {
			return fmt.Errorf("runner: army %q: speed %d (want at least 1)", a.ID, a.Speed)
		}
		for _, s := range a.Support {
			if _, err := dice.Parse(s); err != nil {
				return fmt.Errorf("runner: army %q: support: %v", a.ID, err)
			}
		}
		if a.Encounter < -1 || a.Encounter >= ne {
			return fmt.Errorf("runner: army %q: encounter %d out of range", a.ID, a.Encounter)
		}
	}
	for i := range p.Encounters {
		e := &p.Encounters[i]
		if len(e.Monsters) == 0 {
			return fmt.Errorf("runner: encounter %q has no monsters", e.ID)
		}
		for _, m := range e.Monsters {
			if m.Count < 1 || m.Level < 1 {
				return fmt.Errorf("runner: encounter %q: monster %q: count %d and level %d must be at least 1", e.ID, m.Name, m.Count, m.Level)
			}
		}
	}
	if p.NightRaid < -1 || p.NightRaid >= ne {
		return fmt.Errorf("runner: night raid encounter %d out of range", p.NightRaid)
	}
	if len(p.Episodes) != 6 {
		return fmt.Errorf("runner: %d episodes, want 6 (K-36)", len(p.Episodes))
	}
	var checkActs func(where string, acts []plan.Action) error
	checkActs = func(where string, acts []plan.Action) error {
		for k, a := range acts {
			bad := false
			switch a.Op {
			case plan.ActCheck:
				if err := validCheck(a.Check); err != nil {
					return fmt.Errorf("runner: %s: action %d: %v", where, k, err)
				}
				for _, sub := range [2][]plan.Action{a.Check.Pass, a.Check.Fail} {
					if err := checkActs(where+" check "+a.Check.ID, sub); err != nil {
						return err
					}
				}
			case plan.ActSay, plan.ActEnd:
			case plan.ActSet, plan.ActClear:
				bad = a.Flag < 0 || a.Flag >= nf
			case plan.ActBattle:
				bad = a.Encounter < 0 || a.Encounter >= ne
			case plan.ActStrength, plan.ActSpawn, plan.ActRemove, plan.ActReveal:
				bad = a.Army < 0 || a.Army >= na
			case plan.ActSurvey:
			default:
				bad = true
			}
			if bad {
				return fmt.Errorf("runner: %s: action %d (%s): index out of range", where, k, a.Op)
			}
		}
		return nil
	}
	var checkCond func(where string, c *plan.Cond, depth int) error
	checkCond = func(where string, c *plan.Cond, depth int) error {
		if depth > maxCondDepth {
			return fmt.Errorf("runner: %s: condition nested deeper than %d", where, maxCondDepth)
		}
		bad := false
		switch c.Op {
		case plan.CondTrue, plan.CondDay:
		case plan.CondFlag:
			bad = c.Flag < 0 || c.Flag >= nf
		case plan.CondNot:
			bad = len(c.Args) != 1
		case plan.CondAll, plan.CondAny:
		case plan.CondAt:
			bad = c.Block < 0 || c.Block >= nb
		case plan.CondArmyGone:
			bad = c.Army < 0 || c.Army >= na
		default:
			bad = true
		}
		if bad {
			return fmt.Errorf("runner: %s: malformed %s condition", where, c.Op)
		}
		for k := range c.Args {
			if err := checkCond(where, &c.Args[k], depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	for i := range p.Events {
		e := &p.Events[i]
		where := "event " + e.ID
		switch e.On.Kind {
		case plan.OnEnter:
			if e.On.Block < 0 || e.On.Block >= nb {
				return fmt.Errorf("runner: %s: block %d out of range", where, e.On.Block)
			}
		case plan.OnDay:
		default:
			return fmt.Errorf("runner: %s: unknown trigger %s", where, e.On.Kind)
		}
		if e.If != nil {
			if err := checkCond(where, e.If, 0); err != nil {
				return err
			}
		}
		if err := checkActs(where, e.Do); err != nil {
			return err
		}
	}
	for i := range p.Objectives {
		o := &p.Objectives[i]
		if err := checkCond("objective "+o.ID, &o.When, 0); err != nil {
			return err
		}
	}
	for i := range p.Episodes {
		if err := checkActs(fmt.Sprintf("episode %d", i+1), p.Episodes[i].Do); err != nil {
			return err
		}
	}
	return validateKarzoral(p, checkActs)
}

// validateKarzoral checks the add-ons of issue 5: PCs, burdens, light, power rolls, consecutive
// battles (no cycle, K-72), traversal areas (six faces, K-45; blocks in range; exit policy, K-50).
func validateKarzoral(p *plan.Plan, checkActs func(string, []plan.Action) error) error {
	pa := &p.Party
	if pa.Torches < 0 || pa.LanternOil < 0 || p.NightRaidTN < 0 || p.FailureXP < 0 {
		return fmt.Errorf("runner: negative torches, lantern oil, night raid TN or failure XP")
	}
	for _, pc := range pa.PCs {
		if pc.Name == "" || pc.HP < 0 || pc.Level < 0 || pc.Scout < 0 || pc.WarLeader < 0 || pc.Defense < 0 {
			return fmt.Errorf("runner: PC %q: empty name or negative numbers", pc.Name)
		}
	}
	for _, b := range pa.Burdens {
		if b.Name == "" {
			return fmt.Errorf("runner: a burden has no name")
		}
	}
	power := func(where, s string) error {
		e, err := dice.Parse(s)
		if err == nil && e.Kind != dice.KindPower {
			err = fmt.Errorf("not a power roll")
		}
		if err != nil {
			return fmt.Errorf("runner: %s: %q: %v", where, s, err)
		}
		return nil
	}
	for i := range p.Armies {
		for _, src := range p.Armies[i].Support {
			if err := power("army "+p.Armies[i].ID+" support", src); err != nil {
				return err
			}
		}
	}
	for _, r := range p.Pursuit {
		if err := power("pursuit", r.Damage); err != nil {
			return err
		}
	}
	ne := len(p.Encounters)
	for i := range p.Encounters {
		seen := 0
		for j := i; p.Encounters[j].Next != nil; j = *p.Encounters[j].Next {
			if n := *p.Encounters[j].Next; n < 0 || n >= ne {
				return fmt.Errorf("runner: encounter %q: next %d out of range", p.Encounters[j].ID, n)
			}
			if seen++; seen > ne {
				return fmt.Errorf("runner: encounter %q: consecutive battles form a cycle (K-72)", p.Encounters[i].ID)
			}
		}
		for _, m := range p.Encounters[i].Monsters {
			if m.Level < 0 || m.Count < 1 {
				return fmt.Errorf("runner: encounter %q: monster %q: bad level or count", p.Encounters[i].ID, m.Name)
			}
		}
		if lt := p.Encounters[i].Loot; lt != nil {
			if lt.Money < 0 {
				return fmt.Errorf("runner: encounter %q: negative loot", p.Encounters[i].ID)
			}
			if err := checkActs("encounter "+p.Encounters[i].ID+" loot", lt.Do); err != nil {
				return err
			}
		}
	}
	if m := p.Midpoint; m != nil {
		for _, as := range m.Armies {
			if as.Army < 0 || as.Army >= len(p.Armies) || as.Strength < 0 || len(as.Route) == 0 {
				return fmt.Errorf("runner: midpoint setup: army %d: index out of range, negative strength or no route", as.Army)
			}
			for _, b := range as.Route {
				if b < 0 || b >= len(p.Field.Blocks) {
					return fmt.Errorf("runner: midpoint setup: army %s: block %d out of range", p.Armies[as.Army].ID, b)
				}
			}
		}
	}
	if o := p.Options; o != nil {
		if _, err := dice.ParseTableVariant(o.PowerTable); o.PowerTable != "" && err != nil {
			return fmt.Errorf("runner: options: power table: %v", err)
		}
	}
	nb := len(p.Field.Blocks)
	for i := range p.Traversals {
		t := &p.Traversals[i]
		where := "traversal " + t.ID
		if len(t.Faces) != 6 {
			return fmt.Errorf("runner: %s: %d faces, want 6 (K-45)", where, len(t.Faces))
		}
		switch t.Exit {
		case "free", "completeOnly", "retrace", "none":
		default:
			return fmt.Errorf("runner: %s: exit %q (K-50)", where, t.Exit)
		}
		if t.Threshold < 1 {
			return fmt.Errorf("runner: %s: threshold %d, want 1 or more (K-47)", where, t.Threshold)
		}
		for _, b := range t.Blocks {
			if b < 0 || b >= nb {
				return fmt.Errorf("runner: %s: block %d out of range", where, b)
			}
		}
		for f := range t.Faces {
			if err := checkActs(fmt.Sprintf("%s face %d", where, f+1), t.Faces[f].Do); err != nil {
				return err
			}
		}
		if err := checkActs(where+" completion", t.Complete); err != nil {
			return err
		}
	}
	return nil
}
