package pfarmy

import (
	"fmt"
	"sort"

	"github.com/sortie-rpg/sortie/compiler/plan"
)

// The plan (compiler/plan) holds Pathfinder armies as data: the names this package reads and
// writes. This file converts between the two; it is the only place that knows both.

// ArmyOf reads an army of a plan. It returns an error naming the field when a size, CR, hit die,
// grade, tactic or boon is not one this package knows (a hand-edited plan).
func ArmyOf(in *plan.ArmyInput) (Army, error) {
	a := Army{Name: in.Name, Morale: in.Morale, Alignment: in.Alignment, Type: in.Type, Speed: in.Speed,
		SpeedFeet: in.SpeedFeet, HP: in.HP, OM: in.OM, DV: in.DV}
	var err error
	fail := func(field string, e error) {
		if err == nil && e != nil {
			err = fmt.Errorf("%s: %v", field, e)
		}
	}
	var e error
	a.Size, e = ParseSize(in.Size)
	fail("size", e)
	a.CR, e = ParseCR(in.CR)
	fail("cr", e)
	if in.MountCR != "" {
		a.MountCR, e = ParseCR(in.MountCR)
		fail("mountCR", e)
	}
	a.HitDie, e = ParseHitDie(in.HitDie)
	fail("hitDie", e)
	if in.ACR != "" {
		a.ACR, e = ParseCR(in.ACR)
		fail("acr", e)
	}
	a.Tactics, e = parseTactics(in.Tactics)
	fail("tactics", e)
	a.Resources = Resources{Mounts: in.Resources.Mounts, Ranged: in.Resources.Ranged,
		SiegeEngines: in.Resources.SiegeEngines, HealingPotions: in.Resources.HealingPotions}
	a.Resources.Armor, e = ParseGrade(in.Resources.Armor)
	fail("resources.armor", e)
	a.Resources.Weapons, e = ParseGrade(in.Resources.Weapons)
	fail("resources.weapons", e)
	for _, ab := range in.Abilities {
		w, e := ParseWhen(ab.When)
		fail("abilities.when", e)
		a.Abilities = append(a.Abilities, Ability{Name: ab.Name, Value: ab.Value, Of: ab.Of, When: w,
			OM: ab.OM, DV: ab.DV, Damage: ab.Damage, Morale: ab.Morale, Ranged: ab.Ranged,
			Spellcasting: ab.Spellcasting, Darkvision: ab.Darkvision, Mounted: ab.Mounted})
	}
	if c := in.Commander; c != nil {
		cm := &Commander{Name: c.Name, PC: c.PC, Level: c.Level, Charisma: c.Charisma,
			LeadershipFeat: c.LeadershipFeat, SoldierRanks: c.SoldierRanks, Absent: c.Absent, Unlucky: c.Unlucky}
		cm.Role, e = ParseRole(c.Role)
		fail("commander.role", e)
		if c.RoleBoon != "" {
			cm.RoleBoon, e = ParseBoon(c.RoleBoon)
			fail("commander.roleBoon", e)
		}
		for _, s := range c.Boons {
			b, e := ParseBoon(s)
			fail("commander.boons", e)
			cm.Boons = append(cm.Boons, b)
		}
		cm.BonusTactics, e = parseTactics(c.BonusTactics)
		fail("commander.bonusTactics", e)
		a.Commander = cm
	}
	return a, err
}

func parseTactics(names []string) ([]Tactic, error) {
	var out []Tactic
	for _, s := range names {
		t, err := ParseTactic(s)
		if err != nil {
			return out, err
		}
		out = append(out, t)
	}
	return out, nil
}

func ParseGrade(s string) (Grade, error) {
	var g Grade
	if s == "" {
		return GradeNone, nil
	}
	err := g.UnmarshalText([]byte(s))
	return g, err
}

// InputOf writes an army for a plan, with this package's names (ArmyOf reads it back).
func InputOf(a *Army) plan.ArmyInput {
	in := plan.ArmyInput{Name: a.Name, Size: name(a.Size.Valid(), a.Size), CR: name(a.CR.Valid(), a.CR),
		HitDie: name(a.HitDie.Valid(), a.HitDie), Alignment: a.Alignment, Type: a.Type,
		Morale: a.Morale, Tactics: tacticNames(a.Tactics), Speed: a.Speed, SpeedFeet: a.SpeedFeet,
		HP: a.HP, OM: a.OM, DV: a.DV}
	if a.MountCR != 0 {
		in.MountCR = a.MountCR.String()
	}
	if a.ACR != 0 {
		in.ACR = a.ACR.String()
	}
	r := a.Resources
	in.Resources = plan.Resources{Armor: r.Armor.String(), Weapons: r.Weapons.String(), Mounts: r.Mounts,
		Ranged: r.Ranged, SiegeEngines: r.SiegeEngines, HealingPotions: r.HealingPotions}
	for _, ab := range a.Abilities {
		w := ""
		if ab.When != WhenAlways {
			w = ab.When.String()
		}
		in.Abilities = append(in.Abilities, plan.Ability{Name: ab.Name, Value: ab.Value, Of: ab.Of, When: w,
			OM: ab.OM, DV: ab.DV, Damage: ab.Damage, Morale: ab.Morale, Ranged: ab.Ranged,
			Spellcasting: ab.Spellcasting, Darkvision: ab.Darkvision, Mounted: ab.Mounted})
	}
	if c := a.Commander; c != nil {
		ci := &plan.CommanderInput{Name: c.Name, PC: c.PC, Level: c.Level, Charisma: c.Charisma,
			LeadershipFeat: c.LeadershipFeat, SoldierRanks: c.SoldierRanks, Absent: c.Absent, Unlucky: c.Unlucky,
			BonusTactics: tacticNames(c.BonusTactics), Role: c.Role.String()}
		if c.RoleBoon.Valid() {
			ci.RoleBoon = c.RoleBoon.String()
		}
		for _, b := range c.Boons {
			ci.Boons = append(ci.Boons, b.String())
		}
		in.Commander = ci
	}
	return in
}

// name is v's name, or "" for an invalid value (an army the compiler could not read: such a plan
// is never written, and "" reads back as an error).
func name(valid bool, v fmt.Stringer) string {
	if !valid {
		return ""
	}
	return v.String()
}

func tacticNames(ts []Tactic) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.String())
	}
	return out
}

// BlockOf makes the stat block a plan shows of derived statistics; boons counts the commander's
// boons, bonus tactics included.
func BlockOf(s *Stats, boons int) plan.StatBlock {
	return plan.StatBlock{ACR: s.ACR.String(), HP: s.HP, OM: s.OM, DV: s.DV, Morale: s.Morale, MoraleMod: s.MoraleMod,
		Tactics: tacticNames(s.Tactics.List()), TacticsLimit: s.TacticsLimit, Leadership: s.Leadership, Boons: boons,
		BoonsLimit: s.BoonsLimit, Speed: s.Speed, Consumption: s.Consumption, XP: s.XP, Ranged: s.Ranged,
		Mounted: s.Mounted}
}

// ApplyOptions returns base with a plan's rule switches applied (SetOption), in name order.
func ApplyOptions(base Options, options map[string]string) (Options, error) {
	names := make([]string, 0, len(options))
	for k := range options {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := base.SetOption(k, options[k]); err != nil {
			return base, err
		}
	}
	return base, nil
}
