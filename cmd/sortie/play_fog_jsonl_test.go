package main

import (
	"strings"
	"testing"
)

// TestClashPlayFogJSONLSecondStand (issue 23 review; U-50, U-56, U-80): the wardens' JSON Lines
// of bridge's skulk opening (seed 1) go through the same fog as their text. Worked by hand as in
// TestClashPlayHidesHiddenEnemy: the 9 damage that overflows out of hidden goblins 3 into
// goblins 1 is goblins 1's damage of the Ice Storm they saw cast ("cause":"spell", not
// "overflow", and no overflow line naming goblins 3), and goblins 3 is never revealed to them; the GM's stream (--play all) has all three.
func TestClashPlayFogJSONLSecondStand(t *testing.T) {
	args := []string{"battle", repo(t, "scenarios", "clash", "bridge", "bridge.cue"), "--script", repo(t, "scenarios", "clash", "bridge", "skulk.yaml"),
		"--seed", "1", "--format", "jsonl"}
	const plain = `{"type":"clash.damage","target":"goblins 1","amount":9,"before":7,"hp":0,"cause":"spell","casualty":true}`
	const over = `{"type":"clash.damage","target":"goblins 1","amount":9,"before":7,"hp":0,"cause":"overflow","casualty":true}`
	const flow = `{"type":"clash.overflow","from":"goblins 3","to":"goblins 1","amount":9}`
	const spotted = `{"type":"clash.reveal","who":"goblins 3","why":"spotted"}`
	for _, c := range []struct {
		play string
		want []string
		not  []string
	}{
		{"wardens", []string{plain}, []string{over, flow, spotted, `"goblins 3","ability"`}},
		{"all", []string{over, flow, spotted}, []string{plain}},
	} {
		_, stdout, _ := run(t, strings.Repeat("\n", 400), append(args, "--play", c.play)...)
		for _, w := range c.want {
			if !strings.Contains(stdout, w+"\n") {
				t.Errorf("--play %s: no line %s", c.play, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(stdout, n) {
				t.Errorf("--play %s: shows %s", c.play, n)
			}
		}
	}
}
