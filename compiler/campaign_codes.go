package compiler

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes of campaign files (prefix C), see VetCampaign.
const (
	codeNotCampaign = "C001"
	codeScenarioBad = "C003"
	codeScenarioID  = "C007"
)

// CampaignCodes lists the codes the core reports of a campaign file (VetCampaign): the rule
// system whose files campaigns are adds them to its campaign pass (compiler/karzoral).
func CampaignCodes() []string {
	return []string{codeNotCampaign, codeScenarioBad, codeScenarioID}
}

var campaignRegistered = registerCampaignCodes()

func registerCampaignCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeNotCampaign, Title: "not a campaign", Severity: diag.Error, Doc: `A file given as a campaign does not have kind: "campaign".

Bad:
    sortie campaign run scenarios/karzoral/field01

Fix: give the campaign file (kind: "campaign"); a single scenario is played with sortie run.`},
		diag.CodeInfo{Code: codeScenarioBad, Title: "scenario does not vet", Severity: diag.Error, Doc: `A scenario the campaign names cannot be loaded (no such path) or has errors of its own. Its
own findings are listed at their own positions; this one points at the path in the campaign.

Bad:
    scenarios: field02: {path: "field2"}   // the directory is field02

Fix: correct the path (relative to the campaign file) or fix the scenario's errors.`},
		diag.CodeInfo{Code: codeScenarioID, Title: "campaign key differs from the scenario id", Severity: diag.Warning, Doc: `The campaign lists a scenario under a key that is not the scenario's own id. Scripts and
transcripts use the campaign's key; the mismatch is usually a copy-paste slip.

Bad:
    scenarios: field03: {path: "field02"}   // field02's id is "field02"

Fix: use the scenario's id as the key.`},
	)
	return true
}
