package compiler

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"

	"github.com/sortie-rpg/sortie/runner/clash"
)

// The compiler and runner/clash agree: the schema's options are the engine's (names, choices with
// the Default first, number bounds), and every bundled battle the compiler accepts sets up and is
// fought to its end by the engine under each policy.

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
	for _, o := range clash.OptionList() {
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

func TestClashBundledBattlesRun(t *testing.T) {
	for _, dir := range []string{"scenarios/clash/bridge", "scenarios/clash/field", "scenarios/clash/hill"} {
		c := compileBundled(t, dir)
		opt, err := clash.Apply(clash.Options{}, c.Options)
		if err != nil {
			t.Fatalf("%s: options: %v", dir, err)
		}
		s, err := clash.NewSetup(c, opt)
		if err != nil {
			t.Fatalf("%s: the engine refuses the compiled battle: %v", dir, err)
		}
		b := clash.NewBattle(s)
		for _, pol := range []clash.Policy{clash.PolicyTactical, clash.PolicyFirst, clash.PolicyRandom} {
			for seed := uint64(1); seed <= 5; seed++ {
				b.Reset(clash.Config{Seed: seed, Policy: pol})
				r, err := b.Run()
				if err != nil {
					t.Fatalf("%s %v seed %d: %v", dir, pol, seed, err)
				}
				if r.Rounds < 1 || len(r.ObjectiveVP) != len(c.Objectives) {
					t.Errorf("%s %v seed %d: %+v", dir, pol, seed, r)
				}
			}
		}
	}
}
