package scaffold

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/clash"
	"github.com/sortie-rpg/sortie/runner/karzoral"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// write renders a starting point into a fresh folder and returns the folder.
func write(t *testing.T, o Options) string {
	t.Helper()
	files, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), o.ID)
	if err := Write(dir, files); err != nil {
		t.Fatal(err)
	}
	return dir
}

// vetClean vets paths and fails on any finding, warnings included (sortie vet --strict).
func vetClean(t *testing.T, paths ...string) {
	t.Helper()
	list, err := compiler.Vet(paths, compiler.Options{})
	if err != nil || len(list) > 0 {
		t.Fatalf("vet %v: %v %v", paths, err, list)
	}
}

func compileDir(t *testing.T, dir string) *plan.Plan {
	t.Helper()
	p, list, err := compiler.Compile([]string{dir}, compiler.Options{})
	if err != nil || p == nil {
		t.Fatalf("compile %s: %v %v", dir, err, list)
	}
	return p
}

func script(t *testing.T, path string) *runner.Script {
	t.Helper()
	s, list, err := runner.LoadScript(path)
	if err != nil || list.HasErrors() {
		t.Fatalf("%s: %v %v", path, err, list)
	}
	return s
}

// The Karzoral scenario template vets clean and its script wins. By hand: the powder burns on
// day 3 (raiders 40 - 20 = 20); on day 6 the raiders reach the ford (route tower tower tower
// tower stair bank ford: the stair on day 4, K-22) and meet the militia (K-24: both lose 20: the
// raiders are destroyed, the militia keeps 10); the party, at the stair that day, enters the
// tower from the south by a night march (K-32, K-41) on day 6.
func TestKarzoralScenario(t *testing.T) {
	dir := write(t, Options{Rules: "karzoral", ID: "stone-ford", Title: `The "Stone" Ford`})
	vetClean(t, dir)
	p := compileDir(t, dir)
	if p.Scenario.ID != "stone-ford" || p.Scenario.Title != `The "Stone" Ford` {
		t.Errorf("id %q, title %q", p.Scenario.ID, p.Scenario.Title)
	}
	out, err := runner.Run(p, runner.Options{Seed: 1, Decider: script(t, filepath.Join(dir, "win.yaml"))})
	res, ok := out.(*karzoral.Result)
	if err != nil || !ok || res.Outcome != runner.Success || res.Day != 6 {
		t.Fatalf("win.yaml: %v %+v", err, out)
	}
	for _, a := range res.Armies {
		if a.ID == "militia" && a.Strength != 10 || a.ID == "raiders" && a.Strength != 0 {
			t.Errorf("army %+v", a)
		}
	}
	src, _ := os.ReadFile(filepath.Join(dir, "scenario.cue"))
	if !strings.Contains(string(src), "package stone_ford\n") {
		t.Error("the package clause is not the id's package name")
	}
}

// The Pathfinder scenario template: the bandits enter the road on day 2 where the guard stands
// (armies march in id order, one hex a day, P-12, P-13) and are destroyed there.
func TestPathfinderScenario(t *testing.T) {
	dir := write(t, Options{Rules: "pathfinder", ID: "keep"})
	vetClean(t, dir)
	p := compileDir(t, dir)
	first, _ := runner.NewPolicy("first", 1)
	res, err := runner.Run(p, runner.Options{Seed: 1, Decider: script(t, filepath.Join(dir, "win.yaml")), Fallback: first})
	if err != nil || res.Ended().Outcome != runner.Success || res.Ended().Day != 2 || res.Ended().Reason != "objective keepSafe" {
		t.Fatalf("win.yaml: %v %+v", err, res)
	}
}

// The Pathfinder battle template: the first side wins with its script.
func TestPathfinderBattle(t *testing.T) {
	dir := write(t, Options{Rules: "pathfinder", Kind: "battle", ID: "clash-at-the-keep"})
	vetClean(t, dir)
	b, list, err := compiler.CompileBattle([]string{dir}, compiler.Options{})
	if err != nil || b == nil {
		t.Fatal(err, list)
	}
	first, _ := runner.NewPolicy("first", 1)
	res, err := pathfinder.RunBattle(b, pathfinder.BattleOptions{Seed: 1, Decider: script(t, filepath.Join(dir, "win.yaml")), Fallback: first})
	if err != nil || res.Winner != "The March" {
		t.Fatalf("win.yaml: %v %+v", err, res)
	}
}

// The Karzoral campaign template vets clean as a campaign (C001..C007) and each of its
// scenarios on its own; sortie campaign run plays play.yaml (testdata/script/init.txtar).
func TestKarzoralCampaign(t *testing.T) {
	dir := write(t, Options{Rules: "karzoral", Kind: "campaign", ID: "plateau"})
	list, err := compiler.VetCampaign(filepath.Join(dir, "campaign.cue"), compiler.Options{})
	if err != nil || len(list) > 0 {
		t.Fatalf("campaign vet: %v %v", err, list)
	}
	vetClean(t, filepath.Join(dir, "awakening"), filepath.Join(dir, "raid"))
	c, _, err := compiler.CompileCampaign(filepath.Join(dir, "campaign.cue"), compiler.Options{})
	if err != nil || c.ID != "plateau" || len(c.Scenarios) != 2 {
		t.Fatalf("%v %+v", err, c)
	}
}

// The When Armies Clash battle template vets --strict clean and its script plays round 1 as it
// says (seed 1: blades 15, shields 11, riders 6, bows 3; the actions dash, attack, attack,
// attack) before the policy takes over; the battle ends on VP (U-71).
func TestClashBattle(t *testing.T) {
	dir := write(t, Options{Rules: "clash", ID: "crossroads"})
	if k, _ := Kinds("clash"); len(k) != 1 || k[0] != "battle" {
		t.Errorf("clash kinds %v", k)
	}
	vetClean(t, dir)
	c, list, err := compiler.CompileClash([]string{dir}, compiler.Options{})
	if err != nil || c == nil || list.HasErrors() {
		t.Fatal(err, list)
	}
	if c.ID != "crossroads" {
		t.Errorf("id %q", c.ID)
	}
	var out strings.Builder
	res, err := clash.RunBattle(c, clash.BattleOptions{Seed: 1, Decider: script(t, filepath.Join(dir, "script.yaml")), Sink: runner.NewTextSink(&out)})
	if err != nil || res.Ending.Outcome != runner.Success || res.Ending.Reason == "" {
		t.Fatalf("script.yaml: %v %+v\n%s", err, res, out.String())
	}
	text := out.String()
	turns := []string{"turn: blades\n", "blades: dash", "turn: shields\n", "shields: attack", "turn: riders\n", "riders: attack", "turn: bows\n", "bows: attack", "the script ended"}
	at := 0
	for _, w := range turns {
		i := strings.Index(text[at:], w)
		if i < 0 {
			t.Fatalf("round 1 lacks %q in order:\n%s", w, text)
		}
		at += i
	}
	if res.Result.VP[0] < clash.MaxVP && res.Result.VP[1] < clash.MaxVP {
		t.Errorf("the battle did not end on VP: %+v", res.Result)
	}
}

func TestNewRefuses(t *testing.T) {
	for _, o := range []Options{
		{Rules: "clash", Kind: "scenario", ID: "x"},
		{Rules: "karzorl", ID: "x"},
		{Rules: "karzoral", Kind: "battle", ID: "x"},
		{Rules: "pathfinder", Kind: "campaign", ID: "x"},
		{Rules: "karzoral", ID: "-x"},
	} {
		if _, err := New(o); err == nil {
			t.Errorf("New(%+v): want an error", o)
		}
	}
}

func TestWriteRefusesNonEmpty(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	if err := Write(dir, []File{{Path: "notes.txt", Data: []byte("theirs")}}); err == nil {
		t.Fatal("wrote into a non-empty folder")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(b) != "mine" {
		t.Error("the file was overwritten")
	}
	if err := Write(filepath.Join(dir, "notes.txt"), nil); err == nil {
		t.Error("wrote into a file")
	}
}

// An empty folder name is no folder: Write must not take it for the working directory (which
// holds files) and write there.
func TestWriteRefusesEmptyName(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	os.WriteFile("notes.txt", []byte("mine"), 0o644)
	if err := Write("", []File{{Path: "scenario.cue", Data: []byte("x")}}); err == nil {
		t.Error(`Write("") wrote into the working directory`)
	}
	if _, err := os.Stat("scenario.cue"); err == nil {
		t.Error("scenario.cue was written")
	}
}

func TestIDFromDir(t *testing.T) {
	for in, want := range map[string]string{"myfield": "myfield", "My Field!": "my-field", "a/b/Stone_Ford": "stone_ford", "---": "scenario", "./": "scenario"} {
		if got := IDFromDir(in); got != want {
			t.Errorf("IDFromDir(%q) = %q, want %q", in, got, want)
		}
	}
}

// From rewrites the id (and package clause) of CUE and YAML scenarios and keeps the rest,
// comments included; scripts are copied as they are.
func TestFrom(t *testing.T) {
	src, _ := filepath.Abs("../../scenarios/karzoral/field01")
	files, err := From([]string{filepath.Join(src, "field01.cue")}, "field01b", "")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Path)
		if f.Path == "field01.cue" {
			s := string(f.Data)
			if !strings.Contains(s, "package field01b\n") || !strings.Contains(s, `id:      "field01b"`) || !strings.Contains(s, "// Field 1: The Road to Karzoral.") {
				t.Errorf("field01.cue not renamed as expected:\n%s", s[:400])
			}
		}
		if f.Path == "win.yaml" {
			orig, _ := os.ReadFile(filepath.Join(src, "win.yaml"))
			if string(orig) != string(f.Data) {
				t.Error("win.yaml changed")
			}
		}
	}
	if strings.Join(names, " ") != "field01.cue lose.yaml win.yaml" {
		t.Errorf("files %v", names)
	}
	y, _ := filepath.Abs("../../testdata/compiler/ok/mini.yaml")
	files, err = From([]string{y}, "mini2", "Mini two")
	if err != nil || len(files) == 0 {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Path == "mini.yaml" && (!strings.Contains(string(f.Data), "\nid: \"mini2\"\n") || !strings.Contains(string(f.Data), "\ntitle: \"Mini two\"\n")) {
			t.Errorf("mini.yaml:\n%s", f.Data)
		}
	}
}

// In a JSON scenario the top level's id and title are renamed, not the first "id" or "title"
// anywhere (an encounter's title may come first), and the new values are valid JSON strings.
func TestFromJSONTopLevel(t *testing.T) {
	dir := t.TempDir()
	src := `{"encounters": {"e": {"title": "Raiders", "monsters": [{"name": "R", "level": 1}]}},
 "kind": "scenario", "id": "old", "title": "Old"}
`
	path := filepath.Join(dir, "s.json")
	os.WriteFile(path, []byte(src), 0o644)
	files, err := From([]string{path}, "new", "Tab\there \"quoted\"")
	if err != nil || len(files) != 1 {
		t.Fatalf("%v %v", err, files)
	}
	var got struct {
		ID, Title  string
		Encounters map[string]struct{ Title string }
	}
	if err := json.Unmarshal(files[0].Data, &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, files[0].Data)
	}
	if got.ID != "new" || got.Title != "Tab\there \"quoted\"" || got.Encounters["e"].Title != "Raiders" {
		t.Errorf("got %+v\n%s", got, files[0].Data)
	}
}

// In a YAML scenario a title written as a block scalar (its lines below the key) is replaced
// whole, and an anchor on the id stays (an alias may name it).
func TestFromYAMLBlockTitle(t *testing.T) {
	dir := t.TempDir()
	src := "kind: scenario\nid: &me old # the id\ntitle: >\n  A long\n  title\n\nrules: karzoral\nnotes: *me\n"
	path := filepath.Join(dir, "s.yaml")
	os.WriteFile(path, []byte(src), 0o644)
	files, err := From([]string{path}, "new", "New")
	if err != nil || len(files) != 1 {
		t.Fatalf("%v %v", err, files)
	}
	want := "kind: scenario\nid: &me \"new\" # the id\ntitle: \"New\"\n\nrules: karzoral\nnotes: *me\n"
	if string(files[0].Data) != want {
		t.Errorf("got\n%s\nwant\n%s", files[0].Data, want)
	}
}
