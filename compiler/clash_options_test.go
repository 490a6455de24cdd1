package compiler

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// The compiler and runner/clash agree: the schema's options are the engine's (names, choices with
// the Default first, number bounds); the bundled battles run: compiler/clash/engine_test.go.

func TestClashOptionsMatchEngine(t *testing.T) {
	ctx := cuecontext.New()
	def, err := compileDef(ctx, "#ClashOptions")
	if err != nil {
		t.Fatal(err)
	}
	schema := map[string]string{}
	it, err := def.Fields(cue.Optional(true))
	if err != nil {
		t.Fatal(err)
	}
	for it.Next() {
		v := it.Value()
		if vals, ok := enumValues(v); ok {
			var s []string
			for _, x := range vals {
				str, _ := x.String()
				s = append(s, str)
			}
			schema[it.Selector().Unquoted()] = strings.Join(s, "|")
			continue
		}
		schema[it.Selector().Unquoted()] = fmt.Sprint(v) // e.g. int & >=1 & <=10
	}
	engine := map[string]string{}
	for _, o := range clashrules.OptionList() {
		if o.Choices != nil {
			engine[o.Name] = strings.Join(o.Choices, "|")
		} else {
			engine[o.Name] = fmt.Sprintf("int & >=%d & <=%d", o.Min, o.Max)
			if o.Min >= 0 {
				engine[o.Name] = "u" + engine[o.Name] // CUE prints int & >=0 as uint
			}
		}
	}
	var names []string
	for n := range schema {
		names = append(names, n)
	}
	for n := range engine {
		if _, ok := schema[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if schema[n] != engine[n] {
			t.Errorf("option %s: schema %q, engine %q", n, schema[n], engine[n])
		}
	}
}
