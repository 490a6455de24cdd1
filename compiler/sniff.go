package compiler

import (
	"sort"
	"sync"
)

// The sniff memo: what the loader judged of each file from its head (units.go: a data file's
// top-level kind or role, a CUE file's package and whether it says kind: at its top level),
// kept in the stat manifest (cache_stat.go) under the file's identity on disk (fileSig: size,
// modification and change times in nanoseconds, inode, device), so that a re-vet of an
// unchanged tree judges its files without opening them (issue 29, item 2). A file whose
// identity differs from the one recorded, or that has none (changed within racyWindow of the
// stat, as git's racy-git rule: a file system with a coarse clock keeps the same times for two
// writes within one tick; or a platform other than Linux), is read and judged afresh. The
// identity is taken before the head is read, so a file written during the read is recorded with
// an identity older than its new one, and judged again next time. Why the identity is safe is
// said at the top of cache_stat.go: a write moves the change time, which no program can set back.
//
// A nil *sniffer reads every file (no cache, an editor's overlay, a compile).

// sniffed is what is known of one file: its identity and the judgements made of its head (has
// says which of them were made).
type sniffed struct {
	Sig  fileSig `json:"g"`
	Has  uint8   `json:"h"`           // sniffClass | sniffPkg | sniffTop | sniffCamp
	Kind string  `json:"k,omitempty"` // dataClass.kind
	Role string  `json:"r,omitempty"` // dataClass.role
	Pkg  string  `json:"p,omitempty"` // the CUE package clause
	Top  bool    `json:"t,omitempty"` // the CUE file says kind: at its top level (reTopKind)
	Camp bool    `json:"c,omitempty"` // the CUE file is a campaign (isCampaignHead)
	Name string  `json:"n"`           // the file, absolute
}

const (
	sniffClass uint8 = 1 << iota
	sniffPkg
	sniffTop
	sniffCamp
)

// sniffer is the memo of one run: the judgements read from the last manifest (old, by file)
// and those made or confirmed in this run (news), which the manifest keeps next. Safe for
// concurrent use.
type sniffer struct {
	old  map[string]sniffed
	mu   sync.Mutex
	news map[string]sniffed
	miss bool // a file was judged afresh and recorded: the manifest is written again
}

func newSniffer(list []sniffed) *sniffer {
	s := &sniffer{old: make(map[string]sniffed, len(list)), news: map[string]sniffed{}}
	for _, f := range list {
		s.old[f.Name] = f
	}
	return s
}

// judge returns the memo of name holding the judgement want, reading the head and judging it
// with fill when the memo has no such judgement for the file as it is now. nil head: the file
// cannot be read (fill is then given nil, and nothing is recorded).
func (s *sniffer) judge(name string, want uint8, fill func(head []byte, e *sniffed)) sniffed {
	if s == nil {
		var e sniffed
		fill(readHead(name), &e)
		return e
	}
	sig, ok := statSig(name)
	s.mu.Lock()
	e, known := s.news[name]
	if !known || e.Sig != sig {
		e, known = s.old[name]
	}
	s.mu.Unlock()
	if ok && known && e.Sig == sig && e.Has&want != 0 {
		s.keep(e, false)
		return e
	}
	if !ok || !known || e.Sig != sig {
		e = sniffed{Name: name, Sig: sig}
	}
	head := readHead(name)
	fill(head, &e)
	if ok && head != nil {
		e.Has |= want
		s.keep(e, true)
	}
	return e
}

func (s *sniffer) keep(e sniffed, fresh bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.news[e.Name] = e
	s.miss = s.miss || fresh
}

// list is the memo to keep, by file name (the same tree gives the same bytes).
func (s *sniffer) list() []sniffed {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]sniffed, 0, len(s.news))
	for _, e := range s.news {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// classify is classifyData through the memo.
func (s *sniffer) classify(name string) dataClass {
	e := s.judge(name, sniffClass, func(head []byte, e *sniffed) {
		c := classifyHead(name, head)
		e.Kind, e.Role = c.kind, c.role
	})
	return dataClass{kind: e.Kind, role: e.Role}
}

// pkg is cuePackage through the memo.
func (s *sniffer) pkg(name string) string {
	return s.judge(name, sniffPkg, func(head []byte, e *sniffed) { e.Pkg = packageOf(name, head) }).Pkg
}

// topKind reports whether the CUE file name says kind: at its top level (reTopKind in its first
// sniffLimit bytes), through the memo; a file that cannot be read counts as saying it, so that
// the loader reports the problem.
func (s *sniffer) topKind(name string) bool {
	return s.judge(name, sniffTop, func(head []byte, e *sniffed) { e.Top = head == nil || reTopKind().Match(head) }).Top
}

// campaign is isCampaignHead through the memo.
func (s *sniffer) campaign(name string) bool {
	return s.judge(name, sniffCamp, func(head []byte, e *sniffed) { e.Camp = head != nil && isCampaignHead(name, head) }).Camp
}
