package main

import (
	"strings"
	"testing"
)

// TestPlayEmptySideRefused (issue 23, B3): an empty --play (or blanks) names no side; it is refused
// as a usage error, as --play nobody is, by battle (clash and Pathfinder) and run, before a
// question is asked or a byte written to stdout.
func TestPlayEmptySideRefused(t *testing.T) {
	for _, args := range [][]string{
		{"battle", repo(t, "scenarios", "clash", "hill", "hill.cue"), "--play", ""},
		{"battle", repo(t, "scenarios", "clash", "hill", "hill.cue"), "--play", "  "},
		{"battle", repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue"), "--play", ""},
		{"run", repo(t, "scenarios", "pathfinder", "border-war"), "--play", ""},
	} {
		code, stdout, stderr := run(t, "\n\n\n", args...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "--play: an empty side") {
			t.Errorf("%q: exit %d, stdout %d bytes, stderr %q", args, code, len(stdout), stderr)
		}
	}
}
