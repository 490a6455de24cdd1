package pathfinder

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// ScenarioOptions configure RunScenario.
type ScenarioOptions struct {
	Seed     uint64         // seeds the dice unless Dice is set
	Dice     dice.Source    // replaces dice.NewSeeded(Seed)
	Decider  runner.Decider // every choice (required); its Roller, if any, is asked for every die first
	Fallback runner.Decider // takes over when a script runs out (ErrScriptEnded)
	Rules    Options        // the plan's options apply on top
	Out      io.Writer      // the transcript; nil: none
	Format   string         // "text" (transcript with a table per battle phase) or "jsonl" (HexRecord a line)
}

// ScenarioResult is how a Pathfinder run ended.
type ScenarioResult struct {
	Outcome  string // Success | Failure
	Day      int
	Reason   string // the objective, or "day limit"
	Kingdoms [2]*plan.Kingdom
	Armies   []ArmyResult // in plan order
}

// ArmyResult is an army at the end of a run.
type ArmyResult struct {
	ID     string
	Hex    string // "" when off the map
	HP     int
	Morale int
	State  string // "on the field", "routed", "destroyed", "disbanded", "surrendered"
}

// HexRecord is one line of a Pathfinder JSONL transcript.
type HexRecord struct {
	Type     string    `json:"type"` // start | day | move | battle | event | aftermath | kingdom | placed | recover | objective | end
	Day      int       `json:"day"`
	Army     string    `json:"army,omitempty"`
	From     string    `json:"from,omitempty"`
	To       string    `json:"to,omitempty"`
	Hex      string    `json:"hex,omitempty"`
	Battle   int       `json:"battle,omitempty"`
	Armies   []string  `json:"armies,omitempty"`
	Event    *LogEntry `json:"event,omitempty"`
	Status   string    `json:"status,omitempty"`
	HP       int       `json:"hp,omitempty"`
	Morale   int       `json:"morale,omitempty"`
	Side     string    `json:"side,omitempty"`
	Counters *[3]int   `json:"counters,omitempty"` // Economy, Loyalty, Stability after the change
	Penalty  *[3]int   `json:"penalty,omitempty"`
	Roll     int       `json:"roll,omitempty"`
	Outcome  string    `json:"outcome,omitempty"`
	Reason   string    `json:"reason,omitempty"`
	Note     string    `json:"note,omitempty"`
}

var sideNames = [2]string{"friendly", "enemy"}

type hexArmy struct {
	pa     *plan.PFArmy
	st     Stats
	hex    int // -1: off the map
	next   int // the next index of the route
	hp     int
	gone   string // "" while on the map
	routed bool   // P-59
	busy   bool   // moved or fought today: no recovery (P-64)
	carry  int    // half-hex points of progress into a difficult hex (P-6)
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
	eng      Battle
	buf      bytes.Buffer
	enc      *json.Encoder
}

// RunScenario runs a rules: "pathfinder" plan day by day (RULES.md Part P):
//
//   - March: armies move one after another in plan (ID) order, each up to its speed in hexes along
//     its route (P-12, P-13; a route stands for the commanding PC's path), a difficult hex counting
//     twice (P-6: speed halved; progress short of one carries to the next day); a routed army does not
//     move (P-59); one placed off its route (P-62) rejoins it at the furthest route hex adjacent to
//     where it stands, the hex it left included, or holds.
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
//     on a Loyalty check when its side has a kingdom.
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
	rules, err := ApplyOptions(o.Rules, p.Pathfinder.Options)
	if err != nil {
		return nil, fmt.Errorf("runner: %v", err)
	}
	o.Rules = rules
	src := o.Dice
	if src == nil {
		src = dice.NewSeeded(o.Seed)
	}
	r := &hexRun{p: p, pf: p.Pathfinder, o: o, d: newDecisions(o.Decider, o.Fallback, src)}
	if o.Format == "jsonl" {
		r.enc = json.NewEncoder(&r.buf)
		r.enc.SetEscapeHTML(false)
	}
	for s, k := range r.pf.Kingdoms {
		if k != nil {
			c := *k
			r.kingdoms[s] = &c
		}
	}
	for i := range r.pf.Armies {
		pa := &r.pf.Armies[i]
		a, err := ArmyOf(&pa.Army)
		if err != nil {
			return nil, fmt.Errorf("army %s: %v", pa.ID, err)
		}
		st, err := Derive(&a, o.Rules)
		if err != nil {
			return nil, fmt.Errorf("army %s: %v", pa.ID, err)
		}
		r.armies = append(r.armies, hexArmy{pa: pa, st: st, hex: pa.Start, hp: st.HP})
	}
	if err := r.start(); err != nil {
		return nil, err
	}
	res, err := r.play()
	if err != nil {
		return nil, err
	}
	return res, r.flush()
}

func (r *hexRun) hexID(h int) string {
	if h < 0 {
		return ""
	}
	return r.pf.Hexes[h].ID
}

func (r *hexRun) flush() error {
	if r.o.Out == nil || r.buf.Len() == 0 {
		r.buf.Reset()
		return nil
	}
	_, err := r.o.Out.Write(r.buf.Bytes())
	r.buf.Reset()
	return err
}

// text reports whether a text transcript is wanted (tables are only drawn then).
func (r *hexRun) text() bool { return r.enc == nil && r.o.Out != nil }

// rec writes a record (JSONL) or, in text, the line given.
func (r *hexRun) rec(rec HexRecord, line string, args ...any) error {
	if r.o.Out == nil {
		return nil
	}
	if r.enc != nil {
		rec.Day = r.day
		if err := r.enc.Encode(rec); err != nil {
			return err
		}
	} else if line != "" {
		fmt.Fprintf(&r.buf, line+"\n", args...)
	}
	return r.flush()
}

func (r *hexRun) start() error {
	if r.o.Out == nil {
		return nil
	}
	if !r.text() {
		for i := range r.armies {
			a := &r.armies[i]
			if err := r.rec(HexRecord{Type: "start", Army: a.pa.ID, Side: sideNames[a.pa.Side], Hex: r.hexID(a.hex), HP: a.hp, Morale: a.st.Morale}, ""); err != nil {
				return err
			}
		}
		return nil
	}
	fmt.Fprintf(&r.buf, "%s (%s, pathfinder), %d days\n", r.p.Scenario.Title, r.p.Scenario.ID, r.p.DayLimit)
	var rows [][]string
	for i := range r.armies {
		a := &r.armies[i]
		s := &a.pa.Stats
		rows = append(rows, []string{a.pa.ID, sideNames[a.pa.Side], r.hexID(a.hex), a.pa.Army.Size, s.ACR,
			strconv.Itoa(s.HP), fmt.Sprintf("%+d", s.OM), strconv.Itoa(s.DV), fmt.Sprintf("%+d", s.MoraleMod),
			strconv.Itoa(s.Speed), strings.Join(extraTactics(s.Tactics), ", ")})
	}
	if err := runner.RenderTable(&r.buf, []string{"army", "side", "hex", "size", "ACR", "hp", "OM", "DV", "morale", "speed", "tactics"}, rows); err != nil {
		return err
	}
	for s, k := range r.kingdoms {
		if k != nil {
			fmt.Fprintf(&r.buf, "kingdom %s%s: economy %d, loyalty %d, stability %d, control DC %d\n", sideNames[s], kname(k), k.Economy, k.Loyalty, k.Stability, k.ControlDC)
		}
	}
	return r.flush()
}

func kname(k *plan.Kingdom) string {
	if k.Name == "" {
		return ""
	}
	return " (" + k.Name + ")"
}

func (r *hexRun) play() (*ScenarioResult, error) {
	for r.day = 1; r.day <= r.p.DayLimit; r.day++ {
		r.d.day = r.day
		if err := r.rec(HexRecord{Type: "day"}, "\nday %d", r.day); err != nil {
			return nil, err
		}
		for i := range r.armies {
			r.armies[i].busy = false
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
		if err := r.upkeep(); err != nil {
			return nil, err
		}
		for i := range r.pf.Objectives {
			o := &r.pf.Objectives[i]
			if r.met(o) {
				reason := "objective " + o.ID
				line := "objective %s met: %s"
				if o.Say != "" {
					line += " (" + o.Say + ")"
				}
				if err := r.rec(HexRecord{Type: "objective", Outcome: o.Outcome, Reason: o.ID, Note: o.Say}, line, o.ID, o.Outcome); err != nil {
					return nil, err
				}
				return r.end(o.Outcome, reason)
			}
		}
	}
	r.day = r.p.DayLimit
	return r.end(runner.Failure, "day limit")
}

func (r *hexRun) met(o *plan.PFObjective) bool {
	if len(o.Defeat) > 0 {
		for _, a := range o.Defeat {
			if x := &r.armies[a]; x.gone == "" && !x.routed {
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
	if a.gone != "" || a.routed || a.busy {
		return nil
	}
	// Half-hex points: a hex costs 2, a difficult one 4 (P-6: speed halved); points left short of
	// a difficult hex carry to the next day as progress into it.
	budget := 2*a.st.Speed + a.carry
	a.carry = 0
	for a.st.Speed > 0 && a.next < len(a.pa.Route) {
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
			return r.rec(HexRecord{Type: "move", Army: a.pa.ID, From: r.hexID(a.hex), To: r.hexID(to), Note: "not adjacent: holds"},
				"  %s holds at %s: its route goes on from %s, not adjacent", a.pa.ID, r.hexID(a.hex), r.hexID(to))
		}
		cost := 2
		if r.pf.Hexes[to].Difficult {
			cost = 4
		}
		if budget < cost {
			if budget > 0 {
				a.carry, a.busy = budget, true
				return r.rec(HexRecord{Type: "move", Army: a.pa.ID, From: r.hexID(a.hex), To: r.hexID(to), Note: "difficult terrain: on its way"},
					"  %s is on its way into %s (difficult terrain, P-6)", a.pa.ID, r.hexID(to))
			}
			return nil
		}
		budget -= cost
		from := a.hex
		a.hex, a.next, a.busy = to, a.next+1, true
		if err := r.rec(HexRecord{Type: "move", Army: a.pa.ID, From: r.hexID(from), To: r.hexID(to)},
			"  %s moves %s -> %s", a.pa.ID, r.hexID(from), r.hexID(to)); err != nil {
			return err
		}
		if r.hostilesIn(to, a.pa.Side) {
			return r.battle(to, i)
		}
	}
	return nil
}

// battle fights every army in hex h; mover is the army whose move started it (-1: none).
func (r *hexRun) battle(h, mover int) error {
	r.battles++
	for i := range r.armies {
		if r.armies[i].hex == h {
			r.armies[i].carry = 0
		}
	}
	hex := &r.pf.Hexes[h]
	setup := &Setup{Field: FieldOf(hex.Conditions), Options: r.o.Rules}
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
	if r.o.Out != nil {
		r.eng.SetLog(Collect(&events))
	} else {
		r.eng.SetLog(nil)
	}
	_, err := r.eng.Run()
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
	if r.text() {
		fmt.Fprintf(&r.buf, "battle %d at %s: %s (friendly) vs %s (enemy)\n", r.battles, hex.ID,
			strings.Join(sides[0], ", "), strings.Join(sides[1], ", "))
		if err := writeBattleTables(&r.buf, events, names, sideNames); err != nil {
			return err
		}
	} else if r.o.Out != nil {
		if err := r.rec(HexRecord{Type: "battle", Battle: r.battles, Hex: hex.ID, Armies: names}, ""); err != nil {
			return err
		}
		for i := range events {
			ev := logEntry(&events[i], names, sideNames)
			if err := r.rec(HexRecord{Type: "event", Battle: r.battles, Event: &ev}, ""); err != nil {
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
		if err := r.rec(HexRecord{Type: "aftermath", Battle: r.battles, Army: a.pa.ID, Status: x.Status.String(), HP: a.hp, Morale: a.st.Morale, Note: strings.Join(notes, "; ")}, ""); err != nil {
			return err
		}
	}
	if r.text() && len(rows) > 0 {
		if err := runner.RenderTable(&r.buf, []string{"army", "status", "hp", "morale", "aftermath"}, rows); err != nil {
			return err
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
		if err := r.rec(HexRecord{Type: "kingdom", Side: sideNames[a.pa.Side], Army: a.pa.ID,
			Penalty: &[3]int{x.Penalty.Economy, x.Penalty.Loyalty, x.Penalty.Stability}, Counters: &[3]int{k.Economy, k.Loyalty, k.Stability}},
			"  kingdom %s loses %s (%s destroyed, P-57): %+d/%+d/%+d, now economy %d, loyalty %d, stability %d",
			sideNames[a.pa.Side], a.pa.ID, a.pa.Army.Size, x.Penalty.Economy, x.Penalty.Loyalty, x.Penalty.Stability,
			k.Economy, k.Loyalty, k.Stability); err != nil {
			return err
		}
	}
	for _, i := range place {
		if err := r.place(i, h); err != nil {
			return err
		}
	}
	return r.flush()
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
		return r.rec(HexRecord{Type: "placed", Army: a.pa.ID, From: r.hexID(h), Status: "surrendered"},
			"  %s (%s) has no hex to go to: it surrenders (P-55)", a.pa.ID, why)
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
	return r.rec(HexRecord{Type: "placed", Army: a.pa.ID, From: r.hexID(h), To: r.hexID(to), Status: why},
		"  %s (%s) goes to %s (P-62)", a.pa.ID, why, r.hexID(to))
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
		hp := Recover(&a.st, a.hp, loyal)
		line := "  %s rests: hp %d -> %d (P-64)"
		args := []any{a.pa.ID, a.hp, hp}
		if roll > 0 {
			line = "  %s rests: hp %d -> %d (P-64; Loyalty d20 %d)"
			args = append(args, roll)
		}
		if err := r.rec(HexRecord{Type: "recover", Army: a.pa.ID, HP: hp, Roll: roll}, line, args...); err != nil {
			return err
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
			if err := r.rec(HexRecord{Type: "upkeep", Army: a.pa.ID, Side: sideNames[s], Roll: roll, Status: res},
				"  upkeep (kingdom %s): %s Loyalty d20 %d %+d = %d vs DC %d: %s (P-59)", sideNames[s], a.pa.ID, roll, k.Loyalty, total, k.ControlDC, res); err != nil {
				return err
			}
		}
	}
	return nil
}

func (r *hexRun) end(outcome, reason string) (*ScenarioResult, error) {
	res := &ScenarioResult{Outcome: outcome, Day: r.day, Reason: reason, Kingdoms: r.kingdoms}
	var rows [][]string
	for i := range r.armies {
		a := &r.armies[i]
		state := a.gone
		switch {
		case state != "":
		case a.routed:
			state = "routed"
		default:
			state = "on the field"
		}
		res.Armies = append(res.Armies, ArmyResult{ID: a.pa.ID, Hex: r.hexID(a.hex), HP: a.hp, Morale: a.st.Morale, State: state})
		rows = append(rows, []string{a.pa.ID, sideNames[a.pa.Side], state, r.hexID(a.hex), fmt.Sprintf("%d/%d", a.hp, a.st.HP), fmt.Sprintf("%+d", a.st.Morale)})
	}
	if r.text() {
		fmt.Fprintf(&r.buf, "\n%s on day %d (%s)\n", outcome, r.day, reason)
		if err := runner.RenderTable(&r.buf, []string{"army", "side", "state", "hex", "hp", "morale"}, rows); err != nil {
			return nil, err
		}
		for s, k := range r.kingdoms {
			if k != nil {
				fmt.Fprintf(&r.buf, "kingdom %s: economy %d, loyalty %d, stability %d\n", sideNames[s], k.Economy, k.Loyalty, k.Stability)
			}
		}
		return res, r.flush()
	}
	return res, r.rec(HexRecord{Type: "end", Outcome: outcome, Reason: reason}, "")
}
