package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/runner/expect"
	"github.com/sortie-rpg/sortie/runner/simreport"
	"github.com/urfave/cli/v2"
)

// simUnits expands a simulate PATH into the subjects it holds: a folder of scenarios, DIR/...
// (every scenario, campaign and battle file below DIR), or one subject (returned as is). Each is
// a path loadSubject takes: a scenario's folder, or its one file (a campaign, a battle file).
func simUnits(e *env, path string) ([]string, error) {
	if st, err := os.Stat(path); (err != nil || !st.IsDir()) && !strings.HasSuffix(path, "...") {
		return []string{path}, nil
	}
	_, units, err := compiler.VetScenarios([]string{path}, e.opts())
	if (err != nil || len(units) == 0 || len(units) == 1 && allCampaigns(units[0].Files)) && !strings.HasSuffix(path, "...") {
		// A folder of folders (scenarios/pathfinder), or a campaign's folder (scenarios/karzoral:
		// the campaign file beside its scenarios' folders): what is below it, as DIR/... .
		if _, below, err2 := compiler.VetScenarios([]string{filepath.Join(path, "...")}, e.opts()); err2 == nil && len(below) > 0 {
			units, err = below, nil
		}
	}
	if err != nil {
		return nil, failf(exitUsage, "%v", err)
	}
	if len(units) == 1 && len(units[0].Files) == 1 && allCampaigns(units[0].Files) {
		return units[0].Files, nil // a campaign is its file
	}
	if len(units) <= 1 {
		return []string{path}, nil
	}
	var out []string
	for _, u := range units {
		if len(u.Files) == 1 {
			out = append(out, u.Files[0])
		} else {
			out = append(out, u.Dir)
		}
	}
	return out, nil
}

// unitPath is where the one unit that path holds is (path a folder holding it, DIR/..., ./...):
// its folder, from which its plan's sources are named; path itself when it is a file or holds no
// single unit.
func unitPath(e *env, path string) string {
	if st, err := os.Stat(path); (err != nil || !st.IsDir()) && !strings.HasSuffix(path, "...") {
		return path
	}
	_, units, err := compiler.VetScenarios([]string{path}, e.opts())
	if err != nil || len(units) != 1 || units[0].Dir == "" {
		return path
	}
	return units[0].Dir
}

// checkedUnit is one subject's balance checks in a --check over many subjects.
type checkedUnit struct {
	Path   string            `json:"path"`
	Checks []simreport.Check `json:"checks"` // empty: the subject has no expect: list
	Error  string            `json:"error,omitempty"`
}

// simulateChecksMany is simulate --check over many subjects (a folder, DIR/...): each subject's
// balance checks in turn, as go test runs packages: "ok", "FAIL" or "?" ([no balance checks]) a
// subject, the failing checks in full; exit 1 when one fails or a subject does not load.
func simulateChecksMany(e *env, c *cli.Context, paths []string, format string) error {
	if c.IsSet("expect") || c.IsSet("html") {
		return failf(exitUsage, "--expect and --html go with one subject; %s holds %d: give one of them (%s)", c.Args().First(), len(paths), paths[0])
	}
	var units []checkedUnit
	failed := 0
	var text strings.Builder
	for _, p := range paths {
		u := checkedUnit{Path: p, Checks: []simreport.Check{}}
		if !mentionsExpect(p) {
			fmt.Fprintf(&text, "?\t%s\t[no balance checks]\n", p)
			units = append(units, u)
			continue
		}
		sub, err := loadSubject(e, p)
		var res *checked
		if err == nil {
			var bs []expect.Balance
			bs, err = loadChecks(e, sub, "")
			if err == nil {
				res, err = runChecks(e, sub, p, bs, c.Int("workers"), c.String("replay-dir"))
			}
		}
		if err != nil && strings.Contains(err.Error(), "has no expect: list") {
			fmt.Fprintf(&text, "?\t%s\t[no balance checks]\n", p)
			units = append(units, u)
			continue
		}
		if err != nil {
			failed++
			u.Error = err.Error()
			fmt.Fprintf(&text, "FAIL\t%s\t%s\n", p, u.Error)
			units = append(units, u)
			continue
		}
		u.Checks = res.results
		units = append(units, u)
		if res.failed > 0 {
			failed++
			var b strings.Builder
			writeChecks(&b, res.results)
			text.WriteString(b.String())
			fmt.Fprintf(&text, "FAIL\t%s\t%d of %s failed\n", p, res.failed, words.Count(len(res.results), "balance check"))
			continue
		}
		fmt.Fprintf(&text, "ok\t%s\t%s\n", p, words.Count(len(res.results), "balance check"))
	}
	var err error
	if format == "json" {
		err = simreport.WriteJSON(e.stdout, units)
	} else {
		_, err = fmt.Fprint(e.stdout, text.String())
	}
	if err != nil {
		return failf(exitUsage, "%v", err)
	}
	if failed > 0 {
		return failf(exitFindings, "%d of %d subjects failed their balance checks", failed, len(paths))
	}
	return nil
}

// mentionsExpect is a quick look for an expect: list in a subject's files (its units' files as
// the compiler reads a folder: compiler.UnitFiles, scripts beside them left out), so that
// subjects without balance checks are not compiled. It reads through the gate (a pipe or a
// /dev/zero link among them is not read here; compiling the subject reports it). A path that
// resolves to no unit is looked at as itself, so that compiling it reports why.
func mentionsExpect(path string) bool {
	var files []string
	units, err := compiler.UnitFiles([]string{path}, "", nil)
	if err != nil {
		files = []string{path}
	}
	for _, u := range units {
		files = append(files, u...)
	}
	for _, f := range files {
		if data, err := safeio.ReadNamed(f, compiler.MaxFileSize); err == nil && strings.Contains(string(data), "expect") {
			return true
		}
	}
	return false
}
