package compiler_test

// The package's tests vet and compile files of every rule system, whose evaluators are this test
// binary again: compiler/all links every rule system (compiler/clash registers itself) and makes
// the binary serve them.
import _ "github.com/sortie-rpg/sortie/compiler/all"
