package main

import (
	"os"
	"path/filepath"
	"testing"
)

// X006 (issue 25): what sortie replay reads of a run file is what its explain page says: one JSON
// object a line, blank lines skipped, each with a "type" string; with a Pathfinder battle file a
// "type" or a "kind" (its battle log). Each bad file is refused with its file:line:col and X006,
// exit 2, and no page is written; the last rows are accepted.
func TestReplayRunFileX006(t *testing.T) {
	dir := t.TempDir()
	field01 := repo(t, "scenarios", "karzoral", "field01")
	orc := repo(t, "scenarios", "pathfinder", "orc-horde", "battle.cue")
	for _, c := range []struct {
		name, plan, data string
		want             string // "" accepted
	}{
		{"text transcript", field01, "field01: The Road to Karzoral (seed 1)\n", "run.jsonl:1:2: X006: not a JSON event"}, // the i of field01: f began a JSON false
		{"syntax error column", field01, "{\"type\":\"run\"}\n{\"type\" \"day\"}\n", "run.jsonl:2:9: X006: not a JSON event"},
		{"an array", field01, "\n[1, 2]\n", "run.jsonl:2:1: X006: not a JSON event: a JSON array, not an object"},
		{"type not a string", field01, "{\"type\": 5}\n", "run.jsonl:1:1: X006: not a JSON event: \"type\" is a JSON number, not a string"},
		{"kind alone, a scenario", field01, "{\"kind\":\"phase\"}\n", "run.jsonl:1:1: X006: an event with no \"type\""},
		{"neither, a battle file", orc, "{\"phase\":\"tactics\"}\n", "run.jsonl:1:1: X006: a line with no \"kind\""},
		{"nothing", field01, "\n\n", "run.jsonl:1:1: X006: no events"},
		// Another scenario's run, its id a stranger's: each control character escaped once (\u202e, not \\u202e).
		{"another scenario, hostile id", field01, "{\"type\":\"run\",\"scenario\":\"field\\u202e01\\u001b[2J\"}\n", `run.jsonl:1:1: X006: the run is of scenario "field\u202e01\x1b[2J", but --plan`},
		{"type alone, a scenario", field01, "{\"type\":\"run\",\"scenario\":\"field01\"}\n", ""},
		{"kind alone, a battle file", orc, "\n{\"kind\":\"phase\",\"phase\":\"tactics\",\"phaseNo\":0}\n", ""},
		// The order of a run's lines (order.go): shuffled or pasted twice by hand.
		{"a day back", field01, "{\"type\":\"run\",\"scenario\":\"field01\"}\n{\"type\":\"day\",\"day\":2}\n{\"type\":\"armyMove\",\"day\":1,\"audience\":\"gm\",\"army\":\"mercenaries\",\"from\":\"01\",\"to\":\"01\"}\n", "run.jsonl:3:1: X006: day 1 after day 2"},
		{"a run pasted twice", field01, "{\"type\":\"run\",\"scenario\":\"field01\"}\n{\"type\":\"end\",\"day\":1,\"outcome\":\"failure\"}\n{\"type\":\"run\",\"scenario\":\"field01\"}\n", "run.jsonl:3:1: X006: a second \"run\" record: a scenario's page is one run"},
		{"after the end", field01, "{\"type\":\"run\",\"scenario\":\"field01\"}\n{\"type\":\"end\",\"day\":1,\"outcome\":\"failure\"}\n{\"type\":\"armyMove\",\"day\":1,\"audience\":\"gm\",\"army\":\"mercenaries\",\"from\":\"01\",\"to\":\"01\"}\n", "run.jsonl:3:1: X006: \"armyMove\" after the run's \"end\""},
		{"a phase back", orc, "{\"kind\":\"phase\",\"phase\":\"ranged\",\"phaseNo\":1}\n{\"kind\":\"phase\",\"phase\":\"tactics\",\"phaseNo\":0}\n", "run.jsonl:2:1: X006: phase 0 after phase 1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			run := filepath.Join(dir, "run.jsonl")
			if err := os.WriteFile(run, []byte(c.data), 0o644); err != nil {
				t.Fatal(err)
			}
			replayChecked(t, run, c.plan, filepath.Join(dir, "page.html"), c.want)
		})
	}
}
