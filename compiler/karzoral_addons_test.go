package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The issue-12 additions lower into the plan: a stayer (K-81), loot with its actions (K-98), the
// reveal and survey actions (K-23) and the midpoint setup (K-68); an unknown army in the setup or
// a reveal is R001, a loot action's unknown flag reference is checked like any other.
func TestKarzoralAddonsPlan(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata/compiler/ok/mini.cue"))
	if err != nil {
		t.Fatal(err)
	}
	enc := `encounters: raiders: monsters: [{name: "Raider", level: 3}]`
	good := strings.Replace(string(src), enc, `encounters: raiders: {
	monsters: [{name: "Raider", level: 3}, {name: "Imp", level: 2, stays: true}]
	loot: {money: 50, say: "coins", do: [{set: "rich"}, {reveal: "foes"}, {survey: true}]}
}
events: rumour: {on: day: 2, if: flag: "rich", do: [{say: "rich"}]}
midpoint: armies: foes: {strength: 4, route: ["a"]}`, 1)
	bad := strings.Replace(string(src), enc, `encounters: raiders: {
	monsters: [{name: "Raider", level: 3}]
	loot: do: [{reveal: "fose"}]
}
midpoint: armies: ghosts: strength: 4`, 1)
	for name, text := range map[string]string{"good.cue": good, "bad.cue": bad} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, list, err := Compile([]string{filepath.Join(dir, "good.cue")}, Options{WorkDir: dir})
	if err != nil || p == nil || len(list) != 0 {
		t.Fatalf("good: %v %v", list, err)
	}
	e := p.Encounters[0]
	if len(e.Monsters) != 2 || e.Monsters[0].Stays || !e.Monsters[1].Stays {
		t.Errorf("K-81 stays: %+v", e.Monsters)
	}
	if l := e.Loot; l == nil || l.Money != 50 || l.Say != "coins" || len(l.Do) != 3 || l.Do[0].Op != plan.ActSet ||
		l.Do[1].Op != plan.ActReveal || l.Do[1].Army != 0 || l.Do[2].Op != plan.ActSurvey {
		t.Errorf("K-98 loot: %+v", e.Loot)
	}
	if m := p.Midpoint; m == nil || len(m.Armies) != 1 || m.Armies[0].Strength != 4 || !equalInts(m.Armies[0].Route, []int{1}) {
		t.Errorf("K-68 setup: %+v", p.Midpoint)
	}
	list, err = Vet([]string{filepath.Join(dir, "bad.cue")}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]int{}
	for _, d := range list {
		codes[d.Code]++
	}
	if codes["R001"] != 2 {
		t.Errorf("bad: want two R001 (reveal fose, midpoint army ghosts): %v", list)
	}
}
