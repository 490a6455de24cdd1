// Package compiler vets and compiles sortie scenarios: it loads the author's files (CUE, YAML or
// JSON), applies the embedded schema (package schema, #Scenario), decodes the scenario with the
// position of every value, runs the semantic checks and lowers the result to a plan.Plan, the
// contract with the runner.
//
//	load (L001-L007, L013-L015) -> schema (S001-S004) -> decode -> checks (R, F, A, E, O codes) -> lower
//
// All of it but the sorting of paths into scenarios runs in an evaluator process per worker
// (sandbox.go, evaluator.go) under a budget of processor time and memory (budget.go; L011,
// L012), since no CUE evaluation can be stopped from inside: a process can. A YAML or JSON file
// with large entity maps is evaluated in pieces (pieces.go), so that vet stays linear.
//
// Every finding is a diag.Diagnostic placed in the author's file (never the schema's), with a
// stable code registered in the diag catalogue. Checks are values (type Check) in a list, in the
// manner of go/analysis; the driver knows none by name. Vet and Compile are the entry points.
package compiler
