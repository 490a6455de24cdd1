package pathfinder_test

import (
	"fmt"

	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/runner/dice"
	"github.com/sortie-rpg/sortie/runner/pathfinder"
)

func ExampleDerive() {
	// 500 orc warriors (CR 1/3, d10): Huge moves 1/3 four rungs: 1/2, 1, 2, 3. Tactics: 3/2 rounded up.
	orcs := pfarmy.Army{Name: "orcs", Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10}
	st, err := pfarmy.Derive(&orcs, pfarmy.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("ACR %s, hp %d, OM %+d, DV %d, tactics %d, consumption %d BP\n",
		st.ACR, st.HP, st.OM, st.DV, st.TacticsLimit, st.Consumption)
	// Output: ACR 3, hp 16, OM +3, DV 13, tactics 2, consumption 1 BP
}

func ExampleCheck() {
	hp := 17
	a := pfarmy.Army{Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10, HP: hp,
		Commander: &pfarmy.Commander{Level: 3, Boons: []pfarmy.Boon{pfarmy.BoonLoyalty}}}
	for _, f := range pfarmy.Check(&a, pfarmy.Options{}) {
		fmt.Println(f)
	}
	// Output:
	// commander.boons[0]: M008: boon Loyalty needs leadership 6, the commander has 3
	// hp: M004: hp 17, but acr 3 with d10 gives 16
}

func ExampleBattle() {
	orcs := pfarmy.Army{Name: "orcs", Size: pfarmy.SizeHuge, CR: pfarmy.CR1_3, HitDie: pfarmy.D10}
	humans := pfarmy.Army{Name: "humans", Size: pfarmy.SizeLarge, CR: pfarmy.CR1, HitDie: pfarmy.D10,
		Resources: pfarmy.Resources{Armor: pfarmy.GradeImproved}}
	a, _ := pfarmy.Derive(&humans, pfarmy.Options{})
	b, _ := pfarmy.Derive(&orcs, pfarmy.Options{})
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
