package clash

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

// optionNote is the note of option o of question q, "" for a kind of question without notes.
func optionNote(q *Question, o *Option) string {
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
	}
	return ""
}
