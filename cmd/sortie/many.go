package main

// Folders and DIR/... for graph and run (issue 20), as simulate --check takes them: a PATH that
// holds several scenarios, campaigns or battle files (a folder of folders, a campaign's folder,
// DIR/...) is each of them in turn, in the order simulate --check and vet walk them (simUnits).
// graph writes one picture a unit into the folder -o names; run plays each scenario with --policy
// and says, as go test does, "ok" or "FAIL" a scenario; a campaign or battle among them is
// skipped with what plays it.

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/graph"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/urfave/cli/v2"
)

// manyUnits expands path with simUnits and reports whether it holds more than one unit.
func manyUnits(e *env, path string) ([]string, bool, error) {
	units, err := simUnits(e, path)
	if err != nil {
		return nil, false, err
	}
	return units, len(units) > 1 || len(units) == 1 && units[0] != path, nil
}

// pictureNames names each unit's picture: its path below the common root, folders joined by '-',
// without the extension, a file named as its folder once ("field01/field01.cue": "field01").
// Names are unique: a clash gets "-2", "-3" in order.
func pictureNames(units []string) []string {
	root := filepath.Dir(units[0])
	for _, u := range units[1:] {
		for !strings.HasPrefix(u, root+string(filepath.Separator)) && root != "." && root != string(filepath.Separator) {
			root = filepath.Dir(root)
		}
	}
	seen := map[string]int{}
	out := make([]string, len(units))
	for i, u := range units {
		rel, err := filepath.Rel(root, u)
		if err != nil {
			rel = filepath.Base(u)
		}
		rel = strings.TrimSuffix(rel, filepath.Ext(rel))
		parts := strings.Split(filepath.ToSlash(rel), "/")
		if n := len(parts); n > 1 && parts[n-1] == parts[n-2] {
			parts = parts[:n-1]
		}
		name := strings.Join(parts, "-")
		seen[name]++
		if seen[name] > 1 {
			name = fmt.Sprintf("%s-%d", name, seen[name])
		}
		out[i] = name
	}
	return out
}

// graphMany draws every unit of units into the folder out, one file a unit named by
// pictureNames with format's extension, and says what it wrote. out is an existing folder or a
// new one (made with its parents), whose name must not look like a picture file (G002: "-o
// out/x.svg" is a typo for one picture, not a folder to make). Every unit is drawn before
// anything is written: when one cannot be drawn, each is reported, exit 1, and nothing is made
// or written; a write that fails removes what this command made.
func graphMany(e *env, arg string, units []string, format, out string) error {
	if out == "" || out == "-" {
		return failf(exitUsage, "%s holds %d scenarios, campaigns or battles: give -o FOLDER for their pictures (or one of them: %s)", arg, len(units), esc.Text(units[0]))
	}
	st, err := os.Stat(out)
	switch {
	case err == nil && !st.IsDir():
		return failf(exitUsage, "-o %s: %s holds %d pictures: -o names a folder, not a file", esc.Text(out), esc.Text(arg), len(units))
	case err != nil && looksLikeFile(out):
		return failf(exitUsage, "%s: -o %s: %s holds %d pictures, and -o names the folder they go in, but %s is the name of a %s file: give a folder (-o %s) or draw one of them (sortie graph %s -o %s)",
			graph.CodeManyToFile, esc.Text(out), esc.Text(arg), len(units), esc.Text(filepath.Base(out)), strings.ToLower(filepath.Ext(out)),
			esc.Text(strings.TrimSuffix(out, filepath.Ext(out))), esc.Text(units[0]), esc.Text(out))
	}
	ext := map[string]string{"svg": ".svg", "png": ".png", "dot": ".dot", "mermaid": ".mmd"}[format]
	names := pictureNames(units)
	pics := make([][]byte, len(units))
	failed := 0
	for i, u := range units {
		data, err := drawPath(e, u, format)
		if err != nil {
			failed++
			fmt.Fprintf(e.stderr, "%s: %s\n", esc.Text(u), esc.Text(err.Error()))
			continue
		}
		pics[i] = data
	}
	if failed > 0 {
		return failf(exitFindings, "%d of %d not drawn; nothing written", failed, len(units))
	}
	undo, err := safeio.MkdirAll(out, safeio.Options{Flag: "-o"})
	if err != nil {
		return failf(exitUsage, "%v", err)
	}
	var wrote []string // new files, removed when a later write fails
	for i, u := range units {
		dst := filepath.Join(out, names[i]+ext)
		_, statErr := os.Lstat(dst)
		wo := safeio.Options{Flag: "-o", Sources: inputSources(u), Kind: "a picture (SVG, PNG, dot or Mermaid)", IsKind: isPicture}
		if err := writeOutput(dst, pics[i], wo); err != nil {
			for _, w := range wrote {
				os.Remove(w)
			}
			undo()
			return err
		}
		if os.IsNotExist(statErr) {
			wrote = append(wrote, dst)
		}
	}
	for i := range units {
		fmt.Fprintf(e.stdout, "wrote %s\n", esc.Text(filepath.Join(out, names[i]+ext)))
	}
	return nil
}

// fileExts are the extensions that make a name look like a file rather than a folder to make
// for graph's pictures: the pictures graph writes, other pictures and documents.
var fileExts = map[string]bool{".svg": true, ".png": true, ".dot": true, ".gv": true, ".mmd": true,
	".jpg": true, ".jpeg": true, ".gif": true, ".pdf": true, ".html": true, ".txt": true}

// looksLikeFile reports whether path's name ends in one of fileExts (any case).
func looksLikeFile(path string) bool {
	return fileExts[strings.ToLower(filepath.Ext(path))]
}

// runMany plays every scenario of units with the --policy of c (a script answers one scenario's
// questions, the terminal one player's: neither is for many), its transcript on stdout under a
// "== PATH" line, and one line a unit on stderr: "ok PATH", "FAIL PATH why", or "skip PATH" for a
// campaign or a battle file with the command that plays it (no "==" line: it has no transcript).
// Exit 1 when one failed; the count is of the scenarios played.
func runMany(e *env, c *cli.Context, arg string, units []string) error {
	if c.String("policy") == "" || c.String("script") != "" || c.String("save") != "" {
		return failf(exitUsage, "%s holds %s: run each with --policy NAME (no --script or --save, which are for one scenario)", arg, words.CountOf(len(units), "scenario, campaign or battle", "scenarios, campaigns or battles"))
	}
	var lines []string
	failed, played := 0, 0
	for _, u := range units {
		if compiler.IsCampaign(u) {
			lines = append(lines, fmt.Sprintf("skip\t%s\ta campaign: play it with sortie campaign run", esc.Text(u)))
			continue
		}
		p, err := loadPlan(e, u)
		if k := unitOf(err); k != nil {
			lines = append(lines, fmt.Sprintf("skip\t%s\ta %s file: fight it with sortie battle", esc.Text(u), k.Kind))
			continue
		}
		played++
		fmt.Fprintf(e.stdout, "== %s\n", esc.Text(u)) // only over what is played: a skip has no transcript
		if err == nil {
			abs, aerr := filepath.Abs(u)
			if aerr != nil {
				return failf(exitUsage, "%v", aerr)
			}
			prm := paramsFromFlags(c)
			prm.path = u
			err = playPlan(e, p, abs, prm, nil)
		}
		switch {
		case err == nil:
			lines = append(lines, fmt.Sprintf("ok\t%s", esc.Text(u)))
		default:
			failed++
			why := err.Error()
			if why == "" {
				why = "not won (the line above says how it ended)"
			}
			lines = append(lines, fmt.Sprintf("FAIL\t%s\t%s", esc.Text(u), esc.Text(why)))
		}
	}
	fmt.Fprint(e.stderr, strings.Join(lines, "\n")+"\n")
	if failed > 0 {
		skipped := ""
		if n := len(units) - played; n > 0 {
			skipped = fmt.Sprintf(" (%d skipped: campaigns and battle files have their own commands)", n)
		}
		return failf(exitFindings, "%d of %s failed%s", failed, words.Count(played, "scenario"), skipped)
	}
	return nil
}
