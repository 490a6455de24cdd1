package compiler

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes of campaign files (prefix C), see VetCampaign.
const (
	codeNotCampaign         = "C001"
	codeCampaignRef         = "C002"
	codeScenarioBad         = "C003"
	codeUnreachableScenario = "C004"
	codeUnlockCycle         = "C005"
	codeAngel               = "C006"
	codeScenarioID          = "C007"
)

// CampaignCodes lists the codes of the campaign checks (VetCampaign), in their order: the
// campaign pass of the rule system whose files campaigns are (compiler/karzoral).
func CampaignCodes() []string {
	return []string{codeNotCampaign, codeCampaignRef, codeScenarioBad, codeUnreachableScenario, codeUnlockCycle, codeAngel, codeScenarioID}
}

var campaignRegistered = registerCampaignCodes()

func registerCampaignCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeNotCampaign, Title: "not a campaign", Severity: diag.Error, Doc: `A file given as a campaign does not have kind: "campaign".

Bad:
    sortie campaign run scenarios/karzoral/field01

Fix: give the campaign file (kind: "campaign"); a single scenario is played with sortie run.`},
		diag.CodeInfo{Code: codeCampaignRef, Title: "unknown scenario, base or benefit", Severity: diag.Error, Doc: `The campaign names a scenario (prologue, start, final, unlocks), a base or a mercenary
benefit that it does not define (K-9..K-11).

Bad:
    scenarios: field01: {path: "field01", base: "pelone"}   // bases has no pelone

Fix: define it under scenarios, bases or benefits, or correct the name (the hint suggests the
nearest).`},
		diag.CodeInfo{Code: codeScenarioBad, Title: "scenario does not vet", Severity: diag.Error, Doc: `A scenario the campaign names cannot be loaded (no such path) or has errors of its own. Its
own findings are listed at their own positions; this one points at the path in the campaign.

Bad:
    scenarios: field02: {path: "field2"}   // the directory is field02

Fix: correct the path (relative to the campaign file) or fix the scenario's errors.`},
		diag.CodeInfo{Code: codeUnreachableScenario, Title: "scenario can never be selected", Severity: diag.Error, Doc: `No play can reach this scenario: it is not the prologue (K-8), not in start (K-9), and no
scenario that can be reached unlocks it (K-10).

Bad:
    start: ["field01"]
    scenarios: field01: {path: "field01"}            // unlocks nothing
    scenarios: field02: {path: "field02"}            // so field02 is never open

Fix: add it to start, or to the unlocks of a scenario that can be played.`},
		diag.CodeInfo{Code: codeUnlockCycle, Title: "unlock cycle", Severity: diag.Error, Doc: `A chain of unlocks leads back to a scenario it started from (K-10): the campaign's order has a
loop, which is never what a campaign means.

Bad:
    field01: unlocks: ["field02"]
    field02: unlocks: ["field01"]

Fix: unlock forward only; a failed scenario can be retried anyway (K-66).`},
		diag.CodeInfo{Code: codeAngel, Title: "not exactly one angel", Severity: diag.Error, Doc: `The party must hold exactly one magitech angel, which counts as a PC (K-1).

Bad:
    party: {aldo: {name: "Aldo"}, bea: {name: "Bea"}}   // no angel

Fix: mark the angel with angel: true.`},
		diag.CodeInfo{Code: codeScenarioID, Title: "campaign key differs from the scenario id", Severity: diag.Warning, Doc: `The campaign lists a scenario under a key that is not the scenario's own id. Scripts and
transcripts use the campaign's key; the mismatch is usually a copy-paste slip.

Bad:
    scenarios: field03: {path: "field02"}   // field02's id is "field02"

Fix: use the scenario's id as the key.`},
	)
	return true
}
