package lsp

import (
	"bytes"
	"sort"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Answering from the last full analysis (issue 27 item 6). Once a buffer's findings come from
// the fast path first, its current result has no index until the evaluation that follows ends
// (seconds on a big file): hover, definition and references then answer from the unit's last
// full result, its index carried across the edits made since. Each document logs its edits (an
// incremental change's range; for a whole text, the span between the common start and end of
// the old and new text); a place is carried through them in order: before an edit it keeps its
// offset, after it it moves with the text, and an id written inside an edit is not known until
// the next index. What the index says of an id (its facts, for hover) is the older analysis's.
// Rename never answers from a carried index: its edits must be computed on the text vetted.

// maxLog bounds a document's edit log: past it, the log is dropped and nothing older than the
// current version is carried (the next full result starts it again).
const maxLog = 4096

// logged is one edit of a document's log, made by the change to version.
type logged struct {
	version int32
	e       edit
}

// logEdits appends the edits of one change (to d.version) to d's log. s.mu is held.
func (d *document) logEdits(edits []edit) {
	if len(d.log)+len(edits) > maxLog {
		d.log, d.logFrom = nil, d.version
		return
	}
	for _, e := range edits {
		d.log = append(d.log, logged{version: d.version, e: e})
	}
}

// trimLog drops the edits made up to version v (a full result of v is in). s.mu is held.
func (d *document) trimLog(v int32) {
	i := 0
	for i < len(d.log) && d.log[i].version <= v {
		i++
	}
	if i > 0 {
		d.log = append(d.log[:0:0], d.log[i:]...)
		d.logFrom = max(d.logFrom, v)
	}
}

// carryOff carries a byte offset of d's text at version v to its current text.
func (d *document) carryOff(v int32, off int) (int, bool) {
	for _, l := range d.log {
		if l.version <= v {
			continue
		}
		var ok bool
		if off, ok = l.e.carry(off); !ok {
			return 0, false
		}
	}
	return off, true
}

// edit is where two texts differ: old[from:oldEnd] became new[from:newEnd].
type edit struct {
	from, oldEnd, newEnd int
}

// diffSpan returns the edited span between old and new: their common prefix and suffix (the
// suffix not overlapping the prefix in either).
func diffSpan(old, new []byte) edit {
	n := min(len(old), len(new))
	p := 0
	for p < n && old[p] == new[p] {
		p++
	}
	s := 0
	for s < n-p && old[len(old)-1-s] == new[len(new)-1-s] {
		s++
	}
	return edit{from: p, oldEnd: len(old) - s, newEnd: len(new) - s}
}

// carry maps a byte offset of the old text to the new one; ok is false inside the edited span.
func (e edit) carry(off int) (int, bool) {
	switch {
	case off < e.from:
		return off, true
	case off >= e.oldEnd:
		return off + e.newEnd - e.oldEnd, true
	}
	return 0, false
}

// lineCol is sortie's 1-based line and byte column of a byte offset of t.
func (t *text) lineCol(off int) (line, col int) {
	off = max(0, min(off, len(t.src)))
	i := sort.Search(len(t.starts), func(i int) bool { return t.starts[i] > off }) - 1
	return i + 1, off - t.starts[i] + 1
}

// carriedLocked returns a result for the open document d built from its unit's last full result
// (u.full) with positions in d's file carried to d's current text: nil when there is none, when
// d's log does not reach back to the version it vetted, or when another open document of the
// unit changed since (its places are not carried). The findings are the current result's when it
// is of d's version (the fast path's), else none. When d's text is the one the full result
// vetted (an edit undone), that result itself is returned, under d's version: exact, not
// carried. The result is kept until the next change. s.mu is held.
func (s *Server) carriedLocked(u *unitState, d *document) *result {
	full := u.full
	if full == nil || full.symbols == nil || full.texts[d.path] == nil {
		return nil
	}
	if c := u.carried; c != nil && c.from == full && c.res.versions[d.path] == d.version {
		return c.res
	}
	vf, ok := full.versions[d.path]
	if !ok || vf < d.logFrom {
		return nil
	}
	for p, v := range full.versions {
		if o := s.docs[p]; p != d.path && (o == nil || o.version != v) {
			return nil
		}
	}
	old, now := full.texts[d.path], newText(d.text)
	if bytes.Equal(old.src, now.src) {
		// The text vetted, again (an edit undone): the full result is this text's, exactly.
		res := *full
		res.versions = make(map[string]int32, len(full.versions))
		for f, v := range full.versions {
			res.versions[f] = v
		}
		res.versions[d.path] = d.version
		u.carried = &carried{from: full, res: &res}
		return &res
	}
	name := displayName(full.wd, d.path)
	move := func(p diag.Pos) (diag.Pos, bool) {
		if p.File != name && p.File != d.path || p.Line < 1 {
			return p, true
		}
		off, ok := d.carryOff(vf, old.byteOffset(p.Line, p.Column))
		if !ok {
			return p, false
		}
		p.Line, p.Column = now.lineCol(off)
		return p, true
	}
	res := &result{symbols: full.symbols.Moved(move), texts: make(map[string]*text, len(full.texts)),
		versions: make(map[string]int32, len(full.versions)), diags: map[string]diag.List{},
		files: full.files, wd: full.wd, carried: true}
	for f, t := range full.texts {
		res.texts[f] = t
	}
	res.texts[d.path] = now
	for f, v := range full.versions {
		res.versions[f] = v
	}
	res.versions[d.path] = d.version
	if r := u.res; r != nil && r.versions[d.path] == d.version {
		res.diags = r.diags
	}
	u.carried = &carried{from: full, res: res}
	return res
}

// carried is a result carried from a full one (carriedLocked's cache).
type carried struct {
	from *result
	res  *result
}
