package clash

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/runner"
)

// What the prompt shows of a battle on demand (runner.Shower, runner.Abouter; issue 23): the
// field now, the units table, the round and the VP; and above a move question (U-29..U-32) the
// field with every reachable square labelled by the number that answers it.

// battleShow is a decision's Request.View: valid while the Decider answers q.
type battleShow struct {
	b *Battle
	q *Question
}

// Shows lists the words the prompt answers from the battle.
func (s *battleShow) Shows() []string { return []string{"map", "units", "status"} }

// Show returns the text of "map", "units" or "status", each line indented; "" for another word.
func (s *battleShow) Show(what string) string {
	b := s.b
	var w bytes.Buffer
	switch what {
	case "map":
		fmt.Fprintf(&w, "  the field now, round %d:\n", b.round)
		writeRows(&w, b.mapRows())
		w.WriteString("  " + b.legend() + "\n")
	case "units":
		// The table alone, indented (its event's last line, "end of round N: VP ...", is
		// not where the battle stands mid-round).
		var t bytes.Buffer
		if err := b.unitsEvent().WriteText(&t); err != nil {
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
// square's x,y).
func (s *battleShow) About(r *runner.Request) string {
	q := s.q
	if q.Ask == AskTarget && len(q.Options) > 1 {
		return s.targetsAway()
	}
	if q.Ask != AskMove || len(q.Options) < 2 {
		return ""
	}
	b := s.b
	rows := b.mapRows()
	head := len(rows) - b.h
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
	fmt.Fprintf(&w, "  where %s can move (now at %s%s): type the number on the map or the square x,y\n", name, b.sqName(int(here)), stay)
	w.WriteString("      ")
	for x := 0; x < b.w; x++ {
		fmt.Fprintf(&w, "%2d ", x)
	}
	w.Truncate(w.Len() - 1)
	w.WriteByte('\n')
	for y := 0; y < b.h; y++ {
		row := rows[head+y]
		var line strings.Builder
		fmt.Fprintf(&line, "  %3d ", y)
		for x := 0; x < b.w; x++ {
			cell := "  "
			if at := 4 + 2*x; at < len(row) {
				cell = row[at:min(at+2, len(row))]
			}
			if l := label[y*b.w+x]; l != "" {
				cell = l
			}
			line.WriteString(cell)
			if len(cell) < 2 {
				line.WriteByte(' ')
			}
			line.WriteByte(' ')
		}
		w.WriteString(strings.TrimRight(line.String(), " "))
		w.WriteByte('\n')
	}
	return w.String()
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
	var from box
	name := ""
	switch {
	case q.Stand >= 0:
		from, name = b.standBox(int32(q.Stand)), b.standName(int32(q.Stand))
	case q.Solo >= 0:
		from, name = b.soloBox(int32(q.Solo)), b.soloName(int32(q.Solo))
	default:
		return ""
	}
	var w bytes.Buffer
	fmt.Fprintf(&w, "  squares away from %s (at %s; a square is 20 ft):", name, Square(int(from.x), int(from.y)))
	sep := " "
	for i, o := range q.Options {
		if o.Name == "none" || o.Ref.Kind != RefStand && o.Ref.Kind != RefSolo {
			continue
		}
		fmt.Fprintf(&w, "%s%d) %s %d", sep, i+1, o.Name, b.dist(from, b.refBox(o.Ref)))
		sep = ", "
	}
	w.WriteByte('\n')
	return w.String()
}
