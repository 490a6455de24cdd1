// Package karzoralrules is the procedure of Karzoral field campaigns (RULES.md Part K) that the
// engine (runner/karzoral), vet's forecast (compiler/karzoral, W001) and the graph and diff
// forecast (compiler/forecast) all follow: the order in which armies march and fight each morning
// (K-22, K-24; march.go).
//
// # Why here
//
// The compiler must not import an engine (runner/imports_test.go, TestImportRules), and a forecast
// that orders the armies otherwise than the engine forecasts battles that never happen (the graph's
// forecast once resolved battles only after every army had moved, so armies trading blocks passed
// each other). Like compiler/plan, of which it is part, it imports no runner package.
package karzoralrules
