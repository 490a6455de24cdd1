package clash

import (
	"bytes"
	"fmt"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// writeStatus is the prompt's "status" of a battle (issue 23): the round and its limit, each
// side's VP against the MaxVP that ends the battle (U-71), and every objective in words: whose
// it is, how it scores (U-66 attrition, U-67 destruction, U-68 protection, U-69 custom) and the
// VP it has given so far, so that a player knows what wins before the first move.
func (b *Battle) writeStatus(w *bytes.Buffer) {
	fmt.Fprintf(w, "  round %d of at most %d; VP: %s %d, %s %d (%d VP at the end of a round wins, U-71)\n",
		b.round, b.o.MaxRoundsOrDefault(), esc.Text(b.sideName(0)), b.vp[0], esc.Text(b.sideName(1)), b.vp[1], MaxVP)
	if len(b.s.obj) == 0 {
		return
	}
	w.WriteString("  objectives:\n")
	for oi := range b.s.obj {
		o := &b.s.obj[oi]
		name := o.name
		if name == "" {
			name = o.id
		}
		// Names are strangers' strings: each one line, escaped (esc.Text), as the transcript's.
		fmt.Fprintf(w, "    %s (%s): %s; %d VP so far\n", esc.Text(name), esc.Text(b.sideName(int32(o.side))), esc.Text(b.objWords(o)), b.objVP[oi])
	}
}

// objWords says how objective o scores, in a few words.
func (b *Battle) objWords(o *objective) string {
	switch o.kind {
	case plan.ObjAttrition:
		parts := make([]string, len(o.units))
		for i, uv := range o.units {
			parts[i] = fmt.Sprintf("%s %d", b.unitName(int32(uv.Unit)), uv.VP)
		}
		return "VP for each enemy unit eliminated (U-66): " + strings.Join(parts, ", ")
	case plan.ObjDestroy:
		return fmt.Sprintf("VP for each square of %s brought to 0 hp (U-67)", b.resWords(o.res))
	case plan.ObjProtect:
		return fmt.Sprintf("%d VP each end of round %s is held: two stands beside it, no enemy within 2 squares (U-68)", max(1, o.vp), b.resWords(o.res))
	case plan.ObjCustom:
		when := "each end of round"
		if !o.repeat {
			when = "once"
		}
		w := "always"
		if o.when != nil {
			w = b.condWords(o.when)
		}
		return fmt.Sprintf("%d VP %s when %s (U-69)", o.vp, when, w)
	}
	return string(o.kind)
}

// resWords names resource r: its name (or id) and its squares.
func (b *Battle) resWords(r int) string {
	pr := &b.s.Plan.Resources[r]
	n := pr.Name
	if n == "" {
		n = pr.ID
	}
	sq := make([]string, len(b.s.res[r]))
	for i, k := range b.s.res[r] {
		sq[i] = b.sqName(b.s.resSq[k].sq)
	}
	return n + " at " + strings.Join(sq, " ")
}

// condWords says condition c in words: "a stand or solo of The Ninth Legion of Khar is in the
// zone 5..9,3..8 and no stand or solo of The Gallows garrison is in the zone 5..9,3..8", "not
// (... or ...)". A zone is named by the squares it spans (the map marks it @).
func (b *Battle) condWords(c *plan.ClashCond) string {
	args := func(sep string) string {
		parts := make([]string, len(c.Args))
		for i := range c.Args {
			parts[i] = b.condWords(&c.Args[i])
			if len(c.Args[i].Args) > 1 {
				parts[i] = "(" + parts[i] + ")"
			}
		}
		return strings.Join(parts, sep)
	}
	switch c.Op {
	case plan.ClashAll:
		return args(" and ")
	case plan.ClashAny:
		return args(" or ")
	case plan.ClashNot:
		if a := &c.Args[0]; len(c.Args) == 1 && a.Op == plan.ClashIn && a.Count <= 1 {
			// "no stand or solo of X is in the zone", not "not a stand or solo of X is in ..."
			return "no " + strings.TrimPrefix(b.condWords(a), "a ")
		}
		return "not " + args("")
	case plan.ClashIn:
		who, of := "a stand or solo of ", b.sideName(int32(c.Side))
		if c.Unit >= 0 {
			who, of = "a stand of ", b.unitName(int32(c.Unit))
		}
		if c.Count > 1 {
			return fmt.Sprintf("%d %s%s are in the zone %s", c.Count, strings.Replace(strings.TrimPrefix(who, "a "), "stand", "stands", 1), of, zoneWords(c.Zone))
		}
		return who + of + " is in the zone " + zoneWords(c.Zone)
	case plan.ClashEliminated:
		return b.unitName(int32(c.Unit)) + " is eliminated"
	case plan.ClashBroken:
		return b.unitName(int32(c.Unit)) + " is broken"
	case plan.ClashDown:
		return b.soloName(int32(c.Solo)) + " is down"
	case plan.ClashNoCommander:
		return b.unitName(int32(c.Unit)) + " has lost its commander"
	case plan.ClashDestroyed:
		return b.resWords(c.Resource) + " is destroyed"
	case plan.ClashRound:
		return fmt.Sprintf("it is round %d or later", c.Round)
	}
	return string(c.Op)
}

// zoneWords names a zone by the squares it spans: "5..9,3..8" (x from 5 to 9, y from 3 to 8),
// or "4,2" for one square.
func zoneWords(z [][2]int) string {
	if len(z) == 0 {
		return "(empty)"
	}
	x0, y0, x1, y1 := z[0][0], z[0][1], z[0][0], z[0][1]
	for _, q := range z {
		x0, y0, x1, y1 = min(x0, q[0]), min(y0, q[1]), max(x1, q[0]), max(y1, q[1])
	}
	span := func(a, b int) string {
		if a == b {
			return fmt.Sprint(a)
		}
		return fmt.Sprintf("%d..%d", a, b)
	}
	return span(x0, x1) + "," + span(y0, y1)
}
