package compiler

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// TestRulesNotBuilt: a file of a rule system the schema knows but this sortie does not build is
// refused with one L016 at its rules value, nothing else checked. Every system of the bundled
// schema is built, so the test unregisters clash for the time of one in-process vet (the
// evaluator processes keep the full registry) and vets the bundled field battle, whose line
// `rules:   "clash"` has the value at column 10 (7 for "rules: ", plus 2 more spaces, plus 1);
// the line is looked up, so that the battle's comments may change.
func TestRulesNotBuilt(t *testing.T) {
	root := repoRoot(t)
	file := filepath.Join(root, "scenarios", "clash", "field", "field.cue")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(string(data), "\n") {
		if l == `rules:   "clash"` {
			line = i + 1
			break
		}
	}
	if line == 0 {
		t.Fatalf("%s has no line rules:   \"clash\"", file)
	}
	saved := ruleSystems["clash"]
	delete(ruleSystems, "clash")
	defer func() { ruleSystems["clash"] = saved }()
	var list diag.List
	out := &outputs{}
	w := &worker{}
	if _, err := w.vetUnit(unit{dir: filepath.Dir(file), files: []string{file}}, newNamer(root), &list, true, out); err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || len(out.clashes) != 0 {
		t.Fatalf("got %d findings and %d clash plans, want one L016 and none:\n%s", len(list), len(out.clashes), list)
	}
	d := list[0]
	want := fmt.Sprintf(`./scenarios/clash/field/field.cue:%d:10: L016: rules: "clash" is not built yet: sortie checks and runs "karzoral", "pathfinder"`, line)
	if got := d.Pos.String() + ": " + d.Code + ": " + d.Message; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// With clash registered again, the same file vets clean and compiles.
	ruleSystems["clash"] = saved
	list, out = nil, &outputs{}
	if _, err := w.vetUnit(unit{dir: filepath.Dir(file), files: []string{file}}, newNamer(root), &list, true, out); err != nil {
		t.Fatal(err)
	}
	if list.HasErrors() || len(out.clashes) != 1 {
		t.Errorf("with clash built: %d clash plans, findings:\n%s", len(out.clashes), list)
	}
}

// TestRulesDispatch: a file goes to its rule system on kind and rules, in evaluator processes as
// vet runs it. A battle file of a system without battle files is L016; a battle file with rules
// misspelt gets the nearest battle system's schema, whose S004 suggests it; a battle file with
// rules near nothing is L016 listing the battle systems; a clash file of another kind gets the
// clash schema's S004 on kind (clash has battle files only). Columns by hand: `rules: "x"` has its
// value at column 8, `kind: "x"` at 7.
func TestRulesDispatch(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, src string
		want      []string // "line:col: CODE: message prefix", each present
		not       string   // a code that must not appear
	}{
		{"karzoral-battle.cue", "kind: \"battle\"\nrules: \"karzoral\"\nid: \"x\"\n",
			[]string{`2:8: L016: rules: "karzoral" has no battle files (battle files are rules "clash", "pathfinder")`}, "S003"},
		{"clsh.yaml", "kind: battle\nrules: clsh\nid: x\n",
			[]string{`2:8: S004: rules: must be "clash", not "clsh"`, "did you mean \"clash\"?"}, "L016"},
		{"pathfindr.yaml", "kind: battle\nrules: pathfindr\nid: x\n",
			[]string{`2:8: S004: rules: must be "pathfinder", not "pathfindr"`, "did you mean \"pathfinder\"?"}, "L016"},
		{"nothing.yaml", "kind: battle\nrules: zzzzzz\nid: x\n",
			[]string{`2:8: L016: rules: "zzzzzz" is not a rule system sortie builds: battle files are rules "clash", "pathfinder"`}, "S003"},
		// B6: a battle whose rules is not a string is still a battle: L016 on rules, not L002.
		{"list-rules.yaml", "kind: battle\nrules: [clash]\nid: x\n",
			[]string{`2:8: L016: rules: is a list, not a rule system's name: battle files are rules "clash", "pathfinder"`,
				`hint: a battle file follows one rule system: write rules: "clash"`}, "L002"},
		{"int-rules.yaml", "kind: battle\nrules: 7\nid: x\n",
			[]string{`2:8: L016: rules: is an int, not a rule system's name: battle files are rules "clash", "pathfinder"`}, "L002"},
		{"list-rules.cue", "kind: \"battle\"\nrules: [\"clash\"]\nid: \"x\"\n",
			[]string{`2:8: L016: rules: is a list, not a rule system's name`}, "L002"},
		{"clash-scenario.cue", "kind: \"scenario\"\nrules: \"clash\"\nid: \"x\"\n",
			[]string{`1:7: S004: kind: must be "battle", not "scenario"`}, "L016"},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
			t.Fatal(err)
		}
		list, err := Vet([]string{path}, Options{WorkDir: dir})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var text strings.Builder
		for _, d := range list {
			text.WriteString(d.Pos.String() + ": " + d.Code + ": " + d.Message + "\n\thint: " + d.Hint + "\n")
		}
		for _, w := range c.want {
			if !strings.Contains(text.String(), w) {
				t.Errorf("%s: no %q in\n%s", c.name, w, text.String())
			}
		}
		if c.not != "" && strings.Contains(text.String(), ": "+c.not+": ") {
			t.Errorf("%s: %s reported:\n%s", c.name, c.not, text.String())
		}
	}
}

// TestEveryCodeHasAPass (issue 20): CI reports group findings by pass (CheckOf), from the rule
// systems' registry entries; a code of no pass is dropped from a JUnit report, as every U code
// was before. Every code of the catalogue that vet reports has a pass: all but the X codes
// (sortie test's script findings, never a vet finding). Pass names are unique, and the U, M, H,
// K and C codes go to their rule system's passes, not to the shared ones.
func TestEveryCodeHasAPass(t *testing.T) {
	names := map[string]bool{}
	for _, n := range PassNames() {
		if names[n] {
			t.Errorf("pass %q is listed twice", n)
		}
		names[n] = true
	}
	shared := map[string]bool{"load": true, "schema": true, "suppressions": true}
	for _, in := range diag.Codes() {
		pass := CheckOf(in.Code)
		switch {
		case strings.HasPrefix(in.Code, "X"):
			continue
		case pass == "":
			t.Errorf("%s (%s) belongs to no pass", in.Code, in.Title)
		case !names[pass]:
			t.Errorf("%s: pass %q is not in PassNames", in.Code, pass)
		case strings.ContainsAny(in.Code[:1], "UMHKC") && shared[pass]:
			t.Errorf("%s: grouped under the shared pass %q, not its rule system's", in.Code, pass)
		}
	}
	for code, want := range map[string]string{"U012": "clashResolve", "U014": "clashStatBlock", "M001": "pathfinder", "H001": "pathfinder", "K003": "karzoral", "C002": "campaign", "L001": "load", "S001": "schema", "L009": "suppressions"} {
		if got := CheckOf(code); got != want {
			t.Errorf("CheckOf(%s) = %q, want %q", code, got, want)
		}
	}
}

// TestOneFallback: exactly one built rule system is the registry's fallback, the one a file of
// unreadable rules goes to (Karzoral: its #Scenario schema names the missing rules, S003), and
// registering a second fallback panics. A bare struct with no rules is vetted by the fallback:
// the schema reports the missing field.
func TestOneFallback(t *testing.T) {
	var names []string
	for _, name := range builtRules() {
		if ruleSystems[name].Fallback {
			names = append(names, name)
		}
	}
	if len(names) != 1 || names[0] != "karzoral" {
		t.Fatalf("fallback systems %v, want [karzoral]", names)
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Error("a second fallback registered without a panic")
			}
		}()
		Register("second-fallback-for-test", RuleSystem{Fallback: true})
	}()
	if _, ok := ruleSystems["second-fallback-for-test"]; ok {
		delete(ruleSystems, "second-fallback-for-test")
		t.Error("the second fallback was entered")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "norules.cue")
	if err := os.WriteFile(path, []byte("kind: \"scenario\"\nid: \"x\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	list, err := Vet([]string{path}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range list {
		if d.Code == "S003" && strings.Contains(d.Message, "rules") {
			found = true
		}
	}
	if !found {
		t.Errorf("a scenario without rules: want S003 naming rules from the fallback's schema, got %v", list)
	}
}

// TestBattleWithoutRules: a battle file that names no rules gets S003 on rules with a hint
// naming the systems with battle files, whatever its body (a clash field, a Pathfinder
// conditions:), and nothing guessed from it (the reviewer's k14: picket.cue without rules: said
// S001 "battlefield" and five more as a Pathfinder battle; k15: swamp-raid vetted clean).
func TestBattleWithoutRules(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"clash.cue":  "kind: \"battle\"\nid: \"p\"\nversion: 1\nbattlefield: {width: 4, height: 2}\n",
		"pf.cue":     "kind: \"battle\"\nid: \"s\"\nversion: 1\nconditions: terrain: \"swamp\"\n",
		"pf.json":    `{"kind": "battle", "id": "s", "version": 1}`,
		"clash.yaml": "kind: battle\nid: p\nversion: 1\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		list, err := Vet([]string{path}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].Code != "S003" || list[0].Message != `missing required field "rules"` ||
			!strings.Contains(list[0].Hint, `add rules: "clash" or "pathfinder"`) || list[0].Pos.Line != 1 {
			t.Errorf("%s: want one S003 on rules at line 1 naming clash and pathfinder, got %v", name, list)
		}
	}
}
