package pfarmy

// MaxArmies is the most armies one battle can hold, both sides together.
const MaxArmies = 16

// NoWinner is the outcome of a lone battle without a winner (both sides gone, or the phase
// limit).
const NoWinner = "no winner"

// valueRange is the range of the value of ability k as published, and where it comes from, for
// the abilities that take one (AbilityKind.TakesValue); ok is false for the others. An army's
// ability is a creature's or a class's, so its value is bounded by what the class or the creatures
// have (issue 24: bravery 2147483647 vetted clean):
//   - bravery: the fighter's bravery bonus, +1 at 2nd level to +5 at 18th (Core Rulebook, Fighter);
//   - poison resistance: the alchemist's +2 at 2nd, +4 at 5th, +6 at 8th level (Alchemist; at 10th
//     it becomes immunity, which is the ability "immunity", not a value);
//   - spellcasting: a spell's level, 1 to 9 (0 means none: the army casts no spell);
//   - fast healing and regeneration: no published creature has more than 40 (the tarrasque's
//     regeneration 40, the largest in the Bestiaries); sortie takes that as the bound of both.
func valueRange(k AbilityKind) (lo, hi int, why string, ok bool) {
	switch k {
	case AbBravery:
		return 1, 5, "the fighter's bravery bonus is +1 (2nd level) to +5 (18th)", true
	case AbPoisonResistance:
		return 2, 6, "the alchemist's poison resistance is +2 (2nd level) to +6 (8th)", true
	case AbSpellcasting:
		return 0, 9, "a spell's level is 1 to 9", true
	case AbFastHealing, AbRegeneration:
		return 1, 40, "no published creature has more than 40 (the tarrasque's regeneration 40)", true
	}
	return 0, 0, "", false
}
