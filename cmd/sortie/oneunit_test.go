package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneUnitFolder (issue 20 review: `simulate --check one/...` on a folder holding one battle
// stat'ed one/.../battle.cue): every command that takes a folder does its job on a folder
// holding one unit, given as the folder, as DIR/... and as ./... from inside it: exit 0 on copies
// of bundled bridge (a clash battle) and field01 (a Karzoral scenario), which pass vet, test and
// their balance checks (run --policy first of field01 ends in a failure, exit 1: a result).
func TestOneUnitFolder(t *testing.T) {
	srcs := map[string]string{"clash": repo(t, "scenarios", "clash", "bridge"), "karzoral": repo(t, "scenarios", "karzoral", "field01")}
	for _, rules := range []string{"clash", "karzoral"} {
		t.Run(rules, func(t *testing.T) { oneUnitFolder(t, rules, srcs[rules]) })
	}
}

// oneUnitFolder is TestOneUnitFolder on a copy of src in one/u.
func oneUnitFolder(t *testing.T, rules, src string) {
	root := filepath.Join(t.TempDir(), "one")
	if err := os.CopyFS(filepath.Join(root, "u"), os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	replays := t.TempDir()
	cmds := [][]string{{"vet", "--strict"}, {"test"}, {"simulate", "--check", "--replay-dir", replays}, {"simulate", "--runs", "5"},
		{"graph"}, {"fmt", "--check"}}
	if rules == "clash" {
		cmds = append(cmds, []string{"battle", "--runs", "3"})
	} else {
		cmds = append(cmds, []string{"run", "--policy", "first"}, []string{"compile"})
	}
	for _, form := range []string{root, filepath.Join(root, "..."), "./..."} {
		if form == "./..." {
			t.Chdir(root)
		}
		for _, cmd := range cmds {
			args := append(append([]string{}, cmd...), form)
			code, _, errb := run(t, "", args...)
			if code != 0 && !(code == 1 && args[0] == "run") {
				t.Errorf("%s: sortie %v: exit %d: %s", rules, args, code, errb)
			}
		}
	}
}

// TestEmptyPath (issue 20 review: `sortie vet ”` vetted the working folder, `graph ”` said
// "got 3 from  ("): an empty path argument is refused, exit 2, saying so, by every command that
// takes a path (the review after: fmt said "no such file", resume "a directory").
func TestEmptyPath(t *testing.T) {
	t.Chdir(repo(t, "scenarios", "karzoral"))
	for _, cmd := range [][]string{{"vet"}, {"graph"}, {"test"}, {"compile"}, {"simulate", "--runs", "2"}, {"run", "--policy", "first"}, {"battle", "--runs", "2"},
		{"fmt"}, {"campaign", "vet"}, {"campaign", "run"}, {"resume"}, {"init"}, {"diff", "field01"}, {"replay", "--plan", "p.json", "--html", "r.html"}} {
		code, out, errb := run(t, "", append(cmd, "")...)
		if code != 2 || !strings.Contains(errb, `an empty path ("")`) || out != "" {
			t.Errorf("sortie %v '': exit %d %q %q, want 2 and \"an empty path\"", cmd, code, out, errb)
		}
	}
}

// TestEmptyPathFlag (issue 25 review D4: `battle --html ""` wrote no page and said nothing): a
// path flag given as an empty string is refused, exit 2, naming the flag, by every command.
func TestEmptyPathFlag(t *testing.T) {
	t.Chdir(repo(t))
	for _, args := range [][]string{
		{"battle", "scenarios/clash/hill", "--html", ""},
		{"run", "scenarios/karzoral/field01", "--policy", "first", "--html", " "},
		{"campaign", "run", "scenarios/karzoral/campaign.cue", "--policy", "goal", "--html", ""},
		{"run", "scenarios/karzoral/field01", "--script", ""},
		{"compile", "scenarios/karzoral/field01", "-o", ""},
		{"simulate", "scenarios/clash/picket", "--runs", "2", "--html", ""},
	} {
		code, out, errb := run(t, "", args...)
		if code != exitUsage || !strings.Contains(errb, `an empty path (`) || out != "" {
			t.Errorf("sortie %q: exit %d %q %q, want 2 and an empty path", args, code, out, errb)
		}
	}
}

// TestRunsRefusesTheTable (issue 23 review: `battle --runs N --play SIDE` ignored --play without a
// word) and `--html -` (issue 25 review D6: a file named "-" was written): both refused, exit 2.
func TestRunsRefusesTheTable(t *testing.T) {
	hill, horde := repo(t, "scenarios", "clash", "hill"), repo(t, "scenarios", "pathfinder", "orc-horde")
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"battle", hill, "--runs", "5", "--play", "garrison"}, "--runs N fights many battles for their rates: drop --play and --gm"},
		{[]string{"battle", horde, "--runs", "5", "--gm", "--play", "Stolen Lands"}, "drop --play and --gm"},
		{[]string{"battle", hill, "--html", "-"}, "--html -: a page is written to a file"},
	} {
		code, _, errb := run(t, "", c.args...)
		if code != exitUsage || !strings.Contains(errb, c.want) {
			t.Errorf("%q: exit %d %q, want 2 and %q", c.args, code, errb, c.want)
		}
	}
	if _, err := os.Stat("-"); err == nil {
		t.Error(`a file named "-" was written`)
	}
}
