package pfarmy

// tacticEffects say in a few words what each tactic does, from its rule (RULES.md P-24..P-36):
// what a player choosing a tactic at the prompt reads beside it.
var tacticEffects = [NumTactics]string{
	TacStandard:            "no modifiers, P-24",
	TacWithdraw:            "OM -2, DV -2; an opposed morale check to leave the field, P-25",
	TacCautiousCombat:      "OM -2, +2 on morale checks, P-26",
	TacCavalryExperts:      "OM +2 against unmounted armies, P-27",
	TacDefensiveWall:       "OM -2, DV +2, P-28",
	TacDirtyFighters:       "OM +6 in the first Melee Phase only, P-29",
	TacExpertFlankers:      "OM +2, DV -2, P-30",
	TacFalseRetreat:        "once: no offense check this phase, OM +6 the next, P-31",
	TacRelentlessBrutality: "OM +4, DV -4, P-32",
	TacSiegebreaker:        "a second check after damage destroys a siege engine, P-33",
	TacSpellbreaker:        "OM +4 against spellcasting armies, P-34",
	TacTaunt:               "the enemy checks morale against DC 10 + ACR or takes OM and DV -2, P-35",
	TacFullDefense:         "OM -4, DV +4, P-36",
	TacSniperSupport:       "+2 damage in Melee Phases when it damages its target, P-36",
}

// Effect says in a few words what t does ("OM -2, DV +2, P-28"); "" for an invalid tactic.
func (t Tactic) Effect() string {
	if !t.Valid() {
		return ""
	}
	return tacticEffects[t]
}
