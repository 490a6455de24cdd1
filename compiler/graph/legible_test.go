package graph

import (
	"regexp"
	"strings"
	"testing"

	"golang.org/x/image/font"
)

// dayLabel is the text of a route's day label: "d3", "d0-2", "start".
var dayLabel = regexp.MustCompile(`^(d\d+(-\d+)?|start)$`)

// box is a text item's or rectangle's extent in pixels.
type box struct{ x0, y0, x1, y1 float64 }

func (a box) overlaps(b box) bool { return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1 }

// textBox measures a text item with the font the PNG draws it in.
func textBox(it Item) box {
	w := float64(font.MeasureString(face(it.Bold, it.Size), it.Text).Ceil())
	x := it.Pts[0].X
	switch it.Anchor {
	case "middle":
		x -= w / 2
	case "end":
		x -= w
	}
	return box{x, it.Pts[0].Y - it.Size*0.75, x + w, it.Pts[0].Y}
}

func rectBox(it Item) box {
	b := box{1e9, 1e9, -1e9, -1e9}
	for _, p := range it.Pts {
		b = box{min(b.x0, p.X), min(b.y0, p.Y), max(b.x1, p.X), max(b.y1, p.Y)}
	}
	return b
}

// crossroads: the raiders (40) reach the crossroads on day 1, where the militia (30) holds: a
// forecast battle (K-24) in a block whose id is long, and labels of both armies in one block.
const crossroads = `kind: "scenario"
id: "cross"
title: "Cross"
rules: "karzoral"
version: 1
days: limit: 12
party: {start: "home", members: 2}
field: blocks: {
	home: {at: [0, 0], kind: "base"}
	crossroads: {at: [1, 0]}
	tower: {at: [2, 0]}
}
armies: {
	militia: {side: "friendly", strength: 30, route: ["crossroads"]}
	raiders: {side: "enemy", strength: 40, route: ["tower", "crossroads"], encounter: "raid"}
}
encounters: raid: {title: "Raiders", monsters: [{name: "Boggard", level: 2, count: 3}]}
events: {
	late: {on: day: 10, do: [{say: "late"}]}
	early: {on: day: 2, do: [{say: "early"}, {set: "done"}]}
}
objectives: {
	win: {when: {enter: "tower", flag: "done"}, outcome: "success", xp: 100}
	lore: {when: flag: "done", outcome: "midpoint", xp: 50}
}
episodes: [{say: "a"}, {say: "b"}, {say: "c"}, {say: "d"}, {say: "e"}, {say: "f"}]
`

// A person must be able to read the field: the battle tag does not cover the block's id, and
// the day labels of the routes are drawn over every route line (they were covered by the lines
// of armies drawn after them).
func TestFieldLabelsReadable(t *testing.T) {
	for _, s := range []*Scene{Field(compileSource(t, crossroads)), Field(compile(t, "karzoral/field01")), Hexes(compile(t, "pathfinder/stolen-lands"))} {
		var ids, tags []box
		lastLine, firstLabel := -1, len(s.Items)
		for i, it := range s.Items {
			switch {
			case it.Shape == Text && it.Bold && it.Size == 16:
				ids = append(ids, textBox(it))
			case it.Shape == Text && strings.HasPrefix(it.Text, "battle d") || it.Shape == Text && it.Fill == "#ffffff" && strings.HasPrefix(it.Text, "d"):
				tags = append(tags, textBox(it))
			case it.Shape == Line && it.Width == 4:
				lastLine = i
			case it.Shape == Text && dayLabel.MatchString(it.Text) && it.Fill != "#ffffff" && firstLabel == len(s.Items):
				firstLabel = i
			}
		}
		if len(tags) == 0 && !strings.HasPrefix(s.Title, "stolen-lands") { // hexes ring a meeting, with no tag
			t.Fatalf("%s: no battle tag", s.Title)
		}
		for _, tg := range tags {
			for _, id := range ids {
				if tg.overlaps(id) {
					t.Errorf("%s: a battle tag %v covers a block id %v", s.Title, tg, id)
				}
			}
		}
		// No two day labels (their white boxes) cover each other.
		var boxes []box
		for i, it := range s.Items {
			if it.Shape == Poly && it.Fill == "#ffffff" && len(it.Pts) == 4 && i+1 < len(s.Items) && dayLabel.MatchString(s.Items[i+1].Text) {
				b := rectBox(it)
				for _, o := range boxes {
					if b.overlaps(o) {
						t.Errorf("%s: day label %q at %v covers another at %v", s.Title, s.Items[i+1].Text, b, o)
					}
				}
				boxes = append(boxes, b)
			}
		}
		if lastLine > firstLabel {
			t.Errorf("%s: a route line (item %d) is drawn over a day label (item %d)", s.Title, lastLine, firstLabel)
		}
	}
}

// The legend lists the day events in day order (day 2 before day 10, not as strings), says when
// there are no armies, and names every objective with what it needs, those on no block too.
func TestFieldLegend(t *testing.T) {
	s := Field(compileSource(t, crossroads))
	var lines []string
	for _, it := range s.Items {
		if it.Shape == Text {
			lines = append(lines, it.Text)
		}
	}
	all := strings.Join(lines, "\n")
	if i, j := strings.Index(all, "day 2: early"), strings.Index(all, "day 10: late"); i < 0 || j < 0 || i > j {
		t.Errorf("day events out of order:\n%s", all)
	}
	for _, w := range []string{"Objectives", "win (success, 100 xp): at tower and flag done", "lore (midpoint, 50 xp): flag done"} {
		if !strings.Contains(all, w) {
			t.Errorf("legend lacks %q", w)
		}
	}
	got := texts(Field(compile(t, "karzoral/field03")))
	if got["none"] == 0 {
		t.Error(`field03 has no armies: the legend should say "none"`)
	}
}
