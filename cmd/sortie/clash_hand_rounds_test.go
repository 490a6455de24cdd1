package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// handRound is round 1 of a bundled clash battle played as its golden is (seed 1, the bundled
// script), with the helpers the hand checks below share: the d20 faces and dice totals are the
// run's (read from its lines, each checked to lie within its dice's range); every modifier,
// total, range, outcome and hp is derived in the test from RULES.md Part U and the SRD stat
// blocks (schema/srd), not read.
type handRound struct {
	t            *testing.T
	head, round1 string // the lines before "round 1", and round 1 to "round 2"
}

func clashRoundOne(t *testing.T, name string) *handRound {
	t.Helper()
	dir := repo(t, "scenarios", "clash", name)
	code, out, errs := runMain("battle", dir, "--seed", "1", "--script", filepath.Join(dir, "script.yaml"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	out = joinWrapped(out) // the hand-worked lines are whole logical lines (the sink wraps at 120)
	start, end := strings.Index(out, "\nround 1\n"), strings.Index(out, "\nround 2\n")
	if start < 0 || end < start {
		t.Fatalf("no round 1 in:\n%s", out)
	}
	return &handRound{t: t, head: out[:start+1], round1: out[start+1 : end+1]}
}

// has fails the test unless where holds line as a whole line.
func (r *handRound) has(where, line string) {
	r.t.Helper()
	if !strings.Contains(where, "\n"+line+"\n") {
		r.t.Errorf("missing %q", line)
	}
}

// num reads the first number after prefix in where (a die's face, a dice total).
func (r *handRound) num(where, prefix string) int {
	r.t.Helper()
	m := regexp.MustCompile(regexp.QuoteMeta(prefix) + `(\d+)`).FindStringSubmatch(where)
	if m == nil {
		r.t.Fatalf("no %q line", prefix)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// all reads every number after prefix in where, in order.
func (r *handRound) all(where, prefix string) []int {
	var ns []int
	for _, m := range regexp.MustCompile(regexp.QuoteMeta(prefix)+`(\d+)`).FindAllStringSubmatch(where, -1) {
		n, _ := strconv.Atoi(m[1])
		ns = append(ns, n)
	}
	return ns
}

// dice reads the damage after prefix and checks it is a possible total of n dice of s sides
// plus k: n+k..n*s+k.
func (r *handRound) dice(where, prefix string, n, s, k int) int {
	r.t.Helper()
	v := r.num(where, prefix)
	if v < n+k || v > n*s+k {
		r.t.Errorf("%s%d: outside %dd%d%+d (%d..%d)", prefix, v, n, s, k, n+k, n*s+k)
	}
	return v
}

// initiative checks each "initiative WHO: d20 F + M = T" line of the head against the hand
// modifier (U-26) and returns the turn order those totals give: highest first, ties to the
// higher modifier, then file order (units before solos), the order who lists them in.
func (r *handRound) initiative(who []string, mod map[string]int) []string {
	r.t.Helper()
	total := map[string]int{}
	for _, u := range who {
		f := r.num(r.head, "initiative "+u+": d20 ")
		total[u] = f + mod[u]
		r.has(r.head, fmt.Sprintf("initiative %s: d20 %d %s = %d", u, f, signed(mod[u]), f+mod[u]))
	}
	order := append([]string(nil), who...)
	sort.SliceStable(order, func(i, j int) bool {
		a, b := order[i], order[j]
		if total[a] != total[b] {
			return total[a] > total[b]
		}
		return mod[a] > mod[b]
	})
	return order
}

// turns is round 1's "turn: WHO" lines in order.
func (r *handRound) turns() []string {
	var turns []string
	for _, l := range strings.Split(r.round1, "\n") {
		if u, ok := strings.CutPrefix(l, "turn: "); ok {
			turns = append(turns, u)
		}
	}
	return turns
}

// attack checks one attack line: its d20 (faces read; dis or adv takes the lower or higher,
// with why), the hand modifier and AC; natural 20 a critical hit, natural 1 a miss, otherwise a
// hit at total >= AC (U-34, U-76: 5e's attack roll). It returns whether the attack hit.
func (r *handRound) attack(who, target, weapon string, mod, ac int, roll, why string) bool {
	r.t.Helper()
	prefix := fmt.Sprintf("%s -> %s, %s: d20 ", who, target, weapon)
	var face int
	var d20 string
	switch roll {
	case "dis", "adv":
		a := r.num(r.round1, prefix+roll+" [")
		b := r.num(r.round1, fmt.Sprintf("%s%s [%d, ", prefix, roll, a))
		face = min(a, b)
		if roll == "adv" {
			face = max(a, b)
		}
		d20 = fmt.Sprintf("%s [%d, %d] (%s)", roll, a, b, why)
	default:
		face = r.num(r.round1, prefix)
		d20 = strconv.Itoa(face)
	}
	total := face + mod
	outcome, hit := "miss", false
	switch {
	case face == 20:
		outcome, hit = "critical hit", true
	case face != 1 && total >= ac:
		outcome, hit = "hit", true
	}
	r.has(r.round1, fmt.Sprintf("%s%s %s = %d vs AC %d: %s", prefix, d20, signed(mod), total, ac, outcome))
	return hit
}

// save checks one "WHO DEX|WIS save (WHY): d20 ..." line against DC dc (adv: the higher of two,
// for a skirmisher's Dexterity, U-8) and returns whether it succeeded.
func (r *handRound) save(who, ability, why string, mod, dc int, adv bool) bool {
	r.t.Helper()
	prefix := fmt.Sprintf("%s %s save (%s): d20 ", who, ability, why)
	face, d20 := 0, ""
	if adv {
		a := r.num(r.round1, prefix+"adv [")
		b := r.num(r.round1, fmt.Sprintf("%sadv [%d, ", prefix, a))
		face, d20 = max(a, b), fmt.Sprintf("adv [%d, %d] (skirmisher)", a, b)
	} else {
		face = r.num(r.round1, prefix)
		d20 = strconv.Itoa(face)
	}
	ok := face+mod >= dc
	r.has(r.round1, fmt.Sprintf("%s%s %s = %d vs DC %d: %s", prefix, d20, signed(mod), face+mod, dc, map[bool]string{true: "succeeds", false: "fails"}[ok]))
	return ok
}

func signed(n int) string {
	if n < 0 {
		return fmt.Sprintf("- %d", -n)
	}
	return fmt.Sprintf("+ %d", n)
}

// squares is the longest range in squares of a weapon or spell of ft feet (U-37): the square is
// in range if the range reaches 10 ft into it, max(1, floor((ft + 10) / 20)).
func squares(ft int) int { return max(1, (ft+10)/20) }

// manhattan is the distance between two squares (U-2: no diagonals).
func manhattan(x1, y1, x2, y2 int) int {
	return max(x1-x2, x2-x1) + max(y1-y2, y2-y1)
}

// burst lists, row by row, the squares within Manhattan radius of x, y: a sphere's or
// cylinder's area of radius ft (U-46 Default: floor(ft / 20) squares).
func burst(x, y, ft int) string {
	n := ft / 20
	var sq []string
	for j := y - n; j <= y+n; j++ {
		for i := x - n; i <= x+n; i++ {
			if manhattan(i, j, x, y) <= n {
				sq = append(sq, fmt.Sprintf("%d,%d", i, j))
			}
		}
	}
	return strings.Join(sq, " ")
}

// TestClashBridgeRoundOneByHand pairs the bridge.txt golden (TestClashBattleGolden, the same
// run) with round 1 worked out by hand (testdata/clash/README.md, "bridge.txt"): initiative
// (U-26), Destruction (U-67), a knight's critical, long range (U-37), Ice Storm's area (U-46),
// saves and half damage for a partly covered stand (U-43), overflow through casualties (U-56,
// U-57), attrition VP (U-66) and morale (U-62, U-63).
func TestClashBridgeRoundOneByHand(t *testing.T) {
	r := clashRoundOne(t, "bridge")
	// U-26, SRD Dex: guard 12 (+1), knight 11 (0), scout 14 (+2), hobgoblin 12 (+1), bugbear 14
	// (+2), goblin 14 (+2), ogre 8 (-1), mage 14 (+2). Ostric is unattached: he rolls alone.
	order := r.initiative([]string{"guards", "scouts", "hobgoblins", "goblins", "ogres", "ostric"}, map[string]int{
		"guards":     min(1, 0), // regiment: the lowest, guards and Maren (knight)
		"scouts":     2,         // skirmisher: the highest
		"hobgoblins": min(1, 2), // hobgoblins and Grask (bugbear)
		"goblins":    2,
		"ogres":      -1,
		"ostric":     2,
	})
	if got, want := strings.Join(r.turns(), " "), strings.Join(order, " "); got != want || want != "ogres hobgoblins guards goblins ostric scouts" {
		t.Errorf("round 1's turns %q; by the totals %q", got, want)
	}

	// U-67: a melee attack on a resource square hits automatically; ranged ones are rolled
	// against the objective's AC 10 (U-67 Default). Bridge 1 (7,4) has 24 hp and 3 VP. Hobgoblin
	// longsword and longbow 1d8+1 (+3 to hit), Grask's thrown javelin 1d6+2 (+4).
	r.has(r.round1, "hobgoblins 1 -> bridge 1, Longsword: hits the objective automatically")
	for _, h := range []string{"hobgoblins 2", "hobgoblins 3", "hobgoblins 4"} {
		if !r.attack(h, "bridge 1", "Longbow", 3, 10, "", "") {
			t.Errorf("%s missed: the hand trace has three hits", h)
		}
	}
	if !r.attack("grask", "bridge 1", "Javelin (thrown)", 4, 10, "", "") {
		t.Errorf("grask missed: the hand trace has a hit")
	}
	// Five hits: the longsword's and three longbows' 1d8+1 (2..9), the javelin's 1d6+2 (3..8).
	dmg := r.all(r.round1, "bridge 1 takes ")
	if len(dmg) != 5 {
		t.Fatalf("%d damage lines on bridge 1, want 5", len(dmg))
	}
	hp := 24
	for i, d := range dmg {
		if lo, hi := []int{2, 2, 2, 2, 3}[i], []int{9, 9, 9, 9, 8}[i]; d < lo || d > hi {
			t.Errorf("hit %d on bridge 1: %d outside %d..%d", i+1, d, lo, hi)
		}
		r.has(r.round1, fmt.Sprintf("bridge 1 takes %d damage: %d -> %d hp (objective)", d, hp, max(0, hp-d)))
		hp = max(0, hp-d)
	}
	if hp != 0 || dmg[0]+dmg[1]+dmg[2]+dmg[3] >= 24 {
		t.Errorf("bridge 1 at %d hp after %v; by hand 24 - 7 - 6 - 6 - 3 = 2 before the javelin's 8", hp, dmg)
	}
	r.has(r.round1, "Grask's warband scores 3 VP (Break the bridge: destroyed bridge 1): 3 VP")

	// Maren (knight, greatsword +5, 2d6+3) on ogres 2 (AC 11, 59 hp): a hit, then a natural 20,
	// a critical hit (U-76: twice the dice, 4d6+3).
	r.has(r.round1, "maren incites guards: d20 2 + 2 = 4 vs DC 15: fails") // knight Cha 15: +2 (U-14)
	r.attack("maren", "ogres 2", "Greatsword", 5, 11, "", "")
	one := r.dice(r.round1, "ogres 2 takes ", 2, 6, 3)
	r.has(r.round1, fmt.Sprintf("ogres 2 takes %d damage: 59 -> %d hp", one, 59-one))
	two := r.dice(r.round1, fmt.Sprintf("ogres 2 takes %d damage: 59 -> %d hp\nmaren -> ogres 2, Greatsword: d20 20 + 5 = 25 vs AC 11: critical hit\nogres 2 takes ", one, 59-one), 4, 6, 3)
	r.has(r.round1, fmt.Sprintf("ogres 2 takes %d damage: %d -> %d hp", two, 59-one, 59-one-two))

	// U-37: the goblins' shortbow (80/320 ft) reaches 4 squares at normal range. Bridge 1 (7,4)
	// fell on the hobgoblins' turn and is now difficult (U-67, U-20: 2 to enter, U-18), which the
	// goblins' goal fields see (they used to cost it 1 until the wardens next moved); they stop
	// at 3,5, 4,3 and 4,5: bridge 4 (8,5) is 5 and 6 squares from the first two (long range,
	// disadvantage) and 4 from goblins 3 (normal range). +4 vs AC 10.
	short := squares(80)
	from := map[string]string{"goblins 1": "3,0", "goblins 2": "2,1", "goblins 3": "3,2"}
	hits := 0
	for _, g := range []struct {
		who  string
		x, y int
		long bool
	}{{"goblins 1", 3, 5, true}, {"goblins 2", 4, 3, true}, {"goblins 3", 4, 5, false}} {
		if !strings.Contains(r.round1, fmt.Sprintf("\n%s: %s -> %d,%d (", g.who, from[g.who], g.x, g.y)) {
			t.Errorf("%s does not stop at %d,%d", g.who, g.x, g.y)
		}
		if d := manhattan(g.x, g.y, 8, 5); (d > short) != g.long {
			t.Fatalf("the derivation: %s %d squares from bridge 4 (normal range %d), long %v", g.who, d, short, g.long)
		}
		roll, why := "", ""
		if g.long {
			roll, why = "dis", "long range"
		}
		if r.attack(g.who, "bridge 4", "Shortbow", 4, 10, roll, why) {
			hits++
		}
	}
	bridge4 := 24
	dmg = r.all(r.round1, "bridge 4 takes ")
	if len(dmg) != hits {
		t.Fatalf("%d hits on bridge 4, %d damage lines", hits, len(dmg))
	}
	for _, d := range dmg {
		if d < 3 || d > 8 {
			t.Errorf("%d outside the shortbow's 1d6+2", d)
		}
		r.has(r.round1, fmt.Sprintf("bridge 4 takes %d damage: %d -> %d hp (objective)", d, bridge4, bridge4-d))
		bridge4 -= d
	}
	if hits != 2 || bridge4 != 24-5-6 {
		t.Errorf("bridge 4 at %d hp after %d hits; by hand two hits, 24 - 5 - 6 = 13", bridge4, hits)
	}

	// U-46 Default: Ice Storm's 20-ft cylinder covers its origin square and the squares within
	// Manhattan 1. Mage DC 14; 2d8 + 4d6 (6..40), half on a save, floor. On 4,4 it covers
	// hobgoblins 4 (4,4), hobgoblins 2 (5,4, Grask with it), goblins 2 (4,3) and goblins 3 (4,5).
	r.has(r.round1, "ostric casts Ice Storm on "+burst(4, 4, 20))
	storm := r.num(r.round1, "hobgoblins 2 takes ")
	if storm < 2+4 || storm > 16+24 {
		t.Fatalf("Ice Storm %d outside 2d8 + 4d6", storm)
	}
	half := storm / 2
	if r.save("hobgoblins 2", "DEX", "Ice Storm", 1, 14, false) {
		t.Fatal("the hand trace has hobgoblins 2 fail")
	}
	// U-56/U-57: hobgoblins 2 (11 hp) takes 19: a casualty, 19 - 11 = 8 over into the adjacent
	// hobgoblins 1 (6,4: 11 -> 3). Grask, joined to it (bugbear Dex +2, 27 hp), fails: 27 - 19.
	// Hobgoblins 4 fails: a casualty, 8 over into hobgoblins 2 (a casualty: absorbs 1, U-57),
	// 7 on into hobgoblins 1 (3 -> 0).
	r.has(r.round1, fmt.Sprintf("hobgoblins 2 takes %d damage: 11 -> 0 hp (spell), a casualty", storm))
	r.has(r.round1, fmt.Sprintf("%d damage overflows from hobgoblins 2 to hobgoblins 1", storm-11))
	h1 := 11 - (storm - 11)
	r.has(r.round1, fmt.Sprintf("hobgoblins 1 takes %d damage: 11 -> %d hp (overflow)", storm-11, h1))
	if r.save("grask", "DEX", "Ice Storm", 2, 14, false) {
		t.Fatal("the hand trace has grask fail")
	}
	r.has(r.round1, fmt.Sprintf("grask takes %d damage: 27 -> %d hp", storm, 27-storm))
	if r.save("hobgoblins 4", "DEX", "Ice Storm", 1, 14, false) {
		t.Fatal("the hand trace has hobgoblins 4 fail")
	}
	r.has(r.round1, fmt.Sprintf("hobgoblins 4 takes %d damage: 11 -> 0 hp (spell), a casualty", storm))
	r.has(r.round1, fmt.Sprintf("%d damage overflows from hobgoblins 4 to hobgoblins 2", storm-11))
	r.has(r.round1, fmt.Sprintf("hobgoblins 2, already a casualty, absorbs 1 of %d damage (overflow)", storm-11))
	r.has(r.round1, fmt.Sprintf("%d damage overflows from hobgoblins 2 to hobgoblins 1\nhobgoblins 1 takes %d damage: %d -> 0 hp (overflow), a casualty", storm-12, storm-12, h1))
	// Goblins (skirmishers) save with advantage (U-8) at goblin Dex +2; goblin 7 hp. Goblins 2
	// saves: half, 7 -> 0, and no stand of its unit is adjacent to 4,3 (U-56: no overflow).
	// Goblins 3 fails: 19 - 7 = 12 over into goblins 1, adjacent at 3,5.
	if !r.save("goblins 2", "DEX", "Ice Storm", 2, 14, true) {
		t.Fatal("the hand trace has goblins 2 save")
	}
	r.has(r.round1, fmt.Sprintf("goblins 2 takes %d damage: 7 -> 0 hp (spell), a casualty", half))
	if strings.Contains(r.round1, "overflows from goblins 2") {
		t.Error("goblins 2 at 4,3 has no adjacent goblin stand: no overflow (U-56)")
	}
	if r.save("goblins 3", "DEX", "Ice Storm", 2, 14, true) {
		t.Fatal("the hand trace has goblins 3 fail")
	}
	r.has(r.round1, fmt.Sprintf("goblins 3 takes %d damage: 7 -> 0 hp (spell), a casualty", storm))
	r.has(r.round1, fmt.Sprintf("%d damage overflows from goblins 3 to goblins 1\ngoblins 1 takes %d damage: 7 -> 0 hp (overflow), a casualty", storm-7, storm-7))
	// Ogres 1 (Large: 2x2 from 5,5) has no square in the area: untouched.
	r.has(r.round1, "ogres 1: 1,7 -> 5,5 (7 squares, 35 ft of speed)")
	if strings.Contains(r.round1, "ogres 1 takes ") {
		t.Error("ogres 1 (5..6, 5..6) is outside Ice Storm on 4,4")
	}

	// The scouts (longbow 150 ft: 8 squares, +4) shoot from 14,7 at hobgoblins 3 (6,3), the
	// only hobgoblin not a casualty, 12 away: long range. AC 18 (hobgoblin).
	if d := manhattan(14, 7, 6, 3); d <= squares(150) {
		t.Fatalf("the derivation: %d within %d", d, squares(150))
	}
	r.has(r.round1, "scouts 2: 12,7 -> 14,7 (3 squares, 15 ft of speed)")
	scoutHit := r.attack("scouts 2", "hobgoblins 3", "Longbow", 4, 18, "dis", "long range")

	// End of round (U-59): the goblins are gone: the wardens' attrition VP for them, 2 (U-66).
	// The hobgoblins lost 3 of 4 stands, at least half: DC 10 Wisdom, hobgoblin Wis 10 (+0);
	// failing, they break (U-62, U-63).
	r.has(r.round1, "Wardens of the Ash scores 2 VP (Drive them off: goblins eliminated): 2 VP")
	if !scoutHit && !r.save("hobgoblins", "WIS", "morale", 0, 10, false) {
		r.has(r.round1, "hobgoblins breaks: it may only Retreat")
	}
	r.has(r.round1, "end of round 1: VP Wardens of the Ash 2, Grask's warband 3")
}

// plainAttacks checks every attack line of who on target with weapon rolled without advantage
// or disadvantage (as attack does) and returns how many there are and how many hit.
func (r *handRound) plainAttacks(who, target, weapon string, mod, ac int) (n, hits int) {
	r.t.Helper()
	prefix := fmt.Sprintf("%s -> %s, %s: d20 ", who, target, weapon)
	for _, face := range r.all(r.round1, prefix) {
		total, outcome := face+mod, "miss"
		switch {
		case face == 20:
			outcome = "critical hit"
		case face != 1 && total >= ac:
			outcome = "hit"
		}
		if outcome != "miss" {
			hits++
		}
		n++
		r.has(r.round1, fmt.Sprintf("%s%d %s = %d vs AC %d: %s", prefix, face, signed(mod), total, ac, outcome))
	}
	return n, hits
}

// TestClashHillRoundOneByHand pairs the hill.txt golden (TestClashBattleGolden, the same run)
// with round 1 worked out by hand (testdata/clash/README.md, "hill.txt"): initiative and its tie
// (U-26), climbing (U-23), Dash (U-49), Fireball's area (U-46) and overflow through casualties
// (U-56, U-57), a cantrip at caster level 3, long range (U-37), martial advantage, a skirmisher's
// saves (U-8), attrition and custom-objective VP (U-66, U-69), and no morale check (U-62).
func TestClashHillRoundOneByHand(t *testing.T) {
	r := clashRoundOne(t, "hill")
	// U-26, SRD Dex: thug 11 (0), knight 11 (0), scout 14 (+2), apprentice 12 (+1, the
	// scenario's own block), hobgoblin 12 (+1), mage 14 (+2), orc 12 (+1), dire wolf 15 (+2),
	// ogre 8 (-1). Vessa and Borg are unattached: they roll alone.
	order := r.initiative([]string{"pikes", "bows", "adepts", "legion", "orcs", "wolves", "vessa", "borg"}, map[string]int{
		"pikes":  min(0, 0), // thugs and Orrin (knight)
		"bows":   2,
		"adepts": 1,
		"legion": min(1, 2), // hobgoblins and Khar (mage)
		"orcs":   1,
		"wolves": 2,
		"vessa":  2,
		"borg":   -1,
	})
	// Vessa (13 + 2) and the adepts (14 + 1) tie at 15: the higher modifier first.
	if got, want := strings.Join(r.turns(), " "), strings.Join(order, " "); got != want || want != "orcs vessa adepts borg pikes wolves legion bows" {
		t.Errorf("round 1's turns %q; by the totals %q", got, want)
	}

	// U-49, U-3: the orcs (30 ft: 6 squares) Dash: 12. Each climbs onto the 20-ft slope (x 4..9,
	// y 3..8) once: U-23, 1 more square; its path is otherwise clear: Manhattan + 1.
	for _, o := range []struct {
		who            string
		x0, y0, x1, y1 int
	}{{"orcs 3", 3, 10, 4, 7}, {"orcs 2", 2, 10, 4, 8}, {"orcs 1", 1, 10, 5, 8}} {
		cost := manhattan(o.x0, o.y0, o.x1, o.y1) + 1
		if cost > 2*6 {
			t.Fatalf("the derivation: %s %d squares past its Dash", o.who, cost)
		}
		r.has(r.round1, fmt.Sprintf("%s: %d,%d -> %d,%d (%d squares, %d ft of speed)", o.who, o.x0, o.y0, o.x1, o.y1, cost, 5*cost))
	}

	// Vessa's Fireball (20-ft sphere: U-46 Default, Manhattan 1 around 4,8), 8d6, DC 14; orc Dex
	// +1, 15 hp. Every orc fails. Orcs 1: a casualty, 35 - 15 = 20 over into orcs 2 (one hop, the
	// rest lost); orcs 2's own 35 on a casualty: 1 absorbed (U-57), 34 into orcs 3; orcs 3's: 1,
	// 34 into orcs 2, which absorbs 1 and passes 33 to orcs 1, which absorbs 1: none left.
	r.has(r.round1, "vessa casts Fireball on "+burst(4, 8, 20))
	fb := r.num(r.round1, "orcs 1 takes ")
	if fb < 8 || fb > 48 {
		t.Fatalf("Fireball %d outside 8d6", fb)
	}
	for _, o := range []string{"orcs 1", "orcs 2", "orcs 3"} {
		if r.save(o, "DEX", "Fireball", 1, 14, false) {
			t.Fatalf("%s saved: the hand trace has every orc fail", o)
		}
	}
	r.has(r.round1, fmt.Sprintf("orcs 1 takes %d damage: 15 -> 0 hp (spell), a casualty", fb))
	r.has(r.round1, fmt.Sprintf("%d damage overflows from orcs 1 to orcs 2\norcs 2 takes %d damage: 15 -> 0 hp (overflow), a casualty", fb-15, fb-15))
	r.has(r.round1, fmt.Sprintf("orcs 2, already a casualty, absorbs 1 of %d damage (spell)\n%d damage overflows from orcs 2 to orcs 3", fb, fb-1))
	r.has(r.round1, fmt.Sprintf("orcs 3 takes %d damage: 15 -> 0 hp (overflow), a casualty", fb-1))
	r.has(r.round1, fmt.Sprintf("orcs 3, already a casualty, absorbs 1 of %d damage (spell)\n%d damage overflows from orcs 3 to orcs 2", fb, fb-1))
	r.has(r.round1, fmt.Sprintf("orcs 2, already a casualty, absorbs 1 of %d damage (overflow)\n%d damage overflows from orcs 2 to orcs 1", fb-1, fb-2))
	r.has(r.round1, fmt.Sprintf("orcs 1, already a casualty, absorbs 1 of %d damage (overflow)\nturn: adepts", fb-2))

	// The adepts cast Fire Bolt (+4; a cantrip at caster level 3: 1d10, not yet 2d10) at legion
	// 4 (hobgoblin AC 18, 11 hp) and wolves 1 (dire wolf AC 14, 37 hp).
	if r.attack("adepts 1", "legion 4", "Fire Bolt", 4, 18, "", "") {
		d := r.dice(r.round1, "legion 4 takes ", 1, 10, 0)
		r.has(r.round1, fmt.Sprintf("legion 4 takes %d damage: 11 -> %d hp (spell)", d, 11-d))
	}
	if r.attack("adepts 2", "wolves 1", "Fire Bolt", 4, 14, "", "") {
		d := r.dice(r.round1, "wolves 1 takes ", 1, 10, 0)
		r.has(r.round1, fmt.Sprintf("wolves 1 takes %d damage: 37 -> %d hp (spell)", d, 37-d))
	}

	// Borg (ogre, 40 ft: 8 squares) and the dire wolves (50 ft: 10) Dash: at most 16 and 20.
	if c := r.num(r.round1, "borg: 0,2 -> 6,7 ("); c > 2*8 {
		t.Errorf("borg moves %d squares, past 16", c)
	}
	for _, w := range []string{"wolves 1: 10,9 -> 9,5 (", "wolves 2: 12,9 -> 8,7 ("} {
		if c := r.num(r.round1, w); c > 2*10 {
			t.Errorf("%s%d squares, past 20", w, c)
		}
	}

	// Orrin (knight Cha 15: +2) fails to Incite (U-14); his heavy crossbow (100 ft: 5 squares,
	// +2) from pikes 2 (7,5) at legion 4 (5,10), 7 away: long range, the lower d20.
	r.has(r.round1, "orrin incites pikes: d20 9 + 2 = 11 vs DC 15: fails")
	if d := manhattan(7, 5, 5, 10); d <= squares(100) {
		t.Fatalf("the derivation: %d within %d", d, squares(100))
	}
	r.attack("orrin", "legion 4", "Heavy Crossbow", 2, 18, "dis", "long range")

	// The legion (Khar: mage Cha 11, 0) fails to Incite; its longbows (+3, 8 squares: adepts 1 at
	// 8,5 is 7 from legion 1 at 5,9) at the adepts (AC 11, 13 hp), with martial advantage beside
	// the dire wolves: 1d8+1 + 2d6, 4..21. Adepts 1 and 2 are 2 apart (8,5 and 9,4): not
	// adjacent, no overflow between them (U-56).
	r.has(r.round1, "khar incites legion: d20 3 + 0 = 3 vs DC 15: fails")
	if d := manhattan(5, 9, 8, 5); d > squares(150) {
		t.Fatalf("the derivation: %d past %d", d, squares(150))
	}
	adept := 13
	for _, l := range []string{"legion 1", "legion 2"} {
		if !r.attack(l, "adepts 1", "Longbow", 3, 11, "", "") {
			t.Fatalf("%s missed: the hand trace has it hit", l)
		}
	}
	ma := r.all(r.round1, "adepts 1 takes ")
	if len(ma) != 2 {
		t.Fatalf("%d damage lines on adepts 1, want 2", len(ma))
	}
	for i, d := range ma {
		if d < 4 || d > 21 {
			t.Errorf("%d outside 1d8+1 + 2d6", d)
		}
		r.has(r.round1, fmt.Sprintf("adepts 1 takes %d damage: %d -> %d hp (attack, martial advantage)%s", d, adept, max(0, adept-d), map[bool]string{true: ", a casualty", false: ""}[adept-d <= 0]))
		adept = max(0, adept-d)
		if i == 1 && adept != 0 {
			t.Errorf("adepts 1 at %d hp after %v; by hand 13 - 10 = 3, then 5 >= 3", adept, ma)
		}
	}
	if r.attack("legion 3", "adepts 2", "Longbow", 3, 11, "", "") {
		d := r.num(r.round1, "adepts 2 takes ")
		if d < 4 || d > 21 {
			t.Errorf("%d outside 1d8+1 + 2d6", d)
		}
		r.has(r.round1, fmt.Sprintf("adepts 2 takes %d damage: 13 -> %d hp (attack, martial advantage)%s", d, max(0, 13-d), map[bool]string{true: ", a casualty", false: ""}[13-d <= 0]))
	}
	if strings.Contains(r.round1, "overflows from adepts") {
		t.Error("overflow between adepts 1 and 2, which are not adjacent")
	}

	// Khar's Fireball (origin 5,6): pikes 3 (thug Dex 11, 0; 32 hp) fails: all of it; the bows
	// (scout Dex 14, +2, skirmishers: advantage, U-8; 16 hp) save: half, floor.
	r.has(r.round1, "khar casts Fireball on "+burst(5, 6, 20))
	kf := r.num(r.round1, "pikes 3 takes ")
	if kf < 8 || kf > 48 {
		t.Fatalf("Fireball %d outside 8d6", kf)
	}
	if !r.save("pikes 3", "DEX", "Fireball", 0, 14, false) {
		r.has(r.round1, fmt.Sprintf("pikes 3 takes %d damage: 32 -> %d hp (spell)", kf, 32-kf))
	}
	for _, b := range []string{"bows 1", "bows 2", "bows 3"} {
		if !r.save(b, "DEX", "Fireball", 2, 14, true) {
			t.Fatalf("%s failed: the hand trace has every bow save", b)
		}
		r.has(r.round1, fmt.Sprintf("%s takes %d damage: 16 -> %d hp (spell)", b, kf/2, 16-kf/2))
	}

	// The bows: two longbow shots each (+4, multiattack) at legion 4 (AC 18), within 8 squares
	// (bows 1 at 4,4: 1 + 6 = 7): no disadvantage. The run's faces all miss.
	if d := manhattan(4, 4, 5, 10); d > squares(150) {
		t.Fatalf("the derivation: %d past %d", d, squares(150))
	}
	for _, b := range []string{"bows 1", "bows 2", "bows 3"} {
		if n, hits := r.plainAttacks(b, "legion 4", "Longbow", 4, 18); n != 2 || hits != 0 {
			t.Errorf("%s: %d shots, %d hits; by hand two misses", b, n, hits)
		}
	}

	// End of round (U-59): the orcs are gone, 3 VP to the garrison (U-66: the scenario's
	// attrition); the hilltop holds garrison stands and none of the legion's: 1 VP (U-69). The
	// adepts, the garrison's, give the legion nothing (its attrition names pikes and bows). No
	// surviving unit lost half its stands: no morale check (U-62).
	r.has(r.round1, "The Gallows garrison scores 3 VP (Repel the legion: orcs eliminated): 3 VP")
	r.has(r.round1, "The Gallows garrison scores 1 VP (Hold the hilltop: achieved): 4 VP")
	if strings.Contains(r.round1, "(morale)") {
		t.Error("a morale check in round 1, where no surviving unit lost half its stands")
	}
	r.has(r.round1, "end of round 1: VP The Gallows garrison 4, The Ninth Legion of Khar 0")
}
