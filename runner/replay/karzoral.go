package replay

import (
	"fmt"
	"html/template"
	"sort"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// kzCell is the side of a Karzoral block on the page, px.
const kzCell = 72

// karzoralMap draws p's field (K-17: a square grid of blocks, x to the east, y to the south):
// each block a square filled by its kind and terrain with its id and terrain written in it,
// trails (K-29) as narrow paths, the base, dark blocks (K-57) shaded, a wall on each side with
// no passage, an arrow on a one-way passage (open from one block only: K-32's entry sides), and
// each box (K-31) outlined with its name. Cell i is block i (Plan.Field.Blocks).
func karzoralMap(id int, p *plan.Plan) mapData { return karzoralMapHiding(id, p, nil) }

// karzoralMapHiding is karzoralMap with the blocks in hide drawn as blank squares: no id, name,
// terrain, trail, wall or passage of theirs is in the SVG (a players-only page's boxes that the
// party never opened, K-31). Their cells' IDs are "".
func karzoralMapHiding(id int, p *plan.Plan, hide map[int]bool) mapData {
	f := &p.Field
	m := mapData{Name: p.Scenario.ID, Size: kzCell, plan: p}
	w := float64(f.MaxX-f.MinX+1) * kzCell
	h := float64(f.MaxY-f.MinY+1) * kzCell
	var b strings.Builder
	svgOpen(&b, id, w, h, "karzoral")
	xy := func(i int) (float64, float64) {
		at := f.Blocks[i].At
		return float64(at[0]-f.MinX) * kzCell, float64(at[1]-f.MinY) * kzCell
	}
	for i, bl := range f.Blocks {
		x, y := xy(i)
		m.Cells = append(m.Cells, [2]float64{x, y})
		if hide[i] {
			m.IDs = append(m.IDs, "")
			fmt.Fprintf(&b, `<g class="cell hidden" id="m%d-c%d"><rect x="%.0f" y="%.0f" width="%d" height="%d" class="ground"/></g>`, id, i, x, y, kzCell, kzCell)
			continue
		}
		m.IDs = append(m.IDs, bl.ID)
		cls := "block"
		switch bl.Kind {
		case "base":
			cls = "base"
		case "trail":
			cls = "trail"
		}
		if bl.Dark {
			cls += " dark"
		}
		tip := bl.ID
		if bl.Name != "" {
			tip += ": " + bl.Name
		}
		if bl.Terrain != "" {
			tip += " (" + bl.Terrain + ")"
		}
		fmt.Fprintf(&b, `<g class="cell %s" id="m%d-c%d" data-at="%s"><title>%s</title>`, cls, id, i, svgText(bl.ID), svgText(tip))
		if bl.Kind == "trail" {
			fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="%d" height="%d" class="ground"/>`, x, y, kzCell, kzCell)
			// The path: from the centre toward each open neighbour.
			for d, ex := range bl.Exits {
				if ex.To < 0 || !ex.Open {
					continue
				}
				dx, dy := dirStep(d)
				fmt.Fprintf(&b, `<line class="path" x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f"/>`, x+kzCell/2, y+kzCell/2, x+kzCell/2+dx*kzCell/2, y+kzCell/2+dy*kzCell/2)
			}
		} else {
			fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="%d" height="%d" class="ground" style="fill:%s"/>`, x+1, y+1, kzCell-2, kzCell-2, terrainColour(bl.Kind, bl.Terrain))
			label := bl.ID
			if bl.Kind == "base" {
				label = "[B] " + bl.ID
			}
			fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" class="id">%s</text>`, x+4, y+13, svgText(label))
			if bl.Terrain != "" {
				fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" class="terrain">%s</text>`, x+4, y+kzCell-5, svgText(shortTerrain(bl.Terrain)))
			}
		}
		b.WriteString(`</g>`)
	}
	// Walls and one-way passages, each side once.
	for i, bl := range f.Blocks {
		x, y := xy(i)
		for d, ex := range bl.Exits {
			if hide[i] || ex.To >= 0 && hide[ex.To] {
				continue
			}
			x1, y1, x2, y2 := side(x, y, d)
			back := false
			if ex.To >= 0 {
				back = f.Blocks[ex.To].Exits[(d+2)%4].Open
			}
			switch {
			case ex.To < 0 && bl.Kind == "trail":
				// a trail's edge is no wall: the trail is drawn as its path
			case ex.To < 0 || (!ex.Open && !back):
				if ex.To < 0 || i < ex.To {
					fmt.Fprintf(&b, `<line class="wall" x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f"/>`, x1, y1, x2, y2)
				}
			case ex.Open && !back:
				// one way, from this block into ex.To: an arrow across the side
				dx, dy := dirStep(d)
				cx, cy := (x1+x2)/2, (y1+y2)/2
				fmt.Fprintf(&b, `<path class="oneway" d="M%.1f %.1f L%.1f %.1f L%.1f %.1f Z"><title>one way: %s to %s</title></path>`,
					cx+dx*8, cy+dy*8, cx-dx*4+dy*7, cy-dy*4+dx*7, cx-dx*4-dy*7, cy-dy*4-dx*7,
					svgText(bl.ID), svgText(f.Blocks[ex.To].ID))
			}
		}
	}
	for k, bx := range f.Boxes {
		for _, bi := range bx.Blocks {
			x, y := xy(bi)
			fmt.Fprintf(&b, `<rect class="box box%d" x="%.0f" y="%.0f" width="%d" height="%d"/>`, k, x+3, y+3, kzCell-6, kzCell-6)
		}
		if len(bx.Blocks) > 0 {
			x, y := xy(bx.Blocks[0])
			fmt.Fprintf(&b, `<text class="boxname" x="%.0f" y="%.0f">box %s</text>`, x+kzCell-6, y+13, svgText(bx.Name))
		}
	}
	// The fog: one rect per block in a box, shown in the players' view until the box opens.
	for i, bl := range f.Blocks {
		if bl.Box < 0 {
			continue
		}
		x, y := xy(i)
		fmt.Fprintf(&b, `<g class="fog" id="m%d-f%d" style="display:none"><rect x="%.0f" y="%.0f" width="%d" height="%d"/><text x="%.0f" y="%.0f">?</text></g>`,
			id, i, x, y, kzCell, kzCell, x+kzCell/2, y+kzCell/2+8)
	}
	svgClose(&b)
	m.svg = template.HTML(b.String())
	return m
}

// dirStep is direction d's unit step (0 north, 1 east, 2 south, 3 west: Block.Exits).
func dirStep(d int) (float64, float64) {
	return [4]float64{0, 1, 0, -1}[d], [4]float64{-1, 0, 1, 0}[d]
}

// side is the segment of the block at x, y on side d.
func side(x, y float64, d int) (x1, y1, x2, y2 float64) {
	switch d {
	case 0:
		return x, y, x + kzCell, y
	case 1:
		return x + kzCell, y, x + kzCell, y + kzCell
	case 2:
		return x, y + kzCell, x + kzCell, y + kzCell
	}
	return x, y, x, y + kzCell
}

// shortTerrain cuts a terrain name to fit a block.
func shortTerrain(t string) string {
	if r := []rune(t); len(r) > 13 {
		return string(r[:12]) + "…"
	}
	return t
}

// terrainColour is a block's fill: by kind, then by a word of its terrain (free text, K-17).
func terrainColour(kind, terrain string) string {
	if kind == "base" {
		return "#e8d9a8"
	}
	t := strings.ToLower(terrain)
	for _, c := range []struct{ word, colour string }{
		{"marsh", "#b9d3c2"}, {"bog", "#a9c4b0"}, {"swamp", "#a9c4b0"}, {"river", "#b7d3ea"}, {"ford", "#b7d3ea"},
		{"lake", "#a7c7e6"}, {"wood", "#a8c99a"}, {"forest", "#a8c99a"}, {"pine", "#a8c99a"},
		{"mountain", "#c9bfb2"}, {"cliff", "#c9bfb2"}, {"scree", "#d3cabe"}, {"hill", "#d7dcae"},
		{"grass", "#d5e6b5"}, {"village", "#e3d3c3"}, {"ruin", "#d9cfc6"}, {"gate", "#cdb8b0"},
		{"fort", "#cdb8b0"}, {"tower", "#cdb8b0"}, {"camp", "#e6d0b0"}, {"causeway", "#d8d0bd"},
	} {
		if strings.Contains(t, c.word) {
			return c.colour
		}
	}
	return "#e9ecdf"
}

// kzArmy is an army on the map: its block index (-1: off the map) and strength (0: unknown to
// the players).
type kzArmy struct {
	block    int
	strength int
	seen     int // the day the players saw it (their view)
	strDay   int // the day strength was learned when not seen (the view's strengthDay, K-23, K-63), 0: seen
	// missed is the day the party stood on block and found the army gone from it (K-23: the
	// view's and sighting's "missed"), 0: not; the players' map then leaves it off, as the
	// transcript's party map does, and their status line says so.
	missed int
}

// kzState is what the map shows after some events of one Karzoral run.
type kzState struct {
	p      *plan.Plan
	blocks map[string]int // block id -> index
	party  int
	gm     map[string]*kzArmy
	known  map[string]*kzArmy // the players' picture (K-23)
	open   map[string]bool    // boxes opened (K-31)
	ration int
	// fights are the step's battles, drawn where they were fought: for the GM every one, for
	// the players those told to everyone (the party's own, K-70; a strength battle in view).
	fightsGM, fightsParty []mark
}

func newKzState(p *plan.Plan) *kzState {
	s := &kzState{p: p, blocks: map[string]int{}, party: p.Party.Start, gm: map[string]*kzArmy{},
		known: map[string]*kzArmy{}, open: map[string]bool{}, ration: p.Party.Rations}
	for i, b := range p.Field.Blocks {
		s.blocks[b.ID] = i
	}
	for _, a := range p.Armies {
		at := -1
		if len(a.Route) > 0 {
			at = a.Route[0]
		}
		s.gm[a.ID] = &kzArmy{block: at, strength: a.Strength}
	}
	return s
}

// block is the index of block id, -1 for none (null, unknown).
func (s *kzState) block(id *string) int {
	if id == nil {
		return -1
	}
	if i, ok := s.blocks[*id]; ok {
		return i
	}
	return -1
}

// kzArmyRow is an army in a dayEnd, view, sighting or end event.
type kzArmyRow struct {
	ID          string  `json:"id"`
	Block       *string `json:"block"`
	Strength    int     `json:"strength"`
	StrengthDay int     `json:"strengthDay"`
	Day         int     `json:"day"`
	Missed      int     `json:"missed"`
}

// apply folds one event into the state: the party's moves (K-26), the armies' marches (K-22),
// strength changes and battles (K-24, K-73..K-80), removals, the day's end (the GM's truth and
// the players' view, K-23), sightings and reveals (K-23, K-31).
func (s *kzState) apply(e *event) {
	var v struct {
		To, Army, Other, Box string
		Encounter, Result    string
		ArmyBefore           int
		OtherBefore          int
		Party                *string
		Block                *string
		After, ArmyAfter     int
		OtherAfter, Left     int
		Rations              *int
		Armies               []kzArmyRow
	}
	e.into(&v)
	switch e.Type {
	case "partyMove":
		s.party = s.block(&v.To)
	case "armyMove":
		if a := s.gm[v.Army]; a != nil {
			a.block = s.block(&v.To)
		}
		if a := s.seen(e, v.Army); a != nil {
			a.block, a.seen, a.missed = s.block(&v.To), e.Day, 0
		}
	case "strength":
		if a := s.gm[v.Army]; a != nil {
			a.strength = v.After
		}
		if a := s.seen(e, v.Army); a != nil {
			a.strength, a.strDay = v.After, e.Day
		}
	case "strengthBattle":
		if a := s.gm[v.Army]; a != nil {
			a.strength = v.ArmyAfter
		}
		if a := s.gm[v.Other]; a != nil {
			a.strength = v.OtherAfter
		}
		if a := s.seen(e, v.Army); a != nil {
			a.strength, a.strDay = v.ArmyAfter, e.Day
		}
		s.fight(e, v.Block, v.Army+" vs "+v.Other, fmt.Sprintf("strength battle at %s (K-24): %s %d -> %d, %s %d -> %d",
			deref(v.Block), v.Army, v.ArmyBefore, v.ArmyAfter, v.Other, v.OtherBefore, v.OtherAfter))
		if a := s.seen(e, v.Other); a != nil {
			a.strength, a.strDay = v.OtherAfter, e.Day
		}
	case "armyRemoved":
		if a := s.gm[v.Army]; a != nil {
			a.block = -1
		}
		if a := s.seen(e, v.Army); a != nil {
			a.block = -1
		}
	case "food":
		s.ration = v.Left
	case "dayEnd", "end":
		if v.Party != nil {
			s.party = s.block(v.Party)
		}
		for _, r := range v.Armies {
			if a := s.gm[r.ID]; a != nil {
				a.block, a.strength = s.block(r.Block), r.Strength
			}
		}
		if v.Rations != nil {
			s.ration = *v.Rations
		}
	case "view":
		// The players' whole picture at the day's end (K-23): what is not in it is not known.
		s.known = map[string]*kzArmy{}
		for _, r := range v.Armies {
			s.known[r.ID] = &kzArmy{block: s.block(r.Block), strength: r.Strength, seen: r.Day, strDay: r.StrengthDay, missed: r.Missed}
		}
	case "sighting":
		for _, r := range v.Armies {
			s.known[r.ID] = &kzArmy{block: s.block(r.Block), strength: r.Strength, seen: r.Day, strDay: r.StrengthDay, missed: r.Missed}
		}
	case "reveal":
		s.open[v.Box] = true
	case "battle":
		s.fight(e, v.Block, "party vs "+v.Encounter, fmt.Sprintf("the party fights %s at %s: %s", v.Encounter, deref(v.Block), v.Result))
	case "run", "resume":
		s.start(e.Type, v.Party, v.Block, v.Rations)
	}
}

// fight marks a battle of this step on block id: the GM sees it; the players too when e is for
// everyone.
func (s *kzState) fight(e *event, id *string, who, tip string) {
	b := s.block(id)
	if b < 0 {
		return
	}
	m := mark{Cell: b, Kind: "fight", ID: "fight " + who, Text: "\u2694", Tip: tip}
	s.fightsGM = append(s.fightsGM, m)
	if e.Audience == "" || e.Audience == "all" {
		s.fightsParty = append(s.fightsParty, m)
	}
}

// deref is *p, "?" for nil.
func deref(p *string) string {
	if p == nil {
		return "?"
	}
	return *p
}

// seen is the players' entry for army id when e is told to everyone (K-23: an army in the
// party's block, a march the party watches), made when they knew nothing of it; nil when e is
// the GM's alone, so that the players' view never learns from it.
func (s *kzState) seen(e *event, id string) *kzArmy {
	if e.Audience != "" && e.Audience != "all" || s.gm[id] == nil {
		return nil
	}
	a := s.known[id]
	if a == nil {
		a = &kzArmy{block: -1}
		s.known[id] = a
	}
	return a
}

// marks is the map of the state: the party and every army the view knows of.
func (s *kzState) marks(gm bool) []mark {
	out := []mark{} // never nil: nil is "as the GM's" (step.Party)
	if s.party >= 0 && s.party < len(s.p.Field.Blocks) {
		out = append(out, mark{Cell: s.party, Kind: "party", ID: "party", Text: "@", Tip: "the party at " + s.p.Field.Blocks[s.party].ID})
	}
	armies := s.known
	if gm {
		armies = s.gm
		out = append(out, s.fightsGM...)
	} else {
		out = append(out, s.fightsParty...)
	}
	ids := make([]string, 0, len(armies))
	for id := range armies {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		a := armies[id]
		if a.block < 0 || a.block >= len(s.p.Field.Blocks) || !gm && a.missed > 0 {
			continue
		}
		side := "enemy"
		for _, pa := range s.p.Armies {
			if pa.ID == id {
				side = pa.Side
			}
		}
		str := "strength unknown"
		label := "?"
		if a.strength > 0 || gm {
			str = "strength " + strconv.Itoa(a.strength)
			label = strconv.Itoa(a.strength)
		}
		if !gm && a.strength > 0 && a.strDay > 0 && a.strDay != a.seen { // learned on another day (issue 23 D8)
			str += " on day " + strconv.Itoa(a.strDay)
		}
		tip := fmt.Sprintf("%s (%s) at %s, %s", id, side, s.p.Field.Blocks[a.block].ID, str)
		if !gm && a.seen > 0 {
			tip += fmt.Sprintf(", last seen on day %d", a.seen)
		}
		out = append(out, mark{Cell: a.block, Kind: side, ID: id, Text: label, Tip: tip})
	}
	return out
}

// missedStatus is the players' status line (K-23): status, then each army the party found gone
// from where it last saw it, in the transcript's words ("mercenaries not at 01 any more (last
// seen there on day 1, gone by day 4)"), by id; "" when there is none (status stands).
func (s *kzState) missedStatus(status string) string {
	var gone []string
	for id, a := range s.known {
		if a.missed > 0 && a.block >= 0 && a.block < len(s.p.Field.Blocks) {
			gone = append(gone, fmt.Sprintf("%s not at %s any more (last seen there on day %d, gone by day %d)",
				id, s.p.Field.Blocks[a.block].ID, a.seen, a.missed))
		}
	}
	if len(gone) == 0 {
		return ""
	}
	sort.Strings(gone)
	return status + "; " + strings.Join(gone, "; ")
}

// fog is the cells of the boxes the players have not opened (K-31).
func (s *kzState) fog() []int {
	var out []int
	for i, b := range s.p.Field.Blocks {
		if b.Box >= 0 && !s.open[s.p.Field.Boxes[b.Box].Name] {
			out = append(out, i)
		}
	}
	return out
}

// karzoralSteps cuts a Karzoral run (p) or a campaign's runs (camp: each scenario's plan) into
// steps: one per day and phase (K-19: start, action, camp, night), the day's end with its
// night; a campaign's own events between sorties are steps of their own. Chart: the party's
// rations (everyone) and each army's strength (the GM's: K-23).
func karzoralSteps(pg *page, p *plan.Plan, camp *plan.Campaign, evs []event) error {
	plans := map[string]*plan.Plan{}
	mapOf := map[string]int{}
	addMap := func(q *plan.Plan) {
		if _, ok := mapOf[q.Scenario.ID]; ok {
			return
		}
		mapOf[q.Scenario.ID] = len(pg.Maps)
		plans[q.Scenario.ID] = q
		pg.Maps = append(pg.Maps, karzoralMap(len(pg.Maps), q))
	}
	if camp != nil {
		for _, sc := range camp.Scenarios {
			if sc.Plan != nil && sc.Plan.Pathfinder == nil {
				addMap(sc.Plan)
			}
		}
	} else {
		addMap(p)
	}
	var st *kzState
	cur := -1
	if p != nil {
		st, cur = newKzState(p), 0
	}
	// Chart series: rations, then each army of every plan by id (one line per id).
	seriesOf := map[string]int{}
	pg.Chart.Series = append(pg.Chart.Series, series{Name: "rations", Aud: "all"})
	var names []string
	for _, q := range plans {
		for _, a := range q.Armies {
			if _, ok := seriesOf[a.ID]; !ok {
				seriesOf[a.ID] = 0
				names = append(names, a.ID)
			}
		}
	}
	sort.Strings(names)
	for i, n := range names {
		seriesOf[n] = i + 1
		pg.Chart.Series = append(pg.Chart.Series, series{Name: n + " strength", Aud: "gm"})
	}
	scen := ""
	key := ""
	for i := range evs {
		e := &evs[i]
		k := key
		label := ""
		switch {
		case strings.HasPrefix(e.Type, "campaign."):
			k, label = "campaign", "campaign"
			if scen != "" {
				label = "campaign, after " + scen
			}
		case e.Type == "run" || e.Type == "resume":
			var v struct{ Scenario string }
			e.into(&v)
			if q := plans[v.Scenario]; q != nil {
				st, cur, scen = newKzState(q), mapOf[v.Scenario], v.Scenario
			}
			k, label = e.Type+strconv.Itoa(i), kzStartLabel[e.Type]
			if camp != nil {
				label = scen + ": " + label
			}
		case e.Phase != "":
			k = fmt.Sprintf("%s/%d/%s", scen, e.Day, e.Phase)
			label = fmt.Sprintf("day %d, %s", e.Day, e.Phase)
			if camp != nil && scen != "" {
				label = scen + ", " + label
			}
		}
		if k != key || len(pg.Steps) == 0 {
			if label == "" {
				label = "the start"
			}
			pg.Steps = append(pg.Steps, step{Label: label, Map: cur, First: i})
			key = k
			if st != nil {
				st.fightsGM, st.fightsParty = nil, nil
			}
		}
		if st != nil && !strings.HasPrefix(e.Type, "campaign.") {
			st.apply(e)
		}
		s := &pg.Steps[len(pg.Steps)-1]
		s.End = i + 1
		s.Map = cur
		if st != nil {
			s.GM, s.Party, s.Fog = st.marks(true), st.marks(false), st.fog()
			s.Status = fmt.Sprintf("rations %d", st.ration)
			if st.party >= 0 && st.party < len(st.p.Field.Blocks) {
				s.Status = "the party at " + st.p.Field.Blocks[st.party].ID + ", " + s.Status
			}
			s.PartyStatus = st.missedStatus(s.Status)
		}
	}
	kzChartValues(pg, p, camp, plans, seriesOf, evs)
	return nil
}
