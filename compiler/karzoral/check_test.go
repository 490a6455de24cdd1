package karzoral

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

func TestCheckRegistry(t *testing.T) {
	if err := validateChecks(checks); err != nil {
		t.Fatal(err)
	}
	run := func(*Pass) error { return nil }
	for name, bad := range map[string][]*Check{
		"duplicate name": {{Name: "a", Doc: "x", Codes: []string{"R001"}, Run: run}, {Name: "a", Doc: "y", Codes: []string{"R001"}, Run: run}},
		"no doc":         {{Name: "a", Codes: []string{"R001"}, Run: run}},
		"capital title":  {{Name: "a", Doc: "Title", Codes: []string{"R001"}, Run: run}},
		"unknown code":   {{Name: "a", Doc: "x", Codes: []string{"Z999"}, Run: run}},
		"no run":         {{Name: "a", Doc: "x", Codes: []string{"R001"}}},
		"bad name":       {{Name: "a b", Doc: "x", Codes: []string{"R001"}, Run: run}},
	} {
		if validateChecks(bad) == nil {
			t.Errorf("%s: validateChecks accepted it", name)
		}
	}
}

func TestUndeclaredCodeIsAnError(t *testing.T) {
	c := &Check{Name: "x", Doc: "x", Codes: []string{"R001"}}
	p := &Pass{Check: c, Scenario: &Scenario{}, report: func(diag.Diagnostic) { t.Error("reported") }}
	p.Reportf(diag.Pos{File: "f"}, "F001", "boom")
	if p.err == nil {
		t.Error("want an error for an undeclared code")
	}
}
