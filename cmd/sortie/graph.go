package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/graph"
	"github.com/urfave/cli/v2"
)

var graphFormats = []string{"svg", "png", "dot", "mermaid"}

func graphCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "graph",
		Usage:     "draw a scenario's field (or a campaign's unlock graph) as SVG, PNG, dot or Mermaid",
		ArgsUsage: "PATH",
		Description: `graph draws the field of a scenario (a folder, its files, or a plan.json): every block at
its coordinates (square grid) or every hex at its axial [q, r] (Pathfinder), with terrain,
bases and trails, one-way passages as arrows and closed sides as walls, hidden boxes outlined,
events (!) and objectives (o) on their block, and each army's route as a coloured path with the
day of each step (the forecast: the armies alone, as if the party did nothing, K-22, K-24, P-12).
For a campaign file (kind: "campaign") it draws the scenario unlock graph (K-8..K-10).

--format svg (default, or from the -o FILE extension), png, dot (Graphviz; the field's nodes
are pinned, render it with neato -n) or mermaid (renders on GitHub). Without -o the picture
goes to standard output (not PNG to a terminal).

Exit 0 when drawn, 1 when the scenario has errors (its diagnostics are printed), 2 on usage
or I/O errors.`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Usage: "svg, png, dot or mermaid (default: from -o's extension, else svg)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the picture to `FILE`"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return failf(exitUsage, "graph needs exactly one PATH (see sortie graph --help)")
			}
			out := c.String("output")
			format := c.String("format")
			if format == "" {
				format = "svg"
				if ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), "."); ext == "png" || ext == "dot" || ext == "gv" || ext == "mmd" {
					format = map[string]string{"png": "png", "dot": "dot", "gv": "dot", "mmd": "mermaid"}[ext]
				}
			}
			if !contains(graphFormats, format) {
				return failf(exitUsage, "unknown --format %q: use %s", format, strings.Join(graphFormats, ", "))
			}
			if format == "png" && (out == "" || out == "-") && writerIsTerminal(e.stdout) {
				return failf(exitUsage, "a PNG is not for a terminal: give -o FILE.png or redirect standard output")
			}
			data, err := drawPath(e, c.Args().First(), format)
			if err != nil {
				return err
			}
			if out == "" || out == "-" {
				_, err = e.stdout.Write(data)
				return err
			}
			if err := writeFileAtomic(out, data); err != nil {
				return failf(exitUsage, "cannot write %s: %v", out, err)
			}
			return nil
		},
	}
}

// drawPath draws the scenario or campaign at path in format. Exit-coded errors only; a plan the
// drawing code cannot read (a hand-edited plan.json) is refused, never a crash.
func drawPath(e *env, path, format string) (data []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			data, err = nil, failf(exitUsage, "cannot draw %s: %v", path, r)
		}
	}()
	if compiler.IsCampaign(path) {
		cp, list, err := compiler.CompileCampaign(path, compiler.Options{})
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		list.Sort()
		writeDiagText(e.stderr, list, false)
		if list.HasErrors() || cp == nil {
			return nil, failf(exitFindings, "%d error(s); nothing drawn", list.Count(diag.Error))
		}
		switch format {
		case "dot":
			return graph.CampaignDot(cp), nil
		case "mermaid":
			return graph.CampaignMermaid(cp), nil
		}
		s, err := graph.Campaign(cp)
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		return render(s, format)
	}
	p, err := loadPlan(e, path)
	if err != nil {
		return nil, err
	}
	if err := checkPlan(p); err != nil {
		return nil, failf(exitUsage, "%s: %v", path, err)
	}
	switch format {
	case "dot":
		return graph.FieldDot(p), nil
	case "mermaid":
		return graph.FieldMermaid(p), nil
	}
	return render(graph.Plan(p), format)
}

func render(s *graph.Scene, format string) ([]byte, error) {
	if format == "svg" {
		return graph.SVG(s), nil
	}
	data, err := graph.PNG(s, 1)
	if err != nil {
		return nil, failf(exitUsage, "png: %v", err)
	}
	return data, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// writerIsTerminal reports whether w is a terminal.
func writerIsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && termIsTerminal(int(f.Fd()))
}
