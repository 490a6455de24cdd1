package clash

// Spells' effects besides damage (U-38..U-43 for who is affected, U-76 [5E-CORE] for what the
// effect does): conditions, boons and banes, concentration, forced movement.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// spellFx is a spell's effect as the engine plays it (plan.SpellEffect parsed).
type spellFx struct {
	cond           uint16
	atk, sav       dice.Expr
	atkNeg, savNeg bool
	hasAtk, hasSav bool
	ac             int
	ally           bool
	conc           bool
	repeat         bool
	endsOnDmg      bool
	escape         int // ability index, -1 none
	push           int // squares (U-3: ft / 5)
	ctype          string
	rounds         int
	pool           dice.Expr // sleep: hit points it affects (hasPool)
	hasPool        bool
	notType        string // creatures of this type are unaffected (sleep: "undead")
	ground         bool   // its area is difficult ground while it lasts (web, entangle)
	aura           bool   // spirit guardians: an area that moves with its caster
	adv            bool   // its save is made with advantage (charm person)
	repeatAb       int    // ability of the end-of-turn save of a spell with no save (power word stun), -1 none
	maxHP          int    // only targets with at most this many current hp (power word stun: 150); 0 any
	enterSave      bool   // web: one starting its turn in its ground or entering it saves then (ground.go)
	text           string // words for the transcript
}

// mods reports whether the effect changes rolls or AC (bless, bane, shield of faith).
func (f *spellFx) mods() bool { return f != nil && (f.hasAtk || f.hasSav || f.ac != 0) }

func (f *spellFx) words() string {
	if f == nil {
		return ""
	}
	return f.text
}

// setupEffect parses spell ps's effect into sp (nil effect: nothing to do). Errors name the spell.
func (s *Setup) setupEffect(ps *plan.Spell, sp *spell) error {
	pe := ps.Effect
	if pe == nil {
		return nil
	}
	f := &spellFx{escape: -1, ac: pe.AC, ally: pe.Ally, conc: pe.Concentration, repeat: pe.Repeat,
		endsOnDmg: pe.EndsOnDamage, ctype: strings.ToLower(strings.TrimSpace(pe.CreatureType)), rounds: pe.Rounds,
		notType: strings.ToLower(strings.TrimSpace(pe.NotType)), ground: pe.Ground, aura: pe.Aura,
		adv: pe.Advantage, repeatAb: -1, maxHP: pe.MaxHP, enterSave: pe.EnterSave}
	if pe.Condition != "" {
		if f.cond = condBit(pe.Condition); f.cond == 0 {
			return errAt(ps.Pos, "spell %s: condition %q is not one of %s", ps.ID, pe.Condition, strings.Join(plan.ClashConditions, ", "))
		}
	}
	var words []string
	var err error
	parse := func(t string, what string) (dice.Expr, bool, bool, error) {
		t = strings.TrimSpace(t)
		if t == "" {
			return dice.Expr{}, false, false, nil
		}
		neg := strings.HasPrefix(t, "-")
		e, err := parseDice(strings.TrimPrefix(t, "-"))
		if err != nil {
			return e, false, false, errAt(ps.Pos, "spell %s: effect %s %q: %v", ps.ID, what, t, err)
		}
		return e, neg, true, nil
	}
	if f.atk, f.atkNeg, f.hasAtk, err = parse(pe.Attack, "attack"); err != nil {
		return err
	}
	if f.sav, f.savNeg, f.hasSav, err = parse(pe.Save, "save"); err != nil {
		return err
	}
	if pe.Pool != "" {
		if f.pool, err = parseDice(pe.Pool); err != nil {
			return errAt(ps.Pos, "spell %s: effect pool %q: %v", ps.ID, pe.Pool, err)
		}
		f.hasPool = true
		if f.cond == 0 || ps.Area == nil {
			return errAt(ps.Pos, "spell %s: a pool of hit points needs an area and a condition", ps.ID)
		}
	}
	if f.aura && (ps.Area == nil || !ps.Self || len(ps.Damage) == 0 || ps.Resolve != plan.ResolveSave) {
		return errAt(ps.Pos, "spell %s: an aura needs range self, an area, damage and a save", ps.ID)
	}
	if f.ground && ps.Area == nil {
		return errAt(ps.Pos, "spell %s: difficult ground needs an area", ps.ID)
	}
	if f.cond != 0 {
		words = append(words, condName(f.cond))
	}
	if f.hasAtk {
		words = append(words, signedDice(pe.Attack)+" to attack rolls")
	}
	if f.hasSav {
		words = append(words, signedDice(pe.Save)+" to saving throws")
	}
	if f.ac != 0 {
		words = append(words, fmt.Sprintf("%+d AC", f.ac))
	}
	if pe.Escape != "" {
		for k, n := range plan.AbilityNames {
			if n == strings.ToLower(pe.Escape) {
				f.escape = k
			}
		}
		if f.escape < 0 {
			return errAt(ps.Pos, "spell %s: escape %q is not one of %s", ps.ID, pe.Escape, strings.Join(plan.AbilityNames[:], ", "))
		}
		words = append(words, "escape: its action, a "+plan.AbilityNames[f.escape]+" check")
	}
	if pe.RepeatSave != "" {
		for k, n := range plan.AbilityNames {
			if n == strings.ToLower(pe.RepeatSave) {
				f.repeatAb = k
			}
		}
		if f.repeatAb < 0 || ps.Resolve == plan.ResolveSave {
			return errAt(ps.Pos, "spell %s: repeatSave %q: want one of %s, on a spell with no save", ps.ID, pe.RepeatSave, strings.Join(plan.AbilityNames[:], ", "))
		}
		f.repeat = true
		words = append(words, "a "+plan.AbilityNames[f.repeatAb]+" save at the end of each of its turns")
	} else if f.repeat {
		words = append(words, "a save again at the end of each of its turns")
	}
	if f.adv {
		words = append(words, "its save with advantage (its caster's side is fighting it)")
	}
	if f.maxHP < 0 || f.maxHP > 100000 {
		return errAt(ps.Pos, "spell %s: effect maxHP %d: want 0..100000", ps.ID, f.maxHP)
	}
	if f.maxHP > 0 {
		words = append(words, "only on one with "+strconv.Itoa(f.maxHP)+" hp or fewer")
	}
	if f.endsOnDmg {
		words = append(words, "ends when it takes damage")
	}
	if pe.Push < 0 || pe.Push > 1000 || pe.AC < -10 || pe.AC > 10 || pe.Rounds < 0 || pe.Rounds > 1000 {
		return errAt(ps.Pos, "spell %s: effect push %d ft, AC %+d, rounds %d: want 0..1000, -10..10, 0..1000", ps.ID, pe.Push, pe.AC, pe.Rounds)
	}
	f.push = SquaresForSpeed(pe.Push, s.Opt.SpeedScale) // U-3: ability distances as speeds
	if f.push > 0 {
		words = append(words, "pushed "+strconv.Itoa(f.push)+" squares")
	}
	if f.conc {
		words = append(words, "concentration")
	}
	if f.ground {
		words = append(words, "its area difficult ground")
	}
	if f.enterSave {
		if !f.ground || f.cond == 0 || ps.Resolve != plan.ResolveSave {
			return errAt(ps.Pos, "spell %s: enterSave needs ground, a condition and a save", ps.ID)
		}
		words = append(words, "a save for one that starts its turn in it or enters it")
	}
	if f.aura {
		words = append(words, "an aura on the squares next to it: an enemy starting its turn there saves against its damage")
	}
	if f.cond == 0 && !f.mods() && f.push == 0 && !f.ground && !f.aura {
		return errAt(ps.Pos, "spell %s: an effect with no condition, modifier or push does nothing", ps.ID)
	}
	if f.repeat && f.repeatAb < 0 && ps.Resolve != plan.ResolveSave {
		return errAt(ps.Pos, "spell %s: a repeated save needs a save spell", ps.ID)
	}
	f.text = strings.Join(words, ", ")
	sp.fx = f
	return nil
}

func signedDice(t string) string {
	t = strings.TrimSpace(t)
	if strings.HasPrefix(t, "-") {
		return t
	}
	return "+" + t
}

// fxApplies reports whether spell sp's effect can land on t: a creature of the type it names
// (hold person: humanoids) with no more current hit points than it allows (power word stun: 150;
// a stand's are the stand's), not a resource square.
func (b *Battle) fxApplies(sp *spell, t Ref) bool {
	if sp.fx == nil || t.Kind == RefResource || t.Kind == RefNone {
		return false
	}
	ct := b.s.cr[b.crOf(t)].ctype
	if sp.fx.notType != "" && ct == sp.fx.notType {
		return false
	}
	if sp.fx.maxHP > 0 && b.curHP(t) > sp.fx.maxHP {
		return false
	}
	return sp.fx.ctype == "" || ct == sp.fx.ctype
}

// spellEffect puts spell sp's effect, cast by at with save DC dc, on t (a hit, a failed save, or
// no roll): its condition or modifiers from now until it ends (Rounds rounds after this one at
// its caster's turn, U-1), and its push away from the caster (U-3).
func (b *Battle) spellEffect(at *actor, sp *spell, t Ref, dc int) {
	if !b.fxApplies(sp, t) || !b.present(t) {
		return
	}
	f := sp.fx
	if f.push > 0 {
		b.push(t, at.box, f.push, sp.name)
		if !b.present(t) {
			return
		}
	}
	if f.cond == 0 && !f.mods() {
		return
	}
	e := effect{target: t, src: actorRef(at), sp: int32(b.spellIndex(sp)), cond: f.cond, dc: int32(dc)}
	if f.rounds > 0 {
		e.until = int32(b.round + f.rounds)
	}
	b.addEffect(e, "")
}

// curHP is t's current hit points (a stand's are the stand's; 0 for a resource square).
func (b *Battle) curHP(t Ref) int {
	switch t.Kind {
	case RefStand:
		return int(b.st[t.Index].hp)
	case RefSolo:
		return int(b.so[t.Index].hp)
	}
	return 0
}
