package pfarmy

import "github.com/sortie-rpg/sortie/compiler/diag"

func init() {
	diag.Register(
		diag.CodeInfo{Code: CodeInvalid, Title: "army field out of range", Severity: diag.Error, Doc: `A field of a Pathfinder army cannot be used: an unknown size, a CR off the ladder
(1/8, 1/6, 1/4, 1/3, 1/2, 1, 2 ... 30), a hit die other than d6/d8/d10/d12, a Morale score outside
-4..+4 (P-7), a negative count, an unknown or repeated tactic or boon, or a commander whose level
is outside 1..40 or whose Charisma is outside -5..+15 (P-9).

The commander's level is its character level, or a monster's Hit Dice (Ultimate Campaign,
Commanders: "If the commander is a monster, use HD instead of character level"); sortie takes 1..40.
The Charisma entry is the Charisma modifier, which Ultimate Campaign's commander entry lists and
adds to the army's Morale checks, not the score: a score of 16 is a modifier of +3. -5..+15 covers
the scores 1 to 40.

Bad:
    size: "Enormous"
    commander: {level: 0, charisma: 16}    // no level 0; 16 is a score

Fix: use one of Fine, Diminutive, Tiny, Small, Medium, Large, Huge, Gargantuan, Colossal.
    commander: {level: 1, charisma: 3}     // the modifier of a Charisma score of 16`},
		diag.CodeInfo{Code: CodeNotArmy, Title: "not an army", Severity: diag.Error, Doc: `The size moves the creature CR down the ladder past 1/8 (P-3): there are too few
creatures, or too weak, to make an army.

Bad:
    size: "Fine", cr: "1"    // 1 - 8 rungs is below 1/8

Fix: a larger size or stronger creatures.`},
		diag.CodeInfo{Code: CodeACR, Title: "hand-written acr disagrees", Severity: diag.Warning, Doc: `The army's acr is not what its size and CR give (P-2, P-3): the size moves the CR one rung of
the ladder per point, Medium 0, Large +2, Huge +4 ...; cavalry use the higher of rider and mount.

Bad:
    size: "Huge", cr: "1/3", acr: "4"    // 1/3 -> 1/2, 1, 2, 3

Fix: acr: "3", or drop acr and let sortie derive it. The written value is used unless the option
says otherwise.`},
		diag.CodeInfo{Code: CodeHP, Title: "hand-written hp disagrees", Severity: diag.Warning, Doc: `The army's hp is not floor(ACR x average hit die): d6 3.5, d8 4.5, d10 5.5, d12 6.5 (P-4).

Bad:
    acr: "1", hitDie: "d10", hp: 6    // floor(5.5) = 5

Fix: hp: 5, or drop hp.`},
		diag.CodeInfo{Code: CodeOM, Title: "hand-written om disagrees", Severity: diag.Warning, Doc: `The army's OM is not ACR + weapons (+1/+2) + mounts (+2) + siege engines (+2) + abilities (P-5,
P-66). Tactics, strategy, boons and battlefield conditions are not part of it.

Bad:
    om: 5   // ACR 3 with no weapons, mounts, siege engines or abilities: OM 3

Fix: correct om, or drop it.

A block copied from Ultimate Campaign can draw this warning: most sample armies count their
resources (Hobgoblin Army: ACR 1 + improved weapons = OM +2), but Elite Army Commandos print
OM +3 and DV 13 for ACR 3 with improved weapons and armor. sortie counts them (OM +4, DV 14);
drop om: and dv: to use sortie's, or keep the printed values and the warning.`},
		diag.CodeInfo{Code: CodeDV, Title: "hand-written dv disagrees", Severity: diag.Warning, Doc: `The army's DV is not 10 + ACR + armor (+1/+2) + mounts (+2) + abilities (P-5, P-66).
Fortifications, tactics, strategy, boons and conditions are not part of it.

Bad:
    dv: 15   // ACR 3 with no armor, mounts or abilities: DV 10 + 3 = 13

Fix: correct dv, or drop it. A published block that leaves its armor out (Elite Army Commandos:
DV 13 for ACR 3 with improved armor) draws it too: see sortie explain M005.`},
		diag.CodeInfo{Code: CodeTooManyTacts, Title: "more tactics than the acr allows", Severity: diag.Warning, Doc: `An army knows at most half its ACR in tactics besides Standard and Withdraw (P-10), rounded up.
The published text ("An army can know a number of tactics equal to half its ACR, minimum 0";
Ultimate Campaign, Mass Combat, Tactics) names no rounding, and the published sample armies need it
rounded up (Dwarven Defenders, ACR 1, know Defensive Wall; the Centaur Army, ACR 3, Cavalry
Experts), so the default is the reading both agree on; RULES.md's floor(ACR / 2) is the option
tacticsLimit: "floor". A fractional ACR counts as 0. Tactics from the Bonus
Tactic boon and a tactician's tactic do not count. The rules let the GM give a new army its tactics
("A newly recruited army doesn't know any of these tactics unless specified by the GM"; the
published Drow Army knows four at ACR 1), so this is a warning: the army uses them, but a victory
teaches it no more (P-61).

Bad:
    acr: "3", tactics: ["Expert Flankers", "Taunt", "Defensive Wall"]    // ceil(3/2) = 2

Fix: drop a tactic, give it to the commander as a bonus tactic, or keep it as the GM's ruling.`},
		diag.CodeInfo{Code: CodePrereq, Title: "boon or tactic prerequisite not met", Severity: diag.Error, Doc: `A boon needs more Leadership than the commander has (Leadership = level + Charisma, +3 with
the feat; P-9, P-37), or a tactic or boon needs what the army lacks: Cavalry Experts needs a mounted
army (P-27), Sniper Support and Sharpshooter need ranged attacks (P-36, P-46).

Bad:
    commander: {level: 3, charisma: 1, boons: ["Loyalty"]}    // Leadership 4 < 6

Fix: a stronger commander, or another boon.`},
		diag.CodeInfo{Code: CodeTooManyBoons, Title: "more boons than the commander may know", Severity: diag.Error, Doc: `A commander knows at most 1 + floor(Profession (soldier) ranks / 5) boons (P-9); each bonus
tactic is one boon.

Bad:
    commander: {soldierRanks: 4, boons: ["Loyalty", "Merciless"]}    // 1 + 0 = 1

Fix: drop a boon, or give the commander more ranks.`},
		diag.CodeInfo{Code: CodeAbility, Title: "ability that changes nothing", Severity: diag.Warning, Doc: `The army's special ability is not one of the published army abilities (Ultimate Campaign,
Mass Combat: bleed, breath weapon, fear, ferocity, fast healing, regeneration, flight, incorporeal,
swarm, mindless, paralysis, trip, significant defense, spell resistance, rage, smite evil, bravery,
darkvision, low-light vision, scent, undead, ki pool, channel positive and negative energy, lay on
hands, favored enemy ...) and gives no modifier, so it changes nothing in a battle. Usually a
misspelt name.

Published abilities whose effect lies outside a battle are accepted without this warning: armor
training (the army's speed, which the file gives) and brew potion (healing potions without the
buildings). Every other published ability plays its published effect: mercy cures a diseased
allied army when the battle ends, divine health keeps disease's mark off the army. Order warns
when the army has no challenge: it works only "when using the challenge ability". sortie explain
NAME prints a published ability's text and how sortie plays it (sortie explain lists them).

Bad:
    abilities: [{name: "regenration", value: 40}]

Fix: the published name (sortie suggests the nearest), or give your own ability its effect:
    abilities: [{name: "war drums", morale: 1, when: "fear and rout"}]`},
	)
}
