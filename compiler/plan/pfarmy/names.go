package pfarmy

import (
	"fmt"
	"strconv"
	"strings"
)

// Norm folds a name for lookup: lower case, without spaces, hyphens, underscores and apostrophes, so
// that "Hold the Line", "hold-the-line" and "holdTheLine" are one name.
func Norm(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch r {
		case ' ', '-', '_', '\'', '\u3000':
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Tactic is a mass-combat tactic (P-22..P-36). The zero value is Standard.
type Tactic uint8

// The tactics: the seed's (P-24..P-35) and the two other standard ones (P-36).
const (
	TacStandard            Tactic = iota // P-24: no modifiers
	TacWithdraw                          // P-25: OM -2, DV -2, opposed morale checks to leave
	TacCautiousCombat                    // P-26: OM -2, morale checks +2
	TacCavalryExperts                    // P-27: OM +2 against unmounted armies; needs mounts
	TacDefensiveWall                     // P-28: OM -2, DV +2
	TacDirtyFighters                     // P-29: OM +6 in the first Melee Phase
	TacExpertFlankers                    // P-30: OM +2, DV -2
	TacFalseRetreat                      // P-31: once: no check this phase, OM +6 the next
	TacRelentlessBrutality               // P-32: OM +4, DV -4
	TacSiegebreaker                      // P-33: after damaging, a second check destroys a siege engine
	TacSpellbreaker                      // P-34: OM +4 against spellcasting armies
	TacTaunt                             // P-35: enemies check DC 10 + ACR or OM and DV -2
	TacFullDefense                       // P-36: DV +4, OM -4
	TacSniperSupport                     // P-36: +2 damage in Melee Phases; needs ranged attacks
	NumTactics
)

// tacticInfo holds each tactic's names and its flat modifiers (the conditional ones are in the engine).
var tacticInfo = [NumTactics]struct {
	name, ja   string
	om, dv, mo int8
}{
	TacStandard:            {"Standard", "標準戦術", 0, 0, 0},
	TacWithdraw:            {"Withdraw", "撤退", -2, -2, 0},
	TacCautiousCombat:      {"Cautious Combat", "警戒戦法", -2, 0, 2},
	TacCavalryExperts:      {"Cavalry Experts", "騎兵戦の達人", 0, 0, 0},
	TacDefensiveWall:       {"Defensive Wall", "守りの壁", -2, 2, 0},
	TacDirtyFighters:       {"Dirty Fighters", "卑劣な策略", 0, 0, 0},
	TacExpertFlankers:      {"Expert Flankers", "包囲戦の達人", 2, -2, 0},
	TacFalseRetreat:        {"False Retreat", "偽装退却", 0, 0, 0},
	TacRelentlessBrutality: {"Relentless Brutality", "容赦なき攻撃", 4, -4, 0},
	TacSiegebreaker:        {"Siegebreaker", "攻城兵狙い", 0, 0, 0},
	TacSpellbreaker:        {"Spellbreaker", "術者殺し", 0, 0, 0},
	TacTaunt:               {"Taunt", "挑発", 0, 0, 0},
	TacFullDefense:         {"Full Defense", "", -4, 4, 0},
	TacSniperSupport:       {"Sniper Support", "", 0, 0, 0},
}

// tacticNorm and boonNorm are the names folded by norm, for ParseTactic and ParseBoon.
var tacticNorm, boonNorm = func() (t [NumTactics]string, b [NumBoons]string) {
	for i := range t {
		t[i] = Norm(tacticInfo[i].name)
	}
	for i := range b {
		b[i] = Norm(boonInfo[i].name)
	}
	return
}()

// OM is the tactic's flat OM modifier (P-27..P-37; 0 for an invalid tactic); the conditional ones
// are the engine's.
func (t Tactic) OM() int {
	if t >= NumTactics {
		return 0
	}
	return int(tacticInfo[t].om)
}

// DV is the tactic's flat DV modifier (P-27..P-37; 0 for an invalid tactic).
func (t Tactic) DV() int {
	if t >= NumTactics {
		return 0
	}
	return int(tacticInfo[t].dv)
}

// Morale is the tactic's flat morale-check modifier (P-27..P-37; 0 for an invalid tactic).
func (t Tactic) Morale() int {
	if t >= NumTactics {
		return 0
	}
	return int(tacticInfo[t].mo)
}

// Valid reports whether t is a known tactic.
func (t Tactic) Valid() bool { return t < NumTactics }

// String returns the English name, e.g. "Expert Flankers".
func (t Tactic) String() string {
	if !t.Valid() {
		return "tactic(" + strconv.Itoa(int(t)) + ")"
	}
	return tacticInfo[t].name
}

// ParseTactic reads a tactic's English name (any case, spaces, hyphens or underscores) or the seed's
// Japanese name.
func ParseTactic(s string) (Tactic, error) {
	for t := Tactic(0); t < NumTactics; t++ {
		if s == tacticInfo[t].name { // the plan's names: no folding, no allocation
			return t, nil
		}
	}
	n := Norm(s)
	for t := Tactic(0); t < NumTactics; t++ {
		if n == tacticNorm[t] || (tacticInfo[t].ja != "" && n == tacticInfo[t].ja) {
			return t, nil
		}
	}
	return 0, fmt.Errorf("unknown tactic %q", s)
}

// MarshalText writes the English name.
func (t Tactic) MarshalText() ([]byte, error) {
	if !t.Valid() {
		return nil, fmt.Errorf("invalid tactic %d", int(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText reads what ParseTactic reads.
func (t *Tactic) UnmarshalText(b []byte) error {
	v, err := ParseTactic(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// TacticSet is a set of tactics, one bit each.
type TacticSet uint16

// Has reports whether t is in the set.
func (s TacticSet) Has(t Tactic) bool { return t < NumTactics && s&(1<<t) != 0 }

// With returns the set with t added.
func (s TacticSet) With(t Tactic) TacticSet {
	if t >= NumTactics {
		return s
	}
	return s | 1<<t
}

// List returns the tactics in the set, in declaration order.
func (s TacticSet) List() []Tactic {
	var out []Tactic
	for t := Tactic(0); t < NumTactics; t++ {
		if s.Has(t) {
			out = append(out, t)
		}
	}
	return out
}

// Boon is a commander boon (P-37..P-47). The zero value is no boon.
type Boon uint8

// The boons: the seed's (P-38..P-46) and two other standard ones (P-47).
const (
	BoonBloodiedButUnbroken Boon = iota + 1 // P-38 (Leadership 4): OM +1 at <= half hp, +2 at Leadership 10
	BoonBonusTactic                         // P-39: one more tactic; give it in Commander.BonusTactics
	BoonDefensiveTactics                    // P-40 (Leadership 5): DV +2
	BoonFlexibleTactics                     // P-41 (Leadership 6): tactic-change checks +5, +10 at 12
	BoonHitAndRun                           // P-42 (Leadership 5): Withdraw's opposed checks +2, +4 at 10
	BoonHoldTheLine                         // P-43: reroll a failed rout check
	BoonLoyalty                             // P-44 (Leadership 6): morale checks +2, +4 at 12
	BoonMerciless                           // P-45: +1 to stop a withdrawal, OM +1 against withdrawing armies
	BoonSharpshooter                        // P-46: OM +2 against fortified armies; needs ranged attacks
	BoonLiveOffTheLand                      // P-47: consumption and speed halved for the week
	BoonTriage                              // P-47: once a battle, -4 on a check to heal floor(ACR/2)
	NumBoons
)

var boonInfo = [NumBoons]struct {
	name, ja string
	min      int // Leadership needed to select it (P-37)
}{
	BoonBloodiedButUnbroken: {"Bloodied but Unbroken", "傷つけど斃れず", 4},
	BoonBonusTactic:         {"Bonus Tactic", "戦術追加", 0},
	BoonDefensiveTactics:    {"Defensive Tactics", "防御戦術", 5},
	BoonFlexibleTactics:     {"Flexible Tactics", "臨機応変", 6},
	BoonHitAndRun:           {"Hit and Run", "一撃離脱", 5},
	BoonHoldTheLine:         {"Hold the Line", "戦線維持", 0},
	BoonLoyalty:             {"Loyalty", "忠義の士", 6},
	BoonMerciless:           {"Merciless", "無慈悲", 0},
	BoonSharpshooter:        {"Sharpshooter", "射撃戦の名手", 0},
	BoonLiveOffTheLand:      {"Live off the Land", "", 0},
	BoonTriage:              {"Triage", "", 0},
}

// Valid reports whether b is a known boon.
func (b Boon) Valid() bool { return b >= 1 && b < NumBoons }

// MinLeadership is the Leadership a commander needs to select the boon (P-37); 0 when the rule lists
// none.
func (b Boon) MinLeadership() int {
	if !b.Valid() {
		return 0
	}
	return boonInfo[b].min
}

// String returns the English name, e.g. "Hold the Line".
func (b Boon) String() string {
	if !b.Valid() {
		return "boon(" + strconv.Itoa(int(b)) + ")"
	}
	return boonInfo[b].name
}

// ParseBoon reads a boon's English name (any case, spaces, hyphens or underscores) or the seed's
// Japanese name.
func ParseBoon(s string) (Boon, error) {
	for b := Boon(1); b < NumBoons; b++ {
		if s == boonInfo[b].name {
			return b, nil
		}
	}
	n := Norm(s)
	for b := Boon(1); b < NumBoons; b++ {
		if n == boonNorm[b] || (boonInfo[b].ja != "" && n == boonInfo[b].ja) {
			return b, nil
		}
	}
	return 0, fmt.Errorf("unknown boon %q", s)
}

// MarshalText writes the English name.
func (b Boon) MarshalText() ([]byte, error) {
	if !b.Valid() {
		return nil, fmt.Errorf("invalid boon %d", int(b))
	}
	return []byte(b.String()), nil
}

// UnmarshalText reads what ParseBoon reads.
func (b *Boon) UnmarshalText(t []byte) error {
	v, err := ParseBoon(string(t))
	if err != nil {
		return err
	}
	*b = v
	return nil
}

// BoonSet is a set of boons, one bit each.
type BoonSet uint16

// Has reports whether b is in the set.
func (s BoonSet) Has(b Boon) bool { return b.Valid() && s&(1<<b) != 0 }

// With returns the set with b added.
func (s BoonSet) With(b Boon) BoonSet {
	if !b.Valid() {
		return s
	}
	return s | 1<<b
}

// Grade is the quality of an armor or weapons resource (P-66).
type Grade uint8

// Resource grades.
const (
	GradeNone     Grade = iota
	GradeImproved       // +1
	GradeMagic          // +2
)

// Valid reports whether g is None, Improved or Magic.
func (g Grade) Valid() bool { return g <= GradeMagic }

// Bonus is the grade's OM (weapons) or DV (armor) bonus: 0, 1 or 2.
func (g Grade) Bonus() int {
	if !g.Valid() {
		return 0
	}
	return int(g)
}

// String returns "none", "improved" or "magic".
func (g Grade) String() string {
	switch g {
	case GradeNone:
		return "none"
	case GradeImproved:
		return "improved"
	case GradeMagic:
		return "magic"
	}
	return "grade(" + strconv.Itoa(int(g)) + ")"
}

// MarshalText writes "none", "improved" or "magic".
func (g Grade) MarshalText() ([]byte, error) {
	if !g.Valid() {
		return nil, fmt.Errorf("invalid grade %d", int(g))
	}
	return []byte(g.String()), nil
}

// UnmarshalText reads "none", "improved" or "magic".
func (g *Grade) UnmarshalText(b []byte) error {
	for v := GradeNone; v <= GradeMagic; v++ {
		if string(b) == v.String() {
			*g = v
			return nil
		}
	}
	return fmt.Errorf("unknown grade %q (none, improved, magic)", b)
}

// TacticNames lists the English name of every tactic, in order (for suggestions and explain).
func TacticNames() []string {
	var out []string
	for t := Tactic(0); t.Valid(); t++ {
		out = append(out, t.String())
	}
	return out
}

// BoonNames lists the English name of every boon, in order (for suggestions and explain).
func BoonNames() []string {
	var out []string
	for b := Boon(1); b.Valid(); b++ {
		out = append(out, b.String())
	}
	return out
}
