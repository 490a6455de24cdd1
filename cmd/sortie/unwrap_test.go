package main

import (
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// joinWrapped undoes the text sink's wrapping of a transcript (runner.WrapProse, the clash
// legends' runner.WrapItems) so that a hand-worked test can match a whole logical line as the
// rules give it: a line is joined, with one space, to the line before it when it is indented two
// columns more than that logical line's first line and it would not have fit whole after the line
// before within runner.TableWidth (its first word or item did not, which is the only reason the
// sink breaks a line). A map row or a table row never qualifies: its indent is not two more than
// the line before, or that line is short.
func joinWrapped(out string) string {
	lines := strings.Split(out, "\n")
	var done []string
	lead := 0 // leading spaces of the logical line being built
	for i, l := range lines {
		if i > 0 && isContinuation(lines[i-1], l, lead) {
			done[len(done)-1] += " " + strings.TrimLeft(l, " ")
			continue
		}
		done = append(done, l)
		lead = len(l) - len(strings.TrimLeft(l, " "))
	}
	return strings.Join(done, "\n")
}

// isContinuation says whether line l continues the physical line prev, of a logical line whose
// first line has lead leading spaces (joinWrapped).
func isContinuation(prev, l string, lead int) bool {
	body := strings.TrimLeft(l, " ")
	if body == "" || len(l)-len(body) != lead+2 {
		return false
	}
	return runner.DisplayWidth(prev)+1+runner.DisplayWidth(body) > runner.TableWidth
}

// joinWrapped gives back the logical lines: a 150-column line wrapped by WrapProse (a number
// glued to its word) is one line again; a map's header and rows, indented but after short lines,
// stay as they are.
func TestJoinWrapped(t *testing.T) {
	long := strings.TrimSpace(strings.Repeat("word ", 28)) + " round 2, the end"
	wrapped := runner.WrapProse(long, runner.TableWidth, runner.TableWidth, "  ")
	if !strings.Contains(wrapped, "\n") {
		t.Fatalf("not wrapped: %q", wrapped)
	}
	field := "    0 1 2\n  0 . . .\n  1 . . .\n"
	if got, want := joinWrapped("head\n"+wrapped+"\n"+field), "head\n"+long+"\n"+field; got != want {
		t.Errorf("joinWrapped:\n%q\nwant\n%q", got, want)
	}
}
