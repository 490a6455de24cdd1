package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// Every transcript line of every bundled scenario, battle and campaign is at most 120 display
// columns (runner.TableWidth; East Asian wide characters count 2): prose, headings and legends
// wrap through runner.WrapProse in the text sink, tables through runner.RenderTable, for all three
// rule systems. Before the text sink wrapped prose, field01's "A rider from Rupetenne ..." (134),
// the campaign's XP lines (up to 242) and the clash legends (up to 286) were wider.
func TestBundledTranscriptsFit120(t *testing.T) {
	root := filepath.Join("..", "..", "scenarios")
	var runs [][]string
	fields, _ := filepath.Glob(filepath.Join(root, "karzoral", "field0*"))
	for _, f := range fields {
		for _, pol := range []string{"goal", "random"} {
			runs = append(runs, []string{"run", f, "--policy", pol, "--seed", "1"})
		}
	}
	pf, _ := filepath.Glob(filepath.Join(root, "pathfinder", "*", "scenario.cue"))
	for _, f := range pf {
		for _, pol := range []string{"first", "random"} {
			runs = append(runs, []string{"run", filepath.Dir(f), "--policy", pol, "--seed", "1"})
		}
	}
	battles, _ := filepath.Glob(filepath.Join(root, "pathfinder", "*", "battle.cue"))
	clash, _ := filepath.Glob(filepath.Join(root, "clash", "*"))
	for _, f := range append(battles, clash...) {
		if strings.HasSuffix(f, ".cue") {
			f = filepath.Dir(f)
		}
		for seed := 1; seed <= 2; seed++ {
			runs = append(runs, []string{"battle", f, "--seed", fmt.Sprint(seed)})
		}
	}
	campaign := filepath.Join(root, "karzoral", "campaign.cue")
	runs = append(runs, []string{"campaign", "run", campaign, "--policy", "goal", "--seed", "1"},
		[]string{"campaign", "run", campaign, "--script", filepath.Join(root, "karzoral", "campaign-play.yaml")})
	if len(fields) < 4 || len(pf) < 2 || len(battles) < 4 || len(clash) < 4 {
		t.Fatalf("bundled units: %d fields, %d hex scenarios, %d battles, %d clash battles", len(fields), len(pf), len(battles), len(clash))
	}
	for _, args := range runs {
		code, out, errs := run(t, "", args...)
		if code > 1 || out == "" {
			t.Errorf("sortie %v: exit %d, %d bytes, stderr %q", args, code, len(out), errs)
			continue
		}
		for i, l := range strings.Split(out, "\n") {
			if w := runner.DisplayWidth(l); w > runner.TableWidth {
				t.Errorf("sortie %v: line %d is %d columns: %q", args, i+1, w, l)
			}
		}
	}
}
