package scaffold

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
	yaml "go.yaml.in/yaml/v3"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/nesting"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// From copies the scenario whose files are files (as the compiler found them) under a new id:
// the scenario's files, and every other regular file of its folder (scripts, notes; not
// subfolders or hidden files), with the top-level id field set to id in each scenario file that
// gives one (and its CUE package clause renamed to match), and title replaced when title is not
// "". The copy keeps every comment. The result is sorted by path.
func From(files []string, id, title string) ([]File, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("no scenario files to copy")
	}
	if !ValidID(id) {
		return nil, fmt.Errorf("%q is not an id: letters, digits, '_' and '-', not starting with '-'", id)
	}
	dir := filepath.Dir(files[0])
	scenario := map[string]bool{}
	for _, f := range files {
		scenario[filepath.Clean(f)] = true
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []File
	renamed := 0
	for _, e := range entries {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		// Through the gate (issue 28): links are skipped above, and an 8 GB sparse file is refused
		// by its size, never read.
		data, err := safeio.ReadFile(p, 4<<20) // a scenario file's bound (compiler.MaxFileSize)
		if err != nil {
			return nil, err
		}
		if scenario[filepath.Clean(p)] {
			var found bool
			if data, found, err = rename(p, data, id, title); err != nil {
				return nil, err
			}
			if found {
				renamed++
			}
		}
		out = append(out, File{Path: e.Name(), Data: data})
	}
	if renamed == 0 {
		// A script or a note named as the scenario: a copy would keep the old id.
		return nil, fmt.Errorf("no top-level id to rewrite in %s: name the scenario's folder or its scenario file", strings.Join(files, ", "))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// rename sets the top-level id (and title) of one scenario file; found says whether it has a
// top-level id.
func rename(name string, data []byte, id, title string) (out []byte, found bool, err error) {
	kind := strings.TrimPrefix(strings.ToLower(filepath.Ext(name)), ".")
	if line, col, msg := nesting.Find(kind, data); msg != "" {
		// Before a recursive parser sees it, as vet refuses it (L005).
		return nil, false, fmt.Errorf("%s:%d:%d: %s: refused (L005)", name, line, col, msg)
	}
	switch strings.ToLower(filepath.Ext(name)) {
	case ".cue":
		f, err := parser.ParseFile(name, data, parser.ParseComments)
		if err != nil {
			return nil, false, err
		}
		for _, d := range f.Decls {
			switch x := d.(type) {
			case *ast.Package:
				x.Name = ast.NewIdent(pkgName(id))
			case *ast.Field:
				label, _, _ := ast.LabelName(x.Label)
				if lit, ok := x.Value.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					switch {
					case label == "id":
						lit.Value, found = strconv.Quote(id), true
					case label == "title" && title != "":
						lit.Value = strconv.Quote(title)
					}
				}
			}
		}
		out, err := format.Node(f)
		return out, found, err
	case ".json":
		out, found := replaceJSON(data, "id", id)
		if title != "" {
			out, _ = replaceJSON(out, "title", title)
		}
		return out, found, nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, false, fmt.Errorf("%s: %v", name, err)
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return data, false, nil
	}
	// Only the value's token is replaced (after its anchor, which an alias may name), so
	// everything else stays byte for byte; a block scalar (| or >) loses its lines below the key.
	// Last key first, so that removed lines do not move the ones still to replace.
	lines := strings.Split(string(data), "\n")
	m := doc.Content[0]
	for i := len(m.Content) - 2; i >= 0; i -= 2 {
		key, v := m.Content[i], m.Content[i+1]
		var to string
		switch {
		case key.Value == "id":
			to = id
		case key.Value == "title" && title != "":
			to = title
		default:
			continue
		}
		if v.Kind != yaml.ScalarNode || v.Line < 1 || v.Line > len(lines) || v.Column < 1 || v.Column > len(lines[v.Line-1]) {
			continue
		}
		found = found || key.Value == "id"
		l := lines[v.Line-1]
		at := v.Column - 1
		if v.Anchor != "" && strings.HasPrefix(l[at:], "&"+v.Anchor) {
			at += 1 + len(v.Anchor)
			for at < len(l) && (l[at] == ' ' || l[at] == '\t') {
				at++
			}
		}
		rest := l[at:]
		if v.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			// The header (| or > and its indicators) up to a comment; then the content lines,
			// each blank or indented past the key.
			n := len(rest)
			if c := strings.Index(rest, " #"); c >= 0 {
				n = c
			}
			lines[v.Line-1] = l[:at] + strconv.Quote(to) + rest[n:]
			end := v.Line // lines[end] is the line after the header
			for end < len(lines) && (strings.TrimSpace(lines[end]) == "" || indentOf(lines[end]) > key.Column-1) {
				end++
			}
			for end > v.Line && strings.TrimSpace(lines[end-1]) == "" {
				end-- // blank lines after the block separate entries: they stay
			}
			lines = append(lines[:v.Line], lines[end:]...)
			continue
		}
		lines[v.Line-1] = l[:at] + strconv.Quote(to) + rest[tokenLen(rest):]
	}
	return []byte(strings.Join(lines, "\n")), found, nil
}

// indentOf counts the spaces a line starts with.
func indentOf(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

// tokenLen is the length of the YAML scalar token that starts s: a quoted string to its closing
// quote, or a plain scalar up to a comment or the end of the line.
func tokenLen(s string) int {
	switch {
	case strings.HasPrefix(s, `"`):
		for i := 1; i < len(s); i++ {
			if s[i] == '\\' {
				i++
				continue
			}
			if s[i] == '"' {
				return i + 1
			}
		}
	case strings.HasPrefix(s, "'"):
		for i := 1; i < len(s); i++ {
			if s[i] == '\'' {
				if i+1 < len(s) && s[i+1] == '\'' {
					i++
					continue
				}
				return i + 1
			}
		}
	default:
		if i := strings.Index(s, " #"); i >= 0 {
			return len(strings.TrimRight(s[:i], " \t"))
		}
		return len(strings.TrimRight(s, " \t\r"))
	}
	return len(s)
}

// replaceJSON sets the string value of key in the top-level object of a JSON document (not a
// nested "title", such as an encounter's), keeping every other byte; data is returned as it is
// (and false) when the top level has no such string field or is not JSON.
func replaceJSON(data []byte, key, value string) ([]byte, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct{ object, wantKey bool }
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return data, false
		}
		top := len(stack) - 1
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				if top >= 0 && stack[top].object {
					stack[top].wantKey = true // this value ends the pair
				}
				stack = append(stack, frame{object: t == '{', wantKey: t == '{'})
			default:
				stack = stack[:top]
			}
			continue
		case string:
			if top == 0 && stack[0].object && stack[0].wantKey {
				stack[0].wantKey = false
				if t != key {
					continue
				}
				start := dec.InputOffset()
				v, err := dec.Token()
				if _, ok := v.(string); err != nil || !ok {
					return data, false // not a string: leave it to vet
				}
				end := dec.InputOffset()
				i := bytes.IndexByte(data[start:end], '"') // after the colon and blanks
				if i < 0 {
					return data, false
				}
				q, _ := json.Marshal(value)
				q = esc.JSON(q) // a raw bidi override or zero-width character is written escaped
				return append(append(append([]byte{}, data[:start+int64(i)]...), q...), data[end:]...), true
			}
		}
		if top >= 0 && stack[top].object {
			stack[top].wantKey = !stack[top].wantKey
		}
	}
}
