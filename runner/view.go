package runner

import "fmt"

// Audience says who may see an event: everyone at the table, the game master only (what happens
// out of the players' sight: an army's march in a far block, K-23), or the players only (their
// own picture of something the GM sees whole, such as the field map as they know it). The zero
// value is AudienceAll.
type Audience uint8

const (
	AudienceAll   Audience = iota // everyone: the GM and the players
	AudienceGM                    // the game master only
	AudienceParty                 // the players only: their knowledge, where the GM has the truth
)

var audienceNames = [...]string{"all", "gm", "party"}

func (a Audience) String() string {
	if int(a) < len(audienceNames) {
		return audienceNames[a]
	}
	return fmt.Sprintf("audience(%d)", int(a))
}

// MarshalText writes the audience's name ("all", "gm", "party"), as JSON Lines events carry it.
func (a Audience) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads an audience's name.
func (a *Audience) UnmarshalText(b []byte) error {
	v, ok := ParseAudience(string(b))
	if !ok {
		return fmt.Errorf("unknown audience %q (want all, gm or party)", b)
	}
	*a = v
	return nil
}

// ParseAudience reads "all", "gm" or "party".
func ParseAudience(s string) (Audience, bool) {
	for i, n := range audienceNames {
		if n == s {
			return Audience(i), true
		}
	}
	return 0, false
}

// Audienced is implemented by events that say who may see them (engines with a fog of war, such
// as runner/karzoral). An event that does not is seen by everyone.
type Audienced interface {
	Audience() Audience
}

// AudienceOf returns e's audience: AudienceAll unless e implements Audienced.
func AudienceOf(e Event) Audience {
	if a, ok := e.(Audienced); ok {
		return a.Audience()
	}
	return AudienceAll
}

// ViewSink returns a Sink that passes to s the events a viewer sees: for AudienceParty (the
// players' view) the events for all and for the party; for AudienceGM (the game master's) those for
// all and for the GM; for AudienceAll every event, unfiltered (s itself).
func ViewSink(s Sink, view Audience) Sink {
	if view == AudienceAll || !Enabled(s) {
		return s
	}
	return &viewSink{s: s, view: view}
}

type viewSink struct {
	s    Sink
	view Audience
}

func (v *viewSink) Write(e Event) error {
	if a := AudienceOf(e); a != AudienceAll && a != v.view {
		return nil
	}
	return v.s.Write(e)
}
