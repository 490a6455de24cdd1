package clash

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/plan"
	clashrules "github.com/sortie-rpg/sortie/compiler/plan/clashrules"
)

// randomBattle makes a legal random battle from r: a grid with every terrain and some height,
// one to three units a side of one to five stands of the test creatures, solos joined or not,
// commanders, resources with destroy and protect objectives, attrition, a custom zone objective,
// and random option switches.
func randomBattle(r *rand.Rand) *plan.Clash {
	w, h := 6+r.IntN(15), 4+r.IntN(10)
	letters := []byte{'.', '.', '.', '.', ':', '=', '*', '-', '~'}
	rows := make([]string, h)
	elev := make([]int, w*h)
	for y := range rows {
		b := make([]byte, w)
		for x := range b {
			b[x] = letters[r.IntN(len(letters))]
			if b[x] != '~' && b[x] != '-' && r.IntN(6) == 0 {
				elev[y*w+x] = 1 + r.IntN(2)
			}
		}
		rows[y] = string(b)
	}
	cs := []plan.Creature{soldier(), archer(), ogre(), hero(), mage()}
	c := &plan.Clash{Format: plan.ClashFormat, Version: plan.Version, ID: "random",
		Grid:      plan.ClashGrid{Width: w, Height: h, Rows: rows, Elevation: elev},
		Creatures: cs, Spells: testSpells(), Sides: [2]plan.ClashSide{{ID: "w"}, {ID: "e"}}}
	occ := make([]bool, w*h)
	free := func(x, y, n int) bool {
		if x < 0 || y < 0 || x+n > w || y+n > h {
			return false
		}
		for dy := 0; dy < n; dy++ {
			for dx := 0; dx < n; dx++ {
				if occ[(y+dy)*w+x+dx] || rows[y+dy][x+dx] == '~' {
					return false
				}
			}
		}
		return true
	}
	take := func(x, y, n int) {
		for dy := 0; dy < n; dy++ {
			for dx := 0; dx < n; dx++ {
				occ[(y+dy)*w+x+dx] = true
			}
		}
	}
	place := func(side, n int) ([2]int, bool) {
		for try := 0; try < 50; try++ {
			x := r.IntN(max(1, w/3))
			if side == 1 {
				x = w - 1 - x - (n - 1)
			}
			y := r.IntN(h)
			if free(x, y, n) {
				take(x, y, n)
				return [2]int{x, y}, true
			}
		}
		return [2]int{}, false
	}
	for side := 0; side < 2; side++ {
		for u := 0; u < 1+r.IntN(3); u++ {
			typ := plan.Regiment
			if r.IntN(3) == 0 {
				typ = plan.Skirmisher
			}
			pu := plan.ClashUnit{ID: string(rune('a'+side*3+u)) + "u", Side: side, Type: typ, Commander: -1,
				Surprised: r.IntN(8) == 0}
			if typ == plan.Regiment {
				pu.Config = []plan.Config{plan.CfgAid, plan.CfgDefend, plan.CfgMarch}[r.IntN(3)]
			}
			cr := []int{0, 0, 1, 2, 4}[r.IntN(5)]
			for k := 0; k < 1+r.IntN(5); k++ {
				at, ok := place(side, cs[cr].Size.Space())
				if ok {
					pu.Stands = append(pu.Stands, plan.ClashStand{Creature: cr, At: at})
				}
			}
			if len(pu.Stands) > 0 {
				c.Units = append(c.Units, pu)
			}
		}
	}
	if len(c.Units) == 0 {
		return nil
	}
	for j := 0; j < r.IntN(4); j++ {
		side := r.IntN(2)
		so := plan.ClashSolo{ID: "s" + string(rune('0'+j)), Side: side, Creature: 3 + r.IntN(2), Unit: -1, PC: r.IntN(2) == 0}
		var cand []int
		for u := range c.Units {
			if c.Units[u].Side == side {
				cand = append(cand, u)
			}
		}
		if len(cand) > 0 && r.IntN(2) == 0 {
			u := cand[r.IntN(len(cand))]
			so.Unit, so.Stand = u, r.IntN(len(c.Units[u].Stands))
			if c.Units[u].Commander < 0 && r.IntN(2) == 0 {
				c.Units[u].Commander = len(c.Solos)
			}
		} else if at, ok := place(side, 1); ok {
			so.At = at
		} else {
			continue
		}
		c.Solos = append(c.Solos, so)
	}
	// A resource mid-field; side 0 destroys it, side 1 protects it.
	mx, my := w/2, h/2
	c.Resources = []plan.ClashResource{{ID: "bridge", Squares: []plan.ResourceSquare{{At: [2]int{mx, my}, HP: 10 + r.IntN(30), VP: 1 + r.IntN(5)}}}}
	var vs0, vs1 []plan.UnitVP
	for u := range c.Units {
		if c.Units[u].Side == 1 {
			vs0 = append(vs0, plan.UnitVP{Unit: u, VP: 1 + r.IntN(5)})
		} else {
			vs1 = append(vs1, plan.UnitVP{Unit: u, VP: 1 + r.IntN(5)})
		}
	}
	c.Objectives = []plan.ClashObjective{
		{ID: "smash", Side: 0, Kind: plan.ObjDestroy, Resource: 0},
		{ID: "hold", Side: 1, Kind: plan.ObjProtect, Resource: 0, VP: 1},
		{ID: "kill0", Side: 0, Kind: plan.ObjAttrition, Units: vs0},
		{ID: "kill1", Side: 1, Kind: plan.ObjAttrition, Units: vs1},
		{ID: "zone", Side: r.IntN(2), Kind: plan.ObjCustom, VP: 1 + r.IntN(3), Repeat: r.IntN(2) == 0,
			When: &plan.ClashCond{Op: plan.ClashIn, Side: r.IntN(2), Unit: -1, Zone: [][2]int{{mx, 0}, {mx, h - 1}}}},
	}
	c.Options = map[string]string{}
	for _, info := range clashrules.OptionList() {
		if r.IntN(4) != 0 {
			continue
		}
		if info.Choices != nil {
			c.Options[info.Name] = info.Choices[r.IntN(len(info.Choices))]
		} else if info.Name != "maxRounds" {
			c.Options[info.Name] = "2"
		}
	}
	return c
}

// runRandom fights one random battle and checks it ends within the round limit.
func runRandom(t *testing.T, seed uint64, pol Policy) {
	r := rand.New(rand.NewPCG(seed, 7))
	c := randomBattle(r)
	if c == nil {
		return
	}
	s, err := NewSetup(c, clashrules.Options{})
	if err != nil {
		t.Fatalf("seed %d: a random battle failed setup: %v", seed, err)
	}
	b := NewBattle(s)
	var l Log
	b.Reset(Config{Seed: seed, Policy: pol, Rec: &l})
	before := planBytes(t, c)
	res, err := b.Run()
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	if bad := endInvariants(b, res); bad != "" {
		t.Fatalf("seed %d: %s", seed, bad)
	}
	if string(planBytes(t, c)) != string(before) {
		t.Fatalf("seed %d: the battle changed its plan", seed)
	}
	if res.Rounds < 1 || res.Rounds > s.Opt.MaxRoundsOrDefault()+1 {
		t.Fatalf("seed %d: %d rounds", seed, res.Rounds)
	}
	if _, ok := l.Events[len(l.Events)-1].(*BattleEndEvent); !ok {
		t.Fatalf("seed %d: the log does not end with the battle's end", seed)
	}
	for i := range b.st {
		st := &b.st[i]
		if st.on && st.cas {
			t.Fatalf("seed %d: a casualty left on the grid after the end of a round", seed)
		}
	}
	// Occupancy agrees with the positions.
	for q, o := range b.occ {
		if o >= 0 && !overlap(b.occBox(o), b.sqBox(int32(q))) {
			t.Fatalf("seed %d: square %s marked for an occupant elsewhere", seed, b.sqName(q))
		}
	}
}

// Random battles under every policy and random options end (U-75) without a panic, with no
// casualty left after an end of round (U-60) and the occupancy grid consistent.
func TestRandomBattles(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for seed := uint64(0); seed < uint64(n); seed++ {
		runRandom(t, seed, Policy(seed%3))
	}
}

// FuzzBattle fights random battles from fuzzed seeds.
func FuzzBattle(f *testing.F) {
	for s := uint64(0); s < 8; s++ {
		f.Add(s, uint8(s))
	}
	f.Fuzz(func(t *testing.T, seed uint64, pol uint8) {
		runRandom(t, seed, Policy(pol%3))
	})
}

// FuzzSetup feeds arbitrary JSON plans to NewSetup and fights what it accepts: no panic, an end
// whose state agrees with its result (endInvariants), the plan unchanged by the battle, and the
// same result from a second battle of the same Setup and seed.
func FuzzSetup(f *testing.F) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 4; i++ {
		if c := randomBattle(r); c != nil {
			data, _ := json.Marshal(c)
			f.Add(data)
		}
	}
	f.Add([]byte(`{"format":"sortie-clash","version":1,"grid":{"width":1,"height":1,"rows":["."]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var c plan.Clash
		if err := json.Unmarshal(data, &c); err != nil {
			return
		}
		s, err := NewSetup(&c, clashrules.Options{MaxRounds: 20})
		if err != nil {
			return
		}
		before := planBytes(t, &c)
		var first Result
		for k := range 2 {
			b := NewBattle(s)
			b.Reset(Config{Seed: 1})
			res, err := b.Run()
			if err != nil {
				t.Fatal(err)
			}
			if bad := endInvariants(b, res); bad != "" {
				t.Fatal(bad)
			}
			if k == 0 {
				first = res
				first.ObjectiveVP = append([]int(nil), res.ObjectiveVP...)
				first.DesertedEvent = append([]int(nil), res.DesertedEvent...)
			} else if fmt.Sprint(first) != fmt.Sprint(res) {
				t.Fatalf("the same Setup and seed: %+v, then %+v", first, res)
			}
		}
		if string(planBytes(t, &c)) != string(before) {
			t.Fatal("the battle changed its plan")
		}
	})
}

// The same plan, seed and policy give the same events.
func TestDeterministic(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		r := rand.New(rand.NewPCG(seed, 7))
		c := randomBattle(r)
		if c == nil {
			continue
		}
		s := mustSetup(t, c, clashrules.Options{})
		var texts [2]string
		for k := range texts {
			b := NewBattle(s)
			var l Log
			b.Reset(Config{Seed: seed, Policy: Policy(seed % 3), Rec: &l})
			if _, err := b.Run(); err != nil {
				t.Fatal(err)
			}
			texts[k] = logText(&l)
		}
		if texts[0] != texts[1] {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
}
