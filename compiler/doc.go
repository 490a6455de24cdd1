// Package compiler vets and compiles sortie scenarios: it loads the author's files (CUE, YAML or
// JSON), applies the embedded schema (package schema, #Scenario), and hands the unit to its rule
// system, which decodes it with the position of every value, runs its semantic checks and lowers
// the result to a plan.Plan, the contract with the runner.
//
//	load (L001-L007, L013-L015) -> schema (S001-S004) -> rule system: decode -> checks -> lower
//
// All of it but the sorting of paths into scenarios runs in an evaluator process per worker
// (sandbox.go, evaluator.go) under a budget of processor time and memory (budget.go; L011,
// L012), since no CUE evaluation can be stopped from inside: a process can. A YAML or JSON file
// with large entity maps is evaluated in pieces (pieces.go), so that vet stays linear.
//
// A clean scenario takes a fast path (fast.go): the schema, compiled once per process to plain
// Go (fast_schema.go), validates the scenario as a data tree (fast_tree.go), and the decoder reads
// the tree. A YAML or JSON scenario is then read, checked and lowered in the calling process
// without any CUE evaluation (nothing there for the budget to bound); CUE files are evaluated in
// an evaluator as before, but their value is validated as a tree instead of unified with the
// schema (fast_export.go). Whatever the fast path finds at fault takes the CUE path, so every
// finding reads as it always has; the two paths are held to the same results by
// TestFastPathAgrees and FuzzFastPath (SORTIE_VET_PATH=cue turns the fast path off).
// Options.Cache keeps each scenario's result under a key of all its input (cache.go).
//
// Every finding is a diag.Diagnostic placed in the author's file (never the schema's), with a
// stable code registered in the diag catalogue. A rule system's checks are values in a list, in
// the manner of go/analysis (CheckDoc); the driver knows none by name. Vet and Compile are the entry points;
// Analyze is Vet for editors (the language server): the same findings, an index of every id
// with its declarations and references (Symbols, symbols.go), unsaved contents through
// Options.Overlay; ExpectedKind, Vocabulary and SchemaAt say what may be written where.
//
// This package is the core every rule system shares; each rule system is a package of its own
// (compiler/karzoral: field scenarios and campaigns; compiler/pathfinder; compiler/clash, When
// Armies Clash) that registers itself (Register, system.go: what a rule system may use of the
// core) from its init, and compiler/all links every one and serves the evaluators
// (ServeEvaluator). A program that vets or compiles imports compiler/all.
package compiler
