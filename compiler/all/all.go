// Package all links the compiler with every rule system sortie builds and makes the program an
// evaluator when sortie starts it as one (compiler.ServeEvaluator). A program that vets or
// compiles imports it, for its effect only:
//
//	import _ "github.com/sortie-rpg/sortie/compiler/all"
//
// The rule systems register themselves from their inits (compiler.Register), which Go runs
// before this package's, so that an evaluator serves only once it knows them all. Adding a rule
// system means adding its import here.
package all

import (
	"github.com/sortie-rpg/sortie/compiler"

	_ "github.com/sortie-rpg/sortie/compiler/clash"      // When Armies Clash battle files
	_ "github.com/sortie-rpg/sortie/compiler/karzoral"   // Karzoral scenarios
	_ "github.com/sortie-rpg/sortie/compiler/pathfinder" // Pathfinder scenarios and battle files
)

func init() { compiler.ServeEvaluator() }
