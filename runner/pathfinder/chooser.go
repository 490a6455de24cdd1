package pathfinder

import (
	"fmt"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// Question is a yes-or-no choice the engine asks a Chooser.
type Question uint8

// Questions.
const (
	// AskStayAtRange: fight another Ranged Phase instead of closing (P-49)? Asked only when every army
	// on the field has ranged attacks.
	AskStayAtRange Question = iota + 1
	// AskLeave: having won a withdrawal check, leave the field (yes) or treat the phase as a Ranged
	// Phase (no) (P-25)?
	AskLeave
	// AskOppose: oppose the withdrawal of army `other` (no: choose to fail, P-25)?
	AskOppose
	// AskPotion: drink a healing potion this phase instead of attacking (P-66)?
	AskPotion
	// AskTriage: take -4 on this phase's offense check against `other` to heal (P-47)?
	AskTriage
	// AskDirtyFighters: under Options.DirtyFighters = Std, use the +6 in this Melee Phase (P-29)?
	AskDirtyFighters
	// AskRage: rage now, for the rest of the battle (Special Abilities: rage)?
	AskRage
	// AskSmite: smite evil army `other` in this Melee Phase, once a battle (smite evil)?
	AskSmite
	// AskAloft: hold aloft this Melee Phase instead of attacking (flight)?
	AskAloft
	// AskHitAndRun: after this phase's attacks, withdraw with Hit and Run's bonus (P-42)?
	AskHitAndRun
	// AskBurrow: spend this phase digging under army `other`'s fortification (burrow, earth glide)?
	AskBurrow
	// AskChallenge: challenge army `other` for the rest of the battle, once (challenge)?
	AskChallenge
	// AskCombatStyle: OM +1 for the rest of the battle on attacks of this phase's kind (combat style)?
	AskCombatStyle
	// AskWeaponSpecialization: OM +2 on this phase's check against `other`, once (weapon specialization)?
	AskWeaponSpecialization
	// AskCompanions: OM +1 for the rest of the battle, once (hunter's bond, companions)?
	AskCompanions
	// AskHexHealing: heal half the ACR now, once (hex, healing)?
	AskHexHealing
	// AskJudgmentHeal: judgment this phase heals half the ACR?
	AskJudgmentHeal
	// AskJudgmentMagic: judgment this phase makes the army's attacks magic weapons?
	AskJudgmentMagic
	// AskJudgmentDefense: judgment this phase gives DV +1 (no: damage +1)?
	AskJudgmentDefense
	// AskSandstorm: create a sandstorm for the rest of the battle, once (create sandstorm)?
	AskSandstorm
	// AskWildShape: take the wild shape form for the rest of the battle, once (wild shape)?
	AskWildShape
	// AskChannelHeal: channel energy heals the army by its ACR this phase, at OM -half its ACR on
	// this phase's check against `other` and without its +1d4 (channel positive energy, lay on
	// hands; channel negative energy in an undead army)?
	AskChannelHeal
	// AskInspireAlly: give inspire courage's OM +1 and +2 on fear and rout checks to ally `other`
	// for the battle instead of keeping them (inspire courage)?
	AskInspireAlly
	// AskCompanionsAlly: having used hunter's bond's companions, give its OM +1 to ally `other` for
	// the rest of the battle instead of keeping it (hunter's bond)?
	AskCompanionsAlly
	// AskWildShapeEnd: end the wild shape form taken in an earlier phase, getting spellcasting
	// back and losing the form's abilities (wild shape: "The army can end this ability in any
	// later phase")?
	AskWildShapeEnd
)

func (q Question) String() string {
	switch q {
	case AskStayAtRange:
		return "stay at range"
	case AskLeave:
		return "leave"
	case AskOppose:
		return "oppose withdrawal"
	case AskPotion:
		return "healing potion"
	case AskTriage:
		return "triage"
	case AskDirtyFighters:
		return "dirty fighters"
	case AskRage:
		return "rage"
	case AskSmite:
		return "smite evil"
	case AskAloft:
		return "hold aloft"
	case AskHitAndRun:
		return "hit and run"
	case AskBurrow:
		return "burrow"
	case AskChallenge:
		return "challenge"
	case AskCombatStyle:
		return "combat style"
	case AskWeaponSpecialization:
		return "weapon specialization"
	case AskCompanions:
		return "hunter's bond"
	case AskHexHealing:
		return "hex healing"
	case AskJudgmentHeal:
		return "judgment heal"
	case AskJudgmentMagic:
		return "judgment magic"
	case AskJudgmentDefense:
		return "judgment defense"
	case AskSandstorm:
		return "create sandstorm"
	case AskWildShape:
		return "wild shape"
	case AskChannelHeal:
		return "channel heal"
	case AskInspireAlly:
		return "inspire ally"
	case AskCompanionsAlly:
		return "hunter's bond ally"
	case AskWildShapeEnd:
		return "end wild shape"
	}
	return fmt.Sprintf("question(%d)", int(q))
}

// Chooser makes every choice of a battle's commanders; the runner implements it from a script, a
// prompt or a policy. The Battle passed gives read access (State, Stats, Allowed, CanAttack, Phase).
// An answer the rules do not allow makes Run fail with ErrChoice.
type Chooser interface {
	// Tactic picks army's tactic: in the Tactics Phase (P-22), and at the start of every Ranged and
	// Melee Phase, where returning the current tactic keeps it and another tries a change (P-23). It
	// must be in b.Allowed(army).
	Tactic(b *Battle, army int) pfarmy.Tactic
	// Strategy picks army's strategy rung at the start of every Melee Phase (P-51, P-52).
	Strategy(b *Battle, army int) Strategy
	// Target picks the army army attacks this phase: an index j with b.CanAttack(army, j), or -1 for
	// none (P-21). Asked only when some target exists.
	Target(b *Battle, army int) int
	// Decide answers a yes-or-no question for army; other is the army it concerns, or -1.
	Decide(b *Battle, army int, q Question, other int) bool
}

// Standard is the plainest Chooser: Standard tactic kept all battle, Standard strategy, the first
// enemy it can attack, never stay at range, oppose every withdrawal, leave after a won withdrawal,
// drink a potion at half hp or less, use Dirty Fighters at once, no other choice taken (no Triage,
// rage, smite, flight, Hit and Run). It ignores what the armies know: a baseline to compare the
// default Policy with. Passing a Standard to Reset runs it without interface calls.
type Standard struct{}

// Tactic keeps the current tactic (Standard from the Tactics Phase).
func (Standard) Tactic(b *Battle, army int) pfarmy.Tactic { return stdTactic(b, army) }

// Strategy is Standard.
func (Standard) Strategy(b *Battle, army int) Strategy { return StratStandard }

// Target is the lowest-numbered army it can attack.
func (Standard) Target(b *Battle, army int) int { return stdTarget(b, army) }

// Decide answers as the type's doc says.
func (Standard) Decide(b *Battle, army int, q Question, other int) bool {
	return stdDecide(b, army, q, other)
}

// Policy is the default Chooser: the commanders play the armies as a sensible GM would (gm.go): the
// best of the tactics the army knows for the matchup, the strategy toward Aggressive when ahead,
// Withdraw when a rout (or destruction) is likely, the target it can finish soonest; see its methods.
// Passing a Policy (or nil) to Reset runs it without interface calls.
type Policy struct{}

// Tactic is, in the Tactics Phase, of Standard and the tactics the army knows that work in the
// matchup, the one with the best ratio of expected damage dealt to taken against the most dangerous
// enemy (P-22; gmPickAll); later, Withdraw when a rout or destruction is likely and the army is
// wounded and not ahead (P-23, P-25; with Hit and Run, after the attacks instead), else the current
// one.
func (Policy) Tactic(b *Battle, army int) pfarmy.Tactic { return b.gmTactic(army) }

// Strategy is Aggressive when the army is ahead (it expects to finish its target before it is
// finished), else Standard, moving one rung a phase after the first Melee Phase (no check, P-52).
func (Policy) Strategy(b *Battle, army int) Strategy { return b.gmStrategy(army) }

// Target is the enemy it can finish soonest (expected damage against remaining hp).
func (Policy) Target(b *Battle, army int) int { return b.gmTarget(army) }

// Decide opposes every withdrawal, leaves after a won one, drinks potions and uses Triage at half hp
// or less, uses Dirty Fighters at once, rages in a Melee Phase when its tactic allows, smites when it
// can, never holds aloft or stays at range, and withdraws by Hit and Run when a rout is likely.
func (Policy) Decide(b *Battle, army int, q Question, other int) bool {
	return b.gmDecide(army, q, other)
}

func stdTactic(b *Battle, i int) pfarmy.Tactic {
	if b.phase == PhaseTactics {
		return pfarmy.TacStandard
	}
	return b.u[i].s.tactic
}

func stdTarget(b *Battle, i int) int {
	if b.n == 2 {
		if b.canAttack(i, 1-i) {
			return 1 - i
		}
		return -1
	}
	for j := 0; j < b.n; j++ {
		if b.canAttack(i, j) {
			return j
		}
	}
	return -1
}

func stdDecide(b *Battle, i int, q Question, _ int) bool {
	switch q {
	case AskOppose, AskLeave, AskDirtyFighters:
		return true
	case AskPotion:
		u := &b.u[i]
		return 2*u.s.hp <= u.maxHP
	}
	return false
}

func (b *Battle) chooseTactic(i int) pfarmy.Tactic {
	switch {
	case b.ch != nil:
		return b.ch.Tactic(b, i)
	case b.std:
		return stdTactic(b, i)
	}
	return b.gmTactic(i)
}

func (b *Battle) chooseStrategy(i int) Strategy {
	switch {
	case b.ch != nil:
		return b.ch.Strategy(b, i)
	case b.std:
		return StratStandard
	}
	return b.gmStrategy(i)
}

// builtinTarget is the built-in policy's target (ch == nil).
func (b *Battle) builtinTarget(i int) int {
	if b.std {
		return stdTarget(b, i)
	}
	return b.gmTarget(i)
}

func (b *Battle) chooseTarget(i int) int {
	if b.ch == nil {
		return b.builtinTarget(i)
	}
	t := b.ch.Target(b, i)
	if t != -1 && (t < 0 || t >= b.n || !b.canAttack(i, t)) {
		b.fail(fmt.Errorf("%w: army %d cannot attack army %d now", ErrChoice, i, t))
		return -1
	}
	return t
}

func (b *Battle) decide(i int, q Question, other int) bool {
	switch {
	case b.ch != nil:
		return b.ch.Decide(b, i, q, other)
	case b.std:
		return stdDecide(b, i, q, other)
	}
	return b.gmDecide(i, q, other)
}
