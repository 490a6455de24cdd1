package clash_test

// The package's tests vet and compile battle files through the compiler, whose evaluators are
// this test binary again: compiler/all makes it serve them, once every rule system (this one
// included) has registered itself.
import _ "github.com/sortie-rpg/sortie/compiler/all"
