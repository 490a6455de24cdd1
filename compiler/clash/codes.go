package clash

import (
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Codes of clash battle files (rules: "clash", RULES.md Part U), prefix U. Each is registered
// with a page for `sortie explain`.
const (
	codeClashOffGrid    = "U001"
	codeClashOccupied   = "U002"
	codeClashGargantuan = "U003"
	codeClashSpace      = "U004"
	codeClashIsolated   = "U005"
	codeClashCommander  = "U006"
	codeClashJoinSize   = "U007"
	codeClashDeepWater  = "U008"
	codeClashArea       = "U009"
	codeClashBalance    = "U010"
	codeClashNeverScore = "U011"
	codeClashUnknown    = "U012"
	codeClashSetup      = "U013"
	codeClashStatBlock  = "U014"
	codeClashTrait      = "U015"
)

// clashCodes lists the U codes: each is declared by a check (TestEveryCodeInAPass), so that the
// registry's passes name them all (the core's want test covers every code of a pass).
var clashCodes = []string{
	codeClashOffGrid, codeClashOccupied, codeClashGargantuan, codeClashSpace, codeClashIsolated,
	codeClashCommander, codeClashJoinSize, codeClashDeepWater, codeClashArea, codeClashBalance,
	codeClashNeverScore, codeClashUnknown, codeClashSetup, codeClashStatBlock, codeClashTrait,
}

var _ = registerClashCodes() // in the catalogue before any init function runs

func registerClashCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeClashOffGrid, Title: "square off the battlefield", Severity: diag.Error, Doc: `A square of a stand, solo, terrain patch, resource or zone lies outside the battlefield:
x must be 0..width-1 (west to east) and y 0..height-1 (north to south), U-1. A stand that
starts off the grid would have fled already (U-32).

Bad:
    battlefield: {width: 10, height: 8}
    units: pikes: stands: [{at: [10, 3]}]   // x runs 0..9

Fix: move it onto the grid, or make the battlefield larger.`},
		diag.CodeInfo{Code: codeClashOccupied, Title: "two occupants on one square", Severity: diag.Error, Doc: `Two stands, a stand and an unattached solo, or two unattached solos start on the same square
(a Large stand fills 2x2 squares, a Huge one 3x3, U-5, U-10); or two resource squares share a
square. A solo that starts in a stand's square must join it (join: UNIT).

Bad:
    pikes:  {side: "wardens", ..., stands: [{at: [3, 3]}]}
    ogres:  {side: "raiders", creature: "ogre", stands: [{at: [2, 2]}]}   // 2x2: [2..3, 2..3]

Fix: move one of them; remember that Large and larger stands fill several squares.`},
		diag.CodeInfo{Code: codeClashGargantuan, Title: "stand of a Gargantuan creature", Severity: diag.Error, Doc: `A stand is ten creatures of Huge size or smaller; a Gargantuan creature always fights as a
solo (U-4, U-10).

Bad:
    worms: {type: "regiment", creature: "purple-worm", stands: [{at: [4, 4]}]}

Fix: make it a solo: solos: worm: {creature: "purple-worm", side: "...", at: [4, 4]}.`},
		diag.CodeInfo{Code: codeClashSpace, Title: "stand space does not fit its size", Severity: diag.Error, Doc: `A stand or solo fills the space one creature of its size fills on a 5-foot grid, counted in
20-ft squares: 1 square for Medium or smaller, 2x2 for Large, 3x3 for Huge, 4x4 for a
Gargantuan solo (U-5, U-10). The written to corner gives another shape, or the space runs past
the battlefield's edge.

Bad:
    ogres: stands: [{at: [3, 3], to: [3, 3]}]   // an ogre is Large: [3, 3] to [4, 4]
    giants: stands: [{at: [9, 0]}]              // Huge on a 10-wide field: x 9..11

Fix: drop to (the size gives the space), or correct it; keep the whole space on the grid.`},
		diag.CodeInfo{Code: codeClashIsolated, Title: "stand starts isolated", Severity: diag.Warning, Doc: `A stand starts the battle isolated from its unit (U-15): a regiment stand with no adjacent
stand of its unit, a skirmisher stand more than 2 squares (skirmisherSpread) from every other
stand of its unit. An isolated stand has disadvantage on its attacks, and attacks against it
have advantage and deal double damage (U-16). It is legal (U-17), hence a warning; a unit of one
stand is never isolated (U-81).

Bad:
    pikes: {type: "regiment", stands: [{at: [2, 3]}, {at: [3, 3]}, {at: [6, 3]}]}

Fix: place regiment stands side by side ([4, 3]), skirmishers within 2 squares of each other.`},
		diag.CodeInfo{Code: codeClashCommander, Title: "commander is not a joined solo, or two command one unit", Severity: diag.Error, Doc: `A commander is always a solo joined to a stand of the unit it commands, and a unit has at
most one commander (U-12). A solo with commander: true needs join: UNIT; two solos joined to
one unit cannot both command it.

Bad:
    solos: ulric: {creature: "knight", side: "wardens", at: [0, 0], commander: true}

Fix: join it to a stand of the unit: {..., join: "pikes", at: [3, 3], commander: true}, where
[3, 3] is a square of one of pikes' stands; give each unit one commander.`},
		diag.CodeInfo{Code: codeClashJoinSize, Title: "solo too large for the stand it joins", Severity: diag.Error, Doc: `A solo more than one size larger than the creatures of a stand cannot join it (U-51): a
Large ogre may join a Medium stand, a Huge giant may not.

Bad:
    solos: chief: {creature: "hill-giant", join: "goblins", at: [4, 4]}   // Huge into Small

Fix: join a stand of larger creatures, or leave the solo unattached.`},
		diag.CodeInfo{Code: codeClashDeepWater, Title: "non-swimmer starts in deep water", Severity: diag.Error, Doc: `Only stands of creatures with a swim speed, and solos with one, may enter deep water (U-22);
a fly speed does not let a creature enter it. A stand or unattached solo whose space covers a
deep-water square must be able to swim.

Bad:
    terrain: [{at: [5, 0], to: [5, 9], type: "deep"}]
    pikes: stands: [{at: [5, 2]}]   // guards have no swim speed

Fix: move it to land or shallow water (a ford), or use a swimming creature (lizardfolk).`},
		diag.CodeInfo{Code: codeClashArea, Title: "spell area cannot be drawn on the grid", Severity: diag.Error, Doc: `The battle rules draw five area shapes on 20-ft squares: a cone and a line 1 square per 20
ft of length, a cube of 1 square per 20 ft of side, a cylinder and a sphere of 1 square per 20
ft of radius (U-45..U-47); a cone and a line start at a side of the caster's space (U-44), so
their range is self. Another shape (a wall, a 20-ft square, a hemisphere), a line wider than
one square, a cone or line cast at a distance, or a size that is not a multiple of 5 ft cannot
be placed on them.

Bad:
    area: {shape: "wall", size: 60}
    area: {shape: "line", size: 60, width: 40}

Fix: use the nearest of cone, cube, cylinder, line and sphere (a 20-ft square is a cube of
side 20), with the size in ft as the spell gives it.`},
		diag.CodeInfo{Code: codeClashBalance, Title: "victory points are unbalanced", Severity: diag.Warning, Doc: `U-70: with one objective each, each side's should be worth 10 VP (a bridge of several
squares of 1-5 VP, or a protection objective scored over rounds, counts); with several, each
side needs at least 5 chances to score totalling more than 10 VP (about 12-15). A side with no
objective can never reach the 10 VP that end a battle (U-71).

Bad:
    objectives: burn: {side: "raiders", destroy: "bridge"}   // the bridge's squares give 6 VP
    // and the wardens have no objective

Fix: give each side objectives worth 10 VP or more (more squares or VP, an attrition or custom
objective), or accept the warning for a deliberately uneven battle.`},
		diag.CodeInfo{Code: codeClashNeverScore, Title: "objective can never score", Severity: diag.Warning, Doc: `Nothing the scoring side has can ever meet the objective: no stand or solo of it can reach a
square from which to attack a destroy square (deep water in the way and no swimmers, no ranged
attack that far), fewer than two of its stands can stand beside a resource it protects (U-68),
a zone no counted stand can enter, more stands asked for than it has, or a round after maxRounds.

Bad:
    // the bridge squares lie beyond deep water and the raiders are goblins without bows
    burn: {side: "raiders", destroy: "bridge"}

Fix: give the side a way there (a ford, swimmers, archers, a spellcaster) or drop the objective.`},
		diag.CodeInfo{Code: codeClashUnknown, Title: "unknown creature, spell or id", Severity: diag.Error, Doc: `A name is neither the battle's own nor the bundled SRD 5.1 library's (creatures goblin,
hobgoblin, bugbear, orc, gnoll, kobold, guard, thug, scout, veteran, knight, mage, priest,
ogre, hill-giant, minotaur, wolf, dire-wolf, lizardfolk, giant-eagle, skeleton, zombie, quasit; spells
fire-bolt, sacred-flame, magic-missile, guiding-bolt, cure-wounds, burning-hands, thunderwave,
shatter, fireball, lightning-bolt, ice-storm, flame-strike, cone-of-cold), or an id names no
side, unit, solo, resource or zone of the battle, or a multiattack names no attack of the stat
block.

Bad:
    creature: "hobgobin"
    join: "pike"            // the unit is pikes

Fix: use a defined name (the hint suggests the nearest), or define the creature under
creatures: (a 5e stat block, #ClashCreature in sortie schema).`},
		diag.CodeInfo{Code: codeClashSetup, Title: "battle setup incomplete or contradictory", Severity: diag.Error, Doc: `The battle cannot be set up as written (U-24, U-78): not exactly two sides; a regiment with
no configuration or a skirmisher with one (U-48); a solo with neither side nor join, or with a
side other than its unit's; a joined solo not on a square of its unit's stands; an objective
that gives not exactly one of attrition, destroy, protect and when, or a custom one without vp;
a condition with not exactly one test; an attrition entry for one's own unit; two map marks
alike; an elevation that is not a multiple of 20 ft or lies on water (U-23); a terrain patch
that sets nothing; a starting hp above the creature's (U-6); more than 2,000 stands.

Bad:
    pikes: {type: "regiment", ...}                    // no configuration
    hold: {side: "wardens", when: in: {zone: "hill"}}  // no vp

Fix: add what is missing (configuration: "march"; vp: 2), or remove the contradiction.`},
		diag.CodeInfo{Code: codeClashStatBlock, Title: "stat block or spell cannot be played", Severity: diag.Error, Doc: `A stat block or spell is inconsistent or incomplete for the battle rules: an attack with
neither reach (melee) nor range (ranged), a long range shorter than its range, damage dice that
do not parse (write them as the stat block does: "1d6+2", "2d8", or a number; at most 100
dice), more than 32 attacks or 16 in one multiattack routine, a spell with both attack and save,
with neither damage nor heal, healing an area, with targets and an area, halfOnSave without a
save, or one the caster cannot cast (a save spell without a spell save dc, an attack spell
without toHit), or an attack's onHit with neither damage nor an effect, or with an effect that
cannot land on the one hit (ally, ground, aura, pool, enterSave, repeatSave, concentration).

Bad:
    {name: "Spear", toHit: 3, damage: "1d6+1", type: "piercing"}   // neither reach nor range
    damage: "1d6 + two"

Fix: add reach: 5 (or range and longRange), correct the dice, give the caster dc and toHit.`},
		diag.CodeInfo{Code: codeClashTrait, Title: "trait not simulated", Severity: diag.Warning, Doc: `The battle engine plays these special traits: pack tactics, martial advantage (give its
dice), magic resistance, undead fortitude, charge (give its attack, dice, dc and push), reckless,
surprise attack (give its dice), keen senses (keen hearing, sight or smell), sunlight
sensitivity and brave. Any other trait is warned of, never dropped in silence (U-76 leaves the
rest to the standard rules):
  - on a battle's own stat block, at the trait's line;
  - on a creature of sortie's SRD library the battle uses, at the line where the battle names
    the creature (a stand's or unit's creature, a solo's), once per trait.
The trait is kept for the reader (with its text: traits: [{name, text}]) but has no effect on
the battle, and the DM decides whether the battle still reads right without it. A trait with
noEffect (why it does nothing in a mass battle) is not warned of: the library marks its own so
(the goblin's Nimble Escape, a bonus action no stand takes).

Bad:
    traits: [{name: "Spider Climb", text: "The ettercap can climb difficult surfaces"}]

Fix: nothing to fix when the battle does without the trait; say why it does nothing in a mass
battle with noEffect: "...", remove it from your own stat block, or rule on it at the table.`},
	)
	return true
}
