package clash

import "strconv"

// Names used in events, questions and scripts. A stand is "<unit id> <n>" with n from 1 in the
// order the file lists the unit's stands; a resource square "<resource id> <n>" likewise; solos and
// units by their ids.

func (b *Battle) unitName(u int32) string { return b.s.units[u].id }
func (b *Battle) soloName(j int32) string { return b.s.solos[j].id }
func (b *Battle) sideName(s int32) string {
	if sd := b.s.Plan.Sides[s]; sd.Name != "" {
		return sd.Name
	}
	return b.s.Plan.Sides[s].ID
}

func (b *Battle) standName(i int32) string {
	st := &b.s.stands[i]
	return b.s.units[st.unit].id + " " + strconv.Itoa(st.idx+1)
}

func (b *Battle) resName(k int) string {
	r := &b.s.resSq[k]
	n := 0
	for _, q := range b.s.res[r.res] {
		n++
		if q == k {
			break
		}
	}
	return b.s.Plan.Resources[r.res].ID + " " + strconv.Itoa(n)
}

func (b *Battle) refName(t Ref) string {
	switch t.Kind {
	case RefStand:
		return b.standName(int32(t.Index))
	case RefSolo:
		return b.soloName(int32(t.Index))
	case RefResource:
		return b.resName(t.Index)
	}
	return "none"
}

func (b *Battle) actorName(at *actor) string {
	if at.stand >= 0 {
		return b.standName(at.stand)
	}
	return b.soloName(at.solo)
}

// StandName is stand i's name ("orcs 2").
func (b *Battle) StandName(i int) string { return b.standName(int32(i)) }

// UnitID is unit u's id; SoloID solo j's.
func (b *Battle) UnitID(u int) string { return b.unitName(int32(u)) }

// SoloID is solo j's id.
func (b *Battle) SoloID(j int) string { return b.soloName(int32(j)) }

// SideName is a side's name (or id).
func (b *Battle) SideName(s int) string { return b.sideName(int32(s)) }

// RefName names a target as scripts write it.
func (b *Battle) RefName(r Ref) string { return b.refName(r) }

// SquareName names square index q as "x,y".
func (b *Battle) SquareName(q int) string { return b.sqName(q) }
