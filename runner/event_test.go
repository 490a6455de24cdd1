package runner

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Test events: a plain one with a margin, one with a text block, one a transcript does not show.
type pingEvent struct {
	Day   int      `json:"day"`
	Phase Phase    `json:"phase,omitempty"`
	Who   string   `json:"who"`
	Note  string   `json:"note,omitempty"`
	Dice  [2]int   `json:"dice,omitzero"`
	Seen  []string `json:"seen"`
	Ptr   *string  `json:"ptr"`
	Seed  uint64   `json:"seed,omitempty"`
	inner string
}

func (*pingEvent) Type() string     { return "ping" }
func (*pingEvent) Rule() string     { return "T-1" }
func (e *pingEvent) Line() string   { return "ping " + e.Who }
func (*pingEvent) Margin() string   { return "> " }
func (e *pingEvent) String() string { return e.inner }

type blockEvent struct {
	Rows int `json:"rows"`
}

func (*blockEvent) Type() string { return "block" }
func (*blockEvent) Rule() string { return "" }
func (*blockEvent) Line() string { return "a block" }
func (e *blockEvent) WriteText(w *bytes.Buffer) error {
	for i := 0; i < e.Rows; i++ {
		w.WriteString("row\n")
	}
	return nil
}

type quietEvent struct{}

func (*quietEvent) Type() string { return "quiet" }
func (*quietEvent) Rule() string { return "" }
func (*quietEvent) Line() string { return "" }

func TestTextSink(t *testing.T) {
	var buf bytes.Buffer
	s := NewTextSink(&buf)
	for _, e := range []Event{&pingEvent{Who: "a"}, &quietEvent{}, &blockEvent{Rows: 2}, &blockEvent{}} {
		if err := s.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := buf.String(), "> ping a\nrow\nrow\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// The JSON Lines writer: "type" first, then the fields in struct order, zero omitempty/omitzero
// fields left out, unexported ones never written; strings are valid JSON whatever they hold
// (quotes, control characters, invalid UTF-8, U+2028), HTML characters as they are.
func TestJSONLSink(t *testing.T) {
	var buf bytes.Buffer
	s := NewJSONLSink(&buf)
	x := "x"
	evs := []Event{
		&pingEvent{Day: 2, Phase: PhaseCamp, Who: "Aria", Dice: [2]int{3, 4}, Seen: []string{"a"}, Ptr: &x, Seed: 7, inner: "secret"},
		&pingEvent{Who: "b"},
		&quietEvent{},
	}
	for _, e := range evs {
		if err := s.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	want := `{"type":"ping","day":2,"phase":"camp","who":"Aria","dice":[3,4],"seen":["a"],"ptr":"x","seed":7}
{"type":"ping","day":0,"who":"b","seen":null,"ptr":null}
{"type":"quiet"}
`
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	for _, str := range []string{"plain", `q"b\s`, "nl\n\t\r\x01\x7f\b\f", "日本語", "bad\xffutf8", "\u2028", "<a & b>"} {
		buf.Reset()
		if err := s.Write(&pingEvent{Who: str}); err != nil {
			t.Fatal(err)
		}
		line := buf.String()
		if strings.Count(line, "\n") != 1 {
			t.Errorf("%q: not one line: %q", str, line)
		}
		var got struct{ Who string }
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Errorf("%q -> %s: %v", str, line, err)
			continue
		}
		if want := strings.ToValidUTF8(str, "\ufffd"); got.Who != want {
			t.Errorf("%q -> %s -> %q", str, line, got.Who)
		}
		if strings.Contains(str, "<") && !strings.Contains(line, "<a & b>") {
			t.Errorf("HTML characters escaped: %s", line)
		}
	}
}

func TestEnabled(t *testing.T) {
	if Enabled(nil) || Enabled(Discard) || !Enabled(NewTextSink(&bytes.Buffer{})) {
		t.Error("Enabled: want false for nil and Discard, true for a writer")
	}
}

func init() {
	RegisterEvents("test", EventDoc{Event: &pingEvent{}, Doc: "a test event"}, EventDoc{Event: &quietEvent{}, Doc: "a quiet one"})
}

// The schema follows the structs: required are the fields without omitempty/omitzero, types as
// encoding/json writes them (a TextMarshaler is a string, a slice may be null, an array has its
// length), unexported fields are left out; the rule goes into the description.
func TestEventSchemaFromStructs(t *testing.T) {
	raw, err := EventSchema()
	if err != nil {
		t.Fatal(err)
	}
	var sch struct {
		Defs map[string]struct {
			Description string
			Properties  map[string]map[string]any
			Required    []string
			OneOf       []map[string]string
		} `json:"$defs"`
		AnyOf []map[string]string
	}
	if err := json.Unmarshal(raw, &sch); err != nil {
		t.Fatal(err)
	}
	d, ok := sch.Defs["test.ping"]
	if !ok {
		t.Fatalf("no test.ping in %v", sch.Defs)
	}
	if got := strings.Join(d.Required, ","); got != "type,day,who,seen,ptr" {
		t.Errorf("required %s", got)
	}
	if d.Properties["type"]["const"] != "ping" || d.Properties["phase"]["type"] != "string" ||
		d.Properties["dice"]["maxItems"] != float64(2) || d.Properties["seed"]["minimum"] != float64(0) {
		t.Errorf("properties %v", d.Properties)
	}
	if _, leak := d.Properties["inner"]; leak || len(d.Properties) != 9 {
		t.Errorf("properties %v", d.Properties)
	}
	if !strings.Contains(d.Description, "a test event (T-1)") {
		t.Errorf("description %q", d.Description)
	}
	if st := sch.Defs["test"]; len(st.OneOf) != 2 || st.OneOf[1]["$ref"] != "#/$defs/test.quiet" {
		t.Errorf("stream test: %+v", st)
	}
	if !strings.Contains(string(raw), `"$ref": "#/$defs/test"`) {
		t.Error("the top level does not list the test stream")
	}
}

func TestRegisterEventsTwice(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a type registered twice in a stream does not panic")
		}
	}()
	RegisterEvents("test", EventDoc{Event: &pingEvent{}})
}

// deciders for the Chain tests.
type scripted struct {
	answers []int
	faces   []int
	ended   bool
}

func (s *scripted) Decide(r *Request) (Answer, error) {
	if len(s.answers) == 0 {
		s.ended = true
		return Answer{}, ErrScriptEnded
	}
	a := s.answers[0]
	s.answers = s.answers[1:]
	return Answer{Choice: a}, nil
}

func (s *scripted) Roll(r *Request) (int, bool, error) {
	if len(s.faces) == 0 {
		return 0, false, nil
	}
	f := s.faces[0]
	s.faces = s.faces[1:]
	return f, true, nil
}

// The Chain asks the decider, then the fallback once it ran out (OnFallback called once); it
// refuses an answer out of range; dice come from the Roller first, then the source.
func TestChain(t *testing.T) {
	var c Chain
	primary := &scripted{answers: []int{1}, faces: []int{6, 9}}
	c.Reset(primary, First, dice.NewSeeded(1))
	switched := 0
	c.OnFallback(func() error { switched++; return nil })
	req := &Request{Kind: KindNight, Choices: []Choice{{Name: "rest"}, {Name: "march"}}}
	if i, err := c.Ask(req); err != nil || i != 1 {
		t.Fatalf("first answer %d %v", i, err)
	}
	if !c.Rolls() {
		t.Error("Rolls: the primary supplies dice")
	}
	roll := &Request{Kind: KindRoll, Sides: 6}
	if f, err := c.Die(roll); err != nil || f != 6 {
		t.Errorf("die from the script: %d %v", f, err)
	}
	if _, err := c.Die(roll); err == nil || !strings.Contains(err.Error(), "out of range 1..6") {
		t.Errorf("face 9 on a d6: %v", err)
	}
	if i, err := c.Ask(req); err != nil || i != 0 || switched != 1 || !primary.ended {
		t.Fatalf("after the script: %d %v, fallback taken %d times", i, err, switched)
	}
	if _, err := c.Ask(req); err != nil || switched != 1 {
		t.Errorf("the fallback is taken once: %d", switched)
	}
	if c.Rolls() {
		t.Error("the first policy supplies no dice")
	}
	if f, err := c.Die(roll); err != nil || f < 1 || f > 6 {
		t.Errorf("die from the source: %d %v", f, err)
	}
	// No fallback: the script's end is the error; an answer out of range is an error.
	c.Reset(&scripted{answers: []int{5}}, nil, dice.NewSeeded(1))
	if _, err := c.Ask(req); err == nil || !strings.Contains(err.Error(), "decider chose 5, want 0..1") {
		t.Errorf("out of range: %v", err)
	}
	if _, err := c.Ask(req); !errors.Is(err, ErrScriptEnded) {
		t.Errorf("ended: %v", err)
	}
}

// testEngine is an engine for the registry tests: it records the plan it was given.
type testEngine struct{ got *plan.Plan }

func (*testEngine) Rules() string { return "test-rules" }
func (e *testEngine) Run(p *plan.Plan, o Options) (Result, error) {
	e.got = p
	return &Ending{Outcome: Success, Day: 3}, nil
}

func TestEngineRegistry(t *testing.T) {
	e := &testEngine{}
	Register(e)
	p := &plan.Plan{Scenario: plan.Meta{Rules: "test-rules"}}
	res, err := Run(p, Options{})
	if err != nil || e.got != p || res.Ended().Outcome != Success || res.Ended().Day != 3 {
		t.Fatalf("Run: %v %v", res, err)
	}
	_, err = Run(&plan.Plan{Scenario: plan.Meta{Rules: "chess"}}, Options{})
	if err == nil || !strings.Contains(err.Error(), `no engine plays rules "chess"`) || !strings.Contains(err.Error(), "test-rules") {
		t.Errorf("unknown rules: %v", err)
	}
	if _, err := Run(nil, Options{}); err == nil {
		t.Error("a nil plan runs")
	}
	defer func() {
		if recover() == nil {
			t.Error("a second engine for the same rules does not panic")
		}
	}()
	Register(&testEngine{})
}

// TestJSONLHidden: an author's bidi override (U+202E) or zero-width space (U+200B) is written as
// its \uXXXX escape, which decodes to the same string; encoding/json wrote both raw, so a viewer
// of the JSON Lines showed "Evil<RLO>TXT.exe" reordered (Trojan Source).
func TestJSONLHidden(t *testing.T) {
	var buf bytes.Buffer
	if err := NewJSONLSink(&buf).Write(&pingEvent{Who: "Evil\u202eTXT.exe\u200b"}); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); !strings.Contains(got, `"who":"Evil\u202eTXT.exe\u200b"`) {
		t.Errorf("got %s", got)
	}
	var back struct{ Who string }
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil || back.Who != "Evil\u202eTXT.exe\u200b" {
		t.Errorf("decodes to %q, %v", back.Who, err)
	}
}
