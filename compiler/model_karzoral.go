package compiler

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
	p := n.get("party")
	p.get("pcs").elems(func(_ int, e node) {
		k.PCs = append(k.PCs, &PC{
			Pos: dc.pos(e), Name: dc.str(e.get("name")), Angel: dc.bool(e.get("angel")), Darkvision: dc.bool(e.get("darkvision")),
			Level: dc.int(e.get("level")), Agility: dc.int(e.get("agility")), Scout: dc.int(e.get("scout")),
			Intelligence: dc.int(e.get("intelligence")), WarLeader: dc.int(e.get("warLeader")), HP: dc.int(e.get("hp")),
			Defense: dc.int(e.get("defense")),
		})
	})
	p.get("burdens").elems(func(_ int, e node) { k.Burdens = append(k.Burdens, dc.str(e.get("name"))) })
	k.Torches = dc.int(p.get("torches"))
	k.LanternOil = dc.int(p.get("lanternOil"))
	k.NightRaidTN = dc.int(n.get("nightRaidTN"))
	k.FailureXP = dc.int(n.get("failureXP"))
	n.get("flags").fields(func(name string, f node) {
		k.Flags = append(k.Flags, &FlagInfo{Name: name, Pos: dc.label(f), Summary: dc.str(f.get("summary"))})
	})
	n.get("pursuit").elems(func(_ int, e node) {
		k.Pursuit = append(k.Pursuit, PursuitRow{Level: dc.int(e.get("level")), Damage: dc.str(e.get("damage"))})
	})
	n.get("traversals").fields(func(id string, t node) {
		tr := &Traversal{ID: id, Pos: dc.label(t), Name: dc.str(t.get("name")), Threshold: dc.int(t.get("threshold")),
			Exit: dc.str(t.get("exit")), Complete: dc.actions(t.get("complete")), Say: dc.str(t.get("say"))}
		t.get("blocks").elems(func(_ int, b node) { tr.Blocks = append(tr.Blocks, dc.str(b)) })
		t.get("faces").elems(func(_ int, f node) {
			tr.Faces = append(tr.Faces, &TraversalFace{Pos: dc.pos(f), Say: dc.str(f.get("say")),
				Progress: dc.int(f.get("progress")), Do: dc.actions(f.get("do"))})
		})
		k.Traversals = append(k.Traversals, tr)
	})
	o := n.get("options")
	k.HasOptions = o.exists()
	k.Options = RuleOptions{Bools: map[string]bool{}, Ints: map[string]int{}, Table: dc.str(o.get("powerTable"))}
	for _, b := range optionBools {
		k.Options.Bools[b] = dc.bool(o.get(b))
	}
	for _, i := range optionInts {
		k.Options.Ints[i] = dc.int(o.get(i)).V
	}
	k.Next, k.Loot, k.Stays = map[string]Str{}, map[string]*Loot{}, map[string][]bool{}
	n.get("encounters").fields(func(id string, e node) {
		if x := dc.str(e.get("next")); x.Set {
			k.Next[id] = x
		}
		if l := e.get("loot"); l.exists() {
			k.Loot[id] = &Loot{Money: dc.int(l.get("money")), Say: dc.str(l.get("say")), Do: dc.actions(l.get("do"))}
		}
		e.get("monsters").elems(func(_ int, m node) { k.Stays[id] = append(k.Stays[id], dc.bool(m.get("stays"))) })
	})
	n.get("midpoint").get("armies").fields(func(id string, a node) {
		as := &ArmySetup{ID: id, Pos: dc.label(a), Strength: dc.int(a.get("strength")), Reserve: dc.bool(a.get("reserve"))}
		a.get("route").elems(func(_ int, b node) { as.Route = append(as.Route, dc.str(b)) })
		k.Midpoint = append(k.Midpoint, as)
	})
	k.Accompany, k.SupportPhysical, k.SupportPos = map[string]bool{}, map[string]bool{}, map[string][]Str{}
	n.get("armies").fields(func(id string, a node) {
		k.Accompany[id] = dc.bool(a.get("accompany"))
		k.SupportPhysical[id] = dc.bool(a.get("supportPhysical"))
		a.get("support").elems(func(_ int, e node) { k.SupportPos[id] = append(k.SupportPos[id], dc.str(e)) })
	})
}
