package compiler

import (
	"os"
	"testing"
)

// TestMain counts the When Armies Clash codes among the compiler's (TestWant needs a case for
// every clash code too; TestCheckRegistry a page for each). Their rule system (compiler/clash)
// registers itself, linked by compiler/all (all_test.go), after this package's inits: its
// registry entry is read here, before the tests run.
func TestMain(m *testing.M) {
	if sys, ok := ruleSystems["clash"]; ok {
		for _, p := range sys.Passes() {
			allCodes = append(allCodes, p.Codes...)
		}
	}
	os.Exit(m.Run())
}
