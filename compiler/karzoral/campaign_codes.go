package karzoral

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes of a campaign file's own rules (campaign.go); the core reports C001, C003 and C007
// (compiler.CampaignCodes).
const (
	codeCampaignRef         = "C002"
	codeUnreachableScenario = "C004"
	codeUnlockCycle         = "C005"
	codeAngel               = "C006"
)

var campaignRegistered = registerCampaignCodes()

func registerCampaignCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeCampaignRef, Title: "unknown scenario, base or benefit", Severity: diag.Error, Doc: `The campaign names a scenario (prologue, start, final, unlocks), a base or a mercenary
benefit that it does not define (K-9..K-11).

Bad:
    scenarios: field01: {path: "field01", base: "pelone"}   // bases has no pelone

Fix: define it under scenarios, bases or benefits, or correct the name (the hint suggests the
nearest).`},
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
	)
	return true
}
