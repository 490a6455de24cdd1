package expect

import "github.com/sortie-rpg/sortie/compiler/diag"

// Codes of sortie test (prefix Q: quality checks of a scenario's declared playthroughs).
const (
	CodeUnmet    = "Q001" // a run did not reach what its test expects
	CodeBadTest  = "Q002" // a test that cannot be run as written
	CodeNoVet    = "Q003" // the scenario does not compile, so none of its tests runs
	CodeNoScript = "Q004" // the test's script file cannot be read
	CodeBalance  = "Q005" // a balance check over many runs fails (sortie simulate --check)
)

func init() {
	diag.Register(
		diag.CodeInfo{Code: CodeUnmet, Title: "a test's expectation is not met", Severity: diag.Error, Doc: `sortie test replayed the test's script to the end of the scenario and the run does not
show what the test expects: another outcome, another day, an army at another strength, an
objective not reached. The message says what the run gave and what the test wants; it is placed
at the expectation in the scenario's tests.

Bad (the run is won on day 8 after an edit slowed the party):
    tests: [{script: "win.yaml", outcome: "success", day: 7}]

Fix: if the new behaviour is intended, update the expectation (day: 8, or a bound such as
day: "<=8"); otherwise find the edit that changed the play (sortie diff OLD NEW shows it).`},
		diag.CodeInfo{Code: CodeBadTest, Title: "a test names what the scenario does not have", Severity: diag.Error, Doc: `An expectation names an army, objective, event or block the scenario does not define, or a
number bound that cannot be read, so the test could never pass or fail for the right reason.

Bad:
    tests: [{script: "win.yaml", armies: {mercenary: 15}}]   // the army is "mercenaries"

Fix: use the ids of the scenario (sortie graph PATH draws them), or remove the expectation.`},
		diag.CodeInfo{Code: CodeNoVet, Title: "the scenario of a test does not compile", Severity: diag.Error, Doc: `The scenario has errors (they are printed with their own codes), so there is no plan to
replay its tests on; every test of the scenario counts as failed.

Bad:
    events: e: {on: enter: "nowhere", do: [{say: "x"}]}   // R001: no block "nowhere"

Fix: fix the scenario's errors (sortie vet PATH lists them) and run sortie test again.`},
		diag.CodeInfo{Code: CodeNoScript, Title: "a test's script cannot be read", Severity: diag.Error, Doc: `The script a test names does not exist, cannot be read, is not a regular file (a folder,
a pipe, a device: sortie test never waits on one) or is larger than 4 MiB. Scripts are named
relative to the scenario's folder.

Bad:
    tests: [{script: "wins.yaml"}]   // the file is win.yaml

Fix: name the script file as it is in the scenario's folder.`},
		diag.CodeInfo{Code: CodeBalance, Title: "a balance check fails", Severity: diag.Error, Doc: `sortie simulate --check played the runs a balance check (expect: in the scenario, or the
--expect file) asks for, and what they show is outside what it allows: a rate of runs, a
median, p90, min or max of a value, or a kind of entity some of whose members no run covered.
The message names the check and the policy it played (a check without policy: plays what
sortie simulate plays for the file without --policy: random for a scenario or a campaign, the
battle's own commanders for a battle file), what the runs gave and the smallest failing seed;
simulate writes a replay
script of that run, which sortie run --script (with that --seed) plays back byte for byte.

Bad (the party wins too rarely under random play after the warband grew):
    expect: [{policy: "random", outcome: "success", rate: "0.35..0.55"}]   // got 0.12

Fix: if the new balance is intended, widen the bound from what you measured (and say why in
a comment); otherwise replay the failing seed to see what goes wrong.`},
	)
}
