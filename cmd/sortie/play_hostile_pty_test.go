//go:build linux || darwin

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostile is a stranger's string that drives a terminal, written as CUE escapes: erase the
// screen (ESC[2J), the bell (BEL), the C1 control sequence introducer U+009B with "31m" (red),
// ESC c (reset the terminal), and a newline that would start a forged line "FORGED".
const hostile = `\u001b[2J\u0007\u009b31m\u001bc\nFORGED`

// hostileCopy copies the files of the bundled scenario folder dir into a temporary folder, with
// each of the quoted strings olds in file name replaced by the same string holding hostile in
// its middle, and returns the copy's path of name. It fails the test when an old is not found.
func hostileCopy(t *testing.T, dir []string, name string, olds ...string) string {
	t.Helper()
	src := repo(t, dir...)
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.Mkdir(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		if e.Name() == name {
			for _, old := range olds {
				if !strings.Contains(s, `"`+old+`"`) {
					t.Fatalf("%s has no %q", name, old)
				}
				h := old[:len(old)/2] + hostile + old[len(old)/2:]
				s = strings.ReplaceAll(s, `"`+old+`"`, `"`+h+`"`)
			}
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dst, name)
}

// rawControls lists the control characters of a terminal's output other than the line ends a
// pseudo-terminal writes (CR, LF) and tab: C0, DEL and the C1 controls U+0080..U+009F (as UTF-8
// or as single bytes), each with a little of the text around it.
func rawControls(out string) []string {
	var found []string
	for i := 0; i < len(out); {
		r, n := utf8.DecodeRuneInString(out[i:])
		bad := r < 0x20 && r != '\r' && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r < 0xa0 ||
			r == utf8.RuneError && n == 1 && out[i] >= 0x80 && out[i] < 0xa0
		if bad {
			found = append(found, strings.ToValidUTF8(out[max(0, i-40):min(len(out), i+20)], "?"))
		}
		i += n
	}
	return found
}

// TestPlayShowsStrangersEscaped (issue 23 review B1, the trust boundary of
// ARCHITECTURE.md): a scenario's strings holding terminal escapes (hostile: ESC[2J, BEL, the C1
// CSI, ESC c), in a Karzoral field's title, terrain and monster title, a clash battle's title,
// side, units, solo and zone names, and a Pathfinder battle's title, army and commander names,
// played at a pseudo-terminal with TERM=dumb through "map", "status", "units", "?", a wrong
// answer and Enter (auto) to the end: not one raw control byte reaches the terminal (sortie
// writes none of its own under TERM=dumb), in the briefing, map, status, questions, choice
// labels, help, the computer's lines and the transcript alike; the escaped form is shown, and a
// newline in a name starts no line (this session's trial: the clash status, units and the
// Karzoral briefing's title did).
func TestPlayShowsStrangersEscaped(t *testing.T) {
	bin := sortieBinary(t)
	for _, tc := range []struct {
		name string
		args func(t *testing.T) []string
	}{
		{"karzoral", func(t *testing.T) []string {
			return []string{"run", hostileCopy(t, []string{"scenarios", "karzoral", "field01"}, "field01.cue",
				"The Road to Karzoral", "grassland", "Boggard scouts", "Boggard", "Daisy Daisy's mercenaries")}
		}},
		{"clash", func(t *testing.T) []string {
			return []string{"battle", hostileCopy(t, []string{"scenarios", "clash", "hill"}, "hill.cue",
				"The Storming of Gallows Hill", "The Ninth Legion of Khar", "The Gallows garrison", "Hold the hilltop", "Hill pikes", "Dire wolves",
				"Captain Orrin", "the slopes"), "--play", "garrison", "--seed", "2"}
		}},
		{"pathfinder", func(t *testing.T) []string {
			return []string{"battle", hostileCopy(t, []string{"scenarios", "pathfinder", "orc-horde"}, "battle.cue",
				"The Orc Horde at the Ford", "Restov militia", "Tusk warband", "Grukk", "Captain Kesten Garess"),
				"--play", "stolen", "--seed", "2"}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startPTY(t, bin, tc.args(t)...)
			words := []string{"map", "status", "units", "?", "zzz"}
			code, _ := playToEnd(t, s, func(q string) string {
				if len(words) > 0 {
					w := words[0]
					words = words[1:]
					return w
				}
				if strings.Contains(q, "; auto:") {
					return "auto"
				}
				return ""
			})
			out := s.out.String()
			if code != 0 {
				t.Fatalf("exit %d; the end:\n%s", code, out[max(0, len(out)-2000):])
			}
			if bad := rawControls(out); len(bad) > 0 {
				t.Errorf("%d raw control characters reached the terminal, the first: %q", len(bad), bad[0])
			}
			for _, l := range strings.Split(out, "\n") {
				if strings.HasPrefix(strings.TrimLeft(l, " \r>"), "FORGED") {
					t.Errorf("a stranger's newline started a line: %q", l)
				}
			}
			if !strings.Contains(out, `\x1b[2J\a\u009b31m\x1bc\nFORGED`) {
				t.Errorf("the hostile string is not shown escaped:\n%s", out[:min(len(out), 3000)])
			}
		})
	}
}
