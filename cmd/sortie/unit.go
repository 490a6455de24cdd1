package main

import (
	"errors"
	"fmt"

	"github.com/sortie-rpg/sortie/compiler"
)

// Kind dispatch (issue 20): a command that takes a scenario compiles its path with
// compiler.CompileAny, which says what the path is (its kind and rule system, the command
// registry's entry), instead of matching the compiler's error texts. compileOrFail hands a unit
// of another kind back as an *otherUnit error: a command with nothing for it refuses it with what
// to run instead (refuseKind), one that has (graph, diff, simulate, test) goes on with the unit.

// otherUnit is compileOrFail's error for a path that compiled, but not to a scenario: a battle
// file. Unwrapped it is an exit-2 refusal naming the command to run instead.
type otherUnit struct {
	path string
	unit *compiler.Compiled
}

func (o *otherUnit) Error() string {
	return fmt.Sprintf("%s is a %s file (kind: %q, rules: %q)", o.path, o.unit.Kind, o.unit.Kind, o.unit.Rules)
}

func (o *otherUnit) Unwrap() error { return refuseKind("compile", o.path, o.unit.Kind) }

// unitOf returns what err says path compiled to when it is not a scenario (nil for any other
// error, and for none).
func unitOf(err error) *compiler.Compiled {
	var o *otherUnit
	if errors.As(err, &o) {
		return o.unit
	}
	return nil
}

// offerOfUnit is the registry's entry for u (nil when sortie has none).
func offerOfUnit(u *compiler.Compiled) *offer {
	rules := u.Rules
	if rules == "" {
		rules = "karzoral" // a Karzoral scenario's plan may leave its rules unsaid
	}
	return offerOf(rules, u.Kind)
}

// mixedKinds refuses a diff of two different kinds of file (a scenario and a battle file): exit 2.
func mixedKinds(oldName, oldKind, newName, newKind string) error {
	return failf(exitUsage, "%s is %s and %s is %s: sortie diff compares two versions of one scenario or of one battle file", oldName, oldKind, newName, newKind)
}
