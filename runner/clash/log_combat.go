package clash

// The events of attacks, saves, spells, damage and healing (U-34..U-58).

import (
	"fmt"
	"strings"
)

// AttackRollEvent is one attack roll (U-34..U-37).
type AttackRollEvent struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
	Attack   string `json:"attack"`
	Melee    bool   `json:"melee"`
	Long     bool   `json:"long,omitempty"`
	Reach    bool   `json:"reach,omitempty"` // the U-36 bonus attack
	Faces    [2]int `json:"faces"`
	Face     int    `json:"face"`
	Adv      bool   `json:"adv,omitempty"`
	Dis      bool   `json:"dis,omitempty"`
	Cancel   bool   `json:"cancel,omitempty"` // advantage and disadvantage both apply: one d20
	Mod      int    `json:"mod"`
	Total    int    `json:"total"`
	AC       int    `json:"ac"`
	Hit      bool   `json:"hit"`
	Crit     bool   `json:"crit,omitempty"`
	Auto     bool   `json:"auto,omitempty"` // U-67: a melee attack on an objective square
	Isolated bool   `json:"isolated,omitempty"`
	// AdvWhy and DisWhy say where advantage and disadvantage come from ("aided", "higher ground",
	// "long range"); Cover what raises the target's AC above its own BaseAC ("forest +2").
	AdvWhy []string `json:"advWhy,omitempty"`
	DisWhy []string `json:"disWhy,omitempty"`
	BaseAC int      `json:"baseAC,omitempty"`
	Cover  []string `json:"cover,omitempty"`
	// Mods say what Mod includes besides the attack's own bonus ("bless +3", U-76).
	Mods []string `json:"mods,omitempty"`
}

func (*AttackRollEvent) Type() string { return "clash.attack" }
func (e *AttackRollEvent) Rule() string {
	switch {
	case e.Auto:
		return "U-67"
	case e.Reach:
		return "U-36"
	case e.Melee:
		return "U-35"
	}
	return "U-37"
}
func (e *AttackRollEvent) Line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s -> %s, %s", e.Attacker, e.Target, e.Attack)
	if e.Reach {
		b.WriteString(" (reach bonus)")
	}
	if e.Long && len(e.DisWhy) == 0 {
		b.WriteString(" (long range)") // (else the d20's reasons say it)
	}
	if e.Auto {
		b.WriteString(": hits the objective automatically")
		return b.String()
	}
	mod := signed(e.Mod)
	if len(e.Mods) > 0 {
		mod += " (" + strings.Join(e.Mods, ", ") + ")"
	}
	fmt.Fprintf(&b, ": %s %s = %d vs %s: ", d20Why(e.Faces, e.Adv, e.Dis, e.Cancel, e.AdvWhy, e.DisWhy), mod, e.Total,
		acWhy(e.AC, e.BaseAC, e.Cover))
	switch {
	case e.Crit && e.Face != 20:
		// Not the natural 20: the target's condition made it one (U-76 [5E-CORE]: paralyzed or
		// unconscious, hit from within 5 ft: adjacent), which the line says.
		b.WriteString("critical hit (a paralyzed or unconscious target hit from within 5 ft)")
	case e.Crit:
		b.WriteString("critical hit")
	case e.Hit:
		b.WriteString("hit")
	default:
		b.WriteString("miss")
	}
	if e.Isolated {
		b.WriteString(", isolated: double damage")
	}
	return b.String()
}

// DamagedEvent is damage taken (U-56..U-58, U-67).
type DamagedEvent struct {
	Target   string `json:"target"`
	Amount   int    `json:"amount"`
	Before   int    `json:"before"`
	HP       int    `json:"hp"`
	Cause    string `json:"cause,omitempty"`
	Casualty bool   `json:"casualty,omitempty"`
	// Already: the stand was a casualty before this damage; it counts as 1 hp (U-57), so it
	// absorbs 1 of Amount (the rest overflows on, or is lost after one hop).
	Already bool   `json:"already,omitempty"`
	Down    string `json:"down,omitempty"` // a solo's state when it is not up: dying, dead
}

func (*DamagedEvent) Type() string { return "clash.damage" }
func (e *DamagedEvent) Rule() string {
	switch {
	case e.Casualty:
		return "U-57"
	case e.Down != "":
		return "U-58"
	}
	return "U-34"
}
func (e *DamagedEvent) Line() string {
	s := fmt.Sprintf("%s takes %d damage: %d -> %d hp", e.Target, e.Amount, e.Before, e.HP)
	if e.Already {
		s = fmt.Sprintf("%s, already a casualty, absorbs 1 of %d damage", e.Target, e.Amount)
	}
	if e.Cause != "" && e.Cause != "attack" {
		s += " (" + e.Cause + ")"
	}
	if e.Casualty && !e.Already {
		s += ", a casualty"
	}
	if e.Down != "" {
		s += ", " + e.Down
	}
	return s
}

// OverflowedEvent is damage passing to the next stand (U-56).
type OverflowedEvent struct {
	From   string `json:"from"`
	To     string `json:"to"`
	Amount int    `json:"amount"`
}

func (*OverflowedEvent) Type() string { return "clash.overflow" }
func (*OverflowedEvent) Rule() string { return "U-56" }
func (e *OverflowedEvent) Line() string {
	return fmt.Sprintf("%d damage overflows from %s to %s", e.Amount, e.From, e.To)
}

// SaveRollEvent is a saving throw (spells U-43, morale U-62, undead fortitude).
type SaveRollEvent struct {
	Who     string `json:"who"`
	Ability string `json:"ability"`
	Faces   [2]int `json:"faces"`
	Face    int    `json:"face"`
	Adv     bool   `json:"adv,omitempty"`
	Dis     bool   `json:"dis,omitempty"`
	Cancel  bool   `json:"cancel,omitempty"` // advantage and disadvantage both apply: one d20
	Mod     int    `json:"mod"`
	Total   int    `json:"total"`
	DC      int    `json:"dc"`
	OK      bool   `json:"ok"`
	Auto    bool   `json:"auto,omitempty"` // U-67: an objective square fails automatically; Cond: a condition
	Why     string `json:"why"`
	Cond    string `json:"cond,omitempty"` // the condition that fails it automatically (paralyzed, U-76)
	// AdvWhy and DisWhy say where advantage and disadvantage come from ("skirmisher", "prepared");
	// Cover what Mod includes besides the save bonus ("forest +2").
	AdvWhy []string `json:"advWhy,omitempty"`
	DisWhy []string `json:"disWhy,omitempty"`
	Cover  []string `json:"cover,omitempty"`
}

func (*SaveRollEvent) Type() string { return "clash.save" }
func (e *SaveRollEvent) Rule() string {
	switch e.Why {
	case "morale":
		return "U-62"
	case "rally":
		return "U-64"
	case "concentration", "charge":
		return "U-76"
	}
	if e.Cond != "" {
		return "U-76"
	}
	if e.Auto {
		return "U-67"
	}
	return "U-43"
}
func (e *SaveRollEvent) Line() string {
	if e.Cond != "" {
		return e.Who + " fails its " + e.Ability + " save automatically (" + e.Why + "): " + e.Cond
	}
	if e.Auto {
		return e.Who + " fails its save automatically (" + e.Why + ")"
	}
	r := "fails"
	if e.OK {
		r = "succeeds"
	}
	mod := signed(e.Mod)
	if len(e.Cover) > 0 {
		mod += " (" + strings.Join(e.Cover, ", ") + ")"
	}
	return fmt.Sprintf("%s %s save (%s): %s %s = %d vs DC %d: %s", e.Who, strings.ToUpper(e.Ability), e.Why,
		d20Why(e.Faces, e.Adv, e.Dis, e.Cancel, e.AdvWhy, e.DisWhy), mod, e.Total, e.DC, r)
}

// SpellCastEvent is a spell cast (U-38..U-47).
type SpellCastEvent struct {
	Caster  string   `json:"caster"`
	Spell   string   `json:"spell"`
	Area    []string `json:"area,omitempty"` // squares of an area spell
	Doubled bool     `json:"doubled,omitempty"`
}

func (*SpellCastEvent) Type() string { return "clash.spell" }
func (e *SpellCastEvent) Rule() string {
	if len(e.Area) > 0 {
		return "U-43"
	}
	return "U-40"
}
func (e *SpellCastEvent) Line() string {
	s := e.Caster + " casts " + e.Spell
	if len(e.Area) > 0 {
		s += " on " + strings.Join(e.Area, " ")
	}
	if e.Doubled {
		s += " (cast by a stand: double damage)"
	}
	return s
}

// HealedEvent is healing (U-57).
type HealedEvent struct {
	Target string `json:"target"`
	Amount int    `json:"amount"`
	Before int    `json:"before"`
	HP     int    `json:"hp"`
}

func (*HealedEvent) Type() string { return "clash.heal" }
func (*HealedEvent) Rule() string { return "U-57" }
func (e *HealedEvent) Line() string {
	return fmt.Sprintf("%s regains %d hp: %d -> %d", e.Target, e.Amount, e.Before, e.HP)
}

// AidedEvent is a stand of an Aid regiment forgoing its attack to give an adjacent stand of its
// unit advantage on its melee attack rolls (U-48).
type AidedEvent struct {
	Stand string `json:"stand"`
	Aids  string `json:"aids"`
}

func (*AidedEvent) Type() string { return "clash.aid" }
func (*AidedEvent) Rule() string { return "U-48" }
func (e *AidedEvent) Line() string {
	return e.Stand + " aids " + e.Aids + ": advantage on its melee attacks this turn"
}
