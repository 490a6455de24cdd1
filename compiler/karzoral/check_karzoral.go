package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Codes of the Karzoral add-ons (prefix K: campaign rules).
const (
	codePartySize  = "K001"
	codeTwoAreas   = "K002"
	codePowerRoll  = "K003"
	codeChainCycle = "K004"
	codeNameClash  = "K005"
	codeNoFight    = "K006"
)

var _ = registerKarzoralCodes()

func registerKarzoralCodes() bool {
	diag.Register(
		diag.CodeInfo{Code: codePartySize, Title: "party members fewer than PCs and burdens", Severity: diag.Error, Doc: `party.members is the party size (K-2): every PC (the angel included, K-1), every NPC and
every burden. It cannot be smaller than the PCs and burdens listed.

Bad:
    party: {members: 2, pcs: [{name: "Aria", ...}, {name: "Bram", ...}], burdens: [{name: "Cid"}]}

Fix: count everyone in members (here 3 or more).`},
		diag.CodeInfo{Code: codeTwoAreas, Title: "block in two traversal areas", Severity: diag.Error, Doc: `A block belongs to at most one traversal area (K-43): entering it must start one traversal.

Bad:
    traversals: {maze: {blocks: ["03"], ...}, hill: {blocks: ["03"], ...}}

Fix: remove the block from one of the areas.`},
		diag.CodeInfo{Code: codePowerRoll, Title: "not a power roll", Severity: diag.Error, Doc: `Support damage (K-73) and pursuit damage (K-95) are power rolls in BCDice notation:
K<power>[+/-bonus][@crit], power 0..100, crit 3 or more (K-103).

Bad:
    support: ["2d6+5"]

Fix: write "K20+5@10".`},
		diag.CodeInfo{Code: codeChainCycle, Title: "consecutive battles form a cycle", Severity: diag.Error, Doc: `An encounter's next names the encounter fought right after it is won (K-72). Following next
must end: a chain that comes back to an encounter would never stop.

Bad:
    encounters: {a: {next: "b", ...}, b: {next: "a", ...}}

Fix: remove next from the last encounter of the chain.`},
		diag.CodeInfo{Code: codeNameClash, Title: "PC or burden name given twice", Severity: diag.Error, Doc: `Scripts and prompts name PCs and burdens (protect: Aria); every name must be unique, and
"none" is reserved.

Bad:
    pcs: [{name: "Aria", ...}], burdens: [{name: "Aria"}]

Fix: rename one of them.`},
		diag.CodeInfo{Code: codeNoFight, Title: "enemy army without an encounter", Severity: diag.Error, Doc: `K-33: when an enemy army is in the party's block after the move, the party fights it at
once. The fight is the army's encounter: an enemy army that takes the field needs one, or the
party could stand in its block and nothing would happen.

Bad:
    armies: raiders: {side: "enemy", strength: 30, route: ["03"]}

Fix: name the monsters the party meets there:
    armies: raiders: {side: "enemy", strength: 30, route: ["03"], encounter: "raidParty"}
    encounters: raidParty: monsters: [{name: "Boggard", level: 4, count: 3}]`},
	)
	return true
}

var karzoralCheck = &Check{
	Name: "karzoral",
	Doc: `the campaign add-ons
PCs, burdens, traversal areas, power rolls and consecutive battles: ids they name exist (R001),
members counts them (K001, K-2), a block is in one area (K002, K-43), support and pursuit
damage are power rolls (K003, K-73, K-95, K-103), next chains end (K004, K-72), names are
unique (K005), an enemy army that takes the field has an encounter to fight (K006, K-33).`,
	Codes: []string{codeUnknownID, codePartySize, codeTwoAreas, codePowerRoll, codeChainCycle, codeNameClash, codeNoFight},
	Run:   runKarzoral,
}

func runKarzoral(p *Pass) error {
	s := p.Scenario
	k := &s.K
	unknown := func(where string, r Str, what string, ids []string, defined bool) {
		if !r.OK || defined || !validID(r.V) {
			return
		}
		d := p.Diag(r.Pos, codeUnknownID, "%s: unknown %s %q", where, what, r.V)
		if h := didYouMean(r.V, ids); h != "" {
			d = d.WithHint("%s", h)
		}
		p.Report(d)
	}
	// R001 in the new fields.
	var acts func(where string, as []*Action)
	acts = func(where string, as []*Action) {
		for i, a := range as {
			w := fmt.Sprintf("%s[%d]", where, i)
			if a.Check != nil {
				acts(w+".check.pass", a.Check.Pass)
				acts(w+".check.fail", a.Check.Fail)
			}
			unknown(w+".battle", a.Battle, "encounter", p.EncounterIDs, p.Encounters[a.Battle.V] != nil)
			for _, r := range []Str{a.Army, a.Spawn, a.Remove, a.Reveal} {
				unknown(w, r, "army", p.ArmyIDs, p.Armies[r.V] != nil)
			}
		}
	}
	area := map[string]string{}
	for _, t := range k.Traversals {
		for i, b := range t.Blocks {
			w := pathOf("traversals", t.ID, "blocks", i)
			unknown(w, b, "block", p.BlockIDs, p.Blocks[b.V] != nil)
			if other, ok := area[b.V]; ok && b.OK && other != t.ID {
				p.Reportf(b.Pos, codeTwoAreas, "%s: block %q is already in traversal area %q", w, b.V, other)
			}
			if b.OK {
				area[b.V] = t.ID
			}
		}
		for i, f := range t.Faces {
			acts(pathOf("traversals", t.ID, "faces", i, "do"), f.Do)
		}
		acts(pathOf("traversals", t.ID, "complete"), t.Complete)
	}
	for _, e := range s.Encounters {
		if l := k.Loot[e.ID]; l != nil {
			acts(pathOf("encounters", e.ID, "loot", "do"), l.Do)
		}
	}
	for _, as := range k.Midpoint {
		w := pathOf("midpoint", "armies", as.ID)
		unknown(w, Str{V: as.ID, Pos: as.Pos, OK: true, Set: true}, "army", p.ArmyIDs, p.Armies[as.ID] != nil)
		for i, b := range as.Route {
			unknown(pathOf("midpoint", "armies", as.ID, "route", i), b, "block", p.BlockIDs, p.Blocks[b.V] != nil)
		}
	}
	for _, e := range s.Encounters {
		if n, ok := k.Next[e.ID]; ok {
			unknown(pathOf("encounters", e.ID, "next"), n, "encounter", p.EncounterIDs, p.Encounters[n.V] != nil)
		}
	}
	// K004: next chains end.
	for _, e := range s.Encounters {
		seen := map[string]bool{e.ID: true}
		for cur := e.ID; ; {
			n, ok := k.Next[cur]
			if !ok || !n.OK || p.Encounters[n.V] == nil {
				break
			}
			if seen[n.V] {
				if n.V == e.ID {
					p.Reportf(k.Next[e.ID].Pos, codeChainCycle, "%s: the consecutive battles from %q come back to it", pathOf("encounters", e.ID, "next"), e.ID)
				}
				break
			}
			seen[n.V] = true
			cur = n.V
		}
	}
	// K001: members counts PCs and burdens (K-2).
	if m := s.Party.Members; m.OK && len(k.PCs)+len(k.Burdens) > m.V {
		p.Reportf(m.Pos, codePartySize, "party.members: %d, but the party lists %d PCs and %d burdens", m.V, len(k.PCs), len(k.Burdens))
	}
	// K005: unique names.
	names := map[string]bool{"none": true}
	check := func(where string, n Str) {
		if !n.OK {
			return
		}
		if names[n.V] {
			p.Reportf(n.Pos, codeNameClash, "%s: name %q is already taken (or reserved)", where, n.V)
		}
		names[n.V] = true
	}
	for i, pc := range k.PCs {
		check(pathOf("party", "pcs", i, "name"), pc.Name)
	}
	for i, b := range k.Burdens {
		check(pathOf("party", "burdens", i, "name"), b)
	}
	// K006: an enemy army that takes the field has an encounter (K-33). An army of strength 0
	// that is not a reserve never takes the field (A003 says so).
	for _, a := range s.Armies {
		if a.Side.OK && a.Side.V == "enemy" && !a.Encounter.Set && (a.Reserve || !a.Strength.OK || a.Strength.V > 0) {
			p.Report(p.Diag(a.Pos, codeNoFight, "%s: an enemy army with no encounter: the party in its block would fight nothing (K-33)", pathOf("armies", a.ID)).
				WithHint("add encounter: with the monsters the party meets when it enters the army's block"))
		}
	}
	// K003: power rolls.
	power := func(where string, r Str) {
		if !r.OK {
			return
		}
		e, err := dice.Parse(r.V)
		if err == nil && e.Kind != dice.KindPower {
			err = fmt.Errorf("%s is a dice roll, not a power roll", r.V)
		}
		if err != nil {
			p.Report(p.Diag(r.Pos, codePowerRoll, "%s: %v", where, err).WithHint("write a power roll such as \"K20+5@10\" (K-103)"))
		}
	}
	for _, a := range s.Armies {
		for i, r := range k.SupportPos[a.ID] {
			power(pathOf("armies", a.ID, "support", i), r)
		}
	}
	for i, r := range k.Pursuit {
		power(pathOf("pursuit", i, "damage"), r.Damage)
	}
	return nil
}
