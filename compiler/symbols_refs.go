package compiler

import "sort"

// Which fields declare an id and which refer to one, per schema. A path is a list of labels, a
// list index written "[i]"; "*" in a pattern matches any one segment. A rule set that adds a
// schema of its own (clash battles) adds its table to refTables (Register).

// RefTable tells, for one schema, what a path declares or refers to (MatchPath matches a path
// against a pattern).
type RefTable struct {
	// Decl returns the kind of entity whose label is the last segment of p, or "".
	Decl func(p []string) SymbolKind
	// Ref returns the kind a string at p names ("" for none); decl is true when writing the
	// string declares it (a flag's set).
	Ref func(p []string) (k SymbolKind, decl bool)
	// KeyRef, when set, returns the kind of id a label at p refers to (a clash caster's spells:
	// {fireball: 3}), or "".
	KeyRef func(p []string) SymbolKind
}

var refTables = map[string]RefTable{}

// ExpectedKind returns the kind of id (or vocabulary name) a string at path must be in a file of
// schema (#Scenario, #PFScenario, #PFBattle, #Campaign, #ClashBattle): KindBlock at armies.m.route.[2], KindTactic
// at armies.m.tactics.[0]. path segments are labels, list indices "[i]". ok is false where no
// reference is expected.
func ExpectedKind(schema string, path []string) (SymbolKind, bool) {
	t, ok := refTables[schema]
	if !ok {
		return "", false
	}
	k, _ := t.Ref(path)
	return k, k != ""
}

// Vocabulary returns the names a vocabulary kind accepts (the Pathfinder tactics and boons, as
// sortie parses them), sorted; for the kinds of a registered rule system, its own list
// (RuleSystem.Vocabulary: clash creatures and spells, the bundled SRD library's, a battle may
// add its own: they are ids of the file); nil for other kinds.
func Vocabulary(k SymbolKind) []string {
	var out []string
	for _, name := range builtRules() {
		if voc := ruleSystems[name].Vocabulary; voc != nil {
			if names, ok := voc(k); ok {
				out = append(out, names...)
				break
			}
		}
	}
	if out == nil {
		return nil
	}
	sort.Strings(out)
	return out
}

// SameName reports whether name, as written in a file, names the symbol of kind k with the given
// id: the same string, or as the rule system of the kind compares its names
// (RuleSystem.SameName: for clash creatures and spells, the same name once case, ' ', '_' and
// '-' are set aside: "Hill Giant" is hill-giant).
func SameName(k SymbolKind, name, id string) bool {
	for _, sys := range builtRules() {
		if f := ruleSystems[sys].SameName; f != nil {
			if same, ok := f(k, name, id); ok {
				return same
			}
		}
	}
	return name == id
}

// match reports whether p is exactly the pattern ("*" matches one segment).
func match(p []string, pat ...string) bool {
	if len(p) != len(pat) {
		return false
	}
	for i, s := range pat {
		if s != "*" && s != p[i] {
			return false
		}
	}
	return true
}

// hasPrefix reports whether p starts with the pattern, and returns the rest.
func hasPrefix(p []string, pat ...string) ([]string, bool) {
	if len(p) < len(pat) || !match(p[:len(pat)], pat...) {
		return nil, false
	}
	return p[len(pat):], true
}

func isIndex(s string) bool { _, ok := isIdx(s); return ok }

// DeclPath is a path pattern (MatchPath: "*" is any label) whose match declares an id of Kind.
type DeclPath struct {
	Pat  []string
	Kind SymbolKind
}

// declOf is the kind of id the path declares: the first pattern of table it matches, or "".
func declOf(table []DeclPath, p []string) SymbolKind {
	for _, d := range table {
		if match(p, d.Pat...) {
			return d.Kind
		}
	}
	return ""
}

// ValidName reports whether name may be an id of kind k: a flag follows #Flag (a letter or '_',
// then letters, digits, '_', '.', '-'), every other id #ID (letters, digits, '_', '-'; not
// starting with '-').
func ValidName(k SymbolKind, name string) bool {
	if k != KindFlag {
		return validID(name)
	}
	for i, r := range name {
		ok := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if i > 0 {
			ok = ok || r == '.' || r == '-' || r >= '0' && r <= '9'
		}
		if !ok {
			return false
		}
	}
	return name != ""
}
