package karzoral

import (
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// K-23: the players' end table shows an army as they last knew it. The seed: 「離れた場所にいるＰＣ
// がその存在、及び移動を知るには、魔動天使がエンジェルオーダー【〆航天俯瞰】を使用しなければなりません」:
// never seen -> "not seen"; a survey (strength 0: not told) -> "strength not known"; seen in the
// party's block -> "in view"; seen beaten or leaving -> gone.
func TestPartyEndArmyRowsK23(t *testing.T) {
	b11, b03 := "11", "03"
	for _, c := range []struct {
		a    *ArmySeen
		want string
	}{
		{nil, "enemy, not seen"},
		{&ArmySeen{ID: "w", Block: &b11, Day: 2}, "enemy, strength not known, at 11, last seen on day 2"},
		{&ArmySeen{ID: "w", Block: &b03, Day: 3, Strength: 60}, "enemy, strength 60 at 03, last seen on day 3"},
		{&ArmySeen{ID: "w", Block: &b03, Day: 5, Strength: 20, InView: true}, "enemy, strength 20 at 03, in view"},
		{&ArmySeen{ID: "w", Day: 4}, "enemy, gone from the field (seen on day 4)"},
	} {
		if got := armyRowSeen("enemy", c.a); got != c.want {
			t.Errorf("K-23 %+v: %q, want %q", c.a, got, c.want)
		}
	}
}

// K-23 (issue 22 D3): the party's own block is in its sight (K-23 Default), so an army last seen
// there and gone from it is no longer drawn or listed there. Field 1's lose script, by hand: the
// angel's survey on day 1 (camp phase) places the mercenaries at 01, strength not told; their
// route (01 01 01 03 05 09) takes them to 03 on day 3; the party walks the road a block a day and
// stands in 01 on day 4, where they are not. The end row (day 5) says so; before, it said "at 01, last seen on day 1".
func TestPartyBlockEmptiedK23(t *testing.T) {
	s, list, err := runner.LoadScript("../../testdata/runner/field01-lose.yaml")
	if err != nil || list.HasErrors() {
		t.Fatal(err, list)
	}
	_, c, err := run(t, field01(), s)
	if err != nil {
		t.Fatal(err)
	}
	ends := eventsOf[*PartyEndEvent](c)
	if len(ends) != 1 {
		t.Fatalf("party end: %+v", ends)
	}
	var row string
	for i := range ends[0].Armies {
		if a := &ends[0].Armies[i]; a.ID == "mercenaries" {
			row = armyRowSeen("friendly", a)
		}
	}
	if want := "friendly, strength not known, not at 01 any more (last seen there on day 1, gone by day 4)"; row != want {
		t.Errorf("K-23: %q, want %q", row, want)
	}
}
