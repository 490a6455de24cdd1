package main

import (
	"encoding/xml"
	"slices"
	"strings"
	"testing"
)

// Issue 20, M: a JUnit suite lists the checks of its unit's rule system only (load, schema, the
// system's passes in their order, suppressions): a clash battle's suite no longer lists the
// twenty-odd Karzoral checks. Expected lists by hand from clashChecks (compiler/clash/clash.go)
// and Pathfinder's one pass.
func TestVetJUnitChecksOfTheSystem(t *testing.T) {
	code, out, errb := run(t, "", "vet", "--format", "junit",
		repo(t, "scenarios", "clash", "field"), repo(t, "scenarios", "pathfinder", "orc-horde"), repo(t, "scenarios", "karzoral", "field01"))
	var r struct {
		Suites []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name string `xml:"name,attr"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if code != 0 || xml.Unmarshal([]byte(out), &r) != nil || len(r.Suites) != 3 {
		t.Fatalf("exit %d: %.300s %s", code, out, errb)
	}
	names := func(i int) []string {
		var out []string
		for _, c := range r.Suites[i].Cases {
			out = append(out, c.Name)
		}
		return out
	}
	want := map[string][]string{
		"field":     {"load", "schema", "clashResolve", "clashStatBlock", "clashGrid", "clashPlacement", "clashIntegrity", "clashObjectives", "suppressions"},
		"orc-horde": {"load", "schema", "pathfinder", "suppressions"},
	}
	for i, s := range r.Suites {
		got := names(i)
		base := s.Name[strings.LastIndex(s.Name, "/")+1:]
		if w, ok := want[base]; ok {
			if !slices.Equal(got, w) {
				t.Errorf("suite %s: %v, want %v", s.Name, got, w)
			}
			continue
		}
		if !contains(got, "refs") || contains(got, "pathfinder") || contains(got, "clashGrid") {
			t.Errorf("Karzoral suite %s: %v", s.Name, got)
		}
	}
}
