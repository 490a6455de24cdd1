package plan

// Conditions a spell or trait imposes (SpellEffect.Condition), the 5e conditions as U-76 reads
// them for stands and solos, and faerie fire's outline.
const (
	CondParalyzed     = "paralyzed"     // no move, no action; Str/Dex saves fail; attacks against: advantage, adjacent hits critical
	CondRestrained    = "restrained"    // speed 0; its attacks: disadvantage; attacks against: advantage; Dex saves: disadvantage
	CondProne         = "prone"         // its attacks: disadvantage; adjacent attacks against: advantage, others disadvantage; standing costs half its speed
	CondIncapacitated = "incapacitated" // no move, no action (hypnotic pattern's charmed creature, sleep)
	CondOutlined      = "outlined"      // faerie fire: attacks against it have advantage; it cannot hide
	CondUnconscious   = "unconscious"   // sleep: as paralyzed, and prone (a ranged attack against it has no advantage)
	CondFrightened    = "frightened"    // fear: its attacks have disadvantage while its source is on the field; it never moves nearer its source
	CondStunned       = "stunned"       // incapacitated (no move, no action); Str/Dex saves fail; attacks against: advantage
	CondBlinded       = "blinded"       // its attacks: disadvantage; attacks against: advantage
	CondPoisoned      = "poisoned"      // its attack rolls and ability checks: disadvantage
	CondCharmed       = "charmed"       // it cannot attack the charmer (the effect's source) nor target it with a harmful spell
)

// ClashConditions lists the condition names in the order the engine numbers them.
// At most 15 (runner/clash keeps them in a uint16, its top bit for modifiers).
var ClashConditions = []string{CondParalyzed, CondRestrained, CondProne, CondIncapacitated, CondOutlined, CondUnconscious, CondFrightened,
	CondStunned, CondBlinded, CondPoisoned, CondCharmed}
