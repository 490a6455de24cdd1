package runner

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

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
		// The flow mapping opened at column 3 ("- " is 2 bytes) is never closed.
		{"yaml syntax", "s.yaml", "- {move: east\n", []string{"1:3 syntax error"}},
		// Review r15-2 on the script path: line 2 is "- move: " (8 bytes) and an unclosed [ at
		// column 9 (the YAML reader named line 1, no column).
		{"yaml unclosed flow", "s.yaml", "- move: east\n- move: [east\n", []string{"2:9 syntax error"}},
		// r15-3: line 2 is `- move: "ea` (11 bytes) and U+0001 at column 12; the message does not
		// name the file again.
		{"yaml control character", "s.yaml", "- move: east\n- move: \"ea\x01st\"\n", []string{"2:12 syntax error: control characters are not allowed"}},
		// A byte that is not UTF-8 (0xfe) after "- move: " at column 9.
		{"yaml not UTF-8", "s.yaml", "- move: \xfe\n", []string{"1:9 syntax error: invalid leading UTF-8 octet"}},
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
				if strings.Contains(d.Message, tc.file) {
					t.Errorf("message %q names the file again", d.Message)
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

// FuzzParseScript: whatever the file, ParseScript never panics; it returns a script or X002
// diagnostics (never both errors and a script), each naming the file, with no line past its end.
func FuzzParseScript(f *testing.F) {
	for _, s := range []string{"- move: east\n- {day: 2, pick: 3}\n", "- move: [east\n", "- move: \"a\x01\"\n",
		"[{move: east}, {roll: [1, 2]}]\n", "- {unit: u1, action: attack}\n"} {
		f.Add(s, false)
	}
	f.Add("[{move: east}\n", true)
	f.Fuzz(func(t *testing.T, src string, cue bool) {
		name := "s.yaml"
		if cue {
			name = "s.cue"
		}
		s, list := ParseScript(name, []byte(src))
		if list.HasErrors() == (s != nil) {
			t.Fatalf("script %v with diagnostics %v", s, list)
		}
		// YAML breaks lines at \n, \r\n and a lone \r.
		lines := strings.Count(strings.ReplaceAll(strings.ReplaceAll(src, "\r\n", "\n"), "\r", "\n"), "\n") + 1
		for _, d := range list {
			if d.Pos.File != name || d.Pos.Line > lines {
				t.Fatalf("%s outside %s (%d lines)", d, name, lines)
			}
		}
	})
}
