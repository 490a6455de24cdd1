package karzoral

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// NewTextSink returns a Sink that writes a readable transcript to w: a header per day, one line per
// step (prefixed by its phase), a small ASCII map of the field at the end of every day, and a
// summary table at the end. The output depends only on the records: no colour, no trailing spaces.
func NewTextSink(w io.Writer) Sink { return &textSink{w: w} }

type textSink struct {
	w   io.Writer
	buf bytes.Buffer
	// grid maps map cells (row by row) to block indices (-1: none), built at the first map.
	grid              []int
	minX, minY, w1, h int
}

// mapCellLimit bounds the map: larger fields get no map in the transcript.
const mapCellLimit = 4096

func (t *textSink) Write(r *Record) error {
	b := &t.buf
	b.Reset()
	line := func(format string, args ...any) {
		b.WriteString("  ")
		ph := r.Phase.String()
		b.WriteString(ph)
		for i := len(ph); i < 8; i++ {
			b.WriteByte(' ')
		}
		fmt.Fprintf(b, format, args...)
		b.WriteByte('\n')
	}
	switch r.Type {
	case TypeRun:
		fmt.Fprintf(b, "%s: %s (seed %d)\n", r.ID, r.Text, r.Seed)
		fmt.Fprintf(b, "party of %d at %s with %d rations; %s\n", r.Count, r.Block, r.Left, plural(r.Total, "day", "days"))
	case TypeDay:
		fmt.Fprintf(b, "\n== day %d ==\n", r.Day)
	case TypeFood:
		if r.Count == r.Total {
			line("the party eats %d rations (%d left)", r.Count, r.Left)
		} else {
			line("the party eats %d of %d rations (%d left)", r.Count, r.Total, r.Left)
		}
	case TypeFoodShortage:
		line("member %d of %d goes hungry (K-20)", r.Count, r.Total)
	case TypeArmyMove:
		if r.From == r.To {
			line("%s holds at %s", r.Army, r.To)
		} else {
			line("%s moves %s -> %s", r.Army, r.From, r.To)
		}
	case TypeStrengthBattle:
		line("strength battle at %s: %s %d -> %d, %s %d -> %d (both lose %d)", r.Block,
			r.Army, r.Before, r.After, r.Other, r.OtherBefore, r.OtherAfter, r.Loss)
	case TypeArmyRemoved:
		switch r.Source {
		case "strength":
			line("%s is destroyed at %s", r.Army, r.Block)
		case "battle":
			line("%s is beaten and leaves %s (K-99)", r.Army, r.Block)
		default:
			line("%s leaves the field at %s", r.Army, r.Block)
		}
	case TypeArmySpawned:
		if r.Result == "already" {
			line("%s is already on the field at %s (strength %d)", r.Army, r.Block, r.After)
		} else {
			line("%s appears at %s (strength %d)", r.Army, r.Block, r.After)
		}
	case TypeStrength:
		if r.Result == "ignored" {
			line("%s is not on the field: strength change %+d has no effect", r.Army, r.Delta)
		} else {
			line("%s strength %d -> %d (%+d)", r.Army, r.Before, r.After, r.Delta)
		}
	case TypeEvent:
		if r.Block != "" {
			line("event %s (on entering %s)", r.ID, r.Block)
		} else {
			line("event %s (on day %d)", r.ID, r.Day)
		}
	case TypeSay:
		line("%q", r.Text)
	case TypeFlag:
		if r.Result == "set" {
			line("flag %s set", r.ID)
		} else {
			line("flag %s cleared", r.ID)
		}
	case TypePartyMove:
		if r.Text != "" {
			line("the party moves %s %s -> %s (%s)", r.Dir, r.From, r.To, r.Text)
		} else {
			line("the party moves %s %s -> %s", r.Dir, r.From, r.To)
		}
	case TypeStay:
		line("the party stays at %s", r.Block)
	case TypeBounce:
		terrain := ""
		if r.Text != "" {
			terrain = " (" + r.Text + ")"
		}
		line("the party cannot enter %s%s going %s; it stays at %s (K-32)", r.To, terrain, r.Dir, r.From)
	case TypeReveal:
		line("box %s revealed: %s (K-31)", r.ID, strings.Join(r.Blocks, " "))
	case TypeBattle:
		what := r.Text
		if what == "" {
			what = r.ID
		} else {
			what += " (" + r.ID + ")"
		}
		switch r.Source {
		case "army":
			what += " of " + r.Army
		case "nightRaid":
			what = "the night raiders, " + what
		}
		line("battle at %s: the party fights %s: %s", r.Block, what, r.Result)
	case TypeObjective:
		if r.Source == "retained" {
			line("objective %s (%s) retained from an earlier attempt: the retry resumes there, no XP again (K-67)", r.ID, r.Result)
			break
		}
		line("objective %s reached: %s, %d xp", r.ID, r.Result, r.XP)
		if r.Text != "" {
			line("%q", r.Text)
		}
	case TypeCampRoll:
		// Written with the pick: "rolled 2 and 5, kept 2".
	case TypePick:
		checked := ""
		if r.Checked {
			checked = " (checked)"
		}
		line("rolled %d and %d, kept %d%s", r.Dice[0], r.Dice[1], r.Face, checked)
	case TypeEpisode:
		line("episode %d: %q", r.Face, r.Text)
	case TypeNightRaid:
		what := r.Text
		if what == "" {
			what = r.ID
		}
		line("face %d is checked: night raid by %s (K-39)", r.Face, what)
	case TypeQuietNight:
		line("face %d is checked: a quiet night (the scenario has no night raid)", r.Face)
	case TypeEpisodesReset:
		line("all six episode faces unchecked (K-39)")
	case TypeNight:
		if r.Result == "march" {
			line("the party makes a forced march (K-41)")
		} else {
			line("the party rests (K-40)")
		}
	case TypeFallback:
		line("the script ended; the fallback decides from here")
	case TypeDayEnd:
		if r.View != nil {
			t.drawMap(b, r)
		}
	case TypeEnd:
		fmt.Fprintf(b, "\n== %s on day %d", r.Result, r.Day)
		if r.Text != "" {
			fmt.Fprintf(b, ": %s", r.Text)
		}
		b.WriteString(" ==\n")
		if r.View != nil {
			if err := summary(b, r.View); err != nil {
				return err
			}
		}
	default:
		if r.Rule != "" {
			line("%s (%s)", r.Text, r.Rule)
		} else {
			line("%s", r.Type)
		}
	}
	if b.Len() == 0 {
		return nil
	}
	_, err := t.w.Write(b.Bytes())
	return err
}

// drawMap writes the field at the end of a day: one 4-character cell per block at its [x, y].
func (t *textSink) drawMap(b *bytes.Buffer, r *Record) {
	v := r.View
	p := v.Plan()
	if t.grid == nil {
		if !t.layout(p) {
			return
		}
	}
	// Army markers per block.
	var friendly, enemy []bool
	friendly = make([]bool, len(p.Field.Blocks))
	enemy = make([]bool, len(p.Field.Blocks))
	for i := range p.Armies {
		if blk, _ := v.Army(i); blk >= 0 {
			if p.Armies[i].Friendly() {
				friendly[blk] = true
			} else {
				enemy[blk] = true
			}
		}
	}
	if outcome, _ := v.Outcome(); outcome != "" {
		fmt.Fprintf(b, "  map when the run ended on day %d:\n", r.Day)
	} else {
		fmt.Fprintf(b, "  map at the end of day %d:\n", r.Day)
	}
	var row bytes.Buffer
	row.WriteString("      ")
	for x := 0; x < t.w1; x++ {
		row.WriteString(pad4(strconv.Itoa(t.minX + x)))
	}
	writeTrimmed(b, row.Bytes())
	for y := 0; y < t.h; y++ {
		row.Reset()
		row.WriteString("  ")
		row.WriteString(pad4(strconv.Itoa(t.minY + y)))
		for x := 0; x < t.w1; x++ {
			bi := t.grid[y*t.w1+x]
			if bi < 0 {
				row.WriteString("    ")
				continue
			}
			row.WriteString(pad4(cellText(p, v, bi, friendly[bi], enemy[bi])))
		}
		writeTrimmed(b, row.Bytes())
	}
	b.WriteString("  legend: @ party, F friendly army, E enemy army, B base, . trail, ? hidden box\n")
}

// layout computes the map grid from the block coordinates.
func (t *textSink) layout(p *plan.Plan) bool {
	bl := p.Field.Blocks
	minX, minY, maxX, maxY := bl[0].At[0], bl[0].At[1], bl[0].At[0], bl[0].At[1]
	for i := range bl {
		x, y := bl[i].At[0], bl[i].At[1]
		minX, maxX = min(minX, x), max(maxX, x)
		minY, maxY = min(minY, y), max(maxY, y)
	}
	w, h := maxX-minX+1, maxY-minY+1
	if w <= 0 || h <= 0 || w > mapCellLimit || h > mapCellLimit || w*h > mapCellLimit {
		return false
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
	t.minX, t.minY, t.w1, t.h = minX, minY, w, h
	return true
}

// cellText is what a map cell shows: the party and armies ('@', 'F', 'E'), else a hidden box
// block '?', a base 'B', a trail '.', else the block id cut to three characters.
func cellText(p *plan.Plan, v *View, bi int, friendly, enemy bool) string {
	var s string
	if v.Party() == bi {
		s += "@"
	}
	if friendly {
		s += "F"
	}
	if enemy {
		s += "E"
	}
	if s != "" {
		return s
	}
	blk := &p.Field.Blocks[bi]
	switch {
	case !v.Revealed(bi):
		return "?"
	case blk.Kind == "base":
		return "B"
	case blk.Kind == "trail":
		return "."
	}
	id := blk.ID
	if utf8.RuneCountInString(id) > 3 {
		r := []rune(id)
		id = string(r[:3])
	}
	return id
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
// events fired.
func summary(b *bytes.Buffer, v *View) error {
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
		rows = append(rows, []string{"pc", pc.Name, fmt.Sprintf("%d xp, %d/%d hp", xp, hp, pc.HP)})
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

// plural renders "1 day" or "3 days".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
