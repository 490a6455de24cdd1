package compiler

import "github.com/sortie-rpg/sortie/compiler/diag"

// The stable codes the core reports. Each is registered in the diag catalogue with its default
// severity and its documentation (what `sortie explain CODE` prints). Prefixes: L loading, S schema;
// each rule system registers its own (compiler/karzoral: R, F, A, E, O, T, W).
const (
	codeSyntax      = "L001"
	codeNotScenario = "L002"
	codeLoad        = "L003"

	codeUnknownField = "S001"
	codeBadValue     = "S002"
	codeMissing      = "S003"
	codeNotInEnum    = "S004"
)

// registered is set once the codes are in the catalogue; as a package-level variable it is
// initialised before any init function runs (the check registry's validation needs the codes).
var registered = registerCodes()

func registerCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codeSyntax, Title: "syntax error", Severity: diag.Error, Doc: `A file is not valid CUE, YAML or JSON, so nothing else in it can be checked. sortie reads
UTF-8 (a UTF-8 byte-order mark is skipped); a file saved as UTF-16 (Windows PowerShell's > and
Out-File write it) is one L001 at 1:1 that says so, from vet and from sortie fmt alike.

Bad:
    party: {start: "rupetenne", members: 5

Fix: close the brace (or quote, bracket) the message points at; save a UTF-16 file as UTF-8.`},
		diag.CodeInfo{Code: codeNotScenario, Title: "not a scenario", Severity: diag.Error, Doc: `The files load, but they do not describe a scenario: the top level is not a struct, it has
no kind field, or kind is not "scenario".

Bad:
    kind: "senario"

Fix: start the scenario with kind: "scenario".`},
		diag.CodeInfo{Code: codeLoad, Title: "file could not be loaded", Severity: diag.Error, Doc: `A file parses but cannot be loaded: an import that cannot be resolved (sortie never uses a
module registry), files of different packages in one scenario, or a CUE error outside any
scenario field (such as a reference to an undefined name).

Bad:
    import "example.com/shared"

Fix: keep a scenario self-contained in one CUE package (several files are fine), or vendor the
imported package under cue.mod/.`},
		diag.CodeInfo{Code: codeUnknownField, Title: "unknown field", Severity: diag.Error, Doc: `A field the schema does not allow, usually a misspelling; or a key that is not a valid id.
Every struct of the scenario schema is closed.

Bad:
    days: limt: 12

Fix: use the name the hint suggests (here "limit"); ids use letters, digits, '_' and '-'.`},
		diag.CodeInfo{Code: codeBadValue, Title: "wrong type or value out of range", Severity: diag.Error, Doc: `A value has the wrong type, lies outside its allowed range, conflicts with another value of
the same field, or a list has the wrong number of elements.

Bad:
    party: members: 0      // at least 1
    armies: m: route: []   // at least one step

Fix: give a value of the type and range the message names.`},
		diag.CodeInfo{Code: codeMissing, Title: "required field missing", Severity: diag.Error, Doc: `A field every scenario (or this entity) must give is absent.

Bad:
    field: blocks: a: {kind: "trail"}   // no at

Fix: add the field, e.g. at: [3, 4]. A field with an obvious default (a scenario's rules, which
is karzoral when absent) says so in the hint, and sortie vet --fix adds it.`},
		diag.CodeInfo{Code: codeNotInEnum, Title: "value not one of the allowed values", Severity: diag.Error, Doc: `The field takes one of a fixed set of values.

Bad:
    rules: "karzorl"

Fix: use one of the listed values (here "karzoral").`},
	)
	return true
}
