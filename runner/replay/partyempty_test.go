package replay

import (
	"encoding/json"
	"strings"
	"testing"
)

// An empty players' view is not "the GM's view" (issue 25 review D1: with every friendly army of
// a hex run gone, omitempty dropped "party": [] and the viewer drew the GM's marks, enemies the
// players never saw): [] is kept, nil left out, and the viewer falls back to the GM's marks only
// when the list is absent; the status says no army is left.
func TestEmptyPlayersViewIsKept(t *testing.T) {
	for _, c := range []struct {
		s    step
		want string
		not  string
	}{
		{step{Map: -1, Party: []mark{}}, `"party":[]`, ""},
		{step{Map: -1, Party: nil}, "", `"party"`},
	} {
		data, err := json.Marshal(c.s)
		if err != nil {
			t.Fatal(err)
		}
		if c.want != "" && !strings.Contains(string(data), c.want) || c.not != "" && strings.Contains(string(data), c.not) {
			t.Errorf("%s: want %q, not %q", data, c.want, c.not)
		}
	}
	if !strings.Contains(viewerJS, `st.party !== undefined) ? st.party : st.gm`) {
		t.Error("the viewer falls back to the GM's marks on an empty players' list")
	}
	if got := hpLine(nil); got != "hp: no army on the map" {
		t.Errorf("hpLine(nil) = %q", got)
	}
	if (&kzState{p: nil, party: -1}).marks(false) == nil {
		t.Error("a Karzoral players' view with nothing on it is nil (read as the GM's)")
	}
}
