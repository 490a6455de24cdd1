package pathfinder

import (
	"fmt"
	"slices"

	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// The scenario's orders at the start of a day (Ultimate Campaign, Optional Mass Combat Rules), in
// the plan's order. An order that cannot be carried out that day (an army gone, two armies apart, a
// hex without room in reserve) is reported and skipped.
//   - Split: two armies one size smaller in the army's hex, each with its statistics "except those
//     based on size", Morale -1, and the same share of full hp; the first keeps the commander (and
//     what it learnt), the second has the order's (or none).
//   - Combine: one army a size larger, with the kept army's commander; a tactic, resource or boon
//     only when both armies had it; Morale the average (rounded down), hp the average share of full.
//   - Reserve: the army stays in a hex whose buildings hold its size, pays once a kingdom turn and
//     needs its commander only then; activate makes it deployed again.

// orders carries out today's orders.
func (r *hexRun) orders() error {
	for i := range r.pf.Orders {
		o := &r.pf.Orders[i]
		if o.Day != r.day {
			continue
		}
		var note string
		var err error
		var tr tradeResult
		switch o.Kind {
		case "split":
			note, err = r.split(o)
		case "combine":
			note, err = r.combine(o)
		case "reserve", "activate":
			note = r.reserve(o)
		case "buy", "sell", "transfer":
			tr, err = r.trade(o)
			note = tr.note
		case "reform":
			note, err = r.reform(o)
		}
		if err != nil {
			return err
		}
		if r.on {
			e := &HexOrderEvent{Day: r.day, Kind: o.Kind, Note: note, Resources: tr.items, BP: tr.bp}
			for _, a := range o.Armies {
				e.Armies = append(e.Armies, r.armies[a].pa.ID)
				if e.Hex == "" {
					e.Hex = r.hexID(r.armies[a].hex)
				}
			}
			for _, a := range o.Into {
				e.Into = append(e.Into, r.armies[a].pa.ID)
				if note == "" {
					e.HP = append(e.HP, r.armies[a].hp)
				}
				if e.Hex == "" {
					e.Hex = r.hexID(r.armies[a].hex)
				}
			}
			if err := r.send(e); err != nil {
				return err
			}
		}
	}
	return nil
}

// known is the tactics army a knows besides Standard, Withdraw and its commander's bonus tactics.
func (a *hexArmy) known() pfarmy.TacticSet {
	t := a.st.Tactics &^ pfarmy.TacticSet(0).With(pfarmy.TacStandard).With(pfarmy.TacWithdraw)
	if c := a.pa.Army.Commander; c != nil {
		for _, n := range c.BonusTactics {
			if b, err := pfarmy.ParseTactic(n); err == nil {
				t &^= pfarmy.TacticSet(0).With(b)
			}
		}
	}
	return t
}

// form derives army x from what is written of it (the compiler's plan input), with the tactics
// known and the commander's boons the order leaves it, at Morale m and share num/den of its full hp,
// in hex h.
func (r *hexRun) form(x *hexArmy, in pfarmy.Army, known pfarmy.TacticSet, boons pfarmy.BoonSet, m, num, den, h int) error {
	in.Tactics = known.List()
	if c := in.Commander; c != nil {
		var keep []pfarmy.Boon
		for _, b := range c.Boons {
			if boons.Has(b) {
				keep = append(keep, b)
			}
		}
		for b := pfarmy.Boon(1); b < pfarmy.NumBoons; b++ {
			if boons.Has(b) && b != pfarmy.BoonBonusTactic && !slices.Contains(keep, b) && b != c.RoleBoon {
				keep = append(keep, b)
			}
		}
		c.Boons = keep
	}
	st, err := pfarmy.Derive(&in, r.o.Rules)
	if err != nil {
		return fmt.Errorf("army %s: %v", x.pa.ID, err)
	}
	x.st, x.boons = st, boonsKnown(&in)
	x.setMorale(m - x.st.Morale)
	x.hp = max(1, x.st.HP*num/den)
	x.gone, x.hex = "", h
	return nil
}

// split is Splitting an Army.
func (r *hexRun) split(o *plan.PFOrder) (string, error) {
	a := &r.armies[o.Armies[0]]
	if a.gone != "" {
		return "cannot: it is " + a.gone, nil
	}
	for k, j := range o.Into {
		x := &r.armies[j]
		in, err := pfarmy.ArmyOf(&x.pa.Army)
		if err != nil {
			return "", fmt.Errorf("army %s: %v", x.pa.ID, err)
		}
		x.smaller = a.smaller // the parent's reforms make its halves smaller too
		in.Size -= pfarmy.Size(x.smaller)
		if a.res != nil {
			in.Resources = *a.res // what it bought or sold before the split (hextrade.go)
		}
		if x.mount = a.mount; a.mount != nil {
			in.MountCR = *a.mount // the mounts it bought, with their CR (P-3)
		}
		boons := pfarmy.BoonSet(0)
		if k == 0 {
			boons = a.st.Boons // the commander stays, with what it learnt
		} else if in.Commander != nil {
			for _, b := range in.Commander.Boons {
				boons = boons.With(b)
			}
		}
		if err := r.form(x, in, a.known(), boons, a.st.Morale-1, a.hp, a.st.HP, a.hex); err != nil {
			return "", err
		}
		x.routed, x.unpaid, x.arrears, x.lastFight = a.routed, a.unpaid, a.arrears/2, a.lastFight
		if slices.Equal(x.pa.Route, a.pa.Route) {
			x.next = a.next
		}
	}
	a.gone, a.hex, a.became = "split", -1, o.Into
	return "", nil
}

// combine is Combining Armies.
func (r *hexRun) combine(o *plan.PFOrder) (string, error) {
	x, y := &r.armies[o.Armies[0]], &r.armies[o.Armies[1]]
	switch {
	case x.gone != "":
		return fmt.Sprintf("cannot: %s is %s", x.pa.ID, x.gone), nil
	case y.gone != "":
		return fmt.Sprintf("cannot: %s is %s", y.pa.ID, y.gone), nil
	case x.hex != y.hex:
		return "cannot: they are not in one hex", nil
	case x.smaller != y.smaller:
		return fmt.Sprintf("cannot: they are no longer of one size (%s and %s, reformed)", x.st.Size, y.st.Size), nil
	}
	lead, other := x, y
	if o.Keep == 1 {
		lead, other = y, x
	}
	c := &r.armies[o.Into[0]]
	in, err := pfarmy.ArmyOf(&c.pa.Army)
	if err != nil {
		return "", fmt.Errorf("army %s: %v", c.pa.ID, err)
	}
	c.smaller = x.smaller // both were reformed alike (checked above)
	in.Size -= pfarmy.Size(c.smaller)
	xa, _ := x.input()
	ya, _ := y.input()
	in.Resources = pfarmy.Resources{Armor: min(xa.Resources.Armor, ya.Resources.Armor), Weapons: min(xa.Resources.Weapons, ya.Resources.Weapons),
		Mounts: xa.Resources.Mounts && ya.Resources.Mounts, Ranged: xa.Resources.Ranged && ya.Resources.Ranged,
		SiegeEngines: min(xa.Resources.SiegeEngines, ya.Resources.SiegeEngines), HealingPotions: xa.Resources.HealingPotions && ya.Resources.HealingPotions}
	if x.mount != nil || y.mount != nil {
		m := min(xa.MountCR, ya.MountCR) // the lesser mounts, as the lesser resources (P-3)
		c.mount, in.MountCR = &m, m
	}
	boons := lead.st.Boons & other.st.Boons
	if in.Commander != nil && other.st.Commander {
		var bt []pfarmy.Tactic
		for _, t := range in.Commander.BonusTactics {
			if other.st.Tactics.Has(t) {
				bt = append(bt, t)
			}
		}
		in.Commander.BonusTactics = bt
	} else if in.Commander != nil {
		in.Commander.BonusTactics, boons = nil, 0
	}
	// The average share of full hp: (x.hp/x.HP + y.hp/y.HP) / 2.
	num, den := x.hp*y.st.HP+y.hp*x.st.HP, 2*x.st.HP*y.st.HP
	if err := r.form(c, in, x.known()&y.known(), boons, pfarmy.FloorDiv(x.st.Morale+y.st.Morale, 2), num, den, x.hex); err != nil {
		return "", err
	}
	c.res = &in.Resources // what its input() re-derives from after a later trade (hextrade.go)
	c.routed, c.unpaid, c.arrears = x.routed || y.routed, x.unpaid || y.unpaid, x.arrears+y.arrears
	c.lastFight = max(x.lastFight, y.lastFight)
	if slices.Equal(c.pa.Route, lead.pa.Route) {
		c.next = lead.next
	}
	x.gone, x.hex, x.became = "combined", -1, o.Into
	y.gone, y.hex, y.became = "combined", -1, o.Into
	return "", nil
}

// reserve is Reserve Army: put an army in reserve, or make it active.
func (r *hexRun) reserve(o *plan.PFOrder) string {
	a := &r.armies[o.Armies[0]]
	switch {
	case a.gone != "":
		return "cannot: it is " + a.gone
	case o.Kind == "activate" && !a.reserve:
		return "cannot: it is not in reserve"
	case o.Kind == "activate":
		a.reserve = false
		return ""
	case a.reserve:
		return "it is in reserve already"
	}
	room, err := pfarmy.ParseSize(r.pf.Hexes[a.hex].Reserve)
	if err != nil || a.st.Size > room {
		if r.pf.Hexes[a.hex].Reserve == "" {
			return "cannot: no buildings here hold an army in reserve"
		}
		return fmt.Sprintf("cannot: the buildings here hold a %s army at most", room)
	}
	a.reserve = true
	return ""
}
