package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestSARIFSchema: sortie vet --format sarif validates against the SARIF 2.1.0 JSON schema (the
// subset in testdata/vet, see its README), with formats (uri, uri-reference) asserted; for a
// scenario with findings (relative paths and related locations) and a clean one. A broken log
// (a level SARIF does not know) fails, so the test can fail.
func TestSARIFSchema(t *testing.T) {
	chdirRoot(t)
	raw, err := os.ReadFile(filepath.Join("testdata", "vet", "sarif-schema-2.1.0-subset.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	validate := func(name, out string) {
		t.Helper()
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
		if err != nil {
			t.Fatalf("%s: not JSON: %v", name, err)
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	md, err := os.ReadFile(filepath.Join("docs", "codes.md"))
	if err != nil {
		t.Fatal(err)
	}
	codesDoc := string(md)
	for _, args := range [][]string{
		{"./testdata/vet/ci"},
		{"./testdata/compiler/want/W001_forecast.cue"},
		{"./scenarios/karzoral/field01"},
	} {
		_, out, _ := run(t, "", append([]string{"vet", "--format", "sarif"}, args...)...)
		validate(args[0], out)
		var log sarifLog
		if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
			t.Fatalf("%s: %v", args[0], err)
		}
		// The driver says which sortie this is, and each rule where its explanation is.
		d := log.Runs[0].Tool.Driver
		if d.Version == "" || d.Version != version() || d.SemanticVersion != semanticVersion(version()) ||
			d.InformationURI != "https://github.com/sortie-rpg/sortie" {
			t.Errorf("%s: driver %q version %q semanticVersion %q informationUri %q", args[0], d.Name, d.Version, d.SemanticVersion, d.InformationURI)
		}
		for _, rule := range d.Rules {
			want := "https://github.com/sortie-rpg/sortie/blob/main/docs/codes.md#" + strings.ToLower(rule.ID)
			if rule.HelpURI != want {
				t.Errorf("%s: rule %s helpUri %q, want %q", args[0], rule.ID, rule.HelpURI, want)
			} else if !strings.Contains(codesDoc, "\n## "+rule.ID+"\n") {
				t.Errorf("%s: rule %s's helpUri names no section of docs/codes.md", args[0], rule.ID)
			}
		}
		for _, r := range log.Runs[0].Results {
			rule := log.Runs[0].Tool.Driver.Rules[r.RuleIndex]
			if rule.ID != r.RuleID {
				t.Errorf("%s: result %s points at rule %s", args[0], r.RuleID, rule.ID)
			}
			if u := r.Locations[0].PhysicalLocation.ArtifactLocation.URI; strings.HasPrefix(u, "./") || strings.HasPrefix(u, "/") {
				t.Errorf("%s: uri %q is not relative", args[0], u)
			}
		}
	}
	_, out, _ := run(t, "", "vet", "--format", "sarif", "./testdata/vet/ci")
	broken := strings.Replace(out, `"level": "warning"`, `"level": "severe"`, 1)
	v, _ := jsonschema.UnmarshalJSON(strings.NewReader(broken))
	if sch.Validate(v) == nil {
		t.Error("a result with level \"severe\" validated: the schema checks nothing")
	}
}

// semanticVersion keeps a release's or a pseudo-version's SemVer and drops what is not one: a
// local build's "(devel)" has none (the driver then carries version alone).
func TestSemanticVersion(t *testing.T) {
	for in, want := range map[string]string{
		"v1.4.0":              "1.4.0",
		"v1.4.0 0123456789ab": "1.4.0",
		"v0.0.0-20261201210000-0123456789ab+dirty": "0.0.0-20261201210000-0123456789ab+dirty",
		"v2.0.0-rc.1":          "2.0.0-rc.1",
		"(devel)":              "",
		"(devel) 0123456789ab": "",
		"unknown":              "",
		"v1.4":                 "",
		"v01.4.0":              "",
		"":                     "",
	} {
		if got := semanticVersion(in); got != want {
			t.Errorf("semanticVersion(%q) = %q, want %q", in, got, want)
		}
	}
}
