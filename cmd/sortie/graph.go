package main

import (
	"errors"
	"fmt"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/graph"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/plandiff"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/urfave/cli/v2"
)

var graphFormats = []string{"svg", "png", "dot", "mermaid"}

func graphCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "graph",
		Usage:     "draw a scenario's field, a campaign's unlock graph or a battle as SVG, PNG, dot or Mermaid",
		ArgsUsage: "PATH",
		Description: `graph draws the field of a scenario (a folder, its files, or a plan.json): every block at
its coordinates (square grid) or every hex at its axial [q, r] (Pathfinder), with terrain,
bases and trails, one-way passages as arrows and closed sides as walls, hidden boxes outlined,
events (!) and objectives (o) on their block, and each army's route as a coloured path with the
day of each step (the forecast: the armies alone, as if the party did nothing, K-22, K-24, P-12).
For a campaign file (kind: "campaign") it draws the scenario unlock graph (K-8..K-10). For a
battle file (kind: "battle", SVG or PNG): a When Armies Clash battlefield as the battle starts
(terrain, elevation, every stand by its unit's letter, solos, the objectives' squares; Part U),
or a Pathfinder battle's two sides face to face (each army's statistics, tactics, commander).

--format svg (default, or from the -o FILE extension), png, dot (Graphviz; the field's nodes
are pinned, render it with neato -n) or mermaid (renders on GitHub). Without -o the picture
goes to standard output (not PNG to a terminal).

A PNG has at most 50 megapixels (a field some 50 blocks across): a larger one is G001, at the
block farthest from the party's start; SVG and dot have no such bound.

Exit 0 when drawn, 1 when the scenario has errors (its diagnostics are printed) or is too large
for a PNG (G001), 2 on usage or I/O errors (a hand-edited plan.json the drawing cannot read).`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Usage: "svg, png, dot or mermaid (default: from -o's extension, else svg)"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the picture to `FILE`"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return failf(exitUsage, "graph needs exactly one PATH (see sortie graph --help)")
			}
			out := c.String("output")
			format, err := graphFormatOf(c.String("format"), out)
			if err != nil {
				return err
			}
			if !contains(graphFormats, format) {
				return failf(exitUsage, "unknown --format %q: use %s", format, strings.Join(graphFormats, ", "))
			}
			if format == "png" && (out == "" || out == "-") && writerIsTerminal(e.stdout) {
				return failf(exitUsage, "a PNG is not for a terminal: give -o FILE.png or redirect standard output")
			}
			if !strings.HasSuffix(c.Args().First(), ".json") {
				units, many, err := manyUnits(e, c.Args().First())
				if err != nil {
					return err
				}
				if many {
					return graphMany(e, c.Args().First(), units, format, out)
				}
			}
			wo := safeio.Options{Flag: "-o", Sources: inputSources(c.Args().First()), Kind: "a picture (SVG, PNG, dot or Mermaid)", IsKind: isPicture}
			if out != "" && out != "-" {
				if err := checkOutput(out, wo); err != nil {
					return err
				}
			}
			data, err := drawPath(e, c.Args().First(), format)
			if err != nil {
				return err
			}
			if out == "" || out == "-" {
				_, err = e.stdout.Write(data)
				return err
			}
			return writeOutput(out, data, wo)
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
		cp, list, err := compiler.CompileCampaign(path, e.opts())
		if err != nil {
			return nil, failf(exitUsage, "%v", err)
		}
		list.Sort()
		writeDiagText(e.stderr, list, false)
		if list.HasErrors() || cp == nil {
			return nil, failf(exitFindings, "%s; nothing drawn", words.Count(list.Count(diag.Error), "error"))
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
		data, err := render(s, format)
		var tl *graph.TooLargeError
		if errors.As(err, &tl) {
			return nil, tooLarge(e, diag.Pos{File: path}, tl.Error())
		}
		return data, err
	}
	p, err := loadPlan(e, path)
	if u := unitOf(err); u != nil {
		return drawBattle(e, path, u, format)
	}
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
	data, err = render(graph.Plan(p), format)
	var tl *graph.TooLargeError
	if errors.As(err, &tl) {
		pos, msg := cornersOf(path, p)
		return nil, tooLarge(e, pos, msg+": "+tl.Error())
	}
	return data, err
}

// drawBattle draws a battle file compiled to u as its engine does (battleEngine.draw: a clash
// battlefield, a Pathfinder battle's sides), as SVG or PNG; dot and Mermaid describe graphs, which
// a battle is not. What it draws is the registry's (offer.Graph).
func drawBattle(e *env, path string, u *compiler.Compiled, format string) ([]byte, error) {
	be, o, ok := battleEngineOf(u)
	if !ok || o.Graph == "" {
		return nil, refuseKind("graph", path, u.Kind)
	}
	if format == "dot" || format == "mermaid" {
		return nil, failf(exitUsage, "%s is a battle file: a battle is drawn as a picture, not a graph: use --format svg or png", path)
	}
	data, err := render(be.draw(u), format)
	return data, tooLargeBattle(e, path, err)
}

// tooLargeBattle turns a PNG over the bound into G001 at the battle file's top.
func tooLargeBattle(e *env, path string, err error) error {
	var tl *graph.TooLargeError
	if errors.As(err, &tl) {
		return tooLarge(e, diag.Pos{File: path, Line: 1, Column: 1}, tl.Error())
	}
	return err
}

// render writes a scene as SVG or PNG. A PNG over graph.MaxPixels is a *graph.TooLargeError.
func render(s *graph.Scene, format string) ([]byte, error) {
	if format == "svg" {
		return graph.SVG(s), nil
	}
	data, err := graph.PNG(s, 1)
	var tl *graph.TooLargeError
	if err != nil && !errors.As(err, &tl) {
		return nil, failf(exitUsage, "png: %v", err)
	}
	return data, err
}

// tooLarge reports G001 and exits 1: nothing is drawn.
func tooLarge(e *env, pos diag.Pos, msg string) error {
	d := diag.Errorf(pos, graph.CodeTooLarge, "%s", msg).
		WithHint("correct the coordinates of a block far from the others, or draw it with --format svg (or dot), which have no such bound")
	writeDiagText(e.stderr, diag.List{d}, false)
	return failf(exitFindings, "nothing drawn")
}

// cornersOf names the places at the edges of p's field for G001, and where the one farthest from
// the party's start is declared (the plan file itself for a plan.json).
func cornersOf(path string, p *plan.Plan) (diag.Pos, string) {
	corners := graph.Corners(p)
	what, key := "blocks", "field.blocks."
	if p.Pathfinder != nil {
		what, key = "hexes", "field.hexes."
	}
	msg := fmt.Sprintf("the field's %s reach from %s", what, strings.Join(corners, " to "))
	pos := diag.Pos{File: path}
	if len(corners) == 0 || strings.HasSuffix(path, ".json") && !isScenarioDir(path) && !slices.Contains(p.Sources, filepath.Base(path)) {
		return pos, msg // a plan.json: its sources lie where it was compiled, not beside it
	}
	dir := path
	if st, err := os.Stat(path); err == nil && !st.IsDir() {
		dir = filepath.Dir(path)
	}
	var files []string
	for _, s := range p.Sources {
		files = append(files, filepath.Join(dir, filepath.FromSlash(s)))
	}
	if d, ok := plandiff.Declarations(files, displayName)[key+corners[0]]; ok {
		pos = d
	}
	return pos, msg
}

// isScenarioDir reports whether path is a folder (a scenario, not a plan.json).
func isScenarioDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// displayName names a file as diagnostics do: "./rel" inside the working directory.
func displayName(f string) string {
	wd, err := os.Getwd()
	if err != nil {
		return f
	}
	if abs, err := filepath.Abs(f); err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
			return "./" + filepath.ToSlash(rel)
		}
	}
	return f
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

// outFormats are the extensions of -o that name a format graph writes; otherFormats, those of
// pictures and documents of a format it does not (G003).
var (
	outFormats   = map[string]string{"svg": "svg", "png": "png", "dot": "dot", "gv": "dot", "mmd": "mermaid"}
	otherFormats = []string{"gif", "jpg", "jpeg", "webp", "bmp", "tif", "tiff", "pdf", "html"}
)

// graphFormatOf is the format graph writes for --format format (may be "") and -o out: format,
// or out's extension's (svg for none or another). Errors (G003, exit 2): out's extension names
// another format (x.gif), or a known one --format contradicts (--format png -o x.svg).
func graphFormatOf(format, out string) (string, error) {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(out)), ".")
	if out == "" || out == "-" {
		ext = ""
	}
	if contains(otherFormats, ext) {
		return "", failf(exitUsage, "%s: -o %s: graph writes svg, png, dot (.dot, .gv) or mermaid (.mmd), not .%s: name the file by its format (sortie explain %s)",
			graph.CodeOutFormat, esc.Text(out), esc.Text(ext), graph.CodeOutFormat)
	}
	if format == "" {
		if f, ok := outFormats[ext]; ok {
			return f, nil
		}
		return "svg", nil
	}
	if f, ok := outFormats[ext]; ok && f != format {
		return "", failf(exitUsage, "%s: -o %s is named as %s but --format is %s: name the file by its format (sortie explain %s)",
			graph.CodeOutFormat, esc.Text(out), f, esc.Text(format), graph.CodeOutFormat)
	}
	return format, nil
}
