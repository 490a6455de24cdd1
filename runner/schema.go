package runner

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
)

// EventDoc documents one kind of event for the schema.
type EventDoc struct {
	Event Event  // a zero value of the event's struct, as a pointer: &karzoral.ArmyMoveEvent{}
	Doc   string // what it reports, one sentence with its rule IDs
}

type streamDocs struct {
	stream string
	docs   []EventDoc
}

var (
	registry   sync.Mutex
	streams    []streamDocs
	eventTypes = map[string]bool{} // stream + " " + type
)

// RegisterEvents adds the kinds of events a stream writes ("karzoral", "pathfinder", "campaign")
// to the schema (EventSchema, `sortie schema --events`). The package that declares the events
// calls it once, from init. Types are unique within a stream (two engines may both write a "day").
// It panics on a type registered twice in a stream or a doc without an event struct: both are
// programming errors.
func RegisterEvents(stream string, docs ...EventDoc) {
	registry.Lock()
	defer registry.Unlock()
	for _, d := range docs {
		if d.Event == nil || reflect.TypeOf(d.Event).Kind() != reflect.Pointer || reflect.TypeOf(d.Event).Elem().Kind() != reflect.Struct {
			panic(fmt.Sprintf("runner: RegisterEvents(%q): want a pointer to an event struct, got %T", stream, d.Event))
		}
		k := stream + " " + d.Event.Type()
		if eventTypes[k] {
			panic(fmt.Sprintf("runner: event type %q registered twice in stream %s", d.Event.Type(), stream))
		}
		eventTypes[k] = true
	}
	streams = append(streams, streamDocs{stream, docs})
}

// EventSchema returns the JSON Schema (draft 2020-12) of the JSON Lines a run writes, generated
// from the registered event structs (their JSON fields, which are required, their JSON types) so
// that it cannot drift from what the writer encodes. $defs holds one definition per stream
// ("karzoral": one of its events, told apart by "type") and one per event ("karzoral.day",
// "campaign.start"); a line validates against the top-level schema (any stream). Streams are in
// name order, events in the order their package registered them.
func EventSchema() ([]byte, error) {
	registry.Lock()
	ss := append([]streamDocs(nil), streams...)
	registry.Unlock()
	sort.SliceStable(ss, func(i, j int) bool { return ss[i].stream < ss[j].stream })
	defs := map[string]any{}
	var streamRefs []any
	var names []string
	for _, s := range ss {
		var refs []any
		var types []string
		for _, d := range s.docs {
			t := d.Event.Type()
			def := objectSchema(reflect.TypeOf(d.Event).Elem(), map[string]any{"type": map[string]any{"const": t}}, []string{"type"})
			desc := d.Doc
			if r := d.Event.Rule(); r != "" && !strings.Contains(desc, r) {
				desc += " (" + r + ")"
			}
			def["description"] = desc
			key := EventDef(s.stream, t)
			defs[key] = def
			refs = append(refs, map[string]any{"$ref": "#/$defs/" + key})
			types = append(types, t)
		}
		defs[s.stream] = map[string]any{
			"description": fmt.Sprintf("an event of the %s stream: %s", s.stream, strings.Join(types, ", ")),
			"oneOf":       refs,
		}
		streamRefs = append(streamRefs, map[string]any{"$ref": "#/$defs/" + s.stream})
		names = append(names, s.stream)
	}
	root := map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"title":   fmt.Sprintf("sortie run events, JSON Lines version %d", EventsVersion),
		"description": "One JSON object a line, as `sortie run --format jsonl` and `sortie campaign run --format jsonl` " +
			"write them: \"type\" first, naming the event, then its fields in a fixed order; a field not listed under " +
			"required is left out when zero. A run writes the events of its engine's stream (" + strings.Join(names, ", ") +
			"); a campaign writes campaign events with those of its scenarios (karzoral) in between.",
		"x-version": EventsVersion,
		"anyOf":     streamRefs,
		"$defs":     defs,
	}
	return json.MarshalIndent(root, "", "  ")
}

// EventDef is the name of an event's definition in the schema's $defs: "karzoral.day", and the
// type itself for a type that already starts with its stream ("campaign.start").
func EventDef(stream, typ string) string {
	if strings.HasPrefix(typ, stream+".") {
		return typ
	}
	return stream + "." + typ
}

// EventStreams is the streams that register an event of type typ (RegisterEvents), sorted:
// ["karzoral"] for "partyMove", ["karzoral", "pathfinder"] for "day" (both engines write one),
// none for a type no stream registers (a clash battle's "clash.*", a Pathfinder battle log's).
func EventStreams(typ string) []string {
	registry.Lock()
	defer registry.Unlock()
	var out []string
	for _, s := range streams {
		if eventTypes[s.stream+" "+typ] && !slices.Contains(out, s.stream) {
			out = append(out, s.stream)
		}
	}
	slices.Sort(out)
	return out
}

var textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()

// objectSchema describes struct type t as encoding/json writes it: exported fields by their JSON
// names, embedded structs flattened, `json:"-"` left out; a field without omitempty or omitzero
// is required. props and required start the object (the "type" of an event).
func objectSchema(t reflect.Type, props map[string]any, required []string) map[string]any {
	if props == nil {
		props = map[string]any{}
	}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
				continue
			}
			if !f.IsExported() {
				continue
			}
			if name == "" {
				name = f.Name
			}
			props[name] = typeSchema(f.Type)
			if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") {
				required = append(required, name)
			}
		}
	}
	walk(t)
	if required == nil {
		required = []string{}
	}
	return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
}

// typeSchema describes a Go type as encoding/json writes it.
func typeSchema(t reflect.Type) map[string]any {
	if t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler) {
		return map[string]any{"type": "string"}
	}
	switch t.Kind() {
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer", "minimum": 0}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Array:
		return map[string]any{"type": "array", "items": typeSchema(t.Elem()), "minItems": t.Len(), "maxItems": t.Len()}
	case reflect.Slice:
		return map[string]any{"type": []string{"array", "null"}, "items": typeSchema(t.Elem())}
	case reflect.Pointer:
		s := typeSchema(t.Elem())
		if ty, ok := s["type"].(string); ok {
			s["type"] = []string{ty, "null"}
		}
		return s
	case reflect.Struct:
		return objectSchema(t, nil, nil)
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": typeSchema(t.Elem())}
	}
	return map[string]any{}
}
