package clash

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner/clash"
)

// TestClashVetEngineAgree generates random battles (terrain, stands of library creatures on
// random squares, solos joined or not, commanders, objectives) and holds vet to one promise: a
// battle it passes without errors is one runner/clash sets up and fights to the end. About half
// the battles have errors (overlaps, deep water, off-grid spaces): those must come back without a
// plan. The generator is seeded: the same battles every run.
func TestClashVetEngineAgree(t *testing.T) {
	lib, err := srdLibrary()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	n := 150
	if testing.Short() {
		n = 30
	}
	passed := 0
	for seed := 1; seed <= n; seed++ {
		src := randomBattle(rand.New(rand.NewPCG(uint64(seed), 7)), lib.creatureIDs)
		f := filepath.Join(dir, fmt.Sprintf("b%d.cue", seed))
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		c, list, err := compiler.CompileClash([]string{f}, compiler.Options{WorkDir: dir})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if c == nil {
			if !list.HasErrors() {
				t.Fatalf("seed %d: no plan and no error", seed)
			}
			continue
		}
		passed++
		opt, err := clashrules.Apply(clashrules.Options{}, c.Options)
		if err != nil {
			t.Fatalf("seed %d: options: %v", seed, err)
		}
		s, err := clash.NewSetup(c, opt)
		if err != nil {
			t.Fatalf("seed %d: vet passed a battle the engine refuses: %v\n%s", seed, err, src)
		}
		b := clash.NewBattle(s)
		b.Reset(clash.Config{Seed: uint64(seed), Policy: clash.PolicyTactical})
		if _, err := b.Run(); err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
	}
	t.Logf("%d of %d random battles vetted clean and ran", passed, n)
	if passed < n/5 {
		t.Errorf("only %d of %d random battles vetted clean: the generator tests little", passed, n)
	}
}

// randomBattle writes a battle file: a grid of 6..16 x 5..12, a river or a hill, two sides of
// 1..3 units of 1..4 stands each, a few solos, and objectives.
func randomBattle(r *rand.Rand, creatures []string) string {
	var b strings.Builder
	w, h := 6+r.IntN(11), 5+r.IntN(8)
	fmt.Fprintf(&b, "kind: \"battle\"\nrules: \"clash\"\nid: \"random\"\nversion: 1\n")
	fmt.Fprintf(&b, "battlefield: {\n\twidth: %d\n\theight: %d\n\tterrain: [\n", w, h)
	if r.IntN(2) == 0 {
		x := w / 2
		fmt.Fprintf(&b, "\t\t{at: [%d, 0], to: [%d, %d], type: \"deep\"},\n", x, x, h-1)
		fmt.Fprintf(&b, "\t\t{at: [%d, %d], type: \"shallow\"},\n", x, r.IntN(h))
	}
	if r.IntN(2) == 0 {
		fmt.Fprintf(&b, "\t\t{at: [1, 1], to: [%d, %d], elevation: 20},\n", w/3, h/3)
	}
	fmt.Fprintf(&b, "\t\t{at: [0, %d], to: [%d, %d], type: \"road\"},\n", h-1, w-1, h-1)
	b.WriteString("\t]\n\tresources: r: squares: [{at: [0, 0], hp: 20, vp: 5}, {at: [1, 0], hp: 20, vp: 5}]\n")
	b.WriteString("\tzones: z: {at: [0, 0], to: [2, 2]}\n}\n")
	b.WriteString("sides: {a: {}, b: {}}\n")
	b.WriteString("units: {\n")
	var units [2][]string
	for side := 0; side < 2; side++ {
		for u := 0; u < 1+r.IntN(3); u++ {
			id := fmt.Sprintf("u%d%d", side, u)
			units[side] = append(units[side], id)
			cr := creatures[r.IntN(len(creatures))]
			typ := "skirmisher"
			cfg := ""
			if r.IntN(2) == 0 {
				typ, cfg = "regiment", fmt.Sprintf(", configuration: %q", []string{"aid", "defend", "march"}[r.IntN(3)])
			}
			x0 := r.IntN(w / 2)
			if side == 1 {
				x0 += w / 2
			}
			y0 := r.IntN(h)
			var stands []string
			for k := 0; k < 1+r.IntN(4); k++ {
				stands = append(stands, fmt.Sprintf("{at: [%d, %d]}", x0, (y0+3*k)%h))
			}
			fmt.Fprintf(&b, "\t%s: {side: %q, type: %q%s, creature: %q, stands: [%s]}\n",
				id, []string{"a", "b"}[side], typ, cfg, cr, strings.Join(stands, ", "))
		}
	}
	b.WriteString("}\nsolos: {\n")
	for k := 0; k < r.IntN(3); k++ {
		side := r.IntN(2)
		cr := creatures[r.IntN(len(creatures))]
		if r.IntN(2) == 0 {
			fmt.Fprintf(&b, "\ts%d: {creature: %q, side: %q, at: [%d, %d]}\n", k, cr, []string{"a", "b"}[side], r.IntN(w), r.IntN(h))
		} else {
			fmt.Fprintf(&b, "\ts%d: {creature: %q, join: %q, at: [%d, %d], commander: %v}\n", k, cr,
				units[side][0], r.IntN(w), r.IntN(h), r.IntN(2) == 0)
		}
	}
	b.WriteString("}\nobjectives: {\n\tx: {side: \"a\", attrition: 10}\n\ty: {side: \"b\", destroy: \"r\"}\n")
	b.WriteString("\tz: {side: \"b\", when: in: zone: \"z\", vp: 2, every: \"round\"}\n}\n")
	// Random options, from the engine's own list: every switch at a random choice.
	if r.IntN(2) == 0 {
		b.WriteString("options: {\n")
		for _, o := range clashrules.OptionList() {
			if r.IntN(3) != 0 {
				continue
			}
			if o.Choices != nil {
				fmt.Fprintf(&b, "\t%s: %q\n", o.Name, o.Choices[r.IntN(len(o.Choices))])
			} else {
				fmt.Fprintf(&b, "\t%s: %d\n", o.Name, o.Min+r.IntN(min(o.Max-o.Min+1, 12)))
			}
		}
		b.WriteString("}\n")
	}
	// Sometimes the battle's own caster, a stand of it among side a's units.
	if r.IntN(2) == 0 {
		spells := []string{"fire bolt", "burning hands", "thunderwave", "shatter", "fireball", "lightning bolt", "ice storm", "cone of cold", "cure wounds", "magic missile"}
		var known []string
		for _, sp := range spells {
			if r.IntN(3) == 0 {
				known = append(known, fmt.Sprintf("%q: %d", sp, 1+r.IntN(3)))
			}
		}
		fmt.Fprintf(&b, "units: casters: {side: \"a\", type: \"skirmisher\", creature: \"caster\", stands: [{at: [%d, %d]}]}\n", r.IntN(w), r.IntN(h))
		fmt.Fprintf(&b, "creatures: caster: {name: \"Caster\", size: %q, ac: 12, hp: %d, speed: {walk: 30, fly: %d}\n",
			[]string{"small", "medium", "large"}[r.IntN(3)], 5+r.IntN(40), 30*r.IntN(2))
		b.WriteString("\tabilities: {str: 10, dex: 12, con: 12, int: 16, wis: 12, cha: 10}\n")
		b.WriteString("\tattacks: [{name: \"Staff\", toHit: 2, reach: 5, damage: \"1d6\", type: \"bludgeoning\"}]\n")
		fmt.Fprintf(&b, "\tspellcasting: {ability: \"int\", level: %d, dc: 13, toHit: 5, spells: {%s}}\n}\n", 1+r.IntN(20), strings.Join(known, ", "))
	}
	return b.String()
}
