// Package corpus generates scenario corpora for benchmarks: n valid Karzoral scenarios of varied
// size (fields of 6x4 to 10x6 blocks, footprint blocks, a box, a one-way block, two armies, three
// encounters, events, objectives and the six episodes), the same for the same n. Written as CUE
// (one package per folder) or as JSON files (one folder), for sortie vet and `cue vet` side by
// side.
package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/format"
	cuejson "cuelang.org/go/encoding/json"
)

// Scenario returns scenario i as a JSON-able value (field order fixed by the struct types).
func Scenario(i int) any { return Sized(i, 6+i%5, 4+i%3) }

// Sized returns scenario i with a field of w x h blocks (w >= 6, h >= 4): the size sweep of
// .ci/bench-vet.sh vets Sized(0, n, n) for growing n.
func Sized(i, w, h int) any { return sized(i, w, h, false) }

// sized is Sized; bare leaves the terrain out (a more compact file).
func sized(i, w, h int, bare bool) any {
	type block struct {
		At        [2]int   `json:"at"`
		Kind      string   `json:"kind,omitempty"`
		Terrain   string   `json:"terrain,omitempty"`
		Box       string   `json:"box,omitempty"`
		EnterFrom []string `json:"enterFrom,omitempty"`
	}
	id := func(x, y int) string { return fmt.Sprintf("b%d_%d", x, y) }
	blocks := map[string]block{}
	terrains := []string{"grassland", "hills", "woods", "marsh", "river ford"}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			b := block{At: [2]int{x, y}}
			if !bare {
				b.Terrain = terrains[(x+y+i)%len(terrains)]
			}
			switch {
			case x == 0 && y == 0:
				b = block{At: [2]int{0, 0}, Kind: "base"}
			case y == 0 && (x == 1 || x == 2):
				b = block{At: [2]int{x, 0}, Kind: "trail"}
			case x >= w-2 && y >= h-2:
				b.Box = "A"
			case x == w-1 && y == 0:
				b.EnterFrom = []string{"west", "south"}
			}
			blocks[id(x, y)] = b
		}
	}
	route := func(y int, from, to int) []string {
		var r []string
		step := 1
		if to < from {
			step = -1
		}
		for x := from; x != to+step; x += step {
			r = append(r, id(x, y))
		}
		return r
	}
	type army struct {
		Side      string   `json:"side"`
		Strength  int      `json:"strength"`
		Route     []string `json:"route"`
		Encounter string   `json:"encounter,omitempty"`
	}
	type monster struct {
		Name  string `json:"name"`
		Level int    `json:"level"`
		Count int    `json:"count,omitempty"`
	}
	type encounter struct {
		Title    string    `json:"title"`
		Monsters []monster `json:"monsters"`
	}
	type act map[string]any
	type event struct {
		On   map[string]any `json:"on"`
		Once bool           `json:"once,omitempty"`
		If   map[string]any `json:"if,omitempty"`
		Do   []act          `json:"do"`
	}
	type objective struct {
		When    map[string]any `json:"when"`
		Outcome string         `json:"outcome"`
		XP      int            `json:"xp"`
	}
	episodes := make([]map[string]string, 6)
	for k := range episodes {
		episodes[k] = map[string]string{"say": fmt.Sprintf("episode %d of scenario %d", k+1, i)}
	}
	far := id(w-3, h-1)
	return struct {
		Kind       string               `json:"kind"`
		ID         string               `json:"id"`
		Title      string               `json:"title"`
		Rules      string               `json:"rules"`
		Version    int                  `json:"version"`
		Days       map[string]int       `json:"days"`
		Party      map[string]any       `json:"party"`
		Field      map[string]any       `json:"field"`
		Armies     map[string]army      `json:"armies"`
		Encounters map[string]encounter `json:"encounters"`
		Events     map[string]event     `json:"events"`
		Objectives map[string]objective `json:"objectives"`
		Episodes   []map[string]string  `json:"episodes"`
		NightRaid  string               `json:"nightRaid"`
	}{
		Kind: "scenario", ID: fmt.Sprintf("s%03d", i), Title: fmt.Sprintf("Generated scenario %d", i),
		Rules: "karzoral", Version: 1,
		Days:  map[string]int{"limit": w + h + 2},
		Party: map[string]any{"start": id(0, 0), "members": 4 + i%3, "rations": 40},
		Field: map[string]any{"blocks": blocks},
		Armies: map[string]army{
			// The friendly army is the stronger: it wins where they meet (K-24).
			"allies":  {Side: "friendly", Strength: 80 + i%20, Route: route(1, 0, w-1)},
			"raiders": {Side: "enemy", Strength: 30 + i%40, Route: route(1, w-1, 0), Encounter: "vanguard"},
		},
		Encounters: map[string]encounter{
			"vanguard": {Title: "Vanguard", Monsters: []monster{{Name: "Boggard", Level: 4, Count: 3}, {Name: "Trooper", Level: 6}}},
			"scouts":   {Title: "Scouts", Monsters: []monster{{Name: "Boggard", Level: 4, Count: 2}}},
			"watch":    {Title: "Watch", Monsters: []monster{{Name: "Sentry", Level: 5, Count: 2}}},
		},
		Events: map[string]event{
			"report":  {On: map[string]any{"day": 2}, Do: []act{{"say": "A rider brings news."}}},
			"ambush":  {On: map[string]any{"enter": id(3, 1)}, Once: true, Do: []act{{"battle": "scouts"}, {"set": "scouted"}}},
			"watch":   {On: map[string]any{"enter": id(w-2, 1)}, Once: true, Do: []act{{"battle": "watch"}, {"set": "watchBeaten"}}},
			"resolve": {On: map[string]any{"day": 4}, If: map[string]any{"not": map[string]any{"flag": "scouted"}}, Do: []act{{"army": "raiders", "strength": 5}}},
		},
		Objectives: map[string]objective{
			"half": {When: map[string]any{"flag": "scouted"}, Outcome: "midpoint", XP: 500},
			"win":  {When: map[string]any{"enter": far, "flag": "watchBeaten"}, Outcome: "success", XP: 1000},
		},
		Episodes:  episodes,
		NightRaid: "scouts",
	}
}

// WriteJSON writes scenarios 0..n-1 as dir/sNNN.json.
func WriteJSON(dir string, n int) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i := 0; i < n; i++ {
		b, err := json.MarshalIndent(Scenario(i), "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("s%03d.json", i)), append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// WriteCUE writes scenarios 0..n-1 as dir/sNNN/scenario.cue (package sNNN), formatted by CUE.
func WriteCUE(dir string, n int) error {
	for i := 0; i < n; i++ {
		b, err := json.Marshal(Scenario(i))
		if err != nil {
			return err
		}
		x, err := cuejson.Extract("scenario.json", b)
		if err != nil {
			return err
		}
		st, ok := x.(*ast.StructLit)
		if !ok {
			return fmt.Errorf("corpus: scenario %d is not a struct", i)
		}
		pkg := fmt.Sprintf("s%03d", i)
		f := &ast.File{Decls: append([]ast.Decl{&ast.Package{Name: ast.NewIdent(pkg)}}, st.Elts...)}
		src, err := format.Node(f)
		if err != nil {
			return err
		}
		sub := filepath.Join(dir, pkg)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(sub, "scenario.cue"), src, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// WriteField writes Sized(0, n, n), an n x n field, as the file name: YAML when it ends in .yaml
// or .yml (as authors write it: sections in block style, each entity on one line in flow style,
// `b0_1: {at: [0, 1], terrain: hills}`), JSON otherwise. With bare, blocks have no terrain.
func WriteField(name string, n int, bare bool) error {
	if n < 6 {
		return fmt.Errorf("corpus: a field of %dx%d is too small (at least 6x6)", n, n)
	}
	b, err := json.MarshalIndent(sized(0, n, n, bare), "", "  ")
	if err != nil {
		return err
	}
	if ext := filepath.Ext(name); ext == ".yaml" || ext == ".yml" {
		v := cuecontext.New().CompileBytes(b)
		if err := v.Err(); err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := writeYAML(&buf, v, 0); err != nil {
			return err
		}
		b = buf.Bytes()
	} else {
		b = append(b, '\n')
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, b, 0o644)
}

// writeYAML writes the struct v in block style at depth (two spaces an indent): structs of the
// first two levels and large ones (the blocks) in block style, everything else in flow style.
func writeYAML(w *bytes.Buffer, v cue.Value, depth int) error {
	it, err := v.Fields()
	if err != nil {
		return err
	}
	for it.Next() {
		x := it.Value()
		fmt.Fprintf(w, "%s%s:", strings.Repeat("  ", depth), yamlScalar(it.Selector().Unquoted()))
		if n := countFields(x); n >= 0 && (depth < 1 || n > 8) {
			w.WriteByte('\n')
			if err := writeYAML(w, x, depth+1); err != nil {
				return err
			}
			continue
		}
		w.WriteByte(' ')
		if err := writeFlow(w, x); err != nil {
			return err
		}
		w.WriteByte('\n')
	}
	return nil
}

// countFields is the number of fields of a struct, or -1 for another value.
func countFields(v cue.Value) int {
	if v.Kind() != cue.StructKind {
		return -1
	}
	n := 0
	for it, _ := v.Fields(); it.Next(); {
		n++
	}
	return n
}

// writeFlow writes v in YAML flow style.
func writeFlow(w *bytes.Buffer, v cue.Value) error {
	switch v.Kind() {
	case cue.StructKind:
		w.WriteByte('{')
		it, _ := v.Fields()
		for i := 0; it.Next(); i++ {
			if i > 0 {
				w.WriteString(", ")
			}
			fmt.Fprintf(w, "%s: ", yamlScalar(it.Selector().Unquoted()))
			if err := writeFlow(w, it.Value()); err != nil {
				return err
			}
		}
		w.WriteByte('}')
	case cue.ListKind:
		w.WriteByte('[')
		it, _ := v.List()
		for i := 0; it.Next(); i++ {
			if i > 0 {
				w.WriteString(", ")
			}
			if err := writeFlow(w, it.Value()); err != nil {
				return err
			}
		}
		w.WriteByte(']')
	case cue.StringKind:
		s, _ := v.String()
		w.WriteString(yamlScalar(s))
	default:
		b, err := v.MarshalJSON()
		if err != nil {
			return err
		}
		w.Write(b)
	}
	return nil
}

// plainYAML matches strings YAML reads back as the same string without quotes.
var plainYAML = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*( [A-Za-z0-9_]+)*$`)

// yamlScalar writes a string plain when YAML reads it back as that string, else quoted.
func yamlScalar(s string) string {
	switch strings.ToLower(s) {
	case "y", "n", "yes", "no", "on", "off", "true", "false", "null":
		return strconv.Quote(s)
	}
	if plainYAML.MatchString(s) {
		return s
	}
	return strconv.Quote(s)
}
