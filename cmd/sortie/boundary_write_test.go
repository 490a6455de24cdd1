package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/sortie-rpg/sortie/compiler/esc"
)

// The showing and writing half of the trust boundary (issue 28), as a matrix: every command of
// the app that prints strangers' strings or writes a file is run on testdata/hostile/inject (a
// valid scenario whose titles, names, terrain, says and encounter names hold injection strings),
// on a copy of it under a file name holding a newline, a workflow command and ESC (with an error,
// so diagnostics name that file), and on a copy of the bundled campaign with a hostile title and
// PC name; each output format is checked with a parser for it. The rows are keyed by the app's
// command names, so a new command without a row fails TestBoundaryMatrixCoversCommands.

// hostileName is the scenario file name of the "bad name" copy.
const hostileName = "forged\n::error file=forged.cue,line=1::FORGED\x1b[31m%0A.yaml"

// boundaryCase is one run: args with {S} (the inject scenario), {B} (the bad-name folder), {C}
// (the hostile campaign folder), {D} (a changed copy of {S}, for diff), {PF} and {CL} (hostile
// Pathfinder and clash battles), {F} (an unformatted file with a hostile name, for fmt) and {T}
// (a fresh folder)
// replaced; format says how to check stdout (and file, when the output goes to a file there).
type boundaryCase struct {
	args   []string
	format string
	file   string // "{T}/..." the output file to check instead of stdout; "" for stdout
}

// boundaryRows: each command's cases, or the reason it shows no stranger's string and writes no
// file (a row that is only a reason still has to exist).
var boundaryRows = map[string]struct {
	cases []boundaryCase
	none  string
}{
	"vet": {cases: []boundaryCase{
		{args: []string{"vet", "{S}"}, format: "text"},
		{args: []string{"vet", "{B}"}, format: "text"},
		{args: []string{"vet", "--format", "json", "{B}"}, format: "json"},
		{args: []string{"vet", "--format", "sarif", "{B}"}, format: "sarif"},
		{args: []string{"vet", "--format", "github", "{B}"}, format: "github"},
		{args: []string{"vet", "--format", "junit", "{B}"}, format: "junit"},
		{args: []string{"vet", "--write-baseline", "{T}/base.json", "{B}"}, format: "json", file: "{T}/base.json"},
	}},
	"compile": {cases: []boundaryCase{
		{args: []string{"compile", "{S}"}, format: "json"},
		{args: []string{"compile", "{S}", "-o", "{T}/plan.json"}, format: "json", file: "{T}/plan.json"},
		{args: []string{"compile", "{B}"}, format: "text"},
	}},
	"run": {cases: []boundaryCase{
		{args: []string{"run", "{S}", "--policy", "first", "--gm"}, format: "text"},
		{args: []string{"run", "{S}", "--policy", "first", "--format", "jsonl"}, format: "jsonl"},
		{args: []string{"run", "{S}", "--policy", "first", "--save", "{T}/save.json"}, format: "json", file: "{T}/save.json"},
		{args: []string{"run", "{S}", "--policy", "first", "--html", "{T}/run.html"}, format: "html", file: "{T}/run.html"},
	}},
	"campaign": {cases: []boundaryCase{
		{args: []string{"campaign", "vet", "{C}/campaign.cue"}, format: "text"},
		{args: []string{"campaign", "run", "{C}/campaign.cue", "--policy", "first"}, format: "text"},
		{args: []string{"campaign", "run", "{C}/campaign.cue", "--policy", "first", "--format", "jsonl"}, format: "jsonl"},
		{args: []string{"campaign", "run", "{C}/campaign.cue", "--policy", "first", "--html", "{T}/campaign.html"}, format: "html", file: "{T}/campaign.html"},
	}},
	"resume": {cases: []boundaryCase{
		{args: []string{"resume", "{T}/half.json"}, format: "text"},
		{args: []string{"resume", "{T}/hostile-path.json"}, format: "text"},
		{args: []string{"resume", "{T}/hostile-script.json"}, format: "text"},
	}},
	"explain": {none: "prints sortie's own catalogue of codes; reads no scenario"},
	"replay": {cases: []boundaryCase{
		{args: []string{"replay", "{T}/inject.jsonl", "--plan", "{S}", "--html", "{T}/replay.html"}, format: "html", file: "{T}/replay.html"},
		{args: []string{"replay", "{T}/inject.jsonl", "--plan", "{B}", "--html", "{T}/replay-bad.html"}, format: "text"},
	}},
	"schema": {none: "prints sortie's own schemas; reads no scenario"},
	"battle": {cases: []boundaryCase{
		{args: []string{"battle", "{S}"}, format: "text"},
		{args: []string{"battle", "{PF}"}, format: "text"},
		{args: []string{"battle", "{PF}", "--runs", "30"}, format: "text"},
		{args: []string{"battle", "{CL}", "--policy", "first"}, format: "text"},
		{args: []string{"battle", "{CL}", "--runs", "30"}, format: "text"},
		{args: []string{"battle", "{CL}", "--policy", "first", "--html", "{T}/battle.html"}, format: "html", file: "{T}/battle.html"},
	}},
	"fmt": {cases: []boundaryCase{
		{args: []string{"fmt", "--check", "{B}"}, format: "text"},
		{args: []string{"fmt", "-l", "{F}"}, format: "text"},
		{args: []string{"fmt", "-d", "{F}"}, format: "text"},
	}},
	"graph": {cases: []boundaryCase{
		{args: []string{"graph", "{S}"}, format: "svg"},
		{args: []string{"graph", "{S}", "--format", "dot"}, format: "dot"},
		{args: []string{"graph", "{S}", "--format", "mermaid"}, format: "mermaid"},
		{args: []string{"graph", "{S}", "-o", "{T}/field.svg"}, format: "svg", file: "{T}/field.svg"},
		{args: []string{"graph", "{C}/campaign.cue"}, format: "svg"},
		{args: []string{"graph", "{C}/campaign.cue", "--format", "dot"}, format: "dot"},
		{args: []string{"graph", "{C}/campaign.cue", "--format", "mermaid"}, format: "mermaid"},
	}},
	"test": {cases: []boundaryCase{
		{args: []string{"test", "-v", "{B}"}, format: "text"},
		{args: []string{"test", "--format", "json", "{B}"}, format: "json"},
		{args: []string{"test", "--format", "junit", "{B}"}, format: "junit"},
	}},
	"init": {cases: []boundaryCase{
		{args: []string{"init", "--from", "{S}", "{T}/copy"}, format: "text"},
	}},
	"diff": {cases: []boundaryCase{
		{args: []string{"diff", "{S}", "{D}"}, format: "text"},
		{args: []string{"diff", "--git", "HEAD\n::error file=f,line=1::FORGED\x1b[2J", "{S}"}, format: "text"},
		{args: []string{"diff", "--format", "json", "{S}", "{D}"}, format: "json"},
		{args: []string{"diff", "--format", "markdown", "{S}", "{D}"}, format: "markdown"},
	}},
	"lsp": {none: "speaks JSON-RPC (every string JSON-escaped by encoding/json); its bounds on what it reads are the reading half's (issue 28, cmd/sortie/lsp tests)"},
	"simulate": {cases: []boundaryCase{
		{args: []string{"simulate", "{S}", "--runs", "5", "--workers", "1"}, format: "text"},
		{args: []string{"simulate", "{S}", "--runs", "5", "--workers", "1", "--format", "json"}, format: "json"},
		{args: []string{"simulate", "{S}", "--runs", "5", "--workers", "1", "--html", "{T}/report.html"}, format: "html", file: "{T}/report.html"},
	}},
}

// TestBoundaryMatrixCoversCommands: every command of the app has a row (cases or a reason).
func TestBoundaryMatrixCoversCommands(t *testing.T) {
	for _, c := range newApp(&env{}).Commands {
		if _, ok := boundaryRows[c.Name]; !ok {
			t.Errorf("command %q has no row in boundaryRows: say how its output is checked with hostile strings, or why it shows none", c.Name)
		}
	}
}

// boundaryFixtures makes the hostile inputs in a temporary folder and returns the placeholders.
func boundaryFixtures(t *testing.T) map[string]string {
	t.Helper()
	root, _ := filepath.Abs("../..")
	base := t.TempDir()
	inject := filepath.Join(root, "testdata", "hostile", "inject")
	src, err := os.ReadFile(filepath.Join(inject, "inject.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	// {B}: the scenario under a hostile file name, with a misspelt field (S001 names the file).
	bad := filepath.Join(base, "badname")
	os.Mkdir(bad, 0o755)
	if err := os.WriteFile(filepath.Join(bad, hostileName), bytes.Replace(src, []byte("nightRaid:"), []byte("nightRaids:"), 1), 0o644); err != nil {
		t.Skipf("this file system does not take the name %q: %v", hostileName, err)
	}
	// {D}: the scenario with another hostile block name, for diff.
	changed := filepath.Join(base, "changed")
	os.Mkdir(changed, 0o755)
	os.WriteFile(filepath.Join(changed, "inject.yaml"), bytes.Replace(src, []byte("FORGED-BLOCK"), []byte("FORGED-CHANGED\\e[1m"), 1), 0o644)
	// {C}: the bundled campaign with a hostile title and PC name.
	camp := filepath.Join(base, "campaign")
	copyTree(t, filepath.Join(root, "scenarios", "karzoral"), camp)
	cue := filepath.Join(camp, "campaign.cue")
	data, _ := os.ReadFile(cue)
	data = bytes.Replace(data, []byte(`"The Karzoral Plateau"`), []byte(`"Plateau\n::error file=forged.cue::FORGED-CAMPAIGN\u001b[2J</script>"`), 1)
	data = bytes.Replace(data, []byte(`name: "Base 1: Rupetenne"`), []byte(`name: "Base 1\n::error file=b,line=1::FORGED-BASE"`), 1)
	data = bytes.Replace(data, []byte(`name: "Aldo"`), []byte(`name: "Aldo\n::error::FORGED-PC\u001b]0;x\u0007"`), 1)
	os.WriteFile(cue, data, 0o644)
	// {PF} and {CL}: the bundled Pathfinder and clash battles with a hostile title and side name.
	pf := filepath.Join(base, "pathfinder")
	copyTree(t, filepath.Join(root, "scenarios", "pathfinder", "orc-horde"), pf)
	hostileCue := []byte(`"T\u001b]0;PWN\u0007\n::error file=f,line=1::FORGED"`)
	pfCue := filepath.Join(pf, "battle.cue")
	data, _ = os.ReadFile(pfCue)
	data = bytes.Replace(data, []byte(`"The Orc Horde at the Ford"`), hostileCue, 1)
	data = bytes.Replace(data, []byte(`name: "Orc horde"`), append([]byte("name: "), hostileCue...), 1)
	os.WriteFile(pfCue, data, 0o644)
	cl := filepath.Join(base, "clash")
	copyTree(t, filepath.Join(root, "scenarios", "clash", "bridge"), cl)
	clCue := filepath.Join(cl, "bridge.cue")
	data, _ = os.ReadFile(clCue)
	data = bytes.Replace(data, []byte(`"The Ashford Bridge"`), hostileCue, 1)
	data = bytes.Replace(data, []byte(`name: "Grask's warband"`), append([]byte("name: "), hostileCue...), 1)
	os.WriteFile(clCue, data, 0o644)
	// {F}: an unformatted CUE file with a hostile name and raw OSC bytes in a comment, for fmt.
	fmtDir := filepath.Join(base, "fmt")
	os.Mkdir(fmtDir, 0o755)
	if err := os.WriteFile(filepath.Join(fmtDir, "n\n::error file=x.cue,line=1::FORGED\x1b]0;T\x07.cue"), []byte("package x\n\n// note \x1b]0;PWN\x07\nx:   1\n"), 0o644); err != nil {
		t.Skipf("this file system does not take a hostile name: %v", err)
	}
	tmp := filepath.Join(base, "out")
	os.Mkdir(tmp, 0o755)
	return map[string]string{"{S}": inject, "{B}": bad, "{C}": camp, "{D}": changed, "{T}": tmp, "{PF}": pf, "{CL}": cl, "{F}": fmtDir}
}

// TestBoundaryOutputs runs the matrix: each case exits 0, 1 or 2 without a stack trace, and its
// output passes the check of its format.
func TestBoundaryOutputs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every command")
	}
	fx := boundaryFixtures(t)
	// resume's save: a run of {S} halted after its first day.
	if code, _, errs := run(t, "", "run", fx["{S}"], "--policy", "first", "--save", filepath.Join(fx["{T}"], "half.json"), "--halt-after", "1"); code == 2 && !strings.Contains(errs, "halted after the save") {
		t.Fatalf("the save for resume: %s", errs)
	}
	// The save with a hostile path, and with a hostile script: resume quotes them in its errors.
	if half, err := os.ReadFile(filepath.Join(fx["{T}"], "half.json")); err == nil {
		for name, field := range map[string]*func(*saveFile){
			"hostile-path.json":   ptr(func(sv *saveFile) { sv.Path = "x\n::error file=f,line=1::FORGED\x1b]0;PWN\x07" }),
			"hostile-script.json": ptr(func(sv *saveFile) { sv.Script = "/x\n::error file=f,line=1::FORGED\x1b]0;PWN\x07" }),
		} {
			sv, err := decodeSave(half)
			if err != nil {
				t.Fatal(err)
			}
			(*field)(sv)
			data, err := encodeSave(sv)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(fx["{T}"], name), data, 0o644)
		}
	}
	// replay's run: {S} recorded as JSON Lines.
	if _, out, errs := run(t, "", "run", fx["{S}"], "--policy", "first", "--format", "jsonl"); out == "" {
		t.Fatalf("the run for replay: %s", errs)
	} else {
		os.WriteFile(filepath.Join(fx["{T}"], "inject.jsonl"), []byte(out), 0o644)
	}
	names := make([]string, 0, len(boundaryRows))
	for n := range boundaryRows {
		names = append(names, n)
	}
	sort.Strings(names)
	n := 0
	for _, name := range names {
		for _, c := range boundaryRows[name].cases {
			args := make([]string, len(c.args))
			for i, a := range c.args {
				for k, v := range fx {
					a = strings.ReplaceAll(a, k, v)
				}
				args[i] = a
			}
			label := strings.Join(c.args, " ")
			code, out, errs := run(t, "", args...)
			if code > 2 {
				t.Errorf("sortie %s: exit %d", label, code)
			}
			checkShown(t, label+" (stderr)", "text", errs)
			if c.file != "" {
				data, err := os.ReadFile(strings.ReplaceAll(c.file, "{T}", fx["{T}"]))
				if err != nil {
					t.Errorf("sortie %s: exit %d, no output file: %v\n%s", label, code, err, errs)
					continue
				}
				out = string(data)
			}
			if strings.TrimSpace(out) == "" && c.format != "text" {
				t.Errorf("sortie %s: exit %d and no %s output\n%s", label, code, c.format, errs)
				continue
			}
			checkShown(t, label, c.format, out)
			n++
		}
	}
	t.Logf("%d runs over %d commands checked", n, len(names))
}

func ptr[T any](v T) *T { return &v }

// checkShown checks out as format: parsed by a parser for it, and no stranger's string obeyed.
func checkShown(t *testing.T, label, format, out string) {
	t.Helper()
	// Everywhere: no forged workflow command (a line is one only if it starts with "::"), no
	// raw ESC or CR, valid UTF-8 where the format is text.
	noForgedCommand(t, label, format, out)
	if strings.ContainsAny(out, "\x1b\r\a") {
		t.Errorf("%s: a raw control character in the output", label)
	}
	switch format {
	case "json", "sarif":
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Errorf("%s: not JSON: %v", label, err)
		}
		if format == "sarif" {
			checkSARIF(t, label, out)
		}
	case "jsonl":
		for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var v any
			if err := json.Unmarshal([]byte(line), &v); err != nil {
				t.Errorf("%s: line %d is not JSON: %v", label, i+1, err)
				break
			}
		}
	case "junit", "svg":
		wellFormedXML(t, label, out)
	case "dot":
		checkDot(t, label, out)
	case "mermaid":
		checkMermaid(t, label, out)
	case "markdown":
		for _, bad := range []string{"<img", "<script", "</script", "![", "](http", "@octocat"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s: the Markdown holds %q", label, bad)
			}
		}
	case "html":
		if strings.Contains(out, "<img src=x onerror") || strings.Count(out, "<script") != strings.Count(out, "</script>") {
			t.Errorf("%s: the page holds a stranger's tag", label)
		}
	}
}

// ghCommand is a GitHub workflow command line: "::NAME[ PROPS]::DATA".
var ghCommand = regexp.MustCompile(`^::([a-z-]+)(?: ([^:]*))?::(.*)$`)

// noForgedCommand: in the github format every line is one of sortie's annotations (error,
// warning or notice) whose properties decode to known keys; in every other format no line is a
// workflow command at all.
func noForgedCommand(t *testing.T, label, format, out string) {
	t.Helper()
	for i, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "::") {
			if format == "github" && line != "" {
				t.Errorf("%s: line %d is not a workflow command: %q", label, i+1, line)
			}
			continue
		}
		if format != "github" {
			t.Errorf("%s: line %d is a forged workflow command: %q", label, i+1, line)
			continue
		}
		m := ghCommand.FindStringSubmatch(line)
		if m == nil || m[1] != "error" && m[1] != "warning" && m[1] != "notice" {
			t.Errorf("%s: line %d: not one of sortie's annotations: %q", label, i+1, line)
			continue
		}
		for _, prop := range strings.Split(m[2], ",") {
			k, v, _ := strings.Cut(prop, "=")
			switch k {
			case "file":
				dec, err := url.PathUnescape(v) // %25, %0A, %3A, %2C as the runner decodes them
				if err != nil || strings.ContainsAny(dec, "\x1b") {
					t.Errorf("%s: file property %q decodes to %q (%v)", label, v, dec, err)
				}
				// The runner decodes the property to the name as every format shows it, esc.Text's
				// one line (its newline as \n, its ESC as \x1b; issue 20: one escape in every format).
				if want := esc.Text(hostileName); strings.Contains(dec, "forged") && !strings.HasSuffix(dec, want) {
					t.Errorf("%s: file property decodes to %q, not the hostile file %q", label, dec, want)
				}
			case "line", "col", "title":
			default:
				t.Errorf("%s: unknown property %q in %q", label, k, line)
			}
		}
	}
}

// wellFormedXML reads every token of out with encoding/xml (strict).
func wellFormedXML(t *testing.T, label, out string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(out))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Errorf("%s: not well-formed XML: %v", label, err)
			return
		}
	}
}

// dotTokens splits dot text into quoted strings (their content, unescaped) and the text outside
// them, with the line of each piece; an unterminated quote is an error.
func checkDot(t *testing.T, label, out string) {
	t.Helper()
	outside, quoted, ok := splitQuoted(out, `\`)
	if !ok {
		t.Errorf("%s: an unterminated quoted string in the dot", label)
	}
	if strings.Contains(outside, "FORGED") || strings.Contains(outside, "<") {
		t.Errorf("%s: a stranger's string outside its quoted label:\n%s", label, outside)
	}
	if !strings.Contains(strings.Join(quoted, "\x00"), "FORGED") {
		t.Errorf("%s: the hostile strings are not in the labels at all", label)
	}
	if !strings.HasPrefix(out, "digraph ") || !strings.HasSuffix(out, "}\n") {
		t.Errorf("%s: not one digraph", label)
	}
}

// checkMermaid: every stranger's string stays in a quoted label or a %% comment line, and no
// line outside them is an unexpected statement (click, style, classDef).
func checkMermaid(t *testing.T, label, out string) {
	t.Helper()
	var body []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "%%") {
			continue
		}
		body = append(body, line)
	}
	outside, _, ok := splitQuoted(strings.Join(body, "\n"), "")
	if !ok {
		t.Errorf("%s: an unterminated quoted label in the Mermaid", label)
	}
	for _, bad := range []string{"FORGED", "click", "<", "javascript"} {
		if strings.Contains(outside, bad) {
			t.Errorf("%s: %q outside a quoted label:\n%s", label, bad, outside)
		}
	}
}

// splitQuoted returns the text of s outside double quotes and the quoted pieces; escape is the
// escape character inside quotes ("" for none).
func splitQuoted(s, escape string) (outside string, quoted []string, ok bool) {
	var o, q strings.Builder
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case in && escape != "" && c == escape[0] && i+1 < len(s):
			q.WriteByte(s[i+1])
			i++
		case c == '"':
			if in {
				quoted = append(quoted, q.String())
				q.Reset()
			}
			in = !in
		case in:
			q.WriteByte(c)
		default:
			o.WriteByte(c)
		}
	}
	return o.String(), quoted, !in
}

// checkSARIF validates out against the SARIF 2.1.0 schema subset TestSARIFSchema uses (formats
// asserted: every artifact URI must be a valid uri-reference, hostile file name included).
func checkSARIF(t *testing.T, label, out string) {
	t.Helper()
	root, _ := filepath.Abs("../..")
	raw, err := os.ReadFile(filepath.Join(root, "testdata", "vet", "sarif-schema-2.1.0-subset.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Errorf("%s: not JSON: %v", label, err)
		return
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("%s: %v", label, err)
	}
}

// TestBoundaryWriteRefused (issue 28, items 2 and 9): every option that writes a file refuses,
// with exit 2 and the target unchanged, a scenario file of its input (the issue's
// `graph x -o x/field01.cue`), a named pipe (the open would block) and a device; no temporary
// file is left in the folder.
func TestBoundaryWriteRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every writing command")
	}
	root, _ := filepath.Abs("../..")
	dir := t.TempDir()
	scen := filepath.Join(dir, "x")
	copyTree(t, filepath.Join(root, "testdata", "hostile", "inject"), scen)
	source := filepath.Join(scen, "inject.yaml")
	want, _ := os.ReadFile(source)
	fifo := filepath.Join(dir, "pipe")
	targets := map[string]string{"a source": source}
	if err := syscall.Mkfifo(fifo, 0o644); err == nil {
		targets["a named pipe"] = fifo
	}
	if st, err := os.Stat("/dev/null"); err == nil && st.Mode()&os.ModeDevice != 0 {
		targets["a device"] = "/dev/null"
	}
	writers := [][]string{
		{"graph", scen, "-o", "@"},
		{"graph", scen, "--format", "dot", "-o", "@"},
		{"compile", scen, "-o", "@"},
		{"vet", "--write-baseline", "@", scen},
		{"run", scen, "--policy", "first", "--save", "@"},
		{"simulate", scen, "--runs", "2", "--html", "@"},
	}
	for what, target := range targets {
		for _, w := range writers {
			args := append([]string(nil), w...)
			for i, a := range args {
				if a == "@" {
					args[i] = target
				}
			}
			code, _, errs := run(t, "", args...)
			if code != 2 || !strings.Contains(errs, "refus") {
				t.Errorf("sortie %s onto %s: exit %d, stderr %q; want exit 2 and a refusal", w[0]+" "+strings.Join(w[1:], " "), what, code, errs)
			}
		}
	}
	if got, _ := os.ReadFile(source); !bytes.Equal(got, want) {
		t.Error("the scenario was changed")
	}
	if st, err := os.Lstat(fifo); err == nil && st.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the pipe was replaced")
	}
	for _, d := range []string{dir, scen} {
		if left, _ := filepath.Glob(filepath.Join(d, ".sortie-*.tmp")); len(left) > 0 {
			t.Errorf("temporary files left: %v", left)
		}
	}
}

// TestBoundaryDiffInterrupted: diff --git interrupted by SIGINT leaves no temporary folder
// (k28 B5): it is removed with the writes in flight (safeio.Abort). SIGHUP (a closed terminal),
// SIGQUIT and SIGTERM the same (issue 28, B3: HUP and QUIT left the folder before), each with
// exit 128+n as a shell reports it, and no goroutine dump for SIGQUIT. SIGABRT, SIGTRAP and
// SIGSYS too (the second attack trial's B2: each left the folder and printed a dump).
func TestBoundaryDiffInterrupted(t *testing.T) {
	for _, sg := range []syscall.Signal{syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGABRT, syscall.SIGTRAP, syscall.SIGSYS} {
		t.Run(sg.String(), func(t *testing.T) { diffInterrupted(t, sg) })
	}
}

func diffInterrupted(t *testing.T, sg syscall.Signal) {
	tmpdir := t.TempDir()
	// git show blocks (until the test ends it) once the folder is made.
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes")
	}
	_, path := gitDiffFixture(t, "exec cat "+fifo)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Args = []string{"sortie", "diff", "--git", "HEAD", path}
	cmd.Env = append(os.Environ(), "TMPDIR="+tmpdir)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	made := false
	for i := 0; i < 600 && !made; i++ {
		m, _ := filepath.Glob(filepath.Join(tmpdir, "sortie-diff-*"))
		made = len(m) > 0
		if !made {
			time.Sleep(50 * time.Millisecond)
		}
	}
	if !made {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("diff --git made no temporary folder")
	}
	cmd.Process.Signal(sg)
	cmd.Wait()
	if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil { // let the fake git end
		f.Close()
	}
	if left, _ := filepath.Glob(filepath.Join(tmpdir, "*")); len(left) > 0 {
		t.Errorf("left behind after %v: %v", sg, left)
	}
	if code := cmd.ProcessState.ExitCode(); code != 128+int(sg) {
		t.Errorf("exit %d after %v, want %d", code, sg, 128+int(sg))
	}
	if strings.Contains(out.String(), "goroutine ") {
		t.Errorf("a goroutine dump after %v:\n%s", sg, out.String())
	}
}
