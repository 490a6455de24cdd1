package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestClashPicketWholeBattleByHand checks every line of the Harrow picket's transcript
// (scenarios/clash/picket, its bundled script ambush.yaml, seed 1) against a transcript built here
// from RULES.md Part U and the SRD stat blocks (schema/srd/creatures.cue): guard AC 16, 11 hp,
// Dex 12, Spear +3 1d6+1; kobold AC 12, 5 hp, Dex 15, Dagger +4 1d4+2. The dice are the script's
// (every d20 face and damage die is given there, so the seed changes nothing); every modifier,
// total, outcome, hp, VP and the end are derived below, not read from the run.
func TestClashPicketWholeBattleByHand(t *testing.T) {
	dir := repo(t, "scenarios", "clash", "picket")
	code, out, errs := runMain("battle", dir, "--seed", "1", "--script", dir+"/ambush.yaml")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	// The sink wraps lines over 120 columns (the map legend); the transcript built here has each
	// logical line whole, so the run's continuation lines are joined back first.
	out = joinWrapped(out)
	mod := func(score int) int { return (score - 10) / 2 } // 5e ability modifier (scores >= 10 here)
	const (
		guardAC, guardHP, guardDex, spearHit  = 16, 11, 12, 3
		koboldAC, koboldHP, koboldDex, dagHit = 12, 5, 15, 4
		spearK                                = 1 // 1d6+1
		vpAttrition                           = 10
	)
	// ambush.yaml's dice, in order.
	const gInit, kInit, spearD20, spearD6, daggerA, daggerB = 20, 1, 15, 4, 1, 11

	// U-26: each unit rolls d20 + Dex modifier (one stand each: its own); highest first.
	gTot, kTot := gInit+mod(guardDex), kInit+mod(koboldDex)
	if gTot != 21 || kTot != 3 {
		t.Fatalf("hand arithmetic: initiative %d, %d", gTot, kTot)
	}
	// U-34, U-76: the spear hits at d20 + 3 >= AC 12 (not a natural 1); damage 1d6+1.
	spearTot := spearD20 + spearHit
	spearOut := "miss"
	if spearD20 != 1 && (spearD20 == 20 || spearTot >= koboldAC) {
		spearOut = "hit"
	}
	dmg := spearD6 + spearK
	left := max(0, koboldHP-dmg)
	// U-57: a stand at 0 hp is a casualty; it has not acted yet this round, so it still attacks.
	cas := ""
	if left == 0 {
		cas = ", a casualty"
	}
	// The kobold's Sunlight Sensitivity [SRD]: in sunlight (the battle's light is bright, the
	// default, U-80) its attacks have disadvantage: two d20, the lower counts.
	daggerD20 := min(daggerA, daggerB)
	// U-34, U-76: a natural 1 misses whatever the total.
	dagTot := daggerD20 + dagHit
	dagOut := "hit"
	if daggerD20 == 1 || dagTot < guardAC {
		dagOut = "miss"
	}
	if spearOut != "hit" || left != 0 || dagOut != "miss" {
		t.Fatalf("hand arithmetic: %s, %d hp left, %s", spearOut, left, dagOut)
	}
	// U-59 (1), U-60: the casualty is removed: the scouts have no stand left (eliminated, 0 hp).
	// U-66: the picket's attrition objective on the scouts scores its 10 VP. U-59 (3): no morale
	// check (the guards lost nothing; the scouts are gone). U-71: 10 VP ends the battle; U-72: a
	// lead of 10 - 0 >= 3 is a total victory, and with no surviving losing unit no desertion rolls.
	// U-87: VP reported per objective.
	field := "    0 1 2 3\n  0 . G s .\n  1 - - - -\n" // picket.cue: 4 x 2, row 1 the ford (shallow)
	key := "The Harrow picket: G guards | The kobold scouts: s scouts\n"
	legend := "map: . clear  : rough  = road  * forest  - shallow  ~ deep  # objective square (% destroyed)  @ zone; a letter is a unit's stand or a solo; after it: + joined solo, x casualty, ? hidden, d down (solo); a digit: height in 20-ft steps (after terrain, or after a letter with no other mark)\n"
	want := "The Harrow picket: The Harrow picket against The kobold scouts\n" + field + key + legend +
		fmt.Sprintf("initiative guards: d20 %d + %d = %d\n", gInit, mod(guardDex), gTot) +
		fmt.Sprintf("initiative scouts: d20 %d + %d = %d\n", kInit, mod(koboldDex), kTot) +
		"round 1\nturn: guards\nguards: attack\n" +
		fmt.Sprintf("guards 1 -> scouts 1, Spear: d20 %d + %d = %d vs AC %d: %s\n", spearD20, spearHit, spearTot, koboldAC, spearOut) +
		fmt.Sprintf("scouts 1 takes %d damage: %d -> %d hp%s\n", dmg, koboldHP, left, cas) +
		"turn: scouts\nscouts: attack\n" +
		fmt.Sprintf("scouts 1 -> guards 1, Dagger: d20 dis [%d, %d] (sunlight) + %d = %d vs AC %d: %s\n", daggerA, daggerB, dagHit, dagTot, guardAC, dagOut) +
		"the field at the end of round 1 (casualties still marked x):\n" +
		"    0 1 2 3\n  0 . G sx.\n  1 - - - -\n" + key +
		"scouts 1 is eliminated\n" +
		fmt.Sprintf("The Harrow picket scores %d VP (Drive off the scouts: scouts eliminated): %d VP\n", vpAttrition, vpAttrition) +
		"unit    side               type        stands  hp  state       commander\n" +
		fmt.Sprintf("guards  The Harrow picket  skirmisher  1/1     %d  ready\n", guardHP) +
		"scouts  The kobold scouts  skirmisher  0/1     0   eliminated\n" +
		fmt.Sprintf("end of round 1: VP The Harrow picket %d, The kobold scouts 0\n", vpAttrition) +
		fmt.Sprintf("the battle ends after 1 round (%d VP): total victory for The Harrow picket, %d - 0 VP\n", vpAttrition, vpAttrition) +
		fmt.Sprintf("VP by objective (U-87): Drive off the scouts (The Harrow picket) %d, Overrun the picket (The kobold scouts) 0\n", vpAttrition)
	if out != want {
		g, w := strings.Split(out, "\n"), strings.Split(want, "\n")
		for i := 0; i < max(len(g), len(w)); i++ {
			var gl, wl string
			if i < len(g) {
				gl = g[i]
			}
			if i < len(w) {
				wl = w[i]
			}
			if gl != wl {
				t.Errorf("line %d:\n got %q\nwant %q", i+1, gl, wl)
			}
		}
	}
}
