package clash

import "strings"

// A map as one side sees it (U-50, U-80; issues 23 and 25): the end-of-round map, the prompt's
// `map` and the move prompt's labelled field are drawn with every stand and solo on the grid,
// then a side's fog takes out of the rows each enemy the side cannot see, alive or a casualty
// (Fog.Unseen), putting back the ground under it. One rule for the text, the JSON Lines record
// and the prompt, the same as the units table's (Fog.units).

// mapDraw is what drawMap painted where: the grid's width w (squares), the rows before the
// first of the grid (head: the column numbers), the cells before any stand or solo was painted
// (ground, index y*w+x: terrain, height, zones, objective squares) and each stand's or solo's
// squares (marks, in drawing order).
type mapDraw struct {
	w, head int
	ground  [][2]byte
	marks   []mapMark
}

// mapMark is a stand ("goblins 3") or solo drawn on a map and the squares (y*w+x) it fills.
type mapMark struct {
	who   string
	cells []int
}

// add records who painted over box a; a nil d records nothing (a map drawn without keep).
func (d *mapDraw) add(who string, a box, w int) {
	if d == nil {
		return
	}
	m := mapMark{who: who}
	for dy := int32(0); dy < a.n; dy++ {
		for dx := int32(0); dx < a.n; dx++ {
			m.cells = append(m.cells, int(a.y+dy)*w+int(a.x+dx))
		}
	}
	d.marks = append(d.marks, m)
}

// veilRows is rows (drawn with d) as the side sees them: each mark the side cannot see (Unseen)
// replaced by the ground under it. It returns nil when nothing is veiled (rows stand as they
// are), or with a nil d (a map read back from JSON: it does not know what was painted where).
func (f *Fog) veilRows(rows []string, d *mapDraw) []string {
	if d == nil || f.side < 0 {
		return nil
	}
	var out [][]byte
	for _, m := range d.marks {
		if !f.Unseen(m.who) {
			continue
		}
		if out == nil {
			out = make([][]byte, len(rows))
			for i, r := range rows {
				out[i] = []byte(r)
			}
		}
		for _, q := range m.cells {
			r, c := d.head+q/d.w, 4+2*(q%d.w) // "%3d " then two characters a square
			if q < 0 || q >= len(d.ground) || r >= len(out) {
				continue
			}
			for len(out[r]) < c+2 {
				out[r] = append(out[r], ' ')
			}
			out[r][c], out[r][c+1] = d.ground[q][0], d.ground[q][1]
		}
	}
	if out == nil {
		return nil
	}
	veiled := make([]string, len(out))
	for i, r := range out {
		veiled[i] = strings.TrimRight(string(r), " ")
	}
	return veiled
}

// Unseen reports whether who (a stand "goblins 3" or a solo) is an enemy of the side that the
// side cannot see now: hidden (U-50) and not revealed (U-80), or fallen while hidden (U-57: the
// side never saw it fall, so it is not drawn where it fell). The GM's fog (side -1) sees all.
func (f *Fog) Unseen(who string) bool {
	return f.enemy(who) && (f.hidden[who] || f.downUnseen[who])
}

// mapRowsSeen is the map drawn now as side f sees it (the prompt's `map`): f nil, every stand.
func (b *Battle) mapRowsSeen(f *Fog) []string {
	if f == nil {
		return b.mapRows()
	}
	rows, d := b.drawMap(true)
	if v := f.veilRows(rows, d); v != nil {
		return v
	}
	return rows
}
