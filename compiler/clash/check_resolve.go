package clash

import (
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// clashResolveCheck resolves every name and id of a clash battle and reports what does not
// resolve (U012) or cannot be set up (U013).
var clashResolveCheck = &clashCheck{
	Name: "clashResolve",
	Doc: `creature, spell and id references of a clash battle, sides, units and solos

Resolves creature and spell names (the battle's own first, then the SRD library) and the ids of
sides, units, solos, resources and zones (U012); two sides exactly, regiment configurations,
solo sides and joins, map marks (U-24, U-48, U-78; U013).`,
	Codes: []string{codeClashUnknown, codeClashSetup},
	Run:   runClashResolve,
}

func runClashResolve(p *clashPass) {
	b := p.b
	p.own, p.ownSpells = map[string]*clashCreature{}, map[string]*clashSpell{}
	for _, c := range b.Creatures {
		if prev, dup := p.own[clashKey(c.ID)]; dup {
			p.reportf(c.Pos, codeClashSetup, "creature %s has the name of creature %s (names compare without case, ' ', '_' and '-')", c.ID, prev.ID)
			continue
		}
		p.own[clashKey(c.ID)] = c
	}
	for _, s := range b.Spells {
		if prev, dup := p.ownSpells[clashKey(s.ID)]; dup {
			p.reportf(s.Pos, codeClashSetup, "spell %s has the name of spell %s (names compare without case, ' ', '_' and '-')", s.ID, prev.ID)
			continue
		}
		p.ownSpells[clashKey(s.ID)] = s
	}

	// Sides: exactly two (U-78).
	p.sides = map[string]int{}
	var sideIDs []string
	for i, s := range b.Sides {
		sideIDs = append(sideIDs, s.ID)
		if i < 2 {
			p.sides[s.ID] = i
		}
	}
	if len(b.Sides) != 2 {
		pos := b.SidesPos
		if len(b.Sides) > 2 {
			pos = b.Sides[2].Pos
		}
		p.reportf(pos, codeClashSetup, "%d sides; a battle has exactly two (U-78)", len(b.Sides)).Hint = "give sides two entries, e.g. sides: {wardens: {}, raiders: {}}"
	}
	sideRef := func(s Str, what string) int {
		if !s.OK {
			return -1
		}
		i, ok := p.sides[s.V]
		if !ok {
			p.reportf(s.Pos, codeClashUnknown, "%s: no side %q%s", what, s.V, dym(s.V, sideIDs))
			return -1
		}
		return i
	}

	// Units: side, type and configuration (U-48), creatures.
	p.units = map[string]int{}
	var unitIDs []string
	for i, u := range b.Units {
		p.units[u.ID] = i
		unitIDs = append(unitIDs, u.ID)
		u.side = sideRef(u.Side, "unit "+u.ID)
		switch {
		case u.Type.V == "regiment" && !u.Config.Set:
			p.reportf(u.Pos, codeClashSetup, "unit %s is a regiment with no configuration: it starts in aid, defend or march (U-24, U-48)", u.ID).Hint = `add configuration: "march" (full speed), "aid" or "defend"`
		case u.Type.V == "skirmisher" && u.Config.Set:
			p.reportf(u.Config.Pos, codeClashSetup, "unit %s is a skirmisher: only regiments have a configuration (U-48)", u.ID)
		}
		for j, s := range u.Stands {
			name := s.Creature
			if !name.Set {
				name = u.Creature
			}
			if !name.Set {
				p.reportf(s.Pos, codeClashSetup, "unit %s stand %d names no creature", u.ID, j+1).Hint = `add creature: "NAME" to the stand or to the unit`
				continue
			}
			s.cr = p.creature(name)
		}
	}

	// Solos: creature, side, join.
	p.solos = map[string]int{}
	for i, s := range b.Solos {
		p.solos[s.ID] = i
		s.cr = p.creature(s.Creature)
		if s.Side.Set {
			s.side = sideRef(s.Side, "solo "+s.ID)
		}
		if !s.Join.Set {
			if !s.Side.Set {
				p.reportf(s.Pos, codeClashSetup, "solo %s has neither side nor join: whose is it?", s.ID).Hint = `add side: "SIDE", or join: "UNIT" for a solo joined to a stand`
			}
			continue
		}
		if !s.Join.OK {
			continue
		}
		ui, ok := p.units[s.Join.V]
		if !ok {
			p.reportf(s.Join.Pos, codeClashUnknown, "solo %s joins no unit %q%s", s.ID, s.Join.V, dym(s.Join.V, unitIDs))
			continue
		}
		s.unit = ui
		u := b.Units[ui]
		if s.Side.Set && s.side >= 0 && u.side >= 0 && s.side != u.side {
			p.reportf(s.Side.Pos, codeClashSetup, "solo %s is on side %s but joins unit %s of side %s", s.ID, s.Side.V, u.ID, u.Side.V)
		}
		if !s.Side.Set {
			s.side = u.side
		}
	}

	// Resources and zones, for the objectives.
	p.resources, p.zones = map[string]int{}, map[string]int{}
	for i, r := range b.Resources {
		p.resources[r.ID] = i
	}
	for i, z := range b.Zones {
		p.zones[z.ID] = i
	}
	for _, o := range b.Objectives {
		o.side = sideRef(o.Side, "objective "+o.ID)
	}
	p.checkMarks()
}

// creature resolves a creature name: the battle's own, then the library's. It reports U012 and
// returns nil when neither has it.
func (p *clashPass) creature(name Str) *clashCreature {
	id := func(c *clashCreature) string { return c.ID }
	return resolveName(p, name, p.own, p.lib.creatures, p.b.Creatures, id, p.lib.creatureIDs, "creature", "creatures: (a 5e stat block)")
}

// spell resolves a spell name like creature.
func (p *clashPass) spell(name Str) *clashSpell {
	id := func(s *clashSpell) string { return s.ID }
	return resolveName(p, name, p.ownSpells, p.lib.spells, p.b.Spells, id, p.lib.spellIDs, "spell", "spells:")
}

// resolveName resolves the name of a creature or spell (what) by its clashKey: in own (the
// battle's), then in lib (the SRD library's). When neither has it, it reports U012 with a
// did-you-mean over the ids of the battle's (ownList, in source order) and the library's (libIDs), or
// else a hint to define it under section or use a library one, and returns nil.
func resolveName[T any](p *clashPass, name Str, own, lib map[string]*T, ownList []*T, idOf func(*T) string, libIDs []string, what, section string) *T {
	if !name.OK {
		return nil
	}
	k := clashKey(name.V)
	if v, ok := own[k]; ok {
		return v
	}
	if v, ok := lib[k]; ok {
		return v
	}
	var names []string
	for _, v := range ownList {
		names = append(names, clashKey(idOf(v)))
	}
	names = append(names, libIDs...)
	d := p.reportf(name.Pos, codeClashUnknown, "unknown %s %q: neither the battle's %ss nor the SRD library have it", what, name.V, what)
	if h := diag.DidYouMean(k, names); h != "" {
		d.Hint = h
	} else {
		d.Hint = "define it under " + section + ", or use a library " + what + ": " + strings.Join(libIDs, ", ")
	}
	return nil
}

// checkMarks reports two units or solos with the same map letter (U013).
func (p *clashPass) checkMarks() {
	seen := map[string]string{}
	mark := func(m Str, who string) {
		if !m.OK || m.V == "" {
			return
		}
		if prev, dup := seen[m.V]; dup {
			p.reportf(m.Pos, codeClashSetup, "%s has mark %q, which %s has: the map could not tell them apart", who, m.V, prev)
			return
		}
		seen[m.V] = who
	}
	for _, u := range p.b.Units {
		mark(u.Mark, "unit "+u.ID)
	}
	for _, s := range p.b.Solos {
		mark(s.Mark, "solo "+s.ID)
	}
	if n := len(p.b.Units) + len(p.b.Solos); n > 52 {
		p.reportf(p.b.Pos, codeClashSetup, "%d units and solos, but the map has 52 letters to draw them with", n)
	}
}

// idRef resolves an id in m, reporting U012 with what and the nearest id when it is not there.
func (p *clashPass) idRef(s Str, m map[string]int, kind, what string) int {
	if !s.OK {
		return -1
	}
	i, ok := m[s.V]
	if !ok {
		var ids []string
		for id := range m {
			ids = append(ids, id)
		}
		p.reportf(s.Pos, codeClashUnknown, "%s: no %s %q%s", what, kind, s.V, dym(s.V, ids))
		return -1
	}
	return i
}

// dym is "; did you mean X?" for the nearest candidate, or "".
func dym(s string, candidates []string) string {
	if m := diag.DidYouMean(s, candidates); m != "" {
		return "; " + m
	}
	return ""
}
