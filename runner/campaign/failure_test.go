package campaign

import (
	"bytes"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// K-25 (corrected 2026-12-01), the bundled campaign-failure.yaml: the prologue, then field01's
// first attempt, lost on day 5 when the warband (75) meets the mercenaries (60) at 09. The seed:
// 「シナリオは完全に失敗します…経験点の清算、成長は行われません」. By hand: the prologue settles 300 +
// 10 x 6 = 360 each (as in TestBundledCampaign) and one growth each; field01/1 settles nothing,
// not its 100 failure XP, and grows nobody: every PC ends at 360 XP with the prologue's one growth.
// Purse: 2000 + 1000 (field00) - 100 (potion) - 50 (rations on day 1) = 2850. The script ends at
// the next selection: the run stops (ErrScriptEnded) with that state, after two sorties.
func TestBundledCampaignCompleteFailureK25(t *testing.T) {
	c := bundled(t)
	sc, list, err := runner.LoadScript(filepath.Join(root(t), "scenarios", "karzoral", "campaign-failure.yaml"))
	if err != nil || list.HasErrors() {
		t.Fatalf("LoadScript: %v %v", err, list)
	}
	var out bytes.Buffer
	res, err := Run(c, Options{Seed: 1, Decider: sc, Sink: runner.ViewSink(runner.NewTextSink(&out), runner.AudienceParty)})
	if err == nil || !strings.Contains(err.Error(), "script ended") {
		t.Fatalf("Run: %v, want the script's end", err)
	}
	s := res.State
	if res.End != EndStopped {
		t.Errorf("end %q, want %q", res.End, EndStopped)
	}
	wantRows := []Row{
		{Scenario: "field00", Attempt: 1, Outcome: "success", Days: 1, XP: 360, Money: 3000, Bases: []string{"rupetenne"}},
		{Scenario: "field01", Attempt: 1, Outcome: "failure", Days: 5, XP: 0, Money: 2850, Bases: []string{"rupetenne"}},
	}
	if !reflect.DeepEqual(s.Rows, wantRows) {
		t.Errorf("rows\n got %+v\nwant %+v", s.Rows, wantRows)
	}
	for _, pc := range s.PCs {
		if pc.XP != 360 {
			t.Errorf("K-25 %s: XP %d, want 360 (the prologue's only)", pc.ID, pc.XP)
		}
		n := 0
		for _, g := range pc.Growth {
			n += g
		}
		if n != 1 {
			t.Errorf("K-25 %s: %d growths %v, want the prologue's one", pc.ID, n, pc.Growth)
		}
	}
	if !strings.Contains(out.String(), "none: the failure is complete (K-25") {
		t.Errorf("the transcript does not say the failure is complete:\n%s", out.String())
	}
}
