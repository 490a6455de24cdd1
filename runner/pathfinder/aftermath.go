package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// AftermathInput holds what the aftermath checks need from outside the battle, per side (index SideA,
// SideB).
type AftermathInput struct {
	// LoyaltyMod is the kingdom's Loyalty check modifier (P-61), or without kingdom rules the
	// commander's Will save bonus (P-63).
	LoyaltyMod [2]int
	// ControlDC is the kingdom's Control DC (P-61), or without kingdom rules the primary-ability DC of
	// a monster of CR = party APL (P-63).
	ControlDC [2]int
}

// ArmyAftermath is what a battle left of one army (P-57..P-61).
type ArmyAftermath struct {
	Status    Status
	HP        int  // after P-59 / P-61: raised to ACR when lower
	Morale    int  // after P-59 (-1 when routed) and P-61 (+1 with the first Loyalty check, max +4)
	Disbanded bool // Morale -5 or lower (P-7)
	Routed    bool // in the routed state: no battles by choice until a Loyalty check succeeds in an Upkeep Phase (P-59)
	Won       bool
	NewTactic bool                  // P-61: the first Loyalty check succeeded; the army learns a tactic (the runner's choice)
	NewBoon   bool                  // P-61: the second succeeded; the commander gains a boon
	Checks    [2]int                // the two Loyalty check totals; 0 when not rolled
	Penalty   pfarmy.KingdomPenalty // P-57, when destroyed
	Fate      Fate                  // P-58, when destroyed
}

// Aftermath is the outcome of a battle for every army, and the XP each side earned by defeating (routing
// or destroying) enemy armies (P-11).
type Aftermath struct {
	Winner Side
	Armies []ArmyAftermath
	XP     [2]int
}

// Aftermath applies P-57..P-61 after Run: destroyed armies' kingdom penalties and commander fates (rolled
// in Run), routed armies' Morale -1 and hp raised to ACR (P-59), and for every army of the winning side
// still on the field hp raised to ACR and two Loyalty checks, d20 + LoyaltyMod >= ControlDC (P-61), in
// army order, through the battle's dice. Call it once per Run.
func (b *Battle) Aftermath(in AftermathInput) Aftermath {
	out := Aftermath{Winner: b.res.Winner, Armies: make([]ArmyAftermath, b.n)}
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		s := &u.s
		a := &out.Armies[i]
		a.Status, a.HP, a.Morale, a.Routed = s.status, s.hp, u.st.Morale, u.routed0
		raise := func() {
			if u.st.ACR.Covers(a.HP) {
				a.HP = max(a.HP, u.st.ACR.Ceil())
			}
		}
		switch s.status {
		case StatusDestroyed:
			a.Penalty, a.Fate = u.st.Size.Penalty(), s.fate
			out.XP[1-u.side] += u.st.XP
		case StatusRouted:
			a.Morale--
			a.Routed = true
			raise()
			out.XP[1-u.side] += u.st.XP
		case StatusActive:
			if u.side != b.res.Winner {
				break
			}
			a.Won = true
			raise()
			side := u.side
			a.Checks[0] = b.d(20) + in.LoyaltyMod[side]
			if a.Checks[0] >= in.ControlDC[side] {
				a.NewTactic = true
				a.Morale = min(4, a.Morale+1)
			}
			if u.st.Commander {
				a.Checks[1] = b.d(20) + in.LoyaltyMod[side]
				a.NewBoon = a.Checks[1] >= in.ControlDC[side]
			}
		}
		a.Disbanded = a.Morale <= -5
	}
	return out
}
