package karzoral

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Rules switches the Defaults of RULES.md's Ambiguities; the zero value is every Default. A
// scenario sets them in its options block (plan.Plan.Options); Go code in Options.Rules.
type Rules = plan.RuleOptions

// Numbers the rules fix.
const (
	FumbleXP            = 50 // K-5: a fumble (double 1) gives the roller 50 XP
	MonsterXPPerLevel   = 10 // K-62
	StrengthXP          = 10 // K-63: XP per point of friendly strength
	CancelCost          = 10 // K-77: strength a friendly army pays per cancellation
	BurdenMaxHP         = 30 // K-87
	BurdenHPPerLevel    = 5  // K-87
	BurdenDefense       = 2  // K-87
	CarryPenalty        = 2  // K-97
	NoLightPenalty      = 4  // K-59
	WarLeaderTNBonus    = 7  // K-79: TN = highest monster level + 7
	SleepPenaltyDefault = 2  // K-41: SW2 sleep deprivation, -2 on checks
	TorchesPer12h       = 6  // K-58
	defaultMaxRounds    = 50
)

// pcState is a PC during a run.
type pcState struct {
	hp      int
	fumble  int // fumble XP since the last growth (K-61)
	xp      int // XP gained in this run
	protect int // burden protected this round, -1 none (K-89)
}

// burdenState is a burden during a run.
type burdenState struct {
	hp, max int
	dead    bool
	hits    int // enemy support instances aimed at it this round (K-76, K-91)
	protBy  int // protector this round, -1 none
}

// karzoral is the state of the campaign add-ons (issue 5).
type karzoral struct {
	rules   Rules
	table   dice.TableVariant
	pcs     []pcState
	burdens []burdenState
	pcHits  []int // enemy support instances aimed at each PC this round (K-76)

	torches, oil int
	sleepy       bool // K-41: the sleep-deprivation penalty applies
	sleepNext    bool // a forced march was made: the penalty starts next start phase
	sleepDay     int  // the day the penalty began
	unlit        bool // K-59: the party is in the dark without light now
	litDay       int  // the day the Start-to-Camp light of a dark block was paid (K-57)

	trav     int  // traversal area index, -1 in normal mode (K-43)
	travLast int  // the last area entered, -1 none
	restDay  bool // a traversal day ended with its automatic rest (K-44, K-48)

	targetDie, targetOf int // K-76: the die that chose the last enemy support target (0: no die) among targetOf
	progress            int
	travChecked         uint8
	retrace             bool // K-50 retrace: backing out
	retraceGoal         int
	travFrom            int    // the block the party came from when it entered the area
	travDone            bitset // areas completed

	counted  bitset // encounters whose monster XP was credited (K-62: never twice)
	named    [][]bool
	monXP    int // monster XP since the last growth (K-62)
	grown    bool
	failedXP bool
}

// areaOf returns the traversal area of block b, -1 if none.
func (r *Runner) areaOf(b int) int {
	if r.area == nil {
		return -1
	}
	return r.area[b]
}

func (s *state) hasPCs() bool { return len(s.p.Party.PCs) > 0 }

// resetKarzoral prepares the add-on state at the start of a run.
func (s *state) resetKarzoral(rules *Rules) {
	k := &s.k
	p := s.p
	k.rules = Rules{}
	if rules != nil {
		k.rules = *rules
	} else if p.Options != nil {
		k.rules = *p.Options
	}
	k.table = dice.TableStandard
	if k.rules.PowerTable != "" {
		k.table, _ = dice.ParseTableVariant(k.rules.PowerTable) // validate checked plan options
	}
	k.pcs = k.pcs[:0]
	for _, pc := range p.Party.PCs {
		k.pcs = append(k.pcs, pcState{hp: pc.HP, protect: -1})
	}
	if len(k.pcHits) != len(k.pcs) {
		k.pcHits = make([]int, len(k.pcs))
	}
	k.burdens = k.burdens[:0]
	mx := s.burdenMaxHP()
	for range p.Party.Burdens {
		k.burdens = append(k.burdens, burdenState{hp: mx, max: mx, protBy: -1})
	}
	k.torches, k.oil = p.Party.Torches, p.Party.LanternOil
	k.sleepy, k.sleepNext, k.sleepDay, k.unlit, k.litDay = false, false, 0, false, 0
	k.trav, k.travLast, k.progress, k.travChecked, k.retrace, k.retraceGoal, k.travFrom = -1, -1, 0, 0, false, 0, -1
	if k.named == nil { // allocated once per Runner; cleared per run
		k.travDone = newBitset(len(p.Traversals))
		k.counted = newBitset(len(p.Encounters))
		k.named = make([][]bool, len(p.Encounters))
		for i := range p.Encounters {
			k.named[i] = make([]bool, len(p.Encounters[i].Monsters))
		}
	}
	k.travDone.clear()
	k.counted.clear()
	for i := range k.named {
		clear(k.named[i])
	}
	k.monXP, k.grown, k.failedXP = 0, false, false
}

// burdenMaxHP implements K-87: min(30, 5 x ceil(mean adventurer level of the PCs)). Default: every PC
// with a level, the angel included (Rules.BurdenMeanWithoutAngel leaves it out).
func (s *state) burdenMaxHP() int {
	sum, n := 0, 0
	for _, pc := range s.p.Party.PCs {
		if pc.Level <= 0 || (pc.Angel && s.k.rules.BurdenMeanWithoutAngel) {
			continue
		}
		sum += pc.Level
		n++
	}
	if n == 0 {
		return BurdenMaxHP
	}
	ceil := (sum + n - 1) / n
	return min(BurdenMaxHP, BurdenHPPerLevel*ceil)
}

// recomputeBurdens implements K-87's Default: each start phase the max HP is recomputed; current HP is
// never raised by it (only lowered to a smaller max).
func (s *state) recomputeBurdens() {
	mx := s.burdenMaxHP()
	for i := range s.k.burdens {
		b := &s.k.burdens[i]
		b.max = mx
		b.hp = min(b.hp, mx)
	}
}

// groupSuccess implements K-4 for succ successes of n checks in mode "any", "majority" or "all".
// Default (K-4): a strict majority, 2*succ > n; Rules.MajorityAtHalf takes 2*succ >= n.
func groupSuccess(mode string, succ, n int, atHalf bool) bool {
	switch mode {
	case "any":
		return succ >= 1
	case "all":
		return n > 0 && succ == n
	case "majority":
		if atHalf {
			return n > 0 && 2*succ >= n
		}
		return 2*succ > n
	}
	return false
}

// penalty is the modifier every action check of PC i takes now: K-41 sleep deprivation, K-59 no
// light without darkvision.
func (s *state) penalty(i int) int {
	m := 0
	if s.k.sleepy && !s.k.rules.NoSleepPenalty {
		sp := s.k.rules.SleepPenalty
		if sp == 0 {
			sp = SleepPenaltyDefault
		}
		m -= sp
	}
	if s.k.unlit && !s.p.Party.PCs[i].Darkvision {
		m -= NoLightPenalty
	}
	return m
}

// check rolls a K-5 check for PC i: 2d6 + base + penalties >= tn. A double 6 always succeeds; a
// double 1 always fails and gives the roller 50 XP (K-5).
func (s *state) check(i, base, tn int, cause, rule string) (bool, error) {
	a, err := s.roll(6, cause)
	if err != nil {
		return false, err
	}
	b, err := s.roll(6, cause)
	if err != nil {
		return false, err
	}
	mod := base + s.penalty(i)
	total := a + b + mod
	ok := total >= tn
	res := "success"
	switch {
	case a == 1 && b == 1:
		ok, res = false, "fumble"
		s.k.pcs[i].fumble += FumbleXP
	case a == 6 && b == 6:
		ok, res = true, "critical"
	case !ok:
		res = "failure"
	}
	if s.on {
		name := s.p.Party.PCs[i].Name
		r := &CheckEvent{Note: s.note(rule), Text: fmt.Sprintf("%s: %s check [%d,%d]%+d = %d vs %d: %s", name, cause, a, b, mod, total, tn, res)}
		r.PC, r.Cause, r.Dice, r.Modifier, r.Total, r.TN, r.Result = name, cause, [2]int{a, b}, mod, total, tn, res
		if err := s.send(r); err != nil {
			return ok, err
		}
	}
	return ok, nil
}

// roll2d6 rolls two d6 for cause and returns their faces.
func (s *state) roll2d6(cause string) ([2]int, error) {
	var d [2]int
	for k := range d {
		f, err := s.roll(6, cause)
		if err != nil {
			return d, err
		}
		d[k] = f
	}
	return d, nil
}

// rollerSource adapts the runner's dice (a Roller first, then the seeded source) for dice.PowerRoll.
type rollerSource struct {
	s     *state
	cause string
	err   error
}

func (r *rollerSource) Roll(sides int) int {
	if r.err != nil {
		return 1
	}
	f, err := r.s.roll(sides, r.cause)
	if err != nil {
		r.err = err
		return 1
	}
	return f
}

// power makes a K-103 power roll from BCDice notation with the run's table.
func (s *state) power(notation, cause string) (dice.PowerResult, error) {
	e, err := dice.Parse(notation)
	if err != nil {
		return dice.PowerResult{}, fmt.Errorf("day %d: %s: %v", s.day, cause, err)
	}
	src := &rollerSource{s: s, cause: cause}
	res, err := dice.PowerRollExpr(src, e, dice.PowerOptions{Table: s.k.table})
	if src.err != nil {
		return res, src.err
	}
	if err != nil {
		return res, fmt.Errorf("day %d: %s: %v", s.day, cause, err)
	}
	return res, nil
}

// maxLevel is the highest level of the monsters of encounter e still present (K-67: a named monster
// defeated earlier is gone).
func (s *state) maxLevel(e int) int {
	m := 0
	for j, mon := range s.p.Encounters[e].Monsters {
		if !s.k.named[e][j] {
			m = max(m, mon.Level)
		}
	}
	return m
}

// creditMonsters implements K-62: 10 x the sum of levels of the monsters defeated, each monster once
// per scenario (an encounter is credited once), never for an escaped battle (the caller does not
// call it then). onlyLeaders counts only the unit leaders (K-80 with Rules.FledGiveNoXP).
func (s *state) creditMonsters(e int, onlyLeaders bool) error {
	enc := &s.p.Encounters[e]
	sum := 0
	for j, m := range enc.Monsters {
		gone := m.Named && s.k.named[e][j] // K-67: defeated before this battle, not in it
		if m.Named && (!onlyLeaders || m.Leader) {
			s.k.named[e][j] = true // K-67: a defeated named monster never reappears
		}
		if gone || (onlyLeaders && !m.Leader) {
			continue
		}
		sum += m.Level * m.Count
	}
	if s.k.counted.has(e) {
		if s.on && s.hasPCs() {
			return s.send(&XPEvent{Note: s.note("K-62"), Text: fmt.Sprintf("monsters of %s already counted: no monster XP", enc.ID)})
		}
		return nil
	}
	s.k.counted.set(e)
	xp := MonsterXPPerLevel * sum
	s.k.monXP += xp
	if s.on && s.hasPCs() {
		r := &XPEvent{Note: s.note("K-62"), Text: fmt.Sprintf("monster XP for %s: 10 x %d levels = %d (pending: %d)", enc.ID, sum, xp, s.k.monXP)}
		r.Who, r.Gained, r.Total = enc.ID, xp, s.k.monXP
		return s.send(r)
	}
	return nil
}

// growth implements K-60, K-61, K-63, K-64 at a midpoint or the clear: each PC gets achievement XP +
// its own fumble XP + the monster XP + the remaining-strength bonus (10 x the strength of every
// friendly army on the field, K-63 Default: summed), then Rules.AbilityGrowths (default 1) ability
// growths, each a roll-two-choose-one.
func (s *state) growth(achievement int, point string) error {
	if !s.hasPCs() {
		return nil
	}
	str := 0
	for _, i := range s.r.friendly {
		if s.armyBlock[i] >= 0 {
			str += s.armyStr[i]
		}
	}
	bonus := StrengthXP * str
	n := s.k.rules.AbilityGrowths
	if n <= 0 {
		n = 1
	}
	for i := range s.k.pcs {
		pc := &s.k.pcs[i]
		gain := achievement + pc.fumble + s.k.monXP + bonus
		pc.xp += gain
		if s.on {
			name := s.p.Party.PCs[i].Name
			r := &XPEvent{Note: s.note("K-61"), Who: name, Point: point, Gained: gain, Total: pc.xp,
				Text: fmt.Sprintf("%s, %s: %d achievement + %d fumbles + %d monsters + %d remaining strength (10 x %d) = %d XP (total %d)",
					name, point, achievement, pc.fumble, s.k.monXP, bonus, str, gain, pc.xp)}
			if err := s.send(r); err != nil {
				return err
			}
		}
		pc.fumble = 0
		for g := 0; g < n; g++ {
			if err := s.abilityGrowth(i); err != nil {
				return err
			}
		}
	}
	s.k.monXP = 0
	return nil
}

// abilityGrowth implements K-64 (and K-3): roll two d6, the PC keeps one; the face names the ability.
func (s *state) abilityGrowth(i int) error {
	d, err := s.roll2d6("growth")
	if err != nil {
		return err
	}
	name := s.p.Party.PCs[i].Name
	n := 0
	for k, f := range d {
		if k == 1 && f == d[0] {
			break
		}
		s.choices[n] = runner.Choice{Name: faceName(f), Value: f, Note: abilityNames[f]}
		n++
	}
	req := &s.req
	*req = runner.Request{Kind: runner.KindPick, Day: s.day, Phase: s.phase, Choices: s.choices[:n], Dice: d,
		Block: s.p.Field.Blocks[s.party].ID, Cause: "growth", Title: name}
	c, err := s.decide(req)
	if err != nil {
		return err
	}
	f := req.Choices[c].Value
	if s.on {
		r := &GrowthEvent{Note: s.note("K-64"), Text: fmt.Sprintf("%s: ability growth rolled %d and %d, kept %d (%s)", name, d[0], d[1], f, abilityNames[f])}
		r.PC, r.Dice, r.Face = name, d, f
		return s.send(r)
	}
	return nil
}

// abilityNames maps a growth face to its SW2 ability score (K-64, SW2 core).
var abilityNames = [7]string{"", "dexterity", "agility", "strength", "vitality", "intelligence", "spirit"}

// failureXP implements K-66: on failure each PC gets only the scenario's failure XP; no monster XP,
// no bonuses, no ability growth.
func (s *state) failureXP() error {
	if !s.hasPCs() || s.k.failedXP {
		return nil
	}
	s.k.failedXP = true
	s.k.monXP = 0
	for i := range s.k.pcs {
		pc := &s.k.pcs[i]
		pc.fumble = 0
		pc.xp += s.p.FailureXP
		if s.on {
			name := s.p.Party.PCs[i].Name
			r := &XPEvent{Note: s.note("K-66"), Text: fmt.Sprintf("%s: failure: %d XP only (total %d)", name, s.p.FailureXP, pc.xp)}
			r.Who, r.Point, r.Gained, r.Total = name, "failure", s.p.FailureXP, pc.xp
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// settle applies the end-of-scenario experience: the clear growth on success (K-60) or the failure
// XP (K-66).
func (s *state) settle() error {
	switch s.outcome {
	case runner.Success:
		if s.k.grown {
			return nil
		}
		s.k.grown = true
		return s.growth(s.clearXP, "clear")
	case runner.Failure:
		return s.failureXP()
	}
	return nil
}

// setHP sets a PC's HP and records fainting.
func (s *state) hurtPC(i, dmg int, rule string) error {
	pc := &s.k.pcs[i]
	before := pc.hp
	pc.hp -= dmg
	if before > 0 && pc.hp <= 0 && s.on {
		name := s.p.Party.PCs[i].Name
		r := &HPEvent{Note: s.note(rule), Text: fmt.Sprintf("%s falls to %d HP and faints", name, pc.hp)}
		r.Who, r.After, r.Result = name, pc.hp, "fainted"
		return s.send(r)
	}
	return nil
}

// hurtBurden implements K-88: a burden at HP <= 0 dies at once, for good.
func (s *state) hurtBurden(i, dmg int, rule string) error {
	b := &s.k.burdens[i]
	if b.dead {
		return nil
	}
	b.hp -= dmg
	if b.hp <= 0 {
		b.dead = true
		if s.on {
			name := s.p.Party.Burdens[i].Name
			r := &HPEvent{Note: s.note("K-88"), Text: fmt.Sprintf("burden %s falls to %d HP and dies", name, b.hp)}
			r.Who, r.After, r.Result = name, b.hp, "dead"
			return s.send(r)
		}
	}
	return nil
}

// allDown reports whether every PC is down (K-100).
func (s *state) allDown() bool {
	if !s.hasPCs() {
		return false
	}
	for _, pc := range s.k.pcs {
		if pc.hp > 0 {
			return false
		}
	}
	return true
}

// rest implements K-40 (and K-48): six hours' sleep; every PC recovers its HP (SW2 core: a full
// night's sleep restores HP and MP); the sleep-deprivation penalty ends (K-41 Default).
func (s *state) rest(rule string) error {
	s.k.unlit = false
	if s.k.sleepy {
		s.k.sleepy = false
		if s.on {
			r := &SleepEvent{Note: s.note("K-41"), Text: fmt.Sprintf("the party sleeps: the sleep-deprivation penalty ends")}
			r.Result = "off"
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	for i := range s.k.pcs {
		pc := &s.k.pcs[i]
		mx := s.p.Party.PCs[i].HP
		if pc.hp < mx {
			pc.hp = mx
			if s.on {
				name := s.p.Party.PCs[i].Name
				r := &HPEvent{Note: s.note(rule), Text: fmt.Sprintf("%s recovers to %d HP", name, mx)}
				r.Who, r.After, r.Result = name, mx, "recovered"
				if err := s.send(r); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// useLight implements K-57, K-58: hours of light (a multiple of 12) are paid in 12-hour units, each a
// flask of lantern oil or 6 torches (Default: oil first; Rules.TorchesFirst). It reports whether
// all the light was there; without it the party is unlit (K-59). why names the need.
func (s *state) useLight(hours int, why string) (bool, error) {
	k := &s.k
	units := (hours + 11) / 12
	paid := 0
	for u := 0; u < units; u++ {
		switch {
		case !k.rules.TorchesFirst && k.oil > 0:
			k.oil--
		case k.torches >= TorchesPer12h:
			k.torches -= TorchesPer12h
		case k.oil > 0:
			k.oil--
		default:
			continue
		}
		paid++
	}
	ok := paid == units
	k.unlit = !ok
	if s.on {
		res := "lit"
		text := fmt.Sprintf("%s: %d hours of light burnt (%d torches, %d flasks of oil left)", why, paid*12, k.torches, k.oil)
		if !ok {
			res = "unlit"
			text = fmt.Sprintf("%s needs %d hours of light, only %d burnt (%d torches, %d flasks left): -4 on checks without darkvision (K-59)",
				why, units*12, paid*12, k.torches, k.oil)
		}
		r := &LightEvent{Note: s.note("K-58"), Text: fmt.Sprintf("%s", text)}
		r.Hours, r.Result, r.Torches, r.Oil = paid*12, res, k.torches, k.oil
		if err := s.send(r); err != nil {
			return ok, err
		}
	}
	return ok, nil
}

// darkDay implements K-57: a dark block needs 12 hours of light for the Start-to-Camp period, paid
// once per day when the party is there in the action phase.
func (s *state) darkDay() error {
	if !s.p.Field.Blocks[s.party].Dark || s.k.litDay == s.day {
		return nil
	}
	s.k.litDay = s.day
	_, err := s.useLight(12, "dark block "+s.p.Field.Blocks[s.party].ID)
	return err
}

// startKarzoral runs the add-ons of the start phase: the sleep penalty begins after a forced march
// (K-41), burdens' max HP is recomputed (K-87), the traversal faces are unchecked (K-19 (5), K-49).
func (s *state) startKarzoral() error {
	k := &s.k
	k.unlit = false
	if k.sleepy && k.rules.SleepPenaltyOneDay && k.sleepDay < s.day {
		k.sleepy = false
		if s.on {
			r := &SleepEvent{Note: s.note("K-41"), Text: fmt.Sprintf("the sleep-deprivation penalty ends (one day only)")}
			r.Result = "off"
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	if k.sleepNext {
		k.sleepNext = false
		if !k.rules.NoSleepPenalty {
			k.sleepy, k.sleepDay = true, s.day
			if s.on {
				sp := k.rules.SleepPenalty
				if sp == 0 {
					sp = SleepPenaltyDefault
				}
				r := &SleepEvent{Note: s.note("K-41"), Text: fmt.Sprintf("after the forced march the party is sleep-deprived: -%d on checks until it rests", sp)}
				r.Result, r.Modifier = "on", -sp
				if err := s.send(r); err != nil {
					return err
				}
			}
		}
	}
	s.recomputeBurdens()
	if k.trav >= 0 && k.travChecked != 0 {
		k.travChecked = 0
		if s.on {
			r := &TraversalEvent{Note: s.note("K-49"), Text: fmt.Sprintf("traversal faces of %s unchecked; progress %d carries over", s.p.Traversals[k.trav].ID, k.progress)}
			r.Step, r.Area, r.After = "uncheck", s.p.Traversals[k.trav].ID, k.progress
			return s.send(r)
		}
	}
	return nil
}

// forcedMarchCosts implements K-41 and K-57: 12 hours of light (24 from a dark block, Default;
// Rules.DarkMarchLight12), no sleep recovery, the sleep penalty from the next start phase.
func (s *state) forcedMarchCosts() error {
	hours := 12
	if s.p.Field.Blocks[s.party].Dark && !s.k.rules.DarkMarchLight12 {
		hours = 24
	}
	s.k.sleepNext = true
	_, err := s.useLight(hours, "forced march")
	return err
}

// dangerSense implements K-71: before a night raid every PC with scout or ranger levels rolls
// 2d6 + that level + intelligence bonus vs the scenario's TN, mode Any (K-4). Failure: the whole party
// starts in the front area. A PC without those skills cannot roll (SW2 core). Not an ambush.
func (s *state) dangerSense() error {
	tn := s.p.NightRaidTN
	if tn <= 0 || !s.hasPCs() {
		return nil
	}
	succ, n := 0, 0
	for i, pc := range s.p.Party.PCs {
		if pc.Scout <= 0 || s.k.pcs[i].hp <= 0 {
			continue
		}
		n++
		ok, err := s.check(i, pc.Scout+pc.Intelligence, tn, "danger sense", "K-71")
		if err != nil {
			return err
		}
		if ok {
			succ++
		}
	}
	ok := groupSuccess("any", succ, n, s.k.rules.MajorityAtHalf)
	if s.on {
		res, text := "success", "normal setup"
		if !ok {
			res, text = "failure", "the whole party starts in the front area (not an ambush)"
		}
		r := &GroupEvent{Note: s.note("K-71"), Text: fmt.Sprintf("danger sense, TN %d, any: %d of %d succeeded: %s", tn, succ, n, text)}
		r.Cause, r.Successes, r.Of, r.Result, r.TN = "danger sense", succ, n, res, tn
		return s.send(r)
	}
	return nil
}

// insight implements K-79 (2): at monster-knowledge time, once per battle (Default), every PC with
// War Leader rolls War Leader level + intelligence bonus vs the highest monster level + 7; success
// learns the unit's morale and training.
func (s *state) insight(enc, army int) error {
	a := &s.p.Armies[army]
	if !s.hasPCs() || (a.Morale == "" && a.Training == "") {
		return nil
	}
	tn := s.maxLevel(enc) + WarLeaderTNBonus
	for i, pc := range s.p.Party.PCs {
		if pc.WarLeader <= 0 || s.k.pcs[i].hp <= 0 {
			continue
		}
		ok, err := s.check(i, pc.WarLeader+pc.Intelligence, tn, "war leader", "K-79")
		if err != nil {
			return err
		}
		if ok && s.on {
			r := &InsightEvent{Note: s.note("K-79"), Text: fmt.Sprintf("%s learns that %s has morale %s and training %s", pc.Name, a.ID, orDash(a.Morale), orDash(a.Training))}
			r.PC, r.Army = pc.Name, a.ID
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// canRout reports whether K-80 applies: the army fought is a low-morale unit with leaders.
func (s *state) canRout(enc, army int) bool {
	if army < 0 || s.p.Armies[army].Morale != "low" {
		return false
	}
	for _, m := range s.p.Encounters[enc].Monsters {
		if m.Leader {
			return true
		}
	}
	return false
}

// supportInBlock reports whether a friendly or enemy army with support sources is in the party's block.
func (s *state) supportInBlock() bool {
	for i := range s.p.Armies {
		if s.armyBlock[i] == s.party && len(s.p.Armies[i].Support) > 0 {
			return true
		}
	}
	return false
}

func (s *state) liveBurdens() int {
	n := 0
	for _, b := range s.k.burdens {
		if !b.dead {
			n++
		}
	}
	return n
}

// round plays one detailed battle round's campaign add-ons: K-89 protection declarations, K-75
// friendly support, K-76 enemy support with K-77 cancellation and K-90, K-91 protection.
func (s *state) round(enc, n int) error {
	k := &s.k
	if s.on {
		r := &RoundEvent{Note: s.note("K-73"), Text: fmt.Sprintf("round %d", n)}
		r.Round = n
		if err := s.send(r); err != nil {
			return err
		}
	}
	// K-89: protection, declared at the start of the round; one burden per PC, one protector per burden.
	for i := range k.pcs {
		k.pcs[i].protect = -1
	}
	for bi := range k.burdens {
		b := &k.burdens[bi]
		b.protBy, b.hits = -1, 0
		if b.dead {
			continue
		}
		cs := []runner.Choice{{Name: "none", Value: -1}}
		for i, pc := range s.p.Party.PCs {
			if k.pcs[i].hp > 0 && k.pcs[i].protect < 0 { // K-92: a fainted PC cannot protect
				cs = append(cs, runner.Choice{Name: pc.Name, Value: i})
			}
		}
		if len(cs) == 1 {
			continue
		}
		req := &s.req
		*req = runner.Request{Kind: runner.KindProtect, Day: s.day, Phase: s.phase, Choices: cs,
			Block: s.p.Field.Blocks[s.party].ID, Encounter: s.p.Party.Burdens[bi].Name}
		c, err := s.decide(req)
		if err != nil {
			return err
		}
		if v := cs[c].Value; v >= 0 {
			b.protBy = v
			k.pcs[v].protect = bi
			if s.on {
				r := &ProtectEvent{Note: s.note("K-89"), Text: fmt.Sprintf("%s protects burden %s this round", s.p.Party.PCs[v].Name, s.p.Party.Burdens[bi].Name)}
				r.Burden, r.Protector = s.p.Party.Burdens[bi].Name, s.p.Party.PCs[v].Name
				if err := s.send(r); err != nil {
					return err
				}
			}
		}
	}
	clear(k.pcHits)
	// K-75: friendly support, after the PCs' turns: the PCs choose a target per instance, never one
	// twice in a round; an instance with no target left is lost. Always magic. Monsters' HP is not
	// simulated (PC combat is outside the runner): the damage is rolled and recorded.
	for _, ai := range s.r.friendly {
		a := &s.p.Armies[ai]
		if s.armyBlock[ai] != s.party {
			continue
		}
		for _, src := range a.Support {
			cs := []runner.Choice{}
			for _, name := range s.monsterNames(enc) {
				if !s.targeted(name) {
					cs = append(cs, runner.Choice{Name: name})
				}
			}
			if len(cs) == 0 {
				if s.on {
					r := &SupportEvent{Note: s.note("K-75"), Text: fmt.Sprintf("the support of %s, %s, has no target left this round: lost", a.ID, src)}
					r.Army, r.Side = a.ID, "friendly"
					if err := s.send(r); err != nil {
						return err
					}
				}
				continue
			}
			cs = append(cs, runner.Choice{Name: "none"})
			req := &s.req
			*req = runner.Request{Kind: runner.KindTarget, Day: s.day, Phase: s.phase, Choices: cs,
				Block: s.p.Field.Blocks[s.party].ID, Army: a.ID, Encounter: s.p.Encounters[enc].ID}
			c, err := s.decide(req)
			if err != nil {
				return err
			}
			tgt := cs[c].Name
			if tgt == "none" {
				continue
			}
			s.targets = append(s.targets, tgt)
			res, err := s.power(src, "support "+a.ID)
			if err != nil {
				return err
			}
			if s.on {
				r := &SupportEvent{Note: s.note("K-75"), Text: fmt.Sprintf("the support of %s hits %s: %s magic", a.ID, tgt, res)}
				r.Army, r.Side, r.Target, r.Roll, r.Damage = a.ID, "friendly", tgt, res.String(), max(res.Total, 0)
				if err := s.send(r); err != nil {
					return err
				}
			}
		}
	}
	s.targets = s.targets[:0]
	// K-76: enemy support, after the monsters' turns.
	cancels := 0
	for _, ai := range s.r.enemy {
		a := &s.p.Armies[ai]
		if s.armyBlock[ai] != s.party {
			continue
		}
		for _, src := range a.Support {
			t, err := s.enemyTarget(a.ID)
			if err != nil {
				return err
			}
			if t == noTarget {
				continue
			}
			if s.over() {
				return nil
			}
			// K-77: a friendly army in the block may cancel it, after the target is chosen.
			if fr := s.canceller(cancels); fr >= 0 {
				req := &s.req
				*req = runner.Request{Kind: runner.KindCancel, Day: s.day, Phase: s.phase, Choices: yesNo[:],
					Block: s.p.Field.Blocks[s.party].ID, Army: s.p.Armies[fr].ID, Title: a.ID, Encounter: s.targetName(t)}
				c, err := s.decide(req)
				if err != nil {
					return err
				}
				if yesNo[c].Value == 1 {
					cancels++
					before := s.armyStr[fr]
					if s.on {
						r := &CancelEvent{Note: s.note("K-77"), Text: fmt.Sprintf("%s cancels the instance of %s aimed at %s (1d%d = %d): strength %d -> %d", s.p.Armies[fr].ID, a.ID, s.targetName(t), k.targetOf, k.targetDie, before, max(before-CancelCost, 0))}
						r.Army, r.Target, r.Before, r.After = s.p.Armies[fr].ID, s.targetName(t), before, max(before-CancelCost, 0)
						r.Die, r.Among = k.targetDie, k.targetOf
						if err := s.send(r); err != nil {
							return err
						}
					}
					if err := s.changeStrength(fr, -CancelCost, "K-77"); err != nil || s.over() {
						return err
					}
					continue
				}
			}
			res, err := s.power(src, "support "+a.ID)
			if err != nil {
				return err
			}
			if err := s.applyEnemySupport(a, t, res); err != nil {
				return err
			}
		}
	}
	return nil
}

// noTarget means no party member could be targeted.
const noTarget = -1 << 20

// enemyTarget implements K-76: uniformly among the eligible members (PCs not fainted, NPCs and
// burdens alive, Default; Rules.SupportSparesNPCs leaves burdens out) with the fewest instances this
// round. PCs are targets 0..n-1, burdens -1-b. The die rolled is recorded with the target.
func (s *state) enemyTarget(army string) (int, error) {
	k := &s.k
	best := 1 << 30
	var cand []int
	consider := func(t, hits int) {
		if hits < best {
			best, cand = hits, cand[:0]
		}
		if hits == best {
			cand = append(cand, t)
		}
	}
	for i := range k.pcs {
		if k.pcs[i].hp > 0 {
			consider(i, k.pcHits[i])
		}
	}
	if !k.rules.SupportSparesNPCs {
		for b := range k.burdens {
			if !k.burdens[b].dead {
				consider(-1-b, k.burdens[b].hits)
			}
		}
	}
	if len(cand) == 0 {
		if s.on {
			r := &SupportEvent{Note: s.note("K-76"), Text: fmt.Sprintf("the support of %s finds no target", army)}
			r.Army, r.Side = army, "enemy"
			return noTarget, s.send(r)
		}
		return noTarget, nil
	}
	pick := 0
	k.targetDie, k.targetOf = 0, len(cand)
	if len(cand) > 1 {
		f, err := s.roll(len(cand), "support target")
		if err != nil {
			return 0, err
		}
		pick = f - 1
		k.targetDie = f
	}
	t := cand[pick]
	if t >= 0 {
		k.pcHits[t]++
	} else {
		k.burdens[-1-t].hits++ // K-91: the burden's count rises even when its protector takes it
	}
	return t, nil
}

func (s *state) targetName(t int) string {
	if t >= 0 {
		return s.p.Party.PCs[t].Name
	}
	return s.p.Party.Burdens[-1-t].Name
}

// canceller returns the friendly army in the party's block that may cancel now (K-77), or -1.
func (s *state) canceller(done int) int {
	if lim := s.k.rules.CancelLimit; lim > 0 && done >= lim {
		return -1
	}
	for _, i := range s.r.friendly {
		if s.armyBlock[i] == s.party && s.armyStr[i] > 0 {
			if s.k.rules.NoCancelToZero && s.armyStr[i] <= CancelCost {
				continue
			}
			return i
		}
	}
	return -1
}

// applyEnemySupport applies an enemy support instance to target t: physical damage is reduced by the
// defense of whoever takes it (K-87: a burden's is 2), magic is not; a protected burden's protector
// may take it (K-90, chosen each time; K-74: burden protection applies to support damage).
func (s *state) applyEnemySupport(a *plan.Army, t int, res dice.PowerResult) error {
	kind := "magic"
	if a.SupportPhysical {
		kind = "physical"
	}
	calc := max(res.Total, 0)
	victim := t
	if t < 0 {
		b := &s.k.burdens[-1-t]
		if pi := b.protBy; pi >= 0 && s.k.pcs[pi].hp > 0 { // K-92
			req := &s.req
			*req = runner.Request{Kind: runner.KindTake, Day: s.day, Phase: s.phase, Choices: noYes[:],
				Block: s.p.Field.Blocks[s.party].ID, Army: s.p.Party.PCs[pi].Name, Encounter: s.p.Party.Burdens[-1-t].Name}
			c, err := s.decide(req)
			if err != nil {
				return err
			}
			if noYes[c].Value == 1 {
				victim = pi
			}
		}
	}
	dmg := calc
	if kind == "physical" {
		if victim >= 0 {
			dmg = max(calc-s.p.Party.PCs[victim].Defense, 0)
		} else {
			dmg = max(calc-BurdenDefense, 0)
		}
	}
	if s.on {
		who := s.targetName(victim)
		extra := ""
		if victim != t {
			extra = ", " + who + " takes it (K-90)"
		}
		after := 0
		if victim >= 0 {
			after = s.k.pcs[victim].hp - dmg
		} else {
			after = s.k.burdens[-1-victim].hp - dmg
		}
		chosen := "the only target"
		if s.k.targetDie > 0 {
			chosen = fmt.Sprintf("1d%d = %d", s.k.targetOf, s.k.targetDie)
		}
		r := &SupportEvent{Note: s.note("K-76"), Text: fmt.Sprintf("the support of %s hits %s (%s)%s: %s %s, %d applied, %d HP left", a.ID, s.targetName(t), chosen, extra, res, kind, dmg, after)}
		r.Army, r.Side, r.Target, r.Victim, r.Roll, r.Damage, r.After = a.ID, "enemy", s.targetName(t), who, res.String(), dmg, after
		r.Die, r.Among = s.k.targetDie, s.k.targetOf
		if err := s.send(r); err != nil {
			return err
		}
	}
	if victim >= 0 {
		return s.hurtPC(victim, dmg, "K-76")
	}
	return s.hurtBurden(-1-victim, dmg, "K-76")
}

// monsterNames lists the monsters of encounter e present (named ones defeated earlier are gone),
// "Boggard" or "Boggard 1", "Boggard 2" when a line has several.
func (s *state) monsterNames(e int) []string {
	var out []string
	for j, m := range s.p.Encounters[e].Monsters {
		if s.k.named[e][j] {
			continue
		}
		if m.Count == 1 {
			out = append(out, m.Name)
			continue
		}
		for n := 1; n <= m.Count && n <= 100; n++ {
			out = append(out, fmt.Sprintf("%s %d", m.Name, n))
		}
	}
	return out
}

func (s *state) targeted(name string) bool {
	for _, t := range s.targets {
		if t == name {
			return true
		}
	}
	return false
}

// escape implements K-93..K-97 after the party flees: burdens are carried (spread evenly over the PCs
// able to act, counts differing by at most 1; an uncarried burden is lost); each PC able to act rolls
// 2d6 + adventurer level + agility bonus - 2 per burden carried (Default; Rules.BurdenPenaltyFlat)
// vs TN = the highest monster level + 2d6 (rolled per PC, Default; Rules.EscapeTNOnce); a failure
// takes pursuit damage from the scenario's table (magic, nothing reduces it, K-95). The escape always
// succeeds; a PC downed by the pursuit collapses afterwards. No monster XP (K-96). Runner
// judgement: a PC already down (0 HP or less) does not roll and carries nobody; it is taken along.
func (s *state) escape(enc int) error {
	if !s.hasPCs() {
		return nil
	}
	k := &s.k
	lvl := s.maxLevel(enc)
	var able []int
	for i := range k.pcs {
		if k.pcs[i].hp > 0 {
			able = append(able, i)
		}
	}
	carried := make([]int, len(k.pcs))
	nb := 0
	for bi := range k.burdens {
		if k.burdens[bi].dead {
			continue
		}
		if len(able) == 0 {
			k.burdens[bi].dead = true
			if s.on {
				name := s.p.Party.Burdens[bi].Name
				r := &HPEvent{Note: s.note("K-97"), Text: fmt.Sprintf("nobody can carry burden %s: it is lost", name)}
				r.Who, r.Result = name, "lost"
				if err := s.send(r); err != nil {
					return err
				}
			}
			continue
		}
		c := able[nb%len(able)]
		nb++
		carried[c]++
		if s.on {
			r := &EscapeEvent{Note: s.note("K-97"), Text: fmt.Sprintf("%s carries burden %s", s.p.Party.PCs[c].Name, s.p.Party.Burdens[bi].Name)}
			r.PC, r.Burden = s.p.Party.PCs[c].Name, s.p.Party.Burdens[bi].Name
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	var once [2]int
	if k.rules.EscapeTNOnce {
		d, err := s.roll2d6("escape TN")
		if err != nil {
			return err
		}
		once = d
	}
	for _, i := range able {
		pc := &s.p.Party.PCs[i]
		tnd := once
		if !k.rules.EscapeTNOnce {
			d, err := s.roll2d6("escape TN")
			if err != nil {
				return err
			}
			tnd = d
		}
		tn := lvl + tnd[0] + tnd[1]
		pen := CarryPenalty * carried[i]
		if k.rules.BurdenPenaltyFlat && carried[i] > 0 {
			pen = CarryPenalty
		}
		if s.on {
			r := &EscapeEvent{Note: s.note("K-94"), Text: fmt.Sprintf("%s: escape TN = highest monster level %d + [%d,%d] = %d", pc.Name, lvl, tnd[0], tnd[1], tn)}
			r.PC, r.Dice, r.TN = pc.Name, tnd, tn
			if err := s.send(r); err != nil {
				return err
			}
		}
		ok, err := s.check(i, pc.Level+pc.Agility-pen, tn, "escape", "K-94")
		if err != nil {
			return err
		}
		if ok {
			continue
		}
		row := pursuitRow(s.p.Pursuit, lvl)
		if row == "" {
			if s.on {
				r := &EscapeEvent{Note: s.note("K-95"), PC: pc.Name, Text: pc.Name + " fails but the scenario has no pursuit damage table: no damage"}
				if err := s.send(r); err != nil {
					return err
				}
			}
			continue
		}
		res, err := s.power(row, "pursuit")
		if err != nil {
			return err
		}
		dmg := max(res.Total, 0)
		after := k.pcs[i].hp - dmg
		if s.on {
			r := &EscapeEvent{Note: s.note("K-95"), Text: fmt.Sprintf("%s takes pursuit damage %s magic (not reducible), %d HP left", pc.Name, res, after)}
			r.PC, r.Roll, r.Damage, r.After = pc.Name, res.String(), dmg, after
			if err := s.send(r); err != nil {
				return err
			}
		}
		k.pcs[i].hp = after
		if after <= 0 && s.on {
			r := &HPEvent{Note: s.note("K-95"), Text: fmt.Sprintf("%s gets away and collapses afterwards", pc.Name)}
			r.Who, r.After, r.Result = pc.Name, after, "collapsed"
			if err := s.send(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// pursuitRow returns the damage of the last row whose Level is at most lvl (the first row if lvl is
// below every row), "" for an empty table (K-95).
func pursuitRow(rows []plan.PursuitRow, lvl int) string {
	if len(rows) == 0 {
		return ""
	}
	out := rows[0].Damage
	for _, r := range rows {
		if r.Level <= lvl {
			out = r.Damage
		}
	}
	return out
}

// defeatAftermath implements K-100..K-102: all PCs die and the scenario fails; the angel revives the
// next morning by itself (K-102) and carries the bodies to the nearest base at 1 block a day (K-101).
func (s *state) defeatAftermath() error {
	for i := range s.k.pcs {
		s.k.pcs[i].hp = min(s.k.pcs[i].hp, 0)
	}
	if !s.on {
		return nil
	}
	base, dist := s.nearestBase()
	text := "all PCs die" // the event carries K-100
	if s.hasPCs() {
		angel := "the angel"
		for _, pc := range s.p.Party.PCs {
			if pc.Angel {
				angel = pc.Name
			}
		}
		text += fmt.Sprintf("; %s revives on the morning of day %d, gains impurity and despair (K-102)", angel, s.day+1)
		if base >= 0 {
			text += fmt.Sprintf(", and carries the bodies to base %s, %d blocks away, arriving on day %d (K-101)", s.p.Field.Blocks[base].ID, dist, s.day+1+dist)
		}
	}
	r := &DefeatEvent{Note: s.note("K-100"), Text: text}
	if base >= 0 {
		r.Base, r.Distance = s.p.Field.Blocks[base].ID, dist
	}
	return s.send(r)
}

// nearestBase finds the base nearest to the party by moves (breadth first over open exits), -1 if none.
func (s *state) nearestBase() (int, int) {
	nb := len(s.p.Field.Blocks)
	dist := make([]int, nb)
	for i := range dist {
		dist[i] = -1
	}
	q := []int{s.party}
	dist[s.party] = 0
	for len(q) > 0 {
		b := q[0]
		q = q[1:]
		if s.p.Field.Blocks[b].Kind == "base" {
			return b, dist[b]
		}
		for _, ex := range s.p.Field.Blocks[b].Exits {
			if ex.To >= 0 && ex.Open && dist[ex.To] < 0 {
				dist[ex.To] = dist[b] + 1
				q = append(q, ex.To)
			}
		}
	}
	return -1, 0
}

// joinNames joins names with ", ".
func joinNames(n []string) string { return strings.Join(n, ", ") }
