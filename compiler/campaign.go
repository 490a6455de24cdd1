package compiler

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/cue/parser"
	"cuelang.org/go/encoding/yaml"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/schema"
)

// IsCampaign reports whether path is a single file whose top-level kind is "campaign" (the CLI
// dispatches on it: `sortie vet campaign.cue`). Anything unreadable, unparsable, too large (L004)
// or too deep (L005) is "no": the scenario path then reports the problem as before. The file is
// only parsed, never evaluated.
func IsCampaign(path string) bool {
	data, err := safeio.ReadFile(path, MaxFileSize)
	data = safeio.TrimBOM(data)
	if err != nil {
		return false
	}
	return IsCampaignSource(path, data)
}

// IsCampaignSource is IsCampaign for a file's contents (an editor's buffer): path gives the
// file's type by its extension. Contents too large (L004) or too deep (L005) are "no".
func IsCampaignSource(path string, data []byte) bool {
	if len(data) > MaxFileSize {
		return false
	}
	if !bytes.Contains(data, []byte("campaign")) {
		return false // the kind is compared as written: it cannot be "campaign" (and parsing is slow)
	}
	if _, _, deep := TooDeep(fileKind(path), data); deep {
		return false
	}
	var f *ast.File
	var err error
	switch fileKind(path) {
	case "cue":
		f, err = parser.ParseFile(path, data)
	case "yaml":
		var problems []yamlProblem
		if f, problems = extractYAML(path, data); len(problems) > 0 {
			return false
		}
	case "json":
		f, err = yaml.Extract(path, data)
	default:
		return false
	}
	if err != nil || f == nil {
		return false
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.Field)
		if !ok {
			continue
		}
		if name, _, _ := ast.LabelName(fd.Label); name == "kind" {
			if lit, ok := fd.Value.(*ast.BasicLit); ok {
				return strings.Trim(lit.Value, `"`) == "campaign"
			}
		}
	}
	return false
}

// VetCampaign loads a campaign file, applies #Campaign (S001-S004), vets every scenario it names
// (their findings keep their own positions) and checks the campaign itself: C001 not a campaign,
// C002 unknown scenario, base or benefit, C003 a scenario that does not load or vet, C004 a
// scenario no clear can unlock (K-9, K-10), C005 an unlock cycle, C006 not exactly one angel
// (K-1), C007 a campaign key that differs from the scenario's id. Each finding is placed in the
// campaign file. err is for I/O and usage problems only.
func VetCampaign(path string, opts Options) (diag.List, error) {
	_, list, err := CompileCampaign(path, opts)
	return list, err
}

// CompileCampaign vets a campaign like VetCampaign and returns it with every scenario compiled; c
// is nil when the list has errors. The campaign file is evaluated under opts.Budget like a
// scenario (L011, L012).
func CompileCampaign(path string, opts Options) (c *plan.Campaign, list diag.List, err error) {
	c, list, _, err = compileCampaign(path, opts, false)
	return c, list, err
}

// compileCampaign is CompileCampaign; with wantSymbols it also returns the index of the campaign
// file's ids (nil when the file does not load), built by the evaluator that decodes the file.
func compileCampaign(path string, opts Options, wantSymbols bool) (c *plan.Campaign, list diag.List, syms *Symbols, err error) {
	if err := EmptyPath(path); err != nil {
		return nil, nil, nil, err
	}
	wd := opts.WorkDir
	if wd == "" {
		if wd, err = os.Getwd(); err != nil {
			return nil, nil, nil, fmt.Errorf("working directory: %v", err)
		}
	}
	if wd, err = filepath.Abs(wd); err != nil {
		return nil, nil, nil, err
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(wd, path)
	}
	abs = filepath.Clean(abs)
	if _, buffered := opts.Overlay[abs]; !buffered {
		st, err := os.Stat(abs)
		if err != nil {
			return nil, nil, nil, pathError(path, err)
		}
		if st.IsDir() {
			return nil, nil, nil, fmt.Errorf("%s: a campaign is one file, not a directory", path)
		}
	}
	if fileKind(abs) == "" {
		return nil, nil, nil, fmt.Errorf("%s: not a campaign file (want .cue, .yaml, .yml or .json)", path)
	}
	u := unit{dir: filepath.Dir(abs), files: []string{abs}, overlay: opts.Overlay}
	data, refused, err := u.read(abs)
	if err != nil {
		return nil, nil, nil, pathError(path, err)
	}
	nm := newNamer(wd)
	defer list.Sort()
	if refused != "" {
		list.Add(diag.Errorf(diag.Pos{File: nm.display(abs), Line: 1, Column: 1}, codeFileTooBig, "%s", refused))
		return nil, list, nil, nil
	}
	req := evalRequest{Job: "campaign", Dir: u.dir, Files: u.files, WorkDir: wd, Budget: opts.Budget,
		Overlay: u.overlayOf(), Symbols: wantSymbols}
	o, err := evaluate(opts.context(), req)
	if err != nil {
		return nil, nil, nil, err
	}
	if o.over != "" || o.crash != "" || !o.resp.Done {
		list.Add(o.overrun(opts.Budget, req.Files, nm))
		return nil, list, nil, nil
	}
	list, syms = o.resp.List, o.resp.Symbols
	if o.resp.Err != "" {
		return nil, list, syms, errors.New(o.resp.Err)
	}
	dr := o.resp.Campaign
	if dr == nil || list.HasErrors() {
		return nil, list, syms, nil
	}
	c = dr.Campaign
	for i, ref := range dr.Refs {
		c.Scenarios[i].Plan = compileScenario(ref, u.dir, Options{WorkDir: wd, Budget: opts.Budget, Overlay: opts.Overlay, ctx: opts.ctx}, &list)
	}
	if err := opts.context().Err(); err != nil {
		return nil, nil, nil, err // cancelled: the scenarios' findings are not theirs
	}
	// The unlock graph is the campaign's own: checked whether or not its scenarios vet (issue 11).
	campaignRules().Check(dr, &list)
	if list.HasErrors() {
		return nil, list, syms, nil
	}
	h := sha256.New()
	h.Write([]byte("sortie-campaign\x00"))
	h.Write(data)
	for _, s := range c.Scenarios {
		fmt.Fprintf(h, "\x00%s\x00%s", s.ID, s.Plan.SourceHash)
	}
	c.SourceHash = "sha256:" + hex.EncodeToString(h.Sum(nil))
	return c, list, syms, nil
}

// CampaignDraft is a campaign file decoded by an evaluator (CampaignRules.Decode): the campaign
// without its scenarios' plans, with where each scenario is named (for C003, C004, C007) and
// where each unlock entry is (for C005).
type CampaignDraft struct {
	Campaign  *plan.Campaign `json:"campaign"`
	Refs      []ScenarioRef  `json:"refs"`
	UnlockPos [][]diag.Pos   `json:"unlockPos"`
}

// ScenarioRef is one entry of a campaign's scenarios.
type ScenarioRef struct {
	ID       string   `json:"id"`
	Path     string   `json:"path"`
	PathPos  diag.Pos `json:"pathPos"`  // the path's value
	LabelPos diag.Pos `json:"labelPos"` // the entry's label
}

// campaign loads, schema-checks and decodes a campaign file (in an evaluator), reading overlay's
// contents where it has the file. d is nil when the file has errors that stop its decoding; the
// list is in d's job reply. With wantSymbols, syms indexes the file's ids once it loads.
func (w *worker) campaign(abs string, nm *namer, overlay map[string][]byte, wantSymbols bool) (d *CampaignDraft, syms *Symbols, list diag.List, err error) {
	rules := campaignRules()
	if rules == nil {
		return nil, nil, list, errors.New("campaign files are not built: no rule system has them (link compiler/all)")
	}
	defer func() {
		if recoverPanics {
			if r := recover(); r != nil {
				d, syms, err = nil, nil, nil
				list.Add(diag.Errorf(diag.Pos{File: nm.display(abs)}, codeLoad, "internal error while checking this campaign: %v", r).
					WithHint("please report this, with the campaign's files"))
			}
		}
	}()
	ctx := cuecontext.New()
	w.ctx = nil
	def, err := compileCampaignSchema(ctx)
	if err != nil {
		return nil, nil, list, err
	}
	ld, err := loadUnit(ctx, unit{dir: filepath.Dir(abs), files: []string{abs}, overlay: overlay}, nm, &list, w.parsed(nm, abs))
	if err != nil || !ld.ok {
		return nil, nil, list, err
	}
	uc := &unitCtx{ctx: ctx, def: def, ld: ld, nm: nm, list: &list, fallback: abs, out: &outputs{}}
	if wantSymbols && isStruct(ld.user) {
		syms = rules.Symbols(uc)
	}
	root := nm.pos(ld.user.Pos())
	if !root.IsValid() || root.Line == 0 {
		root = diag.Pos{File: nm.display(abs), Line: 1, Column: 1}
	}
	k := ld.user.LookupPath(cue.MakePath(cue.Str("kind")))
	if ks, kerr := k.String(); !isStruct(ld.user) || kerr != nil || ks != "campaign" {
		pos := root
		if k.Exists() {
			pos = nm.valuePos(k)
		}
		list.Add(diag.Errorf(pos, codeNotCampaign, "not a campaign: kind is not \"campaign\"").
			WithHint(`a campaign file starts with kind: "campaign"; a scenario is run with sortie run`))
		return nil, syms, list, nil
	}
	sc := newSchemaChecker(ctx, def, &ld, nm, &list)
	sc.run()
	if list.HasErrors() {
		return nil, syms, list, nil
	}
	dr := rules.Decode(uc)
	dr.Campaign.File = nm.display(abs)
	return dr, syms, list, nil
}

// CampaignRules are the rules of campaign files (kind: "campaign", schema #Campaign), which chain
// the scenarios of one rule system (Karzoral's field campaigns, K-9 to K-14); the core loads the
// file (in an evaluator, under the budget), applies the schema (S001-S004), compiles the
// scenarios it names (C003, C007) and hashes it. Exactly one rule system has them
// (RuleSystem.Campaign).
type CampaignRules struct {
	// Decode reads the schema-checked file (Unit.User) into the campaign and where each of its
	// scenarios and unlocks is written, reporting to the unit's list what is wrong with it (an
	// unknown reference, the party). It runs in the evaluator; it never returns nil.
	Decode func(*Unit) *CampaignDraft
	// Check checks the campaign once its scenarios are compiled (the unlock graph), reporting
	// to list.
	Check func(d *CampaignDraft, list *diag.List)
	// Symbols indexes the ids of the file (Unit.NewSymBuilder with schema #Campaign).
	Symbols func(*Unit) *Symbols
}

// campaignRules are the registry's rules of campaign files, nil when no rule system linked has
// them.
func campaignRules() *CampaignRules {
	for _, name := range builtRules() {
		if c := ruleSystems[name].Campaign; c != nil {
			return c
		}
	}
	return nil
}

func compileCampaignSchema(ctx *cue.Context) (cue.Value, error) {
	inst := build.NewContext().NewInstance("", nil)
	for _, f := range schema.Files() {
		if err := inst.AddFile(schemaPrefix+f.Name, f.Source); err != nil {
			return cue.Value{}, fmt.Errorf("embedded schema: %v", err)
		}
	}
	v := ctx.BuildInstance(inst)
	def := v.LookupPath(cue.ParsePath("#Campaign"))
	if err := def.Err(); err != nil {
		return cue.Value{}, fmt.Errorf("embedded schema: %v", err)
	}
	return def, nil
}

// compileScenario compiles the scenario of a campaign entry (its path is relative to the campaign
// file's folder dir, and must resolve inside it: L018 otherwise). Its own findings keep their positions; a C003 in the campaign file says
// which entry they belong to.
func compileScenario(ref ScenarioRef, dir string, opts Options, list *diag.List) *plan.Plan {
	abs := ref.Path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(dir, filepath.FromSlash(ref.Path))
	}
	// A campaign names its scenarios inside its own folder (the trust boundary): a path that
	// leads out, by "..", an absolute name or a symbolic link, is refused unread, and where it
	// leads is not said.
	if root, err := safeio.NewRoot(dir); err == nil {
		if _, err := root.Resolve(abs); safeio.CodeOf(err) == safeio.CodeOutside {
			list.Add(diag.Errorf(ref.PathPos, safeio.CodeOutside, "scenario %s: the path resolves outside the campaign's folder: refused", ref.ID).
				WithHint("a campaign's scenarios sit inside the folder of its campaign file"))
			return nil
		}
	}
	if _, err := os.Stat(abs); err != nil {
		list.Add(diag.Errorf(ref.PathPos, codeScenarioBad, "scenario %s: no file or directory %s (paths are relative to the campaign file)", ref.ID, ref.Path))
		return nil
	}
	p, found, err := Compile([]string{abs}, Options{WorkDir: opts.WorkDir, Budget: opts.Budget, Overlay: opts.Overlay, ctx: opts.ctx})
	if err != nil {
		list.Add(diag.Errorf(ref.PathPos, codeScenarioBad, "scenario %s: %v", ref.ID, err))
		return nil
	}
	list.Add(found...)
	if p == nil {
		list.Add(diag.Errorf(ref.PathPos, codeScenarioBad, "scenario %s does not vet (%s, listed at their own positions)", ref.ID, words.Count(countErrors(found), "error")))
		return nil
	}
	if p.Scenario.ID != ref.ID {
		list.Add(diag.Warnf(ref.LabelPos, codeScenarioID, "scenario key %q differs from the id %q of the scenario at %s", ref.ID, p.Scenario.ID, ref.Path))
	}
	return p
}

func countErrors(l diag.List) int {
	n := 0
	for _, x := range l {
		if x.Severity == diag.Error {
			n++
		}
	}
	return n
}
