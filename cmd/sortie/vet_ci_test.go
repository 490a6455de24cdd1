package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// clashFindings is a When Armies Clash battle with two errors, worked out by hand from RULES.md
// Part U: the pikes' stand at [9, 1] is off a battlefield 6 squares wide (x 0..5, U-1: U001), and
// the orcs' creature is neither in the battle's creatures nor in the SRD library (U012). Both
// regiments have a configuration (else U013); the sides have no objective, two U010 warnings.
const clashFindings = `kind: battle
rules: clash
id: u
title: U codes in CI reports
version: 1
battlefield: {width: 6, height: 4}
sides:
  a: {name: A}
  b: {name: B}
units:
  pikes: {side: a, name: Pikes, type: regiment, configuration: march, creature: guard, stands: [{at: [9, 1]}]}
  orcs: {side: b, name: Orcs, type: regiment, configuration: march, creature: nosuchbeast, stands: [{at: [4, 1]}]}
`

// vetCIFiles writes the clash battle to a folder of its own and returns it with a Karzoral
// scenario (K001-K005, R001), a Pathfinder battle (M001-M010) and a Pathfinder hex scenario
// (H001-H005) of the compiler's want corpus, each file a unit of its own.
func vetCIFiles(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	u := filepath.Join(dir, "u.yaml")
	if err := os.WriteFile(u, []byte(clashFindings), 0o644); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join("testdata", "compiler", "want")
	return []string{u, filepath.Join(want, "K001_karzoral.cue"), filepath.Join(want, "M003_pathfinder_armies.cue"), filepath.Join(want, "H001_pathfinder_hexes.cue")}
}

// vetErrors runs vet --format json on files and returns its error findings as
// "file:line:col: CODE" keys, with the codes seen (warnings too).
func vetErrors(t *testing.T, files []string) (errs []string, codes map[string]bool) {
	t.Helper()
	_, out, stderr := run(t, "", append([]string{"vet", "--format", "json"}, files...)...)
	var doc struct {
		Diagnostics []struct {
			Code, Severity string
			Pos            struct {
				File         string
				Line, Column int
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("vet --format json: %v\n%s%s", err, out, stderr)
	}
	codes = map[string]bool{}
	for _, d := range doc.Diagnostics {
		codes[d.Code] = true
		if d.Severity == "error" {
			errs = append(errs, d.Pos.File+":"+strconv.Itoa(d.Pos.Line)+":"+strconv.Itoa(d.Pos.Column)+": "+d.Code)
		}
	}
	return errs, codes
}

// TestVetJUnitEveryRuleSystem (issue 20): the JUnit report carries the findings of every rule
// system. Before, CheckOf had no case for U codes: the clash battle's U001 and U012 were in no
// test case and its suite said failures="0". Every error vet finds (its JSON output) must stand
// in a failing test case of its file's suite, and the case is the pass the rule system's registry
// entry names for the code: U001 the first clash check declaring it (clashGrid), U012
// clashResolve, K001 the Karzoral check "karzoral", M and H codes "pathfinder". The clash suite
// fails exactly those two cases (the U010 warnings go to system-out).
func TestVetJUnitEveryRuleSystem(t *testing.T) {
	chdirRoot(t)
	files := vetCIFiles(t)
	errs, codes := vetErrors(t, files)
	for _, c := range []string{"U001", "U012", "K001", "M001", "H001"} {
		if !codes[c] {
			t.Fatalf("vet found no %s in %v: the fixture changed", c, files)
		}
	}
	code, out, _ := run(t, "", append([]string{"vet", "--format", "junit"}, files...)...)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var doc junitSuites
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, out)
	}
	var failures []string
	failed := map[string]string{} // "suite/case" -> failure text
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			if c.Failure != nil {
				failures = append(failures, c.Failure.Text)
				failed[s.Name+"/"+c.Name] += c.Failure.Text
			}
		}
	}
	for _, e := range errs {
		found := false
		for _, f := range failures {
			found = found || strings.Contains(f, e)
		}
		if !found {
			t.Errorf("error %s is in no failing JUnit test case", e)
		}
	}
	clashDir := filepath.Dir(files[0])
	for name, code := range map[string]string{clashDir + "/clashGrid": "U001", clashDir + "/clashResolve": "U012", "./testdata/compiler/want/karzoral": "K001", "./testdata/compiler/want/pathfinder": "M001"} {
		if !strings.Contains(failed[name], ": "+code+": ") {
			t.Errorf("test case %s does not fail with %s (failing cases: %v)", name, code, keysOf(failed))
		}
	}
	if !strings.Contains(failed["./testdata/compiler/want/pathfinder"], ": H001: ") {
		t.Errorf("the pathfinder test case does not carry H001")
	}
	for _, s := range doc.Suites {
		if s.Name == clashDir && s.Failures != 2 {
			t.Errorf("clash suite: failures=%d, want 2 (clashGrid: U001, clashResolve: U012)", s.Failures)
		}
	}
}

// TestVetSARIFEveryRuleSystem (issue 20): every finding of the four files, U, K, M and H codes
// alike, is a SARIF result whose ruleId is its code and whose ruleIndex points at the rule of
// that code in the driver's rules.
func TestVetSARIFEveryRuleSystem(t *testing.T) {
	chdirRoot(t)
	files := vetCIFiles(t)
	_, codes := vetErrors(t, files)
	_, out, _ := run(t, "", append([]string{"vet", "--format", "sarif"}, files...)...)
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("not a SARIF log of one run: %v\n%s", err, out)
	}
	r := log.Runs[0]
	seen := map[string]bool{}
	for _, res := range r.Results {
		if res.RuleIndex < 0 || res.RuleIndex >= len(r.Tool.Driver.Rules) || r.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %s: ruleIndex %d does not point at its rule", res.RuleID, res.RuleIndex)
		}
		seen[res.RuleID] = true
	}
	for c := range codes {
		if !seen[c] {
			t.Errorf("%s: found by vet, no SARIF result", c)
		}
	}
	for _, c := range []string{"U001", "U012", "K001", "M001", "H001"} {
		if !seen[c] {
			t.Errorf("no SARIF result for %s", c)
		}
	}
}

func keysOf(m map[string]string) []string { return sortedKeys(m) }

// TestVetJUnitCampaign (issue 20): a campaign file named alone is a suite of the JUnit report
// (before, vet took it aside and the report had no suite at all: failures="0" for a campaign
// with errors). The copy of the bundled campaign starts at "towr", no scenario of it: one C002,
// in the test case of the campaign's checks.
func TestVetJUnitCampaign(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "scenarios", "karzoral"))); err != nil {
		t.Fatal(err)
	}
	camp := filepath.Join(dir, "campaign.cue")
	data, err := os.ReadFile(camp)
	if err != nil {
		t.Fatal(err)
	}
	broken := strings.Replace(string(data), `start: ["field01"]`, `start: ["towr"]`, 1)
	if broken == string(data) {
		t.Fatal(`the bundled campaign has no start: ["field01"]: the test's edit does not apply`)
	}
	if err := os.WriteFile(camp, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := run(t, "", "vet", "--format", "junit", camp)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var doc junitSuites
	if err := xml.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, out)
	}
	if doc.Failures != 1 || len(doc.Suites) != 1 {
		t.Fatalf("failures=%d in %d suites, want 1 in 1:\n%s", doc.Failures, len(doc.Suites), out)
	}
	for _, c := range doc.Suites[0].Cases {
		if c.Failure != nil && (c.Name != "campaign" || !strings.Contains(c.Failure.Text, `: C002: unknown scenario "towr"`)) {
			t.Errorf("failing case %s: %s; want the campaign case with C002", c.Name, c.Failure.Text)
		}
	}
}
