package pathfinder

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/runner/dice"
)

// goldenSetup is a small battle that touches most of the log: ranged attacks, a taunt, a strategy
// change, boons, a rout and a parting shot. SORTIE_UPDATE=1 rewrites the golden file; read the
// diff before committing it.
func goldenSetup(t *testing.T) (*Setup, Chooser) {
	archers := Army{Name: "archers", Size: SizeHuge, CR: CR1_2, HitDie: D10, Morale: 1, // ACR 4: hp 22, OM 4, DV 14
		Tactics:   []Tactic{TacExpertFlankers, TacTaunt},
		Resources: Resources{Ranged: true, Armor: GradeImproved},
		Commander: &Commander{Name: "Sir Aldo", Level: 6, Charisma: 2, SoldierRanks: 5,
			Boons: []Boon{BoonBloodiedButUnbroken, BoonHoldTheLine}}}
	orcs := Army{Name: "orcs", Size: SizeHuge, CR: CR1_3, HitDie: D10, // ACR 3: hp 16, OM 3, DV 13
		Tactics:   []Tactic{TacRelentlessBrutality},
		Commander: &Commander{Name: "Grukk", Level: 3, Charisma: 1, Boons: []Boon{BoonMerciless}}}
	s := duel(t, archers, orcs, Options{})
	ch := &chooser{
		tactics:    map[int]Tactic{0: TacTaunt, 1: TacRelentlessBrutality},
		strategies: map[key]Strategy{{1, 0}: StratCautious, {1, 1}: StratAggressive, {2, 1}: StratReckless},
		change:     map[key]Tactic{{3, 0}: TacExpertFlankers},
	}
	return s, ch
}

func TestGoldenLog(t *testing.T) {
	s, ch := goldenSetup(t)
	b, err := New(s, dice.NewSeeded(2024), ch)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	b.SetLog(func(e *Event) {
		buf.WriteString(e.String())
		buf.WriteByte('\n')
	})
	if _, err := b.Run(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", "testdata", "pathfinder", "battle.golden")
	if os.Getenv("SORTIE_UPDATE") == "1" {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("log differs from %s:\n%s", path, buf.String())
	}
}
