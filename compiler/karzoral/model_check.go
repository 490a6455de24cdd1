package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// CheckSpec is an event's check as the author wrote it (schema #Check; K-4, K-5, K-51).
type CheckSpec struct {
	Pos    diag.Pos
	ID     Str
	TN     Int
	Mode   Str // "any" | "majority" | "all" | "each"
	Base   Str // "flat" (the schema's default) | "scout" | "agility" | "intelligence"
	Later  bool
	Damage Int
	Pass   []*Action
	Fail   []*Action
}

// Actions returns the check's nested actions: pass, then fail.
func (c *CheckSpec) Actions() []*Action {
	return append(append([]*Action(nil), c.Pass...), c.Fail...)
}

// check decodes an action's check, nil when absent; its pass and fail lists are followed up to
// maxCondDepth checks deep.
func (dc *decoder) check(n node, depth int) *CheckSpec {
	if !n.Exists() {
		return nil
	}
	c := &CheckSpec{Pos: dc.pos(n), ID: dc.str(n.Get("id")), TN: dc.int(n.Get("tn")), Mode: dc.str(n.Get("mode")),
		Base: dc.str(n.Get("base")), Later: dc.bool(n.Get("later")), Damage: dc.int(n.Get("damage"))}
	if depth < maxCondDepth {
		c.Pass = dc.actionsAt(n.Get("pass"), depth+1)
		c.Fail = dc.actionsAt(n.Get("fail"), depth+1)
	}
	return c
}

// check lowers an event's check with its pass and fail actions (K-4, K-51). The schema's default
// base "flat" is the plan's "".
func (l *lowerer) check(c *CheckSpec) (*plan.Check, error) {
	pc := &plan.Check{ID: c.ID.V, TN: c.TN.V, Mode: c.Mode.V, Later: c.Later, Damage: c.Damage.V}
	if c.Base.OK && c.Base.V != "flat" {
		pc.Base = c.Base.V
	}
	var err error
	if len(c.Pass) > 0 {
		if pc.Pass, err = l.actions(c.Pass); err != nil {
			return nil, err
		}
	}
	if len(c.Fail) > 0 {
		if pc.Fail, err = l.actions(c.Fail); err != nil {
			return nil, err
		}
	}
	return pc, nil
}
