package compiler

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
)

const field01 = "scenarios/karzoral/field01"

func vet(t *testing.T, paths ...string) diag.List {
	t.Helper()
	list, err := Vet(paths, Options{WorkDir: repoRoot(t)})
	if err != nil {
		t.Fatalf("Vet(%v): %v", paths, err)
	}
	return list
}

func compile(t testing.TB, paths ...string) (*plan.Plan, []byte) {
	t.Helper()
	p, list, err := Compile(paths, Options{WorkDir: repoRoot(t)})
	if err != nil {
		t.Fatalf("Compile(%v): %v", paths, err)
	}
	if len(list) > 0 || p == nil {
		t.Fatalf("Compile(%v): want a plan and no findings, got %v", paths, list)
	}
	data, err := plan.Encode(p)
	if err != nil {
		t.Fatal(err)
	}
	return p, data
}

func TestField01VetsClean(t *testing.T) {
	for _, path := range []string{field01, field01 + "/field01.cue"} {
		if list := vet(t, path); len(list) != 0 {
			t.Errorf("vet %s: want no findings, got:\n%v", path, diag.ListError(list))
		}
	}
}

// The plan of Field 1, spot-checked against the scenario file by hand.
func TestField01Plan(t *testing.T) {
	p, data := compile(t, field01)

	// Deterministic: a second compile (a fresh CUE context) gives the same bytes, and so does
	// naming the file instead of the directory.
	if _, again := compile(t, field01); !bytes.Equal(data, again) {
		t.Error("two compiles of field01 differ")
	}
	if _, byFile := compile(t, field01+"/field01.cue"); !bytes.Equal(data, byFile) {
		t.Error("compiling the file and the directory differ")
	}
	back, err := plan.Decode(data)
	if err != nil {
		t.Fatalf("plan.Decode: %v", err)
	}
	if again, _ := plan.Encode(back); !bytes.Equal(data, again) {
		t.Error("plan does not survive Encode/Decode")
	}

	if p.Format != plan.Format || p.Version != plan.Version {
		t.Errorf("format %q version %d", p.Format, p.Version)
	}
	src, err := os.ReadFile(filepath.Join(repoRoot(t), field01, "field01.cue"))
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.Sum256([]byte("field01.cue\x00" + string(src) + "\x00"))
	if want := "sha256:" + hex.EncodeToString(h[:]); p.SourceHash != want {
		t.Errorf("SourceHash = %s, want %s", p.SourceHash, want)
	}
	if strings.Join(p.Sources, ",") != "field01.cue" {
		t.Errorf("Sources = %v", p.Sources)
	}
	if p.Scenario != (plan.Meta{ID: "field01", Title: "The Road to Karzoral", Rules: "karzoral", Version: 1}) {
		t.Errorf("Scenario = %+v", p.Scenario)
	}
	if p.DayLimit != 12 {
		t.Errorf("DayLimit = %d", p.DayLimit)
	}

	// Blocks in source order.
	wantOrder := []string{"rupetenne", "t1", "t2", "t3", "01", "02", "03", "04", "05", "06", "07", "08",
		"09", "10", "11", "gate", "12", "13", "14", "15"}
	var ids []string
	bi := map[string]int{}
	for i, b := range p.Field.Blocks {
		ids = append(ids, b.ID)
		bi[b.ID] = i
	}
	if strings.Join(ids, " ") != strings.Join(wantOrder, " ") {
		t.Fatalf("blocks = %v, want %v", ids, wantOrder)
	}
	if !reflect.DeepEqual(p.Party, plan.Party{Start: 0, Members: 5, Rations: 60, Torches: 12, LanternOil: 1}) {
		t.Errorf("Party = %+v", p.Party)
	}
	f := p.Field
	if f.Grid != "square" || f.MinX != 0 || f.MaxX != 7 || f.MinY != 1 || f.MaxY != 4 {
		t.Errorf("field bounds: %s [%d..%d] x [%d..%d]", f.Grid, f.MinX, f.MaxX, f.MinY, f.MaxY)
	}

	// K-32 exits: "05" at [4, 2] is entered only from the south.
	b05 := f.Blocks[bi["05"]]
	if e := b05.Exits[plan.South]; e.To != bi["03"] || !e.Open {
		t.Errorf(`"05" south exit = %+v, want open to "03" (%d)`, e, bi["03"])
	}
	if e := b05.Exits[plan.North]; e.To != bi["09"] || !e.Open {
		t.Errorf(`"05" north exit = %+v, want open to "09"`, e)
	}
	if e := f.Blocks[bi["06"]].Exits[plan.West]; e.To != bi["05"] || e.Open {
		t.Errorf(`"06" west exit = %+v, want closed into "05" (entered from the east)`, e)
	}
	if e := f.Blocks[bi["03"]].Exits[plan.North]; e.To != bi["05"] || !e.Open {
		t.Errorf(`"03" north exit = %+v, want open into "05" (entered from the south)`, e)
	}
	if e := f.Blocks[bi["rupetenne"]].Exits[plan.West]; e.To != -1 || e.Open {
		t.Errorf("rupetenne west exit = %+v, want none", e)
	}
	// "07" is entered only from the north (from "11"); the gate only from the south (from "08").
	if e := f.Blocks[bi["11"]].Exits[plan.South]; e.To != bi["07"] || !e.Open {
		t.Errorf(`"11" south exit = %+v`, e)
	}
	if e := f.Blocks[bi["06"]].Exits[plan.East]; e.To != bi["07"] || e.Open {
		t.Errorf(`"06" east exit = %+v, want closed`, e)
	}
	if e := f.Blocks[bi["08"]].Exits[plan.North]; e.To != bi["gate"] || !e.Open {
		t.Errorf(`"08" north exit = %+v`, e)
	}
	if e := f.Blocks[bi["11"]].Exits[plan.East]; e.To != bi["gate"] || e.Open {
		t.Errorf(`"11" east exit = %+v, want closed`, e)
	}
	if g := f.Blocks[bi["gate"]]; len(g.EnterFrom) != 1 || g.EnterFrom[0] != plan.South || g.Name != "Gate of Karzoral" {
		t.Errorf("gate = %+v", g)
	}
	if b := f.Blocks[bi["01"]]; b.Kind != "block" || b.Terrain != "grassland" || b.Box != -1 || b.At != [2]int{4, 4} {
		t.Errorf(`"01" = %+v (kind defaults to "block")`, b)
	}
	if b := f.Blocks[bi["t2"]]; b.Kind != "trail" {
		t.Errorf("t2 kind = %q", b.Kind)
	}
	if !f.Blocks[bi["15"]].Dark || f.Blocks[bi["14"]].Dark {
		t.Error("only 15 is dark")
	}
	// Box A: 12, 13, 14, 15.
	if len(f.Boxes) != 1 || f.Boxes[0].Name != "A" || !equalInts(f.Boxes[0].Blocks, []int{16, 17, 18, 19}) {
		t.Errorf("boxes = %+v", f.Boxes)
	}
	if f.Blocks[bi["13"]].Box != 0 {
		t.Errorf(`"13" box = %d`, f.Blocks[bi["13"]].Box)
	}

	// Armies and encounters sorted by ID.
	if len(p.Armies) != 2 || p.Armies[0].ID != "boggardWarband" || p.Armies[1].ID != "mercenaries" {
		t.Fatalf("armies = %+v", p.Armies)
	}
	var encs []string
	for _, e := range p.Encounters {
		encs = append(encs, e.ID)
	}
	if strings.Join(encs, " ") != "boggardScouts gateWatch warbandVanguard" {
		t.Fatalf("encounters = %v", encs)
	}
	merc := p.Armies[1]
	if merc.Side != "friendly" || merc.Strength != 60 || merc.Speed != 1 || merc.Encounter != -1 ||
		!equalInts(merc.Route, []int{bi["01"], bi["01"], bi["01"], bi["03"], bi["05"], bi["09"]}) {
		t.Errorf("mercenaries = %+v", merc)
	}
	warband := p.Armies[0]
	if warband.Encounter != 2 || warband.Morale != "low" || warband.Training != "high" ||
		len(warband.Support) != 1 || warband.Support[0] != "K20+5@10" || warband.Route[0] != bi["gate"] {
		t.Errorf("boggardWarband = %+v", warband)
	}
	vanguard := p.Encounters[2]
	if len(vanguard.Monsters) != 2 || vanguard.Monsters[0] != (plan.Monster{Name: "Boggard", Level: 4, Count: 3}) ||
		vanguard.Monsters[1] != (plan.Monster{Name: "Boggard Trooper", Level: 6, Count: 1, Leader: true}) {
		t.Errorf("warbandVanguard = %+v (count defaults to 1)", vanguard)
	}
	if p.NightRaid != 0 {
		t.Errorf("NightRaid = %d, want 0 (boggardScouts)", p.NightRaid)
	}

	// Flags interned and sorted.
	if strings.Join(p.Flags, " ") != "cacheBurned causewayTaken woodsCleared" {
		t.Fatalf("flags = %v", p.Flags)
	}

	// Events in source order.
	var evs []string
	for _, e := range p.Events {
		evs = append(evs, e.ID)
	}
	if strings.Join(evs, " ") != "scoutsReport supplyCache woodsAmbush causewayWatch gateHolds crowsOverWoods" {
		t.Fatalf("events = %v", evs)
	}
	if on := p.Events[0].On; on.Kind != plan.OnDay || on.Day != 2 {
		t.Errorf("scoutsReport on = %+v", on)
	}
	supply := p.Events[1]
	if supply.On != (plan.Trigger{Kind: plan.OnEnter, Block: bi["14"]}) || !supply.Once || len(supply.Do) != 3 {
		t.Fatalf("supplyCache = %+v", supply)
	}
	if a := supply.Do[1]; a.Op != plan.ActSet || a.Flag != 0 {
		t.Errorf("supplyCache do[1] = %+v, want set cacheBurned (0)", a)
	}
	if a := supply.Do[2]; a != (plan.Action{Op: plan.ActStrength, Army: 0, Delta: -30}) {
		t.Errorf("supplyCache do[2] = %+v, want strength of boggardWarband (0) -30", a)
	}
	if a := p.Events[2].Do[1]; a.Op != plan.ActBattle || a.Encounter != 0 {
		t.Errorf("woodsAmbush do[1] = %+v, want battle boggardScouts (0)", a)
	}
	holds := p.Events[4]
	if holds.If == nil || holds.If.Op != plan.CondNot || len(holds.If.Args) != 1 ||
		holds.If.Args[0].Op != plan.CondFlag || holds.If.Args[0].Flag != 0 {
		t.Errorf("gateHolds if = %+v, want not flag cacheBurned", holds.If)
	}

	// Objectives in source order; when is the conjunction of its fields, enter as at.
	if len(p.Objectives) != 2 || p.Objectives[0].ID != "cacheBurned" || p.Objectives[1].ID != "takeTheGate" {
		t.Fatalf("objectives = %+v", p.Objectives)
	}
	gate := p.Objectives[1]
	want := plan.Cond{Op: plan.CondAll, Args: []plan.Cond{
		{Op: plan.CondAt, Block: bi["gate"]},
		{Op: plan.CondFlag, Flag: 1},
		{Op: plan.CondArmyGone, Army: 0},
	}}
	if !equalCond(gate.When, want) || gate.Outcome != "success" || gate.XP != 1000 {
		t.Errorf("takeTheGate = %+v", gate)
	}
	if c := p.Objectives[0].When; !equalCond(c, plan.Cond{Op: plan.CondAll, Args: []plan.Cond{{Op: plan.CondFlag, Flag: 0}}}) {
		t.Errorf("cacheBurned when = %+v", c)
	}
	if len(p.Episodes) != 6 || p.Episodes[1].Say != "At dusk the angel rises over the plateau and looks down on the armies." ||
		len(p.Episodes[1].Do) != 1 || p.Episodes[1].Do[0].Op != plan.ActSurvey {
		t.Errorf("episodes = %+v", p.Episodes)
	}
	// K-23: the rider's report reveals the warband (army 0, sorted by ID).
	if do := p.Events[0].Do; len(do) != 2 || do[1].Op != plan.ActReveal || do[1].Army != 0 {
		t.Errorf("scoutsReport do = %+v", do)
	}
	// K-68: the midpoint setup, in army order: boggardWarband (0) 45 at 10, 10, 09; mercenaries
	// (1) at its initial strength 60 on 03, 05, 09.
	m := p.Midpoint
	if m == nil || len(m.Armies) != 2 || m.Armies[0].Army != 0 || m.Armies[0].Strength != 45 || m.Armies[0].Reserve ||
		!equalInts(m.Armies[0].Route, []int{bi["10"], bi["10"], bi["09"]}) || m.Armies[1].Army != 1 || m.Armies[1].Strength != 60 ||
		!equalInts(m.Armies[1].Route, []int{bi["03"], bi["05"], bi["09"]}) {
		t.Errorf("midpoint setup = %+v", m)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func equalCond(a, b plan.Cond) bool {
	if a.Op != b.Op || a.Flag != b.Flag || a.Block != b.Block || a.Day != b.Day || a.Army != b.Army || len(a.Args) != len(b.Args) {
		return false
	}
	for i := range a.Args {
		if !equalCond(a.Args[i], b.Args[i]) {
			return false
		}
	}
	return true
}

// The same scenario in CUE, YAML and JSON gives the same plan, but for its sources.
func TestFormatsGiveTheSamePlan(t *testing.T) {
	var plans []*plan.Plan
	for _, f := range []string{"mini.cue", "mini.yaml", "mini.json"} {
		p, _ := compile(t, "testdata/compiler/ok/"+f)
		if len(p.Sources) != 1 || p.Sources[0] != f {
			t.Errorf("%s: sources = %v", f, p.Sources)
		}
		p.Sources, p.SourceHash = nil, ""
		plans = append(plans, p)
	}
	first, err := plan.Encode(plans[0])
	if err != nil || len(first) == 0 {
		t.Fatalf("encode the CUE plan: %v", err)
	}
	for i, p := range plans[1:] {
		data, err := plan.Encode(p)
		if err != nil {
			t.Fatalf("encode plan %d: %v", i+1, err)
		}
		if !bytes.Equal(first, data) {
			t.Errorf("plan %d differs from the CUE one:\n%s\nvs\n%s", i+1, data, first)
		}
	}
	// A spot check of the mini plan itself.
	p := plans[0]
	if len(p.Field.Blocks) != 3 || p.Field.Blocks[1].Exits[plan.East] != (plan.Exit{To: 2, Open: true}) ||
		p.Field.Blocks[2].Exits[plan.West] != (plan.Exit{To: 1, Open: true}) {
		t.Errorf("mini exits: %+v", p.Field.Blocks)
	}
	if p.Armies[0].Encounter != 0 || p.NightRaid != 0 || p.Events[0].On != (plan.Trigger{Kind: plan.OnEnter, Block: 1}) {
		t.Errorf("mini: %+v", p)
	}
}

// JSON has no comments for want: positions are asserted here (counted by hand in the file).
func TestJSONPositions(t *testing.T) {
	list := vet(t, "testdata/compiler/bad/mistakes.json")
	const file = "./testdata/compiler/bad/mistakes.json"
	want := []string{
		file + ":5:12: S004",  // "rules": "karzorl": the value
		file + ":12:27: S001", // "nmae": the label, at its opening quote
		file + ":16:71: R001", // "route": ["b", "x"]: the element
	}
	assertFindings(t, list, want)
	if list[0].Hint != `did you mean "karzoral"?` || list[1].Hint != `did you mean "name"?` {
		t.Errorf("hints: %q, %q", list[0].Hint, list[1].Hint)
	}
	if list[0].Message != `rules: "karzorl" is not one of "karzoral", "pathfinder", "clash"` {
		t.Errorf("enum message: %q", list[0].Message)
	}
}

// assertFindings compares "file:line:col: CODE" of each diagnostic with want, in order.
func assertFindings(t *testing.T, list diag.List, want []string) {
	t.Helper()
	var got []string
	for _, d := range list {
		got = append(got, d.Pos.String()+": "+d.Code)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s\n(full: %v)", strings.Join(got, "\n"), strings.Join(want, "\n"), diag.ListError(list))
	}
}

func TestSyntaxErrors(t *testing.T) {
	// The JSON file lacks a comma at the end of line 3; the parser stops at line 4, col 3.
	assertFindings(t, vet(t, "testdata/compiler/bad/syntax.json"), []string{"./testdata/compiler/bad/syntax.json:4:3: L001"})
	// The YAML flow list opened on line 2 is never closed: at line 3, column 1 a key starts where
	// ',' or ']' must come (issue 11: the line and the column of the problem, not the line before).
	assertFindings(t, vet(t, "testdata/compiler/bad/syntax.yaml"), []string{"./testdata/compiler/bad/syntax.yaml:3:1: L001"})
	// The CUE case is in want/L001_syntax.cue.
}

func TestNotAScenario(t *testing.T) {
	// No kind: L002 at the top of the data (line 2: line 1 is a comment).
	assertFindings(t, vet(t, "testdata/compiler/bad/nokind.yaml"), []string{"./testdata/compiler/bad/nokind.yaml:2:1: L002"})
	// A list at the top.
	assertFindings(t, vet(t, "testdata/compiler/bad/list.yaml"), []string{"./testdata/compiler/bad/list.yaml:1:1: L002"})
	// Empty files: at the top of the file.
	dir := t.TempDir()
	for _, name := range []string{"empty.cue", "empty.yaml", "empty.json"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		list, err := Vet([]string{name}, Options{WorkDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		code := "L002"
		if name == "empty.json" {
			code = "L001" // not valid JSON
		}
		assertFindings(t, list, []string{"./" + name + ":1:1: " + code})
	}
}

func TestF001Related(t *testing.T) {
	list := vet(t, "testdata/compiler/want/F001_coords.cue")
	if len(list) != 1 || len(list[0].Related) != 1 {
		t.Fatalf("want one F001 with one related position, got %+v", list)
	}
	// The first block on [1, 0] is a, line 12: `	a: {at: [1, 0]}`, its at at column 10.
	if r := list[0].Related[0]; r.String() != "./testdata/compiler/want/F001_coords.cue:12:10" {
		t.Errorf("related = %s", r)
	}
	if list[0].Severity != diag.Error {
		t.Errorf("F001 severity = %v", list[0].Severity)
	}
}

func TestSeverities(t *testing.T) {
	for code, want := range map[string]diag.Severity{
		"F002": diag.Warning, "E003": diag.Warning, "O001": diag.Warning,
		"E001": diag.Error, "E002": diag.Error, "S001": diag.Error, "L001": diag.Error,
	} {
		in, ok := diag.Lookup(code)
		if !ok || in.Severity != want {
			t.Errorf("%s: severity %v, want %v", code, in.Severity, want)
		}
	}
	// Reported severities follow the catalogue.
	for _, d := range vet(t, "testdata/compiler/want/E003_day.cue") {
		if d.Code == "E003" && d.Severity != diag.Warning {
			t.Errorf("E003 reported as %v", d.Severity)
		}
	}
}

func TestWarningsDoNotBlockThePlan(t *testing.T) {
	p, list, err := Compile([]string{"testdata/compiler/want/O001_nosuccess.cue"}, Options{WorkDir: repoRoot(t)})
	if err != nil || p == nil || len(list) != 2 || list.HasErrors() {
		t.Fatalf("Compile: p=%v list=%v err=%v", p != nil, list, err)
	}
	p, list, err = Compile([]string{"testdata/compiler/want/R002_verbs.cue"}, Options{WorkDir: repoRoot(t)})
	if err != nil || p != nil || !list.HasErrors() {
		t.Fatalf("Compile with errors: p=%v list=%v err=%v", p != nil, list, err)
	}
}

func TestIOErrors(t *testing.T) {
	root := repoRoot(t)
	tmp := t.TempDir()
	if err := os.MkdirAll(filepath.Join(tmp, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(tmp, "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("notes/readme.txt", "not a scenario")
	write("notes/only_tool.cue", "")
	write("notes/x_tool.cue", "package x\n")
	if err := os.MkdirAll(filepath.Join(tmp, "two"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Two data files without kind: neither is a scenario of the folder (issue 11: a folder with
	// one scenario and its scripts is vetted like "./...", so a kind is what names a scenario).
	write("two/a.yaml", "id: x\n")
	write("two/b.json", "{}\n")
	write("plan.txt", "x")
	for _, tc := range []struct {
		name  string
		paths []string
		want  string
	}{
		{"missing file", []string{"testdata/compiler/nope.cue"}, "no such file"},
		{"missing dir", []string{"testdata/compiler/nope/"}, "no such file"},
		{"empty dir", []string{filepath.Join(tmp, "empty")}, "no scenario files"},
		{"only tool and text files", []string{filepath.Join(tmp, "notes")}, "no scenario files"},
		{"two data files", []string{filepath.Join(tmp, "two")}, "no YAML or JSON file with a top-level kind"},
		{"not a scenario file", []string{filepath.Join(tmp, "plan.txt")}, "not a scenario file"},
		{"only a tool file", []string{filepath.Join(tmp, "notes", "x_tool.cue")}, "no scenario files"},
		{"no path", nil, "no scenario path"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			list, err := Vet(tc.paths, Options{WorkDir: root})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Vet err = %v (list %v), want an error containing %q", err, list, tc.want)
			}
			p, _, err := Compile(tc.paths, Options{WorkDir: root})
			if err == nil || p != nil {
				t.Errorf("Compile err = %v, want an error", err)
			}
		})
	}
	// Two scenarios vet together, but compile takes one.
	paths := []string{"testdata/compiler/want/multi", field01}
	list, err := Vet(paths, Options{WorkDir: root})
	if err != nil || len(list) != 1 || list[0].Code != "R001" {
		t.Errorf("Vet of two scenarios: %v, %v", list, err)
	}
	if _, _, err := Compile(paths, Options{WorkDir: root}); err == nil || !strings.Contains(err.Error(), "one scenario") {
		t.Errorf("Compile of two scenarios: err = %v", err)
	}
}

func TestFileNames(t *testing.T) {
	// Inside the working directory: "./" and a slash path. Outside: absolute.
	root := repoRoot(t)
	list, err := Vet([]string{"testdata/compiler/want/E003_day.cue"}, Options{WorkDir: root})
	if err != nil || len(list) != 1 || list[0].Pos.File != "./testdata/compiler/want/E003_day.cue" {
		t.Fatalf("inside: %v %v", list, err)
	}
	sub := filepath.Join(root, "scenarios")
	abs := filepath.Join(root, "testdata", "compiler", "want", "E003_day.cue")
	list, err = Vet([]string{abs}, Options{WorkDir: sub})
	if err != nil || len(list) != 1 || list[0].Pos.File != abs {
		t.Fatalf("outside: %v %v", list, err)
	}
	// Relative paths resolve against WorkDir.
	list, err = Vet([]string{"../testdata/compiler/want/E003_day.cue"}, Options{WorkDir: sub})
	if err != nil || len(list) != 1 || list[0].Pos.File != abs {
		t.Fatalf("relative to WorkDir: %v %v", list, err)
	}
}

func TestLooseFilesFormOneScenario(t *testing.T) {
	// The two files of want/multi named one by one are one scenario, like the directory.
	dir := "testdata/compiler/want/multi/"
	a := vet(t, dir)
	b := vet(t, dir+"field.cue", dir+"story.cue")
	if diag.ListError(a).Error() != diag.ListError(b).Error() || len(a) != 1 {
		t.Errorf("directory: %v\nfiles: %v", a, b)
	}
	// One file alone misses the other's definitions: the route reference is fine but the
	// episodes are missing.
	found := false
	for _, d := range vet(t, dir+"field.cue") {
		found = found || d.Code == "S003" && strings.Contains(d.Message, `"episodes"`)
	}
	if !found {
		t.Error("field.cue alone: want S003 for episodes")
	}
}

// TestCheckDocs: the core's validation of a rule system's checks (ValidateChecks) refuses each
// kind of bad entry; and every code has a catalogue entry with a bad example and the fix.
func TestCheckDocs(t *testing.T) {
	for name, bad := range map[string][]CheckDoc{
		"duplicate name": {{Name: "a", Doc: "x", Codes: []string{"R001"}}, {Name: "a", Doc: "y", Codes: []string{"R001"}}},
		"no doc":         {{Name: "a", Codes: []string{"R001"}}},
		"capital title":  {{Name: "a", Doc: "Title", Codes: []string{"R001"}}},
		"unknown code":   {{Name: "a", Doc: "x", Codes: []string{"Z999"}}},
		"no codes":       {{Name: "a", Doc: "x"}},
		"bad name":       {{Name: "a b", Doc: "x", Codes: []string{"R001"}}},
	} {
		if ValidateChecks(bad) == nil {
			t.Errorf("%s: ValidateChecks accepted it", name)
		}
	}
	if err := ValidateChecks([]CheckDoc{{Name: "a", Doc: "x", Codes: []string{"R001"}}}); err != nil {
		t.Errorf("a good check refused: %v", err)
	}
	// Every code has a title, a severity and a doc with a bad example and the fix.
	for _, c := range allCodes {
		in, ok := diag.Lookup(c)
		if !ok || in.Title == "" || !strings.Contains(in.Doc, "Bad:") || !strings.Contains(in.Doc, "Fix:") {
			t.Errorf("%s: catalogue entry %+v", c, in)
		}
	}
}

func TestDeepConditions(t *testing.T) {
	// Nested conditions are checked at every level: a typo deep inside is S001, a correct
	// deep condition is fine.
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata/compiler/ok/mini.cue"))
	if err != nil {
		t.Fatal(err)
	}
	good := string(src) + "events: ambush: if: not: not: all: [{any: [{not: flag: \"ambushed\"}, {day: 2}]}]\n"
	bad := string(src) + "events: ambush: if: not: not: all: [{any: [{not: flg: \"ambushed\"}]}]\n"
	for name, text := range map[string]string{"good.cue": good, "bad.cue": bad} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if list, err := Vet([]string{filepath.Join(dir, "good.cue")}, Options{WorkDir: dir}); err != nil || len(list) != 0 {
		t.Errorf("good: %v %v", list, err)
	}
	list, err := Vet([]string{filepath.Join(dir, "bad.cue")}, Options{WorkDir: dir})
	lines := strings.Count(string(src), "\n") + 1
	if err != nil || len(list) != 1 || list[0].Code != "S001" || list[0].Pos.Line != lines || list[0].Hint != `did you mean "flag"?` {
		t.Errorf("bad: %v %v", list, err)
	}
}
