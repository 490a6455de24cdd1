package plan_test

// The tests compile files through the compiler, whose evaluators are this test binary again:
// compiler/all links every rule system and makes the binary serve them.
import _ "github.com/sortie-rpg/sortie/compiler/all"
