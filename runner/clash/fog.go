package clash

import (
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// Fog is what the player of one side is shown of a battle as it is fought (--play SIDE, issue
// 23), by the rule of the HTML replay's players view (runner/replay/clash.go, U-50, U-80): an
// enemy's Hide attempt is withheld, and so is every event of a hidden enemy (its moves and
// pushes, and what befalls it: an area's save and damage...), until it is revealed (the reveal
// is shown). The replay keeps its own copy of the rule for now (another
// branch edits runner/replay); the two are to become this one.
type Fog struct {
	side   int
	sideOf map[string]int // stand ("goblins 3") or solo id -> its side
	hidden map[string]bool
}

// NewFog is the fog of side (its index into c.Sides, 0 or 1) over c's stands and solos.
func NewFog(c *plan.Clash, side int) *Fog {
	f := &Fog{side: side, sideOf: map[string]int{}, hidden: map[string]bool{}}
	for _, u := range c.Units {
		for k := range u.Stands {
			f.sideOf[u.ID+" "+strconv.Itoa(k+1)] = u.Side
		}
	}
	for _, s := range c.Solos {
		f.sideOf[s.ID] = s.Side
	}
	return f
}

// enemy reports whether who is a stand or solo of the other side.
func (f *Fog) enemy(who string) bool {
	s, ok := f.sideOf[who]
	return ok && s != f.side
}

// Sees reports whether the side sees event e, and follows who hides and who is revealed (U-50,
// U-80); it is called with every event of the battle, in order.
func (f *Fog) Sees(e runner.Event) bool {
	switch v := e.(type) {
	case *HidEvent:
		if f.enemy(v.Who) {
			f.hidden[v.Who] = true
			return false
		}
	case *RevealedEvent:
		delete(f.hidden, v.Who)
	case *MovedEvent:
		return !f.hidden[v.Who]
	case *PushedEvent:
		return !f.hidden[v.Who]
	// What befalls a hidden enemy is not seen either (U-80: being hit does not reveal it): an
	// area spell's save, damage and condition, damage overflowing into or out of it, its
	// escape, healing, aid, death saves, its removal or a stand filling its gap.
	case *SaveRollEvent:
		return !f.hidden[v.Who]
	case *DamagedEvent:
		return !f.hidden[v.Target]
	case *HealedEvent:
		return !f.hidden[v.Target]
	case *OverflowedEvent:
		return !f.hidden[v.From] && !f.hidden[v.To]
	case *ConditionEvent:
		return !f.hidden[v.Who]
	case *EscapeEvent:
		return !f.hidden[v.Who]
	case *AidedEvent:
		return !f.hidden[v.Stand]
	case *DeathSavesEvent:
		return !f.hidden[v.Solo]
	case *RemovedEvent:
		return !f.hidden[v.Stand]
	case *GapFilledEvent:
		return !f.hidden[v.Stand]
	}
	return true
}

// SeesChoice reports whether the side may be shown the other side's answer choice to request r
// (runner.Seat's computer lines): not an enemy's choice to hide, nor any choice of an enemy
// stand or solo that is hidden. r names its stand or solo in Army (a solo, a unit) or Other (a
// unit's stand).
func (f *Fog) SeesChoice(r *runner.Request, choice string) bool {
	for _, who := range []string{r.Army, r.Other} {
		if f.enemy(who) && (f.hidden[who] || choice == "hide") {
			return false
		}
	}
	return true
}

// Sink is inner behind the fog: the events the side does not see are not written.
func (f *Fog) Sink(inner runner.Sink) runner.Sink { return fogSink{f, inner} }

type fogSink struct {
	f     *Fog
	inner runner.Sink
}

func (s fogSink) Write(e runner.Event) error {
	if !s.f.Sees(e) {
		return nil
	}
	return s.inner.Write(e)
}
