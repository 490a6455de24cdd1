package pathfinder

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/runner"
)

// battle fights every army in hex h; mover is the army whose move started it (-1: none).
func (r *hexRun) battle(h, mover int) error {
	r.battles++
	for i := range r.armies {
		if r.armies[i].hex == h {
			r.armies[i].carry = 0
		}
	}
	hex := &r.pf.Hexes[h]
	field, err := FieldOf(hex.Conditions)
	if err != nil {
		return fmt.Errorf("hex %s: %v", hex.ID, err)
	}
	setup := &Setup{Field: field, Options: r.o.Rules}
	var idx []int
	var names []string
	var sides [2][]string
	for i := range r.armies {
		a := &r.armies[i]
		if a.gone != "" || a.hex != h {
			continue
		}
		c := Combatant{Stats: a.st, Side: Side(a.pa.Side), HP: a.hp, Routed: a.routed}
		if mover >= 0 && a.pa.Side != r.armies[mover].pa.Side {
			c.Fortification = hex.Fortification
			c.AdvantageousTerrain = hex.AdvantageousTerrain
		}
		setup.Armies = append(setup.Armies, c)
		idx = append(idx, i)
		names = append(names, a.pa.ID)
		sides[a.pa.Side] = append(sides[a.pa.Side], a.pa.ID)
		a.busy = true
	}
	if len(idx) > MaxArmies {
		return fmt.Errorf("day %d: %d armies in hex %s; a battle holds at most %d", r.day, len(idx), hex.ID, MaxArmies)
	}
	r.d.hex, r.d.names = hex.ID, names
	if err := r.eng.Reset(setup, r.d, r.d); err != nil {
		return err
	}
	var events []Event
	if r.on {
		r.eng.SetLog(Collect(&events))
	} else {
		r.eng.SetLog(nil)
	}
	_, err = r.eng.Run()
	if r.d.err != nil {
		return r.d.err
	}
	if err != nil {
		return err
	}
	var in AftermathInput
	for s := 0; s < 2; s++ {
		in.LoyaltyMod[s], in.ControlDC[s] = 0, 20
		if k := r.kingdoms[s]; k != nil {
			in.LoyaltyMod[s], in.ControlDC[s] = k.Loyalty, k.ControlDC
		}
	}
	am := r.eng.Aftermath(in)
	if err := r.d.err; err != nil {
		return err
	}

	// The log.
	if r.on {
		if err := r.send(&HexBattleEvent{Day: r.day, Battle: r.battles, Hex: hex.ID, Armies: names, sides: sides, log: events}); err != nil {
			return err
		}
		for i := range events {
			if err := r.send(&HexLogEvent{Day: r.day, Battle: r.battles, Event: logEntry(&events[i], names, sideNames)}); err != nil {
				return err
			}
		}
	}

	// Aftermath (P-57..P-61).
	var rows [][]string
	var place []int
	for j, i := range idx {
		a := &r.armies[i]
		x := &am.Armies[j]
		a.hp = x.HP
		if d := x.Morale - a.st.Morale; d != 0 {
			a.st.Morale += d
			a.st.MoraleMod += d
		}
		var notes []string
		switch x.Status {
		case StatusDestroyed:
			a.gone, a.hex = "destroyed", -1
			if x.Fate != FateNone {
				notes = append(notes, "commander "+x.Fate.String()+" (P-58)")
			}
		case StatusRouted:
			a.routed = true
			notes = append(notes, "routed state (P-59)")
			place = append(place, i)
		case StatusWithdrawn:
			place = append(place, i)
		}
		if x.Won {
			dc := in.ControlDC[a.pa.Side]
			n := fmt.Sprintf("Loyalty %d vs DC %d", x.Checks[0], dc)
			if x.NewTactic {
				t, err := r.learn(a, hex.ID)
				if err != nil {
					return err
				}
				if t != "" {
					n += ": learns " + t + ", Morale +1 (P-61)"
				} else {
					n += fmt.Sprintf(": Morale +1, no tactic to learn (P-61; P-10 allows %d)", a.st.TacticsLimit)
				}
			}
			notes = append(notes, n)
			if x.Checks[1] != 0 {
				n = fmt.Sprintf("Loyalty %d vs DC %d", x.Checks[1], dc)
				if x.NewBoon {
					n += ": the commander gains a boon"
				}
				notes = append(notes, n)
			}
		}
		if x.Disbanded && a.gone == "" {
			a.gone, a.hex = "disbanded", -1
			notes = append(notes, "disbands at Morale -5 (P-7)")
		}
		rows = append(rows, []string{a.pa.ID, x.Status.String(), fmt.Sprintf("%d/%d", a.hp, a.st.HP), fmt.Sprintf("%+d", a.st.Morale), strings.Join(notes, "; ")})
		if r.on {
			e := &HexAftermathEvent{Day: r.day, Battle: r.battles, Army: a.pa.ID, Status: x.Status.String(), HP: a.hp, Morale: a.st.Morale, Note: strings.Join(notes, "; ")}
			if j == len(idx)-1 {
				e.table = rows // the transcript's table, every army's row
			}
			if err := r.send(e); err != nil {
				return err
			}
		}
	}
	for j, i := range idx {
		a := &r.armies[i]
		x := &am.Armies[j]
		if x.Status != StatusDestroyed {
			continue
		}
		k := r.kingdoms[a.pa.Side]
		if k == nil {
			continue
		}
		k.Economy += x.Penalty.Economy
		k.Loyalty += x.Penalty.Loyalty
		k.Stability += x.Penalty.Stability
		if r.on {
			if err := r.send(&HexKingdomEvent{Day: r.day, Side: sideNames[a.pa.Side], Army: a.pa.ID, size: a.pa.Army.Size,
				Penalty: [3]int{x.Penalty.Economy, x.Penalty.Loyalty, x.Penalty.Stability}, Counters: [3]int{k.Economy, k.Loyalty, k.Stability}}); err != nil {
				return err
			}
		}
	}
	for _, i := range place {
		if err := r.place(i, h); err != nil {
			return err
		}
	}
	return nil
}

// learn teaches a victorious army one new tactic (P-61), the owner's choice (KindTactic, Cause
// "learn") among those it may use, while it knows fewer than floor(ACR/2) (P-10). It returns the
// tactic's name, or "" when there is no room or nothing to learn.
func (r *hexRun) learn(a *hexArmy, hex string) (string, error) {
	if a.st.Known >= a.st.TacticsLimit {
		return "", nil
	}
	var opts []Tactic
	var choices []runner.Choice
	for t := TacStandard; t.Valid(); t++ {
		switch {
		case a.st.Tactics.Has(t),
			t == TacCavalryExperts && !a.st.Mounted,
			t == TacSniperSupport && !a.st.Ranged:
			continue
		}
		opts = append(opts, t)
		choices = append(choices, runner.Choice{Name: strings.ToLower(t.String()), Value: int(t)})
	}
	if len(opts) == 0 {
		return "", nil
	}
	k := 0
	if len(opts) > 1 {
		req := &r.d.req
		*req = runner.Request{Kind: runner.KindTactic, Day: r.day, Phase: runner.PhaseBattle, Choices: choices, Block: hex,
			Army: a.pa.ID, Title: "aftermath", Cause: "learn"}
		var err error
		if k, err = r.d.ask(req); err != nil {
			return "", err
		}
	}
	a.st.Tactics = a.st.Tactics.With(opts[k])
	a.st.Known++
	return opts[k].String(), nil
}

// place moves a withdrawn or routed army to an adjacent hex without hostile armies, the owner's
// choice (P-62); with none it surrenders.
func (r *hexRun) place(i, h int) error {
	a := &r.armies[i]
	if a.gone != "" {
		return nil
	}
	why := "withdrawn"
	if a.routed {
		why = "routed"
	}
	var choices []runner.Choice
	for _, n := range r.pf.Hexes[h].Neighbours {
		if !r.hostilesIn(n, a.pa.Side) {
			choices = append(choices, runner.Choice{Name: r.pf.Hexes[n].ID, Value: n})
		}
	}
	if len(choices) == 0 {
		a.gone, a.hex = "surrendered", -1
		if !r.on {
			return nil
		}
		return r.send(&HexPlacedEvent{Day: r.day, Army: a.pa.ID, From: r.hexID(h), Status: "surrendered", why: why})
	}
	k := 0
	if len(choices) > 1 {
		req := &r.d.req
		*req = runner.Request{Kind: runner.KindPlace, Day: r.day, Phase: runner.PhaseBattle, Choices: choices, Block: r.hexID(h), Army: a.pa.ID, Cause: why}
		var err error
		if k, err = r.d.ask(req); err != nil {
			return err
		}
	}
	to := choices[k].Value
	a.hex = to
	if !r.on {
		return nil
	}
	return r.send(&HexPlacedEvent{Day: r.day, Army: a.pa.ID, From: r.hexID(h), To: r.hexID(to), Status: why, why: why})
}
