package clash

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// The battle as a person reads it: the map at the end of each round (before casualties are
// removed, so they show) and the units table after the end of round. Both are events (Texter:
// their text is more than a line; their fields are the JSON Lines record).

// MapLegend explains the map's symbols; each square is two characters: what is there, and a mark.
const MapLegend = "map: . clear  : rough  = road  * forest  - shallow  ~ deep  # objective square (% destroyed)  @ zone;" +
	" a letter is a unit's stand or a solo; after it: + joined solo, x casualty, ? hidden, d down (solo);" +
	" a digit: height in 20-ft steps (after terrain, or after a letter with no other mark)"

// mapLegendItems are MapLegend's items, joined with spaces, where its text may wrap: the terrain
// key (101 columns) whole, then each clause and mark of the rest (TestMapLegendItems).
var mapLegendItems = []string{
	"map: . clear  : rough  = road  * forest  - shallow  ~ deep  # objective square (% destroyed)  @ zone;",
	"a letter is a unit's stand or a solo;", "after it: + joined solo,", "x casualty,", "? hidden,", "d down (solo);",
	"a digit: height in 20-ft steps (after terrain, or after a letter with no other mark)",
}

// mapRows draws the grid: two characters a square (see MapLegend).
func (b *Battle) mapRows() []string {
	rows, _ := b.drawMap(false)
	return rows
}

// drawMap is mapRows, and with keep what it painted where (mapDraw), so that a side's fog can
// take out of the rows what the side does not see (Fog.veilRows); nil without keep.
func (b *Battle) drawMap(keep bool) ([]string, *mapDraw) {
	w, h := b.w, b.h
	cells := make([][2]byte, w*h)
	for q := range cells {
		c := b.terr[q]
		if c == plan.TerrRough && b.s.terr[q] == plan.TerrRoad {
			c = plan.TerrRough // a destroyed road square
		}
		m := byte(' ')
		if e := b.s.elev[q]; e > 0 {
			m = '0' + byte(min(e, 9))
		}
		cells[q] = [2]byte{c, m}
	}
	for oi := range b.s.obj {
		o := &b.s.obj[oi]
		if o.kind == plan.ObjCustom {
			b.zoneGoals(o.when, int32(o.side), func(x, y int) { cells[y*w+x][0] = '@' })
		}
	}
	for k, r := range b.s.resSq {
		if b.rhp[k] > 0 {
			cells[r.sq][0] = '#'
		} else {
			cells[r.sq][0] = '%'
		}
	}
	var d *mapDraw
	if keep {
		d = &mapDraw{w: w, ground: append([][2]byte(nil), cells...)}
	}
	for i := range b.st {
		st := &b.st[i]
		if !st.on {
			continue
		}
		mark := byte(' ')
		switch {
		case st.cas:
			mark = 'x'
		case st.hidden:
			mark = '?'
		default:
			for j := range b.so {
				if b.so[j].stand == int32(i) && b.so[j].state != soloDead {
					mark = '+'
				}
			}
		}
		b.paint(cells, b.standBox(int32(i)), b.s.units[st.unit].mark, mark)
		d.add(b.standName(int32(i)), b.standBox(int32(i)), w)
	}
	for j := range b.so {
		so := &b.so[j]
		if so.stand >= 0 || so.state == soloDead || so.state == soloFled {
			continue
		}
		mark := byte(' ')
		switch {
		case so.state != soloUp:
			mark = 'd'
		case so.hidden:
			mark = '?'
		}
		b.paint(cells, b.soloBox(int32(j)), b.s.solos[j].mark, mark)
		d.add(b.soloName(int32(j)), b.soloBox(int32(j)), w)
	}
	rows := make([]string, 0, h+2)
	var line strings.Builder
	if w > 10 {
		line.WriteString("    ")
		for x := 0; x < w; x++ {
			if x >= 10 {
				line.WriteByte(byte('0' + x/10%10))
			} else {
				line.WriteByte(' ')
			}
			line.WriteByte(' ')
		}
		rows = append(rows, strings.TrimRight(line.String(), " "))
		line.Reset()
	}
	line.WriteString("    ")
	for x := 0; x < w; x++ {
		line.WriteByte(byte('0' + x%10))
		line.WriteByte(' ')
	}
	rows = append(rows, strings.TrimRight(line.String(), " "))
	for y := 0; y < h; y++ {
		line.Reset()
		fmt.Fprintf(&line, "%3d ", y)
		for x := 0; x < w; x++ {
			c := cells[y*w+x]
			line.WriteByte(c[0])
			line.WriteByte(c[1])
		}
		rows = append(rows, strings.TrimRight(line.String(), " "))
	}
	if d != nil {
		d.head = len(rows) - h
	}
	return rows, d
}

func (b *Battle) paint(cells [][2]byte, a box, letter, mark byte) {
	for dy := int32(0); dy < a.n; dy++ {
		for dx := int32(0); dx < a.n; dx++ {
			q := int(a.y+dy)*b.w + int(a.x+dx)
			m := mark
			if m == ' ' {
				m = cells[q][1] // the height shows when nothing else marks the occupant
			}
			cells[q] = [2]byte{letter, m}
		}
	}
}

// legend names the letters: "A spears, B archers | a axes; solos: K aldric (joined to spears 2)".
func (b *Battle) legend() string { return strings.Join(b.legendItems(), " ") }

// legendItems are the legend's entries, joined with spaces: a letter and its unit or solo ("B
// archers", "K aldric (with spears 2)"), a side's name before its first ("wardens: A spears"),
// " |" after the first side's last, so that the text can wrap between entries (runner.WrapItems).
func (b *Battle) legendItems() []string {
	var items []string
	for side := int32(0); side < 2; side++ {
		first := len(items)
		for u := range b.un {
			if b.un[u].side == side {
				items = append(items, fmt.Sprintf("%c %s", b.s.units[u].mark, b.unitName(int32(u))))
			}
		}
		for j := range b.so {
			so := &b.so[j]
			if so.side != side {
				continue
			}
			it := fmt.Sprintf("%c %s", b.s.solos[j].mark, b.soloName(int32(j)))
			switch {
			case so.state == soloDead:
				it += " (dead)"
			case so.state == soloFled:
				it += " (gone)"
			case so.stand >= 0:
				it += " (with " + b.standName(so.stand) + ")"
			}
			items = append(items, it)
		}
		if first == len(items) {
			items = append(items, b.sideName(side)+":")
		} else {
			items[first] = b.sideName(side) + ": " + items[first]
		}
		if side == 0 {
			items[len(items)-1] += " |"
		}
	}
	return items
}

// writeLegend writes a legend line wrapped between its items at runner.TableWidth (continuation
// lines indented two spaces), or legend as it is when the items are not known (an event read
// back from JSON Lines), and a newline.
func writeLegend(w *bytes.Buffer, legend string, items []string) {
	if strings.Join(items, " ") == legend {
		legend = runner.WrapItems(items, " ", runner.TableWidth, "  ")
	}
	w.WriteString(legend)
	w.WriteByte('\n')
}

// MapEvent is the map at the end of a round, before its casualties are removed (U-59 (1)).
type MapEvent struct {
	Round  int      `json:"round"`
	Rows   []string `json:"rows"`
	Legend string   `json:"legend"`
	// items are Legend's entries, to wrap between them (legendItems); not written.
	items []string
	// occupied is, by unit, the squares its stands on the grid fill (casualties included: the
	// map shows them), for the simulation's heat map; not written.
	occupied []unitSquares
	// draw is what was painted where, for a side's fog (Fog.Shown: veilRows); not written.
	draw *mapDraw
}

// unitSquares is a unit and the squares ("x,y") its stands fill.
type unitSquares struct {
	unit    string
	squares []string
}

func (*MapEvent) Type() string { return "clash.map" }
func (*MapEvent) Rule() string { return "" }
func (e *MapEvent) Line() string {
	return fmt.Sprintf("the field at the end of round %d", e.Round)
}

// WriteText writes the header, the map and the legend.
func (e *MapEvent) WriteText(w *bytes.Buffer) error {
	w.WriteString(e.Line())
	w.WriteString(" (casualties still marked x):\n")
	for _, r := range e.Rows {
		w.WriteString(r)
		w.WriteByte('\n')
	}
	writeLegend(w, e.Legend, e.items)
	return nil
}

// UnitRow is one unit in a UnitsEvent.
type UnitRow struct {
	Unit      string `json:"unit"`
	Side      string `json:"side"`
	Type      string `json:"type"`
	Config    string `json:"config,omitempty"`
	Stands    int    `json:"stands"` // on the grid
	Start     int    `json:"start"`
	HP        int    `json:"hp"` // of the stands on the grid
	Broken    bool   `json:"broken,omitempty"`
	Commander string `json:"commander,omitempty"`
	// Unseen (a one-side view only, Fog.Shown): how many of the unit's stands the side cannot
	// account for (hidden, or fallen while hidden: U-50, U-80); its stands, hp and state are
	// then shown as unknown ("?").
	Unseen int `json:"unseen,omitempty"`
}

// SoloRow is one solo in a UnitsEvent.
type SoloRow struct {
	Solo  string `json:"solo"`
	Side  string `json:"side"`
	HP    int    `json:"hp"`
	State string `json:"state"` // up, dying, stable, dead, fled
	With  string `json:"with,omitempty"`
}

// UnitsEvent is the table of units at the end of a round (U-59), with the VP.
type UnitsEvent struct {
	Round int       `json:"round"`
	Units []UnitRow `json:"units"`
	Solos []SoloRow `json:"solos,omitempty"`
	VP    [2]int    `json:"vp"`
	Sides [2]string `json:"sides"`
}

func (*UnitsEvent) Type() string { return "clash.units" }
func (*UnitsEvent) Rule() string { return "U-59" }
func (e *UnitsEvent) Line() string {
	return fmt.Sprintf("end of round %d: VP %s %d, %s %d", e.Round, e.Sides[0], e.VP[0], e.Sides[1], e.VP[1])
}

// WriteText writes the table of units and solos, then the VP line.
func (e *UnitsEvent) WriteText(w *bytes.Buffer) error {
	rows := [][]string{{"unit", "side", "type", "stands", "hp", "state", "commander"}}
	for _, u := range e.Units {
		typ := u.Type
		if u.Config != "" {
			typ += " (" + u.Config + ")"
		}
		state := "ready"
		switch {
		case u.Stands == 0:
			state = "eliminated"
		case u.Broken:
			state = "broken"
		}
		stands, hp := fmt.Sprintf("%d/%d", u.Stands, u.Start), strconv.Itoa(u.HP)
		if u.Unseen > 0 {
			stands, hp, state = fmt.Sprintf("?/%d", u.Start), "?", "?"
		}
		rows = append(rows, []string{u.Unit, u.Side, typ, stands, hp, state, u.Commander})
	}
	for _, s := range e.Solos {
		state := s.State
		if s.With != "" {
			state += ", with " + s.With
		}
		rows = append(rows, []string{s.Solo, s.Side, "solo", "", strconv.Itoa(s.HP), state, ""})
	}
	writeColumns(w, rows)
	w.WriteString(e.Line())
	w.WriteByte('\n')
	return nil
}

// writeColumns writes rows (the first the header) as runner.RenderColumns does, at most
// runner.TableWidth display columns wide (issue 24: every table sortie draws fits 120 columns).
func writeColumns(w *bytes.Buffer, rows [][]string) {
	runner.RenderColumns(w, rows, runner.TableWidth)
}

func (b *Battle) unitsEvent() *UnitsEvent {
	e := &UnitsEvent{Round: b.round, VP: b.vp, Sides: [2]string{b.sideName(0), b.sideName(1)}}
	for u := range b.un {
		un := &b.un[u]
		r := UnitRow{Unit: b.unitName(int32(u)), Side: b.sideName(un.side), Type: "skirmisher", Stands: int(un.alive),
			Start: int(un.start), Broken: un.broken}
		if un.reg {
			r.Type, r.Config = "regiment", string(cfgNames[un.cfg])
		}
		for i := un.first; i < un.first+un.n; i++ {
			if b.st[i].on {
				r.HP += int(b.st[i].hp)
			}
		}
		if un.cmd >= 0 {
			r.Commander = b.soloName(un.cmd)
		}
		e.Units = append(e.Units, r)
	}
	for j := range b.so {
		so := &b.so[j]
		r := SoloRow{Solo: b.soloName(int32(j)), Side: b.sideName(so.side), HP: int(so.hp), State: soloStateNames[so.state]}
		if so.stand >= 0 && so.state != soloDead {
			r.With = b.standName(so.stand)
		}
		e.Solos = append(e.Solos, r)
	}
	return e
}

// StartEvent opens a battle: its title, the sides, the options the file sets and the field.
type StartEvent struct {
	Battle  string            `json:"battle"`
	Title   string            `json:"title,omitempty"`
	Sides   [2]string         `json:"sides"`
	Options map[string]string `json:"options,omitempty"`
	Rows    []string          `json:"rows"`
	Legend  string            `json:"legend"`
	items   []string          // Legend's entries (legendItems); not written
}

func (*StartEvent) Type() string { return "clash.start" }
func (*StartEvent) Rule() string { return "U-24" }
func (e *StartEvent) Line() string {
	t := e.Title
	if t == "" {
		t = e.Battle
	}
	return fmt.Sprintf("%s: %s against %s", t, e.Sides[0], e.Sides[1])
}

// WriteText writes the title line, the options, the field and its legend.
func (e *StartEvent) WriteText(w *bytes.Buffer) error {
	w.WriteString(e.Line())
	w.WriteByte('\n')
	if len(e.Options) > 0 {
		keys := make([]string, 0, len(e.Options))
		for k := range e.Options {
			keys = append(keys, k)
		}
		sortStrings(keys)
		w.WriteString("options:")
		for _, k := range keys {
			fmt.Fprintf(w, " %s=%s", k, e.Options[k])
		}
		w.WriteByte('\n')
	}
	for _, r := range e.Rows {
		w.WriteString(r)
		w.WriteByte('\n')
	}
	writeLegend(w, e.Legend, e.items)
	writeLegend(w, MapLegend, mapLegendItems)
	return nil
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func (b *Battle) startEvent() *StartEvent {
	return &StartEvent{Battle: b.s.Plan.ID, Title: b.s.Plan.Title, Sides: [2]string{b.sideName(0), b.sideName(1)},
		Options: b.s.Plan.Options, Rows: b.mapRows(), Legend: b.legend(), items: b.legendItems()} // once a battle
}
