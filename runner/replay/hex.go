package replay

import (
	"encoding/json"
	"fmt"
	"html/template"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

// hexSize is a Pathfinder hex's radius on the page, px.
const hexSize = 44

// hexMap draws a Pathfinder scenario's field: pointy-top hexes at their axial coordinates
// [q, r] (Hex.At), each filled by its terrain with its id, a thick rim on a fortified hex and
// the roads between neighbours (Hex.Neighbours: where an army may march). Cell i is hex i.
func hexMap(id int, p *plan.Plan) mapData {
	hs := p.Pathfinder.Hexes
	m := mapData{Name: p.Scenario.ID, Size: hexSize * math.Sqrt(3)}
	cx := make([]float64, len(hs))
	cy := make([]float64, len(hs))
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i, h := range hs {
		q, r := float64(h.At[0]), float64(h.At[1])
		cx[i] = hexSize * math.Sqrt(3) * (q + r/2)
		cy[i] = hexSize * 1.5 * r
		minX, maxX = math.Min(minX, cx[i]), math.Max(maxX, cx[i])
		minY, maxY = math.Min(minY, cy[i]), math.Max(maxY, cy[i])
	}
	if len(hs) == 0 {
		minX, minY, maxX, maxY = 0, 0, 0, 0
	}
	half := m.Size / 2
	for i := range hs {
		cx[i] += half - minX
		cy[i] += hexSize - minY
	}
	var b strings.Builder
	svgOpen(&b, id, maxX-minX+m.Size, maxY-minY+2*hexSize, "hex")
	for i, h := range hs {
		for _, n := range h.Neighbours {
			if n > i && n < len(hs) {
				fmt.Fprintf(&b, `<line class="road" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>`, cx[i], cy[i], cx[n], cy[n])
			}
		}
	}
	for i, h := range hs {
		var pts []string
		for k := 0; k < 6; k++ {
			a := math.Pi/180*float64(60*k) - math.Pi/6
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", cx[i]+(hexSize-1)*math.Cos(a), cy[i]+(hexSize-1)*math.Sin(a)))
		}
		cls := "cell"
		if h.Fortification > 0 {
			cls += " fort"
		}
		tip := h.ID
		if h.Name != "" {
			tip += ": " + h.Name
		}
		tip += " (" + h.Terrain
		if h.Fortification > 0 {
			tip += ", fortification " + strconv.Itoa(h.Fortification)
		}
		tip += ")"
		fmt.Fprintf(&b, `<g class="%s" id="m%d-c%d" data-at="%s"><title>%s</title><polygon points="%s" style="fill:%s"/>`,
			cls, id, i, svgText(h.ID), svgText(tip), strings.Join(pts, " "), terrainColour("", h.Terrain))
		fmt.Fprintf(&b, `<text class="id" x="%.1f" y="%.1f">%s</text>`, cx[i], cy[i]-hexSize+20, svgText(h.ID))
		b.WriteString(`</g>`)
		m.Cells = append(m.Cells, [2]float64{cx[i] - half, cy[i] - half})
		m.IDs = append(m.IDs, h.ID)
	}
	svgClose(&b)
	m.svg = template.HTML(b.String())
	return m
}

// hexSteps cuts a Pathfinder hex run into steps: the armies' setting out, then each day's
// marches (P-12), each battle's phases (tactics, ranged, each melee: P-15..P-56) and its
// aftermath. The map marks every army on its hex with its hp; the chart is each army's hp.
//
// The players' view is the friendly side's (the kingdom's armies, PC-commanded: P-12), by
// pathfinder.HexSight's rule, the one `sortie run --play friendly` shows the player by: they see
// their own armies always, and an enemy army only while it stands on a hex with one of theirs
// (P-14); after that it stays on their map where and as it was last seen until they see it again
// or see it go. An enemy's setting out and its marches that end away from every friendly army
// are the GM's lines (page.Aud), and so is its hp line on the chart.
func hexSteps(pg *page, p *plan.Plan, evs []event) error {
	pg.Maps = append(pg.Maps, hexMap(0, p))
	hexes := map[string]int{}
	for i, h := range p.Pathfinder.Hexes {
		hexes[h.ID] = i
	}
	armies := map[string]*hexArmy{}
	var ids []string
	for _, a := range p.Pathfinder.Armies {
		ids = append(ids, a.ID)
	}
	sort.Strings(ids)
	friendly := map[string]bool{}
	for _, a := range p.Pathfinder.Armies {
		friendly[a.ID] = a.Side == plan.Friendly
	}
	for _, id := range ids {
		armies[id] = &hexArmy{hex: -1, goneDay: -1, cameDay: -1}
		aud := "all"
		if !friendly[id] {
			aud = "gm"
		}
		pg.Chart.Series = append(pg.Chart.Series, series{Name: id + " hp", Aud: aud})
	}
	sight := pathfinder.NewHexSight(p.Pathfinder, plan.Friendly) // the players' (P-14)
	var stepVals [][]point                                       // each step's chart values, by army (ids' order)
	key := ""
	for i := range evs {
		e := &evs[i]
		var v struct {
			Army, Hex, To, Side, Status, Note, Kind string
			Armies, Into                            []string
			Battle                                  int
			HP                                      json.RawMessage // an int; an order's: []int
			Event                                   struct {
				Kind, Phase, Army string
				PhaseNo           int
				Damage            int
				HP                *int
			}
		}
		e.into(&v)
		k, label := key, ""
		switch e.Type {
		case "start":
			k, label = "start", "the armies set out"
		case "day", "move":
			k, label = fmt.Sprintf("day %d", e.Day), fmt.Sprintf("day %d: marches", e.Day)
		case "battle":
			k, label = fmt.Sprintf("b%d", v.Battle), fmt.Sprintf("day %d: battle %d at %s", e.Day, v.Battle, v.Hex)
		case "event":
			if v.Event.Kind == "phase" {
				k = fmt.Sprintf("b%d/%d", v.Battle, v.Event.PhaseNo)
				label = fmt.Sprintf("day %d: battle %d, %s phase", e.Day, v.Battle, v.Event.Phase)
				if v.Event.Phase == "melee" {
					label = fmt.Sprintf("day %d: battle %d, melee (phase %d)", e.Day, v.Battle, v.Event.PhaseNo)
				}
			}
		case "aftermath":
			k, label = fmt.Sprintf("a%d", v.Battle), fmt.Sprintf("day %d: after battle %d", e.Day, v.Battle)
		case "end", "objective":
			k, label = "end", fmt.Sprintf("day %d: the end", e.Day)
		}
		if k != key || len(pg.Steps) == 0 {
			if label == "" {
				label = "the start"
			}
			pg.Steps = append(pg.Steps, step{Label: label, Map: 0, First: i})
			key = k
		}
		a := armies[v.Army]
		if a != nil && !friendly[v.Army] {
			// An enemy's setting out or march the players do not see (P-14, K-23 by analogy).
			to := -1
			switch e.Type {
			case "start":
				to = hexes[v.Hex]
			case "move":
				to = hexes[v.To]
			}
			if e.Type == "move" && v.Note != "" {
				to = a.hex
			}
			if (e.Type == "start" || e.Type == "move") && !sight.SeesArrival(v.Army, to) {
				pg.Aud[i] = "gm"
			}
		}
		var hp *int
		if e.Type != "order" {
			_ = json.Unmarshal(v.HP, &hp)
		}
		switch e.Type {
		case "start":
			if a != nil {
				a.hex, a.side = hexes[v.Hex], v.Side
				if hp != nil {
					a.hp, a.hpKnown = *hp, true
				}
				a.cameDay = e.Day
			}
		case "order":
			hexOrder(armies, hexes, e.Day, v.Kind, v.Armies, v.Into, v.Hex, v.Note, v.HP)
		case "move":
			// A note: on its way into a difficult hex (P-6) or holding (P-62): not there yet.
			// An army not on the field (not set out nor made by an order, or gone) is not put
			// on it by a march.
			if a != nil && v.Note == "" && a.cameDay >= 0 && a.gone == "" {
				a.hex = hexes[v.To]
			}
		case "event":
			if b := armies[v.Event.Army]; b != nil && v.Event.Kind == "hp" {
				if v.Event.HP != nil {
					b.hp = *v.Event.HP
				} else {
					b.hp -= v.Event.Damage
				}
				b.hpKnown = b.hpKnown || v.Event.HP != nil
			}
		case "recover":
			// A rest, a month without battle or fast healing (P-64, P-1): the army's hp after it.
			if a != nil && hp != nil {
				a.hp, a.hpKnown = *hp, true
			}
		case "aftermath", "placed", "pay":
			if a != nil {
				if hp != nil && e.Type == "aftermath" {
					a.hp, a.hpKnown = *hp, true
				}
				to, ok := hexes[v.To]
				if hexLeaves(a, e.Type, v.Status, v.Note, to, ok) {
					sight.Gone(v.Army)
				}
				if a.gone != "" && a.goneDay < 0 {
					a.goneDay = e.Day
				}
			}
		}
		for _, id := range ids {
			a := armies[id]
			h := a.hex
			if a.gone != "" {
				h = -1
			}
			sight.Set(id, h, a.hp)
		}
		hexPlayersLine(pg, i, e, sight)
		s := &pg.Steps[len(pg.Steps)-1]
		s.End = i + 1
		s.GM, s.Party = s.GM[:0:0], []mark{}
		var hps, php []string
		sight.Look(e.Day)
		for _, id := range ids {
			a := armies[id]
			if a.hex < 0 || a.gone != "" {
				continue
			}
			m := mark{Cell: a.hex, Kind: a.side, ID: id, Text: a.hpText(),
				Tip: fmt.Sprintf("%s (%s) at %s, %s hp", id, a.side, p.Pathfinder.Hexes[a.hex].ID, a.hpText())}
			s.GM = append(s.GM, m)
			hps = append(hps, fmt.Sprintf("%s %s", id, a.hpText()))
			if sight.Sees(id) {
				s.Party = append(s.Party, m)
				php = append(php, fmt.Sprintf("%s %s", id, a.hpText()))
			}
		}
		// Enemies seen before and not in view now: where and as they were last seen.
		for _, id := range ids {
			sn, ok := sight.LastSeen(id)
			if !ok {
				continue
			}
			a := armies[id]
			s.Party = append(s.Party, mark{Cell: sn.Hex, Kind: a.side + " seen", ID: id, Text: strconv.Itoa(sn.HP),
				Tip: fmt.Sprintf("%s (%s) last seen at %s on day %d, %d hp", id, a.side, p.Pathfinder.Hexes[sn.Hex].ID, sn.Day, sn.HP)})
			php = append(php, fmt.Sprintf("%s %d (day %d)", id, sn.HP, sn.Day))
		}
		s.Status, s.PartyStatus = hpLine(hps), hpLine(php)
		// Chart: each army's hp after the step's last event so far (P-12..P-62): none while it
		// is off the field or its hp is not in the recording; an army at or below 0 hp (about to
		// leave) is drawn at 0, the chart's floor.
		if len(stepVals) < len(pg.Steps) {
			stepVals = append(stepVals, make([]point, len(ids)))
		}
		for j, id := range ids {
			a := armies[id]
			stepVals[len(pg.Steps)-1][j] = none
			if a.hex >= 0 && a.gone == "" && a.hpKnown {
				stepVals[len(pg.Steps)-1][j] = val(float64(max(a.hp, 0)))
			}
		}
	}
	for si := range pg.Steps {
		for j := range ids {
			pg.Chart.Series[j].Values = append(pg.Chart.Series[j].Values, stepVals[si][j])
		}
	}
	for j, id := range ids {
		pg.Chart.Series[j].Why = armies[id].why()
	}
	return nil
}

// hexEventLine is a Pathfinder hex scenario's battle event's own line (pfLogLine of the entry in
// its "event"), for a step's transcript where the run's text shows it only in the battle's
// tables, printed with a later event (P-15..P-56). "" for an event that is not a battle's.
func hexEventLine(raw []byte) string {
	var v struct {
		Type  string
		Event json.RawMessage
	}
	if json.Unmarshal(raw, &v) != nil || v.Type != "event" || len(v.Event) == 0 {
		return ""
	}
	return pfLogLine(v.Event)
}

// hpLine is a step's status line of army hp ("hp: militia 16, orcs 4"), or that no army is left
// to show (the players' view once every army they know of is gone).
func hpLine(parts []string) string {
	if len(parts) == 0 {
		return "hp: no army on the map"
	}
	return "hp: " + strings.Join(parts, ", ")
}
