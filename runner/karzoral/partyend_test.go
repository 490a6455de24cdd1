package karzoral

import "testing"

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
