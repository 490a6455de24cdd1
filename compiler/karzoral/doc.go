// Package karzoral is the Karzoral rule system of the compiler (RULES.md Part K: Karzoral field
// campaigns, Sword World 2.x): the model of a field scenario (#Scenario) as its checks see it
// (model*.go), the checks in the manner of go/analysis (check.go and one file per check; R, F,
// A, E, O, T, W and K codes), the lowering to a plan.Plan (lower*.go), the symbol index and its
// id tables (symbols_*.go), and the rules of the campaign files that chain its scenarios
// (campaign.go; C002, C004-C006). It enters the compiler's registry from its init (register.go)
// and reads the author's value through the core's exported Node and Decoder (core.go); the core
// never imports it: a program links it through compiler/all.
package karzoral
