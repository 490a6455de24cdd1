package pathfinder

import (
	"fmt"
	"strings"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
)

// Armies over weeks in the hex day loop (P-11, P-64, P-66; Ultimate Campaign, Army Statistics:
// Consumption; Commanders; Reserve Army). A week is 7 days from day 1; a kingdom turn TurnDays.
//   - Week start: an army whose commander has Live off the Land may use it (KindAnswer "live off
//     the land"; the first choice is yes when the kingdom's treasury is short of the week's upkeep):
//     consumption and speed halved for the week (P-47).
//   - Week end: each kingdom that keeps a treasury pays every active army of its side its
//     consumption, in army order: the stat block's (every resource's, scaled by size), halved when
//     living off the land, +3 (scaled) for each use of the healing potions, -1 (at least 0) with
//     cannibalize after a victory. An army it cannot pay in full (with what it owes) falls behind:
//     Morale -2 until the kingdom catches up, which lifts the penalty. An army without a commander
//     present loses 1 Morale, unless its kingdom doubles its consumption that week (KindAnswer
//     "double pay"; yes when the treasury covers it).
//   - Kingdom turn end: the income joins the treasury; reserve armies pay once a turn instead of
//     every week, and lose Morale for want of a commander once a turn too.
//   - An army at Morale -5 or lower disbands (P-7).
//   - An army that has fought no battle for 30 days heals to full hp (P-64).

// boonsKnown counts a commander's boons: the boons, the bonus tactics and the role's boon (P-9).
func boonsKnown(a *pfarmy.Army) int {
	c := a.Commander
	if c == nil {
		return 0
	}
	n := len(c.Boons) + len(c.BonusTactics)
	if c.Role != pfarmy.RoleNone && c.RoleBoon != pfarmy.BoonBonusTactic && (c.RoleBoon != 0 || len(pfarmy.RoleBoons(c.Role)) == 1) {
		n++
	}
	return n
}

// active reports whether army a is on the map and deployed (not in reserve).
func (a *hexArmy) active() bool { return a.gone == "" && !a.reserve }

// setMorale changes army a's Morale by d (its morale checks follow, P-8).
func (a *hexArmy) setMorale(d int) {
	a.st.Morale += d
	a.st.MoraleMod += d
}

// weekStart asks each army whose commander has Live off the Land whether it uses it this week.
func (r *hexRun) weekStart() error {
	var owed [2]int
	for i := range r.armies {
		a := &r.armies[i]
		a.potions, a.won, a.live = 0, false, false
		if a.active() {
			owed[a.pa.Side] += a.st.Consumption
		}
	}
	for i := range r.armies {
		a := &r.armies[i]
		if !a.active() || !a.st.Boons.Has(pfarmy.BoonLiveOffTheLand) {
			continue
		}
		k := r.kingdoms[a.pa.Side]
		short := k != nil && k.Upkeep && k.Treasury < owed[a.pa.Side]
		yes, err := r.askYes(a, "live off the land", short, "", "")
		if err != nil {
			return err
		}
		a.live = yes
	}
	return nil
}

// askYes puts a yes-or-no question about army a to the decider; def is the first choice. An
// upkeep question (hex "") is asked where the army stands; a battle's aftermath question (escape,
// ransom) names the battle's hex, as the army destroyed there stands nowhere now, and q, the
// question in words (Request.Title).
func (r *hexRun) askYes(a *hexArmy, cause string, def bool, hex, q string) (bool, error) {
	yes, no := runner.Choice{Name: "yes", Value: 1}, runner.Choice{Name: "no", Value: 0}
	choices := []runner.Choice{no, yes}
	if def {
		choices = []runner.Choice{yes, no}
	}
	req := &r.d.req
	*req = runner.Request{Kind: runner.KindAnswer, Day: r.day, Phase: runner.PhaseMarch, Choices: choices,
		Block: r.hexID(a.hex), Army: a.pa.ID, Title: "upkeep", Cause: cause, Side: sideNames[a.pa.Side]}
	if hex != "" {
		req.Phase, req.Block, req.Title = runner.PhaseBattle, hex, q
	}
	k, err := r.d.ask(req)
	if err != nil {
		return false, err
	}
	return choices[k].Value == 1, nil
}

// dayEnd plays what comes at the end of a day after recovery and the Upkeep Phase: a month without
// battle, the week's pay, the kingdom turn's income and reserve pay, and disbanding.
func (r *hexRun) dayEnd() error {
	for i := range r.armies {
		a := &r.armies[i]
		if a.gone != "" || a.hp >= a.st.HP || r.day-a.lastFight < 30 {
			continue
		}
		from := a.hp
		a.hp = a.st.HP
		if r.on {
			if err := r.send(&HexRecoverEvent{Day: r.day, Army: a.pa.ID, HP: a.hp, from: from, Note: "a month without battle"}); err != nil {
				return err
			}
		}
	}
	week := r.day%7 == 0
	for s := range r.kingdoms {
		k := r.kingdoms[s]
		turn := k != nil && k.TurnDays > 0 && r.day%k.TurnDays == 0
		if !week && !turn {
			continue
		}
		if err := r.pay(s, week, turn); err != nil {
			return err
		}
	}
	for i := range r.armies {
		a := &r.armies[i]
		if a.gone == "" && a.st.Morale <= -5 {
			a.gone, a.hex = "disbanded", -1
			if r.on {
				if err := r.send(&HexPayEvent{Day: r.day, Army: a.pa.ID, Side: sideNames[a.pa.Side], Morale: a.st.Morale,
					Note: NoteDisbands}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// pay settles side s's armies at a week's end (week) and a kingdom turn's end (turn): their
// consumption when the side's kingdom keeps a treasury, their Morale for want of a commander in any
// case.
func (r *hexRun) pay(s int, week, turn bool) error {
	k := r.kingdoms[s]
	money := k != nil && k.Upkeep
	before := 0
	if money {
		before = k.Treasury
		if turn && k.Income > 0 {
			k.Treasury += k.Income
		}
	}
	spent := 0
	for i := range r.armies {
		a := &r.armies[i]
		if a.gone != "" || a.pa.Side != s {
			continue
		}
		due := (a.reserve && turn) || (!a.reserve && week)
		if !due {
			continue
		}
		var notes []string
		bp := 0
		if money {
			c, _ := a.st.Week(a.live)
			if a.live {
				notes = append(notes, "lives off the land: half (P-47)")
			}
			if a.potions > 0 {
				c += a.potions * a.st.PotionUse
				notes = append(notes, fmt.Sprintf("healing potions %d times: +%d (P-66)", a.potions, a.potions*a.st.PotionUse))
			}
			if a.won && a.st.Abil.Has(pfarmy.AbCannibalize) && c > 0 {
				c--
				notes = append(notes, "cannibalize after a victory: -1")
			}
			bp = c
		}
		if !a.st.CommanderPresent {
			double := false
			if money {
				var err error
				if double, err = r.askYes(a, "double pay", k.Treasury >= a.arrears+2*bp, "", ""); err != nil {
					return err
				}
			}
			if double {
				bp *= 2
				notes = append(notes, "no commander: consumption doubled to keep its Morale")
			} else {
				a.setMorale(-1)
				notes = append(notes, "no commander: Morale -1")
			}
		}
		paid := true
		if money {
			if owed := a.arrears + bp; k.Treasury >= owed {
				k.Treasury -= owed
				spent += owed
				if a.arrears > 0 {
					notes = append(notes, fmt.Sprintf("pays %d BP arrears", a.arrears))
				}
				a.arrears = 0
				if a.unpaid {
					a.unpaid = false
					a.setMorale(+2)
					notes = append(notes, "caught up: Morale +2 back")
				}
			} else {
				paid = false
				a.arrears += bp
				if !a.unpaid {
					a.unpaid = true
					a.setMorale(-2)
					notes = append(notes, "unpaid: Morale -2 until paid")
				} else {
					notes = append(notes, fmt.Sprintf("still unpaid: %d BP owed", a.arrears))
				}
			}
		}
		if !r.on || (!money && len(notes) == 0) {
			continue
		}
		e := &HexPayEvent{Day: r.day, Army: a.pa.ID, Side: sideNames[a.pa.Side], BP: bp, Paid: paid, Morale: a.st.Morale,
			Note: strings.Join(notes, "; ")}
		if money {
			e.Treasury = k.Treasury
		} else {
			e.BP, e.Paid = 0, false
		}
		if err := r.send(e); err != nil {
			return err
		}
	}
	if !money || !r.on {
		return nil
	}
	e := &HexTreasuryEvent{Day: r.day, Week: (r.day + 6) / 7, Side: sideNames[s], Before: before, Treasury: k.Treasury, Spent: spent}
	if turn {
		e.Income = k.Income
	}
	return r.send(e)
}
