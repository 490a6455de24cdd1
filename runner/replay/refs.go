package replay

import (
	"math"
	"strconv"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// What a run's events may name and count (issue 25 review: `sortie replay` took "hp":
// 99999999999999999999, a march to hex "narnia" and an army "ghost" silently, drawing "dwarves 0"
// and leaving the march off the map). One pass over each event line, before the page reads it:
//   - every number but a seed is within ±maxNumber: no engine writes more (hp, days, rounds,
//     BP, VP, dice), and a larger one does not fit the page's ints;
//   - a key that names a thing of the plan (refs) names one that is in it.
// A field the page does not read is not checked: the run's own lines are still shown as text.

// maxNumber bounds every number of a run's events but its seed.
const maxNumber = 1_000_000_000

// refs is, by JSON key (at any depth of an event), the values a run against this plan may hold
// there; an empty string is always allowed (an optional name left out). A key not in refs is not
// checked.
type refs map[string]refSet

// refSet is the values of one key and what they are, for the message ("an army of the plan").
type refSet struct {
	what string
	ok   map[string]bool
	// notNull: the engine always writes a name there (a move's to and from), so null is refused;
	// elsewhere null is "none" (an army not seen: its block).
	notNull bool
}

// nonNull is s refusing null.
func (s refSet) nonNull() refSet { s.notNull = true; return s }

// set is a refSet of names.
func set(what string, names ...[]string) refSet {
	s := refSet{what: what, ok: map[string]bool{}}
	for _, ns := range names {
		for _, n := range ns {
			s.ok[n] = true
		}
	}
	return s
}

// newRefs is what events may name against in's plan: a Karzoral scenario's armies and blocks, a
// Pathfinder scenario's armies and hexes, a clash battle's units, stands, solos and squares. A
// campaign (several fields) and a Pathfinder battle file's log name none that are checked here.
func newRefs(in Input) refs {
	switch {
	case in.Clash != nil:
		c := in.Clash
		var units, stands, solos, squares []string
		for _, u := range c.Units {
			units = append(units, u.ID)
			for k := range u.Stands {
				stands = append(stands, u.ID+" "+strconv.Itoa(k+1))
			}
		}
		for _, s := range c.Solos {
			solos = append(solos, s.ID)
		}
		var squaresOf []string // a resource's squares, "bridge 4" (runner/clash's resName: its n-th square)
		for _, r := range c.Resources {
			for k := range r.Squares {
				squaresOf = append(squaresOf, r.ID+" "+strconv.Itoa(k+1))
			}
		}
		for y := 0; y < c.Grid.Height; y++ {
			for x := 0; x < c.Grid.Width; x++ {
				squares = append(squares, strconv.Itoa(x)+","+strconv.Itoa(y))
			}
		}
		place := set("a square of the grid (x,y), a stand or a solo of the battle", squares, stands, solos, []string{"off the grid"})
		return refs{
			"who":    set("a unit, stand or solo of the battle", units, stands, solos),
			"stand":  set("a stand of the battle", stands),
			"solo":   set("a solo of the battle", solos),
			"unit":   set("a unit of the battle", units),
			"target": set("a stand, a solo or an objective square of the battle", stands, solos, squaresOf),
			"to":     place,
			"from":   place,
		}
	case in.Campaign != nil, in.Battle != nil, in.Plan == nil:
		return nil
	case in.Plan.Pathfinder != nil:
		var armies, hexes []string
		for _, a := range in.Plan.Pathfinder.Armies {
			armies = append(armies, a.ID)
		}
		for _, h := range in.Plan.Pathfinder.Hexes {
			hexes = append(hexes, h.ID)
		}
		army, hex := set("an army of the plan", armies), set("a hex of the plan", hexes)
		return refs{"army": army, "other": army, "armies": army, "into": army, "hex": hex, "to": hex, "from": hex}
	default:
		var armies, blocks []string
		for _, a := range in.Plan.Armies {
			armies = append(armies, a.ID)
		}
		for _, b := range in.Plan.Field.Blocks {
			blocks = append(blocks, b.ID)
		}
		army, block := set("an army of the plan", armies), set("a block of the plan", blocks)
		// "to", "from" (a move, a bounce) and "party" (the start, a day's end) are blocks too
		// (issue 25 review D2: a partyMove to "nowhere" or null was taken and the party vanished).
		return refs{"army": army, "block": block, "to": block.nonNull(), "from": block.nonNull(), "party": block} // "other": a PC too
	}
}

// checkValue refuses value v (a JSON string, number or bool token) at key of event i, at byte
// col (1-based) of its line: a number out of range, a name refs does not know, or a number or
// true/false where refs wants a name. Errors: *EventError.
func (r refs) checkValue(i, col int, key string, v any) error {
	if s, ok := r[key]; ok {
		if _, isName := v.(string); !isName {
			return &EventError{Index: i, Col: col, Why: strconv.Quote(key) + ": not a name (want " + s.what + ")"}
		}
	}
	switch v := v.(type) {
	case string:
		s, ok := r[key]
		if !ok || v == "" || s.ok[v] {
			return nil
		}
		// Quote escapes a control character and a bidi override (U+202E) as \u202e.
		return &EventError{Index: i, Col: col, Why: strconv.Quote(key) + ": " + strconv.Quote(esc.Cut(v, esc.Max)) + " is not " + s.what}
	case float64:
		if key == "seed" || math.Abs(v) <= maxNumber {
			return nil
		}
		return &EventError{Index: i, Col: col, Why: strconv.Quote(key) + ": a number out of range (a run's events count within ±1,000,000,000)"}
	}
	return nil
}
