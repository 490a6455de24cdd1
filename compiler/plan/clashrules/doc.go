// Package clashrules is the rule arithmetic of D&D 5e "When Armies Clash" (RULES.md Part U) that
// the compiler's checks (compiler/clash) and the battle engine (runner/clash) both read: Options,
// one switch for each Ambiguity Default of Part U with its Default (options.go) and their names
// as a battle file's options: block writes them (optnames.go: SetOption, Apply, OptionList); the
// limits a plan must keep to (MaxGrid, MaxStands ...) and the range in squares of a range in feet
// (SquaresForRange, U-37; limits.go).
//
// # Why here
//
// The compiler must not import an engine (runner/imports_test.go, TestImportRules) and vet must
// read an option as the engine fights it (a battle vet passes is one the engine sets up). The
// engine may import compiler/plan, the contract between the two; this package is part of that
// contract and, like plan, imports no runner package and nothing of the compiler.
package clashrules
