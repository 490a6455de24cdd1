package compiler

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// Analysis is what an editor shows of one scenario, battle or campaign: the findings sortie vet
// reports and the index of its ids.
type Analysis struct {
	Diagnostics diag.List // sorted, as Vet returns them
	// Symbols is nil when the files do not load (a syntax error, L001-L007) or are not a scenario,
	// battle or campaign (L002).
	Symbols *Symbols
}

// Analyze vets one unit exactly as Vet (or, for a single campaign file, VetCampaign) does and
// indexes its ids (symbols.go): both in the evaluator process that vets the unit, under
// opts.Budget (L011, L012 and no index for a file over it). paths are the files of one scenario or battle (one CUE package
// and/or data files) or one campaign file; opts.Overlay supplies unsaved contents. err is for I/O
// and usage problems, as with Vet.
func Analyze(paths []string, opts Options) (*Analysis, error) {
	return AnalyzeContext(context.Background(), paths, opts)
}

// AnalyzeContext is Analyze that stops when ctx is done (an editor's change made the result
// stale): the evaluator processes still at work are killed and err is ctx's error.
func AnalyzeContext(ctx context.Context, paths []string, opts Options) (*Analysis, error) {
	opts.ctx = ctx
	if len(paths) == 1 && isCampaignPath(paths[0], opts) {
		_, list, syms, err := compileCampaign(paths[0], opts, true)
		if err != nil {
			return nil, err
		}
		return &Analysis{Diagnostics: list, Symbols: syms}, nil
	}
	out := &outputs{wantSymbols: true}
	list, _, _, err := runOut(paths, opts, false, out)
	if err == nil {
		err = ctx.Err() // a unit cancelled before it started counts too
	}
	if err != nil {
		return nil, err
	}
	a := &Analysis{Diagnostics: list}
	if len(out.symbols) == 1 {
		a.Symbols = out.symbols[0]
	}
	return a, nil
}

// isCampaignPath is IsCampaign through the overlay.
func isCampaignPath(path string, opts Options) bool {
	abs, err := absIn(path, opts.WorkDir)
	if err != nil {
		return false
	}
	if data, ok := opts.Overlay[abs]; ok {
		return IsCampaignSource(abs, data)
	}
	return IsCampaign(abs)
}

func absIn(path, wd string) (string, error) {
	if filepath.IsAbs(path) {
		return filepath.Clean(path), nil
	}
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return "", err
		}
	}
	return filepath.Abs(filepath.Join(wd, path))
}

// UnitOf returns the files sortie vets together with the file at path (absolute), reading the
// overlay where it has contents, as `sortie vet ./...` groups them: for a .cue file, the .cue
// files of its folder (one package, the overlay's included) that are not campaign files, in name order, or the file
// alone when it is a campaign; for a YAML or JSON file, the file alone. ok is false when sortie
// does not vet the file: an ignored name (_x.cue, x_tool.cue, .x.yaml), a CUE package without a
// top-level kind (a schema, a library), a data file whose kind is not scenario, battle or
// campaign nor close to one (a script, someone else's YAML); kind: "senario" is vetted (L002).
func UnitOf(path string, overlay map[string][]byte) (files []string, ok bool) {
	files, _, ok = UnitOfChecked(path, overlay)
	return files, ok
}

// Refusal is a file of a unit's folder that the reading gate refused (compiler/safeio): a named
// pipe, a device, a link that leads outside the folder (to /dev/zero, say), a file over
// MaxFileSize. It is left out of the unit; Code and Msg say why, for a diagnostic on that file.
type Refusal struct {
	File string // absolute
	Code string // safeio's code (L004, L017, L018), or "L003" for another I/O failure
	Msg  string
}

// UnitOfChecked is UnitOf that also reports the files of the folder it left out because the
// reading gate refused them. Every file is read through compiler/safeio, confined to the
// folder: a pipe is never opened for reading and a device never read, so a hostile entry in
// the folder costs a stat, never a stall.
func UnitOfChecked(path string, overlay map[string][]byte) (files []string, refused []Refusal, ok bool) {
	path = filepath.Clean(path)
	if ignored(path) {
		return nil, nil, false
	}
	dir := filepath.Dir(path)
	root, rootErr := safeio.NewRoot(dir)
	read := func(name string) ([]byte, bool) {
		if data, ok := overlay[name]; ok {
			return data, true
		}
		if rootErr != nil {
			return nil, false
		}
		data, err := root.ReadFile(name, MaxFileSize)
		if err != nil {
			if code := safeio.CodeOf(err); code != "" {
				var e *safeio.Error
				msg := err.Error()
				if errors.As(err, &e) {
					msg = e.Msg
				}
				refused = append(refused, Refusal{File: name, Code: code, Msg: msg})
			}
			return nil, false
		}
		return data, true
	}
	switch fileKind(path) {
	case "yaml", "json":
		data, ok := read(path)
		if !ok || !dataKindVetted(data) {
			return nil, refused, false
		}
		return []string{path}, nil, true
	case "cue":
	default:
		return nil, nil, false
	}
	data, ok := read(path)
	if !ok {
		return nil, refused, false
	}
	if IsCampaignSource(path, data) {
		return []string{path}, nil, true
	}
	seen := map[string]bool{path: true}
	names := []string{path}
	add := func(f string) {
		if !seen[f] && !ignored(f) && fileKind(f) == "cue" {
			seen[f] = true
			names = append(names, f)
		}
	}
	if entries, err := os.ReadDir(dir); err == nil {
		for _, e := range entries {
			if !e.IsDir() {
				add(filepath.Join(dir, e.Name()))
			}
		}
	}
	for f := range overlay { // buffers not saved yet
		if filepath.Dir(f) == dir {
			add(f)
		}
	}
	sort.Strings(names)
	kinded := false
	for _, f := range names {
		src, ok := read(f)
		if !ok || IsCampaignSource(f, src) {
			continue
		}
		files = append(files, f)
		kinded = kinded || reTopKind().Match(src)
	}
	return files, refused, kinded
}

// reDataKind finds a kind field's value in YAML (at the top level: column 1) or JSON.
var reDataKind = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)(?:^kind|"kind")\s*:\s*["']?([A-Za-z_-]*)`) })

// dataKindVetted reports whether a YAML or JSON file says it is a scenario, battle or campaign,
// or nearly (a misspelt kind is the author's mistake to hear about).
func dataKindVetted(data []byte) bool {
	for _, m := range reDataKind().FindAllSubmatch(data[:min(len(data), 64<<10)], -1) {
		k := string(m[1])
		for _, want := range []string{"scenario", "battle", "campaign"} {
			if k == want || suggest(k, []string{want}) != "" {
				return true
			}
		}
	}
	return false
}
