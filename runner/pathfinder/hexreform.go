package pathfinder

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// reform carries out a reform order: Reforming an Army (Ultimate Campaign, Optional Mass Combat
// Rules), which RULES.md's Part P does not cover:
//
//	"At any time outside of combat, you can reform a wounded army (at half hit points or fewer)
//	into an army one size smaller with full hit points. [...] The smaller army retains all of the
//	larger army's statistics and effects (including tactics, boons, resources, commander, and so
//	on) except those based on its size (such as ACR and statistics based on ACR). The army reduces
//	its Morale by 1 (as reforming is a blunt indication of misfortune)."
//
// Orders run at the start of a day, before its battles: outside combat. The army keeps its id, the
// tactics it knows, its commander's boons and its resources (their upkeep scales with the new size,
// Resource Scaling); ACR, hp, OM, DV, consumption and the rest derive from the new size (P-2..P-5,
// P-11), hp is the new full hp, and Morale drops by 1 (an army at -5 disbands at the day's end,
// P-7). A routed army stays routed. There is no limit to how often an army is reformed; the
// compiler refuses a Fine army and one that would fall below ACR 1/8 (H006).
//
// Only an order reforms an army; the Policy never does, by choice (issue 24 asked whether it
// should). Reforming is an optional rule the GM opts into, and it rarely pays: worked by hand with
// the Policy's own measure (expDamage, gm.go), a Large army of CR 1 foot (ACR 3, OM +3, DV 13)
// at hp 8 of 16, against an enemy like it, deals 55/20 = 2.75 a check and takes 2.75, so it
// expects to deal 8 x 2.75 / 2.75 = 8 hp before it falls; reformed (Medium, hp 5, OM +1, DV 11) it deals
// 36/20 = 1.8 and takes 78/20 = 3.9: 5 x 1.8 / 3.9 = 2.3, and at Morale -1. The reform wins only
// at hp 2 or less, where a day's rest (ACR 3 hp, P-64) does better, and winners and routed armies
// are raised to their ACR anyway (P-59, P-61). A Policy that ordered it would also add a choice
// to every run's stream, and so move every scenario's balance, for a move it would almost never
// make.
//
// The note says why the order is skipped ("cannot: ..."), or what changed: "Large -> Medium,
// ACR 3 -> 1, hp 8/16 -> 5/5, OM +4 -> +2, DV 14 -> 12, consumption 3 -> 2 BP a week, Morale +0 ->
// -1".
func (r *hexRun) reform(o *plan.PFOrder) (string, error) {
	a := &r.armies[o.Armies[0]]
	switch {
	case a.gone != "":
		return "cannot: it is " + a.gone, nil
	case 2*a.hp > a.st.HP:
		return fmt.Sprintf("cannot: hp %d of %d is more than half (only a wounded army reforms)", a.hp, a.st.HP), nil
	case a.st.Size <= pfarmy.SizeFine:
		return "cannot: a Fine army has no smaller size", nil
	}
	in, err := a.input()
	if err != nil {
		return "", fmt.Errorf("army %s: %v", a.pa.ID, err)
	}
	in.Size--
	if _, err := pfarmy.Derive(&in, r.o.Rules); err != nil {
		return fmt.Sprintf("cannot: a %s army of it is no army (%v)", in.Size, err), nil
	}
	before, hp := a.st, a.hp
	mod := a.st.MoraleMod // the Morale changes it carries (unpaid, no commander, victories)
	if err := r.form(a, in, a.known(), a.st.Boons, before.Morale-1, 1, 1, a.hex); err != nil {
		return "", err
	}
	a.st.MoraleMod = mod - 1
	a.smaller++
	return fmt.Sprintf("%s -> %s, ACR %s -> %s, hp %d/%d -> %d/%d, %s", before.Size, a.st.Size,
		before.ACR, a.st.ACR, hp, before.HP, a.hp, a.st.HP, statChange(&before, &a.st)), nil // statChange ends with the Morale
}
