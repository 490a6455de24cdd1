package clash

import (
	"strconv"
	"strings"

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
	// overflowFrom: the stand whose damage overflowed into a stand (the key), until that stand's
	// damage event; downUnseen: the enemy stands that became casualties while hidden (U-50, U-57);
	// gapUnseen: a hidden enemy stand was just removed, so the next gap filled is its.
	overflowFrom map[string]string
	downUnseen   map[string]bool
	// veiledCause: the cause of the last damage a hidden enemy stand took (its key), so that
	// damage overflowing out of it is shown with the cause the side saw dealt (U-56).
	veiledCause map[string]string
	gapUnseen   bool
}

// NewFog is the fog of side (its index into c.Sides, 0 or 1; -1 for the GM's sight, which sees
// every event and still follows who is hidden) over c's stands and solos.
func NewFog(c *plan.Clash, side int) *Fog {
	f := &Fog{side: side, sideOf: map[string]int{}, hidden: map[string]bool{}, overflowFrom: map[string]string{}, downUnseen: map[string]bool{}, veiledCause: map[string]string{}}
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
// U-80); it is called with every event of the battle, in order. It is Shown's second result.
func (f *Fog) Sees(e runner.Event) bool {
	_, ok := f.Shown(e)
	return ok
}

// Shown is event e as the side is shown it (U-50, U-80), and whether it is shown at all; it is
// called with every event of the battle, in order, and follows who hides and who is revealed.
// An event that names or implies a second stand goes through the same rule as the first:
//   - damage overflowing out of a hidden enemy into a stand the side sees (U-56) is that stand's
//     damage of the cause the hidden stand took (no "(overflow)": it would tell of the hidden
//     stand it passed through; "(spell)" when an area the side saw cast dealt it);
//   - an enemy that became a casualty while hidden (U-57) is never announced as revealed: the
//     side never saw it fall, and it leaves the grid unseen (U-60); nor is the gap it leaves
//     said to be filled (the stand that fills it is seen where it stands next);
//   - a push (U-3) stopped by a hidden enemy does not name it ("blocked", its length is the
//     squares moved), and a hidden solo carried by it is not named (U-53);
//   - a join, a leave, an aid, an attack roll or a command that names a hidden enemy is not shown.
//
// The result is e itself unless it is rewritten (a copy; e is not changed).
func (f *Fog) Shown(e runner.Event) (runner.Event, bool) {
	switch v := e.(type) {
	case *HidEvent:
		f.hidden[v.Who] = true
		return e, !f.enemy(v.Who)
	case *RevealedEvent:
		if f.downUnseen[v.Who] {
			return e, false // stays hidden from the side: it leaves the grid unseen
		}
		delete(f.hidden, v.Who)
	case *MovedEvent:
		return e, !f.veiled(v.Who)
	case *PushedEvent:
		return f.push(v)
	// What befalls a hidden enemy is not seen either (U-80: being hit does not reveal it): an
	// area spell's save, damage and condition, damage overflowing into or out of it, its
	// escape, healing, aid, death saves, its removal or a stand filling its gap.
	case *SaveRollEvent:
		return e, !f.veiled(v.Who)
	case *DamagedEvent:
		return f.damage(v)
	case *HealedEvent:
		if v.HP > 0 {
			delete(f.downUnseen, v.Target)
		}
		return e, !f.veiled(v.Target)
	case *OverflowedEvent:
		f.overflowFrom[v.To] = v.From
		return e, !f.veiled(v.From) && !f.veiled(v.To)
	case *ConditionEvent:
		return e, !f.veiled(v.Who)
	case *EscapeEvent:
		return e, !f.veiled(v.Who)
	case *AidedEvent:
		return e, !f.veiled(v.Stand) && !f.veiled(v.Aids)
	case *DeathSavesEvent:
		return e, !f.veiled(v.Solo)
	case *RemovedEvent:
		f.gapUnseen = f.veiled(v.Stand)
		return e, !f.gapUnseen
	case *GapFilledEvent:
		gap := f.gapUnseen
		f.gapUnseen = false
		return e, !gap && !f.veiled(v.Stand)
	case *JoinedEvent:
		return e, !f.veiled(v.Solo) && !f.veiled(v.Stand)
	case *LeftEvent:
		return e, !f.veiled(v.Solo)
	case *AttackRollEvent:
		return e, !f.veiled(v.Attacker) && !f.veiled(v.Target)
	case *CommandRollEvent:
		return e, !f.veiled(v.Solo)
	case *CommandChangedEvent:
		return e, !f.veiled(v.Solo)
	case *UnitsEvent:
		return f.units(v), true
	case *ScoredEvent:
		return f.scored(v), true
	case *MapEvent:
		// The end of round's map without the enemies the side cannot see, alive or fallen
		// (veilRows); one read back from JSON cannot be redrawn (the replay page draws its own).
		if rows := f.veilRows(v.Rows, v.draw); rows != nil {
			c := *v
			c.Rows = rows
			return &c, true
		}
	}
	return e, true
}

// unseen is how many stands of unit (its id), of start, are an enemy's the side cannot account
// for (U-50, U-57, U-80): hidden now, or fallen while hidden.
func (f *Fog) unseen(unit string, start int) int {
	n := 0
	for k := 1; k <= start; k++ {
		who := unit + " " + strconv.Itoa(k)
		if f.Unseen(who) {
			n++
		}
	}
	return n
}

// units is the end of round's table of units (U-59) as the side knows it: an enemy unit with a
// stand it cannot account for (unseen) has its stands, hp and state unknown (UnitRow.Unseen), so
// that "goblins 0/3 eliminated" does not tell of a stand that fell unseen (issue 23 review). The
// VP stay: the battle's score is public, as its end and result are (U-65, U-72).
func (f *Fog) units(v *UnitsEvent) *UnitsEvent {
	var c *UnitsEvent
	for i, u := range v.Units {
		n := f.unseen(u.Unit, u.Start)
		if n == 0 {
			continue
		}
		if c == nil {
			c = new(UnitsEvent)
			*c = *v
			c.Units = append([]UnitRow(nil), v.Units...)
		}
		c.Units[i].Unseen = n
	}
	if c == nil {
		return v
	}
	return c
}

// scored is a VP award (U-65) as the side is shown it: the VP are public, but an attrition
// objective's reason that names an enemy unit with a stand the side cannot account for
// ("goblins eliminated", U-66) is not given.
func (f *Fog) scored(v *ScoredEvent) *ScoredEvent {
	unit, _, ok := strings.Cut(v.Why, " ")
	if !ok || (!strings.HasSuffix(v.Why, " eliminated") && !strings.HasSuffix(v.Why, " broken")) {
		return v
	}
	for who := range f.sideOf {
		if strings.HasPrefix(who, unit+" ") && f.Unseen(who) {
			c := *v
			c.Why = "out of sight"
			return &c
		}
	}
	return v
}

// damage is Shown for damage taken (U-56, U-57).
func (f *Fog) damage(v *DamagedEvent) (runner.Event, bool) {
	from, over := f.overflowFrom[v.Target]
	delete(f.overflowFrom, v.Target)
	if f.veiled(v.Target) {
		if v.Casualty {
			f.downUnseen[v.Target] = true
		}
		f.veiledCause[v.Target] = v.Cause
		return v, false
	}
	if over && v.Cause == "overflow" && f.veiled(from) {
		// Not "(overflow)", which tells of the hidden stand it passed through, nor no cause at
		// all, which reads as a blow from nowhere: the cause of the damage the hidden stand
		// took, which the side saw dealt (the Ice Storm it saw cast: "(spell)"; an attack
		// shows none, as an attack's damage does).
		c := *v
		c.Cause = f.veiledCause[from]
		return &c, true
	}
	return v, true
}

// push is Shown for forced movement (U-3, U-53).
func (f *Fog) push(v *PushedEvent) (runner.Event, bool) {
	if f.veiled(v.Who) {
		return v, false
	}
	var c *PushedEvent
	if f.veiled(v.Blocked) {
		c = new(PushedEvent)
		*c = *v
		c.Of, c.Blocked = v.Squares, ""
		if v.Squares == 0 {
			c.Blocked = "blocked"
		}
	}
	for _, s := range v.Carried {
		if f.veiled(s) {
			if c == nil {
				c = new(PushedEvent)
				*c = *v
			}
			c.Carried = nil
			for _, t := range v.Carried {
				if !f.veiled(t) {
					c.Carried = append(c.Carried, t)
				}
			}
			break
		}
	}
	if c == nil {
		return v, true
	}
	return c, true
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
	e, ok := s.f.Shown(e)
	if !ok {
		return nil
	}
	return s.inner.Write(e)
}
