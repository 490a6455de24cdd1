package clash

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// save makes target t's saving throw of ability ab against dc (U-76 [5E-CORE]): d20 + its save
// bonus, with advantage from a skirmisher's Dexterity (U-8), a commander's Prepare (U-14), magic
// resistance against spells, Brave against a spell that frightens, and forest cover on Dexterity saves with ForestCoverSaves (U-21);
// extra advantage (charm person, SRD: "with advantage if you or your companions are fighting it")
// or disadvantage (U-41) comes from the caller. A resource square fails (U-67).
// Conditions and boons (U-76): paralyzed fails Str and Dex saves, restrained has disadvantage on
// Dex saves, bless and bane add or take their dice.
func (b *Battle) save(t Ref, ab, dc int, adv, dis bool, why string) bool {
	var cr *creature
	spell := why != "morale" && why != "rally" && why != "undead fortitude" && why != "concentration" && why != "charge"
	r := b.why()
	if adv {
		r.adv("fighting its caster") // the one advantage a caller gives: charm person's [SRD]
	}
	if dis {
		r.dis("isolated (U-41)") // the one disadvantage a caller gives: a stand's spell on an isolated solo
	}
	switch t.Kind {
	case RefStand:
		st := &b.st[t.Index]
		cr = &b.s.cr[st.cr]
		u := &b.un[st.unit]
		if ab == plan.AbDex && !u.reg {
			adv = r.adv("skirmisher") // U-8 (1)
		}
		if u.prep > 0 {
			adv = r.adv("prepared") // U-14 Prepare
		}
	case RefSolo:
		cr = &b.s.cr[b.so[t.Index].cr]
		so := &b.so[t.Index]
		if so.dodge && ab == plan.AbDex {
			adv = r.adv("dodging") // Dodge [5E-CORE]
		}
		if so.stand >= 0 && b.o.PrepareSolos.On() && b.un[b.st[so.stand].unit].prep > 0 {
			// U-14 Prepare: 「そのユニットは…すべてのセーヴィング・スローに対して"優位"を得る」:
			// the unit, its joined solos included (PrepareSolos, Default yes).
			adv = r.adv("prepared")
		}
	default:
		b.emit(func() Event {
			return &SaveRollEvent{Who: b.refName(t), Ability: plan.AbilityNames[ab], DC: dc, Auto: true, Why: why}
		})
		return false
	}
	if spell && cr.traits&trMagicRes != 0 && !b.riderWhy(why) {
		adv = r.adv("magic resistance")
	}
	if spell && cr.traits&trBrave != 0 && b.frightens(why) {
		adv = r.adv("brave") // the knight's Brave [SRD]: "advantage on saving throws against being frightened"
	}
	if c := b.condOf(t); c != 0 {
		// U-76 [5E-CORE]: a paralyzed, stunned or unconscious creature fails Strength and
		// Dexterity saves; a restrained one has disadvantage on Dexterity saves.
		if c&cFailStrDex != 0 && (ab == plan.AbStr || ab == plan.AbDex) {
			cond := plan.CondParalyzed
			switch {
			case c&cParalyzed != 0:
			case c&cStunned != 0:
				cond = plan.CondStunned
			default:
				cond = plan.CondUnconscious
			}
			b.emit(func() Event {
				return &SaveRollEvent{Who: b.refName(t), Ability: plan.AbilityNames[ab], DC: dc, Auto: true, Why: why, Cond: cond}
			})
			return false
		}
		if c&cRestrained != 0 && ab == plan.AbDex {
			dis = r.dis("restrained")
		}
	}
	mod := cr.saves[ab] + b.modRoll(t, false, r) // bless, bane (U-76)
	if ab == plan.AbDex && b.o.ForestCoverSaves == clashrules.Yes && b.coveredForSave(t) {
		mod += 2
		r.cover("forest +2")
	}
	face, faces := b.d20(adv, dis)
	total := face + mod
	ok := total >= dc
	b.emit(func() Event {
		e := &SaveRollEvent{Who: b.refName(t), Ability: plan.AbilityNames[ab], Faces: faces, Face: face, Adv: adv && !dis,
			Dis: dis && !adv, Cancel: adv && dis, Mod: mod, Total: total, DC: dc, OK: ok, Why: why}
		e.AdvWhy, e.DisWhy, e.Cover = r.list()
		return e
	})
	return ok
}

func (b *Battle) coveredForSave(t Ref) bool {
	switch t.Kind {
	case RefStand:
		return b.inForest(b.standBox(int32(t.Index)))
	case RefSolo:
		return b.o.ForestCoverSolos == clashrules.Yes && b.so[t.Index].stand < 0 && b.inForest(b.soloBox(int32(t.Index)))
	}
	return false
}
