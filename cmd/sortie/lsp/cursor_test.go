package lsp

import (
	"strings"
	"testing"
)

// Each case marks the cursor with |.
func TestCursor(t *testing.T) {
	for _, c := range []struct {
		ftype, src string
		path       string // space-separated
		label      bool
		prefix     string
		prev       string
	}{
		// CUE, as field01 is written.
		{"cue", "armies: {\n\tm: {\n\t\tside: \"fri|", "armies m side", false, "fri", ""},
		{"cue", "armies: {\n\tm: {\n\t\tside: \"friendly\"\n\t\tstr|", "armies m", true, "str", ""},
		{"cue", "armies: {\n\tm: {\n\t\troute: [\"01\", \"03\", |", "armies m route [2]", false, "", "03"},
		{"cue", "armies: m: route: [\"01\", \"0|\"]", "armies m route [1]", false, "0", "01"},
		{"cue", "events: e: do: [{say: \"x\"}, {battle: |", "events e do [1] battle", false, "", ""},
		{"cue", "events: e: if: not: all: [{flag: \"a\"}, {at: \"|", "events e if not all [1] at", false, "", ""},
		{"cue", "package x\n\nkind: \"scenario\"\n|", "", true, "", ""},
		{"cue", "field: blocks: {\n\t\"05\": {at: [4, 2], |", "field blocks 05", true, "", ""},
		// JSON.
		{"json", "{\"armies\": {\"m\": {\"route\": [\"01\", \"|", "armies m route [1]", false, "", "01"},
		{"json", "{\"party\": {\"|", "party", true, "", ""},
		// YAML: block and flow style.
		{"yaml", "armies:\n  foes: {side: enemy, route: [b, |", "armies foes route [1]", false, "", "b"},
		{"yaml", "armies:\n  foes:\n    side: en|", "armies foes side", false, "en", ""},
		{"yaml", "armies:\n  foes:\n    side: enemy\n    |", "armies foes", true, "", ""},
		{"yaml", "events:\n  ambush:\n    do:\n      - battle: raiders\n      - set: |", "events ambush do [1] set", false, "", ""},
		{"yaml", "events:\n  ambush:\n    do:\n      - battle: raiders\n        set: x\n        cl|", "events ambush do [0]", true, "cl", ""},
		{"yaml", "events:\n  ambush:\n    do:\n    - say: a\n    - say: b\n    - spawn: |", "events ambush do [2] spawn", false, "", ""},
		{"yaml", "kind: scenario\nparty:\n  start: |", "party start", false, "", ""},
		// A new item: a label or a value, the schema says which (completeAt).
		{"yaml", "armies:\n  foes:\n    route:\n      - a\n      - |", "armies foes route [1]", true, "", ""},
	} {
		off := strings.Index(c.src, "|")
		src := strings.Replace(c.src, "|", "", 1)
		got := cursorAt(c.ftype, []byte(src), off)
		if strings.Join(got.path, " ") != c.path || got.label != c.label || got.prefix != c.prefix || got.prev != c.prev {
			t.Errorf("%s %q:\n got path %q label %v prefix %q prev %q\nwant path %q label %v prefix %q prev %q",
				c.ftype, c.src, strings.Join(got.path, " "), got.label, got.prefix, got.prev, c.path, c.label, c.prefix, c.prev)
		}
	}
}
