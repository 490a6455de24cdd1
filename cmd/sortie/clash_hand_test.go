package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestClashFieldRoundOneByHand pairs the field.txt golden (TestClashBattleGolden, the same run:
// seed 1 and the bundled script) with values worked out by hand from RULES.md Part U and the SRD
// stat blocks (testdata/clash/README.md, "field.txt"). The d20 faces are the run's (read from its
// lines); every modifier, total, range, hit, hp and overflow below is derived here, not read.
func TestClashFieldRoundOneByHand(t *testing.T) {
	dir := repo(t, "scenarios", "clash", "field")
	code, out, errs := runMain("battle", dir, "--seed", "1", "--script", filepath.Join(dir, "script.yaml"))
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	start, end := strings.Index(out, "\nround 1\n"), strings.Index(out, "\nround 2\n")
	if start < 0 || end < start {
		t.Fatalf("no round 1 in:\n%s", out)
	}
	head, round1 := out[:start+1], out[start+1:end+1]
	has := func(where, line string) {
		t.Helper()
		if !strings.Contains(where, "\n"+line+"\n") {
			t.Errorf("missing %q", line)
		}
	}
	signed := func(n int) string {
		if n < 0 {
			return fmt.Sprintf("- %d", -n)
		}
		return fmt.Sprintf("+ %d", n)
	}
	face := func(where, prefix string) int {
		t.Helper()
		m := regexp.MustCompile(regexp.QuoteMeta(prefix) + `(\d+)`).FindStringSubmatch(where)
		if m == nil {
			t.Fatalf("no %q line", prefix)
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}

	// U-26: a regiment's initiative modifier is the lowest Dex modifier of its stands and joined
	// solos, a skirmisher's the highest. SRD Dex: guard 12 (+1), knight 11 (0), thug 11 (0),
	// veteran 13 (+1), scout 14 (+2), orc 12 (+1), ogre 8 (-1), gnoll 12 (+1), bugbear 14 (+2),
	// wolf 15 (+2).
	mods := []struct {
		unit string
		mod  int
	}{
		{"spears", min(1, 0)},  // guards, Aldric (knight)
		{"militia", min(0, 1)}, // thugs, Hesta (veteran)
		{"archers", 2},         // scouts
		{"axes", min(1, -1)},   // orcs, Ugruk (ogre)
		{"gnolls", min(1, 2)},  // gnolls, Skarn (bugbear)
		{"wolves", 2},          // wolves
	}
	total := map[string]int{}
	for _, m := range mods {
		f := face(head, "initiative "+m.unit+": d20 ")
		total[m.unit] = f + m.mod
		has(head, fmt.Sprintf("initiative %s: d20 %d %s = %d", m.unit, f, signed(m.mod), f+m.mod))
	}
	// Turns go by initiative, highest first: with the faces 11, 1, 14, 4, 19, 4 that is gnolls 20,
	// archers 16, spears 11, wolves 6, axes 3, militia 1.
	var turns []string
	for _, l := range strings.Split(round1, "\n") {
		if u, ok := strings.CutPrefix(l, "turn: "); ok {
			turns = append(turns, u)
		}
	}
	for i := 1; i < len(turns); i++ {
		if total[turns[i-1]] < total[turns[i]] {
			t.Errorf("turn order %v: %s (%d) before %s (%d)", turns, turns[i-1], total[turns[i-1]], turns[i], total[turns[i]])
		}
	}
	if got := strings.Join(turns, " "); got != "gnolls archers spears wolves axes militia" {
		t.Errorf("round 1's turns: %s", got)
	}

	// U-37: a range in squares is max(1, floor((ft + 10) / 20)): the longbow's 150 ft is 8
	// squares. Gnolls 1 at 12,3 and spears 1 at 2,4 are |12-2| + |3-4| = 11 apart (U-2), past 8:
	// long range, disadvantage (the lower of two d20). Gnoll longbow +3 against a guard's AC 16
	// (chain shirt 13 + Dex 1 + shield 2).
	longbow := max(1, (150+10)/20)
	if dist := 10 + 1; dist <= longbow {
		t.Fatalf("the derivation: %d squares within %d", dist, longbow)
	}
	a := face(round1, "gnolls 1 -> spears 1, Longbow: d20 dis [")
	b := face(round1, fmt.Sprintf("gnolls 1 -> spears 1, Longbow: d20 dis [%d, ", a))
	roll := min(a, b) + 3
	has(round1, fmt.Sprintf("gnolls 1 -> spears 1, Longbow: d20 dis [%d, %d] (long range) + 3 = %d vs AC 16: %s", a, b, roll, map[bool]string{true: "hit", false: "miss"}[roll >= 16]))
	// It hits (14 + 3 = 17) for 6 of a guard's 11 hp, then gnolls 4's hit for 2: 11 - 6 = 5, 5 - 2 = 3.
	has(round1, fmt.Sprintf("spears 1 takes 6 damage: %d -> %d hp", 11, 11-6))
	has(round1, fmt.Sprintf("spears 1 takes 2 damage: %d -> %d hp", 11-6, 11-6-2))

	// Archers 1 at 3,0 on wolves 1 at 10,1: 7 + 1 = 8 squares, within the longbow's 8: normal range,
	// no disadvantage. Its two hits of 7 and 10 on a wolf (11 hp, AC 13): 11 - 7 = 4, then 10 on 4
	// leaves it a casualty with 10 - 4 = 6 over, into wolves 3 (U-56): 11 - 6 = 5.
	if dist := 7 + 1; dist > longbow {
		t.Fatalf("the derivation: %d squares past %d", dist, longbow)
	}
	has(round1, fmt.Sprintf("wolves 1 takes 7 damage: 11 -> %d hp", 11-7))
	has(round1, fmt.Sprintf("wolves 1 takes 10 damage: %d -> 0 hp, a casualty", 11-7))
	has(round1, fmt.Sprintf("%d damage overflows from wolves 1 to wolves 3", 10-(11-7)))
	has(round1, fmt.Sprintf("wolves 3 takes %d damage: 11 -> %d hp (overflow)", 10-(11-7), 11-(10-(11-7))))

	// End of round (U-59, U-62): the wolves lost 2 of 3 stands, at least half: a DC 10 Wisdom save
	// (wolf Wis 12: +1). The spears keep spears 2 (11 - 1 from axes 3's overflow) and spears 3:
	// 10 + 11 = 21 hp on 2 of 3 stands.
	w := face(round1, "wolves WIS save (morale): d20 ")
	has(round1, fmt.Sprintf("wolves WIS save (morale): d20 %d + 1 = %d vs DC 10: %s", w, w+1, map[bool]string{true: "succeeds", false: "fails"}[w+1 >= 10]))
	if !regexp.MustCompile(`\nspears +The March of Harrow +regiment \(aid\) +2/3 +21 `).MatchString(round1) {
		t.Errorf("the spears are not 2/3 stands, 21 hp, at the end of round 1:\n%s", round1)
	}
}
