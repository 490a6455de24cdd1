package pathfinder

import (
	"fmt"
	"strings"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
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
	if field.Terrain == "" {
		field.Terrain = hex.Terrain // mobility's terrain: the hex's, unless its conditions name another
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
		c := Combatant{Stats: a.st, Side: Side(a.pa.Side), HP: a.hp, Routed: a.routed,
			Drain: a.drainAt(r.day), Diseased: a.diseased, Disease: a.sick}
		if mover >= 0 && a.pa.Side != r.armies[mover].pa.Side {
			c.Fortification, c.FortKind = hex.Fortification, hex.FortKind
			c.AdvantageousTerrain = hex.AdvantageousTerrain
		}
		setup.Armies = append(setup.Armies, c)
		idx = append(idx, i)
		names = append(names, a.pa.ID)
		sides[a.pa.Side] = append(sides[a.pa.Side], a.pa.ID)
		a.busy = true
	}
	if len(idx) > pfarmy.MaxArmies {
		return fmt.Errorf("day %d: %d armies in hex %s; a battle holds at most %d", r.day, len(idx), hex.ID, pfarmy.MaxArmies)
	}
	r.d.hex, r.d.names = hex.ID, names
	r.d.sides = [2]string{"friendly", "enemy"} // plan.Friendly, plan.Enemy
	if err := r.eng.Reset(setup, r.d, r.d); err != nil {
		return err
	}
	var events []Event
	var ps *phaseStream
	switch {
	case r.on && r.o.Stream:
		// Streamed: the battle's heading now, each phase's log once the next phase starts, so
		// that a player sees every phase before the question that follows it.
		if err := r.send(&HexBattleEvent{Day: r.day, Battle: r.battles, Hex: hex.ID, Armies: names, SideArmies: sides, streamed: true}); err != nil {
			return err
		}
		ps = &phaseStream{r: r, names: names}
		r.eng.SetLog(func(e *Event) {
			// A battle whose question failed (the end of input, Ctrl-C) plays on with default
			// answers, which were not played: nothing from then on is shown.
			if e.Kind == EvPhase && r.d.err == nil {
				ps.send(events)
			}
			events = append(events, *e)
		})
	case r.on:
		r.eng.SetLog(Collect(&events))
	default:
		r.eng.SetLog(nil)
	}
	_, err = r.eng.Run()
	if r.d.err != nil {
		return r.d.err
	}
	if err != nil {
		return err
	}
	if ps != nil {
		if ps.send(events); ps.err != nil {
			return ps.err
		}
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
	if r.on && ps == nil {
		if err := r.send(&HexBattleEvent{Day: r.day, Battle: r.battles, Hex: hex.ID, Armies: names, SideArmies: sides, log: events}); err != nil {
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
	var place, ransoms []int
	var learners []learner // P-61: what a victor learns is asked once the table is shown
	for j, i := range idx {
		a := &r.armies[i]
		x := &am.Armies[j]
		a.hp = x.HP
		if d := x.Morale - a.st.Morale; d != 0 {
			a.st.Morale += d
			a.st.MoraleMod += d
		}
		var notes []string
		a.lastFight = r.day
		st := r.eng.State(j)
		if a.st.HealingPotions {
			a.potions += 2 - st.Potions // each use: consumption +3 (scaled) this week (P-66)
		}
		if x.Status != StatusDestroyed {
			notes = append(notes, a.carryAfter(st, r.day)...)
		}
		switch x.Status {
		case StatusDestroyed:
			a.gone, a.hex = "destroyed", -1
			if x.Fate != FateNone {
				n, err := r.commanderFate(a, x.Fate, hex.ID)
				if err != nil {
					return err
				}
				notes = append(notes, n)
				if k := r.kingdoms[a.pa.Side]; a.fate == "captured" && k != nil && k.Upkeep {
					ransoms = append(ransoms, i)
				}
			}
		case StatusRouted:
			a.routed = true
			notes = append(notes, "routed state (P-59)")
			place = append(place, i)
		case StatusWithdrawn:
			place = append(place, i)
		}
		xp := 0
		if x.Status == StatusDestroyed || x.Status == StatusRouted {
			xp = a.st.XP
			r.xp[1-a.pa.Side] += xp
			notes = append(notes, fmt.Sprintf("worth %d XP to %s (P-11)", xp, sideNames[1-a.pa.Side]))
		}
		if x.Won {
			a.won = true
			notes = append(notes, r.victoryNotes(a, x, in.ControlDC[a.pa.Side])...)
			if x.NewTactic && len(r.learnable(a)) > 0 || x.NewBoon && len(r.boonOptions(a)) > 0 {
				learners = append(learners, learner{i, x.NewTactic, x.NewBoon})
			}
		}
		if x.Disbanded && a.gone == "" {
			a.gone, a.hex = "disbanded", -1
			notes = append(notes, NoteDisbands)
		}
		rows = append(rows, []string{a.pa.ID, x.Status.String(), fmt.Sprintf("%d/%d", a.hp, a.st.HP), fmt.Sprintf("%+d", a.st.Morale), strings.Join(notes, "; ")})
		if r.on {
			e := &HexAftermathEvent{Day: r.day, Battle: r.battles, Army: a.pa.ID, Status: x.Status.String(), HP: a.hp, Morale: a.st.Morale,
				XP: xp, Note: strings.Join(notes, "; ")}
			if j == len(idx)-1 {
				e.Table = rows // the transcript's table, every army's row
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
			if err := r.send(&HexKingdomEvent{Day: r.day, Side: sideNames[a.pa.Side], Army: a.pa.ID, Size: a.st.Size.String(),
				Penalty: [3]int{x.Penalty.Economy, x.Penalty.Loyalty, x.Penalty.Stability}, Counters: [3]int{k.Economy, k.Loyalty, k.Stability}}); err != nil {
				return err
			}
		}
	}
	// P-61: a victor's new tactic and its commander's boon are asked once the table (which shows
	// the Loyalty checks that earned them) is shown (issue 23 review), each answer a learn event.
	for _, l := range learners {
		if err := r.learnAfter(&r.armies[l.army], l, hex.ID); err != nil {
			return err
		}
	}
	// A captured commander's ransom is asked once the aftermath table (which says she was captured)
	// and the kingdom's loss are shown, so that the player sees why it is asked (issue 23 review).
	for _, i := range ransoms {
		if err := r.ransom(&r.armies[i], hex.ID); err != nil {
			return err
		}
	}
	for _, i := range place {
		if err := r.place(i, h); err != nil {
			return err
		}
	}
	return nil
}

// commanderFate settles the commander of destroyed army a, which fought in hex (its id) (P-58;
// Losing Commanders): killed or escaped as the d100 fell; a PC commander escapes with serious
// injuries (25% hp or lower) or is captured, the owner's choice (KindAnswer "escape"; yes first). It
// returns the aftermath note. A captured commander's ransom is asked later, by ransom, once the
// aftermath table is shown.
func (r *hexRun) commanderFate(a *hexArmy, f Fate, hex string) (string, error) {
	if f == FatePC {
		q := fmt.Sprintf("army %s is destroyed (P-58): does its PC commander escape with serious injuries, at 25%% hp or lower (yes), or is she captured (no)", a.pa.ID)
		yes, err := r.askYes(a, "escape", true, hex, q)
		if err != nil {
			return "", err
		}
		f = FateCaptured
		if yes {
			a.fate = "escaped"
			return "PC commander escapes with serious injuries, at 25% hp or lower (P-58)", nil
		}
	}
	switch f {
	case FateKilled:
		a.fate = "killed"
		return "commander killed (P-58)", nil
	case FateEscaped:
		a.fate = "escaped"
		return "commander escaped (P-58)", nil
	}
	a.fate = "captured"
	return "commander captured (P-58)", nil
}

// ransom asks whether the kingdom of destroyed army a, whose commander was captured in the battle
// at hex (its id), pays her ransom (P-58; Losing Commanders: "by paying BP equal to the commander's
// army's Consumption", to the captors' kingdom; KindAnswer "ransom", yes first), and writes a
// HexRansomEvent for the answer yes. A kingdom whose treasury is short is not asked: the event,
// not paid, says it cannot. Only a kingdom that keeps its books (Upkeep) is asked.
func (r *hexRun) ransom(a *hexArmy, hex string) error {
	k, captors := r.kingdoms[a.pa.Side], r.kingdoms[1-a.pa.Side]
	cost := a.st.Consumption
	q := fmt.Sprintf("the commander of army %s was captured (P-58): does kingdom %s pay her ransom, %d BP (the army's consumption; treasury %d BP)",
		a.pa.ID, sideNames[a.pa.Side], cost, k.Treasury)
	e := &HexRansomEvent{Day: r.day, Army: a.pa.ID, Side: sideNames[a.pa.Side], Hex: hex, BP: cost, Before: k.Treasury, Treasury: k.Treasury}
	if k.Treasury < cost {
		// Not asked: the kingdom cannot pay (issue 23 review: a ransom was offered at treasury 0);
		// the line says why.
		if r.on {
			return r.send(e)
		}
		return nil
	}
	yes, err := r.askYes(a, "ransom", true, hex, q)
	if err != nil || !yes {
		return err
	}
	k.Treasury -= cost
	if captors != nil && captors.Upkeep {
		captors.Treasury += cost
	}
	a.fate = "ransomed"
	e.Paid, e.Treasury = true, k.Treasury
	if r.on {
		return r.send(e)
	}
	return nil
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
		return r.send(&HexPlacedEvent{Day: r.day, Army: a.pa.ID, From: r.hexID(h), Status: "surrendered", Why: why})
	}
	k := 0
	if len(choices) > 1 {
		req := &r.d.req
		*req = runner.Request{Kind: runner.KindPlace, Day: r.day, Phase: runner.PhaseBattle, Choices: choices, Block: r.hexID(h), Army: a.pa.ID, Cause: why, Side: sideNames[a.pa.Side]}
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
	return r.send(&HexPlacedEvent{Day: r.day, Army: a.pa.ID, From: r.hexID(h), To: r.hexID(to), Status: why, Why: why})
}

// phaseStream sends a streamed battle's log (runner.Options.Stream): the HexLogEvents of the
// events not yet sent, the first of them carrying the text of their phase's table. The first
// error is kept in err and stops the sending.
type phaseStream struct {
	r     *hexRun
	names []string
	done  int // events[:done] are sent
	err   error
}

// send sends events[p.done:]: what followed the last phase sent, up to where the next phase
// starts or the battle ended.
func (p *phaseStream) send(events []Event) {
	if p.err != nil || p.done >= len(events) {
		return
	}
	part := events[p.done:]
	p.done = len(events)
	for i := range part {
		e := &HexLogEvent{Day: p.r.day, Battle: p.r.battles, Event: logEntry(&part[i], p.names, sideNames)}
		if i == 0 {
			e.Armies, e.part = p.names, part
		}
		if p.err = p.r.send(e); p.err != nil {
			return
		}
	}
}
