package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

// goldenClash compares got with testdata/clash/name; SORTIE_UPDATE=1 rewrites the file
// (read the diff before committing it).
func goldenClash(t *testing.T, name, got string) {
	t.Helper()
	path := repo(t, "testdata", "clash", name)
	if os.Getenv("SORTIE_UPDATE") == "1" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden transcript (SORTIE_UPDATE=1 to rewrite, then read the diff)\n%s", name, firstDiff(got, string(want)))
	}
}

// The bundled clash battles played from their scripts with seed 1 (the first round from the script,
// the rest by the tactical policy): the transcripts are golden; the field battle's JSON Lines too.
func TestClashBattleGolden(t *testing.T) {
	for _, name := range []string{"bridge", "field", "hill"} {
		dir := repo(t, "scenarios", "clash", name)
		code, out, errs := runMain("battle", dir, "--seed", "1", "--script", filepath.Join(dir, "script.yaml"))
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", name, code, errs)
		}
		if errs != "" {
			t.Errorf("%s: stderr %q", name, errs)
		}
		goldenClash(t, name+".txt", out)
	}
	dir := repo(t, "scenarios", "clash", "field")
	code, out, errs := runMain("battle", dir, "--seed", "1", "--script", filepath.Join(dir, "script.yaml"), "--format", "jsonl")
	if code != 0 {
		t.Fatalf("jsonl: exit %d\n%s", code, errs)
	}
	goldenClash(t, "field.jsonl", out)
}

// --runs fights each bundled battle 200 times; the same seed gives the same rates. The test
// checks the report's shape and its determinism, which 200 battles show as well as the 1000 it
// fought before (issue 30: a fifth of the processor time); .ci/run fights 1000 of each and checks
// each battle's expect: bounds (sortie simulate --check).
func TestClashRuns(t *testing.T) {
	for _, name := range []string{"bridge", "field", "hill"} {
		dir := repo(t, "scenarios", "clash", name)
		code, out, errs := runMain("battle", dir, "--runs", "200", "--seed", "7")
		if code != 0 || !strings.Contains(out, "200 battles, seed 7, policy default") || !strings.Contains(out, "rounds: min") {
			t.Fatalf("%s: exit %d\n%s%s", name, code, out, errs)
		}
		_, again, _ := runMain("battle", dir, "--runs", "200", "--seed", "7")
		if again != out {
			t.Errorf("%s: two runs with seed 7 differ", name)
		}
	}
	code, out, _ := runMain("battle", repo(t, "scenarios", "clash", "field"), "--runs", "50", "--format", "jsonl", "--policy", "random")
	if code != 0 || !strings.Contains(out, `"runs":50`) || !strings.Contains(out, `"policy":"random"`) {
		t.Errorf("jsonl rates: exit %d %s", code, out)
	}
}

// Bad input: a script entry for a unit that has no turn now (X001 at its line), an unknown key
// (X002), --std and a bad policy (usage, exit 2).
func TestClashBattleErrors(t *testing.T) {
	dir := repo(t, "scenarios", "clash", "field")
	tmp := t.TempDir()
	bad := filepath.Join(tmp, "bad.yaml")
	os.WriteFile(bad, []byte("- {unit: axes, action: attack}\n"), 0o644)
	code, _, errs := runMain("battle", dir, "--seed", "1", "--script", bad)
	if code != exitFindings || !strings.Contains(errs, "bad.yaml:1:4: X001") || !strings.Contains(errs, "unit axes") {
		t.Errorf("wrong unit: exit %d\n%s", code, errs)
	}
	os.WriteFile(bad, []byte("- {unti: gnolls, action: attack}\n"), 0o644)
	code, _, errs = runMain("battle", dir, "--script", bad)
	if code != exitFindings || !strings.Contains(errs, "X002") || !strings.Contains(errs, `did you mean "unit"?`) {
		t.Errorf("misspelt key: exit %d\n%s", code, errs)
	}
	if code, _, errs = runMain("battle", dir, "--std"); code != exitUsage || !strings.Contains(errs, "--std") {
		t.Errorf("--std: exit %d %s", code, errs)
	}
	if code, _, errs = runMain("battle", dir, "--policy", "clever"); code != exitUsage || !strings.Contains(errs, `unknown policy "clever" (want default, first, random, explore)`) {
		t.Errorf("--policy clever: exit %d %s", code, errs)
	}
}

// TestClashReadmeScript: the script the README shows plays the bundled field battle (seed 1), its
// entries used where it says.
func TestClashReadmeScript(t *testing.T) {
	readme, err := os.ReadFile(repo(t, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(readme), "## When Armies Clash battles")
	_, rest, ok := strings.Cut(rest, "```yaml\n")
	if !ok {
		t.Fatal("README: no script in the When Armies Clash section")
	}
	script, _, _ := strings.Cut(rest, "```")
	path := filepath.Join(t.TempDir(), "readme.yaml")
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMain("battle", repo(t, "scenarios", "clash", "field"), "--seed", "1", "--script", path)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d\n%s", code, errs)
	}
	for _, want := range []string{"skarn incites gnolls", "gnolls 2: 12,4 -> 11,2", "-> spears 1", "turn: archers"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q", want)
		}
	}
}

// TestClashFieldFixture: runner/clash's benchmark battle is the bundled field battle as it
// compiles now (SORTIE_UPDATE=1 rewrites it).
func TestClashFieldFixture(t *testing.T) {
	c, list, err := compiler.CompileClash([]string{repo(t, "scenarios", "clash", "field")}, compiler.Options{})
	if err != nil || list.HasErrors() {
		t.Fatal(err, list)
	}
	c.Sources, c.SourceHash = nil, "" // machine-independent
	data, err := plan.EncodeClash(c)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.ReplaceAll(string(data), repo(t)+string(filepath.Separator), "")) // positions relative to the repository
	path := repo(t, "runner", "clash", "testdata", "harrow-field.json")
	if os.Getenv("SORTIE_UPDATE") == "1" {
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != string(data) {
		t.Errorf("runner/clash/testdata/harrow-field.json is not the field battle as it compiles (SORTIE_UPDATE=1)")
	}
}
