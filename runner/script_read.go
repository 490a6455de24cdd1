package runner

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"cuelang.org/go/cue/ast"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/literal"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
	"cuelang.org/go/encoding/yaml"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/compiler/yamlpos"
)

// Reading a script: YAML, JSON or CUE, every entry checked and kept with its position (X002).

// MaxScriptSize is the largest script file ReadScript reads, in bytes (4 MiB, as for a scenario
// file); a larger one is refused (X005).
const MaxScriptSize = 4 << 20

// RefusedError is a script file ReadScript will not read: not a regular file (a named pipe, whose
// read blocks until a writer comes, a device such as /dev/zero, which never ends, a folder) or
// larger than MaxScriptSize. Diag is its X005 diagnostic, at the file; Error is Diag's text.
type RefusedError struct{ Diag diag.Diagnostic }

func (e *RefusedError) Error() string { return e.Diag.String() }

// LoadScript reads (ReadScript) and parses a script file (see Script). The error is for I/O
// only, a *RefusedError among them; a script that does not parse comes back nil with X002
// diagnostics in the list.
func LoadScript(path string) (*Script, diag.List, error) { return LoadScriptFor(path, "") }

// ReadScript returns the contents of the script file at path. Only a regular file of at most
// MaxScriptSize bytes is read: anything else is a *RefusedError (X005), found before the file is
// opened (opening a named pipe blocks), checked again on the open file, and the read is capped,
// so that it ends whatever the file turns into meanwhile. Other errors are os errors.
func ReadScript(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := refusal(path, st); err != nil {
		return nil, err
	}
	// O_NONBLOCK: a script swapped for a pipe between the stat and the open does not block
	// the open (issue 28); the opened file is judged again below.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := refusal(path, st); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxScriptSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxScriptSize {
		return nil, refused(path, fmt.Sprintf("larger than %d bytes (4 MiB)", MaxScriptSize))
	}
	return safeio.TrimBOM(data), nil // a byte order mark is read past
}

// parseScript is ParseScript for a script of kind (LoadScriptFor).
func parseScript(filename string, src []byte, kind string) (s *Script, list diag.List) {
	defer func() {
		// The parsers are not ours; whatever they do, a script never crashes the runner.
		if r := recover(); r != nil {
			s = nil
			list = diag.List{diag.Errorf(diag.Pos{File: filename}, CodeScriptError, "cannot parse the script: %v", r)}
		}
	}()
	isCUE := strings.EqualFold(filepath.Ext(filename), ".cue")
	if d, deep := scriptTooDeep(filename, src, isCUE); deep {
		return nil, diag.List{d}
	}
	var f *ast.File
	var err error
	if isCUE {
		f, err = parser.ParseFile(filename, src)
	} else {
		if blankYAML(src) {
			return &Script{file: filename, rolling: -1, end: diag.Pos{File: filename}}, nil
		}
		f, err = yaml.Extract(filename, src)
	}
	if err != nil {
		for _, e := range cueerrors.Errors(err) {
			list.Add(syntaxDiag(filename, src, e))
		}
		if len(list) == 0 {
			list.Add(diag.Errorf(diag.Pos{File: filename}, CodeScriptError, "%s", err))
		}
		list.Sort()
		return nil, list
	}
	p := &scriptParser{file: filename, example: ScriptExamples[kind]}
	if p.example == "" {
		p.example = ScriptExamples[""]
	}
	sc := p.file1(f)
	if p.list.HasErrors() {
		p.list.Sort()
		return nil, p.list
	}
	return sc, p.list
}

// blankYAML reports whether a YAML source holds no document: only blank lines, comments and
// document markers (the YAML reader returns "anything" for it, not null).
func blankYAML(src []byte) bool {
	for _, l := range strings.Split(string(src), "\n") {
		l = strings.TrimSpace(l)
		if l != "" && l != "---" && l != "..." && !strings.HasPrefix(l, "#") {
			return false
		}
	}
	return true
}

// syntaxDiag turns a parser error into an X002 diagnostic. The YAML parser puts "file:line:" (or
// "file:") in its messages instead of a position, and names a line only, not always the
// problem's; yamlpos places it (the byte a reader error refuses, where a second parser fails).
func syntaxDiag(filename string, src []byte, e cueerrors.Error) diag.Diagnostic {
	pos := toPos(e.Position())
	msg := e.Error()
	if !pos.IsValid() || pos.Line == 0 {
		pos = diag.Pos{File: filename}
		line := 0
		if rest, ok := strings.CutPrefix(msg, filename+":"); ok {
			msg = strings.TrimSpace(rest)
			if i := strings.IndexByte(rest, ':'); i > 0 {
				if n, err := strconv.Atoi(rest[:i]); err == nil {
					line = n
					msg = strings.TrimSpace(rest[i+1:])
				}
			}
		}
		if strings.EqualFold(filepath.Ext(filename), ".cue") {
			pos.Line = line
		} else {
			pos.Line, pos.Column, msg = yamlpos.Place(src, line, msg, scriptLocateLimit)
		}
	} else if rest, ok := strings.CutPrefix(msg, pos.String()+": "); ok {
		msg = rest
	}
	return diag.Errorf(pos, CodeScriptError, "syntax error: %s", msg)
}

// scriptLocateLimit is the largest script whose YAML syntax errors yamlpos.Locate places with
// its second parser (256 KiB, as sortie fmt: a script is a few KiB).
const scriptLocateLimit = 256 << 10

func toPos(p token.Pos) diag.Pos {
	if !p.IsValid() {
		return diag.Pos{}
	}
	return diag.Pos{File: p.Filename(), Line: p.Line(), Column: p.Column()}
}

type scriptParser struct {
	file    string
	list    diag.List
	example string // a short script of the kind read (ScriptExamples)
}

func (p *scriptParser) errorf(n ast.Node, format string, args ...any) {
	pos := diag.Pos{File: p.file}
	if n != nil {
		if q := toPos(n.Pos()); q.IsValid() {
			pos = q
		}
	}
	p.list.Add(diag.Errorf(pos, CodeScriptError, format, args...))
}

const entryHint = "an entry is {move: DIR}, {battle: won|fled|defeated|routed|fight}, {pick: FACE}, {night: rest|march}, {protect: NAME|none}, {target: NAME|none}, {cancel: yes|no}, {take: yes|no}, {traverse: continue|stop|leave} or {roll: [FACE, ...]}, for Pathfinder {tactic: NAME}, {strategy: NAME}, {target: ARMY}, {answer: yes|no}, {place: HEX} or {boon: NAME}; optionally with day: N; in a campaign also {select: ID}, {benefit: ID|none}, {prepare: sortie|treat|\"buy ITEM\"|\"resurrect PC\"} or {retry: midpoint|start}; in a clash battle {unit: ID, action: NAME} or {solo: ID, action: NAME}, then optionally {command: NAME}, {config: NAME}, {stand: NAME, to: [X, Y]}, {with: NAME}, {target: NAME}, {spell: ID}, {area: PLACE}, {overflow: STAND}, {fill: STAND|none}, {step: stay|\"leave X,Y\"|\"switch STAND\"} or {join: STAND|stay}"

// file1 finds the list of entries in a parsed file.
func (p *scriptParser) file1(f *ast.File) *Script {
	s := &Script{file: p.file, rolling: -1, end: diag.Pos{File: p.file}}
	var list *ast.ListLit
	fields := false // a field was refused: one X002 says the file is fields, not each of them
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.Package, *ast.CommentGroup, *ast.Attribute:
		case *ast.EmbedDecl:
			switch x := d.Expr.(type) {
			case *ast.ListLit:
				if list != nil {
					p.errorf(x, "a script is one list of entries; this is a second one")
					continue
				}
				list = x
			case *ast.BasicLit:
				if x.Kind != token.NULL { // an empty YAML document is null: no entries
					p.errorf(x, "a script is a list of entries, not %s", x.Value)
				}
			default:
				p.errorf(d, "a script is a list of entries")
			}
		default:
			if !fields {
				p.errorf(d, "a script is a list of entries, such as %s, not fields", p.example)
			}
			fields = true
		}
	}
	if list == nil {
		return s
	}
	if q := toPos(list.Rbrack); q.IsValid() {
		s.end = q
	}
	for _, el := range list.Elts {
		st, ok := el.(*ast.StructLit)
		if !ok {
			p.errorf(el, "%s", entryHint)
			continue
		}
		if e, ok := p.entry(st); ok {
			s.entries = append(s.entries, e)
		}
	}
	if !s.end.IsValid() || s.end.Line == 0 {
		if n := len(s.entries); n > 0 {
			s.end = s.entries[n-1].pos
		}
	}
	return s
}

var entryKeys = []string{"move", "battle", "pick", "night", "roll", "day", "protect", "target", "cancel", "take", "traverse", "tactic", "strategy", "answer", "place", "select", "benefit", "prepare", "boon", "retry",
	"unit", "solo", "stand", "action", "command", "config", "to", "with", "spell", "area", "overflow", "fill", "step", "join"}

// clashKeys are the decision keys of clash battles (a name each; to also takes [x, y]).
var clashKeys = map[string]Kind{"action": KindAction, "command": KindCommand, "config": KindConfig, "to": KindTo,
	"with": KindWith, "spell": KindSpell, "area": KindArea, "overflow": KindOverflow, "fill": KindFill,
	"step": KindStep, "join": KindJoin}

// entry reads one entry.
func (p *scriptParser) entry(st *ast.StructLit) (entry, bool) {
	var e entry
	e.kind = 255
	seen := map[string]bool{}
	ok := true
	var kindKey string
	for _, d := range st.Elts {
		f, isField := d.(*ast.Field)
		if !isField {
			if _, isComment := d.(*ast.CommentGroup); isComment {
				continue
			}
			p.errorf(d, "unexpected %s in a script entry; %s", nodeWord(d), entryHint)
			ok = false
			continue
		}
		key, kok := labelName(f.Label)
		if !kok {
			p.errorf(f.Label, "a key of a script entry must be a plain name")
			ok = false
			continue
		}
		if f.Constraint != token.ILLEGAL {
			p.errorf(f.Label, "key %s: optional or required markers have no meaning in a script", key)
			ok = false
			continue
		}
		if seen[key] {
			p.errorf(f.Label, "key %s given twice in one entry", key)
			ok = false
			continue
		}
		seen[key] = true
		var k Kind
		switch key {
		case "move":
			k = KindMove
		case "battle":
			k = KindBattle
		case "pick":
			k = KindPick
		case "night":
			k = KindNight
		case "roll":
			k = KindRoll
		case "protect":
			k = KindProtect
		case "target":
			k = KindTarget
		case "cancel":
			k = KindCancel
		case "take":
			k = KindTake
		case "traverse":
			k = KindTraverse
		case "tactic":
			k = KindTactic
		case "strategy":
			k = KindStrategy
		case "answer":
			k = KindAnswer
		case "place":
			k = KindPlace
		case "boon":
			k = KindBoon
		case "select":
			k = KindSelect
		case "benefit":
			k = KindBenefit
		case "prepare":
			k = KindPrepare
		case "retry":
			k = KindRetry
		case "unit", "solo", "stand":
			name, nok := nameValue(f.Value)
			if !nok || strings.TrimSpace(name) == "" {
				p.errorf(f.Value, "%s wants the id of a %s", key, key)
				ok = false
				continue
			}
			if e.whoKey != "" {
				p.errorf(f.Label, "an entry is for one unit, solo or stand; this one has %s and %s", e.whoKey, key)
				ok = false
				continue
			}
			e.who, e.whoKey, e.whoPos = name, key, toPos(f.Label.Pos())
			continue
		case "day":
			n, nok := intValue(f.Value)
			if !nok || n < 1 {
				p.errorf(f.Value, "day wants a day number (1 or more)")
				ok = false
				continue
			}
			e.day, e.dayPos = n, toPos(f.Label.Pos())
			continue
		default:
			if ck, isClash := clashKeys[key]; isClash {
				k = ck
				break
			}
			msg := fmt.Sprintf("unknown key %q in a script entry", key)
			if m := diag.Suggest(key, entryKeys); m != "" {
				msg += fmt.Sprintf("; did you mean %q?", m)
			}
			p.errorf(f.Label, "%s", msg)
			ok = false
			continue
		}
		if kindKey != "" {
			p.errorf(f.Label, "an entry makes one decision, this one has %s and %s", kindKey, key)
			ok = false
			continue
		}
		kindKey = key
		e.kind = k
		e.pos = toPos(f.Label.Pos())
		if !e.pos.IsValid() {
			e.pos = diag.Pos{File: p.file}
		}
		switch k {
		case KindSelect, KindBenefit, KindPrepare:
			// Campaign decisions: any name; whether it is legal is known only when it is asked.
			name, nok := nameValue(f.Value)
			if !nok || name == "" {
				p.errorf(f.Value, "%s wants a name, such as %s", key, map[Kind]string{KindSelect: "select: field01", KindBenefit: "benefit: daisy", KindPrepare: `prepare: sortie`}[k])
				ok = false
				continue
			}
			e.name = name
			e.src = key + ": " + name
		case KindTactic, KindStrategy, KindPlace, KindBoon:
			name, nok := nameValue(f.Value)
			if !nok || strings.TrimSpace(name) == "" {
				p.errorf(f.Value, "%s wants a name, such as %s", key, map[Kind]string{KindTactic: `tactic: "defensive wall"`,
					KindStrategy: "strategy: aggressive", KindPlace: "place: ford", KindBoon: `boon: loyalty`}[k])
				ok = false
				continue
			}
			e.name = name
			e.src = key + ": " + name
		case KindProtect, KindTarget:
			// A PC, monster or "none": checked against the state when the decision is asked.
			name, nok := nameValue(f.Value)
			if !nok || name == "" {
				p.errorf(f.Value, "%s wants a name (or none)", key)
				ok = false
				continue
			}
			e.name = name
			e.src = key + ": " + name
		case KindAnswer:
			name, nok := nameValue(f.Value)
			if b, isLit := f.Value.(*ast.BasicLit); isLit && (b.Kind == token.TRUE || b.Kind == token.FALSE) {
				name, nok = map[bool]string{true: "yes", false: "no"}[b.Kind == token.TRUE], true
			}
			// party | monsters: who won a Karzoral detailed battle's initiative (K-75, K-76;
			// issue 22 D4: a script could not give it to the monsters).
			if !nok || (name != "yes" && name != "no" && name != "party" && name != "monsters") {
				p.errorf(f.Value, "answer wants yes or no (or party or monsters: the initiative, K-75)")
				ok = false
				continue
			}
			e.name = name
			e.src = key + ": " + name
		case KindMove, KindBattle, KindNight, KindCancel, KindTake, KindTraverse, KindRetry:
			allowed := Vocabulary(k)
			name, nok := nameValue(f.Value)
			if !nok || !contains(allowed, name) {
				msg := fmt.Sprintf("%s wants one of %s", key, strings.Join(allowed, ", "))
				if nok {
					if m := diag.Suggest(name, allowed); m != "" {
						msg += fmt.Sprintf("; did you mean %q?", m)
					}
				}
				p.errorf(f.Value, "%s", msg)
				ok = false
				continue
			}
			e.name = name
			e.src = key + ": " + name
		case KindAction, KindCommand, KindConfig, KindTo, KindWith, KindSpell, KindArea, KindOverflow, KindFill, KindStep, KindJoin:
			// Clash decisions: a name (to: also [x, y]); whether it is legal is known when asked.
			name, nok := nameValue(f.Value)
			if l, isList := f.Value.(*ast.ListLit); isList && k == KindTo && len(l.Elts) == 2 {
				x, xok := intValue(l.Elts[0])
				y, yok := intValue(l.Elts[1])
				name, nok = strconv.Itoa(x)+","+strconv.Itoa(y), xok && yok
			} else if n, isNum := intValue(f.Value); isNum && !nok {
				name, nok = strconv.Itoa(n), true
			}
			if !nok || strings.TrimSpace(name) == "" {
				p.errorf(f.Value, "%s wants a name, such as %s", key, map[Kind]string{KindAction: "action: attack",
					KindCommand: "command: incite", KindConfig: "config: defend", KindTo: "to: [3, 4]",
					KindWith: "with: multiattack", KindSpell: "spell: fireball", KindArea: `area: "5,4"`,
					KindOverflow: `overflow: "orcs 2"`, KindFill: "fill: none", KindStep: "step: stay", KindJoin: `join: "guards 1"`}[k])
				ok = false
				continue
			}
			e.name = name
			e.src = key + ": " + name
		case KindPick:
			n, nok := intValue(f.Value)
			if !nok {
				p.errorf(f.Value, "pick wants a die face (a number)")
				ok = false
				continue
			}
			e.face = n
			e.src = key + ": " + strconv.Itoa(n)
		case KindRoll:
			var elts []ast.Expr
			if l, isList := f.Value.(*ast.ListLit); isList {
				elts = l.Elts
			} else {
				elts = []ast.Expr{f.Value}
			}
			var src []string
			for _, x := range elts {
				n, nok := intValue(x)
				if !nok {
					p.errorf(x, "roll wants die faces (numbers), such as roll: [3, 5]")
					ok = false
					continue
				}
				e.faces = append(e.faces, n)
				q := toPos(x.Pos())
				if !q.IsValid() {
					q = e.pos
				}
				e.facePos = append(e.facePos, q)
				src = append(src, strconv.Itoa(n))
			}
			if len(elts) == 0 {
				p.errorf(f.Value, "roll wants at least one die face")
				ok = false
			}
			e.src = "roll: [" + strings.Join(src, ", ") + "]"
		}
	}
	if ok && kindKey == "" {
		p.errorf(st, "the entry makes no decision; %s", entryHint)
		ok = false
	}
	if ok && e.kind == KindAction && e.whoKey != "unit" && e.whoKey != "solo" {
		p.errorf(st, "an action entry names whose turn it is: {unit: ID, action: %s} or {solo: ID, action: %s}", e.name, e.name)
		ok = false
	}
	return e, ok
}

func nodeWord(n ast.Node) string {
	switch n.(type) {
	case *ast.Comprehension:
		return "comprehension"
	case *ast.EmbedDecl:
		return "embedded value"
	case *ast.LetClause:
		return "let"
	case *ast.Ellipsis:
		return "..."
	}
	return "construct"
}

func labelName(l ast.Label) (string, bool) {
	switch l := l.(type) {
	case *ast.Ident:
		return l.Name, true
	case *ast.BasicLit:
		if l.Kind == token.STRING {
			s, err := literal.Unquote(l.Value)
			return s, err == nil
		}
	}
	return "", false
}

// nameValue reads a string, or a bare identifier as its name.
func nameValue(x ast.Expr) (string, bool) {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name, true
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			s, err := literal.Unquote(x.Value)
			return s, err == nil
		}
	}
	return "", false
}

// intValue reads an integer literal, possibly negated.
func intValue(x ast.Expr) (int, bool) {
	neg := false
	if u, ok := x.(*ast.UnaryExpr); ok {
		switch u.Op {
		case token.SUB:
			neg = true
		case token.ADD:
		default:
			return 0, false
		}
		x = u.X
	}
	lit, ok := x.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return 0, false
	}
	n, err := strconv.ParseInt(lit.Value, 0, 32)
	if err != nil {
		return 0, false
	}
	if neg {
		n = -n
	}
	return int(n), true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
