package runner

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/esc"
)

// EventsVersion is the version of the JSON Lines format (the event types and their fields) that
// EventSchema describes. It goes up when a field changes meaning or goes away; new event types
// and new optional fields do not change it.
const EventsVersion = 1

// Event is one thing that happened in a run: a small struct per kind of event, with named fields
// whose JSON names are the JSON Lines format (`sortie schema --events`). Engines and the campaign
// declare their events next to the code that emits them and register them (RegisterEvents).
type Event interface {
	// Type is the event's "type" in JSON Lines: "armyMove", "move", "campaign.growth".
	Type() string
	// Rule is the ID of the rule the event reports ("K-22"), "" for bookkeeping events (a run
	// begins, a day ends).
	Rule() string
	// Line is the event's one readable line, without a margin; "" for an event a transcript
	// does not show (its content is in another event's text).
	Line() string
}

// Texter is implemented by events whose text in a transcript is more than one line after a margin:
// a header, the field map, a table. WriteText writes the whole text, every line ending in '\n'.
type Texter interface {
	WriteText(w *bytes.Buffer) error
}

// Margined is implemented by events printed after a margin: the phase column of a Karzoral
// transcript, "* " for the campaign.
type Margined interface {
	Margin() string
}

// Sink receives the events of a run, in order. The engine owns each event and what it points to
// (a snapshot, a view of the state): a Sink must not keep them after Write returns.
type Sink interface {
	Write(e Event) error
}

type discard struct{}

func (discard) Write(Event) error { return nil }

// Discard is a Sink that drops every event. Engines recognise it (Enabled) and build no events.
var Discard Sink = discard{}

// Enabled reports whether s wants events: false for nil and Discard. An engine asks once per run
// and builds no event when it is false, so that a run into Discard allocates nothing per day.
func Enabled(s Sink) bool {
	if s == nil {
		return false
	}
	_, off := s.(discard)
	return !off
}

// Observing is implemented by a Sink that reads nothing of an event but what its Observe tells
// (runner.Observed): a simulation's. An engine gives it the Observed events only, and builds no
// text for them (Printing).
type Observing interface {
	Sink
	ObservesOnly()
}

// Printing reports whether s reads events' text, or keeps events whole: false for nil, Discard
// and an Observing sink. An engine builds an event that is not Observed, and the text of one that
// is, only when it is true (issue 29: a simulation's runs built every day's texts for a sink
// that counts ids).
func Printing(s Sink) bool {
	if !Enabled(s) {
		return false
	}
	_, obs := s.(Observing)
	return !obs
}

// NewTextSink returns a Sink that writes a readable transcript to w: for each event its text
// (Texter) or its margin (Margined) and Line; an event whose Line is "" is not shown. The output
// depends only on the events: no colour, no trailing spaces.
func NewTextSink(w io.Writer) Sink { return &textSink{w: w} }

type textSink struct {
	w   io.Writer
	buf bytes.Buffer
}

func (t *textSink) Write(e Event) error {
	e = escapedEvent(e) // strangers' strings: one line each (escape.go)
	b := &t.buf
	b.Reset()
	if tx, ok := e.(Texter); ok {
		if err := tx.WriteText(b); err != nil {
			return err
		}
		if b.Len() == 0 {
			return nil
		}
		_, err := t.w.Write(escapeLines(fitLines(b.Bytes())))
		return err
	} else if l := e.Line(); l != "" {
		margin := ""
		if m, ok := e.(Margined); ok {
			margin = m.Margin()
		}
		b.WriteString(margin)
		b.WriteString(marginWrap(l, margin))
		b.WriteByte('\n')
	}
	if b.Len() == 0 {
		return nil
	}
	_, err := t.w.Write(escapeLines(b.Bytes()))
	return err
}

// marginWrap is line l, printed after margin, wrapped (WrapProse) so that no line is wider than
// TableWidth: the continuation lines are indented under the text, two spaces further.
func marginWrap(l, margin string) string {
	if len(margin)+len(l) <= TableWidth {
		return l
	}
	mw := DisplayWidth(margin)
	return WrapProse(l, TableWidth-mw, TableWidth, strings.Repeat(" ", mw+2))
}

// fitLines is a Texter's text with each line wider than TableWidth wrapped (WrapProse), its
// continuation lines indented two spaces past the line's own leading spaces. Tables come fitted
// already (RenderTable); what is left is prose, headings and legends.
func fitLines(text []byte) []byte {
	if maxLineLen(text) <= TableWidth {
		return text
	}
	var out bytes.Buffer
	for _, l := range strings.SplitAfter(string(text), "\n") {
		body, nl := strings.CutSuffix(l, "\n")
		rest := strings.TrimLeft(body, " ")
		lead := body[:len(body)-len(rest)]
		if len(body) > TableWidth && rest != "" {
			body = lead + WrapProse(rest, TableWidth-len(lead), TableWidth, lead+"  ")
		}
		out.WriteString(body)
		if nl {
			out.WriteByte('\n')
		}
	}
	return out.Bytes()
}

// maxLineLen is the longest line of text in bytes (at least its display width).
func maxLineLen(text []byte) int {
	m := 0
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n')
		if i < 0 {
			i = len(text)
		}
		m = max(m, i)
		text = text[min(i+1, len(text)):]
	}
	return m
}

// NewJSONLSink returns a Sink that writes one JSON object per event and line (JSON Lines):
// "type" first, then the event's fields in the order its struct declares them, encoded by
// encoding/json (omitempty and omitzero fields are left out when zero; HTML characters are not
// escaped; hidden characters, esc.Hidden, are). It knows no event by name: any Event is encoded the same way.
//
//	{"type":"armyMove","day":1,"phase":"start","army":"mercenaries","from":"01","to":"01","step":0}
func NewJSONLSink(w io.Writer) Sink {
	s := &jsonlSink{w: w}
	s.enc = json.NewEncoder(&s.body)
	s.enc.SetEscapeHTML(false)
	return s
}

type jsonlSink struct {
	w    io.Writer
	body bytes.Buffer
	enc  *json.Encoder
	line []byte
}

func (s *jsonlSink) Write(e Event) error {
	s.body.Reset()
	if err := s.enc.Encode(e); err != nil {
		return err
	}
	body := bytes.TrimSpace(s.body.Bytes())
	b := append(s.line[:0], `{"type":`...)
	b = strconv.AppendQuote(b, e.Type())
	if len(body) > 2 && body[0] == '{' {
		b = append(b, ',')
		b = append(b, body[1:]...)
	} else {
		b = append(b, '}')
	}
	b = append(b, '\n')
	s.line = b
	// A bidi override or zero-width character of an author's name or text is written as its
	// \uXXXX escape (encoding/json writes them raw), as every JSON sortie writes (esc.JSON).
	_, err := s.w.Write(esc.JSON(b))
	return err
}
