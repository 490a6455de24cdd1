package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func repo(t *testing.T, parts ...string) string {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join(append([]string{"..", ".."}, parts...)...))
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// runMain runs sortie in-process with empty standard input.
func runMain(args ...string) (code int, stdout, stderr string) {
	var out, errs bytes.Buffer
	code = Main(args, strings.NewReader(""), &out, &errs)
	return code, out.String(), errs.String()
}

// TestResumeByteIdentical stops runs right after their k-th save (as a kill between days would:
// nothing is written after the save), resumes them, and compares the first part followed by the
// resumed part with a straight run, byte for byte: scenario runs (text, JSON Lines; a script, and
// a random policy) and the whole bundled campaign (every checkpoint).
func TestResumeByteIdentical(t *testing.T) {
	field01 := repo(t, "scenarios", "karzoral", "field01")
	camp := repo(t, "scenarios", "karzoral", "campaign.cue")
	play := repo(t, "scenarios", "karzoral", "campaign-play.yaml")
	lands := repo(t, "scenarios", "pathfinder", "stolen-lands")
	cases := []struct {
		name  string
		args  []string
		steps int // checkpoints in a straight run (field01 win.yaml: days 1..7, one day end each)
	}{
		{"run-text", []string{"run", field01, "--script", filepath.Join(field01, "win.yaml")}, 7},
		{"run-jsonl", []string{"run", field01, "--script", filepath.Join(field01, "win.yaml"), "--format", "jsonl"}, 7},
		{"run-policy", []string{"run", field01, "--policy", "random", "--seed", "11"}, 0},
		{"campaign-text", []string{"campaign", "run", camp, "--script", play}, 0},
		{"campaign-jsonl", []string{"campaign", "run", camp, "--script", play, "--format", "jsonl", "--seed", "5"}, 0},
		// A Pathfinder run saves at every day end too (the same seam: runner.Options.Checkpoint).
		{"pathfinder-text", []string{"run", lands, "--policy", "random", "--seed", "3"}, 0},
		{"pathfinder-jsonl", []string{"run", lands, "--script", filepath.Join(lands, "win.yaml"), "--policy", "first", "--format", "jsonl"}, 3}, // won on day 3 (the orcs fight on at the ford)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			straightCode, straight, _ := runMain(tc.args...)
			// Count the checkpoints of a straight run from its save file.
			save := filepath.Join(dir, "count.json")
			runMain(append(tc.args, "--save", save)...)
			data, err := os.ReadFile(save)
			if err != nil {
				t.Fatal(err)
			}
			sv, err := decodeSave(data)
			if err != nil {
				t.Fatal(err)
			}
			if tc.steps > 0 && sv.Steps != tc.steps {
				t.Errorf("straight run: %d checkpoints, want %d (one per day)", sv.Steps, tc.steps)
			}
			for k := 1; k < sv.Steps; k++ {
				save := filepath.Join(dir, "s"+strconv.Itoa(k)+".json")
				code, first, errs := runMain(append(tc.args, "--save", save, "--halt-after", strconv.Itoa(k))...)
				if code != exitUsage || !strings.Contains(errs, "halted") {
					t.Fatalf("k=%d: exit %d, stderr %s", k, code, errs)
				}
				code, second, errs := runMain("resume", save)
				if code != straightCode {
					t.Errorf("k=%d: resume exit %d, want %d; stderr %s", k, code, straightCode, errs)
				}
				if got := first + second; got != straight {
					t.Fatalf("k=%d: first (%d bytes) + resumed (%d bytes) != straight run (%d bytes)\n%s", k, len(first), len(second), len(straight), firstDiff(got, straight))
				}
			}
		})
	}
}

func firstDiff(a, b string) string {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			lo := max(0, i-80)
			return "differ at byte " + strconv.Itoa(i) + ":\n got: " + a[lo:min(len(a), i+80)] + "\nwant: " + b[lo:min(len(b), i+80)]
		}
	}
	return "one is a prefix of the other"
}

// TestResumeRefused: a truncated, corrupted or foreign save, and a save whose scenario, campaign or
// script changed, are refused with exit 2 and a clear message, and the save file is not touched.
func TestResumeRefused(t *testing.T) {
	dir := t.TempDir()
	// A private copy of field01 and its script, to change them after saving.
	src := repo(t, "scenarios", "karzoral", "field01")
	scen := filepath.Join(dir, "field01")
	if err := os.MkdirAll(scen, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"field01.cue", "win.yaml"} {
		data, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(scen, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	save := filepath.Join(dir, "save.json")
	if code, _, errs := runMain("run", scen, "--script", filepath.Join(scen, "win.yaml"), "--save", save, "--halt-after", "3"); code != exitUsage {
		t.Fatalf("exit %d: %s", code, errs)
	}
	good, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	refuse := func(name, content, wantMsg string) {
		t.Helper()
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errs := runMain("resume", path)
		if code != exitUsage {
			t.Errorf("%s: exit %d, want 2", name, code)
		}
		if out != "" {
			t.Errorf("%s: wrote output %q", name, out)
		}
		if !strings.Contains(errs, wantMsg) || !strings.Contains(errs, "nothing was overwritten") {
			t.Errorf("%s: stderr %q, want %q", name, errs, wantMsg)
		}
		after, _ := os.ReadFile(path)
		if string(after) != content {
			t.Errorf("%s: the save file was changed", name)
		}
	}
	refuse("truncated", string(good[:len(good)/2]), "truncated")
	refuse("empty", "", "truncated")
	// One digit of the offset changed: valid JSON, wrong checksum.
	corrupt := strings.Replace(string(good), `"offset": `, `"offset": 1`, 1)
	refuse("corrupted", corrupt, "corrupted")
	refuse("foreign", `{"format": "sortie-plan"}`, "not a sortie save")
	refuse("garbage", "\x00\x01garbage", "not a valid save file")

	// The script changes: refused.
	script := filepath.Join(scen, "win.yaml")
	orig, _ := os.ReadFile(script)
	if err := os.WriteFile(script, append(orig, []byte("\n# edited\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	refuse("script-changed", string(good), "the script")
	if err := os.WriteFile(script, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	// The scenario changes (the warband is stronger): refused.
	cue := filepath.Join(scen, "field01.cue")
	data, _ := os.ReadFile(cue)
	if err := os.WriteFile(cue, bytes.Replace(data, []byte("strength: 75"), []byte("strength: 76"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	refuse("plan-changed", string(good), "changed since the save")
	if err := os.WriteFile(cue, data, 0o644); err != nil {
		t.Fatal(err)
	}
	// Forged (signed with this user's key, as a save this machine wrote): an offset, a decision
	// count or a step count the replay does not meet is refused, and nothing of the replay is
	// printed (it printed 18 to 24 lines of the run before the refusal).
	for _, forge := range []struct {
		name string
		f    func(*saveFile)
		msg  string
	}{
		{"offset", func(sv *saveFile) { sv.Offset = 10 }, "bytes where the save wrote"},
		{"position", func(sv *saveFile) { sv.Position += 2 }, "decisions where the save made"},
		{"steps", func(sv *saveFile) { sv.Steps = 1000 }, "cannot resume"},
	} {
		sv, err := decodeSave(good)
		if err != nil {
			t.Fatal(err)
		}
		forge.f(sv)
		data, err := encodeSave(sv)
		if err != nil {
			t.Fatal(err)
		}
		refuse("forged-"+forge.name, string(data), forge.msg)
	}
	// Unchanged again: the save resumes, to the end; the save then says so, and resuming it again
	// is refused.
	if code, _, errs := runMain("resume", save); code != exitOK {
		t.Errorf("unchanged: exit %d: %s", code, errs)
	}
	ended, _ := os.ReadFile(save)
	refuse("ended", string(ended), "already ended")
}

// TestResumeCampaignChanged: a campaign save is refused once the campaign file changes.
func TestResumeCampaignChanged(t *testing.T) {
	dir := t.TempDir()
	src := repo(t, "scenarios", "karzoral")
	// The campaign names its scenarios relative to itself: copy the tree.
	for _, f := range []string{"campaign.cue", "campaign-play.yaml", "field00/field00.cue", "field01/field01.cue", "field02/field02.cue", "field03/field03.cue"} {
		data, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, f)
		os.MkdirAll(filepath.Dir(dst), 0o755)
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	camp := filepath.Join(dir, "campaign.cue")
	save := filepath.Join(dir, "save.json")
	runMain("campaign", "run", camp, "--script", filepath.Join(dir, "campaign-play.yaml"), "--save", save, "--halt-after", "4")
	before, err := os.ReadFile(save)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(camp)
	os.WriteFile(camp, bytes.Replace(data, []byte("money:    2000"), []byte("money:    2500"), 1), 0o644)
	code, _, errs := runMain("resume", save)
	if code != exitUsage || !strings.Contains(errs, "changed since the save") {
		t.Errorf("exit %d, stderr %s", code, errs)
	}
	if after, _ := os.ReadFile(save); !bytes.Equal(after, before) {
		t.Error("the save was overwritten")
	}
}

// TestCampaignCLI: the bundled campaign from its script exits 0 and prints the summary; campaign
// vet is clean; a script that runs out stops with X003 and exit 1; bad usage exits 2.
func TestCampaignCLI(t *testing.T) {
	camp := repo(t, "scenarios", "karzoral", "campaign.cue")
	play := repo(t, "scenarios", "karzoral", "campaign-play.yaml")
	code, out, errs := runMain("campaign", "run", camp, "--script", play)
	if code != exitOK || !strings.Contains(out, "#### campaign final") || errs != "" {
		t.Errorf("run: exit %d, stderr %q", code, errs)
	}
	if code, out, _ := runMain("campaign", "vet", camp); code != exitOK || out != "" {
		t.Errorf("vet: exit %d %q", code, out)
	}
	if code, out, _ := runMain("vet", camp); code != exitOK || out != "" {
		t.Errorf("vet (dispatch): exit %d %q", code, out)
	}
	// A pattern vets the scenarios and leaves the campaign file (not a scenario) out.
	if code, out, _ := runMain("vet", repo(t, "scenarios")+"/..."); code != exitOK || out != "" {
		t.Errorf("vet scenarios/...: exit %d %q", code, out)
	}
	short := filepath.Join(t.TempDir(), "short.yaml")
	os.WriteFile(short, []byte("- {day: 1, move: east}\n"), 0o644)
	code, _, errs = runMain("campaign", "run", camp, "--script", short)
	if code != exitFindings || !strings.Contains(errs, "X003") {
		t.Errorf("short script: exit %d, stderr %q", code, errs)
	}
	// A script that runs out with a policy fallback plays on to the end.
	code, out, errs = runMain("campaign", "run", camp, "--script", short, "--policy", "first")
	if code != exitOK && code != exitFindings {
		t.Errorf("fallback: exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "the policy takes over") {
		t.Errorf("fallback: no fallback line")
	}
	if code, _, _ := runMain("campaign", "run"); code != exitUsage {
		t.Errorf("no file: exit %d", code)
	}
	// A scenario given to campaign run is refused as the wrong kind of file (exit 2), with the
	// command that plays it (it was C001 "not a campaign", exit 1).
	if code, _, errs := runMain("campaign", "run", repo(t, "scenarios", "karzoral", "field01", "field01.cue"), "--policy", "first"); code != exitUsage || !strings.Contains(errs, "play a scenario with sortie run") {
		t.Errorf("a scenario as a campaign: exit %d, stderr %q", code, errs)
	}
	if code, _, _ := runMain("resume", filepath.Join(t.TempDir(), "missing.json")); code != exitUsage {
		t.Errorf("missing save: exit %d", code)
	}
}

// TestSaveBadPath: --save into a missing folder or onto a directory is a usage error before the
// run starts (nothing is written to standard output).
func TestSaveBadPath(t *testing.T) {
	field01 := repo(t, "scenarios", "karzoral", "field01")
	dir := t.TempDir()
	for _, p := range []string{dir, filepath.Join(dir, "no", "such", "save.json")} {
		code, out, errs := runMain("run", field01, "--policy", "first", "--save", p)
		if code != exitUsage || out != "" || !strings.Contains(errs, "--save") {
			t.Errorf("%s: exit %d, stdout %d bytes, stderr %q", p, code, len(out), errs)
		}
	}
}

// --save never overwrites a file that is not a save: a slip such as --save win.yaml leaves the
// script, the scenario or the campaign untouched (found by a newcomer's review), exit 2.
func TestSaveRefusesToClobber(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "win.yaml")
	src, err := os.ReadFile(filepath.Join(field01, "win.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(script, src, 0o644)
	notes := filepath.Join(dir, "notes.txt")
	os.WriteFile(notes, []byte("my notes\n"), 0o644)
	// The script itself is refused before the run, as the same file as --script
	// (refuseSharedOutput); any other file that is not a save, when the save would be written.
	for target, want := range map[string]string{script: "--save and --script name the same file", notes: "is not a sortie save; refusing to overwrite it"} {
		code, _, errs := run(t, "", "run", field01, "--script", script, "--save", target)
		if code != 2 || !strings.Contains(errs, want) {
			t.Errorf("--save %s: exit %d, %s", target, code, errs)
		}
	}
	if got, _ := os.ReadFile(script); string(got) != string(src) {
		t.Error("the script was overwritten")
	}
	if got, _ := os.ReadFile(notes); string(got) != "my notes\n" {
		t.Error("notes.txt was overwritten")
	}
	// An earlier save may be overwritten: that is what --save is for.
	save := filepath.Join(dir, "s.json")
	for i := 0; i < 2; i++ {
		if code, _, errs := run(t, "", "run", field01, "--script", script, "--save", save); code != 0 {
			t.Fatalf("save %d: exit %d: %s", i, code, errs)
		}
	}
}

// A save whose scenario was deleted cannot be resumed: exit 2 (not 1), the save untouched.
func TestResumeScenarioGone(t *testing.T) {
	dir := t.TempDir()
	sc := filepath.Join(dir, "field01")
	os.MkdirAll(sc, 0o755)
	src, err := os.ReadFile(filepath.Join(field01, "field01.cue"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(sc, "field01.cue"), src, 0o644)
	save := filepath.Join(dir, "s.json")
	if code, _, _ := run(t, "", "run", sc, "--policy", "first", "--save", save, "--halt-after", "2"); code != 2 {
		t.Fatalf("halted run: exit %d, want 2", code)
	}
	before, _ := os.ReadFile(save)
	os.RemoveAll(sc)
	code, _, errs := run(t, "", "resume", save)
	if code != 2 || !strings.Contains(errs, "cannot resume") {
		t.Errorf("resume: exit %d, %s", code, errs)
	}
	if after, _ := os.ReadFile(save); string(after) != string(before) || len(before) == 0 {
		t.Error("the save changed")
	}
}
