package clash

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/encoding/yaml"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
	"github.com/sortie-rpg/sortie/runner/clash"
)

// The compiler and runner/clash agree: every bundled battle the compiler accepts sets up and is
// fought to its end by the engine under each policy (the schema's options are the engine's:
// compiler/clash_options_test.go).

func TestClashBundledBattlesRun(t *testing.T) {
	for _, dir := range []string{"scenarios/clash/bridge", "scenarios/clash/field", "scenarios/clash/hill"} {
		c := compileBundled(t, dir)
		opt, err := clashrules.Apply(clashrules.Options{}, c.Options)
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

// scriptChooser answers each turn's action from a bundled script's entries ({unit|solo, action},
// in order) and leaves every other question, and a joined solo's action, to the policy. It is a
// stand-in for the script reader of `sortie battle`, to check that the bundled scripts name the
// turns in the order seed 1 gives them and only actions the rules allow then.
type scriptChooser struct {
	t       *testing.T
	entries []scriptEntry
	turn    string // whose turn it is (TurnStart)
	used    int
}

type scriptEntry struct {
	who, action string
}

func (s *scriptChooser) Record(_ *clash.Battle, e clash.Event) {
	if ts, ok := e.(*clash.TurnStartEvent); ok {
		s.turn = ts.Who
	}
}

func (s *scriptChooser) Choose(b *clash.Battle, q *clash.Question) int {
	if q.Ask != clash.AskAction || s.used >= len(s.entries) {
		return q.Policy
	}
	who := ""
	if q.Unit >= 0 {
		who = b.UnitID(q.Unit)
	} else if q.Solo >= 0 {
		who = b.SoloID(q.Solo)
	}
	if who != s.turn {
		return q.Policy // a joined solo acting in its unit's turn (U-53)
	}
	e := s.entries[s.used]
	s.used++
	if e.who != who {
		s.t.Errorf("script entry %d names %s, but it is %s's turn", s.used, e.who, who)
		return q.Policy
	}
	var names []string
	for i, o := range q.Options {
		if o.Name == e.action {
			return i
		}
		names = append(names, o.Name)
	}
	s.t.Errorf("script entry %d: %s cannot %s now (it may %s)", s.used, who, e.action, strings.Join(names, ", "))
	return q.Policy
}

func TestClashBundledScripts(t *testing.T) {
	root := repoRoot(t)
	for _, dir := range []string{"scenarios/clash/bridge", "scenarios/clash/field", "scenarios/clash/hill"} {
		t.Run(dir, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(root, dir, "script.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			f, err := yaml.Extract("script.yaml", data)
			if err != nil {
				t.Fatal(err)
			}
			v := cuecontext.New().BuildFile(f)
			var raw []map[string]string
			if err := v.Decode(&raw); err != nil {
				t.Fatal(err)
			}
			sc := &scriptChooser{t: t}
			for _, m := range raw {
				who := m["unit"]
				if who == "" {
					who = m["solo"]
				}
				sc.entries = append(sc.entries, scriptEntry{who, m["action"]})
			}
			c := compileBundled(t, dir)
			s, err := clash.NewSetup(c, clashrules.Options{})
			if err != nil {
				t.Fatal(err)
			}
			b := clash.NewBattle(s)
			b.Reset(clash.Config{Seed: 1, Policy: clash.PolicyTactical, Chooser: sc, Rec: sc})
			if _, err := b.Run(); err != nil {
				t.Fatal(err)
			}
			if sc.used != len(sc.entries) {
				t.Errorf("%d of %d entries used", sc.used, len(sc.entries))
			}
		})
	}
}
