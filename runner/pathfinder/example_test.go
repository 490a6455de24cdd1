package pathfinder_test

import (
	"fmt"

	"github.com/sortie-rpg/sortie/runner/dice"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

func ExampleDerive() {
	// 500 orc warriors (CR 1/3, d10): Huge moves 1/3 four rungs: 1/2, 1, 2, 3. Tactics: 3/2 rounded up.
	orcs := pathfinder.Army{Name: "orcs", Size: pathfinder.SizeHuge, CR: pathfinder.CR1_3, HitDie: pathfinder.D10}
	st, err := pathfinder.Derive(&orcs, pathfinder.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("ACR %s, hp %d, OM %+d, DV %d, tactics %d, consumption %d BP\n",
		st.ACR, st.HP, st.OM, st.DV, st.TacticsLimit, st.Consumption)
	// Output: ACR 3, hp 16, OM +3, DV 13, tactics 2, consumption 1 BP
}

func ExampleCheck() {
	hp := 17
	a := pathfinder.Army{Size: pathfinder.SizeHuge, CR: pathfinder.CR1_3, HitDie: pathfinder.D10, HP: hp,
		Commander: &pathfinder.Commander{Level: 3, Boons: []pathfinder.Boon{pathfinder.BoonLoyalty}}}
	for _, f := range pathfinder.Check(&a, pathfinder.Options{}) {
		fmt.Println(f)
	}
	// Output:
	// commander.boons[0]: M008: boon Loyalty needs leadership 6, the commander has 3
	// hp: M004: hp 17, but acr 3 with d10 gives 16
}

func ExampleBattle() {
	orcs := pathfinder.Army{Name: "orcs", Size: pathfinder.SizeHuge, CR: pathfinder.CR1_3, HitDie: pathfinder.D10}
	humans := pathfinder.Army{Name: "humans", Size: pathfinder.SizeLarge, CR: pathfinder.CR1, HitDie: pathfinder.D10,
		Resources: pathfinder.Resources{Armor: pathfinder.GradeImproved}}
	a, _ := pathfinder.Derive(&humans, pathfinder.Options{})
	b, _ := pathfinder.Derive(&orcs, pathfinder.Options{})
	setup := &pathfinder.Setup{Armies: []pathfinder.Combatant{
		{Stats: a, Side: pathfinder.SideA},
		{Stats: b, Side: pathfinder.SideB},
	}}
	battle, err := pathfinder.New(setup, dice.NewSeeded(1), nil) // nil: the default Policy
	if err != nil {
		panic(err)
	}
	var wins [2]int
	for range 1000 {
		r, _ := battle.Run()
		if r.Winner != pathfinder.NoSide {
			wins[r.Winner]++
		}
	}
	fmt.Println(wins[0] > wins[1]) // improved armor tells
	// Output: true
}
