package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// The default Policy: the commanders' choices as a sensible GM makes them, from expected damage.
// expDamage gives 20 x the expected damage of one offense check (P-17..P-19); an army's estimate
// against an enemy takes the modifiers as they stand (omMods, dvMods) without strategy. The
// estimates are made again only when tactics or the armies on the field change (gmStale), so the
// plain path pays a few comparisons a phase.

// expDamage is 20 x the expected damage of d20 + x against a DV of 0 with damage modifier sd:
// damage d + x + sd when the total beats the DV (P-18) and that is positive, at least 1 on a natural
// 20 (P-19). The faces that deal damage are lo..20, lo = max(1, 1 - x, 1 - x - sd); a natural 20
// deals at least 1 even when none does.
func expDamage(x, sd int) int {
	lo := max(1, 1-x, 1-x-sd)
	if lo > 20 {
		return 1
	}
	n := 21 - lo
	return n*(x+sd) + (lo+20)*n/2
}

// gmExchange is 20 x the damage army a expects to deal army t with one check as things stand
// (tactics, abilities, conditions; no strategy).
func (b *Battle) gmExchange(a, t int) int {
	if ua := &b.u[a]; b.phase == PhaseRanged && (!ua.st.Ranged || ua.rangedOM < 0) {
		return 0 // no attack at range
	}
	x, y := &b.xa, &b.xb
	x.reset(false)
	y.reset(false)
	b.estimating = true
	b.omMods(a, t, false, false, x)
	b.dvMods(t, a, false, y)
	b.estimating = false
	sd := 0
	if b.u[a].s.tactic == pfarmy.TacSniperSupport && b.u[a].st.Ranged {
		sd = 2
	}
	return expDamage(x.sum-y.sum, sd)
}

// gmUpdate remakes every army's estimates: the enemy it can finish soonest (its aim, and the damage
// it expects to deal it) and the most damage one enemy expects to deal it.
func (b *Battle) gmUpdate() {
	b.gmStale, b.gmAt = false, b.phase
	for i := 0; i < b.n; i++ {
		b.gmAim[i], b.gmDealt[i], b.gmTaken[i] = -1, 0, 0
	}
	for i := 0; i < b.n; i++ {
		ui := &b.u[i]
		if ui.s.status != StatusActive {
			continue
		}
		best, bestHP := 0, 1
		for j := 0; j < b.n; j++ {
			uj := &b.u[j]
			if uj.side == ui.side || uj.s.status != StatusActive {
				continue
			}
			d := b.gmExchange(i, j)
			hp := max(1, uj.s.hp)
			// d / hp > best / bestHP: the sooner finished.
			if b.gmAim[i] < 0 || d*bestHP > best*hp {
				b.gmAim[i], best, bestHP = int8(j), d, hp
			}
			if t := b.gmExchange(j, i); t > b.gmTaken[i] {
				b.gmTaken[i] = t
			}
		}
		b.gmDealt[i] = best
	}
}

// gmFresh makes the estimates again when they are stale or were made in a phase of another kind
// (weather touches only the Ranged Phase).
func (b *Battle) gmFresh() {
	if b.gmStale || b.gmAt != b.phase {
		b.gmUpdate()
	}
}

// gmAhead reports whether army i expects to finish its aim before the worst enemy finishes it:
// aim hp / dealt < hp / taken.
func (b *Battle) gmAhead(i int) bool {
	b.gmFresh()
	a := b.gmAim[i]
	if a < 0 {
		return false
	}
	return b.u[a].s.hp*b.gmTaken[i] < b.u[i].s.hp*b.gmDealt[i]
}

// gmRoutLikely reports whether army i, wounded and not ahead, expects this phase's damage to
// destroy it, or to bring it to its ACR with a rout check it more likely fails than not (Hold the
// Line's reroll counted; P-55, P-43). An army at full hp has not yet met the enemy's blows: it stays.
func (b *Battle) gmRoutLikely(i int) bool {
	b.gmFresh()
	u := &b.u[i]
	if b.gmTaken[i] == 0 || u.s.hp >= u.maxHP || b.gmAhead(i) {
		return false
	}
	after := 20*u.s.hp - b.gmTaken[i] // x 20
	if after <= 0 {
		return true
	}
	num, den := u.st.ACR.Frac()
	if after*den > 20*num || b.never(i, checkRout) {
		return false
	}
	x := &b.xa
	x.reset(false)
	b.moraleMods(i, x, checkRout)
	fail := min(max(14-x.sum, 0), 20) // faces of 20 that fail DC 15
	if u.boons.Has(pfarmy.BoonHoldTheLine) {
		return fail*fail*2 >= 400
	}
	return 2*fail >= 20
}

// gmTactic is the Policy's tactic (see Policy.Tactic).
func (b *Battle) gmTactic(i int) pfarmy.Tactic {
	u := &b.u[i]
	allowed := b.Allowed(i)
	if b.phase == PhaseTactics {
		if !b.gmPicked {
			b.gmPickAll()
		}
		if t := b.gmPick[i]; allowed.Has(t) {
			return t
		}
		return allowed.List()[0]
	}
	t := u.s.tactic
	if t != pfarmy.TacWithdraw && allowed.Has(pfarmy.TacWithdraw) && !b.hitAndRun(i) && (b.gmRoutLikely(i) || b.gmHopeless(i)) {
		return pfarmy.TacWithdraw
	}
	return t
}

// hopelessRatio is how many times faster the enemy side must expect to finish army i's side than
// its side the enemy for the Policy to call the battle hopeless (gmHopeless).
const hopelessRatio = 10

// gmHopeless reports whether army i's side cannot expect to win the battle (P-25: the Policy then
// withdraws, at full hp too): an expectation over the matchup, each side's expected damage a phase
// (every army's against the enemy it aims at, as gmUpdate estimates it) less the other side's
// healing each phase (fast healing, regeneration). Hopeless when the enemy side heals at least
// what i's side deals, or when, dealing damage, it expects to finish i's side hopelessRatio times
// sooner than i's side finishes it: hpEnemy / dealt >= hopelessRatio x hpOurs / taken. Judged in
// Melee Phases only: at range an army without ranged attacks deals nothing, which says nothing of
// the melee to come.
func (b *Battle) gmHopeless(i int) bool {
	if b.phase != PhaseMelee {
		return false
	}
	b.gmFresh()
	side := b.u[i].side
	var hp, dealt, heal [2]int // per side: hp on the field, damage dealt a phase (x 20), healing (x 20)
	for j := 0; j < b.n; j++ {
		u := &b.u[j]
		if u.s.status != StatusActive {
			continue
		}
		hp[u.side] += max(0, u.s.hp)
		dealt[u.side] += b.gmDealt[j]
		heal[u.side] += 20 * u.fastHeal
	}
	us, them := int(side), 1-int(side)
	net, back := dealt[us]-heal[them], dealt[them]-heal[us]
	switch {
	case back <= 0:
		return false // the enemy cannot wear i's side down
	case net <= 0:
		return true // i's side cannot wear the enemy down
	}
	return hp[them]*back >= hopelessRatio*hp[us]*net
}

// gmPickAll picks every army's tactic for the Tactics Phase, all against enemies on Standard (the
// state at the start of a battle): of Standard and the tactics the army knows (or has from a boon)
// that do something against its most dangerous enemy, the one with the best ratio of expected damage
// dealt to damage taken (who wins the race of blows); within 5% of the best, an army ahead takes the
// slowest exchange, one behind the fastest (the riskier, its better chance). Dirty Fighters' +6
// counts for one phase of three, Taunt's -2 by the chance the enemy fails its check. Withdraw and
// False Retreat are never picked here.
func (b *Battle) gmPickAll() {
	b.gmPicked = true
	for i := 0; i < b.n; i++ {
		b.gmPick[i] = pfarmy.TacStandard
		u := &b.u[i]
		allowed := b.Allowed(i)
		if !allowed.Has(pfarmy.TacStandard) {
			b.gmPick[i] = allowed.List()[0]
			continue
		}
		e, worst := -1, -1
		for j := 0; j < b.n; j++ {
			if b.u[j].side != u.side {
				if w := b.gmExchange(j, i); w > worst {
					e, worst = j, w
				}
			}
		}
		if e < 0 {
			continue
		}
		save := u.s.tactic
		best, have := pfarmy.TacStandard, false
		var bestRatio, bestMag float64
		ahead := false
		for _, t := range allowed.List() {
			if t != pfarmy.TacStandard && !b.gmUseful(i, e, t) {
				continue
			}
			u.s.tactic = t
			dealt, taken := float64(b.gmExchange(i, e)), float64(b.gmExchange(e, i))
			switch t {
			case pfarmy.TacStandard:
				ahead = float64(u.s.hp)*dealt > float64(b.u[e].s.hp)*taken
			case pfarmy.TacDirtyFighters:
				dealt = (float64(b.gmShifted(i, e, 6)) + 2*dealt) / 3
			case pfarmy.TacTaunt:
				x := &b.xa
				x.reset(false)
				b.moraleMods(e, x, checkOther)
				p := float64(min(max(10+u.acrBonus-1-x.sum, 0), 20)) / 20
				dealt = p*float64(b.gmShifted(i, e, 2)) + (1-p)*dealt
				taken = p*float64(b.gmShifted(e, i, -2)) + (1-p)*taken
			}
			// Who wins the race of blows: the ratio of damage dealt to damage taken. Within 5%, the
			// army ahead takes the slower, surer exchange, the one behind the faster, riskier one.
			ratio, mag := dealt/max(taken, 0.5), dealt+taken
			switch {
			case !have, ratio > bestRatio*1.05:
			case ratio*1.05 < bestRatio:
				continue
			case ahead && mag < bestMag, !ahead && mag > bestMag:
			default:
				continue
			}
			best, bestRatio, bestMag, have = t, ratio, mag, true
		}
		b.gmPick[i] = best
		u.s.tactic = save
	}
	b.gmStale = true
}

// gmUseful reports whether tactic t is one the Policy weighs for army i against enemy e beside
// Standard: not Standard, Withdraw or False Retreat, and with an effect in this matchup (Cavalry Experts a mounted
// army against an unmounted one, Spellbreaker against spellcasters, Siegebreaker against siege
// engines, Sniper Support with ranged attacks).
func (b *Battle) gmUseful(i, e int, t pfarmy.Tactic) bool {
	u, ue := &b.u[i], &b.u[e]
	switch t {
	case pfarmy.TacStandard, pfarmy.TacWithdraw, pfarmy.TacFalseRetreat:
		return false
	case pfarmy.TacCavalryExperts:
		return u.st.Mounted && !ue.st.Mounted
	case pfarmy.TacSpellbreaker:
		return ue.st.Spellcasting
	case pfarmy.TacSiegebreaker:
		return ue.st.SiegeEngines > 0
	case pfarmy.TacSniperSupport:
		return u.st.Ranged
	}
	return true
}

// gmShifted is gmExchange with shift added to the check.
func (b *Battle) gmShifted(a, t, shift int) int {
	x, y := &b.xa, &b.xb
	x.reset(false)
	y.reset(false)
	b.estimating = true
	b.omMods(a, t, false, false, x)
	b.dvMods(t, a, false, y)
	b.estimating = false
	return expDamage(x.sum-y.sum+shift, 0)
}

// gmStrategy is the Policy's strategy (see Policy.Strategy).
func (b *Battle) gmStrategy(i int) Strategy {
	want := StratStandard
	if b.gmAhead(i) && b.StrategyAllowed(i, StratAggressive) {
		want = StratAggressive
	}
	cur := b.u[i].s.strategy
	switch {
	case !cur.Valid() || cur == want:
		return want
	case cur < want:
		return cur + 1
	}
	return cur - 1
}

// gmTarget is the Policy's target (see Policy.Target): its aim when it can attack it, else the
// first enemy it can.
func (b *Battle) gmTarget(i int) int {
	if b.n == 2 {
		if b.canAttack(i, 1-i) {
			return 1 - i
		}
		return -1
	}
	b.gmFresh()
	if a := int(b.gmAim[i]); a >= 0 && b.canAttack(i, a) {
		return a
	}
	return stdTarget(b, i)
}

// gmDecide is the Policy's yes or no (see Policy.Decide).
func (b *Battle) gmDecide(i int, q Question, other int) bool {
	u := &b.u[i]
	switch q {
	case AskOppose, AskLeave, AskDirtyFighters, AskSmite:
		return true
	case AskPotion, AskTriage:
		return 2*u.s.hp <= u.maxHP
	case AskRage:
		return b.phase == PhaseMelee && !rageForbidden(u.s.tactic)
	case AskHitAndRun:
		return b.gmRoutLikely(i)
	default:
		return b.gmDecide24(i, q, other)
	}
}
