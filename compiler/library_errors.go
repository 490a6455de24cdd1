package compiler

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/words"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/parser"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Conflicts with a library value (samples.dwarvenDefenders & {tactics: ["Taunt", "Expert
// Flankers"]}): CUE places them in the library's file, which the compiler serves from its binary
// under cue.mod/pkg/ (library.go) and which is not on the author's disk. The finding goes to the
// author's line instead and names the library army and what it gives.

// libraryArmy names the library army whose source holds pos (a position in a library file) and
// what the library writes there: ("samples.dwarvenDefenders", `tactics: ["Defensive Wall"]`). ok
// is false when pos is not in a library sortie ships.
func libraryArmy(pos diag.Pos) (name, text string, ok bool) {
	i := strings.Index(pos.File, "cue.mod/pkg/")
	if i < 0 {
		return "", "", false
	}
	imp := path.Dir(pos.File[i+len("cue.mod/pkg/"):])
	src, known := libraries[imp]
	if !known {
		return "", "", false
	}
	lines := strings.Split(string(src), "\n")
	if pos.Line < 1 || pos.Line > len(lines) {
		return "", "", false
	}
	text = strings.Join(strings.Fields(lines[pos.Line-1]), " ")
	for l := pos.Line - 1; l >= 0; l-- {
		if m := reLibraryTop().FindStringSubmatch(lines[l]); m != nil {
			return path.Base(imp) + "." + m[1], text, true
		}
	}
	return path.Base(imp), text, true
}

// reLibraryTop is a library's top-level definition line: `dwarvenDefenders: {`.
var reLibraryTop = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*): \{`) })

// authorFieldPos is where the author wrote the value at sels when CUE's positions are all in a
// library: the label of the deepest enclosing field whose value the author's files hold
// (`armies: dw: samples.dwarvenDefenders & {...}`), else def.
func (sc *schemaChecker) authorFieldPos(p *piece, sels []cue.Selector, def diag.Pos) diag.Pos {
	for n := len(sels); n > len(p.prefix); n-- {
		v, got := sc.userAt(p, sels[:n])
		if got < n {
			continue
		}
		if lp := sc.nm.labelPos(v); lp.IsValid() && !inLibrary(lp.File) {
			return lp
		}
		if vp := sc.nm.valuePos(v); vp.IsValid() && !inLibrary(vp.File) {
			return vp
		}
	}
	return def
}

// libraryConflict reports a conflict whose value the library gives (pos is in the library): at
// the author's line, naming the library army and what it writes, with msg as CUE's words for the
// conflict. It reports whether it did.
func (sc *schemaChecker) libraryConflict(p *piece, sels []cue.Selector, errs []errors.Error, pos diag.Pos, msgs []string) bool {
	army, text, ok := libraryArmy(pos)
	if !ok {
		return false
	}
	at := sc.nm.authorPos(errs, sc.authorFieldPos(p, sels, pos))
	pathStr := cue.MakePath(sels...).String()
	prefix := ""
	if pathStr != "" {
		prefix = pathStr + ": "
	}
	var d diag.Diagnostic
	if hasMsgPrefix(msgs, "incompatible list lengths") {
		// CUE unifies lists element by element: a list of another length cannot replace the
		// library's (it said "want at least 0 elements").
		uv, _ := sc.userAt(p, sels)
		n := authorListLen(msgs, text, len(listElems(uv)))
		d = diag.Errorf(at, codeBadValue, "%sthe library army %s gives %s, and a list of %s cannot replace it",
			prefix, army, text, words.Count(n, "element"))
	} else {
		d = diag.Errorf(at, codeBadValue, "%s%s (the library army %s gives %s)", prefix, msgs[0], army, text)
	}
	d = d.WithHint("a library army's values can be narrowed, not replaced: to give it other values, write the army's fields out yourself instead of %s", army)
	sc.add(pathStr, d)
	return true
}

// reListLengths is CUE's "incompatible list lengths (1 and 4)": the two lists' lengths, in no
// promised order.
var reListLengths = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`incompatible list lengths \((\d+) and (\d+)\)`) })

// authorListLen is the length of the author's list in a list-length conflict with a library
// army: of the two lengths CUE's message (msgs) gives, the one that is not the library's list's
// (text, `tactics: ["Defensive Wall"]`, counted by CUE's parser). The unified value holds the
// longer list, so unified, its length, is the answer when the lengths cannot be read.
func authorListLen(msgs []string, text string, unified int) int {
	lib := -1
	if f, err := parser.ParseFile("library", text); err == nil && len(f.Decls) == 1 {
		if fd, ok := f.Decls[0].(*ast.Field); ok {
			if l, ok := fd.Value.(*ast.ListLit); ok {
				lib = len(l.Elts)
			}
		}
	}
	for _, m := range msgs {
		if g := reListLengths().FindStringSubmatch(m); g != nil && lib >= 0 {
			a, _ := strconv.Atoi(g[1])
			b, _ := strconv.Atoi(g[2])
			switch lib {
			case a:
				return b
			case b:
				return a
			}
		}
	}
	return unified
}

// libraryNote is what a finding at the author's line adds when the other side of the conflict is
// a library army's value: " (the library army samples.X gives cr: 1)", or "".
func libraryNote(errs []errors.Error, nm *namer) string {
	for _, e := range errs {
		for _, tp := range errors.Positions(e) {
			if p := nm.pos(tp); p.IsValid() && inLibrary(p.File) {
				if army, text, ok := libraryArmy(p); ok {
					return fmt.Sprintf(" (the library army %s gives %s)", army, text)
				}
			}
		}
	}
	return ""
}
