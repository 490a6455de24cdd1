package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestJSONErrPos: X007's place is the one encoding/json's error names, worked out by hand on
// small files: the bad byte of a syntax error, the first byte of a value of the wrong type (a
// string, an escaped quote inside it, a list, a negative number), an unknown field's key.
func TestJSONErrPos(t *testing.T) {
	type target struct {
		N int `json:"n"`
	}
	for _, c := range []struct {
		name, data string
		line, col  int
	}{
		{"syntax", "{\"n\": 1,\n  \"b\": [,]}", 2, 9}, // the comma after [
		{"string for int", "{\n \"n\": \"ten\"\n}", 2, 7},
		{"escaped quote", "{\"n\": \"a\\\"b\"}", 1, 7},
		{"list for int", "{\"n\": [1]}", 1, 7},
		{"negative float", "{\"n\":\n\t-12.5}", 2, 2},
		{"unknown field", "{\n  \"x\": 1}", 2, 3},
		{"no place", "", 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			dec := json.NewDecoder(bytes.NewReader([]byte(c.data)))
			dec.DisallowUnknownFields()
			var v target
			err := dec.Decode(&v)
			if c.name == "syntax" {
				err = json.Unmarshal([]byte(c.data), &v)
			}
			line, col := jsonErrPos([]byte(c.data), err)
			if line != c.line || col != c.col {
				t.Errorf("%v: at %d:%d, want %d:%d", err, line, col, c.line, c.col)
			}
		})
	}
}

// TestBadPlanAndSaveX007: a hand-edited plan given to run, simulate or graph, and a hand-edited
// save given to resume, are refused with X007 at the place of the fault (1:1 for what the
// engine refuses of the plan as a whole), exit 2.
func TestBadPlanAndSaveX007(t *testing.T) {
	dir := t.TempDir()
	field01 := repo(t, "scenarios", "karzoral", "field01")
	good := filepath.Join(dir, "plan.json")
	if code, _, errs := runMain("compile", field01, "-o", good); code != 0 {
		t.Fatalf("compile: exit %d: %s", code, errs)
	}
	save := filepath.Join(dir, "save.json")
	if code, _, errs := runMain("run", field01, "--script", filepath.Join(field01, "win.yaml"), "--save", save); code != 0 {
		t.Fatalf("run --save: exit %d: %s", code, errs)
	}
	bad := filepath.Join(dir, "bad.json")
	// at is "FILE:LINE:COL: X007: " for byte i of text: the lines before it, the bytes since its
	// line began.
	at := func(text string, i int) string {
		line := strings.Count(text[:i], "\n") + 1
		col := i - strings.LastIndex(text[:i], "\n")
		return fmt.Sprintf("%s:%d:%d: X007: ", filepath.ToSlash(bad), line, col)
	}
	edit := func(file, old, new string) (string, string) { // the edited text, the place of new's first byte
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		i := strings.Index(text, old)
		if i < 0 {
			t.Fatalf("%q not in %s", old, file)
		}
		edited := text[:i] + new + text[i+len(old):]
		return edited, at(edited, i)
	}
	wrongType, wrongTypeAt := edit(good, `"strength": 75`, `"strength": "ten"`)
	syntax, syntaxAt := edit(good, `"blocks": [`, `"blocks": [,`)
	plan, _ := os.ReadFile(good)
	cut := string(plan[:len(plan)/2])
	var p map[string]any
	if err := json.Unmarshal(plan, &p); err != nil {
		t.Fatal(err)
	}
	field := p["field"].(map[string]any)
	blocks := field["blocks"].([]any)
	field["blocks"] = append(blocks, blocks[0]) // two blocks on one square: the engine's refusal
	twice, _ := json.MarshalIndent(p, "", "  ")
	saveType, saveTypeAt := edit(save, `"seed": 1`, `"seed": "one"`)
	for _, c := range []struct {
		name, data, want string
		cmds             [][]string
	}{
		// The value's first byte: the quote of "ten", 12 bytes after "strength"'s.
		{"wrong type", wrongType, shift(wrongTypeAt, 12) + "malformed plan: json: cannot unmarshal string", planCmds(bad)},
		{"syntax", syntax, shift(syntaxAt, 11) + "malformed plan: invalid character ','", planCmds(bad)},
		{"cut short", cut, at(cut, len(cut)-1) + "malformed plan: unexpected end of JSON input", planCmds(bad)},
		{"engine refuses", string(twice), filepath.ToSlash(bad) + ":1:1: X007: invalid plan: blocks ", planCmds(bad)},
		{"save wrong type", saveType, shift(saveTypeAt, 8) + "cannot resume: the save is not a valid save file", [][]string{{"resume", bad}}},
	} {
		if err := os.WriteFile(bad, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range c.cmds {
			code, _, errs := runMain(args...)
			if code != exitUsage || !strings.Contains(filepath.ToSlash(errs), c.want) {
				t.Errorf("%s: sortie %s: exit %d, stderr %q; want exit %d and %q", c.name, args[0], code, errs, exitUsage, c.want)
			}
		}
	}
}

// planCmds is the commands that take a plan file, on path.
func planCmds(path string) [][]string {
	return [][]string{{"run", path}, {"simulate", path, "--runs", "2"}, {"graph", path, "--format", "dot"}}
}

// shift moves the column of a "FILE:LINE:COL: X007: " prefix n bytes right.
func shift(prefix string, n int) string {
	head, rest, _ := strings.Cut(prefix, ": X007: ")
	i := strings.LastIndex(head, ":")
	col, err := strconv.Atoi(head[i+1:])
	if err != nil {
		panic(prefix)
	}
	return head[:i+1] + strconv.Itoa(col+n) + ": X007: " + rest
}
