package lsp

import (
	"path/filepath"
	"reflect"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// The fast path for unsaved buffers (issue 27 item 6). A unit of one YAML, JSON or CUE file is
// first vetted from the buffer on the compiler's fast path (compiler.VetFast: in this process, no
// evaluator, linear in the text; a CUE file when it is plain data), and its findings published at
// once; the evaluation that also builds the index (compiler.AnalyzeContext, in an evaluator)
// follows, and publishes only when its findings differ. On the 160x160 field (25,600 blocks,
// 1.2 MB of YAML) a change reaches the editor in about the time `sortie vet --no-cache` takes,
// instead of the CUE path's. A text the fast path cannot take (a schema fault, CUE that is not
// plain data or a package of several files, a campaign) goes the usual way only.
//
// Every buffer of a unit that has had a full evaluation takes the fast path first, whatever its
// size: until the new index comes, hover, definition and references answer from the last full
// result, carried to the current text (carry.go); rename waits for the index (its edits must be
// computed on the text vetted); the outline and completion use the last index. A unit's first
// evaluation takes the fast path first only for a buffer of Options.QuickMin bytes or more
// (default DefaultQuickMin, 64 KiB): there is no index to answer from yet, and a smaller buffer
// is evaluated in tens of milliseconds, its one evaluation answering everything at once.
// A negative QuickMin turns the fast path off (to compare).
//
// A stale evaluation is cancelled: a change cancels the evaluation running (touchLocked), which
// kills its evaluator; a fast-path vet (linear in the text, in this process) runs to its end,
// and its findings are dropped if a change came meanwhile.

// DefaultQuickMin is the default Options.QuickMin: 64 KiB.
const DefaultQuickMin = 64 << 10

// quick vets the unit of rep, at generation gen, on the fast path and publishes its findings
// unless they are stale; it returns the result published, or nil.
func (s *Server) quick(u *unitState, gen uint64, rep string, overlay map[string][]byte, versions map[string]int32, hasFull bool) *result {
	if u.campaign {
		return nil
	}
	t := fileType(rep)
	if t != "yaml" && t != "json" && t != "cue" {
		return nil
	}
	src, ok := overlay[rep]
	if !ok || s.opts.QuickMin < 0 || len(src) < s.opts.QuickMin && !hasFull {
		return nil // !ok: a unit is vetted while one of its documents is open, not reached
	}
	if t == "cue" {
		// A CUE file is its package's only one (VetFast reads one file): the folder holds no other.
		if files, ok := compiler.UnitOf(rep, overlay); !ok || len(files) != 1 || files[0] != rep {
			return nil
		}
	}
	wd := filepath.Dir(rep)
	list, ok := compiler.VetFast(rep, src, wd)
	if !ok {
		return nil
	}
	res := &result{texts: map[string]*text{rep: newText(src)}, diags: map[string]diag.List{}, files: []string{rep},
		wd: wd, versions: versions, quick: true}
	for _, d := range list {
		f := s.absName(wd, d.Pos.File)
		res.diags[f] = append(res.diags[f], d)
		if res.texts[f] == nil {
			res.texts[f] = newText(overlay[f])
		}
	}
	s.mu.Lock()
	stale := u.closed || u.gen != gen
	if !stale {
		u.res = res     // quick fixes answer from it until the index comes
		u.carried = nil // a carried result holds the findings of u.res (carry.go)
	}
	s.mu.Unlock()
	if stale {
		return nil
	}
	s.publish(u, res)
	return res
}

// sameFindings reports whether the full evaluation found what the fast path published.
func sameFindings(quick, full *result) bool {
	return quick != nil && reflect.DeepEqual(quick.diags, full.diags)
}
