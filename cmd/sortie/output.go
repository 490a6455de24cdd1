package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/words"

	"github.com/sortie-rpg/sortie/cmd/sortie/lsp"
	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/esc"
)

// vetFormats are the output formats of sortie vet.
var vetFormats = []string{"text", "json", "sarif", "github", "junit"}

// ANSI colours for the text format (only on a terminal).
const (
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiReset  = "\x1b[0m"
)

// writeDiagText prints "file:line:col: CODE: message" and an indented hint line per diagnostic;
// with colour, the code is red (error) or yellow (warning) and the hint dim.
func writeDiagText(w io.Writer, list diag.List, colour bool) error {
	for _, d := range list {
		sev := ""
		if d.Severity != diag.Error {
			sev = d.Severity.String() + ": "
		}
		code := d.Code
		if colour {
			c := ansiRed
			if d.Severity != diag.Error {
				c = ansiYellow
			}
			code = ansiBold + c + code + ansiReset
		}
		if _, err := fmt.Fprintf(w, "%s: %s: %s%s\n", escapeControl(d.Pos.String()), code, sev, escapeControl(d.Message)); err != nil {
			return err
		}
		if d.Hint == "" {
			continue
		}
		hint := "\thint: " + escapeControl(d.Hint) + "\n"
		if colour {
			hint = "\t" + ansiDim + "hint: " + escapeControl(d.Hint) + ansiReset + "\n"
		}
		if _, err := io.WriteString(w, hint); err != nil {
			return err
		}
	}
	return nil
}

// escapeControl is esc.Text: a stranger's text (an id, a file name, a value quoted in a message)
// as one line with its control characters escaped.
func escapeControl(s string) string { return esc.Text(s) }

// writeDiagJSON prints {"diagnostics": [...], "errors": N, "warnings": N}.
func writeDiagJSON(w io.Writer, list diag.List) error {
	if list == nil {
		list = diag.List{}
	}
	out := struct {
		Diagnostics diag.List `json:"diagnostics"`
		Errors      int       `json:"errors"`
		Warnings    int       `json:"warnings"`
	}{list, list.Count(diag.Error), list.Count(diag.Warning)}
	return writeJSONHidden(w, out)
}

// writeJSONHidden writes v as indented JSON with every hidden character (a bidirectional control
// in a stranger's file name or id: esc.Hidden) as a \uXXXX escape: the value decodes to the
// real name, and the bytes hold no raw control a terminal or a code viewer would obey (issue 20:
// a raw U+202E in --format json's pos.file). encoding/json escapes C0 controls itself.
func writeJSONHidden(w io.Writer, v any) error { return writeJSONEscaped(w, v, "  ") }

// writeJSONLine is writeJSONHidden on one line (a JSON Lines record).
func writeJSONLine(w io.Writer, v any) error { return writeJSONEscaped(w, v, "") }

// writeJSONEscaped is v as JSON indented by indent ("" for one line), hidden characters escaped.
func writeJSONEscaped(w io.Writer, v any, indent string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(esc.JSON(buf.Bytes()))
	return err
}

// relURI turns a display name ("./a/b.cue") into a SARIF/GitHub path relative to the working
// directory ("a/b.cue"); absolute names become file URIs for SARIF.
func relPath(file string) string { return strings.TrimPrefix(file, "./") }

// SARIF 2.1.0, the subset GitHub code scanning reads: one run, the tool's rules (every code of the
// catalogue, with its title and page), and one result per diagnostic.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool    sarifTool     `json:"tool"`
	Results []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string      `json:"id"`
	Name                 string      `json:"name"`
	ShortDescription     sarifText   `json:"shortDescription"`
	FullDescription      sarifText   `json:"fullDescription"`
	Help                 sarifText   `json:"help"`
	HelpURI              string      `json:"helpUri"`
	DefaultConfiguration sarifConfig `json:"defaultConfiguration"`
}

type sarifConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
}

type sarifLocation struct {
	ID               *int          `json:"id,omitempty"`
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

func sarifLevel(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "error"
	case diag.Warning:
		return "warning"
	}
	return "note"
}

func sarifLoc(p diag.Pos) sarifLocation {
	// A URI reference (RFC 3986): a relative path, or a file URI for an absolute one, with
	// spaces, '%', '#', '?' and the like percent-encoded.
	u := url.URL{Path: relPath(p.File)}
	if strings.HasPrefix(u.Path, "/") {
		u.Scheme = "file"
	}
	uri := u.String()
	loc := sarifLocation{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{URI: uri}}}
	if p.Line > 0 {
		loc.PhysicalLocation.Region = &sarifRegion{StartLine: p.Line, StartColumn: p.Column}
	}
	return loc
}

// writeSARIF prints a SARIF 2.1.0 log. The driver carries sortie's version (version(): the
// module version and VCS revision) and, when the module version is a semantic version, that
// version without its "v" (semanticVersion); each rule's helpUri is its section of docs/codes.md.
func writeSARIF(w io.Writer, list diag.List) error {
	ver := version()
	semver := semanticVersion(ver)
	codes := diag.Codes()
	index := map[string]int{}
	rules := make([]sarifRule, 0, len(codes))
	for i, in := range codes {
		index[in.Code] = i
		rules = append(rules, sarifRule{
			ID: in.Code, Name: ruleName(in.Title),
			ShortDescription:     sarifText{in.Title},
			FullDescription:      sarifText{strings.TrimSpace(in.Doc)},
			Help:                 sarifText{"sortie explain " + in.Code + "\n\n" + strings.TrimSpace(in.Doc)},
			HelpURI:              lsp.DefaultExplainURL + strings.ToLower(in.Code),
			DefaultConfiguration: sarifConfig{sarifLevel(in.Severity)},
		})
	}
	results := make([]sarifResult, 0, len(list))
	for _, d := range list {
		msg := d.Message
		if d.Hint != "" {
			msg += "\nhint: " + d.Hint
		}
		r := sarifResult{RuleID: d.Code, RuleIndex: index[d.Code], Level: sarifLevel(d.Severity),
			Message: sarifText{msg}, Locations: []sarifLocation{sarifLoc(d.Pos)}}
		for i, rp := range d.Related {
			loc := sarifLoc(rp)
			id := i + 1
			loc.ID = &id
			r.RelatedLocations = append(r.RelatedLocations, loc)
		}
		results = append(results, r)
	}
	log := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{Name: "sortie", Version: ver, SemanticVersion: semver,
				InformationURI: "https://github.com/sortie-rpg/sortie", Rules: rules}},
			Results: results,
		}},
	}
	return writeJSONHidden(w, log)
}

// semanticVersion is the Semantic Versioning 2.0 form of a version() string: "v1.2.3 0123456789ab"
// -> "1.2.3" (a pseudo-version "v0.0.0-20260101000000-0123456789ab+dirty" keeps its pre-release and
// build parts, both valid SemVer); "" for "(devel)" or "unknown".
func semanticVersion(v string) string {
	v, _, _ = strings.Cut(v, " ")
	if !strings.HasPrefix(v, "v") || !semverRE().MatchString(v[1:]) {
		return ""
	}
	return v[1:]
}

// semverRE is SemVer 2.0's grammar (semver.org's suggested expression).
var semverRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$`)
})

// ruleName makes a SARIF rule name from a title: "block the party can never reach" ->
// "BlockThePartyCanNeverReach".
func ruleName(title string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(title, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// GitHub Actions workflow commands: "::error file=F,line=L,col=C,title=CODE::message". Data and
// properties are encoded by esc.GitHubData and esc.GitHubProp (a stranger's newline never ends
// the command: it is %0A, decoded by the runner inside the annotation).
func ghEscapeData(s string) string { return esc.GitHubData(s) }

func ghEscapeProp(s string) string { return esc.GitHubProp(s) }

// writeGitHub prints one annotation per diagnostic (error, warning or notice); the hint follows
// the message on a second line.
func writeGitHub(w io.Writer, list diag.List) error {
	for _, d := range list {
		kind := "error"
		switch d.Severity {
		case diag.Warning:
			kind = "warning"
		case diag.Info:
			kind = "notice"
		}
		// The file as every format shows a stranger's name: esc.Text, one line (a newline as \n,
		// not %0A, which the runner would decode into a name that is not the file's either way).
		props := []string{"file=" + ghEscapeProp(esc.Text(relPath(d.Pos.File)))}
		if d.Pos.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", d.Pos.Line))
			if d.Pos.Column > 0 {
				props = append(props, fmt.Sprintf("col=%d", d.Pos.Column))
			}
		}
		props = append(props, "title="+ghEscapeProp(d.Code))
		msg := ghEscapeData(d.Message)
		if d.Hint != "" {
			msg += "%0Ahint: " + ghEscapeData(d.Hint) // the annotation's second line
		}
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", kind, strings.Join(props, ","), msg); err != nil {
			return err
		}
	}
	return nil
}

// JUnit XML: one <testsuite> per scenario, one <testcase> per pass (load, schema, each check,
// suppressions); a pass with findings fails, its <failure> lists them. Warnings fail only with
// --strict; otherwise they go to the test case's <system-out>.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitFailure `xml:"failure,omitempty"`
	SystemOut *junitText    `xml:"system-out,omitempty"`
}

type junitText struct {
	Text string `xml:",cdata"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",cdata"`
}

func writeJUnit(w io.Writer, list diag.List, scenarios []compiler.ScenarioFiles, strict bool) error {
	// Which scenario a diagnostic belongs to: the one listing its file, else the one whose
	// folder holds it, else the first.
	owner := func(file string) int {
		for i, s := range scenarios {
			for _, f := range s.Files {
				if f == file {
					return i
				}
			}
		}
		for i, s := range scenarios {
			if strings.HasPrefix(file, strings.TrimSuffix(s.Dir, "/")+"/") {
				return i
			}
		}
		return 0
	}
	type key struct {
		scen int
		pass string
	}
	byPass := map[key]diag.List{}
	for _, d := range list {
		k := key{owner(d.Pos.File), compiler.CheckOf(d.Code)}
		byPass[k] = append(byPass[k], d)
	}
	out := junitSuites{Name: "sortie vet"}
	for i, s := range scenarios {
		dir := esc.Text(s.Dir) // a file name is one line; encoding/xml escapes the rest
		suite := junitSuite{Name: dir}
		// The checks of the unit's rule system, and any other pass that reported on it.
		passes := junitPasses(s.Files)
		for _, pass := range compiler.PassNames() {
			if len(byPass[key{i, pass}]) > 0 && !contains(passes, pass) {
				passes = append(passes, pass)
			}
		}
		for _, pass := range passes {
			c := junitCase{Name: pass, Classname: dir}
			var fail, other []string
			for _, d := range byPass[key{i, pass}] {
				line := esc.Text(d.String())
				if d.Hint != "" {
					line += "\n\thint: " + esc.Text(d.Hint)
				}
				if d.Severity == diag.Error || strict && d.Severity == diag.Warning {
					fail = append(fail, line)
				} else {
					other = append(other, d.Severity.String()+": "+line)
				}
			}
			if len(fail) > 0 {
				c.Failure = &junitFailure{Message: words.Count(len(fail), "finding"), Type: "sortie", Text: strings.Join(fail, "\n")}
				suite.Failures++
			}
			if len(other) > 0 {
				c.SystemOut = &junitText{strings.Join(other, "\n")}
			}
			suite.Cases = append(suite.Cases, c)
			suite.Tests++
		}
		out.Tests += suite.Tests
		out.Failures += suite.Failures
		out.Suites = append(out.Suites, suite)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(out); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// Baseline: findings recorded once and not reported again, for adopting the linter on an existing
// corpus. A finding is keyed by file, code and message (messages name the entity's path, e.g.
// "field.blocks.c: ..."), never by line, so edits elsewhere in a file keep the baseline valid.
// Each entry silences as many findings as it occurs times. File names are stored relative to the
// baseline file's folder, so the baseline works from any working directory.
type baselineEntry struct {
	File    string `json:"file"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

type baselineFile struct {
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

// entryOf keys d for a baseline kept in folder dir (absolute).
func entryOf(d diag.Diagnostic, dir string) baselineEntry {
	file := d.Pos.File
	if abs, err := filepath.Abs(file); err == nil && file != "" {
		if rel, err := filepath.Rel(dir, abs); err == nil {
			file = filepath.ToSlash(rel)
		}
	}
	return baselineEntry{File: file, Code: d.Code, Message: d.Message}
}

// baselineDir is the absolute folder of a baseline file.
func baselineDir(name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "."
	}
	return filepath.Dir(abs)
}

// baselineError is a baseline that does not parse, at a 1-based line and byte column (0 when
// the decoder gives no offset).
type baselineError struct {
	line, col int
	err       error
}

func (e *baselineError) Error() string { return fmt.Sprintf("not a sortie baseline: %v", e.err) }

// readBaseline decodes a baseline written by --write-baseline (data: the file read whole through
// the gate, bounded by maxBaseline). A file that does not parse is a *baselineError with the
// line and column of the fault.
func readBaseline(data []byte) (map[baselineEntry]int, error) {
	var b baselineFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		be := &baselineError{err: err}
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		off := int64(-1)
		switch {
		case errors.As(err, &se):
			off = se.Offset
		case errors.As(err, &te):
			off = te.Offset
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
			off = int64(len(data))
		}
		if off >= 0 {
			be.line, be.col = lineCol(data, off)
		}
		return nil, be
	}
	// One JSON value: what follows it (a second baseline appended, an editor's leftover) would
	// be silently ignored.
	if _, err := dec.Token(); err != io.EOF {
		off := dec.InputOffset()
		be := &baselineError{err: errors.New("data after the baseline's JSON value")}
		be.line, be.col = lineCol(data, off)
		return nil, be
	}
	if b.Version != 1 {
		return nil, fmt.Errorf("baseline version %d, want 1", b.Version)
	}
	m := map[baselineEntry]int{}
	for _, e := range b.Findings {
		m[e]++
	}
	return m, nil
}

// applyBaseline drops the findings the baseline holds.
func applyBaseline(list diag.List, base map[baselineEntry]int, dir string) diag.List {
	out := diag.List{}
	for _, d := range list {
		k := entryOf(d, dir)
		if base[k] > 0 {
			base[k]--
			continue
		}
		out = append(out, d)
	}
	return out
}

func writeBaseline(w io.Writer, list diag.List, dir string) error {
	b := baselineFile{Version: 1, Findings: []baselineEntry{}}
	for _, d := range list {
		b.Findings = append(b.Findings, entryOf(d, dir))
	}
	sort.SliceStable(b.Findings, func(i, j int) bool {
		x, y := b.Findings[i], b.Findings[j]
		if x.File != y.File {
			return x.File < y.File
		}
		if x.Code != y.Code {
			return x.Code < y.Code
		}
		return x.Message < y.Message
	})
	return writeJSONHidden(w, b)
}

// lineCol turns a byte offset of data into a 1-based line and byte column (offset: the number
// of bytes read, so the fault is the byte before it when it is past the start).
func lineCol(data []byte, off int64) (line, col int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off > 0 {
		off--
	}
	line, col = 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
