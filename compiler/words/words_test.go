package words

import "testing"

// TestCount: the counted nouns of sortie's messages, worked by hand (issue 20: "1 errors",
// "1 balance checks", "1 finding(s)").
func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "error", "0 errors"},
		{1, "error", "1 error"},
		{2, "error", "2 errors"},
		{1, "balance check", "1 balance check"},
		{3, "balance check", "3 balance checks"},
		{1, "finding", "1 finding"},
		{-1, "day", "-1 day"},
		{2, "day", "2 days"},
		{2, "army", "2 armies"},
		{2, "pass", "2 passes"},
		{2, "box", "2 boxes"},
		{2, "match", "2 matches"},
		{2, "battle", "2 battles"},
	} {
		if got := Count(c.n, c.noun); got != c.want {
			t.Errorf("Count(%d, %q) = %q, want %q", c.n, c.noun, got, c.want)
		}
	}
	if got := CountOf(2, "index", "indices"); got != "2 indices" {
		t.Errorf("CountOf(2, index, indices) = %q", got)
	}
	if got := CountOf(1, "index", "indices"); got != "1 index" {
		t.Errorf("CountOf(1, index, indices) = %q", got)
	}
}

func TestPossessive(t *testing.T) {
	for name, want := range map[string]string{"orrin": "orrin's", "orcs": "orcs'", "lancers": "lancers'", "spears 2": "spears 2's", "": "'s"} {
		if got := Possessive(name); got != want {
			t.Errorf("Possessive(%q) = %q, want %q", name, got, want)
		}
	}
}
