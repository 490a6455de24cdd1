package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// Abilities that act when a battle ends (Ultimate Campaign, Mass Combat, Special Abilities): mercy.
// Disease marks the armies it damaged (ArmyState.Diseased); divine health's immunity keeps the mark
// off (compiler/plan/pfarmy, abilityread.go).

// mercy is Mercy (Paladin 3): "At the end of a battle, the army can cure a disease on one allied
// army", where "you count as your own ally for abilities that effect allied armies". Played when
// the battle ends (one side left the field; a battle cut off at Options.MaxPhases has not ended),
// in army order: each army with mercy that is not destroyed cures one diseased army of its side
// that is not destroyed, itself first, then the lowest-numbered. Curing costs nothing, so no
// commander is asked.
func (b *Battle) mercy() {
	for i := 0; i < b.n; i++ {
		u := &b.u[i]
		if !u.st.Abil.Has(pfarmy.AbMercy) || u.s.status == StatusDestroyed {
			continue
		}
		t := -1
		if u.s.diseased {
			t = i
		}
		for j := 0; j < b.n && t < 0; j++ {
			if v := &b.u[j]; v.side == u.side && v.s.diseased && v.s.status != StatusDestroyed {
				t = j
			}
		}
		if t < 0 {
			continue
		}
		b.u[t].s.diseased = false
		b.abilityEvent(i, t, pfarmy.AbMercy, 0)
	}
}
