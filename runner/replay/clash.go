package replay

import (
	"bytes"
	"fmt"
	"github.com/sortie-rpg/sortie/compiler/words"
	"html/template"
	"sort"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/clash"
)

// clashSquare is a clash square's side on the page, px (a 20-ft square, U-1).
const clashSquare = 30

// clashTerrain names and fills the terrain letters of ClashGrid.Rows (U-18..U-22).
var clashTerrain = map[byte]struct{ name, fill string }{
	plan.TerrClear:   {"clear", "#eef0e4"},
	plan.TerrRough:   {"rough (difficult, U-19)", "#d9cfb8"},
	plan.TerrRoad:    {"road (U-20)", "#e6dcc0"},
	plan.TerrForest:  {"forest (half cover, difficult, U-21)", "#9fc48f"},
	plan.TerrShallow: {"shallow water (difficult, U-22)", "#b9d7ee"},
	plan.TerrDeep:    {"deep water (swimmers only, U-22)", "#7fb0dc"},
}

// clashMap draws a When Armies Clash battlefield: its squares (U-1) filled by terrain
// (U-18..U-22), darker by elevation with the height written in 20-ft steps (U-23), heavily
// obscured squares hatched (U-50), and the x and y of every fifth square on the edges.
// Cell y*Width+x is square x,y.
func clashMap(id int, c *plan.Clash) mapData {
	g := &c.Grid
	m := mapData{Name: c.ID, Size: clashSquare}
	var b strings.Builder
	svgOpen(&b, id, float64(g.Width*clashSquare), float64(g.Height*clashSquare), "clash")
	obscured := map[int]bool{}
	for _, i := range g.Obscured {
		obscured[i] = true
	}
	for y := 0; y < g.Height; y++ {
		for x := 0; x < g.Width; x++ {
			i := y*g.Width + x
			t := byte(plan.TerrClear)
			if y < len(g.Rows) && x < len(g.Rows[y]) {
				t = g.Rows[y][x]
			}
			tr, ok := clashTerrain[t]
			if !ok {
				tr = clashTerrain[plan.TerrClear]
			}
			elev := 0
			if i < len(g.Elevation) {
				elev = g.Elevation[i]
			}
			px, py := float64(x*clashSquare), float64(y*clashSquare)
			tip := fmt.Sprintf("%d,%d: %s", x, y, tr.name)
			if elev > 0 {
				tip += fmt.Sprintf(", elevation %d (%d ft, U-23)", elev, 20*elev)
			}
			if obscured[i] {
				tip += ", heavily obscured (U-50)"
			}
			fmt.Fprintf(&b, `<g class="cell" id="m%d-c%d" data-at="%d,%d"><title>%s</title><rect x="%.0f" y="%.0f" width="%d" height="%d" style="fill:%s"/>`,
				id, i, x, y, tip, px, py, clashSquare, clashSquare, tr.fill)
			if elev > 0 {
				fmt.Fprintf(&b, `<rect class="elev" x="%.0f" y="%.0f" width="%d" height="%d" style="fill-opacity:%.2f"/><text class="elevn" x="%.0f" y="%.0f">%d</text>`,
					px, py, clashSquare, clashSquare, min(0.12*float64(elev), 0.5), px+clashSquare-3, py+clashSquare-3, elev)
			}
			if obscured[i] {
				fmt.Fprintf(&b, `<rect class="obscured" x="%.0f" y="%.0f" width="%d" height="%d"/>`, px, py, clashSquare, clashSquare)
			}
			b.WriteString(`</g>`)
			m.Cells = append(m.Cells, [2]float64{px, py})
			m.IDs = append(m.IDs, strconv.Itoa(x)+","+strconv.Itoa(y))
		}
	}
	for x := 0; x < g.Width; x += 5 {
		fmt.Fprintf(&b, `<text class="axis" x="%d" y="-1">%d</text>`, x*clashSquare+2, x)
	}
	for y := 0; y < g.Height; y += 5 {
		fmt.Fprintf(&b, `<text class="axis" x="-7" y="%d">%d</text>`, y*clashSquare+10, y)
	}
	svgClose(&b)
	m.svg = template.HTML(b.String())
	return m
}

// clashWho is a stand or a solo on the grid.
type clashWho struct {
	x, y   int
	unit   int // index into Clash.Units; -1 for a solo
	side   int
	mark   string
	size   int
	with   string // a solo: the stand it is joined to ("": unattached)
	down   bool   // a solo at 0 hp or dead (U-58, U-61)
	gone   bool   // a stand removed (U-60) or fled (U-32)
	hp     int
	hpKnow bool
	hidden bool // hid (U-50) and not yet revealed (U-80)
	// php, phpKnow: hp as the players last saw it (a damage or healing of it they were shown:
	// a hidden enemy's is not, U-80), for the players' marks.
	php     int
	phpKnow bool
}

// clashPlayers is the side the players command (U-78: "the DM for one side, one or more players
// for the other"): the first side whose general is not the DM ("DM", any case); -1 when both
// are the DM's, and then the page has no players' view.
func clashPlayers(c *plan.Clash) int {
	for s, sd := range c.Sides {
		if !strings.EqualFold(strings.TrimSpace(sd.General), "DM") {
			return s
		}
	}
	return -1
}

// parseSquare reads "x,y".
func parseSquare(s string) (int, int, bool) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return 0, 0, false
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	return x, y, err1 == nil && err2 == nil
}

// clashSteps cuts a battle into steps: the deployment, then each round's initiative and each
// unit's or solo's turn (U-26, U-27) and the end of the round (U-59: the map, casualties
// removed, morale, VP). The map marks every stand by its unit's letter on its top-left square,
// as big as its creature (U-5), and every unattached solo; the chart is each side's VP
// (U-65..U-69) and each unit's stands on the grid.
//
// The players' view is their side's (clashPlayers, U-78). The reading of Part U: the field is
// open, a table of miniatures both generals look at, so the players see every stand and solo
// on the grid (U-1, U-24), with one exception: a stand or solo of the other side that hid
// (U-50) is not seen until it is revealed (U-80: it attacks or casts, or a Perception check
// beats its Stealth) or leaves the grid. So the players' map leaves it out, and the players'
// transcript leaves out its Hide roll (its Stealth total is what their Perception must beat)
// and every event of it while hidden (its moves and pushes, an area's save and damage):
// those events are the GM's (page.Aud), by runner/clash's Fog.
func clashSteps(pg *page, c *plan.Clash, evs []event) error {
	pg.Maps = append(pg.Maps, clashMap(0, c))
	size := func(cr int) int {
		if cr >= 0 && cr < len(c.Creatures) {
			if s := c.Creatures[cr].Size.Space(); s > 0 {
				return s
			}
		}
		return 1
	}
	who := map[string]*clashWho{}
	var order []string
	for u, un := range c.Units {
		for k, s := range un.Stands {
			n := un.ID + " " + strconv.Itoa(k+1)
			who[n] = &clashWho{x: s.At[0], y: s.At[1], unit: u, side: un.Side, mark: un.Mark, size: size(s.Creature)}
			order = append(order, n)
		}
	}
	for _, s := range c.Solos {
		w := &clashWho{x: s.At[0], y: s.At[1], unit: -1, side: s.Side, mark: s.Mark, size: size(s.Creature)}
		if s.Unit >= 0 && s.Unit < len(c.Units) {
			w.with = c.Units[s.Unit].ID + " " + strconv.Itoa(s.Stand+1)
		}
		who[s.ID] = w
		order = append(order, s.ID)
	}
	sideOf := map[string]int{}
	for s, sd := range c.Sides {
		sideOf[sd.ID] = s
		if sd.Name != "" {
			sideOf[sd.Name] = s
		}
	}
	names := [2]string{c.Sides[0].ID, c.Sides[1].ID}
	for s := range names {
		if c.Sides[s].Name != "" {
			names[s] = c.Sides[s].Name
		}
		pg.Chart.Series = append(pg.Chart.Series, series{Name: names[s] + " VP", Aud: "all"})
	}
	for _, un := range c.Units {
		pg.Chart.Series = append(pg.Chart.Series, series{Name: un.ID + " stands", Aud: "all"})
	}
	players := clashPlayers(c)
	var fog *clash.Fog
	if players >= 0 {
		fog = clash.NewFog(c, players)
	}
	partyStands := make([][]point, len(c.Units)) // each unit's stands as the players count them
	vp := [2]int{}
	round := 0
	key := ""
	// closeStep ends the last step: its marks and its chart values (VP, stands on the grid).
	closeStep := func() {
		if len(pg.Steps) == 0 {
			return
		}
		st := &pg.Steps[len(pg.Steps)-1]
		st.GM = clashMarks(c, who, order, nil)
		if players >= 0 {
			st.Party = clashMarks(c, who, order, fog)
		}
		st.Status = fmt.Sprintf("VP: %s %d, %s %d", names[0], vp[0], names[1], vp[1])
		pg.Chart.Series[0].Values = append(pg.Chart.Series[0].Values, val(float64(vp[0])))
		pg.Chart.Series[1].Values = append(pg.Chart.Series[1].Values, val(float64(vp[1])))
		for u, un := range c.Units {
			n, pn := 0, 0
			for k := range un.Stands {
				name := un.ID + " " + strconv.Itoa(k+1)
				w := who[name]
				if w == nil {
					continue
				}
				if !w.gone {
					n++
				}
				if !w.gone || fog != nil && fog.Unseen(name) {
					pn++ // U-57: a stand that fell out of sight is, to the players, still out there
				}
			}
			pg.Chart.Series[2+u].Values = append(pg.Chart.Series[2+u].Values, val(float64(n)))
			partyStands[u] = append(partyStands[u], val(float64(pn)))
		}
	}
	for i := range evs {
		e := &evs[i]
		var v struct {
			Who, To, Stand, Solo, Into, Side, Target, Result string
			Round, Total, HP                                 int
			Fled                                             bool
		}
		e.into(&v)
		k, label := key, ""
		switch e.Type {
		case "clash.start":
			k, label = "start", "deployment (U-24)"
		case "clash.initiative":
			k, label = "init", "initiative (U-26)"
		case "clash.round":
			round = v.Round
			k, label = fmt.Sprintf("r%d", round), fmt.Sprintf("round %d", round)
		case "clash.turn":
			k, label = fmt.Sprintf("r%d/%d", round, i), fmt.Sprintf("round %d: %s turn", round, words.Possessive(v.Who))
		case "clash.deathSaves", "clash.map", "clash.morale":
			if !strings.HasSuffix(key, "/end") {
				k, label = fmt.Sprintf("r%d/end", round), fmt.Sprintf("round %d: the end of the round (U-59)", round)
			}
		case "clash.end":
			k, label = "end", "the end of the battle (U-71..U-75)"
		}
		if k != key || len(pg.Steps) == 0 {
			closeStep()
			if label == "" {
				label = "the start"
			}
			pg.Steps = append(pg.Steps, step{Label: label, Map: 0, First: i})
			key = k
		}
		// What the players do not see (U-50, U-80): runner/clash's Fog, the rule a player of
		// one side is shown a battle by (an enemy's Hide, every event of a hidden enemy).
		seen := true // the players are shown event i
		if fog != nil {
			if ev, err := runner.DecodeEvent("clash", e.raw); err == nil {
				switch shown, ok := fog.Shown(ev); {
				case !ok:
					seen = false
					pg.Aud[i] = "gm"
				case shown != ev:
					// Rewritten for the side (an overflow out of a hidden stand is plain damage):
					// the players' line, and the players-only page's event.
					var b bytes.Buffer
					if runner.NewJSONLSink(&b).Write(shown) == nil {
						pg.playersEvent(i, b.Bytes(), decodedLine("clash", b.Bytes()))
					}
				}
			}
			// The round's ASCII map (its rows, in the JSON) draws every stand: while an enemy
			// is out of sight (hidden, or fallen while hidden) it is the GM's; the players' map
			// is the page's own board.
			if e.Type == "clash.map" && unseenOnGrid(who, order, fog) {
				seen = false
				pg.Aud[i] = "gm"
			}
		}
		switch e.Type {
		case "clash.hide":
			if w := who[v.Who]; w != nil {
				w.hidden = true
			}
		case "clash.reveal":
			if w := who[v.Who]; w != nil {
				w.hidden = false
			}
		case "clash.move", clash.TypePush:
			if w := who[v.Who]; w != nil {
				if x, y, ok := parseSquare(v.To); ok {
					w.x, w.y = x, y
				}
				if v.Fled {
					w.gone = true
				}
			}
		case "clash.removed":
			if w := who[v.Stand]; w != nil {
				w.gone = true
			}
		case "clash.fill":
			if w := who[v.Stand]; w != nil {
				_, to, _ := strings.Cut(v.Into, "->")
				if x, y, ok := parseSquare(to); ok {
					w.x, w.y = x, y
				}
			}
		case "clash.join":
			if w := who[v.Solo]; w != nil {
				w.with = v.Stand
			}
		case "clash.leave":
			if w := who[v.Solo]; w != nil {
				w.with = ""
				if x, y, ok := parseSquare(v.To); ok {
					w.x, w.y = x, y
				}
			}
		case "clash.damage", "clash.heal":
			if w := who[v.Target]; w != nil {
				w.hp, w.hpKnow = v.HP, true
				if seen {
					w.php, w.phpKnow = v.HP, true
				}
				if w.unit < 0 {
					w.down = v.HP <= 0
				}
			}
		case "clash.deathSaves":
			if w := who[v.Solo]; w != nil && v.Result == "dead" {
				w.down, w.gone = true, true
			}
		case "clash.vp":
			if s, ok := sideOf[v.Side]; ok {
				vp[s] = v.Total
			}
		}
		pg.Steps[len(pg.Steps)-1].End = i + 1
	}
	closeStep()
	// A unit whose stands the players count otherwise than the GM (a stand fell out of sight)
	// has two lines, one per view, in the same colour and legend place.
	var all []series
	for k, s := range pg.Chart.Series {
		all = append(all, s)
		if u := k - 2; u >= 0 && u < len(c.Units) && !samePoints(s.Values, partyStands[u]) {
			all[len(all)-1].Aud = "gm"
			all = append(all, series{Name: s.Name, Aud: "party", Values: partyStands[u], twin: true,
				Why: "as the players count them: a stand that fell out of sight still counts (U-50, U-57)"})
		}
	}
	pg.Chart.Series = all
	return nil
}

// samePoints reports whether a and b are the same values, step by step.
func samePoints(a, b []point) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// clashMarks is the grid's occupants now: stands on the grid, unattached solos (a solo joined
// to a stand is named in the stand's tip). fog is the sight of the side whose view it is: the
// other side's stands and solos it cannot see (hidden, or fallen while hidden: Fog.Unseen) are
// left out (U-50, U-57, U-80), and hp are as that side last saw them; nil is the GM's view,
// every one.
func clashMarks(c *plan.Clash, who map[string]*clashWho, order []string, fog *clash.Fog) []mark {
	joined := map[string][]string{}
	for _, n := range order {
		if w := who[n]; w.unit < 0 && w.with != "" && !w.gone {
			joined[w.with] = append(joined[w.with], n)
		}
	}
	var out []mark
	for _, n := range order {
		w := who[n]
		if w.gone || (w.unit < 0 && w.with != "") || fog != nil && fog.Unseen(n) {
			continue
		}
		kind := "side" + strconv.Itoa(w.side)
		tip := fmt.Sprintf("%s at %d,%d", n, w.x, w.y)
		if w.hidden {
			kind += " hidden"
			tip += ", hidden (U-50)"
		}
		if w.unit < 0 {
			kind += " solo"
			if w.down {
				kind += " down"
				tip += ", down"
			}
		}
		switch {
		case fog == nil && w.hpKnow:
			tip += fmt.Sprintf(", %d hp", w.hp)
		case fog != nil && w.phpKnow:
			tip += fmt.Sprintf(", %d hp", w.php)
		}
		if j := joined[n]; len(j) > 0 {
			sort.Strings(j)
			tip += ", with " + strings.Join(j, ", ")
		}
		cell := w.y*c.Grid.Width + w.x
		if w.x < 0 || w.y < 0 || w.x >= c.Grid.Width || w.y >= c.Grid.Height {
			continue
		}
		text := w.mark
		if len(joined[n]) > 0 {
			text += "+"
		}
		out = append(out, mark{Cell: cell, Kind: kind, ID: n, Text: text, Tip: tip, Size: w.size})
	}
	return out
}

// unseenOnGrid reports whether a stand or solo on the grid (a casualty still is, U-59) is one
// the side of fog cannot see (Fog.Unseen: hidden, or fallen while hidden; U-50, U-57, U-80).
func unseenOnGrid(who map[string]*clashWho, order []string, fog *clash.Fog) bool {
	for _, n := range order {
		if !who[n].gone && fog.Unseen(n) {
			return true
		}
	}
	return false
}
