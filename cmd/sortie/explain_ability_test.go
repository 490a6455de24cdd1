package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// sortie explain ABILITY (issue 24, item 1): a published army special ability's page quotes its
// published text and says how sortie plays it, under P-1 (the army's special abilities), in any
// case and spacing; the abilities with nothing for a battle to do say so (armor training, brew
// potion); an alias has its own published entry (lay on hands); a misspelt one gets a
// did-you-mean; the list names them; --format json gives kind, name, rule and doc.
func TestExplainAbilities(t *testing.T) {
	for _, c := range []struct{ arg, head, body string }{
		{"Armor-Training", "ability: armor training (P-1, Ultimate Campaign, Mass Combat, Special Abilities)\n\nPublished: (Fighter 3) This class feature adjusts",
			"Nothing for a battle to do"},
		{"brew potion", "ability: brew potion (P-1,", "Nothing for a battle to do"},
		{"lay on hands", "ability: lay on hands (P-1,", "This ability functions as channel positive energy."},
		{"MERCY", "ability: mercy (P-1,", "cures one diseased army of its side"},
		{"disease", "ability: disease (P-1,", "its kingdom makes the Stability check, d20 + Stability - the penalty vs the Control DC"},
		{"energy drain", "ability: energy drain (P-1,", "carried into battles the next day"},
		{"teleportation", "ability: teleportation (P-1,", "travels to its route's last hex in one day"},
		{"wild shape", "ability: wild shape (P-1,", "a second question (end wild shape) ends the form"},
		// runner/pathfinder abilityonce.go asks AskChannelHeal only while s.hp < u.maxHP.
		{"channel positive energy", "ability: channel positive energy (P-1,", "asked only while the army is wounded (below its full hp)"},
	} {
		code, out, errs := run(t, "", "explain", c.arg)
		if code != 0 || !strings.HasPrefix(out, c.head) || !strings.Contains(strings.Join(strings.Fields(out), " "), c.body) {
			t.Errorf("explain %q: exit %d, %q (stderr %q); want %q ... %q", c.arg, code, out, errs, c.head, c.body)
		}
		for _, l := range strings.Split(out, "\n") {
			if len(l) > 120 {
				t.Errorf("explain %q: a line of %d columns: %q", c.arg, len(l), l)
			}
		}
	}
	code, _, errs := run(t, "", "explain", "feer")
	if code != 2 || !strings.Contains(errs, `did you mean "fear"?`) {
		t.Errorf("explain of a misspelt ability: exit %d, stderr %q", code, errs)
	}
	_, out, _ := run(t, "", "explain")
	if !strings.Contains(out, "Pathfinder army abilities: ability damage, ability drain, alchemy,") || !strings.Contains(out, "wild shape") {
		t.Errorf("sortie explain does not list the abilities: %q", out)
	}
	code, out, errs = run(t, "", "explain", "--format", "json", "divine health")
	var page struct{ Kind, Name, Rule, Doc string }
	if err := json.Unmarshal([]byte(out), &page); code != 0 || err != nil || page.Kind != "ability" || page.Name != "divine health" || page.Rule != "P-1" ||
		!strings.Contains(page.Doc, "The army is immune to disease.") {
		t.Errorf("explain --format json divine health: exit %d, %+v %v (stderr %q)", code, page, err, errs)
	}
}
