package runner

import "testing"

// TestCampaignScriptEntries: the campaign keys parse to KindSelect, KindBenefit, KindPrepare with
// any name (checked when asked); a value that is not a name is X002 at its position.
func TestCampaignScriptEntries(t *testing.T) {
	s, list := ParseScript("c.yaml", []byte("- select: field01\n- benefit: none\n- prepare: \"resurrect aldo\"\n"))
	if list.HasErrors() || s.Len() != 3 {
		t.Fatalf("%v", list)
	}
	req := &Request{Kind: KindSelect, Choices: []Choice{{Name: "field00"}, {Name: "field01"}}}
	if a, err := s.Decide(req); err != nil || a.Choice != 1 {
		t.Fatalf("select: %v %v", a, err)
	}
	// A benefit entry where a prepare decision is asked: X001 naming both.
	req = &Request{Kind: KindPrepare, Choices: []Choice{{Name: "sortie"}}}
	_, err := s.Decide(req)
	de, ok := err.(*DecisionError)
	if !ok || de.Diag.Code != CodeMismatch || de.Diag.Pos.Line != 2 {
		t.Fatalf("want X001 at line 2, got %v", err)
	}
	_, list = ParseScript("c.yaml", []byte("- select: [1, 2]\n"))
	if len(list) != 1 || list[0].Code != CodeScriptError || list[0].Pos.Line != 1 || list[0].Pos.Column != 11 {
		t.Fatalf("want X002 at 1:11, got %v", list)
	}
}
