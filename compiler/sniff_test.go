//go:build linux

package compiler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// rewriteSameStamp writes data (of the same size as the file's content) over name and sets its
// modification time back to the one it had: only the change time and the content tell.
func rewriteSameStamp(t *testing.T, name string, data []byte) {
	t.Helper()
	st, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() != int64(len(data)) {
		t.Fatalf("%s: %d bytes, the new content %d: not the same size", name, st.Size(), len(data))
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(name, st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.Stat(name); !again.ModTime().Equal(st.ModTime()) || again.Size() != st.Size() {
		t.Fatalf("%s: size or mtime not kept", name)
	}
}

// TestVetSameSizeSameMtime (issue 29, item 2): a file changed to content of the same size, its
// modification time set back (the same second, the same nanosecond), is vetted again and judged
// again: the manifest's identity holds the change time, which a write moves. Both a change of
// findings (a route through an unknown block) and a change of what the file is (its kind gone:
// no longer a scenario of a "./..." walk) are seen.
func TestVetSameSizeSameMtime(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	mini, err := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "a.json")
	for _, f := range []string{name, filepath.Join(dir, "b.json")} {
		if err := os.WriteFile(f, mini, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	defer func(w time.Duration) { racyWindow = w }(racyWindow)
	racyWindow = 0 // the files are written a moment before each vet
	c := &countingCache{MemCache: NewMemCache(100)}
	vet := func() (string, []ScenarioFiles) {
		t.Helper()
		list, units, err := VetScenarios([]string{"./..."}, Options{WorkDir: dir, Cache: c})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(list), units
	}
	clean, units := vet()
	if len(units) != 2 {
		t.Fatalf("cold: %d scenarios, want 2", len(units))
	}
	if again, _ := vet(); again != clean || c.hits != 1 {
		t.Fatalf("warm: %d hits (want 1: the manifest), findings %v, want %v", c.hits, again, clean)
	}

	broken := bytes.Replace(mini, []byte(`"route": ["b", "a"]`), []byte(`"route": ["b", "z"]`), 1)
	if bytes.Equal(broken, mini) {
		t.Fatal(`mini.json has no "route": ["b", "a"]`)
	}
	rewriteSameStamp(t, name, broken)
	got, _ := vet()
	if got == clean || !bytes.Contains([]byte(got), []byte("a.json")) {
		t.Errorf("a route through an unknown block, same size and mtime: not reported (stale result): %v", got)
	}
	want := fmt.Sprint(mustVet(t, dir))
	if got != want {
		t.Errorf("after the change: %v, an uncached vet says %v", got, want)
	}

	kindless := bytes.Replace(mini, []byte(`"kind": "scenario"`), []byte(`"kinx": "scenario"`), 1)
	rewriteSameStamp(t, name, kindless)
	if _, units := vet(); len(units) != 1 || filepath.Base(units[0].Files[0]) != "b.json" {
		t.Errorf("a.json without kind, same size and mtime: still a scenario of the walk (stale judgement): %v", units)
	}
}

// mustVet vets ./... in dir without a cache.
func mustVet(t *testing.T, dir string) string {
	t.Helper()
	list, err := Vet([]string{"./..."}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(list)
}

// TestSnifferMemo (issue 29, item 2): a file whose identity is the one recorded is judged from
// the memo without a read (a recorded judgement that the content would not give is returned,
// which proves no read was made); a file changed to the same size with its mtime set back, or
// one within the racy window (racy git), is read and judged afresh; a judgement not yet made of
// a known file is made and added.
func TestSnifferMemo(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a.yaml")
	if err := os.WriteFile(name, []byte("kind: scenario\nid: a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer func(w time.Duration) { racyWindow = w }(racyWindow)
	racyWindow = 0
	sig, ok := statSig(name)
	if !ok {
		t.Fatal("no identity for a regular file")
	}
	s := newSniffer([]sniffed{{Name: name, Sig: sig, Has: sniffClass, Kind: "battle"}})
	if got := s.classify(name); got.kind != "battle" {
		t.Errorf("unchanged file: kind %q, want the memo's %q (no read)", got.kind, "battle")
	}
	if s.miss {
		t.Error("a judgement from the memo marked the manifest for rewriting")
	}

	rewriteSameStamp(t, name, []byte("kind: campaign\nid: a\n"))
	if got := s.classify(name); got.kind != "campaign" {
		t.Errorf("rewritten, same size and mtime: kind %q, want %q (read again)", got.kind, "campaign")
	}
	if !s.miss || len(s.list()) != 1 || s.list()[0].Kind != "campaign" {
		t.Errorf("the new judgement is not kept for the manifest: %+v", s.list())
	}
	if got := s.topKind(name); !got || s.list()[0].Has != sniffClass|sniffTop {
		t.Errorf("a second judgement of the same file: %v, has %b", got, s.list()[0].Has)
	}

	racyWindow = time.Hour // the file was written a moment ago: not to be trusted or recorded
	r := newSniffer([]sniffed{{Name: name, Sig: sig, Has: sniffClass, Kind: "battle"}})
	if got := r.classify(name); got.kind != "campaign" {
		t.Errorf("racy file: kind %q, want %q (read)", got.kind, "campaign")
	}
	if r.miss || len(r.list()) != 0 {
		t.Errorf("racy file recorded: %+v", r.list())
	}

	var none *sniffer // no manifest: every file read
	if got := none.classify(name); got.kind != "campaign" {
		t.Errorf("nil sniffer: kind %q", got.kind)
	}
}

// TestScenarioNoTests: vet says which scenarios hold no "tests" (so sortie vet need not read
// them again for Q004), from its own read and from the manifest alike; a scenario that mentions
// tests, or one vetted without a cache (vet then reads no key), is not marked.
func TestScenarioNoTests(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	mini, _ := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.json"))
	os.WriteFile(filepath.Join(dir, "a.json"), mini, 0o644)
	os.WriteFile(filepath.Join(dir, "b.json"), bytes.Replace(mini, []byte(`"title": "Mini"`), []byte(`"title": "tests"`), 1), 0o644)
	defer func(w time.Duration) { racyWindow = w }(racyWindow)
	racyWindow = 0
	c := NewMemCache(100)
	for _, run := range []string{"cold", "warm"} {
		_, units, err := VetScenarios([]string{"./..."}, Options{WorkDir: dir, Cache: c})
		if err != nil {
			t.Fatal(err)
		}
		if len(units) != 2 || !units[0].NoTests || units[1].NoTests {
			t.Errorf("%s: %+v, want a.json NoTests, b.json not", run, units)
		}
	}
	_, units, _ := VetScenarios([]string{"./..."}, Options{WorkDir: dir})
	for _, u := range units {
		if u.NoTests {
			t.Errorf("without a cache: %v marked NoTests", u.Files)
		}
	}
}

// TestSniffMemoKeyedByClassifier (issue 20): the sniff memo keeps the classifier's roles, so a
// manifest written by a build whose classifier judged otherwise must not be read. Format 3's
// classifier called every list of decisions a scenario's script and every save a run's: its
// manifest, holding those roles for files unchanged since, is under format 3's key, and a vet
// now (format 4) judges the files afresh: a battle's script and a campaign's save, each with
// its own command (L015). With format 3 still current the stale roles were taken.
func TestSniffMemoKeyedByClassifier(t *testing.T) {
	root := repoRoot(t)
	dir := t.TempDir()
	mini, err := os.ReadFile(filepath.Join(root, "testdata", "compiler", "ok", "mini.json"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "mini.json"), mini, 0o644)
	script := filepath.Join(dir, "b-script.yaml")
	save := filepath.Join(dir, "camp-save.json")
	os.WriteFile(script, []byte("- {unit: axes, action: attack}\n"), 0o644)
	os.WriteFile(save, []byte(`{"format": "sortie-save", "version": 1, "command": "campaign", "path": "campaign.cue", "seed": 1}`), 0o644)
	defer func(w time.Duration) { racyWindow = w }(racyWindow)
	racyWindow = 0
	var old []sniffed
	for name, role := range map[string]string{script: "script", save: "save"} {
		sig, ok := statSig(name)
		if !ok {
			t.Fatal("no identity for a regular file")
		}
		old = append(old, sniffed{Name: name, Sig: sig, Has: sniffClass, Role: role})
	}
	data, err := json.Marshal(statManifest{Files: old})
	if err != nil {
		t.Fatal(err)
	}
	c := NewMemCache(100)
	paths := []string{"mini.json", "b-script.yaml", "camp-save.json"}
	opts := Options{WorkDir: dir, Cache: c}
	c.Put(statKeyOf("sortie vet stat manifest 3", paths, dir, opts), data)
	list, _, err := VetScenarios(paths, opts)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range list {
		if d.Code == codeNotScenarioFile {
			got[filepath.Base(d.Pos.File)] = d.Message
		}
	}
	if !strings.Contains(got["b-script.yaml"], "sortie battle BATTLE --script FILE") {
		t.Errorf("b-script.yaml: %q: the old classifier's role from the memo", got["b-script.yaml"])
	}
	if !strings.Contains(got["camp-save.json"], "a save of a campaign's run") {
		t.Errorf("camp-save.json: %q: the old classifier's role from the memo", got["camp-save.json"])
	}
}
