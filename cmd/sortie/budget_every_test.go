package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/compiler"
)

// budgetRows: for each command that evaluates a stranger's CUE (evaluates), runs that reach its
// evaluations, {F} a copy of field01 (CUE), {K} the bundled campaign, {CL} the clash field battle
// (CUE), {T} a fresh folder; or the reason the command is checked elsewhere.
var budgetRows = map[string]struct {
	runs [][]string
	none string
}{
	"vet":      {runs: [][]string{{"vet", "{F}"}}},
	"compile":  {runs: [][]string{{"compile", "{F}", "-o", "{T}/plan.json"}}},
	"run":      {runs: [][]string{{"run", "{F}", "--script", "{F}/win.yaml"}}},
	"campaign": {runs: [][]string{{"campaign", "vet", "{K}"}}},
	"resume":   {runs: [][]string{{"resume", "{T}/save.json"}}},
	"battle":   {runs: [][]string{{"battle", "{CL}", "--runs", "2"}}},
	// graph of a battle file: drawBattle's compile (compiler.Options{} before B11).
	"graph": {runs: [][]string{{"graph", "{F}", "-o", "{T}/g.svg"}, {"graph", "{CL}", "-o", "{T}/b.svg"}}},
	// test of a file: otherKind's compile came first (compiler.Options{} before B11).
	"test": {runs: [][]string{{"test", "{F}/field01.cue"}}},
	"init": {runs: [][]string{{"init", "--from", "{F}", "{T}/new"}}},
	"diff": {runs: [][]string{{"diff", "{F}", "{F}"}, {"diff", "{CL}", "{CL}"}}},
	// simulate of a folder: simUnits' vet came first (compiler.Options{} before B11).
	"simulate": {runs: [][]string{{"simulate", "{F}", "--runs", "2"}}},
	// replay of a scenario folder: --plan compiles it (the run file is read after).
	"replay": {runs: [][]string{{"replay", "{T}/none.jsonl", "--plan", "{F}", "--html", "{T}/r.html"}}},
	"lsp":    {none: "lsp.Options.Budget from its flags; TestBudgetApplied (cmd/sortie/lsp) bombs it"},
}

// TestEveryEvaluationTakesTheBudget (issue 28, B11): every evaluation of every command runs under
// the command's --max-cpu and --max-memory, never the default a zero budget falls back to.
// compiler.ObserveBudgets sees each evaluation's budget as the command gave it.
func TestEveryEvaluationTakesTheBudget(t *testing.T) {
	for name := range evaluates {
		if _, ok := budgetRows[name]; !ok {
			t.Errorf("command %q evaluates CUE but has no row in budgetRows", name)
		}
	}
	root := repo(t)
	tmp := t.TempDir()
	f := filepath.Join(tmp, "field01")
	copyDir(t, filepath.Join(root, "scenarios", "karzoral", "field01"), f)
	save := filepath.Join(tmp, "save.json")
	if code, _, errs := run(t, "", "run", f, "--script", filepath.Join(f, "win.yaml"), "--save", save, "--halt-after", "1"); code != 2 || !strings.Contains(errs, "halted") {
		t.Fatalf("the save to resume: exit %d: %s", code, errs)
	}
	want := compiler.Budget{CPU: 7654 * time.Millisecond, Memory: 99 << 20}
	var mu sync.Mutex
	var seen []compiler.Budget
	stop := compiler.ObserveBudgets(func(b compiler.Budget) {
		mu.Lock()
		seen = append(seen, b)
		mu.Unlock()
	})
	defer stop()
	for name, row := range budgetRows {
		for i, args := range row.runs {
			out := filepath.Join(tmp, "out", name, string(rune('a'+i)))
			os.MkdirAll(out, 0o755)
			var full []string
			for _, a := range args {
				a = strings.NewReplacer("{F}", f, "{K}", filepath.Join(root, "scenarios", "karzoral", "campaign.cue"),
					"{CL}", filepath.Join(root, "scenarios", "clash", "field", "field.cue"), "{T}", out).Replace(a)
				full = append(full, a)
			}
			if name == "resume" {
				full[1] = save
			}
			full = append(full, "--max-cpu", "7654ms", "--max-memory", "99MiB")
			mu.Lock()
			seen = nil
			mu.Unlock()
			code, stdout, errs := run(t, "", full...)
			mu.Lock()
			got := append([]compiler.Budget{}, seen...)
			mu.Unlock()
			if len(got) == 0 {
				t.Errorf("%v: exit %d and no evaluation: the row does not reach one\n%s%s", full, code, stdout, errs)
			}
			for _, b := range got {
				if b != want {
					t.Errorf("%v: an evaluation under %v/%d bytes, want the command's %v/%d", full, b.CPU, b.Memory, want.CPU, want.Memory)
				}
			}
		}
	}
}

// copyDir copies the regular files of src into dst (not recursive).
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	os.MkdirAll(dst, 0o755)
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.Type().IsRegular() {
			data, err := os.ReadFile(filepath.Join(src, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dst, e.Name()), data, 0o644)
		}
	}
}

// TestMemoryBudgetBoundsResident (issue 28, B11): --max-memory bounds the evaluator's resident
// memory, not only its live heap (a 512 MiB budget let one reach 945 MB). The range bomb (a list
// of 10^8 numbers) under 96 MiB, with processor time it cannot exhaust, answers L012, and no
// process of the run (sortie and its evaluators: the wait status's peak RSS is the largest)
// held more than the budget and the 32 MiB compiler.Budget allows beside it.
func TestMemoryBudgetBoundsResident(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	const budget = 96 << 20
	cmd := exec.Command(exe)
	cmd.Args = []string{"sortie", "vet", filepath.Join(repo(t), "testdata", "hostile", "range"), "--max-memory", "96MiB", "--max-cpu", "2m"}
	out, _ := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 1 || !strings.Contains(string(out), "L012") {
		t.Fatalf("exit %d, want 1 and L012:\n%s", code, out)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage here")
	}
	if peak := ru.Maxrss << 10; peak > budget+32<<20 { // Maxrss is in KiB on Linux
		t.Errorf("peak resident %d MiB under a %d MiB budget, want at most %d MiB:\n%s", peak>>20, budget>>20, (budget+32<<20)>>20, out)
	}
	t.Logf("peak resident %d MiB under %d MiB", ru.Maxrss>>10, budget>>20)
}
