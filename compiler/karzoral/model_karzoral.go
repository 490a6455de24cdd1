package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Karzoral holds the campaign add-ons of a scenario (issue 5): PCs and burdens, light, pursuit
// damage, traversal areas, rule options. Everything is optional.
type Karzoral struct {
	PCs         []*PC
	Burdens     []Str // burden names
	Torches     Int
	LanternOil  Int
	NightRaidTN Int
	FailureXP   Int
	Pursuit     []PursuitRow
	Traversals  []*Traversal // source order
	Options     RuleOptions
	HasOptions  bool
	// Next[encounter id] is the encounter fought right after it (K-72).
	Next map[string]Str
	// Accompany and SupportPhysical per army id.
	Accompany, SupportPhysical map[string]bool
	// SupportPos[army id] are the positions of its support sources, for K003.
	SupportPos map[string][]Str
	// Midpoint is the midpoint setup of armies (K-68), source order; nil when absent.
	Midpoint []*ArmySetup
	// Loot[encounter id] is what looting it gives (K-98); Stays[encounter id][j]: monster j fights
	// on after a rout (K-81).
	Loot  map[string]*Loot
	Stays map[string][]bool
	// Shop is the price list (K-12), source order; Money the purse when played alone (model_prices.go).
	Shop  []*ShopItem
	Money Int
	// Flags are the flags the author tells the players about (flags:), source order.
	Flags []*FlagInfo
}

// FlagInfo is what the players are told of a flag: how it is set.
type FlagInfo struct {
	Name    string
	Pos     diag.Pos // the flag's label
	Summary Str
}

// Loot is an encounter's loot (K-98).
type Loot struct {
	Money Int
	Say   Str
	Do    []*Action
}

// ArmySetup is an army in the midpoint setup (K-68).
type ArmySetup struct {
	ID       string
	Pos      diag.Pos
	Strength Int
	Route    []Str
	Reserve  bool
}

// PC is a player character (K-1).
type PC struct {
	Pos                                                         diag.Pos
	Name                                                        Str
	Angel, Darkvision                                           bool
	Level, Agility, Scout, Intelligence, WarLeader, HP, Defense Int
	Vitality                                                    Int // the vitality bonus (K-101's life check)
}

// PursuitRow is one row of the pursuit damage table (K-95).
type PursuitRow struct {
	Level  Int
	Damage Str
}

// Traversal is a traversal area (K-43).
type Traversal struct {
	ID        string
	Pos       diag.Pos
	Name      Str
	Blocks    []Str
	Threshold Int
	Exit      Str
	Faces     []*TraversalFace
	Complete  []*Action
	Say       Str
}

// TraversalFace is one face of a traversal event table (K-45).
type TraversalFace struct {
	Pos      diag.Pos
	Say      Str
	Progress Int
	Do       []*Action
}

// RuleOptions are the rule options (plan.RuleOptions).
type RuleOptions struct {
	Bools map[string]bool
	Ints  map[string]int
	Table Str
}

var optionBools = []string{"majorityAtHalf", "checkedFaceForbidden", "noSleepPenalty", "sleepPenaltyOneDay",
	"darkMarchLight12", "surveyStrength", "torchesFirst", "negativeProgress", "traversalNextDay", "completionEndsDay",
	"escapeTNOnce", "burdenPenaltyFlat", "supportSparesNPCs", "noCancelToZero", "fledGiveNoXP",
	"burdenMeanWithoutAngel"}

var optionInts = []string{"sleepPenalty", "cancelLimit", "abilityGrowths", "maxRounds", "angelOrders"}

// karzoral decodes the add-ons of the scenario n into s.K.
func (dc *decoder) karzoral(n node, s *Scenario) {
	k := &s.K
	p := n.Get("party")
	p.Get("pcs").Elems(func(_ int, e node) {
		k.PCs = append(k.PCs, &PC{
			Pos: dc.pos(e), Name: dc.str(e.Get("name")), Angel: dc.bool(e.Get("angel")), Darkvision: dc.bool(e.Get("darkvision")),
			Level: dc.int(e.Get("level")), Agility: dc.int(e.Get("agility")), Scout: dc.int(e.Get("scout")),
			Intelligence: dc.int(e.Get("intelligence")), WarLeader: dc.int(e.Get("warLeader")), HP: dc.int(e.Get("hp")),
			Defense: dc.int(e.Get("defense")), Vitality: dc.int(e.Get("vitality")),
		})
	})
	p.Get("burdens").Elems(func(_ int, e node) { k.Burdens = append(k.Burdens, dc.str(e.Get("name"))) })
	k.Torches = dc.int(p.Get("torches"))
	k.LanternOil = dc.int(p.Get("lanternOil"))
	dc.prices(n, k)
	n.Get("flags").Fields(func(name string, f node) {
		k.Flags = append(k.Flags, &FlagInfo{Name: name, Pos: dc.label(f), Summary: dc.str(f.Get("summary"))})
	})
	k.NightRaidTN = dc.int(n.Get("nightRaidTN"))
	k.FailureXP = dc.int(n.Get("failureXP"))
	n.Get("pursuit").Elems(func(_ int, e node) {
		k.Pursuit = append(k.Pursuit, PursuitRow{Level: dc.int(e.Get("level")), Damage: dc.str(e.Get("damage"))})
	})
	n.Get("traversals").Fields(func(id string, t node) {
		tr := &Traversal{ID: id, Pos: dc.label(t), Name: dc.str(t.Get("name")), Threshold: dc.int(t.Get("threshold")),
			Exit: dc.str(t.Get("exit")), Complete: dc.actions(t.Get("complete")), Say: dc.str(t.Get("say"))}
		t.Get("blocks").Elems(func(_ int, b node) { tr.Blocks = append(tr.Blocks, dc.str(b)) })
		t.Get("faces").Elems(func(_ int, f node) {
			tr.Faces = append(tr.Faces, &TraversalFace{Pos: dc.pos(f), Say: dc.str(f.Get("say")),
				Progress: dc.int(f.Get("progress")), Do: dc.actions(f.Get("do"))})
		})
		k.Traversals = append(k.Traversals, tr)
	})
	o := n.Get("options")
	k.HasOptions = o.Exists()
	k.Options = RuleOptions{Bools: map[string]bool{}, Ints: map[string]int{}, Table: dc.str(o.Get("powerTable"))}
	for _, b := range optionBools {
		k.Options.Bools[b] = dc.bool(o.Get(b))
	}
	for _, i := range optionInts {
		k.Options.Ints[i] = dc.int(o.Get(i)).V
	}
	k.Next, k.Loot, k.Stays = map[string]Str{}, map[string]*Loot{}, map[string][]bool{}
	n.Get("encounters").Fields(func(id string, e node) {
		if x := dc.str(e.Get("next")); x.Set {
			k.Next[id] = x
		}
		if l := e.Get("loot"); l.Exists() {
			k.Loot[id] = &Loot{Money: dc.int(l.Get("money")), Say: dc.str(l.Get("say")), Do: dc.actions(l.Get("do"))}
		}
		e.Get("monsters").Elems(func(_ int, m node) { k.Stays[id] = append(k.Stays[id], dc.bool(m.Get("stays"))) })
	})
	n.Get("midpoint").Get("armies").Fields(func(id string, a node) {
		as := &ArmySetup{ID: id, Pos: dc.label(a), Strength: dc.int(a.Get("strength")), Reserve: dc.bool(a.Get("reserve"))}
		a.Get("route").Elems(func(_ int, b node) { as.Route = append(as.Route, dc.str(b)) })
		k.Midpoint = append(k.Midpoint, as)
	})
	k.Accompany, k.SupportPhysical, k.SupportPos = map[string]bool{}, map[string]bool{}, map[string][]Str{}
	n.Get("armies").Fields(func(id string, a node) {
		k.Accompany[id] = dc.bool(a.Get("accompany"))
		k.SupportPhysical[id] = dc.bool(a.Get("supportPhysical"))
		a.Get("support").Elems(func(_ int, e node) { k.SupportPos[id] = append(k.SupportPos[id], dc.str(e)) })
	})
}
