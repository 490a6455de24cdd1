package pathfinder

import (
	"fmt"
	"strconv"
	"strings"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
)

// ModKind says where a modifier comes from.
type ModKind uint8

// Modifier sources. Ref in a Mod names the tactic, boon or strategy for ModTactic, ModBoon and
// ModStrategy.
const (
	ModBase          ModKind = iota + 1 // DV base 10 (P-5)
	ModACR                              // ACR (P-5)
	ModArmor                            // armor resource (P-66)
	ModWeapons                          // weapons resource (P-66)
	ModMounts                           // mounts resource (P-66)
	ModSiegeEngines                     // siege engines resource (P-66)
	ModAbilities                        // special abilities (P-1)
	ModGiven                            // hand-written value minus the derived one
	ModFortification                    // fortification or settlement Defense (P-5, P-65)
	ModTerrain                          // advantageous terrain (P-65)
	ModAdvantage                        // battlefield advantage (P-65)
	ModDarkness                         // darkness (P-65)
	ModDimLight                         // dim light (P-65)
	ModFog                              // fog or sandstorm: +2 on Withdraw morale checks (P-65)
	ModRuling                           // GM ruling, e.g. a side battle (P-54)
	ModStrategy                         // strategy track (P-51)
	ModTactic                           // a tactic (P-24..P-36)
	ModBoon                             // a boon (P-38..P-47)
	ModTaunted                          // failed a Taunt check (P-35)
	ModMorale                           // Morale score (P-8)
	ModCharisma                         // commander's Charisma modifier (P-8)
	ModSoldier                          // floor(Profession (soldier) ranks / 5) (P-8)
	ModAbility                          // a special ability by name (Ref: the AbilityKind)
	ModWeather                          // rain, snow or wind on ranged attacks in the Ranged Phase (P-65)
	ModBrightLight                      // bright light on light-sensitive armies
	ModOverDV                           // damage: the check's total above the DV (P-18)
	ModAtLeast                          // damage: raised to its floor (0; 1 on a natural 20, P-19; 1 when halved, P-4)
	ModCondition                        // damage: a conditional ability's bonus (smite evil, favored enemy, ...)
	numModKinds
)

var modNames = [numModKinds]string{"", "base", "ACR", "armor", "weapons", "mounts", "siege engines",
	"abilities", "hand-written", "fortification", "terrain", "battlefield advantage", "darkness",
	"dim light", "fog", "ruling", "strategy", "tactic", "boon", "taunted", "morale", "Charisma",
	"soldier ranks", "ability", "weather", "bright light", "over DV", "at least", "conditional ability"}

// Mod is one itemised modifier.
type Mod struct {
	Kind  ModKind
	Ref   uint8 // Tactic, Boon or Strategy for ModTactic, ModBoon, ModStrategy
	Value int16
}

// Name is the modifier's source as a table would print it: "tactic Expert Flankers", "ACR".
func (m Mod) Name() string {
	switch m.Kind {
	case ModTactic:
		return "tactic " + pfarmy.Tactic(m.Ref).String()
	case ModBoon:
		return "boon " + pfarmy.Boon(m.Ref).String()
	case ModStrategy:
		return "strategy " + Strategy(m.Ref).String()
	case ModAbility:
		return pfarmy.AbilityKind(m.Ref).String()
	}
	if m.Kind < numModKinds {
		return modNames[m.Kind]
	}
	return "mod(" + strconv.Itoa(int(m.Kind)) + ")"
}

func (m Mod) String() string { return fmt.Sprintf("%s %+d", m.Name(), m.Value) }

// MaxMods is the most modifiers one check itemises; more are summed but not listed.
const MaxMods = 20

// ModList is a fixed-size list of modifiers (no allocation).
type ModList struct {
	N int
	M [MaxMods]Mod
}

// Items returns the modifiers.
func (l *ModList) Items() []Mod { return l.M[:l.N] }

// Roll is one check: a d20 plus itemised modifiers, or (Die 0) a defense value's items.
type Roll struct {
	Die   int // the d20 face; 0 for a DV
	Mods  ModList
	Total int // Die + the modifiers
	DC    int // the DC of a morale check; 0 otherwise
}

func (c *Roll) String() string {
	var b strings.Builder
	if c.Die > 0 {
		fmt.Fprintf(&b, "d20=%d", c.Die)
	}
	for _, m := range c.Mods.Items() {
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		b.WriteString(m.String())
	}
	fmt.Fprintf(&b, " = %d", c.Total)
	if c.DC > 0 {
		fmt.Fprintf(&b, " vs DC %d", c.DC)
	}
	return b.String()
}

// EventKind says what an Event records.
type EventKind uint8

// Event kinds, in the order they can happen within a phase.
const (
	EvPhase         EventKind = iota + 1 // a phase begins (Phase, PhaseNo)
	EvAmbush                             // an ambush check (P-65): Roll vs Against (DV); OK = the target skips the Tactics Phase
	EvTactic                             // a tactic chosen (Tactics Phase) or a change tried (P-22, P-23): Roll.Die 0 when free; OK = now in use
	EvStrategy                           // a strategy chosen or a change tried (P-52); OK = now in use
	EvTaunt                              // Army checks against Other's Taunt (P-35); OK = resisted
	EvWithdraw                           // Army's opposed check to withdraw against Other (P-25); OK = Army won
	EvLeave                              // Army, having won, leaves (OK) or treats the phase as Ranged (P-25)
	EvPotion                             // Army drinks a healing potion instead of attacking (P-66): Heal
	EvTriage                             // Army uses Triage (P-47): Heal
	EvFalseRetreat                       // Army feigns retreat: no check this phase (P-31)
	EvSkip                               // Army makes no check: natural 1 last phase (P-20)
	EvFortification                      // Army's siege engines cut Other's fortification by Damage, to HP (P-66)
	EvOffense                            // Army's offense check against Other (P-17..P-19, P-53)
	EvSiegebreaker                       // Siegebreaker's second check (P-33); OK = a siege engine destroyed
	EvHP                                 // Army's hp after the phase: Damage taken, Heal, HP
	EvDestroyed                          // Army destroyed (P-57): Penalty, Fate
	EvWithdrawn                          // Army left the field by Withdraw (P-25)
	EvRoutCheck                          // Army's DC 15 rout check (P-55); Reroll for Hold the Line (P-43); OK = holds
	EvRouted                             // Army routs (P-55)
	EvPartingShot                        // a parting shot by Army at Other (P-56), as EvOffense
	EvEnd                                // the battle ends: Side is the winner (NoSide: none); OK: it stopped at the phase limit (Options.MaxPhases)
	EvBleed                              // Army takes bleed's Damage at the start of the phase (Special Abilities)
	EvFear                               // Army checks against Other's fear (DC 10 + ACR); OK = holds, else afraid next phase
	EvAfraid                             // Army is afraid: no offense check this phase
	EvRage                               // Army rages for the rest of the battle
	EvAloft                              // Army holds aloft this Melee Phase (flight): no attack
	EvFerocity                           // Army fights on one more phase (ferocity): HP; Fate is what it will be
	EvRegenerate                         // Army at 0 hp or less stays: no enemy army is left to finish it (regeneration)
	EvAbility                            // Army uses Ability (against Other): an order, or create spawn's Heal (abilityonce.go)
)

var eventNames = [...]string{"", "phase", "ambush", "tactic", "strategy", "taunt", "withdraw", "leave",
	"potion", "triage", "false retreat", "skip", "fortification", "offense", "siegebreaker", "hp",
	"destroyed", "withdrawn", "rout check", "routed", "parting shot", "end", "bleed", "fear", "afraid",
	"rage", "aloft", "ferocity", "regenerate", "ability"}

func (k EventKind) String() string {
	if int(k) < len(eventNames) && k > 0 {
		return eventNames[k]
	}
	return "event(" + strconv.Itoa(int(k)) + ")"
}

// Event is one line of the battle log. The engine reuses one Event: a callback that keeps it must copy
// it.
type Event struct {
	Kind    EventKind
	Phase   Phase
	PhaseNo int // Ranged and Melee Phases so far, 1-based; 0 in the Tactics Phase
	Army    int // the acting or checking army (index in Setup.Armies); -1 for none
	Other   int // the target, opponent or taunter; -1 for none
	Side    Side

	Tactic, FromTactic     pfarmy.Tactic // EvTactic: the tactic chosen or tried, and the one before
	Strategy, FromStrategy Strategy      // EvStrategy: the rung chosen or tried, and the one before
	Roll                   Roll          // the check of Army
	Against                Roll          // EvOffense, EvPartingShot, EvSiegebreaker, EvAmbush: Other's DV; EvWithdraw: Other's check
	OK                     bool          // see the kinds
	Natural                int           // 20 or 1 when the die shows it on an offense check (P-19, P-20)
	Reroll                 bool          // EvRoutCheck: the Hold the Line reroll
	Damage                 int           // EvOffense: damage dealt; EvHP: damage taken; EvFortification: the cut
	Heal                   int
	HP                     int
	Fate                   Fate
	Penalty                pfarmy.KingdomPenalty
	End                    Status             // EvFerocity: what the army will be after its extra phase
	Ability                pfarmy.AbilityKind // EvAbility: the ability used
	Choice                 uint8              // EvAbility: judgment's choice (1 damage, 2 DV, 3 heal, 4 magic)
	// DamageMods itemises an EvOffense's or EvPartingShot's Damage, every step summing to it: the
	// total over the DV, strategy, P-19's floor, a tactic, each ability's bonus (a die's face
	// included), a halving (incorporeal, swarm, fog) as the change it made.
	DamageMods ModList
}

// String renders the event as one line of text (the CLI prints tables from the fields instead).
func (e *Event) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s#%d %s", e.Phase, e.PhaseNo, e.Kind)
	if e.Army >= 0 {
		fmt.Fprintf(&b, " a%d", e.Army)
	}
	if e.Other >= 0 {
		fmt.Fprintf(&b, " -> a%d", e.Other)
	}
	switch e.Kind {
	case EvPhase:
	case EvTactic:
		fmt.Fprintf(&b, ": %s -> %s", e.FromTactic, e.Tactic)
		if e.Roll.Die > 0 {
			fmt.Fprintf(&b, " (%s)", &e.Roll)
		}
		fmt.Fprintf(&b, " ok=%t", e.OK)
	case EvStrategy:
		fmt.Fprintf(&b, ": %s -> %s", e.FromStrategy, e.Strategy)
		if e.Roll.Die > 0 {
			fmt.Fprintf(&b, " (%s)", &e.Roll)
		}
		fmt.Fprintf(&b, " ok=%t", e.OK)
	case EvTaunt, EvRoutCheck:
		fmt.Fprintf(&b, ": %s ok=%t", &e.Roll, e.OK)
		if e.Reroll {
			b.WriteString(" (reroll)")
		}
	case EvWithdraw:
		fmt.Fprintf(&b, ": %s against %s won=%t", &e.Roll, &e.Against, e.OK)
	case EvOffense, EvPartingShot, EvSiegebreaker, EvAmbush:
		fmt.Fprintf(&b, ": %s vs DV %s", &e.Roll, &e.Against)
		if e.Kind == EvSiegebreaker || e.Kind == EvAmbush {
			fmt.Fprintf(&b, " ok=%t", e.OK)
		} else {
			fmt.Fprintf(&b, " damage %d", e.Damage)
		}
	case EvLeave:
		fmt.Fprintf(&b, ": leave=%t", e.OK)
	case EvAbility:
		fmt.Fprintf(&b, ": %s heal %d", e.Ability, e.Heal)
	case EvPotion, EvTriage:
		fmt.Fprintf(&b, ": heal %d", e.Heal)
	case EvFortification:
		fmt.Fprintf(&b, ": -%d, now %d", e.Damage, e.HP)
	case EvHP:
		fmt.Fprintf(&b, ": damage %d heal %d hp %d", e.Damage, e.Heal, e.HP)
	case EvDestroyed:
		fmt.Fprintf(&b, ": kingdom %+d/%+d/%+d commander %s", e.Penalty.Economy, e.Penalty.Loyalty, e.Penalty.Stability, e.Fate)
	case EvEnd:
		fmt.Fprintf(&b, ": winner %s", e.Side)
		if e.OK {
			fmt.Fprintf(&b, " (stopped at the phase limit after %d phases)", e.PhaseNo)
		}
	}
	return b.String()
}

// Collect returns a log callback that appends a copy of every event to *dst.
func Collect(dst *[]Event) func(*Event) {
	return func(e *Event) { *dst = append(*dst, *e) }
}
