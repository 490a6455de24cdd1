package runner

import (
	"strings"
	"testing"
)

type seenEvent struct {
	name string
	a    Audience
}

func (e *seenEvent) Type() string       { return e.name }
func (e *seenEvent) Rule() string       { return "" }
func (e *seenEvent) Line() string       { return e.name }
func (e *seenEvent) Audience() Audience { return e.a }

type plainEvent struct{}

func (plainEvent) Type() string { return "plain" }
func (plainEvent) Rule() string { return "" }
func (plainEvent) Line() string { return "plain" }

// ViewSink passes a viewer the events for all and for that viewer; an event without an audience is
// for all; AudienceAll passes everything (the sink itself).
func TestViewSink(t *testing.T) {
	evs := []Event{&seenEvent{"a", AudienceAll}, &seenEvent{"g", AudienceGM}, &seenEvent{"p", AudienceParty}, plainEvent{}}
	for _, c := range []struct {
		view Audience
		want string
	}{{AudienceParty, "a p plain"}, {AudienceGM, "a g plain"}, {AudienceAll, "a g p plain"}} {
		var b strings.Builder
		s := ViewSink(NewTextSink(&b), c.view)
		for _, e := range evs {
			if err := s.Write(e); err != nil {
				t.Fatal(err)
			}
		}
		if got := strings.Join(strings.Fields(b.String()), " "); got != c.want {
			t.Errorf("view %s: %q, want %q", c.view, got, c.want)
		}
	}
	if s := ViewSink(Discard, AudienceParty); s != Discard {
		t.Error("a view of Discard is Discard (no events are built)")
	}
	for _, n := range []string{"all", "gm", "party"} {
		a, ok := ParseAudience(n)
		var back Audience
		if txt, _ := a.MarshalText(); !ok || string(txt) != n || back.UnmarshalText(txt) != nil || back != a {
			t.Errorf("audience %q does not round-trip", n)
		}
	}
	var a Audience
	if _, ok := ParseAudience("players"); ok || a.UnmarshalText([]byte("players")) == nil {
		t.Error("an unknown audience was accepted")
	}
	if Audience(9).String() != "audience(9)" || AudienceOf(plainEvent{}) != AudienceAll {
		t.Error("String or AudienceOf")
	}
}
