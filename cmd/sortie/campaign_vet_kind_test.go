package main

import (
	"strings"
	"testing"
)

// TestCampaignVetRefusesOtherKinds (issue 20 review): `sortie campaign vet` given a battle or a
// scenario file refuses it as `campaign run` does, exit 2 naming the command that takes it, not
// C001 (exit 1) as if it were a broken campaign; the campaign itself is vetted (exit 0).
func TestCampaignVetRefusesOtherKinds(t *testing.T) {
	for _, c := range []struct {
		path          []string
		code          int
		wantVet, want string // campaign vet's refusal names sortie vet; campaign run's, what plays it
	}{
		{[]string{"scenarios", "clash", "hill", "hill.cue"}, 2, `is a battle file (kind: "battle"): vet a battle file with sortie vet`, `is a battle file (kind: "battle"): fight a battle file with sortie battle`},
		{[]string{"scenarios", "karzoral", "field01", "field01.cue"}, 2, `is a scenario file (kind: "scenario"): vet a scenario with sortie vet`, `is a scenario file (kind: "scenario"): play a scenario with sortie run`},
		{[]string{"scenarios", "karzoral", "campaign.cue"}, 0, "", ""},
	} {
		for _, cmd := range []string{"vet", "run"} {
			args := []string{"campaign", cmd, repo(t, c.path...)}
			if cmd == "run" {
				if c.code == 0 {
					continue
				}
				args = append(args, "--policy", "first")
			}
			want := c.want
			if cmd == "vet" {
				want = c.wantVet
			}
			code, _, errb := run(t, "", args...)
			if code != c.code || !strings.Contains(errb, want) || strings.Contains(errb, "C001") {
				t.Errorf("campaign %s %s: exit %d %q, want exit %d and %q", cmd, strings.Join(c.path, "/"), code, errb, c.code, want)
			}
		}
	}
}
