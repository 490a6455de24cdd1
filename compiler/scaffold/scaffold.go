// Package scaffold writes the starting points of sortie init: a complete, commented, playable
// scenario (Karzoral or Pathfinder), a Karzoral campaign, a Pathfinder or a When Armies Clash
// battle file, each with a script that plays and a tests list that checks it (a clash battle
// also declares balance checks, expect:); and copies of an existing scenario under a new id (From).
//
// The templates are embedded (templates/RULES/KIND/); __ID__, __PKG__ and __TITLE__ in them are
// replaced by the new id, its CUE package name and the title. Every template vets clean with
// sortie vet --strict and its script wins: the package's tests check both.
package scaffold

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/sortie-rpg/sortie/compiler/safeio"
)

//go:embed templates
var templates embed.FS

// File is one file to write: a slash-separated path relative to the new folder, and its bytes.
type File struct {
	Path string
	Data []byte
}

// Rules lists the rule systems sortie init knows, and Kinds the kinds of file each offers
// (the first is the default).
var (
	Rules = []string{"karzoral", "pathfinder", "clash"}
	kinds = map[string][]string{
		"karzoral":   {"scenario", "campaign"},
		"pathfinder": {"scenario", "battle"},
		"clash":      {"battle"},
	}
)

// Kinds returns the kinds of starting point a rule system offers, the default first, or an error
// naming what exists.
func Kinds(rules string) ([]string, error) {
	if k, ok := kinds[rules]; ok {
		return k, nil
	}
	return nil, fmt.Errorf("unknown rules %q: use %s", rules, strings.Join(Rules, ", "))
}

// Options say what New writes.
type Options struct {
	Rules string // "karzoral" | "pathfinder" | "clash"
	Kind  string // "" (the rules' default) | "scenario" | "campaign" | "battle"
	ID    string // the id of the scenario, campaign or battle; must be a valid id (ValidID)
	Title string // "" gives one made from the id
	// Format is the format of the scenario, campaign and battle files: "" or "cue", "yaml" or
	// "json" (Formats); scripts are YAML whatever it is.
	Format string
}

var reID = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_-]*$`) })

// ValidID reports whether s is an id the schema accepts (#ID).
func ValidID(s string) bool { return reID().MatchString(s) && len(s) <= 64 }

// IDFromDir makes an id from a folder name: lower case, runs of other characters as one '-',
// "scenario" when nothing is left.
func IDFromDir(dir string) string {
	base := filepath.Base(filepath.Clean(dir))
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(base) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_'):
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	id := strings.TrimRight(b.String(), "-")
	if len(id) > 64 {
		id = strings.TrimRight(id[:64], "-")
	}
	if id == "" {
		return "scenario"
	}
	return id
}

// pkgName is a CUE package name for id: '-' becomes '_', a leading digit gets an 's'.
func pkgName(id string) string {
	p := strings.ReplaceAll(id, "-", "_")
	if p == "" || p[0] >= '0' && p[0] <= '9' {
		p = "s" + p
	}
	return p
}

// titleOf makes a title from an id: "stone-bridge" -> "Stone bridge".
func titleOf(id string) string {
	t := strings.NewReplacer("-", " ", "_", " ").Replace(id)
	if t == "" {
		return "New scenario"
	}
	return strings.ToUpper(t[:1]) + t[1:]
}

// New returns the files of a new starting point, sorted by path.
func New(o Options) ([]File, error) {
	ks, err := Kinds(o.Rules)
	if err != nil {
		return nil, err
	}
	kind := o.Kind
	if kind == "" {
		kind = ks[0]
	}
	found := false
	for _, k := range ks {
		found = found || k == kind
	}
	if !found {
		return nil, fmt.Errorf("rules %q has no %s starting point: use --kind %s", o.Rules, kind, strings.Join(ks, " or "))
	}
	if !ValidID(o.ID) {
		return nil, fmt.Errorf("%q is not an id: letters, digits, '_' and '-', not starting with '-'", o.ID)
	}
	title := o.Title
	if title == "" {
		title = titleOf(o.ID)
	}
	files, err := render(path.Join(o.Rules, kind), "", o.ID, title)
	if err != nil {
		return nil, err
	}
	if o.Rules == "karzoral" && kind == "campaign" {
		// The campaign's main scenario is the Karzoral scenario template, in raid/.
		raid, err := render("karzoral/scenario", "raid/", "raid", "The Raiders' Tower")
		if err != nil {
			return nil, err
		}
		files = append(files, raid...)
	}
	if files, err = convert(files, o.Format); err != nil {
		return nil, err
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

// render reads the template folder dir, substituting the placeholders, with prefix before each
// path.
func render(dir, prefix, id, title string) ([]File, error) {
	root := path.Join("templates", dir)
	var out []File
	err := fs.WalkDir(templates, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := templates.ReadFile(p)
		if err != nil {
			return err
		}
		s := strings.NewReplacer("__ID__", id, "__PKG__", pkgName(id), "__TITLE__", cueText(title)).Replace(string(data))
		out = append(out, File{Path: prefix + strings.TrimPrefix(p, root+"/"), Data: []byte(s)})
		return nil
	})
	return out, err
}

// cueText makes a title safe inside a double-quoted CUE (and YAML comment) string.
func cueText(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s)
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// ErrNotEmpty is returned by Write for a folder that already holds something.
var ErrNotEmpty = errors.New("not empty")

// Write creates dir (and its parents) and writes files into it. It refuses an empty dir name, a
// dir that exists and is not an empty folder (ErrNotEmpty, or an error saying it is a file), and
// never overwrites a file. On an error part way, the files it wrote are removed again.
func Write(dir string, files []File) error {
	if dir == "" {
		return errors.New("no folder named (an empty name is not the working directory)")
	}
	if st, err := os.Stat(dir); err == nil {
		if !st.IsDir() {
			return fmt.Errorf("%s is a file, not a folder", dir)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return err
		}
		if len(entries) > 0 {
			return fmt.Errorf("%s: %w: sortie init writes only into a new or empty folder", dir, ErrNotEmpty)
		}
	} else if !os.IsNotExist(err) {
		return err
	}
	var written []string
	undo := func() {
		for i := len(written) - 1; i >= 0; i-- {
			os.Remove(written[i])
		}
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			undo()
			return err
		}
		// Never over a file (Create), atomically, no temporary file left (safeio).
		if err := safeio.WriteFile(p, f.Data, safeio.Options{Create: true}); err != nil {
			undo()
			return err
		}
		written = append(written, p)
	}
	return nil
}
