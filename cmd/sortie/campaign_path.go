package main

// The PATH of a campaign subcommand (issue 20, B5): a campaign file, or a folder or DIR/... that
// holds exactly one, as sortie vet reads folders and DIR/... . "sortie campaign vet
// scenarios/karzoral" vets scenarios/karzoral/campaign.cue, as "sortie vet scenarios/karzoral"
// does; a folder with no campaign file, or with several, is refused with the campaign files found
// and what to run.

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
)

// campaignFile resolves arg, the PATH of "sortie campaign CMD" (cmd: "vet", "run"), to a campaign
// file: a file is itself (its kind is checked where it is compiled); a folder is the campaign
// files among its units (compiler.UnitFiles, as vet lists them), or when it has none, those below
// it (a folder of folders, as simulate --check reads it); DIR/... is those below DIR. Exactly one
// is the answer, as a path relative to the working directory when it is below it. None, or
// several, is an exit-2 refusal naming the campaign files found and what to run instead (for a
// folder or tree that is one scenario or battle, its kind and insteadOf's command for it).
func campaignFile(e *env, cmd, arg string) (string, error) {
	st, err := os.Stat(arg)
	if !isTreePattern(arg) && (err != nil || !st.IsDir()) {
		return arg, nil // a file (or a missing path: the compiler says so)
	}
	found, err := campaignFilesIn(arg)
	if len(found) == 0 && !isTreePattern(arg) {
		// A folder of folders (scenarios): what is below it.
		if below, err2 := campaignFilesIn(filepath.Join(arg, "...")); err2 == nil {
			found, err = below, nil
		}
	}
	if err != nil {
		return "", failf(exitUsage, "%v", err)
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		// One scenario or battle in a folder (or below DIR): what it is, and what plays it.
		refuser := "campaign " + cmd
		if insteadOf[refuser] == nil {
			refuser = "campaign"
		}
		if u, _, err := compiler.CompileAny([]string{arg}, e.opts()); err == nil && u != nil && insteadOf[refuser][u.Kind] != "" {
			return "", failf(exitUsage, "%s holds no campaign file, only a %s file (kind: %q): %s", arg, u.Kind, u.Kind, insteadOf[refuser][u.Kind])
		}
		return "", failf(exitUsage, "%s holds no campaign file (kind: \"campaign\"): name one (sortie campaign %s FILE); vet the scenarios or battle files there with sortie vet %s", arg, cmd, arg)
	}
	return "", failf(exitUsage, "%s holds %d campaign files (%s): name one of them (sortie campaign %s %s)", arg, len(found), strings.Join(found, ", "), cmd, found[0])
}

// campaignFilesIn lists the campaign files among the units of path (a folder or DIR/...), in the
// order compiler.UnitFiles finds them, each relative to the working directory when below it.
func campaignFilesIn(path string) ([]string, error) {
	units, err := compiler.UnitFiles([]string{path}, "", nil)
	if err != nil {
		return nil, err
	}
	wd, _ := os.Getwd()
	var out []string
	for _, files := range units {
		if len(files) != 1 || !compiler.IsCampaign(files[0]) {
			continue
		}
		f := files[0]
		if rel, err := filepath.Rel(wd, f); err == nil && wd != "" && !strings.HasPrefix(rel, "..") {
			f = rel
		}
		out = append(out, f)
	}
	return out, nil
}

// campaignArg is the campaign file of c's one argument (campaignFile), or the usage refusal of
// "sortie campaign CMD" with another number of arguments.
func campaignArg(e *env, cmd string, nargs int, first string) (string, error) {
	if nargs != 1 {
		return "", failf(exitUsage, "campaign %s needs exactly one FILE (a campaign file, or a folder holding one; see sortie campaign %s --help)", cmd, cmd)
	}
	return campaignFile(e, cmd, first)
}
