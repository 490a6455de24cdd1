package clash

import (
	"bytes"
	"fmt"
	"github.com/sortie-rpg/sortie/compiler/esc"
	"strings"

	"github.com/sortie-rpg/sortie/runner"
)

// What the prompt shows of a battle on demand (runner.Shower, runner.Abouter; issue 23): the
// field now, the units table, the round and the VP; and above a move question (U-29..U-32) the
// field with every reachable square labelled by the number that answers it.

// battleShow is a decision's Request.View: valid while the Decider answers q.
type battleShow struct {
	b   *Battle
	q   *Question
	fog *Fog // the player's side's sight (BattleOptions.Fog); nil: everything
}

// Shows lists the words the prompt answers from the battle.
func (s *battleShow) Shows() []string { return []string{"map", "units", "status"} }

// ShowWhat says what a battle's words print (runner.ShowSayer): its status is the round, the VP
// and the objectives, not a run's day and supplies.
func (s *battleShow) ShowWhat(word string) string {
	switch word {
	case "status":
		return "where the battle stands: the round, each side's VP, the objectives (U-65..U-71)"
	case "map":
		return "the field with the stands and solos you see (the question stays open)"
	}
	return ""
}

// Show returns the text of "map", "units" or "status", each line indented; "" for another word.
func (s *battleShow) Show(what string) string {
	b := s.b
	var w bytes.Buffer
	switch what {
	case "map":
		fmt.Fprintf(&w, "  the field now, round %d:\n", b.round)
		writeRows(&w, b.mapRowsSeen(s.fog))
		w.WriteString("  " + esc.Text(b.legend()) + "\n") // side names are strangers' (one line each)
	case "units":
		// The table alone, indented (its event's last line, "end of round N: VP ...", is
		// not where the battle stands mid-round).
		var t bytes.Buffer
		ev := b.unitsEvent()
		if s.fog != nil {
			ev = s.fog.units(ev) // U-50, U-80: an enemy unit with a stand out of sight is "?"
		}
		if err := esc.Strings(ev).WriteText(&t); err != nil { // as the transcript shows it
			return ""
		}
		lines := strings.Split(strings.TrimSuffix(t.String(), "\n"), "\n")
		for _, l := range lines[:len(lines)-1] {
			w.WriteString("  " + l + "\n")
		}
	case "status":
		b.writeStatus(&w)
	default:
		return ""
	}
	return w.String()
}

// About draws, above a move question with more than one answer, where the mover stands now and
// the field with each reachable square (a stand's or solo's new top-left square, U-29) labelled by its choice's number, three
// characters a square so that the numbers stand apart; numbers above 99 show as "++" (type the
// square's x,y). Its text is as wide as the field needs: AboutIn fits a narrower terminal.
func (s *battleShow) About(r *runner.Request) string { return s.AboutIn(r, 0) }

// AboutIn is About for a terminal of width columns (runner.Narrower; 0: no limit): its sentences
// are wrapped at the width, and a labelled field wider than the terminal is drawn in bands of
// whole columns, each under its own column numbers, so that no row of the grid is broken by the
// terminal mid-row (review B6: at 40 columns hill's 14 columns wrapped into an unreadable map).
func (s *battleShow) AboutIn(r *runner.Request, width int) string {
	q := s.q
	if (q.Ask == AskTarget || q.Ask == AskSpellTarget) && len(q.Options) > 1 {
		return runner.WrapLines(s.targetsAway(), width)
	}
	if len(q.Options) < 2 {
		return ""
	}
	switch q.Ask {
	case AskMove:
		return s.moveMap(r, width)
	case AskArea:
		return s.areaMap(width)
	}
	return ""
}

// moveMap is About for a move question: where the mover stands now and each reachable square
// labelled by its number.
func (s *battleShow) moveMap(r *runner.Request, width int) string {
	q := s.q
	b := s.b
	label := make([]string, b.w*b.h)
	for i, o := range q.Options {
		if o.Square < 0 || o.Square >= len(label) {
			continue
		}
		label[o.Square] = "++"
		if i+1 <= 99 {
			label[o.Square] = fmt.Sprintf("%2d", i+1)
		}
	}
	var w bytes.Buffer
	name := r.Other
	if name == "" {
		name = r.Army
	}
	// Where it stands now: a letter on the map is its unit's, not this stand's (found playing
	// hill at the table: "where does bows 3 move?" over three B's).
	var now box
	switch {
	case q.Stand >= 0:
		now = b.standBox(int32(q.Stand))
	case q.Solo >= 0:
		now = b.soloBox(int32(q.Solo))
	}
	here := now.y*int32(b.w) + now.x
	stay := ""
	for i, o := range q.Options {
		if o.Square == int(here) {
			stay = fmt.Sprintf("; %d stays", i+1)
		}
	}
	w.WriteString(runner.WrapLines(fmt.Sprintf("  where %s can move (now at %s%s): type the number on the map or the square x,y\n", name, b.sqName(int(here)), stay), width))
	s.labelledField(&w, label, width)
	return w.String()
}

// areaMap is About for an area question whose answers are squares, one each (a sphere's or a
// cylinder's origin within range, U-44..U-47; issue 23 item 5: hill's Fireball listed 123
// squares as "1) 3,0  2) 4,0 ..."): the field with the squares out of range blank, every stand
// and solo in sight, so that the player aims at what is there and types its x,y. An area
// question with other answers (a side of the caster, a cube's direction, a unit's caster stands)
// keeps its list ("").
func (s *battleShow) areaMap(width int) string {
	b := s.b
	label := make([]string, b.w*b.h)
	for i := range label {
		label[i] = outOfRange
	}
	for _, o := range s.q.Options {
		if o.Square < 0 || o.Square >= len(label) || label[o.Square] == "" || o.Name != b.sqName(o.Square) {
			return ""
		}
		label[o.Square] = ""
	}
	var w bytes.Buffer
	w.WriteString(runner.WrapLines("  where the spell's origin can go: the squares drawn are in range; type the square x,y\n", width))
	s.labelledField(&w, label, width)
	return w.String()
}

// outOfRange is the label of a square an area cannot reach: drawn blank unless a stand or a solo
// stands there.
const outOfRange = "  "

// labelledField draws the field seen, three characters a square, with label[square] over the
// squares that have one (outOfRange: blank but for a letter), in bands of whole columns for a terminal of width columns (0: no
// limit), and the legend of the letters.
func (s *battleShow) labelledField(w *bytes.Buffer, label []string, width int) {
	b := s.b
	rows := b.mapRowsSeen(s.fog)
	head := len(rows) - b.h
	// The cells, three characters a square: the map's two, or the label.
	cells := make([]string, b.w*b.h)
	for y := 0; y < b.h; y++ {
		row := rows[head+y]
		for x := 0; x < b.w; x++ {
			cell := "  "
			if at := 4 + 2*x; at < len(row) {
				cell = row[at:min(at+2, len(row))]
			}
			switch l := label[y*b.w+x]; {
			case l == outOfRange && cell != "" && (cell[0] >= 'a' && cell[0] <= 'z' || cell[0] >= 'A' && cell[0] <= 'Z'):
				// a stand or solo out of range stays in sight
			case l != "":
				cell = l
			}
			cells[y*b.w+x] = cell
		}
	}
	band := b.w // columns a band holds: all, or what the width leaves after the row numbers
	if width > 0 {
		fit := max(1, min(b.w, (width-6)/3))
		n := (b.w + fit - 1) / fit // bands needed
		band = (b.w + n - 1) / n   // as even as whole columns allow
	}
	for x0 := 0; x0 < b.w; x0 += band {
		x1 := min(b.w, x0+band)
		if band < b.w {
			fmt.Fprintf(w, "  columns %d..%d of 0..%d:\n", x0, x1-1, b.w-1)
		}
		w.WriteString("      ")
		for x := x0; x < x1; x++ {
			fmt.Fprintf(w, "%2d ", x)
		}
		w.Truncate(w.Len() - 1)
		w.WriteByte('\n')
		for y := 0; y < b.h; y++ {
			var line strings.Builder
			fmt.Fprintf(&line, "  %3d ", y)
			for x := x0; x < x1; x++ {
				cell := cells[y*b.w+x]
				line.WriteString(cell)
				if len(cell) < 2 {
					line.WriteByte(' ')
				}
				line.WriteByte(' ')
			}
			w.WriteString(strings.TrimRight(line.String(), " "))
			w.WriteByte('\n')
		}
	}
	// Whose letters the unlabelled squares show (played at hill: "P2", "o1" meant nothing under
	// the move map without it).
	w.WriteString(runner.WrapLines("  "+esc.Text(b.legend())+"\n", width))
}

// writeRows writes map rows, each indented two spaces.
func writeRows(w *bytes.Buffer, rows []string) {
	for _, r := range rows {
		w.WriteString("  " + strings.TrimRight(r, " ") + "\n")
	}
}

// targetsAway says, above an attack's target question, how far each target is from the
// attacker (U-2: between the nearest squares; one square is 20 ft, U-1), so that a player can
// weigh reach and range (U-37) without counting squares on the map:
// "  squares away from bows 2 (at 6,4): 1) borg 3, 2) legion 2 7, ...".
func (s *battleShow) targetsAway() string {
	b, q := s.b, s.q
	from, name, ok := askerBox(b, q)
	if !ok {
		return ""
	}
	// Each target's distance and hp are its note, listed once (review D6: the targets were
	// listed twice, once here with their distances and once as the answers).
	return fmt.Sprintf("  distances from %s at %s, in squares of 20 ft (U-2, U-3)\n", name, Square(int(from.x), int(from.y)))
}

// askerBox is where the stand or solo that question q asks for stands, and its name; ok false
// when q concerns neither.
func askerBox(b *Battle, q *Question) (from box, name string, ok bool) {
	switch {
	case q.Stand >= 0:
		return b.standBox(int32(q.Stand)), b.standName(int32(q.Stand)), true
	case q.Solo >= 0:
		return b.soloBox(int32(q.Solo)), b.soloName(int32(q.Solo)), true
	}
	return box{}, "", false
}
