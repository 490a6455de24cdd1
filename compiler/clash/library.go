package clash

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/build"
	"cuelang.org/go/cue/cuecontext"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/schema/srd"
)

// The bundled SRD 5.1 library (schema/srd): creatures and spells any clash battle names. It is
// loaded once per process, checked against #ClashCreature and #ClashSpell, and decoded into the
// clash model; the decoded values hold no CUE values, so all workers share them read-only.

// srdPrefix starts the file names of the library in positions (plan.Creature.Pos of a library
// creature reads "srd:creatures.cue:12:2").
const srdPrefix = "srd:"

// clashLibrary is the decoded library.
type clashLibrary struct {
	creatures map[string]*clashCreature // by clashKey of the id
	spells    map[string]*clashSpell
	// creatureIDs and spellIDs list the ids in order, for suggestions and docs.
	creatureIDs, spellIDs []string
}

var (
	libOnce sync.Once
	libVal  *clashLibrary
	libErr  error
)

// srdLibrary returns the decoded library. An error is a bug of the embedded files (the tests
// load it).
func srdLibrary() (*clashLibrary, error) {
	libOnce.Do(func() { libVal, libErr = loadLibrary() })
	return libVal, libErr
}

// clashKey normalises a creature or spell name for lookup: lower case, with ' ', '_' and '-'
// alike ("Cone of Cold", "cone_of_cold" and "cone-of-cold" are one name), apostrophes dropped.
func clashKey(s string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r == ' ' || r == '_' || r == '-':
			b.WriteByte('-')
		case r == '\'':
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func loadLibrary() (*clashLibrary, error) {
	ctx := cuecontext.New()
	inst := build.NewContext().NewInstance("", nil)
	for _, f := range srd.Files() {
		if err := inst.AddFile(srdPrefix+f.Name, f.Source); err != nil {
			return nil, fmt.Errorf("srd library: %v", err)
		}
	}
	v := ctx.BuildInstance(inst)
	if err := v.Err(); err != nil {
		return nil, fmt.Errorf("srd library: %v", err)
	}
	creatureDef, err := compiler.CompileDef(ctx, "#ClashCreature")
	if err != nil {
		return nil, err
	}
	spellDef, err := compiler.CompileDef(ctx, "#ClashSpell")
	if err != nil {
		return nil, err
	}
	lib := &clashLibrary{creatures: map[string]*clashCreature{}, spells: map[string]*clashSpell{}}
	d := &clashDecoder{dc: compiler.NewDecoder(compiler.NewLibraryNamer(), false), lib: true}
	each := func(field string, def cue.Value, f func(id string, n node)) error {
		it, err := v.LookupPath(cue.MakePath(cue.Str(field))).Fields()
		if err != nil {
			return fmt.Errorf("srd library: %s: %v", field, err)
		}
		for it.Next() {
			id := it.Selector().Unquoted()
			e := it.Value()
			u := e.Unify(def)
			if err := u.Validate(cue.Concrete(true)); err != nil {
				return fmt.Errorf("srd library: %s.%s: %v", field, id, err)
			}
			f(id, compiler.NewNode(e, u))
		}
		return nil
	}
	if err := each("creatures", creatureDef, func(id string, n node) {
		lib.creatures[clashKey(id)] = d.creature(id, n)
		lib.creatureIDs = append(lib.creatureIDs, id)
	}); err != nil {
		return nil, err
	}
	if err := each("spells", spellDef, func(id string, n node) {
		lib.spells[clashKey(id)] = d.spell(id, n)
		lib.spellIDs = append(lib.spellIDs, id)
	}); err != nil {
		return nil, err
	}
	return lib, nil
}

// vocabulary lists the bundled SRD 5.1 library's creature or spell ids, sorted: the vocabulary of
// KindCreature and KindSpell (compiler.Vocabulary; a battle may add its own). ok false for the
// other kinds.
func vocabulary(k compiler.SymbolKind) (ids []string, ok bool) {
	if k != KindCreature && k != KindSpell {
		return nil, false
	}
	lib, err := srdLibrary()
	if err != nil {
		return nil, true
	}
	ids = append(ids, lib.creatureIDs...)
	if k == KindSpell {
		ids = append(ids[:0], lib.spellIDs...)
	}
	sort.Strings(ids)
	return ids, true
}
