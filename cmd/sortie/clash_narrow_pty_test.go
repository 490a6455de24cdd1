//go:build linux || darwin

package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// firstMove answers Enter at every question of s until one is a move question on the labelled map
// (U-29: "where ... can move"), and returns that question's text, its line ends "\n".
func firstMove(t *testing.T, s *ptySession) string {
	t.Helper()
	at := 0
	for range 30 {
		next := s.out.waitFor(t, at, prompt)
		if q := s.out.String()[at:next]; strings.Contains(q, "can move (now at") {
			return strings.ReplaceAll(q[strings.LastIndex(q, "where does"):], "\r\n", "\n")
		}
		s.send("\r")
		at = next
	}
	t.Fatalf("no move question in 30:\n%s", s.out.String())
	return ""
}

// gridRow is a row of a labelled map: "  %3d " then three characters a square.
var gridRow = regexp.MustCompile(`^  [ 0-9]{2}[0-9] `)

// gridCells reads a move question's map (in bands or whole) back into its rows of cells, y -> the
// cells of every column, left to right.
func gridCells(q string) map[int][]string {
	rows := map[int][]string{}
	for _, l := range strings.Split(q, "\n") {
		if !gridRow.MatchString(l) {
			continue
		}
		var y int
		for _, c := range strings.TrimSpace(l[:6]) {
			y = y*10 + int(c-'0')
		}
		body := l[6:] + "  "
		for i := 0; i+2 <= len(body); i += 3 {
			rows[y] = append(rows[y], body[i:i+2])
		}
	}
	return rows
}

// TestClashMoveMapNarrow (issue 23, review B6; U-29): hill's move question at a terminal of 40
// columns, told by COLUMNS and by the terminal's own size, draws the field (14 columns, 0..13) in
// two bands of whole columns, 0..6 and 7..13 (40 columns leave (40 - 6) / 3 = 11 columns a band;
// two bands are needed, seven each), each under its own column numbers; no line of the question
// is wider than the terminal, and the bands put back side by side are, cell for cell, the map the
// same question draws at 120 columns.
func TestClashMoveMapNarrow(t *testing.T) {
	bin := sortieBinary(t)
	args := []string{"battle", repo(t, "scenarios", "clash", "hill", "hill.cue"), "--play", "garrison", "--seed", "1"}
	wide := firstMove(t, startPTY(t, bin, args...))
	whole := gridCells(wide)
	if len(whole) != 12 || len(whole[0]) < 14 {
		t.Fatalf("the wide map has %d rows:\n%s", len(whole), wide)
	}
	for _, how := range []string{"COLUMNS", "terminal"} {
		t.Run(how, func(t *testing.T) {
			var env []string
			if how == "COLUMNS" {
				env = []string{"COLUMNS=40"}
			}
			s := startPTYWith(t, env, bin, args...)
			if how == "terminal" {
				if err := pty.Setsize(s.tty, &pty.Winsize{Rows: 50, Cols: 40}); err != nil {
					t.Fatal(err)
				}
			}
			q := firstMove(t, s)
			for _, l := range strings.Split(q, "\n") {
				if len(l) > 40 {
					t.Errorf("a line wider than 40 columns: %q", l)
				}
			}
			if !strings.Contains(q, "  columns 0..6 of 0..13:\n       0  1  2  3  4  5  6\n") || !strings.Contains(q, "  columns 7..13 of 0..13:\n       7  8  9 10 11 12 13\n") {
				t.Errorf("not two bands of seven columns:\n%s", q)
			}
			got := gridCells(q)
			for y := range 12 {
				g, w := strings.Join(got[y], "|"), strings.Join(whole[y][:14], "|")
				if g != w {
					t.Errorf("row %d: %s, want %s", y, g, w)
				}
			}
		})
	}
}
