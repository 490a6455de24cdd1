package pathfinder

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// ScenarioOptions configure RunScenario: the options of every engine (runner.Options: Seed, Dice,
// Decider, Fallback, Sink, Checkpoint) and the rule switches.
type ScenarioOptions struct {
	runner.Options
	Rules pfarmy.Options // the plan's options apply on top
}

// ScenarioResult is how a Pathfinder run ended (runner.Ending: Outcome success or failure, the
// day, the reason: the objective or "day limit") and the state at the end.
type ScenarioResult struct {
	runner.Ending
	Kingdoms [2]*plan.Kingdom
	Armies   []ArmyResult // in plan order
	XP       [2]int       // XP each side won by defeating (routing or destroying) enemy armies (P-11)
}

// ArmyResult is an army at the end of a run.
type ArmyResult struct {
	ID        string
	Hex       string // "" when off the map
	HP        int
	Morale    int
	State     string // "on the field", "in reserve", "routed", "destroyed", "disbanded", "surrendered", "split", "combined", "not formed"
	Commander string // what became of its commander when the army was destroyed: "killed", "captured", "ransomed", "escaped"; "" otherwise
}

var sideNames = [2]string{"friendly", "enemy"}

type hexArmy struct {
	pa     *plan.PFArmy
	st     pfarmy.Stats
	hex    int // -1: off the map
	next   int // the next index of the route
	hp     int
	gone   string // "" while on the map
	routed bool   // P-59
	busy   bool   // moved or fought today: no recovery (P-64)
	carry  int    // half-hex points of progress into a difficult hex (P-6)
	// Over weeks (hexweek.go, hexorders.go).
	reserve   bool              // in reserve in a settlement (Reserve Army)
	arrears   int               // consumption owed, BP (P-11)
	unpaid    bool              // Morale -2 until the arrears are paid
	lastFight int               // the day of its last battle (0: none yet)
	potions   int               // healing potion uses this week (P-66: 3 BP more each, scaled)
	won       bool              // won a battle this week (cannibalize)
	live      bool              // lives off the land this week (P-47)
	boons     int               // boons its commander knows (P-9)
	became    []int             // the armies it split or combined into
	fate      string            // its commander's, when it was destroyed
	res       *pfarmy.Resources // what it has since a trade order (hextrade.go); nil: as written
	// mount is the CR of its mounts since a trade order bought, sold or handed them over
	// (hextrade.go; 0: none); nil: its mountCR as written. P-3: the higher of rider and mount counts.
	mount *pfarmy.CR
	// smaller is how many sizes below its written size reform orders have made it (hexreform.go);
	// the armies it splits into or combines into share it.
	smaller int
	// Disease and energy drain over days (hexdisease.go): the disease's OM and DV penalty, whether
	// it still runs, the day it was cured; the drain dealt on drainDay.
	sick, curedOn, drain, drainDay int
	diseased                       bool
}

type hexRun struct {
	p        *plan.Plan
	pf       *plan.Pathfinder
	o        ScenarioOptions
	d        *decisions
	armies   []hexArmy
	kingdoms [2]*plan.Kingdom
	day      int
	battles  int
	xp       [2]int
	eng      Battle
	sink     runner.Sink
	on       bool // the sink wants events (runner.Enabled)
}

// RunScenario runs a rules: "pathfinder" plan day by day (RULES.md Part P):
//
//   - March: armies move one after another in plan (ID) order, each up to its speed in hexes along
//     its route (P-12, P-13; a route stands for the commanding PC's path), a difficult hex counting
//     twice (P-6: speed halved; progress short of one carries to the next day); a routed army does not
//     move (P-59); one placed off its route (P-62) rejoins it at the furthest route hex adjacent to
//     where it stands, the hex it left included, or holds. An army that withdrew (P-25, P-62) marches
//     on the next day like any other, back into the battle it left if its route leads there: the
//     published Withdraw (Ultimate Campaign, Army Tactics) says only that it "may withdraw from the
//     battlefield", and the seeds only place it in an adjacent hex; no rule holds it back.
//   - Engagement: entering a hex with a hostile army stops the army and starts a battle there with
//     every army in the hex (P-14); the armies already there defend: the hex's fortification and
//     advantageous terrain are theirs (P-65), and so are its conditions. Hostile armies sharing a
//     hex at the start of a day fight first.
//   - Battles go through the engine (P-15..P-56) with every choice from the Decider (KindTactic,
//     KindStrategy, KindTarget, KindAnswer) and every die through its Roller, then the seeded dice.
//   - Aftermath (P-57..P-61): destroyed armies leave the map and their kingdom loses Economy,
//     Loyalty and Stability by size; routed armies lose 1 Morale and enter the routed state; winners
//     make the Loyalty checks (d20 + the kingdom's Loyalty vs its Control DC; 0 and 20 without a
//     kingdom). Withdrawn and routed armies go to an adjacent hex without hostile armies, the owner's
//     choice (KindPlace, P-62 default); with none they surrender. Armies at Morale -5 disband (P-7).
//   - Recovery (P-64): an army that neither moved nor fought heals ACR hp (at least 1), twice that
//     on a Loyalty check when its side has a kingdom; then fast healing and regeneration heal
//     every army by the hour, for the day (P-1, hexheal.go).
//   - Upkeep (P-59): at the end of every kingdom turn (TurnDays days, 30 by default) each routed
//     army of the kingdom's side makes a Loyalty check; success ends its routed state.
//   - Objectives are checked at the end of each day in source order; the first met ends the run.
//     Otherwise the run fails at the end of the day limit.
func RunScenario(p *plan.Plan, o ScenarioOptions) (*ScenarioResult, error) {
	if p.Pathfinder == nil {
		return nil, fmt.Errorf("not a Pathfinder plan (rules %q)", p.Scenario.Rules)
	}
	if err := validateScenario(p); err != nil {
		return nil, err
	}
	if o.Decider == nil {
		return nil, fmt.Errorf("no decider")
	}
	rules, err := pfarmy.ApplyOptions(o.Rules, p.Pathfinder.Options)
	if err != nil {
		return nil, fmt.Errorf("runner: %v", err)
	}
	o.Rules = rules
	src := o.Dice
	if src == nil {
		src = dice.NewSeeded(o.Seed)
	}
	r := &hexRun{p: p, pf: p.Pathfinder, o: o, d: newDecisions(o.Decider, o.Fallback, src), sink: o.Sink, on: runner.Enabled(o.Sink)}
	r.d.view.run = r
	for s, k := range r.pf.Kingdoms {
		if k != nil {
			c := *k
			r.kingdoms[s] = &c
		}
	}
	for i := range r.pf.Armies {
		pa := &r.pf.Armies[i]
		a, err := pfarmy.ArmyOf(&pa.Army)
		if err != nil {
			return nil, fmt.Errorf("army %s: %v", pa.ID, err)
		}
		st, err := pfarmy.Derive(&a, o.Rules)
		if err != nil {
			return nil, fmt.Errorf("army %s: %v", pa.ID, err)
		}
		x := hexArmy{pa: pa, st: st, hex: pa.Start, hp: st.HP, boons: boonsKnown(&a)}
		if pa.Formed {
			x.gone, x.hex = "not formed", -1
		}
		r.armies = append(r.armies, x)
	}
	if err := r.start(); err != nil {
		return nil, err
	}
	return r.play()
}

func (r *hexRun) hexID(h int) string {
	if h < 0 {
		return ""
	}
	return r.pf.Hexes[h].ID
}

// send writes an event (only called when r.on).
func (r *hexRun) send(e runner.Event) error { return r.sink.Write(e) }

// start writes every army's start (the first carries the transcript's table).
func (r *hexRun) start() error {
	if !r.on {
		return nil
	}
	first := true
	for i := range r.armies {
		a := &r.armies[i]
		if a.pa.Formed {
			continue // an order forms it
		}
		e := &HexStartEvent{Army: a.pa.ID, Side: sideNames[a.pa.Side], Hex: r.hexID(a.hex), HP: a.hp, Morale: a.st.Morale}
		if first {
			e.run, first = r, false
		}
		if err := r.send(e); err != nil {
			return err
		}
	}
	return nil
}

// startTable is the transcript's start: the scenario, every army's stat block (under fog, of
// the armies the side sees), the kingdoms.
func (r *hexRun) startTable(w *bytes.Buffer, fog *HexFog) error {
	fmt.Fprintf(w, "%s (%s, pathfinder), %d days\n", r.p.Scenario.Title, r.p.Scenario.ID, r.p.DayLimit)
	var rows [][]string
	for i := range r.armies {
		a := &r.armies[i]
		if a.pa.Formed || len(fog.shown([]armyNow{{pa: a.pa, hex: a.hex}})) == 0 {
			continue
		}
		s := &a.pa.Stats
		rows = append(rows, []string{a.pa.ID, sideNames[a.pa.Side], r.hexID(a.hex), a.pa.Army.Size, s.ACR,
			strconv.Itoa(s.HP), fmt.Sprintf("%+d", s.OM), strconv.Itoa(s.DV), fmt.Sprintf("%+d", s.Morale), fmt.Sprintf("%+d", s.MoraleMod),
			strconv.Itoa(s.Speed), strings.Join(extraTactics(s.Tactics), ", ")})
	}
	if err := renderFit(w, []string{"army", "side", "hex", "size", "ACR", "hp", "OM", "DV", "Morale", "check", "speed", "tactics"}, rows, []int{11, 1}, runner.TableWidth); err != nil {
		return err
	}
	return r.kingdomTable(w, fog)
}

// kingdomTable is the transcript's table of the kingdoms (P-57, P-61, P-66): one row a side with
// a kingdom, its counters, Control DC, treasury and income (BP a kingdom turn) ("-" for a kingdom that keeps no
// treasury: it pays nothing and buys nothing) and its buildings ("none" for a kingdom without
// any). Under it, for each kingdom with a treasury, the resources its requires: puts out of its
// reach, each with the buildings one of which it lacks: "friendly cannot buy mounts (needs one
// of Stable)". Nothing is printed when the scenario has no kingdom. Under fog, the side's own
// kingdom only (HexFog.kingdoms).
func (r *hexRun) kingdomTable(w *bytes.Buffer, fog *HexFog) error {
	var rows [][]string
	var lacks []string
	for s, k := range fog.kingdoms(r.kingdoms) {
		if k == nil {
			continue
		}
		treasury, income := "-", "-"
		if k.Upkeep {
			treasury, income = fmt.Sprintf("%d BP", k.Treasury), fmt.Sprintf("%d BP", k.Income)
		}
		buildings := "none"
		if len(k.Buildings) > 0 {
			buildings = strings.Join(k.Buildings, ", ")
		}
		rows = append(rows, []string{sideNames[s], k.Name, strconv.Itoa(k.Economy), strconv.Itoa(k.Loyalty), strconv.Itoa(k.Stability),
			strconv.Itoa(k.ControlDC), treasury, income, buildings})
		if !k.Upkeep {
			continue
		}
		for _, res := range pfarmy.ResourceNames { // a fixed order, not the map's
			need := k.Requires[res]
			if len(need) == 0 || slices.ContainsFunc(need, func(b string) bool { return slices.Contains(k.Buildings, b) }) {
				continue
			}
			lacks = append(lacks, fmt.Sprintf("%s cannot buy %s (needs one of %s)", sideNames[s], resourceWords[res], strings.Join(need, ", ")))
		}
	}
	if len(rows) == 0 {
		return nil
	}
	if err := renderFit(w, []string{"kingdom", "name", "economy", "loyalty", "stability", "control DC", "treasury", "income", "buildings"},
		rows, []int{8, 1}, runner.TableWidth); err != nil {
		return err
	}
	for _, l := range lacks {
		w.WriteString("  " + l + "\n")
	}
	return nil
}

func (r *hexRun) play() (*ScenarioResult, error) {
	for r.day = 1; r.day <= r.p.DayLimit; r.day++ {
		r.d.day = r.day
		if r.on {
			if err := r.send(&HexDayEvent{Day: r.day}); err != nil {
				return nil, err
			}
		}
		for i := range r.armies {
			r.armies[i].busy = false
		}
		if err := r.orders(); err != nil {
			return nil, err
		}
		if r.day%7 == 1 {
			if err := r.weekStart(); err != nil {
				return nil, err
			}
		}
		// Hostile armies already sharing a hex fight first (P-14).
		for h := range r.pf.Hexes {
			if r.hostilesIn(h, -1) {
				if err := r.battle(h, -1); err != nil {
					return nil, err
				}
			}
		}
		for i := range r.armies {
			if err := r.march(i); err != nil {
				return nil, err
			}
		}
		if err := r.recover(); err != nil {
			return nil, err
		}
		if err := r.selfHeal(); err != nil {
			return nil, err
		}
		if err := r.disease(); err != nil {
			return nil, err
		}
		if err := r.upkeep(); err != nil {
			return nil, err
		}
		if err := r.dayEnd(); err != nil {
			return nil, err
		}
		for i := range r.pf.Objectives {
			o := &r.pf.Objectives[i]
			if r.met(o) {
				if r.on {
					if err := r.send(&HexObjectiveEvent{Day: r.day, Outcome: o.Outcome, Reason: o.ID, Note: o.Say}); err != nil {
						return nil, err
					}
				}
				if err := r.checkpoint(); err != nil {
					return nil, err
				}
				return r.end(o.Outcome, "objective "+o.ID)
			}
		}
		if err := r.checkpoint(); err != nil {
			return nil, err
		}
	}
	r.day = r.p.DayLimit
	return r.end(runner.Failure, "day limit")
}

func (r *hexRun) met(o *plan.PFObjective) bool {
	if len(o.Defeat) > 0 {
		for _, a := range o.Defeat {
			if !r.defeated(a) {
				return false
			}
		}
		return true
	}
	if o.Reach != nil {
		a := &r.armies[o.Reach[0]]
		return a.gone == "" && a.hex == o.Reach[1]
	}
	return false
}

// defeated reports whether army a is destroyed, routed or gone, and every army it split or combined
// into is too (a "defeat" objective follows an army into the armies it became).
func (r *hexRun) defeated(a int) bool {
	x := &r.armies[a]
	if len(x.became) > 0 {
		for _, b := range x.became {
			if !r.defeated(b) {
				return false
			}
		}
		return true
	}
	return x.gone != "not formed" && (x.gone != "" || x.routed)
}

// hostilesIn reports whether hex h holds armies of both sides (or, with side >= 0, an army hostile
// to side).
func (r *hexRun) hostilesIn(h, side int) bool {
	var has [2]bool
	for i := range r.armies {
		a := &r.armies[i]
		if a.gone == "" && a.hex == h {
			has[a.pa.Side] = true
		}
	}
	if side >= 0 {
		return has[1-side]
	}
	return has[0] && has[1]
}

func (r *hexRun) adjacent(a, b int) bool {
	for _, n := range r.pf.Hexes[a].Neighbours {
		if n == b {
			return true
		}
	}
	return false
}

// march moves army i up to its speed along its route (P-12, P-13), stopping at a battle (P-14).
func (r *hexRun) march(i int) error {
	a := &r.armies[i]
	if a.gone != "" || a.routed || a.busy || a.reserve {
		return nil
	}
	if a.teleports() && a.next < len(a.pa.Route) {
		return r.teleport(i) // hexteleport.go
	}
	// Half-hex points: a hex costs 2, a difficult one 4 (P-6: speed halved); points left short of
	// a difficult hex carry to the next day as progress into it. Living off the land halves the
	// speed for the week (P-47).
	_, speed := a.st.Week(a.live)
	budget := 2*speed + a.carry
	a.carry = 0
	for speed > 0 && a.next < len(a.pa.Route) {
		to := a.pa.Route[a.next]
		if !r.adjacent(a.hex, to) {
			// Placed off its route (P-62): rejoin it at the furthest route hex next to this one,
			// the hex it left included.
			for j := len(a.pa.Route) - 1; j >= max(0, a.next-1); j-- {
				if r.adjacent(a.hex, a.pa.Route[j]) {
					a.next, to = j, a.pa.Route[j]
					break
				}
			}
		}
		if !r.adjacent(a.hex, to) {
			return r.move(a, a.hex, to, noteHolds)
		}
		cost := 2
		if r.pf.Hexes[to].Difficult {
			cost = 4
		}
		if budget < cost {
			if budget > 0 {
				a.carry, a.busy = budget, true
				return r.move(a, a.hex, to, noteOnItsWay)
			}
			return nil
		}
		budget -= cost
		from := a.hex
		a.hex, a.next, a.busy = to, a.next+1, true
		if err := r.move(a, from, to, ""); err != nil {
			return err
		}
		if r.hostilesIn(to, a.pa.Side) {
			return r.battle(to, i)
		}
	}
	return nil
}

// move writes army a's move from hex from towards hex to.
func (r *hexRun) move(a *hexArmy, from, to int, note string) error {
	if !r.on {
		return nil
	}
	return r.send(&HexMoveEvent{Day: r.day, Army: a.pa.ID, From: r.hexID(from), To: r.hexID(to), Note: note})
}

// checkpoint calls the run's checkpoint at the end of a day (a save point).
func (r *hexRun) checkpoint() error {
	if r.o.Checkpoint == nil {
		return nil
	}
	return r.o.Checkpoint()
}

// recover heals every army that neither moved nor fought today (P-64).
func (r *hexRun) recover() error {
	for i := range r.armies {
		a := &r.armies[i]
		if a.gone != "" || a.busy || a.hp >= a.st.HP {
			continue
		}
		loyal, roll := false, 0
		if k := r.kingdoms[a.pa.Side]; k != nil {
			roll = r.d.Roll(20)
			if r.d.err != nil {
				return r.d.err
			}
			loyal = roll+k.Loyalty >= k.ControlDC
		}
		hp := pfarmy.Recover(&a.st, a.hp, loyal)
		if r.on {
			if err := r.send(&HexRecoverEvent{Day: r.day, Army: a.pa.ID, HP: hp, Roll: roll, from: a.hp}); err != nil {
				return err
			}
		}
		a.hp = hp
	}
	return nil
}

// upkeep ends a kingdom turn every TurnDays days: in its Upkeep Phase each routed army of the
// kingdom's side makes a Loyalty check, d20 + Loyalty vs the Control DC; success ends its routed
// state (P-59; one check a turn).
func (r *hexRun) upkeep() error {
	for s, k := range r.kingdoms {
		if k == nil || k.TurnDays < 1 || r.day%k.TurnDays != 0 {
			continue
		}
		for i := range r.armies {
			a := &r.armies[i]
			if a.gone != "" || !a.routed || a.pa.Side != s {
				continue
			}
			roll := r.d.Roll(20)
			if r.d.err != nil {
				return r.d.err
			}
			total := roll + k.Loyalty
			res := "stays routed"
			if total >= k.ControlDC {
				a.routed = false
				res = "rallies"
			}
			if r.on {
				if err := r.send(&HexUpkeepEvent{Day: r.day, Army: a.pa.ID, Side: sideNames[s], Roll: roll, Status: res,
					loyalty: k.Loyalty, dc: k.ControlDC}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (r *hexRun) end(outcome, reason string) (*ScenarioResult, error) {
	res := &ScenarioResult{Ending: runner.Ending{Outcome: outcome, Day: r.day, Reason: reason}, Kingdoms: r.kingdoms, XP: r.xp}
	for i := range r.armies {
		a := &r.armies[i]
		res.Armies = append(res.Armies, ArmyResult{ID: a.pa.ID, Hex: r.hexID(a.hex), HP: a.hp, Morale: a.st.Morale, State: a.state(),
			Commander: a.fate})
	}
	if !r.on {
		return res, nil
	}
	return res, r.send(&HexEndEvent{Day: r.day, Outcome: outcome, Reason: reason, run: r})
}

// state is how an army stands: "on the field", "routed", or how it left.
func (a *hexArmy) state() string {
	switch {
	case a.gone != "":
		return a.gone
	case a.routed:
		return "routed"
	case a.reserve:
		return "in reserve"
	}
	return "on the field"
}

// endTable is the transcript's end: every army's state (under fog, as the side knows it), and
// the kingdoms.
func (r *hexRun) endTable(w *bytes.Buffer, fog *HexFog) error {
	var rows [][]string
	for i := range r.armies {
		a := &r.armies[i]
		for _, k := range fog.shown([]armyNow{{pa: a.pa, hex: a.hex, hp: a.hp, max: a.st.HP, morale: a.st.Morale, state: a.state() + a.diseaseMark()}}) {
			rows = append(rows, []string{a.pa.ID, sideNames[a.pa.Side], k.state, r.hexID(k.hex), fmt.Sprintf("%d/%d", k.hp, k.max), fmt.Sprintf("%+d", k.morale)})
		}
	}
	if err := runner.RenderTable(w, []string{"army", "side", "state", "hex", "hp", "morale"}, rows); err != nil {
		return err
	}
	for s, k := range r.kingdoms {
		if k != nil && (fog == nil || s == fog.sight.side) {
			fmt.Fprintf(w, "kingdom %s: economy %d, loyalty %d, stability %d", sideNames[s], k.Economy, k.Loyalty, k.Stability)
			if k.Upkeep {
				fmt.Fprintf(w, ", treasury %d BP", k.Treasury)
			}
			w.WriteByte('\n')
		}
	}
	fmt.Fprintf(w, "XP won by defeating armies (P-11): friendly %d, enemy %d\n", r.xp[0], r.xp[1])
	return nil
}
