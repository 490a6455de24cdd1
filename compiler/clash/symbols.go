package clash

import (
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler"
)

// The index of a clash battle file (#ClashBattle, RULES.md Part U): its sides, units, solos,
// objectives, resources and zones, and the creatures and spells it names, its own (declared in
// creatures: and spells:) or the bundled SRD library's (referenced only, described from the
// library). A creature or spell name compares as the compiler resolves it (clashKey: case, ' ',
// '_' and '-' do not matter), so "Hill Giant" and "hill-giant" are one symbol.

// The kinds of a clash battle.
const (
	KindSide     compiler.SymbolKind = "side"
	KindUnit     compiler.SymbolKind = "unit"
	KindSolo     compiler.SymbolKind = "solo"
	KindResource compiler.SymbolKind = "resource"
	KindZone     compiler.SymbolKind = "zone"
	// KindCreature and KindSpell are ids of the file (its own stat blocks and spells) and
	// vocabulary (the library's, Vocabulary) at once.
	KindCreature compiler.SymbolKind = "creature"
	KindSpell    compiler.SymbolKind = "spell"
)

// sameName reports whether name, as written in a file, names the creature or spell id: the same
// name once case, ' ', '_' and '-' are set aside ("Hill Giant" is hill-giant); ok false for
// the other kinds (compiler.SameName).
func sameName(k compiler.SymbolKind, name, id string) (same, ok bool) {
	if k == KindCreature || k == KindSpell {
		return clashKey(name) == clashKey(id), true
	}
	return false, false
}

func clashDecl(p []string) compiler.SymbolKind { return compiler.DeclOf(clashDecls, p) }

// clashDecls are the paths that declare the ids of a clash battle file.
var clashDecls = []compiler.DeclPath{
	{Pat: []string{"sides", "*"}, Kind: KindSide},
	{Pat: []string{"units", "*"}, Kind: KindUnit},
	{Pat: []string{"solos", "*"}, Kind: KindSolo},
	{Pat: []string{"objectives", "*"}, Kind: compiler.KindObjective},
	{Pat: []string{"creatures", "*"}, Kind: KindCreature},
	{Pat: []string{"spells", "*"}, Kind: KindSpell},
	{Pat: []string{"battlefield", "resources", "*"}, Kind: KindResource},
	{Pat: []string{"battlefield", "zones", "*"}, Kind: KindZone},
}

// clashKeyRef: the labels that name an id, a spell a caster knows (spells: {fireball: 3}) and a
// unit an attrition objective scores by id (attrition: {spears: 3}).
func clashKeyRef(p []string) compiler.SymbolKind {
	switch {
	case compiler.MatchPath(p, "creatures", "*", "spellcasting", "spells", "*"):
		return KindSpell
	case compiler.MatchPath(p, "objectives", "*", "attrition", "*"):
		return KindUnit
	}
	return ""
}

// clashRef covers the names the clash checks resolve (clash_check_resolve.go).
func clashRef(p []string) (compiler.SymbolKind, bool) {
	switch {
	case compiler.MatchPath(p, "units", "*", "side"), compiler.MatchPath(p, "solos", "*", "side"), compiler.MatchPath(p, "objectives", "*", "side"):
		return KindSide, false
	case compiler.MatchPath(p, "units", "*", "creature"), compiler.MatchPath(p, "units", "*", "stands", "*", "creature"), compiler.MatchPath(p, "solos", "*", "creature"):
		return KindCreature, false
	case compiler.MatchPath(p, "solos", "*", "join"):
		return KindUnit, false
	case compiler.MatchPath(p, "objectives", "*", "destroy"), compiler.MatchPath(p, "objectives", "*", "protect"):
		return KindResource, false
	}
	if rest, ok := compiler.PathHasPrefix(p, "objectives", "*", "when"); ok {
		return clashCondRef(rest)
	}
	return "", false
}

// clashCondRef: rest is the path inside a #ClashCond, nested through not, all and any.
func clashCondRef(rest []string) (compiler.SymbolKind, bool) {
	for len(rest) > 1 {
		switch {
		case rest[0] == "not":
			rest = rest[1:]
		case (rest[0] == "all" || rest[0] == "any") && compiler.IsIndex(rest[1]):
			rest = rest[2:]
		case rest[0] == "in" && len(rest) == 2:
			switch rest[1] {
			case "zone":
				return KindZone, false
			case "side":
				return KindSide, false
			case "unit":
				return KindUnit, false
			}
			return "", false
		default:
			return "", false
		}
	}
	if len(rest) != 1 {
		return "", false
	}
	switch rest[0] {
	case "eliminated", "broken", "noCommander":
		return KindUnit, false
	case "down":
		return KindSolo, false
	case "destroyed":
		return KindResource, false
	}
	return "", false
}

// clashSymbols indexes a loaded clash battle file, with the facts of the decoded battle b (read
// best-effort: the file may have errors) and of the library lib for hover.
func clashSymbols(uc *compiler.Unit, b *clashBattle, lib *clashLibrary) *compiler.Symbols {
	// Creature and spell names resolve to the battle's own label, else the library's id.
	own := map[compiler.SymbolKind]map[string]string{KindCreature: {}, KindSpell: {}}
	for _, c := range b.Creatures {
		own[KindCreature][clashKey(c.ID)] = c.ID
	}
	for _, s := range b.Spells {
		own[KindSpell][clashKey(s.ID)] = s.ID
	}
	sb := uc.NewSymBuilder("#ClashBattle", func(k compiler.SymbolKind, name string) (string, bool) {
		if k != KindCreature && k != KindSpell {
			return name, compiler.ValidID(name)
		}
		key := clashKey(name)
		if id, ok := own[k][key]; ok {
			return id, true
		}
		return key, compiler.ValidID(key)
	})
	sb.Scan()

	for _, s := range b.Sides {
		info := []string{"side (U-78)"}
		if s.Name.OK {
			info[0] = s.Name.V + ": side (U-78)"
		}
		if s.General.OK {
			info = append(info, "general: "+s.General.V)
		}
		var units []string
		for _, u := range b.Units {
			if u.Side.OK && u.Side.V == s.ID {
				units = append(units, u.ID)
			}
		}
		if len(units) > 0 {
			info = append(info, "units: "+strings.Join(units, ", "))
		}
		sb.Symbol(KindSide, s.ID).Info = info
	}
	for _, u := range b.Units {
		head := fmt.Sprintf("%s unit of side %s (U-7)", u.Type.OrDash(), u.Side.OrDash())
		if u.Name.OK {
			head = u.Name.V + ": " + head
		}
		info := []string{head}
		if u.Config.OK {
			info = append(info, "configuration "+u.Config.V+" (U-24)")
		}
		var at []string
		for _, st := range u.Stands {
			at = append(at, squareText(st.Rect.At))
		}
		info = append(info, fmt.Sprintf("%d stands of ten %s at %s", len(u.Stands), u.Creature.OrDash(), strings.Join(at, ", ")))
		sym := sb.Symbol(KindUnit, u.ID)
		sym.Info = info
		for j, st := range u.Stands {
			part := compiler.Part{Name: fmt.Sprintf("stand %d", j+1), Pos: st.Pos, Detail: "at " + squareText(st.Rect.At)}
			if hp, speed, ok := standFigures(st); ok {
				part.Detail += fmt.Sprintf(": hp %d, speed %d squares (U-6)", hp, speed)
				sym.Figures = append(sym.Figures, compiler.Figure{Pos: st.Pos, Label: fmt.Sprintf("hp %d · %d sq", hp, speed)})
			}
			sym.Parts = append(sym.Parts, part)
		}
	}
	for _, s := range b.Solos {
		head := fmt.Sprintf("solo (U-10): %s at %s", s.Creature.OrDash(), squareText(s.At))
		if s.Name.OK {
			head = s.Name.V + ": " + head
		}
		info := []string{head}
		switch {
		case s.Join.OK && s.Commander.OK && s.Commander.V == "true":
			info = append(info, "joined to "+s.Join.V+", its commander (U-12)")
		case s.Join.OK:
			info = append(info, "joined to "+s.Join.V+" (U-25)")
		case s.Side.OK:
			info = append(info, "unattached, side "+s.Side.V)
		}
		sb.Symbol(KindSolo, s.ID).Info = info
	}
	for _, o := range b.Objectives {
		sb.Symbol(compiler.KindObjective, o.ID).Info = []string{"objective of side " + o.Side.OrDash() + ": " + objectiveText(o)}
	}
	for _, r := range b.Resources {
		hp, vp := 0, 0
		for _, sq := range r.Squares {
			hp, vp = hp+sq.HP.V, vp+sq.VP.V
		}
		head := fmt.Sprintf("resource (U-67): %d squares, %d hp, %d VP in all", len(r.Squares), hp, vp)
		if r.Name.OK {
			head = r.Name.V + ": " + head
		}
		sb.Symbol(KindResource, r.ID).Info = []string{head}
	}
	for _, z := range b.Zones {
		text := "zone (U-69) " + squareText(z.Rect.At)
		if z.Rect.To.Set {
			text += " to " + squareText(z.Rect.To)
		}
		sb.Symbol(KindZone, z.ID).Info = []string{text}
	}
	byKey := func(list []*clashCreature) map[string]*clashCreature {
		m := map[string]*clashCreature{}
		for _, c := range list {
			m[clashKey(c.ID)] = c
		}
		return m
	}
	ownCreatures, ownSpells := byKey(b.Creatures), map[string]*clashSpell{}
	for _, s := range b.Spells {
		ownSpells[clashKey(s.ID)] = s
	}
	for _, s := range sb.All() {
		switch s.Kind {
		case KindCreature:
			c, from := ownCreatures[clashKey(s.ID)], "stat block"
			if c == nil && lib != nil {
				c, from = lib.creatures[clashKey(s.ID)], "SRD 5.1 library creature (schema/srd)"
			}
			if c != nil {
				s.Info = []string{fmt.Sprintf("%s: %s, %s, AC %d, %d hp, walk %d ft", from, c.Name.OrDash(), c.Size.OrDash(), c.AC.V, c.HP.V, c.Speed.Walk.V)}
			} else {
				s.Info = []string{"creature: neither the battle's nor the library's (U012)"}
			}
		case KindSpell:
			sp, from := ownSpells[clashKey(s.ID)], "spell"
			if sp == nil && lib != nil {
				sp, from = lib.spells[clashKey(s.ID)], "SRD 5.1 library spell (schema/srd)"
			}
			if sp != nil {
				s.Info = []string{fmt.Sprintf("%s: %s, level %d, %s", from, sp.Name.OrDash(), sp.Level.V, spellRange(sp))}
			} else {
				s.Info = []string{"spell: neither the battle's nor the library's (U012)"}
			}
		}
	}
	return sb.Done()
}

func squareText(q clashSquare) string {
	if !q.OK {
		return "?"
	}
	return fmt.Sprintf("[%d, %d]", q.X, q.Y)
}

// objectiveText says what an objective scores for (U-66..U-69).
func objectiveText(o *clashObjective) string {
	switch {
	case o.AttritionSet && len(o.AttritionUnits) > 0:
		var parts []string
		for _, u := range o.AttritionUnits {
			parts = append(parts, fmt.Sprintf("%s %d VP", u.Unit.OrDash(), u.VP.V))
		}
		return "attrition (U-66): " + strings.Join(parts, ", ")
	case o.AttritionSet:
		return fmt.Sprintf("attrition (U-66): %d VP for each enemy unit eliminated", o.AttritionVP.V)
	case o.Destroy.OK:
		return "destroy resource " + o.Destroy.V + " (U-67)"
	case o.Protect.OK:
		return "protect resource " + o.Protect.V + " (U-68)"
	case o.When != nil:
		text := "a custom condition (U-69)"
		if o.VP.OK {
			text += fmt.Sprintf(", %d VP", o.VP.V)
		}
		if o.Every.OK && o.Every.V == "round" {
			text += " every round it holds"
		}
		return text
	}
	return "-"
}

// spellRange renders a spell's range as the stat block prints it.
func spellRange(s *clashSpell) string {
	switch {
	case s.Self:
		return "range self"
	case s.Touch:
		return "range touch"
	}
	return fmt.Sprintf("range %d ft", s.Range.V)
}

// standFigures returns a stand's hit points and walking speed in squares (U-6: the creature's
// hit points, one creature's maximum, unless the stand is written with hp; speed = the creature's
// walking speed in feet ÷ 5 (U-3), rounded down); ok is false when its creature is unknown.
func standFigures(st *clashStand) (hp, squares int, ok bool) {
	if st.cr == nil || !st.cr.HP.OK {
		return 0, 0, false
	}
	hp = st.cr.HP.V
	if st.HP.OK {
		hp = st.HP.V
	}
	return hp, st.cr.Speed.Walk.V / 5, true
}
