package main

// sortie diff OLD/... NEW/... (issue 20): two trees of scenarios, campaigns and battle files
// compared unit by unit. Each tree is walked as vet and simulate --check walk DIR/... (simUnits);
// a unit of one tree is paired with the unit at the same path relative to its tree's root
// (OLD, NEW without "/..."). Each pair is compared as sortie diff OLD NEW compares it; a unit of
// one tree only is reported added or removed; a campaign file is not compared (its scenarios
// are, being units of the trees).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/urfave/cli/v2"
)

// isTreePattern reports whether path is a DIR/... pattern.
func isTreePattern(path string) bool {
	return path == "..." || strings.HasSuffix(filepath.ToSlash(path), "/...")
}

// treeUnits expands pattern (DIR/...) to its units, keyed by their slash-separated paths relative
// to DIR. A tree without a unit is a usage error.
func treeUnits(e *env, pattern string) (map[string]string, error) {
	root := strings.TrimSuffix(strings.TrimSuffix(filepath.ToSlash(pattern), "..."), "/")
	if root == "" {
		root = "."
	}
	units, err := simUnits(e, pattern)
	if err != nil {
		return nil, err
	}
	if len(units) == 1 && units[0] == pattern {
		// simUnits' answer for a tree of one unit (or none): the unit itself (issue 20, B5: a
		// battle's folder/... was "no scenario, campaign or battle file").
		units = oneTreeUnit(pattern)
	}
	out := map[string]string{}
	for _, u := range units {
		if u == pattern {
			continue // simUnits' answer for a tree without units
		}
		rel, err := filepath.Rel(filepath.FromSlash(root), u)
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		out[filepath.ToSlash(rel)] = u
	}
	if len(out) == 0 {
		return nil, failf(exitUsage, "%s holds no scenario, campaign or battle file", pattern)
	}
	return out, nil
}

// manyInFolder reports whether path is a folder holding more than one unit (compiler.UnitFiles:
// its own, or for a folder of folders those below it).
func manyInFolder(path string) bool {
	if st, err := os.Stat(path); err != nil || !st.IsDir() {
		return false
	}
	found, err := compiler.UnitFiles([]string{path}, "", nil)
	return err == nil && len(found) > 1
}

// oneTreeUnit is the one unit of pattern, a file or the folder of a unit of several files, as
// simUnits names units; none when the tree has none or several.
func oneTreeUnit(pattern string) []string {
	found, err := compiler.UnitFiles([]string{pattern}, "", nil)
	if err != nil || len(found) != 1 {
		return nil
	}
	u := found[0][0]
	if len(found[0]) > 1 {
		u = filepath.Dir(u)
	}
	if wd, err := os.Getwd(); err == nil && !filepath.IsAbs(pattern) {
		if rel, err := filepath.Rel(wd, u); err == nil {
			u = rel
		}
	}
	return []string{u}
}

// diffTree is the report of diff OLD/... NEW/... in JSON: each pair's own report (as diff OLD
// NEW prints it), the units of one tree only, the campaign files not compared, and the pairs
// that could not be compared with why.
type diffTree struct {
	Old       string         `json:"old"`
	New       string         `json:"new"`
	Pairs     []diffTreePair `json:"pairs"`
	Added     []string       `json:"added"`
	Removed   []string       `json:"removed"`
	Campaigns []string       `json:"campaigns"`
}

type diffTreePair struct {
	Path  string          `json:"path"`
	Diff  json.RawMessage `json:"diff,omitempty"`
	Error string          `json:"error,omitempty"`
}

// diffTrees compares the trees oldPat and newPat (both DIR/...), pair by pair in the order of
// their relative paths. Exit 1 when a pair could not be compared (its errors printed), or with
// --exit-code when a pair differs or a unit was added or removed; 2 on usage errors.
func diffTrees(e *env, c *cli.Context, oldPat, newPat string) error {
	if !isTreePattern(oldPat) || !isTreePattern(newPat) {
		return failf(exitUsage, "diff compares a tree with a tree: both OLD and NEW end in /... (got %s and %s)", oldPat, newPat)
	}
	olds, err := treeUnits(e, oldPat)
	if err != nil {
		return err
	}
	news, err := treeUnits(e, newPat)
	if err != nil {
		return err
	}
	rep := &diffTree{Old: oldPat, New: newPat, Pairs: []diffTreePair{}, Added: []string{}, Removed: []string{}, Campaigns: []string{}}
	var rels []string
	for rel := range olds {
		rels = append(rels, rel)
	}
	for rel := range news {
		if _, ok := olds[rel]; !ok {
			rels = append(rels, rel)
		}
	}
	sort.Strings(rels)
	format := c.String("format")
	var text bytes.Buffer
	failed, differs := 0, false
	for _, rel := range rels {
		o, inOld := olds[rel]
		n, inNew := news[rel]
		switch {
		case !inNew:
			rep.Removed = append(rep.Removed, rel)
			continue
		case !inOld:
			rep.Added = append(rep.Added, rel)
			continue
		case compiler.IsCampaign(o) || compiler.IsCampaign(n):
			rep.Campaigns = append(rep.Campaigns, rel)
			continue
		}
		var out, errs bytes.Buffer
		pe := &env{stdin: e.stdin, stdout: &out, stderr: &errs, budget: e.budget}
		perr := diffPair(pe, c, []string{o, n})
		var xe *exitError
		pair := diffTreePair{Path: rel}
		switch {
		case perr == nil:
		case errors.As(perr, &xe) && xe.code == exitFindings && xe.msg == "":
			differs = true // --exit-code: the pair differs
		default:
			failed++
			pair.Error = strings.TrimSpace(errs.String() + "\n" + perr.Error())
		}
		if format == "json" && pair.Error == "" {
			pair.Diff = json.RawMessage(bytes.TrimSpace(out.Bytes()))
		}
		rep.Pairs = append(rep.Pairs, pair)
		if format != "json" {
			fmt.Fprintf(&text, "=== %s\n", esc.Text(rel))
			if pair.Error != "" {
				fmt.Fprintf(&text, "not compared: %s\n\n", esc.Text(pair.Error))
				continue
			}
			text.Write(out.Bytes())
			text.WriteString("\n")
		}
	}
	if len(rep.Added)+len(rep.Removed) > 0 {
		differs = true
	}
	if format == "json" {
		if err := writeJSONHidden(e.stdout, rep); err != nil {
			return err
		}
	} else {
		list := func(title string, items []string) {
			fmt.Fprintf(&text, "%s\n", title)
			if len(items) == 0 {
				fmt.Fprintf(&text, "  (none)\n")
			}
			for _, it := range items {
				fmt.Fprintf(&text, "  %s\n", esc.Text(it))
			}
		}
		list("added (in "+newPat+" only)", rep.Added)
		list("removed (in "+oldPat+" only)", rep.Removed)
		if len(rep.Campaigns) > 0 {
			list("campaign files, not compared (their scenarios are)", rep.Campaigns)
		}
		if _, err := e.stdout.Write(text.Bytes()); err != nil {
			return err
		}
	}
	if failed > 0 {
		return failf(exitFindings, "%d of %d pairs could not be compared", failed, len(rep.Pairs))
	}
	if c.Bool("exit-code") && differs {
		return failf(exitFindings, "")
	}
	return nil
}
