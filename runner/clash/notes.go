package clash

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/compiler/words"
)

// The few words a prompt shows beside an action, a commander's bonus action or a configuration
// (issue 23: "each offered action says what it does"), each from its rule. Only a decider that
// reads notes (a person at the terminal) is given them; a policy's run never builds them.

// actionNotes: what each action does (U-33: the whole unit takes it).
var actionNotes = [...]string{
	ActNone:      "no action this turn; the stands may still move",
	ActAttack:    "each stand attacks a stand or solo in reach, U-34",
	ActCast:      "cast a spell, U-38",
	ActConfigure: "switch to aid, defend or march, U-48",
	ActDash:      "move again as far as the speed, U-49",
	ActHide:      "each stand tries a Dexterity (Stealth) check, U-50",
	ActJoin:      "enter an allied stand and join it, U-51",
	ActRetreat:   "move away even from adjacent enemies, U-55",
	ActDodge:     "attacks against it have disadvantage, its Dexterity saves advantage, until its next turn, U-84",
}

// commandNotes: what each commander's bonus action does (U-13, U-14, U-64).
var commandNotes = [...]string{
	CmdNone:     "no bonus action",
	CmdPrepare:  "DC 15 Charisma: advantage on the unit's saves until the commander's next turn, U-14",
	CmdIncite:   "DC 15 Charisma: advantage on the unit's attack rolls on its next turn, U-14",
	CmdStepDown: "leave command of the unit, U-13",
	CmdTake:     "take command of the unit, U-13",
	CmdRally:    "try to rally the broken unit, U-64",
}

// configNotes: what each configuration does (U-48), by Option.Value.
var configNotes = [...]string{
	"a stand may forgo its attack to give an adjacent one advantage; half speed, U-48",
	"+2 AC to every stand, no Attack action; half speed, U-48",
	"full speed, U-48",
}

// optionNote is the note of option o of question q of battle b, "" for a kind of question
// without notes.
func optionNote(b *Battle, q *Question, o *Option) string {
	switch q.Ask {
	case AskAction:
		if int(o.Action) < len(actionNotes) {
			return actionNotes[o.Action]
		}
	case AskCommand:
		if int(o.Cmd) < len(commandNotes) {
			return commandNotes[o.Cmd]
		}
	case AskConfig:
		if o.Value >= 0 && o.Value < len(configNotes) {
			return configNotes[o.Value]
		}
	case AskSpell:
		return spellNote(b, q, o)
	case AskTarget, AskSpellTarget:
		return targetNote(b, q, o)
	}
	return ""
}

// targetNote is a target's distance from the stand or solo asked for (U-2's measure, between
// the nearest squares) and its hp now: "5 squares away, 11/11 hp", or "a casualty" for a stand
// that is one (U-57: on the field until the round ends); "" for "none".
func targetNote(b *Battle, q *Question, o *Option) string {
	from, _, ok := askerBox(b, q)
	if !ok {
		return ""
	}
	var hp, most int32
	switch o.Ref.Kind {
	case RefStand:
		if st := &b.st[o.Ref.Index]; st.cas {
			// on the field until the round ends (U-57)
			return words.Count(int(b.dist(from, b.refBox(o.Ref))), "square") + " away, a casualty"
		}
		hp, most = b.st[o.Ref.Index].hp, b.st[o.Ref.Index].max
	case RefSolo:
		hp, most = b.so[o.Ref.Index].hp, b.so[o.Ref.Index].max
	default:
		return ""
	}
	return fmt.Sprintf("%s away, %d/%d hp", words.Count(int(b.dist(from, b.refBox(o.Ref))), "square"), hp, most)
}

// spellNote is what a spell offered at AskSpell does, from its plan entry (U-37..U-47 and the
// SRD's spell): "Fireball, level 3: range 150 ft, 20-ft sphere, 8d6 fire, DEX save halves, 3 uses
// left". The uses are the solo's left (or "at will"), or for a unit how many of its stands can
// cast it now. "none" casts nothing.
func spellNote(b *Battle, q *Question, o *Option) string {
	sp := o.Value
	if sp < 0 || sp >= len(b.s.Plan.Spells) {
		return "cast no spell: the action is spent"
	}
	p := &b.s.Plan.Spells[sp]
	var w strings.Builder
	w.WriteString(cmp.Or(p.Name, p.ID))
	if p.Level == 0 {
		w.WriteString(", cantrip: ")
	} else {
		fmt.Fprintf(&w, ", level %d: ", p.Level)
	}
	parts := make([]string, 0, 6)
	switch {
	case p.Self:
		parts = append(parts, "from the caster")
	case p.Range <= 5:
		parts = append(parts, "touch")
	default:
		parts = append(parts, fmt.Sprintf("range %d ft", p.Range))
	}
	if p.Area != nil {
		parts = append(parts, fmt.Sprintf("%d-ft %s", p.Area.Size, p.Area.Shape))
	} else if p.Targets > 1 {
		parts = append(parts, fmt.Sprintf("%d targets", p.Targets))
	}
	for _, d := range p.Damage {
		parts = append(parts, strings.TrimSpace(d.Dice+" "+d.Type))
	}
	if p.Heal != "" {
		parts = append(parts, "heals "+p.Heal)
	}
	switch p.Resolve {
	case plan.ResolveSave:
		s := strings.ToUpper(p.Save) + " save"
		if p.HalfOnSave {
			s += " halves"
		} else {
			s += " negates"
		}
		parts = append(parts, s)
	case plan.ResolveAttack:
		if p.Melee {
			parts = append(parts, "melee spell attack")
		} else {
			parts = append(parts, "ranged spell attack")
		}
	case plan.ResolveAuto:
		parts = append(parts, "hits without a roll")
	}
	if p.Effect != nil && p.Effect.Condition != "" {
		parts = append(parts, p.Effect.Condition)
	}
	parts = append(parts, b.spellUses(q, sp))
	w.WriteString(strings.Join(parts, ", "))
	return w.String()
}

// spellUses says how often the caster of question q can still cast spell sp: a solo's uses left
// ("3 uses left", "at will"), or how many of a unit's stands can cast it now.
func (b *Battle) spellUses(q *Question, sp int) string {
	if q.Solo >= 0 {
		j := int32(q.Solo)
		k := b.soloSpell(j, sp)
		switch {
		case k < 0:
			return "no use left"
		case b.s.cr[b.so[j].cr].spells[k].uses == 0:
			return "at will"
		}
		return words.Count(int(b.uses[b.s.solos[j].uses+k]), "use") + " left"
	}
	if q.Unit < 0 {
		return ""
	}
	un := &b.un[q.Unit]
	n := 0
	for i := un.first; i < un.first+un.n; i++ {
		if b.st[i].on && b.standSpell(i, sp) >= 0 {
			n++
		}
	}
	return words.Count(n, "stand") + " can cast it"
}
