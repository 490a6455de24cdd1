package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
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
	fumble  int  // fumble XP since the last growth (K-61)
	xp      int  // XP gained in this run
	protect int  // burden protected this round, -1 none (K-89)
	dead    bool // failed a life check (K-101) or fell in a defeat (K-100)
	raised  bool // resurrected at a base: acts from the next start phase (K-14)
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

	named   [][]bool
	monXP   int // monster XP since the last growth (K-62)
	partyXP int // XP each PC earned in this run, for a plan without PCs (K-61..K-63, K-66)

	tries         []checkTries // events' checks tried (K-51)
	orders        int          // Angel Orders the players gave this run (K-23)
	monstersFirst bool         // the monsters won this battle's initiative: their support resolves first
	onlyStayers   bool         // K-81: the rest of a routed unit fled; only the stayers are fought
	grown         bool
	failedXP      bool
	complete      bool // K-25: a friendly army wiped out: the failure is complete, no XP settled
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
	k.tries = k.tries[:0]
	k.orders = 0
	k.pcs = k.pcs[:0]
	for _, pc := range p.Party.PCs {
		k.pcs = append(k.pcs, pcState{hp: pc.HP, protect: -1}) // dead, raised: false
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
		k.named = make([][]bool, len(p.Encounters))
		for i := range p.Encounters {
			k.named[i] = make([]bool, len(p.Encounters[i].Monsters))
		}
	}
	k.travDone.clear()
	for i := range k.named {
		clear(k.named[i])
	}
	k.monXP, k.partyXP, k.grown, k.failedXP, k.complete = 0, 0, false, false, false
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
