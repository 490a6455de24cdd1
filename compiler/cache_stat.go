package compiler

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"
)

// The stat manifest: a cheap path for a re-vet of an unchanged tree (issue 29). The result cache
// (cache.go) keys a unit by the content of its files, so a warm run still reads and hashes every
// file. A vet run also keeps, under one key naming the run (its arguments, working directory,
// budget, switches and sortie's build), a manifest: for every unit, its files' identity on disk
// (size, modification and change times in nanoseconds, inode and device: fileSig) taken before
// the unit was vetted, with the unit's result. The next run with the same key stats the files
// of each unit and, when every identity is the same, takes the result without reading a file.
// A unit whose files changed is vetted as before (the content-keyed cache first), and the
// manifest is written again.
// The manifest also keeps the loader's judgement of each file it read (sniff.go), so that an
// unchanged tree is not even opened to be classified, and whether a unit's files hold "tests"
// (ScenarioFiles.NoTests), so that sortie vet's check of test scripts does not read them again.
//
// Why the identity is safe, as it is for make, git's index and the go command's file hashes:
// writing a file moves its change time (ctime), which no program can set back (utimes sets it to
// now), and replacing it (rename) gives another inode; the identity is taken before the unit's
// files are read, so an edit during the vet leaves a later identity than the one recorded. The
// one gap is a file system whose clock is coarse: two writes within one tick keep the same
// times. As git does for its index ("racy git"), a file changed within racyWindow of the stat is
// not recorded at all, so it is read again next time. A platform without the identity (not
// Linux) records nothing and takes the content path every time.
//
// The manifest is only a shortcut to results the content-keyed path would give: fast-path units
// (one JSON or YAML file, vetted in this process) keep no entry of their own beside it, since the
// fast path costs less than writing an entry (a cold vet of 500 JSON files wrote 500 entries,
// half its processor time); units vetted by the evaluator keep theirs, so a touched file that
// misses the manifest still hits the cache.

// statFormat changes whenever the manifest or its key changes meaning.
// It names the loader's classifier too (classifyHead, classifyJSON): the sniff memo keeps the
// classifier's judgements (a file's role), so a classifier that judges a file otherwise (a role
// added or split) bumps it, or an unchanged file would keep its old role from the memo.
// 3: NoTests also means no "expect"; 4: the classifier's roles "battle script", "campaign
// script" (issue 20's L015: a clash script was a scenario's) and "campaign save".
const statFormat = "sortie vet stat manifest 4"

// racyWindow: a file whose modification or change time is this close to the moment it is
// stat'ed is not recorded (2 s: the coarsest common file system clock, FAT's). A variable for
// the tests, which write files and vet them at once.
var racyWindow = 2 * time.Second

// fileSig is a file's identity on disk (see above). Times are Unix nanoseconds.
type fileSig struct {
	Size  int64  `json:"s"`
	Mtime int64  `json:"m"`
	Ctime int64  `json:"c"`
	Ino   uint64 `json:"i"`
	Dev   uint64 `json:"d"`
}

// statUnit is one unit of a manifest: its folder and files (absolute, in load order), their
// identities, and its result as the evaluator encodes it. NoTests: none of its files holds the
// word "tests" (ScenarioFiles.NoTests).
type statUnit struct {
	Dir     string          `json:"dir"`
	Files   []string        `json:"files"`
	Sigs    []fileSig       `json:"sigs"`
	Resp    json.RawMessage `json:"resp"`
	NoTests bool            `json:"notests,omitempty"`
}

// statManifest is the manifest as stored: its units, and the loader's sniff memo (sniff.go).
type statManifest struct {
	Units []*statUnit `json:"units"`
	Files []sniffed   `json:"files"`
}

// statRun is the manifest of one run: the one read (by unit) and the units recorded by this
// run, and the sniff memo of its files.
type statRun struct {
	c    Cache
	key  CacheKey
	old  map[string]*statUnit
	mu   sync.Mutex
	news map[string]*statUnit
	miss bool // a unit was vetted and recorded afresh: the manifest is written again
	sn   *sniffer
}

// sniffer is the run's sniff memo (nil for a run without a manifest).
func (s *statRun) sniffer() *sniffer {
	if s == nil {
		return nil
	}
	return s.sn
}

// unitID names a unit in a manifest: its folder and files.
func unitID(u unit) string { return u.dir + "\x00" + strings.Join(u.files, "\x00") }

// statKey is the key of a run's manifest: everything a unit's cache key holds but the files
// (unitKey), and the run's arguments.
func statKey(paths []string, wd string, opts Options) CacheKey {
	return statKeyOf(statFormat, paths, wd, opts)
}

// statKeyOf is statKey under manifest format format (a test's older one).
func statKeyOf(format string, paths []string, wd string, opts Options) CacheKey {
	h := sha256.New()
	k := currentKnobs()
	b := opts.Budget.withDefaults()
	fmt.Fprintf(h, "%s\n%s\nwd=%s\nbudget=%d,%d\nknobs=%v,%v,%v\npackages=%v\n",
		format, buildID(), wd, b.CPU, b.Memory, k.FastPath, k.TreePath, k.Chunking, opts.Packages)
	for _, p := range paths {
		fmt.Fprintf(h, "path=%q\n", p)
	}
	var key CacheKey
	h.Sum(key[:0])
	return key
}

// loadStat reads the manifest under key from c (an absent or damaged one is empty).
func loadStat(c Cache, key CacheKey) *statRun {
	s := &statRun{c: c, key: key, old: map[string]*statUnit{}, news: map[string]*statUnit{}, sn: newSniffer(nil)}
	data, ok := c.Get(key)
	if !ok {
		return s
	}
	var m statManifest
	if json.Unmarshal(data, &m) != nil {
		return s
	}
	s.sn = newSniffer(m.Files)
	for _, u := range m.Units {
		if len(u.Files) == len(u.Sigs) {
			s.old[u.Dir+"\x00"+strings.Join(u.Files, "\x00")] = u
		}
	}
	return s
}

// hit returns the recorded result of u when every file of u has the identity recorded (and
// whether none of its files holds "tests"), and keeps the unit for the next manifest.
func (s *statRun) hit(u unit) (resp evalResponse, noTests, ok bool) {
	id := unitID(u)
	m := s.old[id]
	if m == nil {
		return evalResponse{}, false, false
	}
	for i, f := range u.files {
		sig, ok := statSig(f)
		if !ok || sig != m.Sigs[i] {
			return evalResponse{}, false, false
		}
	}
	if json.Unmarshal(m.Resp, &resp) != nil || !cacheable(resp) {
		return evalResponse{}, false, false
	}
	s.mu.Lock()
	s.news[id] = m
	s.mu.Unlock()
	return resp, m.NoTests, true
}

// sign takes the identities of u's files before it is vetted; ok is false when one has none
// (a racy or unreadable file, another platform): the unit is then not recorded.
func sign(u unit) (sigs []fileSig, ok bool) {
	sigs = make([]fileSig, len(u.files))
	for i, f := range u.files {
		if sigs[i], ok = statSig(f); !ok {
			return nil, false
		}
	}
	return sigs, true
}

// record keeps u's result resp under the identities sigs taken before it was vetted (noTests:
// the files read for it hold no "tests").
func (s *statRun) record(u unit, sigs []fileSig, resp evalResponse, noTests bool) {
	data, err := json.Marshal(resp)
	if err != nil || len(data) > maxEntry {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.news[unitID(u)] = &statUnit{Dir: u.dir, Files: u.files, Sigs: sigs, Resp: data, NoTests: noTests}
	s.miss = true
}

// save writes the manifest of this run when a unit or a file was recorded afresh, its units in
// the order of units and its files by name (so that the same tree gives the same bytes).
func (s *statRun) save(units []unit) {
	if !s.miss && !s.sn.miss {
		return
	}
	m := statManifest{Units: []*statUnit{}, Files: s.sn.list()}
	for _, u := range units {
		if su := s.news[unitID(u)]; su != nil {
			m.Units = append(m.Units, su)
		}
	}
	if data, err := json.Marshal(m); err == nil && len(data) <= maxEntry {
		s.c.Put(s.key, data)
	}
}
