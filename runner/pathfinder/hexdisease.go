package pathfinder

import "fmt"

// What a battle's disease and energy drain leave for the days after it in a hex run (Ultimate
// Campaign, Mass Combat, Special Abilities). A lone battle ends with the diseased mark
// (ArmyState.Diseased) and the drain (ArmyState.Drain); here they go on.

// drainAt is energy drain's penalty army a carries into a battle on day d (Energy Drain: "it
// reduces the enemy's OM and DV by 1 for 24 hours"), >= 0. Reading: the day loop keeps no hours,
// and every battle of a day is fought at the same point of it, after the day's march; a drain is
// dealt during a battle on day e, after it began, so a battle on day e+1 begins less than 24 hours
// later and is fought with it, and a battle on day e+2 is not.
func (a *hexArmy) drainAt(d int) int {
	if a.drain > 0 && d-a.drainDay <= 1 {
		return a.drain
	}
	return 0
}

// carryAfter keeps what battle state st leaves army a on day d: the drains dealt today (those
// carried from yesterday still end tomorrow's start as before) and the disease caught or cured
// (mercy). It returns the aftermath notes.
func (a *hexArmy) carryAfter(st ArmyState, d int) []string {
	var notes []string
	carried := a.drainAt(d)
	switch {
	case a.drainDay == d:
		a.drain = st.Drain
	case st.Drain > carried:
		a.drain, a.drainDay = st.Drain-carried, d
	}
	if a.drainDay == d && a.drain > 0 {
		notes = append(notes, fmt.Sprintf("energy drain: OM and DV -%d through tomorrow's battles (24 hours)", a.drain))
	}
	switch {
	case st.Diseased && !a.diseased:
		a.diseased = true
		notes = append(notes, "diseased: OM and DV -1 more each day from tomorrow until cured (disease)")
	case !st.Diseased && a.diseased:
		a.diseased, a.curedOn = false, d
		notes = append(notes, fmt.Sprintf("cured of its disease (mercy): OM and DV -%d, 1 less each day from tomorrow", a.sick))
	}
	return notes
}

// disease is Disease's days (Special Abilities): "the enemy becomes diseased and takes a cumulative
// -1 penalty to its OM and DV each day after the battle. Curing the disease requires a successful
// Stability check modified by this penalty, and allows the army to reduce this penalty by 1 each day
// thereafter until the penalty is gone." At the end of each day, after recovery, in army order,
// every army on the map that is diseased takes 1 more (so it fights the day after the battle at -1)
// and then its kingdom makes the Stability check, d20 + Stability - the penalty against the
// Control DC (no kingdom: d20 against 20, as P-61's Loyalty checks); success cures it. An army
// cured (by the check or by mercy) on an earlier day instead loses 1 of the penalty. Reading: the
// check is made each day, as the penalty grows each day; the text gives no other interval.
func (r *hexRun) disease() error {
	for i := range r.armies {
		a := &r.armies[i]
		if a.gone != "" || (!a.diseased && a.sick == 0) {
			continue
		}
		e := &HexDiseaseEvent{Day: r.day, Army: a.pa.ID}
		if !a.diseased {
			if a.curedOn >= r.day {
				continue // cured today: "each day thereafter"
			}
			a.sick--
			e.Penalty, e.Status = a.sick, "recovers"
		} else {
			a.sick = min(a.sick+1, 100)
			mod, dc := 0, 20
			if k := r.kingdoms[a.pa.Side]; k != nil {
				mod, dc = k.Stability, k.ControlDC
			}
			roll := r.d.Roll(20)
			if r.d.err != nil {
				return r.d.err
			}
			e.Penalty, e.Roll, e.Mod, e.DC, e.Status = a.sick, roll, mod, dc, "worsens"
			if roll+mod-a.sick >= dc {
				a.diseased, a.curedOn, e.Status = false, r.day, "cured"
			}
		}
		if r.on {
			if err := r.send(e); err != nil {
				return err
			}
		}
	}
	return nil
}

// diseaseMark is what the end table adds to army a's state: its disease and penalty, or "".
func (a *hexArmy) diseaseMark() string {
	switch {
	case a.diseased:
		return fmt.Sprintf(", diseased (OM/DV -%d)", a.sick)
	case a.sick > 0:
		return fmt.Sprintf(", recovering from disease (OM/DV -%d)", a.sick)
	}
	return ""
}
