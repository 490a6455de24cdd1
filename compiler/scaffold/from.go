package scaffold

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/format"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/cue/token"
	yaml "go.yaml.in/yaml/v3"
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
	for _, e := range entries {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		if scenario[filepath.Clean(p)] {
			if data, err = rename(p, data, id, title); err != nil {
				return nil, err
			}
		}
		out = append(out, File{Path: e.Name(), Data: data})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// rename sets the top-level id (and title) of one scenario file.
func rename(name string, data []byte, id, title string) ([]byte, error) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".cue":
		f, err := parser.ParseFile(name, data, parser.ParseComments)
		if err != nil {
			return nil, err
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
						lit.Value = strconv.Quote(id)
					case label == "title" && title != "":
						lit.Value = strconv.Quote(title)
					}
				}
			}
		}
		return format.Node(f)
	case ".json":
		out := replaceJSON(data, "id", id)
		if title != "" {
			out = replaceJSON(out, "title", title)
		}
		return out, nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return data, nil
	}
	// Only the value's token is replaced, so everything else stays byte for byte.
	lines := strings.Split(string(data), "\n")
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i].Value, m.Content[i+1]
		var to string
		switch {
		case k == "id":
			to = id
		case k == "title" && title != "":
			to = title
		default:
			continue
		}
		if v.Kind != yaml.ScalarNode || v.Line < 1 || v.Line > len(lines) || v.Column < 1 || v.Column > len(lines[v.Line-1]) {
			continue
		}
		l := lines[v.Line-1]
		rest := l[v.Column-1:]
		n := tokenLen(rest)
		lines[v.Line-1] = l[:v.Column-1] + strconv.Quote(to) + rest[n:]
	}
	return []byte(strings.Join(lines, "\n")), nil
}

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

// replaceJSON sets the first "key": "..." of a JSON document (the top level's, in a scenario).
func replaceJSON(data []byte, key, value string) []byte {
	re := regexp.MustCompile(`"` + key + `"\s*:\s*"(?:[^"\\]|\\.)*"`)
	done := false
	return re.ReplaceAllFunc(data, func(m []byte) []byte {
		if done {
			return m
		}
		done = true
		q := strconv.Quote(value)
		return []byte(`"` + key + `": ` + q)
	})
}
