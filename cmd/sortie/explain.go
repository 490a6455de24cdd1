package main

import (
	"encoding/json"
	"fmt"
	"go/doc/comment"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/docs"
	"github.com/urfave/cli/v2"
)

// The mass-combat engine registers its codes (M001-M009) in the catalogue when linked.

func explainCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "explain",
		Usage:     "explain a diagnostic code (what it means, an example, how to fix it)",
		ArgsUsage: "[CODE|TACTIC|BOON|ABILITY]",
		Description: `explain prints the page of a diagnostic code such as F002, the rule of a Pathfinder tactic
or boon ("defensive wall", "hold the line"), or a Pathfinder army special ability's published text
and how sortie plays it ("fear", "channel positive energy"). Without a CODE it lists every code
with its title, and the tactics, boons and abilities. --format json prints the catalogue (or one page) as JSON: code, title,
severity and doc for each code, sorted by code; --format markdown the catalogue as the page
docs/codes.md (one section a code, its anchor the code in lower case).`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text, json or markdown"},
		},
		Action: func(c *cli.Context) error {
			format := c.String("format")
			if format != "text" && format != "json" && format != "markdown" {
				return failf(exitUsage, "unknown --format %q: use text, json or markdown", format)
			}
			if format == "markdown" {
				if c.NArg() > 0 {
					return failf(exitUsage, "--format markdown prints the whole catalogue: give no CODE")
				}
				if _, err := e.stdout.Write(diag.CatalogueMarkdown(diag.Codes())); err != nil {
					return failf(exitUsage, "%v", err)
				}
				return nil
			}
			if c.NArg() > 1 {
				return failf(exitUsage, "explain takes one CODE")
			}
			infos := diag.Codes()
			if c.NArg() == 1 {
				arg := c.Args().First()
				in, ok := diag.Lookup(strings.ToUpper(arg))
				if !ok {
					if page, ok := pathfinderPage(arg); ok {
						return writePage(e, format, page)
					}
					if page, ok := abilityPage(arg); ok {
						return writePage(e, format, page)
					}
					return failf(exitUsage, "unknown code, tactic, boon or ability %q%s (sortie explain lists them all)", arg, explainSuggestion(arg))
				}
				infos = []diag.CodeInfo{in}
			}
			if format == "json" {
				type page struct {
					Code     string        `json:"code"`
					Title    string        `json:"title"`
					Severity diag.Severity `json:"severity"`
					Doc      string        `json:"doc"`
				}
				out := make([]page, 0, len(infos))
				for _, in := range infos {
					out = append(out, page{in.Code, in.Title, in.Severity, strings.TrimSpace(in.Doc)})
				}
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				if err := enc.Encode(out); err != nil {
					return failf(exitUsage, "%v", err)
				}
				return nil
			}
			if c.NArg() == 0 {
				for _, in := range infos {
					fmt.Fprintf(e.stdout, "%s  %-7s  %s\n", in.Code, in.Severity, in.Title)
				}
				fmt.Fprintf(e.stdout, "\nPathfinder tactics (sortie explain NAME): %s\n", strings.Join(pfarmy.TacticNames(), ", "))
				fmt.Fprintf(e.stdout, "Pathfinder boons: %s\n", strings.Join(pfarmy.BoonNames(), ", "))
				fmt.Fprintf(e.stdout, "Pathfinder army abilities: %s\n", strings.Join(pfarmy.PublishedAbilityNames(), ", "))
				return nil
			}
			in := infos[0]
			if _, err := fmt.Fprintf(e.stdout, "%s: %s (%s)\n\n%s\n", in.Code, in.Title, in.Severity, strings.TrimSpace(in.Doc)); err != nil {
				return failf(exitUsage, "%v", err)
			}
			return nil
		},
	}
}

// rulePage is the page of a Pathfinder tactic or boon: its rule from docs/rules.md.
type rulePage struct {
	Kind string `json:"kind"` // "tactic", "boon" or "ability"
	Name string `json:"name"`
	Rule string `json:"rule"` // the rule ID, e.g. "P-28"
	Doc  string `json:"doc"`
}

// pathfinderPage finds a tactic or boon by name (as the schema reads it: case, spaces and hyphens
// do not matter) and the rule that gives it.
func pathfinderPage(name string) (rulePage, bool) {
	var p rulePage
	if t, err := pfarmy.ParseTactic(name); err == nil {
		p = rulePage{Kind: "tactic", Name: t.String()}
	} else if b, err := pfarmy.ParseBoon(name); err == nil {
		p = rulePage{Kind: "boon", Name: b.String()}
		if m := b.MinLeadership(); m > 0 {
			p.Doc = fmt.Sprintf("Leadership %d or more to select it.\n", m)
		}
	} else {
		return p, false
	}
	rules := docs.FindRules(p.Name)
	if len(rules) == 0 {
		return p, false
	}
	p.Rule = rules[0].ID
	p.Doc = strings.TrimSpace(rules[0].Text)
	return p, true
}

// abilityPage finds a published army special ability by name (any case, spaces or hyphens): its
// published text and sortie's reading, wrapped at 100 columns, under P-1 (the army's special
// abilities).
func abilityPage(name string) (rulePage, bool) {
	n, text, reading, ok := pfarmy.AbilityPage(name)
	if !ok {
		return rulePage{}, false
	}
	var parser comment.Parser
	pr := &comment.Printer{TextWidth: 100}
	doc := "Published: " + text + "\n\nIn sortie: " + reading
	return rulePage{Kind: "ability", Name: n, Rule: "P-1", Doc: strings.TrimSpace(string(pr.Text(parser.Parse(doc))))}, true
}

func writePage(e *env, format string, p rulePage) error {
	if format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(p); err != nil {
			return failf(exitUsage, "%v", err)
		}
		return nil
	}
	src := "docs/rules.md"
	if p.Kind == "ability" {
		src = "Ultimate Campaign, Mass Combat, Special Abilities"
	}
	if _, err := fmt.Fprintf(e.stdout, "%s: %s (%s, %s)\n\n%s\n", p.Kind, p.Name, p.Rule, src, p.Doc); err != nil {
		return failf(exitUsage, "%v", err)
	}
	return nil
}

// explainSuggestion is "; did you mean X?" over the codes, tactics and boons, or "".
func explainSuggestion(arg string) string {
	var names []string
	for _, in := range diag.Codes() {
		names = append(names, in.Code)
	}
	names = append(append(append(names, pfarmy.TacticNames()...), pfarmy.BoonNames()...), pfarmy.PublishedAbilityNames()...)
	if m := diag.DidYouMean(arg, names); m != "" {
		return "; " + m
	}
	// Names are matched without case: try again on lower case.
	lower := make([]string, len(names))
	for i, n := range names {
		lower[i] = strings.ToLower(n)
	}
	if m := diag.Suggest(strings.ToLower(arg), lower); m != "" {
		for i, l := range lower {
			if l == m {
				return fmt.Sprintf("; did you mean %q?", names[i])
			}
		}
	}
	return ""
}
