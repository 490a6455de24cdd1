package fix

import (
	"testing"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Each row is a finding as the compiler words it, on a text written by hand, and the text the
// preferred fix makes of it.
func TestFor(t *testing.T) {
	pos := func(line, col int) diag.Pos { return diag.Pos{File: "x", Line: line, Column: col} }
	rows := []struct {
		name, kind, src string
		d               diag.Diagnostic
		want            string // "" : no fix
		title           string
	}{
		{"R001 plain yaml", "yaml", "route: [frod] # holds\n",
			diag.Errorf(pos(1, 9), "R001", "armies.militia.route[0]: unknown block %q", "frod").WithHint(`did you mean "ford"?`),
			"route: [ford] # holds\n", `change "frod" to "ford"`},
		{"S001 label", "yaml", "party:\n  ratoins: 40\n",
			diag.Errorf(pos(2, 3), "S001", "party: unknown field %q", "ratoins").WithHint(`did you mean "rations"?`),
			"party:\n  rations: 40\n", ""},
		{"S004 cue quoted", "cue", "side: \"frendly\"\n",
			diag.Errorf(pos(1, 7), "S004", `armies.militia.side: "frendly" is not one of "friendly", "enemy"`).WithHint(`did you mean "friendly"?`),
			"side: \"friendly\"\n", ""},
		{"single quoted", "yaml", "side: 'frendly'\n",
			diag.Errorf(pos(1, 7), "S004", `side: "frendly" is not one of "friendly", "enemy"`).WithHint(`did you mean "friendly"?`),
			"side: 'friendly'\n", ""},
		{"M001 in the message, two words in a flow list", "yaml", "tactics: [Defensive Wal]\n",
			diag.Errorf(pos(1, 11), "M001", `army guard: unknown tactic "Defensive Wal"; did you mean "Defensive Wall"?`),
			"tactics: [Defensive Wall]\n", ""},
		{"a path with a quoted label before the value", "cue", "blocks: \"a b\": {kind: \"bsae\"}\n",
			diag.Errorf(pos(1, 23), "S004", `field.blocks."a b".kind: "bsae" is not one of "base", "trail"`).WithHint(`did you mean "base"?`),
			"blocks: \"a b\": {kind: \"base\"}\n", ""},
		{"L014 quoted first", "yaml", "version: 01\n",
			diag.Errorf(pos(1, 10), "L014", "01 reads as a number in YAML (octal in YAML 1.1, 1 in YAML 1.2): quote it").WithHint(`write "01" for an id, or 1 for a number`),
			"version: \"01\"\n", `quote it: "01"`},
		{"L014 a number is wanted", "yaml", "  members: 04 # size\n",
			diag.Errorf(pos(1, 12), "L014", "04 reads as a number in YAML (octal in YAML 1.1, 4 in YAML 1.2): write the number").WithHint("write 4 (a number is wanted here)"),
			"  members: 4 # size\n", "write 4"},
		{"L014 the only value", "yaml", "version: 02\n",
			diag.Errorf(pos(1, 10), "L014", "02 reads as a number").WithHint("write 1 (the only value allowed here)"),
			"version: 1\n", "write 1"},
		{"L014 a string is wanted, in a flow list", "yaml", "route: [01, -03]\n",
			diag.Errorf(pos(1, 13), "L014", "-03 reads as a number").WithHint(`write "-03" (a string is wanted here)`),
			"route: [01, \"-03\"]\n", `quote it: "-03"`},
		{"L014 neither reading fits: no fix", "yaml", "side: 01\n",
			diag.Errorf(pos(1, 7), "L014", "01 reads as a number").WithHint(`here the schema wants "friendly" | "enemy"`), "", ""},
		{"L014 the text changed since: no fix", "yaml", "title: 008\n",
			diag.Errorf(pos(1, 8), "L014", "007 reads as a number").WithHint(`write "007" (a string is wanted here)`), "", ""},
		{"L014 no longer a number with a zero: no fix", "yaml", "members: 4\n",
			diag.Errorf(pos(1, 10), "L014", "04 reads as a number").WithHint("write 4 (a number is wanted here)"), "", ""},
		{"S003 rules, yaml: a line before the first key", "yaml", "# head\nkind: scenario\nid: x\n",
			diag.Errorf(pos(2, 1), "S003", `missing required field "rules"`).WithHint(`add rules: "karzoral" (the default: a scenario that names no rules is vetted as karzoral)`),
			"# head\nrules: karzoral\nkind: scenario\nid: x\n", "add rules: \"karzoral\""},
		{"S003 rules, cue: after the package clause and its blank line", "cue", "// doc\npackage f\n\n// the kind\nkind: \"scenario\"\n",
			diag.Errorf(pos(2, 1), "S003", `missing required field "rules"`).WithHint(`add rules: "karzoral" (the default: why)`),
			"// doc\npackage f\n\n// the kind\nrules: \"karzoral\"\nkind: \"scenario\"\n", ""},
		{"S003 rules, json: indented as the first key", "json", "{\n  \"kind\": \"scenario\"\n}\n",
			diag.Errorf(pos(2, 3), "S003", `missing required field "rules"`).WithHint(`add rules: "karzoral" (the default: why)`),
			"{\n  \"rules\": \"karzoral\",\n  \"kind\": \"scenario\"\n}\n", ""},
		{"S003 without a default: no fix", "yaml", "kind: scenario\n",
			diag.Errorf(pos(1, 1), "S003", `missing required field "title"`).WithHint("add title: a string"), "", ""},
		{"S003 not at a line's first key: no fix", "yaml", "{kind: scenario}\n",
			diag.Errorf(pos(1, 1), "S003", `missing required field "rules"`).WithHint(`add rules: "karzoral" (the default: why)`), "", ""},
		{"S002 yes where a bool is wanted", "yaml", "once: yes\n",
			diag.Errorf(pos(1, 7), "S002", `events.powder.once: wrong type: want a bool, got string "yes"`).WithHint("write true (a bool is not quoted)"),
			"once: true\n", "write true"},
		{"S002 a quoted number", "cue", "speed: \"1\"\n",
			diag.Errorf(pos(1, 8), "S002", `armies.guard.speed: wrong type: want an int, got string "1"`).WithHint("write 1 (a number is not quoted)"),
			"speed: 1\n", ""},
		{"the text changed since: no fix", "yaml", "route: [ford] # holds\n",
			diag.Errorf(pos(1, 9), "R001", "unknown block %q", "frod").WithHint(`did you mean "ford"?`), "", ""},
		{"a prefix of a longer word: no fix", "yaml", "route: [frodo]\n",
			diag.Errorf(pos(1, 9), "R001", "unknown block %q", "frod").WithHint(`did you mean "ford"?`), "", ""},
		{"a hint that names no value: no fix", "yaml", "route: [x]\n",
			diag.Errorf(pos(1, 9), "R001", "unknown block %q", "x").WithHint("define it under field.blocks"), "", ""},
		{"a position past the text: no fix", "yaml", "a: b\n",
			diag.Errorf(pos(9, 1), "R001", "unknown block %q", "b").WithHint(`did you mean "c"?`), "", ""},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			fixes := For(r.d, []byte(r.src), r.kind)
			if r.want == "" {
				if len(fixes) != 0 {
					t.Fatalf("fixes %+v, want none", fixes)
				}
				return
			}
			if len(fixes) == 0 || !fixes[0].Preferred {
				t.Fatalf("fixes %+v, want a preferred one", fixes)
			}
			if got := string(ApplyEdits([]byte(r.src), fixes[0].Edits)); got != r.want {
				t.Errorf("fixed text %q, want %q", got, r.want)
			}
			if r.title != "" && fixes[0].Title != r.title {
				t.Errorf("title %q, want %q", fixes[0].Title, r.title)
			}
		})
	}
}

// L014 offers both readings; the number second.
func TestLeadingZeroBothWays(t *testing.T) {
	d := diag.Errorf(diag.Pos{Line: 1, Column: 5}, "L014", "007 reads as a number").WithHint(`write "007" for an id, or 7 for a number`)
	fixes := For(d, []byte("at: 007\n"), "yaml")
	if len(fixes) != 2 || fixes[1].Preferred {
		t.Fatalf("fixes %+v", fixes)
	}
	if got := string(ApplyEdits([]byte("at: 007\n"), fixes[1].Edits)); got != "at: 7\n" {
		t.Errorf("the number: %q", got)
	}
}

// Apply makes every fix that does not overlap another, and counts them.
func TestApply(t *testing.T) {
	src := "side: frendly\nroute: [frod, frod]\n"
	list := diag.List{
		diag.Errorf(diag.Pos{Line: 1, Column: 7}, "S004", `side: "frendly" is not one of "friendly", "enemy"`).WithHint(`did you mean "friendly"?`),
		diag.Errorf(diag.Pos{Line: 2, Column: 9}, "R001", `unknown block "frod"`).WithHint(`did you mean "ford"?`),
		diag.Errorf(diag.Pos{Line: 2, Column: 9}, "R001", `unknown block "frod"`).WithHint(`did you mean "ford"?`), // a copy: once
		diag.Errorf(diag.Pos{Line: 2, Column: 15}, "R001", `unknown block "frod"`).WithHint(`did you mean "ford"?`),
	}
	out, n := Apply([]byte(src), "yaml", list)
	if string(out) != "side: friendly\nroute: [ford, ford]\n" || n != 3 {
		t.Errorf("Apply: %q, %d fixed", out, n)
	}
}
