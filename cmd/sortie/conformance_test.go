package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sortie-rpg/sortie/runner"
)

// The conformance table: every command of the app (read from its urfave/cli Commands) x every
// entry of the registry (registry.go: one per rule system and file kind), each cell run on the
// entry's bundled example and either doing its job, its output checked, or refusing (exit 2) with
// a message that names the command to run instead. A command without a row, or a rule system the
// compiler or the runner builds without an entry, fails the test.

// cellFunc runs one command on one entry's example (ex, an absolute path; tmp a fresh folder).
type cellFunc func(t *testing.T, o *offer, ex, tmp string)

// conformance is the table's rows, by command.
var conformance = map[string]cellFunc{
	"vet": func(t *testing.T, o *offer, ex, tmp string) {
		code, out, errb := run(t, "", "vet", ex, "--format", "json", "--strict")
		var r struct {
			Errors, Warnings int
			Diagnostics      []any
		}
		if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Errors != 0 || r.Warnings != 0 {
			t.Errorf("exit %d, %s %s", code, out, errb)
		}
	},
	"compile": func(t *testing.T, o *offer, ex, tmp string) {
		code, out, errb := run(t, "", "compile", ex)
		if o.Kind != "scenario" {
			wantRefusal(t, code, errb, "compile", o.Kind)
			return
		}
		var p struct {
			Format   string
			Scenario struct{ Rules string }
		}
		if code != 0 || json.Unmarshal([]byte(out), &p) != nil || p.Format != "sortie-plan" || p.Scenario.Rules != o.Rules {
			t.Errorf("exit %d: %.200s %s", code, out, errb)
		}
	},
	"run": func(t *testing.T, o *offer, ex, tmp string) {
		code, out, errb := run(t, "", "run", ex, "--policy", o.Policies[0], "--format", "jsonl")
		if o.Play != "run" {
			wantRefusal(t, code, errb, "run", o.Kind)
			return
		}
		wantEnd(t, code, out, errb)
	},
	"campaign": func(t *testing.T, o *offer, ex, tmp string) {
		code, out, errb := run(t, "", "campaign", "run", ex, "--policy", "goal", "--format", "jsonl")
		if o.Play != "campaign run" {
			wantRefusal(t, code, errb, "campaign", o.Kind)
			return
		}
		// The goal policy plays the bundled campaign to its final scenario.
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var end struct{ Type, End string }
		if code != 0 || json.Unmarshal([]byte(lines[len(lines)-1]), &end) != nil || end.Type != "campaign.end" || end.End != "final" {
			t.Errorf("exit %d: %.300s %s", code, lines[len(lines)-1], errb)
		}
	},
	"resume": func(t *testing.T, o *offer, ex, tmp string) {
		if o.Play == "battle" {
			code, _, errb := run(t, "", "resume", ex)
			wantRefusal(t, code, errb, "resume", o.Kind)
			return
		}
		save := filepath.Join(tmp, "run.json")
		args := append(strings.Fields(o.Play), ex, "--policy", "first", "--save", save, "--halt-after", "1")
		if code, _, errb := run(t, "", args...); code == 0 && errb != "" {
			t.Logf("%v: %s", args, errb)
		}
		code, out, errb := run(t, "", "resume", save)
		if code != 0 && code != exitFindings || !strings.Contains(out, "day") {
			t.Errorf("resume: exit %d: %.300s %s", code, out, errb)
		}
	},
	"explain": func(t *testing.T, o *offer, ex, tmp string) {
		code, out, errb := run(t, "", "explain", o.Code)
		if code != 0 || !strings.HasPrefix(out, o.Code+": ") {
			t.Errorf("explain %s: exit %d: %.200s %s", o.Code, code, out, errb)
		}
	},
	"schema": func(t *testing.T, o *offer, ex, tmp string) {
		code, out, errb := run(t, "", "schema", "--format", "jsonschema", "--def", o.Schema)
		var s map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &s) != nil || s["$schema"] == nil {
			t.Errorf("schema --def %s: exit %d: %.200s %s", o.Schema, code, out, errb)
		}
	},
	"battle": func(t *testing.T, o *offer, ex, tmp string) {
		code, out, errb := run(t, "", "battle", ex, "--runs", "20", "--format", "jsonl")
		if o.Play != "battle" {
			wantRefusal(t, code, errb, "battle", o.Kind)
			return
		}
		var r struct{ Wins [2]int }
		if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Wins[0]+r.Wins[1] == 0 || r.Wins[0]+r.Wins[1] > 20 {
			t.Errorf("exit %d: %.300s %s", code, out, errb)
		}
	},
	"replay": func(t *testing.T, o *offer, ex, tmp string) {
		// A run recorded as JSON Lines, then its replay page (--plan: the example itself).
		args := append(strings.Fields(o.Play), ex, "--policy", o.Policies[0], "--format", "jsonl")
		_, out, _ := run(t, "", args...)
		rec, page := filepath.Join(tmp, "run.jsonl"), filepath.Join(tmp, "run.html")
		if err := os.WriteFile(rec, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, errb := run(t, "", "replay", rec, "--plan", ex, "--html", page)
		data, err := os.ReadFile(page)
		if code != 0 || err != nil || !bytes.Contains(data, []byte(`<meta name="generator" content="sortie replay">`)) {
			t.Errorf("replay: exit %d: %s %v", code, errb, err)
		}
	},
	"fmt": func(t *testing.T, o *offer, ex, tmp string) {
		// The bundled file is formatted; the same file with its indentation broken is listed.
		code, out, errb := run(t, "", "fmt", "--check", ex)
		if code != 0 || out != "" {
			t.Errorf("fmt --check %s: exit %d: %s %s", ex, code, out, errb)
		}
		f := exampleFile(t, ex)
		data, _ := os.ReadFile(f)
		bad := filepath.Join(tmp, filepath.Base(f))
		os.WriteFile(bad, []byte(strings.Replace(string(data), "\n\t", "\n  \t", 1)), 0o644)
		code, out, _ = run(t, "", "fmt", "--check", bad)
		if code != exitFindings || !strings.Contains(out, filepath.Base(f)) {
			t.Errorf("fmt --check of a misindented %s: exit %d: %s", filepath.Base(f), code, out)
		}
	},
	"graph": func(t *testing.T, o *offer, ex, tmp string) {
		code, out, errb := run(t, "", "graph", ex)
		if code != 0 || !strings.HasPrefix(out, "<?xml") || !strings.Contains(out, "<svg") || strings.Count(out, "<text") < 3 {
			t.Errorf("exit %d: %.300s %s", code, out, errb)
		}
	},
	"test": func(t *testing.T, o *offer, ex, tmp string) {
		if o.TestsIn != "" {
			ex = repo(t, filepath.FromSlash(o.TestsIn))
		}
		code, out, errb := run(t, "", "test", ex)
		if !o.Tests {
			wantRefusal(t, code, errb, "test", o.Kind)
			return
		}
		if code != 0 || !strings.HasPrefix(out, "ok\t") || !strings.Contains(out, "PASS: ") {
			t.Errorf("exit %d: %s %s", code, out, errb)
		}
	},
	"init": func(t *testing.T, o *offer, ex, tmp string) {
		// CUE and YAML alike (issue 20: init writes YAML for every rule system and kind).
		for _, f := range []string{"cue", "yaml"} {
			dir := filepath.Join(tmp, "new-"+f)
			code, _, errb := run(t, "", "init", dir, "--rules", o.Rules, "--kind", o.Kind, "--format", f)
			if code != 0 {
				t.Fatalf("init --format %s: exit %d %s", f, code, errb)
			}
			code, out, errb := run(t, "", "vet", dir+"/...", "--strict", "--format", "json")
			if code != 0 || !strings.Contains(out, `"errors": 0`) {
				t.Errorf("vet of what init --format %s wrote: exit %d %s %s", f, code, out, errb)
			}
		}
	},
	"diff": func(t *testing.T, o *offer, ex, tmp string) {
		code, out, errb := run(t, "", "diff", ex, ex, "--runs", "20")
		if !o.Diff && o.Kind != "battle" {
			wantRefusal(t, code, errb, "diff", o.Kind)
			return
		}
		if code != 0 || !strings.Contains(out, "entities\n  (no change)") || !strings.Contains(out, "simulation (20 runs of each version") {
			t.Errorf("exit %d: %s %s", code, out, errb)
		}
	},
	"lsp": func(t *testing.T, o *offer, ex, tmp string) {
		// The server opens the example and publishes its diagnostics: none of severity error. They
		// come after a quiet time, so the test waits for them (a minute at most: a hang guard)
		// before it shuts the server down.
		f := exampleFile(t, ex)
		data, _ := os.ReadFile(f)
		text, _ := json.Marshal(string(data))
		uri := "file://" + filepath.ToSlash(f)
		pr, pw := io.Pipe()
		out := &watchWriter{want: fmt.Sprintf(`"uri":%q`, uri), seen: make(chan struct{})}
		var errb bytes.Buffer
		done := make(chan int, 1)
		go func() { done <- Main([]string{"lsp"}, pr, out, &errb) }()
		pw.Write([]byte(lspWire(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`) +
			lspWire(`{"jsonrpc":"2.0","method":"initialized","params":{}}`) +
			lspWire(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":%q,"languageId":"cue","version":1,"text":%s}}}`, uri, text))))
		select {
		case <-out.seen:
		case <-time.After(time.Minute):
			t.Error("no diagnostics published for the example in a minute")
		}
		pw.Write([]byte(lspWire(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) + lspWire(`{"jsonrpc":"2.0","method":"exit"}`)))
		pw.Close()
		code := <-done
		got := out.String()
		if code != 0 || !strings.Contains(got, "textDocument/publishDiagnostics") || strings.Contains(got, `"severity":1`) {
			t.Errorf("exit %d: %s %s", code, got, errb.String())
		}
	},
	"simulate": func(t *testing.T, o *offer, ex, tmp string) {
		page := filepath.Join(tmp, "report.html")
		code, out, errb := run(t, "", "simulate", ex, "--runs", "20", "--format", "json", "--html", page)
		var r struct {
			Kind, Rules, Policy, DayUnit string
			Runs                         int
		}
		if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.Kind != o.Kind || r.Rules != o.Rules || r.Policy != o.Default || r.Runs != 20 || r.DayUnit != o.Unit+"s" {
			t.Errorf("exit %d: %+v (want kind %s, rules %s, policy %s, unit %ss) %s", code, r, o.Kind, o.Rules, o.Default, o.Unit, errb)
		}
		// The page has a heat map of the entry's grid (squares or hexes), or none.
		html, _ := os.ReadFile(page)
		hasHeat := strings.Contains(string(html), `<h2 id="heat">`)
		if hasHeat != (o.Heat != "") || o.Heat != "" && !strings.Contains(string(html), `<div class="map">`) {
			t.Errorf("heat map %v, want grid %q", hasHeat, o.Heat)
		}
		if o.Heat != "" && !strings.Contains(out, `"grid": "`+o.Heat+`"`) {
			t.Errorf("the JSON report has no heat map of %s cells", o.Heat)
		}
	},
}

// watchWriter collects a stream and closes seen once it contains want.
type watchWriter struct {
	mu   sync.Mutex
	b    bytes.Buffer
	want string
	seen chan struct{}
	done bool
}

func (w *watchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	n, err := w.b.Write(p)
	if !w.done && strings.Contains(w.b.String(), w.want) {
		w.done = true
		close(w.seen)
	}
	return n, err
}

func (w *watchWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// wantRefusal checks a refusal: exit 2 and insteadOf's message, which names a command there is.
func wantRefusal(t *testing.T, code int, errb, cmd, kind string) {
	t.Helper()
	why := insteadOf[cmd][kind]
	if why == "" {
		t.Fatalf("sortie %s has no refusal for a %s file in insteadOf", cmd, kind)
	}
	if code != exitUsage || !strings.Contains(errb, why) {
		t.Errorf("want exit 2 and %q; got exit %d: %s", why, code, errb)
	}
}

// wantEnd checks a run's JSON Lines: the last is its end, with the outcome the exit code says.
func wantEnd(t *testing.T, code int, out, errb string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var end struct{ Type, Outcome string }
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &end); err != nil || end.Type != "end" ||
		(end.Outcome == "success") != (code == 0) || code > exitFindings {
		t.Errorf("exit %d, last line %.200s (%v) %s", code, lines[len(lines)-1], err, errb)
	}
}

// exampleFile is the example's file: itself, or a folder's first .cue file.
func exampleFile(t *testing.T, ex string) string {
	t.Helper()
	if st, err := os.Stat(ex); err == nil && !st.IsDir() {
		return ex
	}
	m, _ := filepath.Glob(filepath.Join(ex, "*.cue"))
	if len(m) == 0 {
		t.Fatalf("%s: no .cue file", ex)
	}
	return m[0]
}

func TestConformance(t *testing.T) {
	var cmds []string
	for _, c := range newApp(&env{}).Commands {
		cmds = append(cmds, c.Name)
		if conformance[c.Name] == nil {
			t.Errorf("command %s has no row in the conformance table", c.Name)
		}
	}
	for name := range conformance {
		if !contains(cmds, name) {
			t.Errorf("the conformance table has a row for %s, which is no command", name)
		}
	}
	// Every refusal names a command there is.
	for cmd, byKind := range insteadOf {
		for kind, why := range byKind {
			named := false
			for _, c := range cmds {
				named = named || strings.Contains(why, "sortie "+c)
			}
			if !named {
				t.Errorf("%s of a %s: %q names no sortie command", cmd, kind, why)
			}
		}
	}
	for _, r := range runner.Engines() {
		if offerOf(r, "scenario") == nil {
			t.Errorf("the runner plays rules %s, which has no scenario entry in the registry", r)
		}
	}
	for _, r := range compilerBattleRules(t) {
		if offerOf(r, "battle") == nil {
			t.Errorf("the compiler builds battle files of rules %s, which has no battle entry in the registry", r)
		}
	}
	cells := 0
	sort.Strings(cmds)
	for _, cmd := range cmds {
		for i := range offers {
			o := &offers[i]
			ex := repo(t, filepath.FromSlash(o.Example))
			cells++
			t.Run(cmd+"/"+o.Rules+"/"+o.Kind, func(t *testing.T) {
				if f := conformance[cmd]; f != nil {
					f(t, o, ex, t.TempDir())
				}
			})
		}
	}
	// diff of a battle FOLDER (B1): the folder is read as the compiler reads it, the battle file
	// and not the scripts beside it (clash/picket holds ambush.yaml, pathfinder/orc-horde two
	// scripts); before, every .yaml of the folder was read as the battle's tests and conflicted.
	for _, dir := range []string{"scenarios/clash/picket", "scenarios/clash/bridge", "scenarios/pathfinder/orc-horde"} {
		cells++
		t.Run("diff/folder/"+dir, func(t *testing.T) {
			d := repo(t, filepath.FromSlash(dir))
			code, out, errb := run(t, "", "diff", d, d, "--runs", "0")
			if code != 0 || !strings.Contains(out, "entities\n  (no change)") || errb != "" {
				t.Errorf("exit %d: %s %s", code, out, errb)
			}
		})
	}
	// The kinds no rule system has: init refuses them with the kinds it has.
	for _, r := range ruleSystems() {
		for _, k := range kinds {
			if offerOf(r, k) != nil {
				continue
			}
			cells++
			t.Run("init/"+r+"/"+k+"(none)", func(t *testing.T) {
				code, _, errb := run(t, "", "init", filepath.Join(t.TempDir(), "x"), "--rules", r, "--kind", k)
				if code != exitUsage || !strings.Contains(errb, "use --kind") {
					t.Errorf("exit %d: %s", code, errb)
				}
			})
		}
	}
	t.Logf("conformance table: %d commands x %d entries + refusals = %d cells", len(cmds), len(offers), cells)
}

// compilerBattleRules asks the compiler which rule systems have battle files: vet of a battle file
// of no rule system lists them (L016).
func compilerBattleRules(t *testing.T) []string {
	f := filepath.Join(t.TempDir(), "b.cue")
	os.WriteFile(f, []byte("kind: \"battle\"\nrules: \"qqqqqqqq\"\nid: \"b\"\n"), 0o644)
	_, out, _ := run(t, "", "vet", f, "--format", "json")
	var r struct {
		Diagnostics []struct{ Code, Message string }
	}
	json.Unmarshal([]byte(out), &r)
	for _, d := range r.Diagnostics {
		if _, list, ok := strings.Cut(d.Message, "battle files are rules "); ok {
			var out []string
			for _, q := range strings.Split(strings.NewReplacer(" and ", ", ").Replace(list), ", ") {
				out = append(out, strings.Trim(q, `" `))
			}
			return out
		}
	}
	t.Fatalf("vet of a battle file of no rule system does not list the battle rules: %s", out)
	return nil
}
