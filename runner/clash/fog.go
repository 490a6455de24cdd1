package clash

import (
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// Fog is what one side of a battle sees of it as it is fought: the player of that side at the
// terminal (--play SIDE, issue 23) and the HTML replay's players' view (runner/replay/clash.go),
// one rule for both. The reading of Part U: the field is open, a table of miniatures both
// generals look at, so a side sees every stand and solo on the grid (U-1, U-24), with one
// exception: a stand or solo of the other side that hid (U-50) is not seen until it is revealed
// (U-80: it attacks or casts, or a Perception check beats its Stealth) or leaves the grid. So the
// side is not shown an enemy's Hide roll (its Stealth total is what their Perception must beat),
// nor a hidden enemy's moves and pushes; the reveal is shown.
type Fog struct {
	side   int            // the side whose sight it is; -1: the GM's, who sees everything
	sideOf map[string]int // stand ("goblins 3") or solo id -> its side
	hidden map[string]bool
}

// NewFog is the fog of side (its index into c.Sides, 0 or 1; -1 for the GM's sight, which sees
// every event and still follows who is hidden) over c's stands and solos.
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
	return ok && f.side >= 0 && s != f.side
}

// Sees reports whether the side sees event e, and follows who hides and who is revealed (U-50,
// U-80); it is called with every event of the battle, in order.
func (f *Fog) Sees(e runner.Event) bool {
	switch v := e.(type) {
	case *HidEvent:
		f.hidden[v.Who] = true
		return !f.enemy(v.Who)
	case *RevealedEvent:
		delete(f.hidden, v.Who)
	case *MovedEvent:
		return !f.veiled(v.Who)
	case *PushedEvent:
		return !f.veiled(v.Who)
	// What befalls a hidden enemy is not seen either (U-80: being hit does not reveal it): an
	// area spell's save, damage and condition, damage overflowing into or out of it, its
	// escape, healing, aid, death saves, its removal or a stand filling its gap.
	case *SaveRollEvent:
		return !f.veiled(v.Who)
	case *DamagedEvent:
		return !f.veiled(v.Target)
	case *HealedEvent:
		return !f.veiled(v.Target)
	case *OverflowedEvent:
		return !f.veiled(v.From) && !f.veiled(v.To)
	case *ConditionEvent:
		return !f.veiled(v.Who)
	case *EscapeEvent:
		return !f.veiled(v.Who)
	case *AidedEvent:
		return !f.veiled(v.Stand)
	case *DeathSavesEvent:
		return !f.veiled(v.Solo)
	case *RemovedEvent:
		return !f.veiled(v.Stand)
	case *GapFilledEvent:
		return !f.veiled(v.Stand)
	}
	return true
}

// Hidden reports whether stand or solo who, of either side, is hidden now (U-50, not yet
// revealed, U-80).
func (f *Fog) Hidden(who string) bool { return f.hidden[who] }

// veiled reports whether who is an enemy of the side that is hidden now (U-50, U-80): what it
// does and what befalls it are not seen.
func (f *Fog) veiled(who string) bool { return f.enemy(who) && f.hidden[who] }

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
