package replay

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"strings"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// marker is in the head of every page WriteHTML writes (IsPage).
const marker = `<meta name="generator" content="sortie replay">`

// playersMarker is in the head of a players-only page.
const playersMarker = `<meta name="sortie-view" content="players">`

// IsPage reports whether data is a page WriteHTML wrote: the CLI writes over only those.
func IsPage(data []byte) bool { return bytes.Contains(data, []byte(marker)) }

//go:embed viewer.js
var viewerJS string

//go:embed viewer.css
var viewerCSS string

// Input is what a replay page is built from: the run's events and what was played.
type Input struct {
	// Events are the run's JSON Lines, one event a line, as `--format jsonl` writes them with
	// every audience (`--view all`, its default).
	Events [][]byte
	// Text is each event's transcript text as the run's text sink wrote it (runner.NewTextSink:
	// a table or a map is several lines), one entry per event; nil when the events were read from
	// a file, and then each event's Line is decoded from its JSON (runner.DecodeEvent).
	Text []string
	// View is what the page holds: "" or "all", both views (the GM's too, with a switch);
	// "players", the players' view only: nothing the players did not learn is in the file
	// (playersOnly).
	View string
	// One of these is set: a scenario's plan (Karzoral, Pathfinder hex scenario), a campaign
	// (each scenario's plan), a When Armies Clash battle, a Pathfinder battle file (whose events
	// are its log's lines, `sortie battle --format jsonl`: one entry a line with a "kind" and no
	// "type", or a simulation's "battleLog" events).
	Plan     *plan.Plan
	Campaign *plan.Campaign
	Clash    *plan.Clash
	Battle   *plan.Battle
}

// page is the data the viewer reads (embedded as JSON).
type page struct {
	Title  string            `json:"title"`
	Rules  string            `json:"rules"`          // karzoral | pathfinder | clash | campaign | pfbattle
	Only   string            `json:"only,omitempty"` // "party": a players-only page (no view switch)
	Events []json.RawMessage `json:"events"`         // the JSON Lines, as given
	Lines  []string          `json:"lines"`          // each event's transcript text ("" for none)
	// PLines is an event's transcript text in the players' view where it differs from Lines, by
	// event index: a table of every army (a Pathfinder run's setting out and end) is, for the
	// players, the event's own line (hexPlayersLine).
	PLines map[int]string `json:"plines,omitempty"`
	// pEvents is an event's JSON line as the players are shown it where it differs (a clash
	// fog's rewrite), by event index: the players-only page carries it instead.
	pEvents map[int]json.RawMessage
	Aud     []string  `json:"aud"` // each event's audience: all | gm | party
	Steps   []step    `json:"steps"`
	Maps    []mapData `json:"maps"`
	Chart   chart     `json:"chart"`
}

// playersEvent records event i's players' form: its JSON line and its transcript text.
func (p *page) playersEvent(i int, line []byte, text string) {
	if p.PLines == nil {
		p.PLines = map[int]string{}
	}
	if p.pEvents == nil {
		p.pEvents = map[int]json.RawMessage{}
	}
	p.PLines[i], p.pEvents[i] = text, json.RawMessage(bytes.TrimSpace(line))
}

// step is one point of the timeline: events [First, End) and what the map shows after them.
type step struct {
	Label string `json:"label"`
	Map   int    `json:"map"` // index into page.Maps; -1: no map
	First int    `json:"first"`
	End   int    `json:"end"`
	GM    []mark `json:"gm"`
	// Party is the players' view (K-23); nil when it is the GM's (no fog: Pathfinder, clash).
	// Empty is "the players see nothing" (every friendly army gone), which the page must tell
	// from nil: omitzero keeps an empty list as [] (issue 25 review D1: omitempty dropped it and
	// the viewer drew the GM's marks, enemies the players never saw, in the players' view).
	Party []mark `json:"party,omitzero"`
	// Fog are the cells the players do not see yet (Karzoral boxes unopened, K-31).
	Fog []int `json:"fog,omitempty"`
	// Status is the step's one line of totals, for everyone: the party's block and rations, the
	// armies' hp, the sides' VP.
	Status string `json:"status"`
	// PartyStatus is the players' line of totals when it differs (a Pathfinder run: the enemy
	// armies as last seen); "": Status.
	PartyStatus string `json:"pstatus,omitempty"`
}

// mark is one thing drawn on a cell: the party, an army, a stand, a solo.
type mark struct {
	Cell int    `json:"c"`           // index into the map's cells
	Kind string `json:"k"`           // CSS class: party, friendly, enemy, side0, side1, solo, down
	ID   string `json:"id"`          // who: the army's or stand's id (data-id)
	Text string `json:"t"`           // the short label on the map
	Tip  string `json:"tip"`         // the longer line under the pointer
	Size int    `json:"s,omitempty"` // clash: squares per side (U-5); 0: 1
	// Bar is a Pathfinder battle army's hp as a share of its full hp (0..1), drawn as a bar
	// under its mark; 0: no bar.
	Bar float64 `json:"bar,omitempty"`
}

// mapData is one map's cells as the viewer needs them; the SVG itself is in the page.
type mapData struct {
	Name  string       `json:"name"`
	Cells [][2]float64 `json:"cells"` // each cell's top-left corner, px
	Size  float64      `json:"size"`  // a cell's width, px
	IDs   []string     `json:"ids"`   // each cell's name (data-at): a block id, a hex id, "x,y"
	svg   template.HTML
	plan  *plan.Plan // a Karzoral map's plan: playersOnly draws it again
}

// chart is the lines over the steps: one value per step and series.
type chart struct {
	Series []series `json:"series"`
}

type series struct {
	Name string `json:"name"`
	// Aud is all, gm (hidden in the players' view: K-23) or party (hidden in the GM's view: the
	// players' count of a clash unit's stands when it differs from the GM's, U-50, U-57).
	Aud string `json:"aud"`
	// Values is one point per step: null (none) where the series has no value at that step,
	// an army not on the field then (not yet placed, split, combined, destroyed, surrendered,
	// disbanded, removed): a gap in its line, never a number standing for "absent".
	Values []point `json:"values"`
	// Why says where the line has gaps and why ("split into militiaNorth and militiaSouth on
	// day 3"), for the chart's legend and tooltip; "": no gap to explain.
	Why string `json:"why,omitempty"`
	// twin: the series is the previous one as the other view sees it (Aud party after gm):
	// same colour and legend place, one of the two shown at a time; not written.
	twin bool
}

// Build reads in into the page's data. Errors: no plan given; an event line that is not JSON
// with a "type", or that names what the plan does not hold (an army, a hex, a block, a stand, a
// square) or holds a number out of range (checkEvent, refs.go): *EventError.
func build(in Input) (*page, error) {
	p := &page{}
	stream := ""
	switch {
	case in.Clash != nil:
		p.Rules, p.Title, stream = "clash", in.Clash.Title, "clash"
		if p.Title == "" {
			p.Title = in.Clash.ID
		}
	case in.Campaign != nil:
		p.Rules, p.Title, stream = "campaign", in.Campaign.Title, "karzoral"
		if p.Title == "" {
			p.Title = in.Campaign.ID
		}
	case in.Battle != nil:
		p.Rules, p.Title = "pfbattle", in.Battle.Title
		if p.Title == "" {
			p.Title = in.Battle.ID
		}
	case in.Plan != nil:
		p.Rules, p.Title, stream = in.Plan.Scenario.Rules, in.Plan.Scenario.Title, in.Plan.Scenario.Rules
		if p.Title == "" {
			p.Title = in.Plan.Scenario.ID
		}
	default:
		return nil, fmt.Errorf("no plan: a replay needs the scenario's plan, the campaign or the battle")
	}
	p.Title = esc.Text(p.Title)
	if in.Text != nil && len(in.Text) != len(in.Events) {
		return nil, fmt.Errorf("%d events but %d texts", len(in.Events), len(in.Text))
	}
	evs := make([]event, len(in.Events))
	known := newRefs(in)
	var camp campDice
	ord := order{campaign: in.Campaign != nil}
	for i, l := range in.Events {
		l = bytes.TrimSpace(l)
		// The checks first: a number out of range is named with its column, not as Go's
		// "cannot unmarshal number into Go struct field event.day" (issue 25 review D6).
		if err := checkEvent(i, l, known); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(l, &evs[i]); err != nil {
			why := err.Error()
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Field != "" {
				why = fmt.Sprintf("%q: a JSON %s where the event holds another kind of value", te.Field, te.Value)
			}
			return nil, &EventError{Index: i, Col: 1, Why: why}
		}
		if evs[i].Type == "" && (in.Battle == nil || evs[i].Kind == "") {
			if in.Battle != nil {
				return nil, fmt.Errorf("event %d: no \"kind\" (not a line of sortie battle --format jsonl)", i+1)
			}
			return nil, fmt.Errorf("event %d: no \"type\"", i+1)
		}
		evs[i].raw = l
		if err := ord.see(i, &evs[i], in.Battle != nil); err != nil {
			return nil, err
		}
		p.Events = append(p.Events, json.RawMessage(l))
		a := evs[i].Audience
		if a == "" {
			a = "all"
		}
		p.Aud = append(p.Aud, a)
		if in.Text != nil {
			p.Lines = append(p.Lines, esc.Lines(in.Text[i]))
			continue
		}
		if in.Battle != nil {
			p.Lines = append(p.Lines, battleLine(l))
			continue
		}
		st := stream
		if len(evs[i].Type) > 9 && evs[i].Type[:9] == "campaign." {
			st = "campaign"
		}
		line, err := safeLine(i, st, camp.line(evs[i].Type, l))
		if err != nil {
			return nil, err
		}
		p.Lines = append(p.Lines, line)
	}
	if p.Rules == "pathfinder" || p.Rules == "pfbattle" {
		for i, l := range p.Lines {
			if l == "" {
				line := hexEventLine(evs[i].raw)
				if p.Rules == "pfbattle" {
					line = pfLogLine(evs[i].raw)
				}
				p.Lines[i] = esc.Lines(esc.Text(strings.TrimSuffix(line, "\n")))
				if p.Lines[i] != "" {
					p.Lines[i] += "\n"
				}
			}
		}
	}
	var err error
	switch {
	case in.Clash != nil:
		err = clashSteps(p, in.Clash, evs)
	case in.Campaign != nil:
		err = karzoralSteps(p, nil, in.Campaign, evs)
	case in.Battle != nil:
		err = pfBattleSteps(p, in.Battle, evs)
	case in.Plan.Pathfinder != nil:
		err = hexSteps(p, in.Plan, evs)
	default:
		err = karzoralSteps(p, in.Plan, nil, evs)
	}
	if err != nil {
		return nil, err
	}
	switch in.View {
	case "", "all":
	case "players":
		if err := playersOnly(p); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown view %q (all or players)", in.View)
	}
	shown(p)
	return p, nil
}

// shown makes every stranger's string the viewer shows one line with its control characters
// escaped (esc.Text): labels, totals, marks, cell and series names. The transcript lines are
// esc.Lines already; the viewer writes all of them as text (textContent), never as HTML.
func shown(p *page) {
	for i := range p.Steps {
		s := &p.Steps[i]
		s.Label, s.Status, s.PartyStatus = esc.Text(s.Label), esc.Text(s.Status), esc.Text(s.PartyStatus)
		for _, ms := range [][]mark{s.GM, s.Party} {
			for k := range ms {
				ms[k].ID, ms[k].Text, ms[k].Tip = esc.Text(ms[k].ID), esc.Text(ms[k].Text), esc.Text(ms[k].Tip)
			}
		}
	}
	for i := range p.Maps {
		p.Maps[i].Name = esc.Text(p.Maps[i].Name)
		for k := range p.Maps[i].IDs {
			p.Maps[i].IDs[k] = esc.Text(p.Maps[i].IDs[k])
		}
	}
	for i := range p.Chart.Series {
		p.Chart.Series[i].Name = esc.Text(p.Chart.Series[i].Name)
	}
}

// jsonTexter is an event whose several lines of text (runner.Texter) come from its JSON fields
// alone (a campaign's growth block), so a decoded one writes them again.
type jsonTexter interface {
	runner.Texter
	TextFromJSON()
}

// decodedLine is an event's transcript line read back from its JSON: its margin and Line (a
// Texter's table or map is not rebuilt: the page draws the map); "" when the stream does not
// know the event. A jsonTexter writes its whole text.
func decodedLine(stream string, line []byte) string {
	e, err := runner.DecodeEvent(stream, line)
	if err != nil {
		return genericLine(line)
	}
	e = esc.Strings(e)
	if t, ok := e.(jsonTexter); ok {
		var b bytes.Buffer
		if t.WriteText(&b) == nil {
			return esc.Lines(strings.TrimLeft(b.String(), "\n"))
		}
	}
	l := e.Line()
	if l == "" {
		return ""
	}
	if m, ok := e.(runner.Margined); ok {
		l = m.Margin() + l
	}
	return esc.Lines(l) + "\n"
}

// battleLine is a Pathfinder battle file's event's transcript line: a simulation's battleEnd
// event says the winner (P-61); a log entry's line is pfLogLine's, made later ("" here).
func battleLine(line []byte) string {
	var v struct{ Type, Winner string }
	if json.Unmarshal(line, &v) == nil && v.Type == "battleEnd" {
		return esc.Lines(esc.Text("winner: "+v.Winner)) + "\n"
	}
	return ""
}

// genericLine shows an event its stream cannot decode (a newer sortie's, or a field of another
// shape) as its type and fields in their JSON order: "type: key=value, ...", escaped.
func genericLine(line []byte) string {
	dec := json.NewDecoder(bytes.NewReader(line))
	var parts []string
	typ := ""
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return ""
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return ""
		}
		key, _ := k.(string)
		switch key {
		case "type":
			_ = json.Unmarshal(v, &typ)
		case "audience":
		default:
			parts = append(parts, key+"="+string(v))
		}
	}
	return esc.Lines(esc.Text(typ+": "+strings.Join(parts, ", "))) + "\n"
}

// event is the part of every event the steps read first.
type event struct {
	Type     string `json:"type"`
	Day      int    `json:"day"`
	Phase    string `json:"phase"`
	Audience string `json:"audience"`
	Kind     string `json:"kind"` // a Pathfinder battle log entry's (Input.Battle)
	raw      []byte
}

// into decodes the event's JSON into v (a struct of the fields a step reads).
func (e *event) into(v any) { _ = json.Unmarshal(e.raw, v) }

// WriteHTML writes the replay page of in to w: one self-contained page (inline CSS, SVG and
// script). Errors: those of Build (bad events, no plan) and of w.
func WriteHTML(w io.Writer, in Input) error {
	p, err := build(in)
	if err != nil {
		return err
	}
	data, err := json.Marshal(p) // HTML-escapes <, > and &: "</script>" cannot end the element
	if err != nil {
		return err
	}
	maps := make([]template.HTML, len(p.Maps))
	for i, m := range p.Maps {
		maps[i] = m.svg
	}
	var b bytes.Buffer
	err = pageTmpl().Execute(&b, struct {
		Title  string
		Only   bool
		Maps   []template.HTML
		Chart  template.HTML
		Data   template.JS
		Script template.JS
		Style  template.CSS
	}{p.Title, p.Only != "", maps, chartSVG(p), template.JS(data), template.JS(viewerJS), template.CSS(viewerCSS)})
	if err != nil {
		return err
	}
	_, err = w.Write(b.Bytes())
	return err
}

// pageTmpl is parsed at the first page written, not at start-up (issue 29).
var pageTmpl = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("replay").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
` + marker + `
{{if .Only}}` + playersMarker + `
{{end}}<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}: replay</title>
<style>{{.Style}}</style>
</head><body>
<header><h1 id="title">{{.Title}}</h1>
<div id="controls">
<button id="first" title="first step (Home)">first</button>
<button id="prev" title="previous step (&#x2190;)">&#x25C0;</button>
<button id="play" title="play or pause (space)">play</button>
<button id="next" title="next step (&#x2192;)">&#x25B6;</button>
<button id="last" title="last step (End)">last</button>
<input id="slider" type="range" min="0" value="0" aria-label="step">
<span id="label"></span>
{{if .Only}}<span id="only">the players' view only</span><select id="view" hidden><option value="party">players</option></select>{{else}}<label>view <select id="view"><option value="party">players (K-23)</option><option value="gm">GM</option></select></label>{{end}}
</div></header>
<main>
<section id="maps">{{range .Maps}}{{.}}{{end}}</section>
<section id="side"><h2>This step</h2><p id="status"></p><pre id="transcript"></pre></section>
</main>
<section id="chartbox"><h2>Over the run</h2>{{.Chart}}</section>
<script type="application/json" id="data">{{.Data}}</script>
<script>{{.Script}}</script>
</body></html>
`))
})
