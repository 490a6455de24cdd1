package pathfinder

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner"
)

// Buying, selling and transferring an army's resources in a hex scenario (P-66; Army Resources):
// the orders buy, sell and transfer (hexorders.go carries them out at the start of their day).
//
//   - Buy: "Resources must be purchased with BP before an army can be outfitted with them." The
//     kingdom's treasury pays the price at once; the army's statistics and its weekly consumption
//     change from that day (derive.go's upkeep adds each resource's consumption). An order the
//     treasury cannot pay, or for a resource the army has, is reported and skipped, whole.
//   - Sell: "If you disband an army with a resource, you can [...] sell it for half its BP value"
//     (Transferring Resources): sortie refunds half the price at the army's size, rounded down, and
//     lets the kingdom sell without disbanding the army (the book names no other sale; an army that
//     keeps fighting simply loses the resource). The consumption ends.
//   - Transfer: "You may take a purchased resource from one army and give it to an army of equal or
//     smaller size [...]. Doing so doesn't cost BP, but reduces the Morale of the donating army by
//     1" (Transferring Resources): one army hands resources to another of its side in its hex, of
//     its size or smaller as they stand that day (a reform may have made either smaller); the
//     giver's Morale drops by 1 (an army at -5 disbands at the day's end, P-7). Each army's
//     consumption follows its own size (Resource Scaling). Dividing a resource among several
//     smaller armies ("at the GM's discretion") is one transfer order per army, each a whole
//     resource.
//
// The buildings a resource needs are data the scenario gives (its kingdom's buildings and
// requires:); the compiler checks them, as they do not change during a run.

// input is army x as written, at the size its reforms left it (hexreform.go), with the resources
// (and the mounts' CR, P-3) it bought, sold or was handed since: what pfarmy.Derive derives its
// statistics from, as it does a battle file's army.
func (x *hexArmy) input() (pfarmy.Army, error) {
	in, err := pfarmy.ArmyOf(&x.pa.Army)
	if err == nil && x.res != nil {
		in.Resources = *x.res
	}
	if err == nil && x.mount != nil {
		in.MountCR = *x.mount
	}
	in.Size -= pfarmy.Size(x.smaller) // reformed (hexreform.go)
	return in, err
}

// tradeResult is what a trade order did, for its event.
type tradeResult struct {
	items []string
	bp    int // price paid or refund received
	note  string
}

// trade carries out a buy, sell or transfer order. A reason it cannot be carried out is in note
// (no error): the army gone, the treasury short, a resource it has or lacks.
func (r *hexRun) trade(o *plan.PFOrder) (tradeResult, error) {
	var res tradeResult
	if o.Resources == nil || len(o.Armies) == 0 {
		return res, fmt.Errorf("order %s on day %d names no resources", o.Kind, o.Day)
	}
	names, counts := pfarmy.TradeItems(*o.Resources)
	res.items = itemWords(names, counts)
	a := &r.armies[o.Armies[0]]
	if a.gone != "" {
		res.note = "cannot: it is " + a.gone
		return res, nil
	}
	cur, err := a.input()
	if err != nil {
		return res, fmt.Errorf("army %s: %v", a.pa.ID, err)
	}
	var mount pfarmy.CR
	if o.MountCR != "" {
		if mount, err = pfarmy.ParseCR(o.MountCR); err != nil {
			return res, fmt.Errorf("order %s on day %d: mountCR: %v", o.Kind, o.Day, err)
		}
	} else {
		mount = cur.MountCR // the compiler asks for mountCR when the army has none
	}
	price := 0
	for i, n := range names {
		p, _ := pfarmy.ResourcePrice(n, a.st.Size, mount)
		price += p * counts[i]
	}
	k := r.kingdoms[a.pa.Side]
	switch o.Kind {
	case "buy":
		after, why := withItems(cur.Resources, names, counts, +1)
		if why != "" {
			res.note = "cannot: " + why
			return res, nil
		}
		if k == nil || !k.Upkeep {
			res.note = "cannot: its kingdom keeps no treasury"
			return res, nil
		}
		if k.Treasury < price {
			res.note = fmt.Sprintf("cannot: the treasury holds %d BP, the price is %d BP", k.Treasury, price)
			return res, nil
		}
		before := a.st
		if why, err := r.refit(a, after, mountAfter(cur, after, mount)); err != nil || why != "" {
			res.note = "cannot: " + why
			return res, err
		}
		t := k.Treasury
		k.Treasury -= price
		res.bp = price
		res.note = fmt.Sprintf("%d BP, treasury %d -> %d BP; %s", price, t, k.Treasury, fitChange(&before, &a.st))
	case "sell":
		after, why := withItems(cur.Resources, names, counts, -1)
		if why != "" {
			res.note = "cannot: " + why
			return res, nil
		}
		before := a.st
		if why, err := r.refit(a, after, mountAfter(cur, after, 0)); err != nil || why != "" {
			res.note = "cannot: " + why
			return res, err
		}
		res.bp = price / 2
		if k != nil && k.Upkeep {
			t := k.Treasury
			k.Treasury += res.bp
			res.note = fmt.Sprintf("%d BP back (half of %d), treasury %d -> %d BP; %s", res.bp, price, t, k.Treasury, fitChange(&before, &a.st))
		} else {
			res.bp = 0
			res.note = "no treasury takes the money; " + fitChange(&before, &a.st)
		}
	case "transfer":
		b := &r.armies[o.Armies[1]]
		switch {
		case b.gone != "":
			res.note = fmt.Sprintf("cannot: %s is %s", b.pa.ID, b.gone)
			return res, nil
		case a.hex != b.hex:
			res.note = "cannot: they are not in one hex"
			return res, nil
		case b.st.Size > a.st.Size:
			res.note = fmt.Sprintf("cannot: %s (%s) is larger than %s (%s): a resource goes to an army of equal or smaller size", b.pa.ID, b.st.Size, a.pa.ID, a.st.Size)
			return res, nil
		}
		to, err := b.input()
		if err != nil {
			return res, fmt.Errorf("army %s: %v", b.pa.ID, err)
		}
		from, why := withItems(cur.Resources, names, counts, -1)
		if why != "" {
			res.note = "cannot: " + namedWhy(a.pa.ID, why)
			return res, nil
		}
		into, why := withItems(to.Resources, names, counts, +1)
		if why != "" {
			res.note = "cannot: " + namedWhy(b.pa.ID, why)
			return res, nil
		}
		sa, sb := *a, *b
		beforeA, beforeB := a.st, b.st
		if why, err := r.refit(a, from, mountAfter(cur, from, 0)); err != nil || why != "" {
			res.note = "cannot: " + why
			return res, err
		}
		if why, err := r.refit(b, into, mountAfter(to, into, cur.MountCR)); err != nil || why != "" {
			*a, *b = sa, sb // undo the giver's half (its res and mount pointers with it)
			res.note = "cannot: " + why
			return res, err
		}
		a.st.Morale-- // "reduces the Morale of the donating army by 1"
		a.st.MoraleMod--
		res.note = fmt.Sprintf("%s %s; %s %s", a.pa.ID, fitChange(&beforeA, &a.st), b.pa.ID, fitChange(&beforeB, &b.st))
	}
	return res, nil
}

// fitChange is statChange led by the ACR and full hp when a trade moved them (mounts of a higher
// CR than the riders', P-3): "ACR 3 -> 5, full hp 16 -> 27, OM +6 -> +8, ...".
func fitChange(b, a *pfarmy.Stats) string {
	var lead []string
	if b.ACR != a.ACR {
		lead = append(lead, fmt.Sprintf("ACR %s -> %s", b.ACR, a.ACR))
	}
	if b.HP != a.HP {
		lead = append(lead, fmt.Sprintf("full hp %d -> %d", b.HP, a.HP))
	}
	if s := statChange(b, a); s != "" || len(lead) == 0 {
		lead = append(lead, s)
	}
	return strings.Join(lead, ", ")
}

// namedWhy is withItems's why ("it has no healing potions") with the army's id in place of "it":
// "knights has no healing potions" (issue 24 review: it read "knights it has no ...").
func namedWhy(id, why string) string {
	if rest, ok := strings.CutPrefix(why, "it "); ok {
		return id + " " + rest
	}
	return id + ": " + why
}

// withItems is resources r with the named items added (sign +1) or taken away (-1), or why that
// cannot be: an item it has already (a grade as good or better), or one it lacks.
func withItems(r pfarmy.Resources, names []string, counts []int, sign int) (pfarmy.Resources, string) {
	grade := func(g *pfarmy.Grade, want pfarmy.Grade, what string) string {
		if sign > 0 {
			if *g >= want {
				return fmt.Sprintf("it has %s %s already", *g, what)
			}
			*g = want
			return ""
		}
		if *g != want {
			return fmt.Sprintf("it has no %s %s", want, what)
		}
		*g = pfarmy.GradeNone
		return ""
	}
	flag := func(f *bool, what string) string {
		if *f == (sign > 0) {
			if sign > 0 {
				return "it has " + what + " already"
			}
			return "it has no " + what
		}
		*f = sign > 0
		return ""
	}
	for i, n := range names {
		var why string
		switch n {
		case pfarmy.ResImprovedArmor:
			why = grade(&r.Armor, pfarmy.GradeImproved, "armor")
		case pfarmy.ResMagicArmor:
			why = grade(&r.Armor, pfarmy.GradeMagic, "armor")
		case pfarmy.ResImprovedWeapons:
			why = grade(&r.Weapons, pfarmy.GradeImproved, "weapons")
		case pfarmy.ResMagicWeapons:
			why = grade(&r.Weapons, pfarmy.GradeMagic, "weapons")
		case pfarmy.ResMounts:
			why = flag(&r.Mounts, "mounts")
		case pfarmy.ResRangedWeapons:
			why = flag(&r.Ranged, "ranged weapons")
		case pfarmy.ResHealingPotions:
			why = flag(&r.HealingPotions, "healing potions")
		case pfarmy.ResSiegeEngines:
			if sign < 0 && r.SiegeEngines < counts[i] {
				why = fmt.Sprintf("it has %d siege engines, not %d", r.SiegeEngines, counts[i])
			}
			r.SiegeEngines += sign * counts[i]
		}
		if why != "" {
			return r, why
		}
	}
	return r, ""
}

// refit re-derives army x with resources res and mounts of CR mount (0: none), as a battle file's
// army is derived (pfarmy.Derive: P-3's ACR, P-4's hp, P-66's OM and DV), keeping its hp, Morale, the tactics it knows and its
// commander's boons; why is a prerequisite the new resources miss (M008: mindless creatures use no
// siege engines, Army Resources), and then x is unchanged.
func (r *hexRun) refit(x *hexArmy, res pfarmy.Resources, mount pfarmy.CR) (why string, err error) {
	in, err := x.input()
	if err != nil {
		return "", fmt.Errorf("army %s: %v", x.pa.ID, err)
	}
	in.Resources = res
	in.MountCR = mount
	for _, f := range pfarmy.Check(&in, r.o.Rules) {
		if f.Code == pfarmy.CodePrereq && strings.HasPrefix(f.Field, "resources") {
			return f.Message, nil
		}
	}
	morale, mod := x.st.Morale, x.st.MoraleMod
	// Its hp keep their share of the maximum, which moves only with the ACR (mounts, P-3).
	if err := r.form(x, in, x.known(), x.st.Boons, morale, x.hp, x.st.HP, x.hex); err != nil {
		return "", err
	}
	x.st.Morale, x.st.MoraleMod = morale, mod // resources do not change Morale (P-66)
	x.res, x.mount = &res, &mount
	return "", nil
}

// mountAfter is the mounts' CR of army cur once its resources are after (P-3: "the higher of
// rider and mount" gives cavalry its ACR): the CR of mounts it gains (given, the CR the order or
// the giver names), none once it loses its mounts, and its own otherwise. An army written with a
// mountCR: and no mounts resource keeps it: those mounts are its creatures, not a resource.
func mountAfter(cur pfarmy.Army, after pfarmy.Resources, given pfarmy.CR) pfarmy.CR {
	switch {
	case after.Mounts && !cur.Resources.Mounts:
		return given
	case !after.Mounts && cur.Resources.Mounts:
		return 0
	}
	return cur.MountCR
}

// statChange says how OM, DV, ranged attacks, consumption and Morale changed: "DV 12 -> 13,
// consumption 1 -> 2 BP a week".
func statChange(b, a *pfarmy.Stats) string {
	var parts []string
	if b.OM != a.OM {
		parts = append(parts, fmt.Sprintf("OM %+d -> %+d", b.OM, a.OM))
	}
	if b.DV != a.DV {
		parts = append(parts, fmt.Sprintf("DV %d -> %d", b.DV, a.DV))
	}
	if b.Ranged != a.Ranged {
		parts = append(parts, fmt.Sprintf("ranged attacks %s", map[bool]string{true: "yes", false: "no"}[a.Ranged]))
	}
	if b.PotionUse != a.PotionUse {
		parts = append(parts, fmt.Sprintf("%d BP a use of potions", a.PotionUse))
	}
	if b.Consumption != a.Consumption {
		parts = append(parts, fmt.Sprintf("consumption %d -> %d BP a week", b.Consumption, a.Consumption))
	}
	if b.Morale != a.Morale {
		parts = append(parts, fmt.Sprintf("Morale %+d -> %+d", b.Morale, a.Morale))
	}
	if len(parts) == 0 {
		return "statistics unchanged"
	}
	return strings.Join(parts, ", ")
}

// tradeWidth is the widest line of a trade order in the transcript: the terminal's 120 columns
// (issue 24), the two-space margin and the four of a continuation line's indent included.
const tradeWidth = 120

// WriteText writes the order's line (runner.Texter) at the margin, wrapped at tradeWidth columns
// after ", " where it can, each further line indented by four spaces: a trade's note names prices,
// the treasury and the statistics that changed, and with two armies it outgrows one line.
func (e *HexOrderEvent) WriteText(w *bytes.Buffer) error {
	l := e.Line()
	if l == "" {
		return nil
	}
	for i, part := range strings.Split(runner.WrapCell(l, tradeWidth-4), "\n") {
		w.WriteString(map[bool]string{true: "  ", false: "    "}[i == 0])
		w.WriteString(part)
		w.WriteByte('\n')
	}
	return nil
}

// itemWords are the items as the transcript reads them: "improved armor", "2 siege engines".
func itemWords(names []string, counts []int) []string {
	var out []string
	for i, n := range names {
		w := resourceWords[n]
		if n == pfarmy.ResSiegeEngines {
			w = fmt.Sprintf("%d siege engine", counts[i])
			if counts[i] > 1 {
				w += "s"
			}
		}
		out = append(out, w)
	}
	return out
}

var resourceWords = map[string]string{pfarmy.ResImprovedArmor: "improved armor", pfarmy.ResMagicArmor: "magic armor",
	pfarmy.ResImprovedWeapons: "improved weapons", pfarmy.ResMagicWeapons: "magic weapons", pfarmy.ResMounts: "mounts",
	pfarmy.ResRangedWeapons: "ranged weapons", pfarmy.ResSiegeEngines: "siege engines", pfarmy.ResHealingPotions: "healing potions"}
