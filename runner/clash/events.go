package clash

import "github.com/sortie-rpg/sortie/runner"

func init() {
	runner.RegisterEvents("clash",
		runner.EventDoc{Event: &StartEvent{}, Doc: "a battle begins: its sides, the options set and the field (U-24)"},
		runner.EventDoc{Event: &InitiativeEvent{}, Doc: "a unit's or unattached solo's initiative roll (U-26)"},
		runner.EventDoc{Event: &RoundStartEvent{}, Doc: "a round begins (U-28)"},
		runner.EventDoc{Event: &TurnStartEvent{}, Doc: "a unit's or a solo's turn begins (U-27)"},
		runner.EventDoc{Event: &SkippedEvent{}, Doc: "a turn not taken: surprise (U-79) or a solo down (U-58)"},
		runner.EventDoc{Event: &CommandRollEvent{}, Doc: "a commander's Prepare or Incite check (U-14) or a Rally save (U-64)"},
		runner.EventDoc{Event: &CommandChangedEvent{}, Doc: "a solo takes or loses command (U-12, U-13)"},
		runner.EventDoc{Event: &ActedEvent{}, Doc: "the action a unit or a solo takes (U-33)"},
		runner.EventDoc{Event: &MovedEvent{}, Doc: "a stand or a solo moves (U-29..U-32)"},
		runner.EventDoc{Event: &ConfiguredEvent{}, Doc: "a regiment forms a new configuration (U-48)"},
		runner.EventDoc{Event: &AidedEvent{}, Doc: "a stand of an Aid regiment gives up its attack to help an adjacent one (U-48)"},
		runner.EventDoc{Event: &AttackRollEvent{}, Doc: "an attack roll: its d20s, modifier, advantage and the hit (U-34..U-37, U-67)"},
		runner.EventDoc{Event: &DamagedEvent{}, Doc: "damage taken by a stand, a solo or an objective square (U-56..U-58, U-67)"},
		runner.EventDoc{Event: &OverflowedEvent{}, Doc: "excess damage passing to an adjacent identical stand (U-56)"},
		runner.EventDoc{Event: &SaveRollEvent{}, Doc: "a saving throw: spells (U-43), morale (U-62), rally (U-64)"},
		runner.EventDoc{Event: &SpellCastEvent{}, Doc: "a spell cast, with the squares of its area (U-38..U-47)"},
		runner.EventDoc{Event: &HidEvent{}, Doc: "a stand or solo hides (U-50)"},
		runner.EventDoc{Event: &RevealedEvent{}, Doc: "a hidden stand or solo is revealed (U-80)"},
		runner.EventDoc{Event: &JoinedEvent{}, Doc: "a solo joins a stand (U-51, U-53, U-54)"},
		runner.EventDoc{Event: &LeftEvent{}, Doc: "a joined solo leaves its stand (U-53, U-54)"},
		runner.EventDoc{Event: &HealedEvent{}, Doc: "healing (U-57)"},
		runner.EventDoc{Event: &RemovedEvent{}, Doc: "a stand leaves the grid: a casualty eliminated (U-60) or fled (U-32)"},
		runner.EventDoc{Event: &GapFilledEvent{}, Doc: "an allied stand moves into a removed casualty's gap (U-60)"},
		runner.EventDoc{Event: &DeathSavesEvent{}, Doc: "a dying solo's death saves at the end of a round (U-61)"},
		runner.EventDoc{Event: &MoraleResultEvent{}, Doc: "a unit breaks (U-63) or rallies (U-64)"},
		runner.EventDoc{Event: &ScoredEvent{}, Doc: "victory points a side earns (U-65..U-69)"},
		runner.EventDoc{Event: &MapEvent{}, Doc: "the field at the end of a round, before its casualties are removed (U-59)"},
		runner.EventDoc{Event: &UnitsEvent{}, Doc: "the units, solos and VP at the end of a round (U-59)"},
		runner.EventDoc{Event: &DesertedEvent{}, Doc: "a desertion roll after a total victory (U-72)"},
		runner.EventDoc{Event: &BattleEndEvent{}, Doc: "the end of the battle: winner, outcome, VP (U-71..U-75)"},
		runner.EventDoc{Event: &FallbackEvent{}, Doc: "the script ran out; the engine's policy decides the rest"},
	)
}
