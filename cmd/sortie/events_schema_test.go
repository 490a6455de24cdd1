package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestEventSchema: every line of the golden JSON Lines files, of a campaign run and of a lone
// battle's log validates against `sortie schema --events` (each against its stream's definition);
// a line with a field the schema does not know, or a field of the wrong type, or a type of another
// stream, is refused, so the test can fail.
func TestEventSchema(t *testing.T) {
	code, out, errs := runMain("schema", "--events")
	if code != 0 {
		t.Fatalf("sortie schema --events: exit %d: %s", code, errs)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatalf("the schema is not JSON: %v", err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("events.json", doc); err != nil {
		t.Fatal(err)
	}
	compile := func(ref string) *jsonschema.Schema {
		t.Helper()
		s, err := c.Compile("events.json" + ref)
		if err != nil {
			t.Fatalf("compile %s: %v", ref, err)
		}
		return s
	}
	any := compile("")
	streams := map[string]*jsonschema.Schema{
		"karzoral":   compile("#/$defs/karzoral"),
		"pathfinder": compile("#/$defs/pathfinder"),
		"campaign":   compile("#/$defs/campaign"),
		"clash":      compile("#/$defs/clash"),
		"battle log": compile("#/$defs/pathfinder.event/properties/event"),
	}
	check := func(name string, sch *jsonschema.Schema, lines string) int {
		t.Helper()
		n := 0
		for i, l := range strings.Split(strings.TrimSuffix(lines, "\n"), "\n") {
			v, err := jsonschema.UnmarshalJSON(strings.NewReader(l))
			if err != nil {
				t.Fatalf("%s:%d: not JSON: %v", name, i+1, err)
			}
			if err := sch.Validate(v); err != nil {
				t.Errorf("%s:%d: %v\n%s", name, i+1, err, l)
			}
			n++
		}
		return n
	}
	for file, stream := range map[string]string{
		"field01-win.jsonl":      "karzoral",
		"field02-success.jsonl":  "karzoral",
		"field02-failure.jsonl":  "karzoral",
		"stolen-lands-win.jsonl": "pathfinder",
		"border-war.jsonl":       "pathfinder",
	} {
		data, err := os.ReadFile(repo(t, "testdata", "runner", file))
		if err != nil {
			t.Fatal(err)
		}
		if n := check(file, streams[stream], string(data)); n < 10 {
			t.Errorf("%s: %d lines", file, n)
		}
		check(file+" (any stream)", any, string(data))
	}

	// A When Armies Clash battle (its golden JSON Lines).
	if data, err := os.ReadFile(repo(t, "testdata", "clash", "field.jsonl")); err != nil {
		t.Fatal(err)
	} else if n := check("clash field.jsonl", streams["clash"], string(data)); n < 100 {
		t.Errorf("clash field.jsonl: %d lines", n)
	}

	// A campaign: its own events and its scenarios', in one stream.
	camp := repo(t, "scenarios", "karzoral", "campaign.cue")
	code, out, errs = runMain("campaign", "run", camp, "--script", repo(t, "scenarios", "karzoral", "campaign-play.yaml"), "--format", "jsonl")
	if code != 0 {
		t.Fatalf("campaign run: exit %d: %s", code, errs)
	}
	var own, scen bytes.Buffer
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.HasPrefix(l, `{"type":"campaign.`) {
			own.WriteString(l + "\n")
		} else {
			scen.WriteString(l + "\n")
		}
	}
	if check("campaign", streams["campaign"], own.String()) < 10 || check("campaign scenarios", streams["karzoral"], scen.String()) < 100 {
		t.Errorf("campaign: too few lines")
	}

	// A lone battle's log: one entry a line, as in the hex run's "event" events.
	code, out, errs = runMain("battle", repo(t, "scenarios", "pathfinder", "orc-horde"), "--format", "jsonl")
	if code != 0 {
		t.Fatalf("battle: exit %d: %s", code, errs)
	}
	check("battle log", streams["battle log"], out)

	// Controls: each of these must be refused.
	for _, tc := range []struct{ stream, line string }{
		{"karzoral", `{"type":"armyMove","day":1,"phase":"start","army":"m","from":"a","to":"b","step":0,"speed":2}`},
		{"karzoral", `{"type":"armyMove","day":1,"phase":"start","army":"m","from":"a","to":"b","step":"one"}`},
		{"karzoral", `{"type":"armyMove","day":1,"army":"m","from":"a","to":"b"}`},
		{"karzoral", `{"type":"start","day":0,"army":"cavalry"}`},
		{"pathfinder", `{"type":"day","day":1,"phase":"start"}`},
		{"campaign", `{"type":"campaign.select","scenario":"field01"}`},
		{"clash", `{"type":"clash.move","who":"orcs 1","from":"1,1","to":"2,1","cost":"one"}`},
		{"clash", `{"type":"armyMove","day":1,"phase":"start","army":"m","from":"a","to":"b","step":0}`},
	} {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(tc.line))
		if err != nil {
			t.Fatal(err)
		}
		if streams[tc.stream].Validate(v) == nil {
			t.Errorf("%s accepts %s", tc.stream, tc.line)
		}
	}
}

// TestEventSchemaFlags: --events prints JSON Schema only.
func TestEventSchemaFlags(t *testing.T) {
	if code, _, errs := runMain("schema", "--events", "--format", "cue"); code != exitUsage || !strings.Contains(errs, "--events") {
		t.Errorf("schema --events --format cue: exit %d, %s", code, errs)
	}
}
