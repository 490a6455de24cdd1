package main

import (
	"os"
	"strings"
	"testing"
)

// Kind dispatch by what the compiler reads (issue 20), not by its error texts: a folder holding
// a battle file is a battle to every command (campaign run called it a scenario: the folder was
// taken for one unseen), and a battle with warnings has them printed once by graph and simulate
// (the battle was compiled twice, once to learn it was no scenario).
func TestKindDispatchFolders(t *testing.T) {
	clash := repo(t, "scenarios", "clash", "field")
	pf := repo(t, "scenarios", "pathfinder", "orc-horde")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"campaign", "run", clash}, exitUsage, `holds no campaign file, only a battle file (kind: "battle"): fight a battle file with sortie battle`},
		{[]string{"run", pf}, exitUsage, `is a battle file (kind: "battle"): fight a battle file with sortie battle`},
		{[]string{"compile", clash}, exitUsage, "check a battle file with sortie vet, fight it with sortie battle"},
		{[]string{"battle", repo(t, "scenarios", "karzoral", "field01")}, exitUsage, `is a scenario file (kind: "scenario"): play a scenario with sortie run`},
		{[]string{"graph", "--format", "mermaid", pf}, exitUsage, "a battle is drawn as a picture, not a graph"},
	} {
		code, _, errb := run(t, "", tc.args...)
		if code != tc.code || !strings.Contains(errb, tc.want) {
			t.Errorf("sortie %s: exit %d %q, want %d %q", strings.Join(tc.args, " "), code, errb, tc.code, tc.want)
		}
	}
	dir := t.TempDir()
	code, _, _ := run(t, "", "init", dir+"/b", "--rules", "clash")
	if code != 0 {
		t.Fatal("init")
	}
	// A warning (U010: a side's only objective worth less than 10 VP) to count.
	src, err := os.ReadFile(dir + "/b/battle.cue")
	if err != nil || !strings.Contains(string(src), "attrition: {blades: 6, riders: 4}") {
		t.Fatalf("the clash template changed: %v", err)
	}
	if err := os.WriteFile(dir+"/b/battle.cue", []byte(strings.Replace(string(src), "attrition: {blades: 6, riders: 4}", "attrition: {blades: 1}", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"graph", dir + "/b"}, {"simulate", "--runs", "3", dir + "/b"}} {
		code, out, errb := run(t, "", args...)
		if code != 0 || out == "" || strings.Count(errb, "U010") != 1 {
			t.Errorf("sortie %s: exit %d, U010 %d times: %s", strings.Join(args, " "), code, strings.Count(errb, "U010"), errb)
		}
	}
}
