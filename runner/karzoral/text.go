package karzoral

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// The blocks a text transcript adds to the day loop's events: the field map at every day end and
// the summary table at the end.

// mapCellLimit bounds the map: larger fields get no map in the transcript.
const mapCellLimit = 4096

// fieldMap is the layout of the transcript's map: map cells (row by row) to block indices (-1:
// none). ok is false for a field too large to draw.
type fieldMap struct {
	grid              []int
	minX, minY, w1, h int
	cell              int // the width of a column, in characters
	ok                bool
}

// drawMap writes the field at the end of a day as the GM sees it: one 4-character cell per block
// at its [x, y], every army where it stands. The layout is computed once per Runner.
func (r *Runner) drawMap(b *bytes.Buffer, v *View, day int) {
	p := v.Plan()
	marks := make([]string, len(p.Field.Blocks))
	for i := range p.Armies {
		if blk, _ := v.Army(i); blk >= 0 {
			marks[blk] = addMark(marks[blk], p.Armies[i].Friendly(), true)
		}
	}
	r.drawField(b, p, mapHeading(v.s, day), v.Party(), v.s.revealed, marks,
		"  legend: @ party, *F friendly army, *E enemy army, [B] base, . trail, ? hidden box\n")
}

// drawPartyMap writes the field at the end of a day as the players know it (K-23): the armies in
// the party's block, and lowercase where the others were last seen.
func (r *Runner) drawPartyMap(b *bytes.Buffer, v *PlayerView, day int) {
	s := v.s
	p := s.p
	marks := make([]string, len(p.Field.Blocks))
	for i := range p.Armies {
		a := v.Army(i)
		if a.Block >= 0 && a.Missed == 0 { // an army found gone from its last-seen block is not drawn there
			marks[a.Block] = addMark(marks[a.Block], a.Friendly, a.InView)
		}
	}
	r.drawField(b, p, mapHeading(s, day), v.Party(), s.revealed, marks, partyLegend)
}

// partyLegend is the legend of the players' map.
const partyLegend = "  legend: @ party, *F friendly army, *E enemy army, *f *e last seen there, [B] base, . trail, ? hidden box\n"

// mapHeading is the line above a transcript's map: at the end of day, or when the run ended.
func mapHeading(s *state, day int) string {
	if s.outcome != "" {
		return fmt.Sprintf("  map when the run ended on day %d:\n", day)
	}
	return fmt.Sprintf("  map at the end of day %d:\n", day)
}

// addMark adds an army marker to a cell's marks: F or E in view, f or e last seen; one of each.
// A cell shows its marks after '@' (the party) or '*': block ids never hold either (S002), so a
// mark never reads as a block id (issue 23: block e and "e" last seen there looked alike).
func addMark(m string, friendly, inView bool) string {
	c := "E"
	if friendly {
		c = "F"
	}
	if !inView {
		c = strings.ToLower(c)
	}
	if strings.Contains(m, c) {
		return m
	}
	return m + c
}

// drawField writes the map: row and column numbers, then each block's cell: the party '@' and
// the marks, else its short name (cellText).
func (r *Runner) drawField(b *bytes.Buffer, p *plan.Plan, heading string, party int, revealed bitset, marks []string, legend string) {
	if r.fieldMap == nil {
		r.fieldMap = layout(p)
	}
	t := r.fieldMap
	if !t.ok {
		return
	}
	b.WriteString(heading)
	var row bytes.Buffer
	row.WriteString("      ")
	for x := 0; x < t.w1; x++ {
		row.WriteString(pad(strconv.Itoa(t.minX+x), t.cell))
	}
	writeTrimmed(b, row.Bytes())
	var cut []int // blocks shown under a cut id, for the legend
	for y := 0; y < t.h; y++ {
		row.Reset()
		row.WriteString("  ")
		row.WriteString(pad4(strconv.Itoa(t.minY + y)))
		for x := 0; x < t.w1; x++ {
			bi := t.grid[y*t.w1+x]
			if bi < 0 {
				row.WriteString(pad("", t.cell))
				continue
			}
			text := cellText(p, bi, party == bi, revealed.has(bi), marks[bi], t.cell-1)
			if text != p.Field.Blocks[bi].ID && strings.HasPrefix(p.Field.Blocks[bi].ID, text) && len(text) > 1 {
				cut = append(cut, bi)
			}
			row.WriteString(pad(text, t.cell))
		}
		writeTrimmed(b, row.Bytes())
	}
	b.WriteString(legend)
	if len(cut) > 0 {
		// Ids longer than a cell are cut; the legend gives them whole.
		sort.Ints(cut)
		row.Reset()
		row.WriteString("  cut ids:")
		for _, bi := range cut {
			id := p.Field.Blocks[bi].ID
			fmt.Fprintf(&row, " %s = %s,", string([]rune(id)[:t.cell-1]), id)
		}
		b.Write(bytes.TrimSuffix(row.Bytes(), []byte(",")))
		b.WriteByte('\n')
	}
}

// maxCell is the widest map cell: block ids up to maxCell-1 characters are shown whole (the
// columns widen to the longest), longer ones are cut and listed under the map.
const maxCell = 11

// layout computes the map grid from the block coordinates.
func layout(p *plan.Plan) *fieldMap {
	t := &fieldMap{}
	bl := p.Field.Blocks
	minX, minY, maxX, maxY := bl[0].At[0], bl[0].At[1], bl[0].At[0], bl[0].At[1]
	for i := range bl {
		x, y := bl[i].At[0], bl[i].At[1]
		minX, maxX = min(minX, x), max(maxX, x)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	w, h := maxX-minX+1, maxY-minY+1
	if w <= 0 || h <= 0 || w > mapCellLimit || h > mapCellLimit || w*h > mapCellLimit {
		return t
	}
	t.grid = make([]int, w*h)
	for i := range t.grid {
		t.grid[i] = -1
	}
	for i := range bl {
		k := (bl[i].At[1]-minY)*w + bl[i].At[0] - minX
		if t.grid[k] < 0 {
			t.grid[k] = i
		}
	}
	t.minX, t.minY, t.w1, t.h, t.ok = minX, minY, w, h, true
	// The columns are as wide as the longest block id shown (bases, trails and boxes show one
	// character), at least four and at most maxCell characters.
	t.cell = 4
	for i := range bl {
		if bl[i].Kind == "block" && bl[i].Box < 0 {
			t.cell = max(t.cell, min(utf8.RuneCountInString(bl[i].ID)+1, maxCell))
		}
	}
	return t
}

// cellText is what a map cell shows: the party '@' and the army marks ("@F", "*e"), else a
// hidden box block '?', a base "[B]", a trail '.', else the block id, cut to width characters.
// None of '@', '*', '[', '.', '?' is in a block id (S002), so the marks and signs never read as one.
func cellText(p *plan.Plan, bi int, party, revealed bool, marks string, width int) string {
	switch {
	case party:
		return "@" + marks
	case marks != "":
		return "*" + marks
	}
	blk := &p.Field.Blocks[bi]
	switch {
	case !revealed:
		return "?"
	case blk.Kind == "base":
		return "[B]"
	case blk.Kind == "trail":
		return "."
	}
	id := blk.ID
	if utf8.RuneCountInString(id) > width {
		id = string([]rune(id)[:width])
	}
	return id
}

// pad writes s in a cell of width characters (at least one space after it).
func pad(s string, width int) string {
	if n := utf8.RuneCountInString(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s + " "
}

func pad4(s string) string {
	if n := utf8.RuneCountInString(s); n < 4 {
		return s + "    "[:4-n]
	}
	return s + " "
}

func writeTrimmed(b *bytes.Buffer, line []byte) {
	b.Write(bytes.TrimRight(line, " "))
	b.WriteByte('\n')
}

// summary draws the end-of-run table with tablewriter: outcome, party, armies, objectives reached,
// events fired. players: the players' table (K-23), whose army rows are the sightings seen (in
// plan order) rather than every army's true state.
func summary(b *bytes.Buffer, v *View, seen []ArmySeen, players bool) error {
	p := v.Plan()
	outcome, reason := v.Outcome()
	state := outcome + " on day " + strconv.Itoa(v.Day())
	if reason != "" {
		state += " (" + reason + ")"
	}
	rows := [][]string{{"outcome", "", state}}
	party := &p.Field.Blocks[v.Party()]
	where := "at " + party.ID
	if party.Terrain != "" && v.Revealed(v.Party()) {
		where += " (" + party.Terrain + ")"
	}
	rows = append(rows, []string{"party", "", where + ", " + strconv.Itoa(v.Rations()) + " rations left"})
	for i := range p.Armies {
		a := &p.Armies[i]
		if players {
			var sa *ArmySeen
			if len(seen) > 0 && seen[0].ID == a.ID {
				sa, seen = &seen[0], seen[1:]
			}
			rows = append(rows, []string{"army", a.ID, armyRowSeen(a.Side, sa)})
			continue
		}
		blk, str := v.Army(i)
		var st string
		switch {
		case blk >= 0:
			st = fmt.Sprintf("%s, strength %d at %s", a.Side, str, p.Field.Blocks[blk].ID)
		case str == 0:
			st = fmt.Sprintf("%s, destroyed", a.Side)
		default:
			st = fmt.Sprintf("%s, strength %d, off the field", a.Side, str)
		}
		rows = append(rows, []string{"army", a.ID, st})
	}
	for i, pc := range p.Party.PCs {
		hp, xp := v.PC(i)
		st := fmt.Sprintf("%d xp, %d/%d hp", xp, hp, pc.HP)
		if v.PCDead(i) {
			st = fmt.Sprintf("%d xp, dead", xp)
		}
		rows = append(rows, []string{"pc", pc.Name, st})
	}
	for i, b := range p.Party.Burdens {
		hp, mx, dead := v.Burden(i)
		st := fmt.Sprintf("burden, %d/%d hp", hp, mx)
		if dead {
			st = "burden, dead"
		}
		rows = append(rows, []string{"burden", b.Name, st})
	}
	for i := range p.Objectives {
		if d := v.Reached(i); d > 0 {
			o := &p.Objectives[i]
			rows = append(rows, []string{"objective", o.ID, fmt.Sprintf("%s, %d xp, day %d", o.Outcome, o.XP, d)})
		}
	}
	for i := range p.Events {
		if n := v.Fired(i); n > 0 {
			times := "once"
			if n > 1 {
				times = strconv.Itoa(n) + " times"
			}
			rows = append(rows, []string{"event", p.Events[i].ID, "fired " + times})
		}
	}
	return runner.RenderTable(b, []string{"what", "id", "state"}, rows)
}
