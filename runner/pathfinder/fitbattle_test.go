package pathfinder_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// What last session's reviewer wrote (issue 24, done-when 3: a GM reads every table at 120
// columns): a 43-character army id, a 60-character side name against 42 CJK characters (84
// columns), in a battle whose heading "battle TITLE: A vs B" was 150 columns and whose tables were
// 145-170. Every line of the transcript, heading, tables and winner, is at most 120 display
// columns (P-15: the battle's log), and the long names are all still there, whole or broken
// across lines.
func TestBattleTextFits120(t *testing.T) {
	id := "knightsOfTheEagleWatchFromDrezenAndKenabres" // 43 characters
	side := "The Fifth Crusade under Queen Galfrey and the Eagle Watch ok"
	cjk := strings.Repeat("十字軍の騎士団", 6)
	if len(id) != 43 || len(side) != 60 || runner.DisplayWidth(cjk) != 84 {
		t.Fatalf("test data: %d, %d, %d", len(id), len(side), runner.DisplayWidth(cjk))
	}
	for _, c := range []struct{ a, b string }{{side, "Deskari"}, {cjk, "Deskari"}, {side, cjk}} {
		_, b := compilePF(t, `
package s
kind: "battle", rules: "pathfinder", id: "crusade", version: 1
title: "Crusaders at the Charnel Field"
sides: [{name: "`+c.a+`", armies: `+id+`: {size: "Medium", cr: 3, hitDie: "d10", tactics: ["Expert Flankers"],
		resources: {armor: "improved", weapons: "improved"}, abilities: [{name: "smite evil"}]}},
	{name: "`+c.b+`", armies: ghouls: {size: "Large", cr: 1, hitDie: "d8", abilities: [{name: "undead"}]}}]
`)
		var out bytes.Buffer
		if _, err := pathfinder.RunBattle(b, pathfinder.BattleOptions{Seed: 1, Out: &out}); err != nil {
			t.Fatal(err)
		}
		text := out.String()
		for _, l := range strings.Split(text, "\n") {
			if w := runner.DisplayWidth(l); w > 120 {
				t.Errorf("%s vs %s: a line of %d columns: %q", c.a, c.b, w, l)
			}
		}
		flat := strings.Join(strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\n' || r == '|' }), "")
		for _, name := range []string{id, strings.ReplaceAll(c.a, " ", ""), strings.ReplaceAll(c.b, " ", "")} {
			if !strings.Contains(flat, name) {
				t.Errorf("%s vs %s: %q lost from the transcript:\n%s", c.a, c.b, name, text)
			}
		}
		if !strings.Contains(text, "winner:") {
			t.Errorf("no winner line:\n%s", text)
		}
	}
}
