package karzoral

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes of events' checks (K-4, K-51).
const (
	codeCheckMode  = "K007"
	codeCheckTwice = "K008"
	codeCheckNoPC  = "K009"
)

var _ = registerCheckCodes()

func registerCheckCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeCheckMode, Title: "check whose results do not fit its mode", Severity: diag.Error, Doc: `An event's check (K-4) is rolled by every PC against tn. Modes any, majority and all give one
result for the party: pass and fail say what follows, damage has no meaning. Mode each gives
no group result (目標値○・個別: each PC's result applies to that PC): damage is the HP a PC that
fails loses, and pass or fail have nothing to follow.

Bad:
    {check: {id: "rocks", tn: 10, mode: "each", fail: [{set: "hurt"}]}}

Fix: give damage for each, or a group mode for pass and fail:
    {check: {id: "rocks", tn: 10, mode: "each", base: "agility", damage: 5}}`},
		diag.CodeInfo{Code: codeCheckTwice, Title: "one check id, two different checks", Severity: diag.Error, Doc: `A check's id names the check K-51 counts tries of (one per PC per timing, no retry in
principle): two actions with the same id are the same check, so they must agree on tn, mode,
base and later. Different checks need different ids.

Bad:
    {check: {id: "lock", tn: 10, mode: "any"}} ... {check: {id: "lock", tn: 12, mode: "any"}}

Fix: rename one, or make them agree.`},
		diag.CodeInfo{Code: codeCheckNoPC, Title: "check that no PC can roll", Severity: diag.Error, Doc: `An event's check (K-4) is rolled by the PCs: 「ＰＣ全員が判定を行い」. A party given only as
members (party.members, no party.pcs) names nobody with a level or a bonus to roll with, so the
check would be rolled by nobody and always fail ("0 of 0 succeeded"). List the PCs.

Bad:
    party: {start: "base", members: 4}
    ... {check: {id: "rocks", tn: 10, mode: "each", damage: 5}}

Fix: list the PCs who roll:
    party: {start: "base", members: 2, pcs: [{name: "Aria", level: 3, hp: 20}, {name: "Bram", level: 3, hp: 20}]}

A campaign passes its own named PCs into a members-only scenario, but the scenario must stand on
its own too (vet, run, simulate).`},
	)
	return true
}

var eventChecksCheck = &Check{
	Name: "eventChecks",
	Doc: `events' checks that cannot be played as written
A check (K-4) whose results do not fit its mode: pass or fail with mode each, damage with a group
mode (K007); two checks with one id that differ in tn, mode, base or later (K008, K-51); a check
in a scenario whose party lists no PCs, so that nobody rolls it (K009, K-4).`,
	Codes: []string{codeCheckMode, codeCheckTwice, codeCheckNoPC},
	Run:   runEventChecks,
}

// runEventChecks reports K007, K008 and K009 (K-4, K-51) at the check's position.
func runEventChecks(p *Pass) error {
	seen := map[string]*CheckSpec{}
	noPCs := len(p.Scenario.K.PCs) == 0
	forEachAction(p.Scenario, func(a *Action) {
		c := a.Check
		if c == nil {
			return
		}
		if noPCs {
			// K-4: 「ＰＣ全員が判定を行い」: with no PC listed nobody rolls (review D2).
			p.Report(p.Diag(c.Pos, codeCheckNoPC, "check %q: the party lists no PCs (members only), so nobody can roll it (K-4: every PC rolls)", c.ID.V).
				WithHint("list the PCs in party.pcs"))
		}
		if c.Mode.OK && c.Mode.V == "each" && (len(c.Pass) > 0 || len(c.Fail) > 0) {
			p.Report(p.Diag(c.Pos, codeCheckMode, "check %q: mode each has no group result to pass or fail (K-4: each PC's result applies to that PC)", c.ID.V).
				WithHint("give damage: the HP each PC that fails loses; or use mode any, majority or all"))
		}
		if c.Mode.OK && c.Mode.V != "each" && c.Damage.Set {
			p.Report(p.Diag(c.Damage.Pos, codeCheckMode, "check %q: damage applies to each PC that fails, but mode %s gives one result for the party", c.ID.V, c.Mode.V).
				WithHint("use mode each, or put what a failure does in fail"))
		}
		if !c.ID.OK {
			return
		}
		if first, ok := seen[c.ID.V]; ok {
			if first.TN.V != c.TN.V || first.Mode.V != c.Mode.V || first.Base.V != c.Base.V || first.Later != c.Later {
				p.Report(p.Diag(c.ID.Pos, codeCheckTwice, "check %q: given again with a different tn, mode, base or later (first at %s)", c.ID.V, first.Pos).
					WithHint("the same id is the same check (K-51): rename one or make them agree"))
			}
			return
		}
		seen[c.ID.V] = c
	})
	return nil
}
