package runner

import (
	"errors"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// runErr runs p (a line of 4 blocks unless given) from a YAML script and returns the error.
func scriptErr(t *testing.T, src string) (*Result, error) {
	t.Helper()
	p := line(4)
	p.DayLimit = 3
	res, err := Run(p, Options{Seed: 1, Decider: mustScript(t, src)})
	return res, err
}

func wantDiag(t *testing.T, err error, code string, line, col int, msg ...string) *DecisionError {
	t.Helper()
	var de *DecisionError
	if !errors.As(err, &de) {
		t.Fatalf("err = %v, want a *DecisionError", err)
	}
	d := de.Diag
	if d.Code != code || d.Pos.File != "s.yaml" || d.Pos.Line != line || d.Pos.Column != col {
		t.Errorf("got %s, want s.yaml:%d:%d: %s", d, line, col, code)
	}
	for _, m := range msg {
		if !strings.Contains(d.Message, m) {
			t.Errorf("message %q does not contain %q", d.Message, m)
		}
	}
	if de.Error() != d.String() || len(de.Diagnostics()) != 1 {
		t.Errorf("Error() = %q", de.Error())
	}
	return de
}

// X001: an entry that does not fit names file:line:col, the day and the phase.
func TestScriptMismatch(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line, col int
		msg       []string
	}{
		{"face not rolled (K-37)", "- move: east\n- roll: [2, 5]\n- pick: 3\n", 3, 3,
			[]string{"day 1, camp phase", "face 3 was not rolled (the dice show 2 and 5)"}},
		{"wrong kind", "- move: east\n- night: rest\n", 2, 3,
			[]string{"day 1, camp phase"}}, // the camp pick is asked after the dice: no roll entry, so the generator rolls
		{"no block that way (K-28)", "- {move: north}\n", 1, 4,
			[]string{"day 1, action phase", "no block to the north of b0", "legal: east, stay"}},
		{"die out of range", "- move: east\n- roll: [2, 7]\n", 2, 13,
			[]string{"day 1, camp phase", "die face 7 out of range 1..6"}},
		{"too many faces", "- move: east\n- roll: [2, 5, 6]\n- pick: 2\n", 2, 16,
			[]string{"day 1, camp phase", "gives a die face (6)"}},
		{"dice where a move is asked", "- roll: [1, 2]\n", 1, 3,
			[]string{"day 1, action phase", "asks for a move decision but the script gives dice"}},
		{"march in the action phase", "- night: march\n", 1, 3,
			[]string{"day 1, action phase", "asks for a move decision but the script has night: march"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := scriptErr(t, tc.src)
			de := wantDiag(t, err, CodeMismatch, tc.line, tc.col, tc.msg...)
			if de.Day != 1 || res.Outcome != Stopped {
				t.Errorf("day %d, outcome %s", de.Day, res.Outcome)
			}
		})
	}
}

// X001: a day assertion that is false, reported at the day key.
func TestScriptDayAssertion(t *testing.T) {
	src := "- {day: 1, move: east}\n- roll: [1, 2]\n- pick: 1\n- night: rest\n- {move: east, day: 3}\n"
	_, err := scriptErr(t, src)
	de := wantDiag(t, err, CodeMismatch, 5, 16, "day 2, action phase", "the script expects day 3")
	if de.Phase != PhaseAction {
		t.Errorf("phase %s", de.Phase)
	}
	// A true assertion passes; on a roll entry too.
	src = "- {day: 1, move: east}\n- {day: 1, roll: [1, 2]}\n- pick: 1\n- {night: rest, day: 1}\n- {day: 2, move: east}\n"
	_, err = scriptErr(t, src)
	wantDiag(t, err, CodeScriptEnded, 5, 23, "day 2, camp phase") // at the end of the list
}

// X003: the script ends before the scenario: the run stops, errors.Is(err, ErrScriptEnded);
// with a fallback it goes on.
func TestScriptEnded(t *testing.T) {
	res, err := scriptErr(t, "- move: east\n")
	if !errors.Is(err, ErrScriptEnded) || res.Outcome != Stopped || res.Day != 1 {
		t.Fatalf("err %v, result %+v", err, res)
	}
	var de *DecisionError
	if errors.As(err, &de); de.Diag.Code != CodeScriptEnded || !strings.Contains(de.Diag.Message, "day 1, camp phase") {
		t.Errorf("diag %s", de.Diag)
	}
	p := line(4)
	p.DayLimit = 2
	first, _ := NewPolicy("first", 0)
	c := &collect{}
	res, err = Run(p, Options{Decider: mustScript(t, "- move: east\n"), Fallback: first, Sink: c})
	if err != nil || res.Outcome != Failure || res.Reason != "day limit" {
		t.Fatalf("with fallback: %v %+v", err, res)
	}
	if fb := c.of(TypeFallback); len(fb) != 1 || fb[0].Phase != PhaseCamp {
		t.Errorf("fallback records %+v", fb)
	}
	// first: east from b1 on day 2 -> b2.
	if res.Party != "b2" {
		t.Errorf("party at %s", res.Party)
	}
}

// X002: malformed entries are reported at their position, all of them, and no script is returned.
func TestScriptMalformed(t *testing.T) {
	for _, tc := range []struct {
		name, file, src string
		want            []string // "line:col msg-part"
	}{
		{"unknown key", "s.yaml", "- {mvoe: east}\n", []string{`1:4 unknown key "mvoe" in a script entry; did you mean "move"?`}},
		{"bad direction", "s.yaml", "- move: esat\n", []string{`1:9 move wants one of north, east, south, west, stay; did you mean "east"?`}},
		{"two decisions", "s.yaml", "- {move: east, pick: 3}\n", []string{"1:16 an entry makes one decision, this one has move and pick"}},
		{"no decision", "s.yaml", "- {day: 3}\n", []string{"1:3 the entry makes no decision"}},
		{"not a list", "s.yaml", "move: east\n", []string{"1:1 a script is a list of entries"}},
		{"not an entry", "s.yaml", "- east\n- [1]\n", []string{"1:3 an entry is", "2:3 an entry is"}},
		{"pick text", "s.yaml", "- pick: three\n", []string{"1:9 pick wants a die face"}},
		{"day zero", "s.yaml", "- {day: 0, move: east}\n", []string{"1:9 day wants a day number"}},
		{"roll empty", "s.yaml", "- roll: []\n", []string{"1:9 roll wants at least one die face"}},
		{"roll text", "s.yaml", "- roll: [1, x]\n", []string{"1:13 roll wants die faces"}},
		{"duplicate", "s.yaml", "- {move: east, move: west}\n", []string{"1:16 key move given twice"}},
		{"yaml syntax", "s.yaml", "- {move: east\n", []string{"1:0 syntax error"}},
		{"cue syntax", "s.cue", "[{move: east}", []string{"1:14 syntax error"}},
		{"cue import", "s.cue", "import \"strings\"\n[{move: east}]\n", []string{"1:1 a script is a list of entries"}},
		{"cue comprehension", "s.cue", "[for x in [1] {move: east}]\n", []string{"1:2 an entry is"}},
		{"cancel maybe", "s.yaml", "- cancel: mabye\n", []string{"1:11 cancel wants one of yes, no"}},
		{"traverse typo", "s.yaml", "- traverse: contineu\n", []string{`1:13 traverse wants one of continue, stop, leave; did you mean "continue"?`}},
		{"battle fihgt", "s.yaml", "- battle: fihgt\n", []string{`did you mean "fight"?`}},
		{"protect number", "s.yaml", "- protect: [1]\n", []string{"1:12 protect wants a name"}},
		{"key typo", "s.yaml", "- {protcet: Bram}\n", []string{`1:4 unknown key "protcet" in a script entry; did you mean "protect"?`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, list := ParseScript(tc.file, []byte(tc.src))
			if s != nil {
				t.Errorf("ParseScript returned a script")
			}
			if len(list) != len(tc.want) {
				t.Fatalf("got %d diagnostics %v, want %d", len(list), list, len(tc.want))
			}
			for i, d := range list {
				if d.Code != CodeScriptError || d.Pos.File != tc.file {
					t.Errorf("got %s", d)
				}
				pos, msg, _ := strings.Cut(tc.want[i], " ")
				if strings.HasPrefix(tc.want[i], "did") {
					pos, msg = "", tc.want[i]
				}
				if got := strings.TrimPrefix(d.Pos.String(), tc.file+":"); pos != "" && got != pos && got+":0" != pos {
					t.Errorf("position %s, want %s (%s)", got, pos, d)
				}
				if !strings.Contains(d.Message, msg) {
					t.Errorf("message %q, want it to contain %q", d.Message, msg)
				}
			}
		})
	}
}

// Scripts in CUE: bare identifiers read as names, comments and a package clause are fine, and
// positions are those of the CUE file. JSON goes through the YAML reader.
func TestScriptCUEAndJSON(t *testing.T) {
	s, list := ParseScript("s.cue", []byte("package x\n\n// a comment\n[\n\t{day: 1, move: east},\n\t{roll: [2, 5]},\n\t{pick: 5},\n\t{night: \"march\"},\n]\n"))
	if s == nil || len(list) != 0 || s.Len() != 4 {
		t.Fatalf("%v %v", s, list)
	}
	if e := s.entries[2]; e.kind != KindPick || e.face != 5 || e.pos != (diag.Pos{File: "s.cue", Line: 7, Column: 3}) {
		t.Errorf("entry %+v", e)
	}
	s, list = ParseScript("s.json", []byte(`[{"move": "east"}, {"roll": [1, 2]}, {"pick": 2}]`))
	if s == nil || len(list) != 0 || s.Len() != 3 || s.entries[1].faces[1] != 2 {
		t.Fatalf("json: %v %v", s, list)
	}
	// An empty YAML script has no entries: the first decision ends it (X003).
	for _, src := range []string{"", "# nothing yet\n", "---\n", "[]\n"} {
		s, list = ParseScript("s.yaml", []byte(src))
		if s == nil || len(list) != 0 || s.Len() != 0 {
			t.Fatalf("empty %q: %v %v", src, s, list)
		}
	}
}

// X004: a scenario that ends before the script did leaves entries; Unused reports them.
func TestScriptUnused(t *testing.T) {
	p := line(2)
	p.DayLimit = 1
	s := mustScript(t, "- move: east\n- roll: [1, 2]\n- pick: 1\n- night: rest\n- move: west\n")
	if _, err := Run(p, Options{Decider: s}); err != nil {
		t.Fatal(err)
	}
	u := s.Unused()
	if len(u) != 1 || u[0].Code != CodeScriptLeft || u[0].Severity != diag.Warning || u[0].Pos.Line != 5 {
		t.Errorf("unused: %v", u)
	}
	s.Rewind()
	if _, err := Run(p, Options{Decider: s}); err != nil {
		t.Fatalf("after Rewind: %v", err)
	}
}

func TestCodesRegistered(t *testing.T) {
	for _, c := range []string{CodeMismatch, CodeScriptError, CodeScriptEnded, CodeScriptLeft} {
		if in, ok := diag.Lookup(c); !ok || in.Doc == "" {
			t.Errorf("%s not registered", c)
		}
	}
}

func TestLoadScriptIOError(t *testing.T) {
	s, list, err := LoadScript("../testdata/runner/does-not-exist.yaml")
	if err == nil || s != nil || list != nil {
		t.Errorf("got %v %v %v", s, list, err)
	}
}
