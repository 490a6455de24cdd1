package pathfinder

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
)

// What a victor learns (P-61): the aftermath table says what its Loyalty checks earned ("Morale
// +1 and a new tactic"; "the commander gains a boon"), and once the table is shown the owner is
// asked which tactic and which boon (issue 23 review: the questions came before the table that
// says why they are asked); each answer is a learn event.

// learner is an army of the battle (its index in hexRun.armies) with what it is to learn.
type learner struct {
	army         int
	tactic, boon bool
}

// victoryNotes are a victor's aftermath notes (P-61): its first Loyalty check against its
// kingdom's Control DC dc and what it earned (Morale +1 and a new tactic, or no tactic to learn
// at its limit, P-10), and its second and the commander's boon (or none to learn, P-9).
func (r *hexRun) victoryNotes(a *hexArmy, x *ArmyAftermath, dc int) []string {
	n := fmt.Sprintf("Loyalty %d vs DC %d", x.Checks[0], dc)
	if x.NewTactic {
		if len(r.learnable(a)) > 0 {
			n += ": Morale +1 and a new tactic (P-61)"
		} else {
			n += fmt.Sprintf(": Morale +1, no tactic to learn (P-61; P-10 allows %d)", a.st.TacticsLimit)
		}
	}
	notes := []string{n}
	if x.Checks[1] != 0 {
		n = fmt.Sprintf("Loyalty %d vs DC %d", x.Checks[1], dc)
		if x.NewBoon {
			if len(r.boonOptions(a)) > 0 {
				n += ": the commander gains a boon (P-61)"
			} else {
				n += fmt.Sprintf(": no boon to learn (P-9 allows %d)", a.st.BoonsLimit)
			}
		}
		notes = append(notes, n)
	}
	return notes
}

// learnAfter asks what army a learns (l: a tactic, a boon) after the battle at hex (its id) and
// writes the learn event.
func (r *hexRun) learnAfter(a *hexArmy, l learner, hex string) error {
	var e HexLearnEvent
	var err error
	if l.tactic {
		if e.Tactic, err = r.learn(a, hex); err != nil {
			return err
		}
	}
	if l.boon {
		if e.Boon, err = r.learnBoon(a, hex); err != nil {
			return err
		}
	}
	if !r.on || e.Tactic == "" && e.Boon == "" {
		return nil
	}
	e.Day, e.Battle, e.Army, e.Side = r.day, r.battles, a.pa.ID, sideNames[a.pa.Side]
	return r.send(&e)
}

// learnable is the tactics army a may learn (P-61) while it knows fewer than floor(ACR/2) (P-10):
// those it does not know and may use (Cavalry Experts mounted, Sniper Support ranged); none at
// its limit.
func (r *hexRun) learnable(a *hexArmy) []pfarmy.Tactic {
	if a.st.Known >= a.st.TacticsLimit {
		return nil
	}
	var opts []pfarmy.Tactic
	for t := pfarmy.TacStandard; t.Valid(); t++ {
		switch {
		case a.st.Tactics.Has(t),
			t == pfarmy.TacCavalryExperts && !a.st.Mounted,
			t == pfarmy.TacSniperSupport && !a.st.Ranged:
			continue
		}
		opts = append(opts, t)
	}
	return opts
}

// learn teaches a victorious army one new tactic (P-61), the owner's choice (KindTactic, Cause
// "learn") among learnable. It returns the tactic's name, or "" when there is none to learn.
func (r *hexRun) learn(a *hexArmy, hex string) (string, error) {
	opts := r.learnable(a)
	if len(opts) == 0 {
		return "", nil
	}
	k := 0
	if len(opts) > 1 {
		choices := make([]runner.Choice, len(opts))
		notes := r.d.ch.ReadsNotes() // what each does, for a person (issue 23)
		for i, t := range opts {
			choices[i] = runner.Choice{Name: strings.ToLower(t.String()), Value: int(t)}
			if notes {
				choices[i].Note = t.Effect()
			}
		}
		req := &r.d.req
		*req = runner.Request{Kind: runner.KindTactic, Day: r.day, Phase: runner.PhaseBattle, Choices: choices, Block: hex,
			Army: a.pa.ID, Title: "aftermath", Cause: "learn", Side: sideNames[a.pa.Side]}
		var err error
		if k, err = r.d.ask(req); err != nil {
			return "", err
		}
	}
	a.st.Tactics = a.st.Tactics.With(opts[k])
	a.st.Known++
	return opts[k].String(), nil
}

// boonOpt is a boon a commander may gain, with its tactic for a Bonus Tactic.
type boonOpt struct {
	b pfarmy.Boon
	t pfarmy.Tactic
}

// boonOptions is the boons the commander of army a may gain (P-61), while she knows fewer than
// her limit (P-9) and is present: those her Leadership allows (P-37), a Bonus Tactic for each
// tactic the army cannot use yet; none otherwise.
func (r *hexRun) boonOptions(a *hexArmy) []boonOpt {
	if !a.st.Commander || !a.st.CommanderPresent || a.boons >= a.st.BoonsLimit {
		return nil
	}
	var opts []boonOpt
	for b := pfarmy.Boon(1); b < pfarmy.NumBoons; b++ {
		switch {
		case b == pfarmy.BoonBonusTactic:
			for t := pfarmy.TacCautiousCombat; t.Valid(); t++ {
				if !a.st.Tactics.Has(t) && (t != pfarmy.TacCavalryExperts || a.st.Mounted) && (t != pfarmy.TacSniperSupport || a.st.Ranged) {
					opts = append(opts, boonOpt{b, t})
				}
			}
			continue
		case a.st.Boons.Has(b), a.st.Leadership < b.MinLeadership(), b == pfarmy.BoonSharpshooter && !a.st.Ranged:
			continue
		}
		opts = append(opts, boonOpt{b, 0})
	}
	return opts
}

// learnBoon gives the commander of a victorious army one new boon (P-61), the owner's choice
// (KindBoon) among boonOptions. It returns the boon's name, or "" when there is none to gain.
func (r *hexRun) learnBoon(a *hexArmy, hex string) (string, error) {
	opts := r.boonOptions(a)
	if len(opts) == 0 {
		return "", nil
	}
	k := 0
	if len(opts) > 1 {
		choices := make([]runner.Choice, len(opts))
		for i, o := range opts {
			name := strings.ToLower(o.b.String())
			if o.b == pfarmy.BoonBonusTactic {
				name = "bonus tactic: " + strings.ToLower(o.t.String())
			}
			choices[i] = runner.Choice{Name: name, Value: i}
		}
		req := &r.d.req
		*req = runner.Request{Kind: runner.KindBoon, Day: r.day, Phase: runner.PhaseBattle, Choices: choices, Block: hex,
			Army: a.pa.ID, Title: "aftermath", Cause: "boon", Side: sideNames[a.pa.Side]}
		var err error
		if k, err = r.d.ask(req); err != nil {
			return "", err
		}
	}
	o := opts[k]
	a.boons++
	a.st.Boons = a.st.Boons.With(o.b)
	if o.b == pfarmy.BoonBonusTactic {
		a.st.Tactics = a.st.Tactics.With(o.t)
		return "Bonus Tactic (" + o.t.String() + ")", nil
	}
	if o.b == pfarmy.BoonLoyalty {
		v := 2
		if a.st.Leadership >= 12 {
			v = 4
		}
		a.st.Parts.Loyalty += v
		a.st.MoraleMod += v
	}
	return o.b.String(), nil
}

// HexLearnEvent: what a victor learnt after a battle (P-61), asked once the aftermath table is
// shown: a new tactic (its first Loyalty check), a boon of its commander (its second).
type HexLearnEvent struct {
	indent
	Day    int    `json:"day"`
	Battle int    `json:"battle"`
	Army   string `json:"army"`
	Side   string `json:"side,omitempty"`
	Tactic string `json:"tactic,omitempty"`
	Boon   string `json:"boon,omitempty"`
}

func (*HexLearnEvent) Type() string { return "learn" }
func (*HexLearnEvent) Rule() string { return "P-61" }
func (e *HexLearnEvent) Line() string {
	var parts []string
	if e.Tactic != "" {
		parts = append(parts, e.Army+" learns "+e.Tactic)
	}
	if e.Boon != "" {
		who := "the commander of " + e.Army
		if e.Tactic != "" {
			who = "its commander"
		}
		parts = append(parts, who+" learns "+e.Boon)
	}
	return strings.Join(parts, "; ") + " (P-61)"
}
