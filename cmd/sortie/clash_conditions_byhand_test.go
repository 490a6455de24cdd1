package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// conditionsRounds plays the Pass of Horns as its golden conditions.txt is played (seed 1, its
// script; TestClashConditionsBattleU76 holds the golden) and cuts the transcript at its "round N"
// lines: [0] is the head (initiative), [n] round n to the next round's line (the last one to the
// end, the battle's result included).
func conditionsRounds(t *testing.T) []string {
	t.Helper()
	dir := repo(t, "testdata", "clash", "conditions")
	code, out, errs := runMain("battle", filepath.Join(dir, "conditions.cue"), "--seed", "1", "--script", filepath.Join(dir, "script.yaml"))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	out = joinWrapped(out) // the hand-worked lines are whole logical lines (the sink wraps at 120)
	var cuts []int
	for n := 1; ; n++ {
		i := strings.Index(out, fmt.Sprintf("\nround %d\n", n))
		if i < 0 {
			break
		}
		cuts = append(cuts, i+1)
	}
	if len(cuts) == 0 {
		t.Fatalf("no round 1 in:\n%s", out)
	}
	parts := []string{out[:cuts[0]]}
	for k, c := range cuts {
		end := len(out)
		if k+1 < len(cuts) {
			end = cuts[k+1]
		}
		parts = append(parts, out[c:end])
	}
	return parts
}

// advAttacks checks every "WHO -> TARGET, WEAPON: d20 adv [a, b] (WHY) + M = T vs AC A: OUTCOME"
// line of the round in order: the higher face counts, a natural 20 is a critical hit, a natural 1
// a miss, otherwise a hit at total >= AC (U-76: 5e's attack roll). It returns each attack's
// counted face (the d20's, read from the run) and whether it hit.
func advAttacks(r *handRound, who, target, weapon, why string, mod, ac int) (faces []int, hits []bool) {
	r.t.Helper()
	prefix := fmt.Sprintf("%s -> %s, %s: d20 adv [", who, target, weapon)
	for _, m := range regexp.MustCompile(regexp.QuoteMeta(prefix)+`(\d+), (\d+)\]`).FindAllStringSubmatch(r.round1, -1) {
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		face := max(a, b)
		total, outcome := face+mod, "miss"
		switch {
		case face == 20:
			outcome = "critical hit"
		case face != 1 && total >= ac:
			outcome = "hit"
		}
		r.has(r.round1, fmt.Sprintf("%s%d, %d] (%s) %s = %d vs AC %d: %s", prefix, a, b, why, signed(mod), total, ac, outcome))
		faces, hits = append(faces, face), append(hits, outcome != "miss")
	}
	if len(faces) == 0 {
		r.t.Errorf("no attack %s%s", prefix, "...")
	}
	return faces, hits
}

// TestClashConditionsWholeBattleByHand reads the whole of conditions.txt (the Pass of Horns, four
// rounds) against the hand trace in testdata/clash/README.md ("conditions.txt, the whole battle"):
// the dice are the run's (each checked to lie within its dice's range), every modifier, AC, DC,
// range, movement cost, condition, hp, overflow and VP is derived here from RULES.md Part U, the
// battle's own stat blocks (testdata/clash/conditions/conditions.cue: novice, temple cleric, cult
// mage) and the SRD's (schema/srd: minotaur, thug; web, hold person, sacred flame).
//
// Stat blocks used: novice AC 16, 11 hp, Str 8 (-1), Dex 12 (+1), spear +3 1d6+1 (20/60 ft);
// temple cleric AC 16, 38 hp, Dex 10 (0), Con 14 (+2, no Con save proficiency), spell DC 13, caster
// level 5; cult mage Dex 14 (+2), Cha 11 (0), dagger +4, spell DC 13; minotaur AC 14, 76 hp, Dex 11
// (0), speed 40 ft, Gore +6 2d8+4, Greataxe +6 2d12+4, Charge (2d8, DC 14 Str, 10 ft push), Reckless;
// thug 32 hp, Dex 11 (0), Wis 10 (0), two Maces +4 1d6+2, Heavy Crossbow +2 1d10 (100/400 ft),
// Pack Tactics.
func TestClashConditionsWholeBattleByHand(t *testing.T) {
	rounds := conditionsRounds(t)
	if len(rounds) != 5 {
		t.Fatalf("%d rounds; the hand trace has 4", len(rounds)-1)
	}
	conditionsRoundOne(t, rounds[0], rounds[1])
	conditionsRoundTwo(t, rounds[0], rounds[2])
	acolytes, cultist := conditionsRoundThree(t, rounds[0], rounds[3])
	conditionsRoundFour(t, rounds[0], rounds[4], acolytes, cultist)
	// No web save for the bulls in any round: their 2x2 space is never wholly in the web's one
	// square (2,2), and a partly covered stand is unaffected (U-43).
	for n, round := range rounds {
		if strings.Contains(round, "bulls 1 DEX save") {
			t.Errorf("round %d: a web save for the bulls, partly in the area (U-43)", n)
		}
	}
}

// conditionsRoundOne is round 1 (the script's choices, the policy's moves for the minotaurs).
func conditionsRoundOne(t *testing.T, head, round string) {
	r := &handRound{t: t, head: head, round1: round}
	// U-26: regiments take the lowest Dex modifier of their stands (each one kind here); the hexer is
	// an unattached solo and rolls alone.
	order := r.initiative([]string{"wardens", "acolytes", "bulls", "cultists", "hexer"}, map[string]int{
		"wardens": 1, "acolytes": 0, "bulls": 0, "cultists": 0, "hexer": 2,
	})
	if got, want := strings.Join(r.turns(), " "), strings.Join(order, " "); got != want || want != "hexer bulls wardens cultists acolytes" {
		t.Errorf("round 1's turns %q; by the totals %q", got, want)
	}

	// The hexer: Web (60 ft: 3 squares, U-37) from 5,2 on 2,2, 3 away; a 20-ft cube is
	// max(1, 20 / 20) = 1 square (U-46); its ground is difficult (U-18, SRD web).
	if d := manhattan(5, 2, 2, 2); d > squares(60) {
		t.Errorf("the derivation: web's origin %d squares away, range %d", d, squares(60))
	}
	r.has(round, "hexer casts Web on 2,2")
	r.has(round, "hexer's Web makes difficult ground (2 squares of movement each) on 2,2")
	if r.save("wardens 2", "DEX", "Web", 1, 13, false) {
		t.Fatal("the hand trace has wardens 2 fail its Dex save")
	}
	// Restrained (U-76): web lasts 1 hour = 60 rounds of a minute (U-1): cast in round 1, it ends
	// at its caster's turn in round 1 + 60.
	if !strings.Contains(round, fmt.Sprintf("\nwardens 2 is restrained (Web by hexer): restrained, escape: its action, a str check, concentration, its area difficult ground, a save for one that starts its turn in it or enters it, until its caster's turn in round %d\n", 1+60)) {
		t.Error("wardens 2 is not restrained by the web until round 61")
	}
	// It then steps back (a solo may move after its action: U-82 splits only stands' moves), 2 + 2
	// = 4 squares of its 30 / 5 = 6 (U-77), and ends within 2 of the bulls' 8,1 (U-11).
	r.has(round, "hexer: 5,2 -> 7,0 (4 squares, 20 ft of speed)")
	if manhattan(5, 2, 7, 0) != 4 || 4 > 30/5 || manhattan(7, 0, 8, 1) > 2 {
		t.Error("the derivation: the hexer's step")
	}

	// The bulls (Large, 2x2, U-5): 8,1 -> 3,1 is 5 squares west along row 1, within 40 / 5 = 8
	// (U-3); a straight run of at least 10 ft = 2 squares (U-3) ends with wardens 1 (2,1) adjacent
	// to their 3..4 x 1..2 space: the Gore is a Charge. Reckless: advantage on its melee attacks.
	r.has(round, "bulls 1: 8,1 -> 3,1 (5 squares, 25 ft of speed)")
	if 8-3 < 10/5 || 8-3 > 40/5 || manhattan(2, 1, 3, 1) != 1 {
		t.Error("the derivation: the charge's run")
	}
	if !r.attack("bulls 1", "wardens 1", "Gore", 6, 16, "adv", "reckless") {
		t.Fatal("the hand trace has the Gore hit")
	}
	// Gore 2d8+4 and the Charge's 2d8: 4d8+4 (8..36), no critical (faces 13, 14). Wardens 1 (11
	// hp) is a casualty; the rest overflows one hop into wardens 2 at 2,2, adjacent (U-56), which
	// it takes from 11 hp; what is beyond wardens 2's 11 is lost (one hop, U-56 Default).
	gore := r.dice(round, "wardens 1 takes ", 4, 8, 4)
	r.has(round, fmt.Sprintf("wardens 1 takes %d damage: 11 -> 0 hp (attack, charge), a casualty", gore))
	over := gore - 11
	r.has(round, fmt.Sprintf("%d damage overflows from wardens 1 to wardens 2", over))
	if over < 11 {
		t.Fatalf("the hand trace has wardens 2 a casualty, overflow %d", over)
	}
	r.has(round, fmt.Sprintf("wardens 2 takes %d damage: 11 -> 0 hp (overflow), a casualty", over))
	if !strings.Contains(round, fmt.Sprintf("wardens 2 takes %d damage: 11 -> 0 hp (overflow), a casualty\nwardens 1 STR save (charge)", over)) {
		t.Error("the Gore's overflow goes on past wardens 2 (U-56 Default: one hop)")
	}
	// The Charge's save: DC 14 Strength, novice Str 8 (-1); failing, pushed 10 ft = 2 squares
	// (U-3) straight away from the bulls (1,1 and 0,1 are empty) and prone (U-76).
	if r.save("wardens 1", "STR", "charge", -1, 14, false) {
		t.Fatal("the hand trace has wardens 1 fail the Charge's save")
	}
	r.has(round, fmt.Sprintf("wardens 1 is pushed %d squares, 2,1 -> %d,1 (charge by bulls 1)", 10/5, 2-10/5))
	// U-76 [5E-CORE] prone, said on the line: advantage against it from within 5 ft (an adjacent
	// square), disadvantage from farther; its attacks at disadvantage; rising costs half its speed.
	r.has(round, "wardens 1 is prone (charge by bulls 1): attacks against it have advantage from an adjacent square (within 5 ft) "+
		"and disadvantage from farther, its attacks have disadvantage, standing up costs half its speed")

	// The wardens, all three casualties, still act (U-57). Wardens 1 stands up at the start of its
	// turn for half its 6 squares and walks 0,1 -> 2,1, 2 of the 3 left.
	r.has(round, "wardens 1 is no longer prone (charge): stands up (half its speed)")
	r.has(round, "wardens 1: 0,1 -> 2,1 (2 squares, 10 ft of speed)")
	if 2 > 30/5-30/5/2 {
		t.Error("the derivation: wardens 1's walk")
	}
	// Wardens 2's escape from the web (SRD web: its action, a Strength check vs the spell's DC 13;
	// novice Str -1). See the README's finding on U-33: the check's arithmetic is what is asserted.
	esc := r.num(round, "wardens 2 uses its action to escape Web: str check d20 ")
	r.has(round, fmt.Sprintf("wardens 2 uses its action to escape Web: str check d20 %d - 1 = %d vs DC 13: %s", esc, esc-1, map[bool]string{true: "breaks free", false: "stays restrained"}[esc-1 >= 13]))
	// Spears: attacks against the reckless minotaurs have advantage until its next turn. Wardens 1
	// is adjacent (melee); wardens 3 at 2,3 is manhattan 2 from the bulls' nearest square 3,2:
	// beyond 20 ft (1 square, U-37), within 60 (3): long range, disadvantage, and the two cancel.
	if !r.attack("wardens 1", "bulls 1", "Spear", 3, 14, "adv", "target reckless") {
		t.Fatal("the hand trace has wardens 1's spear hit")
	}
	if d := manhattan(2, 3, 3, 2); d <= squares(20) || d > squares(60) {
		t.Fatalf("the derivation: wardens 3 %d squares from the bulls", d)
	}
	w3 := r.num(round, "wardens 3 -> bulls 1, Spear: d20 ")
	if w3 == 20 || w3 == 1 || w3+3 < 14 {
		t.Fatalf("the hand trace has wardens 3's spear a plain hit: %d", w3)
	}
	r.has(round, fmt.Sprintf("wardens 3 -> bulls 1, Spear: d20 %d (adv: target reckless; dis: long range: they cancel) + 3 = %d vs AC 14: hit", w3, w3+3))
	spears := r.all(round, "bulls 1 takes ")
	if len(spears) != 2 {
		t.Fatalf("%d hits on the bulls, want 2", len(spears))
	}
	hp := 76
	for _, d := range spears {
		if d < 2 || d > 7 {
			t.Errorf("spear %d outside 1d6+1", d)
		}
		r.has(round, fmt.Sprintf("bulls 1 takes %d damage: %d -> %d hp", d, hp, hp-d))
		hp -= d
	}

	// The cultists (thugs): 6 squares each (30 / 5), 9,4 -> 4,3 and 9,5 -> 5,3, side by side (U-9).
	r.has(round, "cultists 1: 9,4 -> 4,3 (6 squares, 30 ft of speed)")
	r.has(round, "cultists 2: 9,5 -> 5,3 (6 squares, 30 ft of speed)")
	if manhattan(9, 4, 4, 3) != 6 || manhattan(9, 5, 5, 3) != 6 || manhattan(4, 3, 5, 3) != 1 {
		t.Error("the derivation: the cultists' march")
	}
	// Cultists 1's heavy crossbow (100 ft: 5 squares) at wardens 2, 3 away: normal range; with
	// advantage twice over: the target is restrained (U-76), and the bulls' 3,2 is beside it (Pack
	// Tactics, each stand one creature). A natural 20: a critical hit, 2d10 (2..20), on a casualty
	// (1 hp, U-57): 1 absorbed, the rest one hop on to wardens 3 (2,3, adjacent; U-56 Default).
	if d := manhattan(4, 3, 2, 2); d > squares(100) {
		t.Fatalf("the derivation: %d beyond %d", d, squares(100))
	}
	faces, _ := advAttacks(r, "cultists 1", "wardens 2", "Heavy Crossbow", "target restrained, pack tactics", 2, 16)
	if len(faces) != 1 || faces[0] != 20 {
		t.Fatalf("the hand trace has one critical hit, faces %v", faces)
	}
	crit := r.dice(round, "wardens 2, already a casualty, absorbs 1 of ", 2, 10, 0)
	r.has(round, fmt.Sprintf("%d damage overflows from wardens 2 to wardens 3", crit-1))
	if crit-1 < 11 {
		t.Fatalf("the hand trace has wardens 3 a casualty: %d", crit-1)
	}
	r.has(round, fmt.Sprintf("wardens 3 takes %d damage: 11 -> 0 hp (overflow), a casualty", crit-1))
	// Cultists 2 at 5,3 on acolytes 1 at 1,2: 5 squares, normal range; no ally of the cultists
	// beside 1,2 (no Pack Tactics): a plain roll vs the temple cleric's AC 16.
	if d := manhattan(5, 3, 1, 2); d > squares(100) {
		t.Fatalf("the derivation: %d beyond %d", d, squares(100))
	}
	if r.attack("cultists 2", "acolytes 1", "Heavy Crossbow", 2, 16, "", "") {
		t.Error("the hand trace has cultists 2 miss")
	}

	// The acolytes: hold person (60 ft: 3 squares) on cultists 1 at 4,3 needs a step, 1,2 -> 1,3
	// (4 away -> 3); a stand's targeted spell on a stand (U-40). Thug Wis 10 (0) vs DC 13.
	if manhattan(1, 2, 4, 3) <= squares(60) || manhattan(1, 3, 4, 3) > squares(60) {
		t.Error("the derivation: the acolytes' step")
	}
	r.has(round, "acolytes 1: 1,2 -> 1,3 (1 square, 5 ft of speed)")
	r.has(round, "acolytes 1 casts Hold Person")
	if !r.save("cultists 1", "WIS", "Hold Person", 0, 13, false) {
		t.Error("the hand trace has cultists 1 save")
	}

	// End of round (U-59, U-60): the three wardens' casualties are removed, the unit is gone: the
	// Horned Host's attrition VP for it, 6 (U-66). No surviving unit lost a stand: no morale
	// check (U-62).
	for _, w := range []string{"wardens 1", "wardens 2", "wardens 3"} {
		r.has(round, w+" is eliminated")
	}
	r.has(round, "The Horned Host scores 6 VP (Break the wardens: wardens eliminated): 6 VP")
	if strings.Contains(round, "morale") {
		t.Error("a morale check in round 1: no surviving unit lost a stand")
	}
	conditionsRoster(t, round, "bulls", "1/1", hp)
	conditionsRoster(t, round, "cultists", "2/2", 32+32)
	conditionsRoster(t, round, "acolytes", "1/1", 38)
	r.has(round, "end of round 1: VP The Temple Wardens 0, The Horned Host 6")
}

// conditionsRoundTwo is round 2, the tactical policy's from here.
func conditionsRoundTwo(t *testing.T, head, round string) {
	r := &handRound{t: t, head: head, round1: round}
	// The wardens are gone: their turn is skipped.
	if got := strings.Join(r.turns(), " "); got != "hexer bulls cultists acolytes" {
		t.Errorf("round 2's turns %q", got)
	}
	// The hexer joins the bulls (U-51): 7,0 -> 4,1, 4 of its 6 squares, into the bulls' 3..4 x
	// 1..2 space, its move ending there; a Medium solo joins a Large stand (not more than one size
	// larger).
	r.has(round, "hexer: join")
	r.has(round, "hexer: 7,0 -> 4,1 (4 squares, 20 ft of speed)")
	r.has(round, "hexer joins bulls 1")
	if manhattan(7, 0, 4, 1) != 4 {
		t.Error("the derivation: the hexer's join")
	}
	// U-13, U-53 (Default, runner/clash canTakeCommand): the hexer has had its turn this round
	// (initiative 21, its join its action), so within the bulls' turn it only moves with their
	// stand: no bonus action, no command, no second action. It takes command in round 3.
	bulls := round[strings.Index(round, "\nturn: bulls\n"):strings.Index(round, "\nturn: cultists\n")]
	if strings.Contains(bulls, "hexer") {
		t.Errorf("the hexer acts again in the bulls' turn of round 2 (U-13, U-53):\n%s", bulls)
	}
	// The bulls: 3,1 -> 1,1 is two steps west of a 2x2 space: the first enters 2,1 and the webbed
	// 2,2, difficult (U-18): 2 squares; the second enters 1,1 and 1,2: 1. 3 of 8 (U-3).
	r.has(round, fmt.Sprintf("bulls 1: 3,1 -> 1,1 (%d squares, %d ft of speed)", 2+1, (2+1)*5))
	// Acolytes 1 at 1,3 is beside the bulls' 1,2. Greataxe, Reckless: advantage; +6 vs AC 16.
	if _, hits := advAttacks(r, "bulls 1", "acolytes 1", "Greataxe", "reckless", 6, 16); len(hits) != 1 || hits[0] {
		t.Errorf("the hand trace has one greataxe miss: %v", hits)
	}
	// The cultists close 2 squares each to 2,3 and 3,3. Pack Tactics: the bulls' 1,2 is beside the
	// acolytes' 1,3. Cultists 1 adjacent: two Maces +4; cultists 2, 2 away (heavy crossbow, normal
	// range, 5 squares): +2. AC 16.
	r.has(round, "cultists 1: 4,3 -> 2,3 (2 squares, 10 ft of speed)")
	r.has(round, "cultists 2: 5,3 -> 3,3 (2 squares, 10 ft of speed)")
	if manhattan(2, 3, 1, 3) != 1 || manhattan(3, 3, 1, 3) > squares(100) || manhattan(1, 2, 1, 3) != 1 {
		t.Error("the derivation: the cultists' reach")
	}
	if _, hits := advAttacks(r, "cultists 1", "acolytes 1", "Mace", "pack tactics", 4, 16); len(hits) != 2 || hits[0] || hits[1] {
		t.Errorf("the hand trace has two mace misses: %v", hits)
	}
	if _, hits := advAttacks(r, "cultists 2", "acolytes 1", "Heavy Crossbow", "pack tactics", 2, 16); len(hits) != 1 || hits[0] {
		t.Errorf("the hand trace has a crossbow miss: %v", hits)
	}
	// The acolytes' hold person again on cultists 1, adjacent (U-40): Wis 3 + 0 < 13: paralyzed;
	// it lasts 1 minute = 1 round (U-1): to its caster's turn in round 3.
	if r.save("cultists 1", "WIS", "Hold Person", 0, 13, false) {
		t.Fatal("the hand trace has cultists 1 fail")
	}
	if !strings.Contains(round, fmt.Sprintf("\ncultists 1 is paralyzed (Hold Person by acolytes 1): paralyzed, a save again at the end of each of its turns, concentration, until its caster's turn in round %d\n", 2+1)) {
		t.Error("cultists 1 is not paralyzed to round 3")
	}
	// No damage, no casualty: nothing removed, no VP.
	if strings.Contains(round, " damage: ") || strings.Contains(round, " is eliminated") {
		t.Error("damage or eliminations in round 2: the hand trace has none")
	}
	conditionsRoster(t, round, "bulls", "1/1", 69)
	conditionsRoster(t, round, "cultists", "2/2", 64)
	conditionsRoster(t, round, "acolytes", "1/1", 38)
	r.has(round, "end of round 2: VP The Temple Wardens 0, The Horned Host 6")
}

// conditionsPrepare checks the hexer's Prepare on its bulls (U-14): DC 15 Charisma, cult mage
// Cha 11 (0), no Intimidation or Persuasion.
func conditionsPrepare(r *handRound, round string) bool {
	r.t.Helper()
	f := r.num(round, "hexer prepares bulls: d20 ")
	r.has(round, fmt.Sprintf("hexer prepares bulls: d20 %d + 0 = %d vs DC 15: %s", f, f, map[bool]string{true: "succeeds", false: "fails"}[f >= 15]))
	return f >= 15
}

// conditionsRoundThree is round 3: the hexer takes command, concentration broken by damage. It
// returns the acolytes' hp and cultists 1's at its end.
func conditionsRoundThree(t *testing.T, head, round string) (acolytes, cultist int) {
	r := &handRound{t: t, head: head, round1: round}
	// The hexer, joined, now acts within the bulls' turn (U-27, U-53): no turn of its own.
	if got := strings.Join(r.turns(), " "); got != "bulls cultists acolytes" {
		t.Errorf("round 3's turns %q", got)
	}
	// Its first turn since it joined: its bonus action takes command (U-13), so no Prepare or
	// Incite this turn (one bonus action, U-14).
	if !strings.Contains(round, "\nturn: bulls\nhexer takes command of bulls\nbulls: attack\n") {
		t.Error("the hexer does not take command at the start of the bulls' turn in round 3 (U-13)")
	}
	if strings.Contains(round, "hexer prepares") || strings.Contains(round, "hexer incites") {
		t.Error("a second bonus action for the hexer in round 3 (U-13, U-14)")
	}
	// Greataxe, Reckless, no move (adjacent): a hit, not a critical: 2d12+4 (6..28) on the
	// acolytes' 38. Hold person's concentration (U-76, 5e): Con save DC max(10, half the damage),
	// temple cleric Con 14 (+2; its save proficiencies are Wis and Cha).
	faces, hits := advAttacks(r, "bulls 1", "acolytes 1", "Greataxe", "reckless", 6, 16)
	if len(hits) != 1 || !hits[0] || faces[0] == 20 {
		t.Fatalf("the hand trace has one plain greataxe hit: %v %v", faces, hits)
	}
	axe := r.dice(round, "acolytes 1 takes ", 2, 12, 4)
	hp := 38 - axe
	r.has(round, fmt.Sprintf("acolytes 1 takes %d damage: 38 -> %d hp", axe, hp))
	if r.save("acolytes 1", "CON", "concentration", 2, max(10, axe/2), false) {
		t.Fatal("the hand trace has the concentration save fail")
	}
	r.has(round, fmt.Sprintf("cultists 1 is no longer paralyzed (Hold Person by acolytes 1): concentration broken by %d damage", axe))
	// The hexer's own action (U-85), from the bulls' space (1,2 beside the acolytes' 1,3): its
	// dagger, +4 vs AC 16, a plain roll.
	r.has(round, "hexer: attack")
	if r.attack("hexer", "acolytes 1", "Dagger", 4, 16, "", "") {
		t.Error("the hand trace has the dagger miss")
	}
	// The cultists, cultists 1 free again: Maces and crossbow with Pack Tactics; Mace 1d6+2.
	_, maces := advAttacks(r, "cultists 1", "acolytes 1", "Mace", "pack tactics", 4, 16)
	if len(maces) != 2 || !maces[0] || maces[1] {
		t.Errorf("the hand trace has a mace hit, then a miss: %v", maces)
	}
	if _, hits := advAttacks(r, "cultists 2", "acolytes 1", "Heavy Crossbow", "pack tactics", 2, 16); len(hits) != 1 || hits[0] {
		t.Errorf("the hand trace has a crossbow miss: %v", hits)
	}
	dmg := r.all(round, "acolytes 1 takes ")
	if len(dmg) != 2 || dmg[1] < 3 || dmg[1] > 8 || dmg[1] >= hp {
		t.Fatalf("acolytes 1's damage %v: the greataxe's, then one mace's 1d6+2, short of its %d hp", dmg, hp)
	}
	r.has(round, fmt.Sprintf("acolytes 1 takes %d damage: %d -> %d hp", dmg[1], hp, hp-dmg[1]))
	hp -= dmg[1]
	// The acolytes: Sacred Flame (60 ft) on cultists 1, adjacent; Dex save, thug Dex 11 (0), DC
	// 13; a cantrip at caster level 5 rolls two dice: 2d8 (2..16), nothing on a save.
	if r.save("cultists 1", "DEX", "Sacred Flame", 0, 13, false) {
		t.Fatal("the hand trace has cultists 1 fail")
	}
	flame := r.dice(round, "cultists 1 takes ", 2, 8, 0)
	r.has(round, fmt.Sprintf("cultists 1 takes %d damage: 32 -> %d hp (spell)", flame, 32-flame))
	conditionsRoster(t, round, "acolytes", "1/1", hp)
	conditionsRoster(t, round, "cultists", "2/2", 64-flame)
	conditionsRoster(t, round, "bulls", "1/1", 69)
	if !regexp.MustCompile(`\nbulls +The Horned Host +regiment \(march\) +1/1 +69 +ready +hexer\n`).MatchString(round) {
		t.Error("the bulls' row does not name the hexer their commander (U-13)")
	}
	r.has(round, "end of round 3: VP The Temple Wardens 0, The Horned Host 6")
	return hp, 32 - flame
}

// conditionsRoundFour is round 4: Prepare, the acolytes' last stand a casualty that still casts,
// attrition and the battle's end; hp and cult are the acolytes' and cultists 1's hp after round 3.
func conditionsRoundFour(t *testing.T, head, round string, hp, cult int) {
	r := &handRound{t: t, head: head, round1: round}
	if got := strings.Join(r.turns(), " "); got != "bulls cultists acolytes" {
		t.Errorf("round 4's turns %q", got)
	}
	// The commander's bonus action (U-14): Prepare, advantage on the bulls' saves to the end of
	// the hexer's next turn (none is made).
	if !conditionsPrepare(r, round) {
		t.Error("the hand trace has the Prepare succeed")
	}
	// A plain hit, 2d12+4 (6..28), at least the acolytes' hp: a casualty (U-57); the rest has no
	// other acolytes stand to pass to (U-56) and is lost. No concentration is held (sacred flame
	// is instantaneous): no save.
	faces, hits := advAttacks(r, "bulls 1", "acolytes 1", "Greataxe", "reckless", 6, 16)
	if len(hits) != 1 || !hits[0] || faces[0] == 20 {
		t.Fatalf("the hand trace has one plain greataxe hit: %v %v", faces, hits)
	}
	axe := r.dice(round, "acolytes 1 takes ", 2, 12, 4)
	if axe < hp {
		t.Fatalf("the hand trace has the greataxe drop the acolytes: %d on %d", axe, hp)
	}
	r.has(round, fmt.Sprintf("acolytes 1 takes %d damage: %d -> 0 hp, a casualty", axe, hp))
	if strings.Contains(round, "concentration") || strings.Contains(round, "overflows from acolytes") {
		t.Error("a concentration save (nothing is held) or overflow from the acolytes' only stand")
	}
	if r.attack("hexer", "acolytes 1", "Dagger", 4, 16, "", "") {
		t.Error("the hand trace has the dagger miss")
	}
	// The cultists on the casualty (the only enemy left), Pack Tactics: all three miss AC 16.
	if _, maces := advAttacks(r, "cultists 1", "acolytes 1", "Mace", "pack tactics", 4, 16); len(maces) != 2 || maces[0] || maces[1] {
		t.Errorf("the hand trace has two mace misses: %v", maces)
	}
	if _, hits := advAttacks(r, "cultists 2", "acolytes 1", "Heavy Crossbow", "pack tactics", 2, 16); len(hits) != 1 || hits[0] {
		t.Errorf("the hand trace has a crossbow miss: %v", hits)
	}
	// The casualty still acts (U-57): Sacred Flame on cultists 1, Dex 11 (0) vs DC 13: a save,
	// and sacred flame does nothing on a save.
	if !r.save("cultists 1", "DEX", "Sacred Flame", 0, 13, false) {
		t.Fatal("the hand trace has cultists 1 save")
	}
	if strings.Contains(round, "cultists 1 takes ") {
		t.Error("damage from a saved sacred flame")
	}
	// End (U-59): the acolytes are removed, the last of the Temple Wardens: attrition 4 VP (U-66),
	// 6 + 4 = 10. U-71: 10 VP ends the battle; a lead of 10 >= 3 is a total victory (U-72), with no
	// surviving losing unit to roll for.
	r.has(round, "acolytes 1 is eliminated")
	r.has(round, fmt.Sprintf("The Horned Host scores 4 VP (Break the wardens: acolytes eliminated): %d VP", 6+4))
	conditionsRoster(t, round, "acolytes", "0/1", 0)
	conditionsRoster(t, round, "cultists", "2/2", 32+cult)
	conditionsRoster(t, round, "bulls", "1/1", 69)
	r.has(round, "end of round 4: VP The Temple Wardens 0, The Horned Host 10")
	r.has(round, "the battle ends after 4 rounds (10 VP): total victory for The Horned Host, 0 - 10 VP")
	if tail := round[strings.Index(round, "end of round 4"):]; strings.Contains(tail, "d20") {
		t.Error("a desertion roll: the losing side has no surviving unit (U-72)")
	}
	r.has(round, "VP by objective (U-87): Hold the pass (The Temple Wardens) 0, Break the wardens (The Horned Host) 10")
}

// conditionsRoster checks the end-of-round table's row of unit: its stands and hp.
func conditionsRoster(t *testing.T, round, unit, stands string, hp int) {
	t.Helper()
	if !regexp.MustCompile(`\n` + unit + ` +The (Temple Wardens|Horned Host) +regiment \(march\) +` + stands + ` +` + strconv.Itoa(hp) + ` `).MatchString(round) {
		t.Errorf("%s's row is not %s stands, %d hp", unit, stands, hp)
	}
}
