// Package pfarmy is the rule arithmetic of Pathfinder 1e mass combat (RULES.md Part P) that the
// compiler's checks and the battle engine both read: an army as an author writes it (Army, P-1),
// its derived statistics (Derive, Stats: ACR on the CR ladder, hp, OM, DV, Leadership, limits,
// consumption in BP a week, speed in 12-mile hexes a day; P-1..P-11, P-66), the consistency
// findings M001..M010 (Check, and their diag catalogue entries), the names of tactics, boons,
// roles, abilities and resources with their flat modifiers and prices, the battle's rule switches
// (Options, SetOption) and the conversion from and to the plan's army input and stat block
// (ArmyOf, InputOf, BlockOf).
//
// # Why here
//
// compiler/pathfinder checks an army with Check and lowers it with Derive and BlockOf; the engine
// (runner/pathfinder) fights with the same Stats. The compiler must not import an engine
// (runner/imports_test.go, TestImportRules), and the engine may import compiler/plan, the contract
// between the two. This package is that contract's arithmetic: what a plan's army input means.
// It sits under compiler/plan and, like plan itself, imports no runner package and no compiler
// package but compiler/diag (the M codes' catalogue) and compiler/plan.
//
// # Owns
//
// Statistics (army.go, derive.go, abilities.go, abilityread.go, roles.go, cr.go, names.go), the
// rule switches (options.go, optnames.go), resources and their prices (resources.go), the limits
// a battle file is checked against (limits.go), the plan conversion (plan.go) and the M codes
// (codes.go). CR values are exact: a CR is a rung of the ladder 1/8, 1/6, 1/4, 1/3, 1/2, 1, 2 ...
package pfarmy
