package runner

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// DecodeEvent reads one JSON Lines record (as NewJSONLSink writes it) back into the event struct
// that the named stream registered for its "type" ("karzoral", "pathfinder", "clash",
// "campaign"): a fresh value, so that its Line (and Margin) give the transcript's words again.
// Fields an event keeps out of JSON (`json:"-"`: a snapshot of the state) stay zero, so a
// decoded event's Line is meant for events without such fields; WriteText is not.
//
// Errors: a line that is not a JSON object with a string "type", a type the stream does not
// know ("unknown event type"), a field of the wrong JSON type.
func DecodeEvent(stream string, line []byte) (Event, error) {
	var head struct {
		Type *string `json:"type"`
	}
	if err := json.Unmarshal(line, &head); err != nil {
		return nil, err
	}
	if head.Type == nil {
		return nil, fmt.Errorf("no \"type\" field")
	}
	t := eventType(stream, *head.Type)
	if t == nil {
		return nil, fmt.Errorf("unknown event type %q in stream %s", *head.Type, stream)
	}
	v := reflect.New(t)
	if err := json.Unmarshal(line, v.Interface()); err != nil {
		return nil, fmt.Errorf("%s: %w", *head.Type, err)
	}
	return v.Interface().(Event), nil
}

// eventType is the struct type registered for typ in stream, nil if none.
func eventType(stream, typ string) reflect.Type {
	registry.Lock()
	defer registry.Unlock()
	for _, s := range streams {
		if s.stream != stream {
			continue
		}
		for _, d := range s.docs {
			if d.Event.Type() == typ {
				return reflect.TypeOf(d.Event).Elem()
			}
		}
	}
	return nil
}

// UnmarshalText reads a phase's name ("start", "" for none), as MarshalText writes it, so that a
// run's JSON Lines decode back into their events (DecodeEvent).
func (p *Phase) UnmarshalText(b []byte) error {
	for i, n := range phaseNames {
		if n == string(b) {
			*p = Phase(i)
			return nil
		}
	}
	return fmt.Errorf("unknown phase %q", b)
}
