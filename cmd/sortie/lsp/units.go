package lsp

import (
	"context"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// A unit is what one evaluation vets: a CUE package (the .cue files of a folder), or one data
// or campaign file (compiler.UnitOf decides which files). Each open document belongs to one
// unit; a unit lives while one of its documents is open.

// unitState is a unit and its evaluation state. Every field is guarded by Server.mu.
type unitState struct {
	key      string // the folder of a CUE package, the file otherwise
	rep      string // a file of the unit (the first document opened), for compiler.UnitOf
	campaign bool   // a campaign file: diagnostics are published for it alone
	timer    *time.Timer
	running  bool   // an evaluation is running
	cancel   func() // cancels the running evaluation (its result would be stale)
	again    bool   // a change came while it ran: evaluate again when it ends
	gen      uint64 // bumped by every change; a result of an older gen is stale
	closed   bool
	res      *result // the last result published
	// good is the last index that was built (for completion while the text does not parse),
	// and the schema its file follows.
	good      *compiler.Symbols
	published map[string]bool // URIs this unit has published diagnostics to
	// full is the last result of a full evaluation that built an index, and carried its index
	// carried to the current text of a document (carry.go), until the next change.
	full    *result
	carried *carried
}

// result is one evaluation's outcome.
type result struct {
	symbols   *compiler.Symbols    // nil when the files did not load
	texts     map[string]*text     // the texts vetted, by file name
	versions  map[string]int32     // the versions of the open documents vetted
	diags     map[string]diag.List // findings by file name (absolute)
	files     []string             // the unit's files
	wd        string               // the compiler's WorkDir (diagnostic names are relative to it)
	cancelled bool                 // the evaluation was cancelled: nothing to publish
	quick     bool                 // the fast path's findings: no index (fastpath.go)
	carried   bool                 // the index of an older full result, carried (carry.go)
}

// reCampaignKind finds a campaign file's top-level kind (cheaply: the router only needs a hint;
// compiler.UnitOf decides).
var reCampaignKind = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^"?kind"?\s*:\s*"?campaign\b`) })

// unitKey routes a document to its unit: a CUE file to its folder's package unless it is a
// campaign, any other file to itself.
func unitKey(path string, src []byte) (key string, campaign bool) {
	if fileType(path) == "cue" {
		if reCampaignKind().Match(src) {
			return path, true
		}
		return filepath.Dir(path) + string(filepath.Separator), false
	}
	return path, reCampaignKind().Match(src)
}

// schedule records a change of the unit of doc and (re)starts its quiet time. s.mu is held.
func (s *Server) scheduleLocked(doc *document) {
	key, campaign := unitKey(doc.path, doc.text)
	u := s.units[key]
	if u == nil {
		u = &unitState{key: key, rep: doc.path, campaign: campaign, published: map[string]bool{}}
		s.units[key] = u
	}
	s.touchLocked(u)
	// A campaign vets the scenarios it names, open buffers included: it follows their changes.
	for _, c := range s.units {
		if c.campaign && c != u {
			s.touchLocked(c)
		}
	}
}

// touchLocked marks u changed and restarts its quiet time. A running evaluation of u is
// cancelled: its result would be dropped as stale, and a slow file (one that takes its whole
// budget) would otherwise hold the unit's next evaluation back until it ends.
func (s *Server) touchLocked(u *unitState) {
	if u.closed {
		return
	}
	if u.cancel != nil {
		u.cancel()
		u.cancel = nil
	}
	u.gen++
	if u.timer != nil {
		u.timer.Stop()
	}
	u.timer = time.AfterFunc(s.opts.Debounce, func() { s.start(u) })
}

// start begins an evaluation of u, unless one is running (then it runs again when that ends).
func (s *Server) start(u *unitState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.startLocked(u)
}

func (s *Server) startLocked(u *unitState) {
	if u.closed || s.shutdown {
		return
	}
	if u.running {
		u.again = true
		return
	}
	u.running = true
	s.wg.Add(1)
	go s.evaluate(u)
}

// evaluate vets u's files as they are now (open buffers through the overlay) and publishes the
// findings, unless a change made them stale meanwhile.
func (s *Server) evaluate(u *unitState) {
	defer s.wg.Done()
	s.sem <- struct{}{}
	s.mu.Lock()
	gen, rep, hasFull := u.gen, u.rep, u.full != nil
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	if u.closed || s.shutdown {
		s.mu.Unlock()
		<-s.sem
		s.mu.Lock()
		u.running = false
		s.mu.Unlock()
		return
	}
	u.cancel = cancel
	overlay := map[string][]byte{}
	versions := map[string]int32{}
	for p, d := range s.docs {
		overlay[p] = d.text
		versions[p] = d.version
	}
	s.mu.Unlock()

	quick := s.quick(u, gen, rep, overlay, versions, hasFull) // fastpath.go
	if testHookAnalyze != nil {
		testHookAnalyze(ctx)
	}
	res := s.analyze(ctx, rep, overlay)
	res.versions = versions
	<-s.sem

	// The result is in place before its diagnostics go out: a client that asks right after
	// them is answered from it.
	s.mu.Lock()
	if u.gen == gen {
		u.cancel = nil
	}
	stale := u.closed || u.gen != gen || res.cancelled
	if !stale {
		u.res = res
		if res.symbols != nil {
			u.good, u.full, u.carried = res.symbols, res, nil
			for p, v := range res.versions {
				if d := s.docs[p]; d != nil {
					d.trimLog(v)
				}
			}
		}
	}
	s.mu.Unlock()
	if !stale && res.symbols != nil {
		s.refreshInlayHints() // a new index: the figures of the current text
	}
	if !stale && !sameFindings(quick, res) {
		s.publish(u, res)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u.running = false
	// A change whose quiet time ended while this ran is vetted now; one still waiting is started
	// by its timer.
	if u.again {
		u.again = false
		s.startLocked(u)
	}
}

// testHookAnalyze, when set (by tests only), is called before each full evaluation: a test holds
// it back to see what the server answers meanwhile.
var testHookAnalyze func(ctx context.Context)

// analyze runs the compiler on the unit of rep, under the budget, until ctx is done.
func (s *Server) analyze(ctx context.Context, rep string, overlay map[string][]byte) *result {
	res := &result{texts: map[string]*text{}, diags: map[string]diag.List{}}
	// Through the reading gate (issue 28): a pipe, a device link, a file over the bound in the
	// folder is left out of the unit, and is a diagnostic on that file, never a stall.
	files, refused, ok := compiler.UnitOfChecked(rep, overlay)
	res.wd = filepath.Dir(rep)
	for _, r := range refused {
		res.diags[r.File] = append(res.diags[r.File], diag.Errorf(diag.Pos{File: r.File, Line: 1, Column: 1}, r.Code,
			"%s; the file was left out of the scenario", r.Msg))
		res.texts[r.File] = newText(nil)
	}
	if !ok {
		res.files = []string{rep} // not a file sortie vets: nothing else to say about it
		return res
	}
	res.files = files
	an, err := compiler.AnalyzeContext(ctx, files, compiler.Options{WorkDir: res.wd, Overlay: overlay, Budget: s.opts.Budget})
	if err != nil && ctx.Err() != nil {
		res.cancelled = true // stale: a change or the shutdown came first
		return res
	}
	if err != nil {
		// An I/O or usage error (a file vanished): say so at the top of the file.
		an = &compiler.Analysis{Diagnostics: diag.List{diag.Errorf(diag.Pos{File: rep, Line: 1, Column: 1}, "L003", "%v", err)}}
	}
	res.symbols = an.Symbols
	for _, d := range an.Diagnostics {
		f := s.absName(res.wd, d.Pos.File)
		res.diags[f] = append(res.diags[f], d)
	}
	textOf := func(f string) {
		if _, ok := res.texts[f]; ok {
			return
		}
		if src, ok := overlay[f]; ok {
			res.texts[f] = newText(src)
		} else if src, err := safeio.ReadNamed(f, compiler.MaxFileSize); err == nil {
			// Through the gate (issue 28): a /dev/zero link or a pipe in the folder is never read.
			res.texts[f] = newText(src)
		} else {
			res.texts[f] = newText(nil)
		}
	}
	for _, f := range files {
		textOf(f)
	}
	for f, list := range res.diags {
		textOf(f)
		for _, d := range list {
			for _, r := range d.Related {
				textOf(s.absName(res.wd, r.File))
			}
		}
	}
	return res
}

// absName turns a diagnostic's file name (./rel to wd, or absolute) into an absolute one.
func (s *Server) absName(wd, name string) string {
	if filepath.IsAbs(name) {
		return filepath.Clean(name)
	}
	return filepath.Join(wd, filepath.FromSlash(strings.TrimPrefix(name, "./")))
}

// publish sends the diagnostics of every file of the result (a campaign: its own file only),
// and clears those this unit published before that have none now.
//
// A unit closed before the publish starts publishes nothing (pubMu orders the two).
func (s *Server) publish(u *unitState, res *result) {
	s.pubMu.Lock()
	defer s.pubMu.Unlock()
	s.mu.Lock()
	closed := u.closed
	s.mu.Unlock()
	if closed {
		return
	}
	targets := map[string]bool{}
	for _, f := range res.files {
		targets[f] = true
	}
	if !u.campaign {
		for f := range res.diags { // a finding in a file of the unit's folder
			if filepath.Dir(f) == res.wd {
				targets[f] = true
			}
		}
	}
	names := make([]string, 0, len(targets))
	for f := range targets {
		names = append(names, f)
	}
	sort.Strings(names)
	now := map[string]bool{}
	for _, f := range names {
		uri := s.uriOf(f)
		now[uri] = true
		p := protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: s.convert(res, f)}
		if v, ok := res.versions[f]; ok && v >= 0 {
			uv := protocol.UInteger(v)
			p.Version = &uv
		}
		s.notify(protocol.ServerTextDocumentPublishDiagnostics, p)
	}
	s.mu.Lock()
	var clear []string
	for uri := range u.published {
		if !now[uri] {
			clear = append(clear, uri)
		}
	}
	u.published = now
	s.mu.Unlock()
	sort.Strings(clear)
	for _, uri := range clear {
		s.notify(protocol.ServerTextDocumentPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{}})
	}
}

// convert turns the findings in file f into LSP diagnostics: range from the position to the end
// of the token there (a whole first line for a finding about the file), code with its explain
// link, the hint on a second line, related positions as related information.
func (s *Server) convert(res *result, f string) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	t := res.texts[f]
	if t == nil {
		t = newText(nil)
	}
	for _, d := range res.diags[f] {
		sev := protocol.DiagnosticSeverityError
		switch d.Severity {
		case diag.Warning:
			sev = protocol.DiagnosticSeverityWarning
		case diag.Info:
			sev = protocol.DiagnosticSeverityInformation
		}
		msg := d.Message
		if d.Hint != "" {
			msg += "\nhint: " + d.Hint
		}
		source := "sortie"
		pd := protocol.Diagnostic{Range: tokenRange(t, d.Pos.Line, d.Pos.Column), Severity: &sev,
			Code: &protocol.IntegerOrString{Value: d.Code}, Source: &source, Message: msg,
			CodeDescription: &protocol.CodeDescription{HRef: s.opts.ExplainURL + strings.ToLower(d.Code)}}
		for _, r := range d.Related {
			rf := s.absName(res.wd, r.File)
			rt := res.texts[rf]
			if rt == nil {
				continue
			}
			pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
				Location: protocol.Location{URI: s.uriOf(rf), Range: tokenRange(rt, r.Line, r.Column)},
				Message:  "see also"})
		}
		out = append(out, pd)
	}
	return out
}

// tokenRange is the range of the token at sortie's line:col (compiler.TokenEnd); a position
// without a line is the first line.
func tokenRange(t *text, line, col int) protocol.Range {
	if line < 1 {
		_, end := t.lineBounds(0)
		return protocol.Range{Start: protocol.Position{}, End: t.position(end)}
	}
	col = max(col, 1)
	el, ec := compiler.TokenEnd(t.src, line, col)
	return protocol.Range{Start: t.pos(line, col), End: t.pos(el, ec)}
}

// closeUnitLocked ends a unit whose documents are all closed and clears its diagnostics.
func (s *Server) closeUnitLocked(u *unitState) []string {
	u.closed = true
	if u.timer != nil {
		u.timer.Stop()
	}
	delete(s.units, u.key)
	var uris []string
	for uri := range u.published {
		uris = append(uris, uri)
	}
	sort.Strings(uris)
	return uris
}
