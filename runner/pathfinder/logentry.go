package pathfinder

import pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"

// The battle log as JSON: one LogEntry per engine Event, the army indices and enums as names
// (the hex day loop's "event" events, and `sortie battle --format jsonl`).

// LogEntry is one line of a Pathfinder battle log as JSON Lines hold it (Event with
// army ids and names instead of indices and enums).
type LogEntry struct {
	Kind         string   `json:"kind"`
	Phase        string   `json:"phase"`
	PhaseNo      int      `json:"phaseNo"`
	Army         string   `json:"army,omitempty"`
	Other        string   `json:"other,omitempty"`
	Tactic       string   `json:"tactic,omitempty"`
	FromTactic   string   `json:"fromTactic,omitempty"`
	Strategy     string   `json:"strategy,omitempty"`
	FromStrategy string   `json:"fromStrategy,omitempty"`
	Die          int      `json:"die,omitempty"`
	Mods         []LogMod `json:"mods,omitempty"`
	Total        int      `json:"total,omitempty"`
	DC           int      `json:"dc,omitempty"`
	Against      int      `json:"against,omitempty"` // the DV, or the opposing check's total
	// AgainstDie and AgainstMods are the opposing army's d20 and modifiers in an opposed check
	// (withdraw, P-25): both rolls of the check, not only the total.
	AgainstDie  int      `json:"againstDie,omitempty"`
	AgainstMods []LogMod `json:"againstMods,omitempty"`
	OK          bool     `json:"ok,omitempty"`
	Natural     int      `json:"natural,omitempty"`
	Damage      int      `json:"damage,omitempty"`
	DamageMods  []LogMod `json:"damageMods,omitempty"` // offense: every step of damage, summing to it
	Heal        int      `json:"heal,omitempty"`
	HP          int      `json:"hp,omitempty"`
	Fate        string   `json:"fate,omitempty"`
	Penalty     *[3]int  `json:"penalty,omitempty"` // Economy, Loyalty, Stability (P-57)
	Winner      string   `json:"winner,omitempty"`
	End         string   `json:"end,omitempty"`     // ferocity: what the army will be after its extra phase
	Limit       bool     `json:"limit,omitempty"`   // end: the battle stopped at the phase limit (maxPhases)
	Ability     string   `json:"ability,omitempty"` // ability: the special ability used
	Choice      string   `json:"choice,omitempty"`  // ability: judgment's choice this phase
}

// LogMod is one itemised modifier.
type LogMod struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

func logEntry(e *Event, names []string, sides [2]string) LogEntry {
	name := func(i int) string {
		if i >= 0 && i < len(names) {
			return names[i]
		}
		return ""
	}
	out := LogEntry{Kind: e.Kind.String(), Phase: e.Phase.String(), PhaseNo: e.PhaseNo, Army: name(e.Army),
		Other: name(e.Other), Die: e.Roll.Die, Total: e.Roll.Total, DC: e.Roll.DC, OK: e.OK,
		Natural: e.Natural, Damage: e.Damage, Heal: e.Heal, HP: e.HP}
	for _, m := range e.Roll.Mods.Items() {
		out.Mods = append(out.Mods, LogMod{m.Name(), int(m.Value)})
	}
	switch e.Kind {
	case EvTactic:
		out.Tactic, out.FromTactic = e.Tactic.String(), e.FromTactic.String()
	case EvStrategy:
		out.Strategy = e.Strategy.String()
		if e.FromStrategy.Valid() {
			out.FromStrategy = e.FromStrategy.String()
		}
	case EvOffense, EvPartingShot, EvSiegebreaker, EvAmbush:
		out.Against = e.Against.Total
		for _, m := range e.DamageMods.Items() {
			out.DamageMods = append(out.DamageMods, LogMod{m.Name(), int(m.Value)})
		}
	case EvWithdraw:
		out.Against, out.AgainstDie = e.Against.Total, e.Against.Die
		for _, m := range e.Against.Mods.Items() {
			out.AgainstMods = append(out.AgainstMods, LogMod{m.Name(), int(m.Value)})
		}
	case EvDestroyed:
		out.Fate = e.Fate.String()
		out.Penalty = &[3]int{e.Penalty.Economy, e.Penalty.Loyalty, e.Penalty.Stability}
	case EvFear:
		out.Other = name(e.Other)
	case EvFerocity:
		out.End = e.End.String()
	case EvAbility:
		out.Ability = e.Ability.String()
		switch {
		case e.Choice != 0 && e.Ability == pfarmy.AbJudgment:
			out.Choice = judgText(e.Choice, e.Heal)
		case e.Choice != 0:
			out.Choice = abilityResult(e) // hunter's bond given to an ally
		}
	case EvEnd:
		out.Limit, out.OK = e.OK, false
		out.Winner = "none"
		if e.Side == SideA || e.Side == SideB {
			out.Winner = sides[e.Side]
		}
	}
	if e.Kind == EvOffense || e.Kind == EvPartingShot {
		out.OK = false
	}
	return out
}
