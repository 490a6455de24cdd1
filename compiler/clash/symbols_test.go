package clash

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
)

func occurrences(s *compiler.Symbol) []string {
	var out []string
	for _, o := range s.Occurrences {
		out = append(out, o.String())
	}
	return out
}

// The index of the bundled hill battle (clash), checked against the file by hand: a unit, a
// library creature written in two units, a spell a caster knows written with a space, and the
// facts hover shows.
func TestSymbolsClashHill(t *testing.T) {
	a := analyzeT(t, []string{"scenarios/clash/hill/hill.cue"}, compiler.Options{})
	x := a.Symbols
	if len(a.Diagnostics) != 0 || x == nil || x.Schema != "#ClashBattle" {
		t.Fatalf("diagnostics %v, index %v", a.Diagnostics, x)
	}
	file := "./scenarios/clash/hill/hill.cue"
	// Line 57 `	pikes: {`: the label at column 2. Line 106 `	orrin: {creature: "knight", name:
	// "Captain Orrin", join: "pikes", ...`: 1 tab, `orrin: {` (8), `creature: "knight", ` (20),
	// `name: "Captain Orrin", ` (23): "pikes" at 2+8+20+23+6 = 59. Line 123 `	crush: {side: "legion",
	// name: "Crush the garrison", attrition: {pikes: 3, ...`: 2+8+16+28+12 = 66.
	pikes := x.Lookup(KindUnit, "pikes")
	want := []string{file + ":57:2 (units.pikes)", file + ":106:59 (solos.orrin.join)", file + ":123:66 (objectives.crush.attrition.pikes)"}
	if pikes == nil || !reflect.DeepEqual(occurrences(pikes), want) {
		t.Fatalf("pikes: %v, want %v", pikes, want)
	}
	if !strings.HasPrefix(pikes.Info[0], "Hill pikes: regiment unit of side garrison") {
		t.Errorf("pikes info %q", pikes.Info)
	}
	// Line 143 `		spells: {"fire bolt": "at will", ...`: two tabs, `spells: {` (9): the key at
	// column 12, 11 bytes with its quotes (end 23). It is the library's fire-bolt.
	fb := x.Lookup(KindSpell, "fire-bolt")
	if fb == nil || len(fb.Occurrences) != 1 || fb.Occurrences[0].Start.Line != 143 || fb.Occurrences[0].Start.Column != 12 ||
		fb.Occurrences[0].End.Column != 23 || len(fb.Decls()) != 0 || !strings.Contains(fb.Info[0], "SRD 5.1 library spell") {
		t.Errorf("fire-bolt: %+v", fb)
	}
	// The library's mage, for solos vessa (line 107 `	vessa: {creature: "mage"`: 1 tab, `vessa: {`
	// 8 bytes, `creature: ` 10: column 20) and khar (line 108, a label one letter shorter: 19).
	mage := x.Lookup(KindCreature, "mage")
	if mage == nil || len(mage.Occurrences) != 2 || mage.Occurrences[0].Start.Column != 20 || mage.Occurrences[1].Start.Column != 19 {
		t.Errorf("mage: %v", occurrences(mage))
	}
	// The battle's own apprentice: declared (creatures.apprentice) and used by the adepts.
	app := x.Lookup(KindCreature, "apprentice")
	if app == nil || len(app.Decls()) != 1 || len(app.Occurrences) != 2 || !strings.HasPrefix(app.Info[0], "stat block: Apprentice") {
		t.Errorf("apprentice: %+v", app)
	}
	// The zone of the hold objective is named three times in conditions (in.zone).
	if z := x.Lookup(KindZone, "hilltop"); z == nil || len(z.Occurrences) != 4 || len(z.Decls()) != 1 {
		t.Errorf("hilltop: %v", occurrences(z))
	}
}

// A YAML battle: ids as YAML writes them, a library creature referenced without quotes.
func TestSymbolsClashYAML(t *testing.T) {
	a := analyzeT(t, []string{"testdata/compiler/ok/clash.yaml"}, compiler.Options{})
	x := a.Symbols
	if x == nil || x.Schema != "#ClashBattle" {
		t.Fatalf("no clash index: %v", a.Diagnostics)
	}
	file := "./testdata/compiler/ok/clash.yaml"
	// Line 13 `  farm: {name: Farmers}`: the label at column 3; line 17 `    side: farm`: column 11.
	farm := x.Lookup(KindSide, "farm")
	want := []string{file + ":13:3 (sides.farm)", file + ":17:11 (units.militia.side)"}
	if farm == nil || !reflect.DeepEqual(occurrences(farm)[:2], want) {
		t.Errorf("farm: %v, want %v first", occurrences(farm), want)
	}
	// Line 20 `    creature: guard`: column 15.
	if g := x.Lookup(KindCreature, "guard"); g == nil || occurrences(g)[0] != file+":20:15 (units.militia.creature)" {
		t.Errorf("guard: %v", occurrences(g))
	}
}

// What completion reads: the kinds expected at a clash path, the library's names, and the one
// rule for names (SameName).
func TestClashExpectedKind(t *testing.T) {
	for _, c := range []struct {
		path []string
		want compiler.SymbolKind
	}{
		{[]string{"solos", "x", "join"}, KindUnit},
		{[]string{"units", "u", "stands", "[0]", "creature"}, KindCreature},
		{[]string{"units", "u", "side"}, KindSide},
		{[]string{"objectives", "o", "destroy"}, KindResource},
		{[]string{"objectives", "o", "when", "any", "[1]", "not", "in", "zone"}, KindZone},
		{[]string{"objectives", "o", "when", "down"}, KindSolo},
		{[]string{"units", "u", "name"}, ""},
	} {
		if got, _ := compiler.ExpectedKind("#ClashBattle", c.path); got != c.want {
			t.Errorf("ExpectedKind(%v) = %q, want %q", c.path, got, c.want)
		}
	}
	cr, sp := compiler.Vocabulary(KindCreature), compiler.Vocabulary(KindSpell)
	if !slices.Contains(cr, "hill-giant") || slices.Contains(cr, "fireball") || !slices.Contains(sp, "fireball") || slices.Contains(sp, "goblin") {
		t.Errorf("vocabulary: creatures %v, spells %v", cr, sp)
	}
	if !compiler.SameName(KindCreature, "Hill Giant", "hill-giant") || compiler.SameName(KindUnit, "Pikes", "pikes") {
		t.Errorf("SameName")
	}
}
