package pathfinder

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/runner"
)

// The events of the hex day loop (RunScenario): one struct per kind, its JSON fields in the order
// the JSON Lines writer puts them (each left out when zero but the day), its rule and its line.
// The battle log of a battle is one HexLogEvent per engine event; a text transcript shows it as a
// table per phase instead (HexBattleEvent).

// indent is the margin of the lines a hex transcript indents.
type indent struct{}

// Margin implements runner.Margined.
func (indent) Margin() string { return "  " }

// HexStartEvent: an army at the start, one per army; the transcript shows them all as one table,
// with the kingdoms.
type HexStartEvent struct {
	Day    int     `json:"day"`
	Army   string  `json:"army,omitempty"`
	Hex    string  `json:"hex,omitempty"`
	HP     int     `json:"hp,omitempty"`
	Morale int     `json:"morale,omitempty"`
	Side   string  `json:"side,omitempty"`
	run    *hexRun // set on the first: the transcript's table
	fog    *HexFog // --play SIDE: the table lists only the armies the side sees (hexfog.go)
}

func (*HexStartEvent) Type() string { return "start" }
func (*HexStartEvent) Rule() string { return "" }
func (e *HexStartEvent) Line() string {
	return fmt.Sprintf("%s (%s) at %s, hp %d", e.Army, e.Side, e.Hex, e.HP)
}
func (e *HexStartEvent) WriteText(w *bytes.Buffer) error {
	if e.run == nil {
		return nil
	}
	return e.run.startTable(w, e.fog)
}

// HexDayEvent: a day begins.
type HexDayEvent struct {
	Day int `json:"day"`
}

func (*HexDayEvent) Type() string   { return "day" }
func (*HexDayEvent) Rule() string   { return "" }
func (e *HexDayEvent) Line() string { return fmt.Sprintf("day %d", e.Day) }
func (e *HexDayEvent) WriteText(w *bytes.Buffer) error {
	fmt.Fprintf(w, "\n%s\n", e.Line())
	return nil
}

// HexMoveEvent: an army moves one hex along its route (P-12, P-13); or, with a note, it is on its
// way into a difficult hex (P-6) or holds off its route (P-62).
type HexMoveEvent struct {
	indent
	Day  int    `json:"day"`
	Army string `json:"army,omitempty"`
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	Note string `json:"note,omitempty"` // "difficult terrain: on its way" | "not adjacent: holds" | "teleportation: any hex the same day"
}

const (
	noteOnItsWay = "difficult terrain: on its way"
	noteHolds    = "not adjacent: holds"
	// NoteDisbands is in the note of an army's aftermath or pay event when it disbands at Morale
	// -5 (P-7): it leaves the field (the replay page reads it).
	NoteDisbands = "disbands at Morale -5 (P-7)"
)

func (*HexMoveEvent) Type() string { return "move" }
func (*HexMoveEvent) Rule() string { return "P-13" }
func (e *HexMoveEvent) Line() string {
	switch e.Note {
	case noteHolds:
		return fmt.Sprintf("%s holds at %s: its route goes on from %s, not adjacent", e.Army, e.From, e.To)
	case noteOnItsWay:
		return fmt.Sprintf("%s is on its way into %s (difficult terrain, P-6)", e.Army, e.To)
	case noteTeleports:
		return fmt.Sprintf("%s teleports: %s -> %s (teleportation: any hex the same day)", e.Army, e.From, e.To)
	}
	return fmt.Sprintf("%s: %s -> %s", e.Army, e.From, e.To) // no verb: army names are often plural
}

// HexBattleEvent: a battle begins where hostile armies meet (P-14): its number in the run, the hex
// and every army in it. The transcript shows the whole battle log here, a table per phase.
type HexBattleEvent struct {
	Day    int      `json:"day"`
	Hex    string   `json:"hex,omitempty"`
	Battle int      `json:"battle,omitempty"`
	Armies []string `json:"armies,omitempty"`
	// SideArmies and the other fields tagged json:"-" below are shown, not encoded: exported so
	// that the text sink's esc.Strings escapes them (issue 28).
	SideArmies [2][]string `json:"-"`
	log        []Event
	streamed   bool // the log follows as HexLogEvents, each phase's table with its first (Options.Stream)
}

func (*HexBattleEvent) Type() string { return "battle" }
func (*HexBattleEvent) Rule() string { return "P-14" }
func (e *HexBattleEvent) Line() string {
	return fmt.Sprintf("battle %d at %s: %s (friendly) vs %s (enemy)", e.Battle, e.Hex,
		strings.Join(e.SideArmies[0], ", "), strings.Join(e.SideArmies[1], ", "))
}
func (e *HexBattleEvent) WriteText(w *bytes.Buffer) error {
	w.WriteString(runner.FitLine(e.Line(), runner.TableWidth)) // as wide as its tables (issue 24)
	w.WriteByte('\n')
	if e.streamed {
		return nil
	}
	return writeBattleTables(w, e.log, e.Armies, sideNames)
}

// HexLogEvent: one entry of a battle's log (P-15..P-56), as the battle command writes them.
// In a streamed battle (runner.Options.Stream) the first entry of each phase also carries the
// phase's events and the battle's armies, and its text is the phase's table; otherwise its text
// is empty (the HexBattleEvent shows the tables).
type HexLogEvent struct {
	Day    int      `json:"day"`
	Battle int      `json:"battle,omitempty"`
	Event  LogEntry `json:"event"`
	// Armies are the battle's armies (table names), shown, not encoded (see HexBattleEvent).
	Armies []string `json:"-"`
	part   []Event
}

func (*HexLogEvent) Type() string { return "event" }
func (*HexLogEvent) Rule() string { return "P-15" }
func (*HexLogEvent) Line() string { return "" } // in the battle's tables
func (e *HexLogEvent) WriteText(w *bytes.Buffer) error {
	if e.part == nil {
		return nil
	}
	return writeBattleTables(w, e.part, e.Armies, sideNames)
}

// HexAftermathEvent: an army after a battle (P-57..P-61): its status, hp, Morale and what followed
// (Loyalty checks, a tactic learnt, disbanding). The transcript shows the battle's as one table.
type HexAftermathEvent struct {
	Day    int        `json:"day"`
	Army   string     `json:"army,omitempty"`
	Battle int        `json:"battle,omitempty"`
	Status string     `json:"status,omitempty"`
	HP     int        `json:"hp,omitempty"`
	Morale int        `json:"morale,omitempty"`
	XP     int        `json:"xp,omitempty"` // a defeated (routed or destroyed) army: the XP its enemies win (P-11)
	Note   string     `json:"note,omitempty"`
	Table  [][]string `json:"-"` // on the battle's last: every army's row
}

func (*HexAftermathEvent) Type() string { return "aftermath" }
func (*HexAftermathEvent) Rule() string { return "P-57" }
func (e *HexAftermathEvent) Line() string {
	s := fmt.Sprintf("%s: %s, hp %d, morale %+d", e.Army, e.Status, e.HP, e.Morale)
	if e.Note != "" {
		s += "; " + e.Note // no dangling "; " for a note the players' view emptied (PlayersNote)
	}
	return s
}
func (e *HexAftermathEvent) WriteText(w *bytes.Buffer) error {
	if len(e.Table) == 0 {
		return nil
	}
	return renderFit(w, []string{"army", "status", "hp", "morale", "aftermath"}, e.Table, []int{4}, runner.TableWidth)
}

// HexKingdomEvent: a kingdom loses Economy, Loyalty and Stability for an army destroyed (P-57).
type HexKingdomEvent struct {
	indent
	Day      int    `json:"day"`
	Army     string `json:"army,omitempty"`
	Side     string `json:"side,omitempty"`
	Counters [3]int `json:"counters"` // Economy, Loyalty, Stability after the change
	Penalty  [3]int `json:"penalty"`
	Size     string `json:"-"`
}

func (*HexKingdomEvent) Type() string { return "kingdom" }
func (*HexKingdomEvent) Rule() string { return "P-57" }
func (e *HexKingdomEvent) Line() string {
	return fmt.Sprintf("kingdom %s loses %s (%s destroyed, P-57): %+d/%+d/%+d, now economy %d, loyalty %d, stability %d",
		e.Side, e.Army, e.Size, e.Penalty[0], e.Penalty[1], e.Penalty[2], e.Counters[0], e.Counters[1], e.Counters[2])
}

// HexRansomEvent: a kingdom pays the ransom of its destroyed army's captured commander, BP equal to
// the army's consumption, to the captors' kingdom (P-58; Losing Commanders); Paid false: it chose to
// but its treasury (Before) is short.
type HexRansomEvent struct {
	indent
	Day      int    `json:"day"`
	Army     string `json:"army,omitempty"`
	Side     string `json:"side,omitempty"`
	Hex      string `json:"hex,omitempty"` // where the commander was captured
	BP       int    `json:"bp"`
	Paid     bool   `json:"paid,omitempty"`
	Before   int    `json:"before"`   // the treasury before, BP
	Treasury int    `json:"treasury"` // the treasury after, BP
}

func (*HexRansomEvent) Type() string { return "ransom" }
func (*HexRansomEvent) Rule() string { return "P-58" }
func (e *HexRansomEvent) Line() string {
	if !e.Paid {
		return fmt.Sprintf("kingdom %s cannot ransom the commander of %s (captured at %s, P-58): %d BP is more than the treasury's %d BP",
			e.Side, e.Army, e.Hex, e.BP, e.Before)
	}
	return fmt.Sprintf("kingdom %s ransoms the commander of %s (captured at %s, P-58) for %d BP, the army's consumption: treasury %d -> %d BP",
		e.Side, e.Army, e.Hex, e.BP, e.Before, e.Treasury)
}

// HexPlacedEvent: a withdrawn or routed army goes to an adjacent hex (P-62), or surrenders when it
// has none (P-55).
type HexPlacedEvent struct {
	indent
	Day    int    `json:"day"`
	Army   string `json:"army,omitempty"`
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
	Status string `json:"status,omitempty"` // "withdrawn" | "routed" | "surrendered"
	Why    string `json:"-"`                // withdrawn | routed
}

func (*HexPlacedEvent) Type() string { return "placed" }
func (e *HexPlacedEvent) Rule() string {
	if e.Status == "surrendered" {
		return "P-55"
	}
	return "P-62"
}
func (e *HexPlacedEvent) Line() string {
	if e.Status == "surrendered" {
		return fmt.Sprintf("%s (%s) has no hex to go to: it surrenders (P-55)", e.Army, e.Why)
	}
	return fmt.Sprintf("%s (%s) goes to %s (P-62)", e.Army, e.Status, e.To)
}

// HexRecoverEvent: an army that neither moved nor fought heals (P-64); Roll is the Loyalty d20. With
// a note ("a month without battle"), it heals to full. With Hourly, it heals that many hp an hour
// for the day by fast healing or regeneration (P-1, Special Abilities; hexheal.go).
type HexRecoverEvent struct {
	indent
	Day    int    `json:"day"`
	Army   string `json:"army,omitempty"`
	HP     int    `json:"hp,omitempty"`
	Roll   int    `json:"roll,omitempty"`
	Note   string `json:"note,omitempty"`
	Hourly int    `json:"hourly,omitempty"`
	from   int
}

func (*HexRecoverEvent) Type() string { return "recover" }
func (e *HexRecoverEvent) Rule() string {
	if e.Hourly > 0 {
		return "P-1"
	}
	return "P-64"
}
func (e *HexRecoverEvent) Line() string {
	if e.Hourly > 0 {
		return fmt.Sprintf("%s heals %d an hour outside battle (fast healing, regeneration): hp %d -> %d (P-1)", e.Army, e.Hourly, e.from, e.HP)
	}
	if e.Note != "" {
		return fmt.Sprintf("%s: %s: hp %d -> %d, full (P-64)", e.Army, e.Note, e.from, e.HP)
	}
	if e.Roll > 0 {
		return fmt.Sprintf("%s rests: hp %d -> %d (P-64; Loyalty d20 %d)", e.Army, e.from, e.HP, e.Roll)
	}
	return fmt.Sprintf("%s rests: hp %d -> %d (P-64)", e.Army, e.from, e.HP)
}

// HexUpkeepEvent: at the end of a kingdom turn a routed army makes a Loyalty check and rallies or
// stays routed (P-59).
type HexUpkeepEvent struct {
	indent
	Day     int    `json:"day"`
	Army    string `json:"army,omitempty"`
	Status  string `json:"status,omitempty"` // "rallies" | "stays routed"
	Side    string `json:"side,omitempty"`
	Roll    int    `json:"roll,omitempty"`
	loyalty int
	dc      int
}

func (*HexUpkeepEvent) Type() string { return "upkeep" }
func (*HexUpkeepEvent) Rule() string { return "P-59" }
func (e *HexUpkeepEvent) Line() string {
	return fmt.Sprintf("upkeep (kingdom %s): %s Loyalty d20 %d %+d = %d vs DC %d: %s (P-59)", e.Side, e.Army, e.Roll,
		e.loyalty, e.Roll+e.loyalty, e.dc, e.Status)
}

// HexPayEvent: an army's consumption at the end of a week (in reserve: of a kingdom turn), paid from
// its kingdom's treasury (Treasury: what is left) or not (Morale -2 until paid); its Morale for want of
// a commander; or its disbanding at Morale -5 (P-7, P-11, P-66; Commanders).
type HexPayEvent struct {
	indent
	Day      int    `json:"day"`
	Army     string `json:"army,omitempty"`
	Side     string `json:"side,omitempty"`
	BP       int    `json:"bp,omitempty"`
	Paid     bool   `json:"paid,omitempty"`
	Treasury int    `json:"treasury,omitempty"`
	Morale   int    `json:"morale,omitempty"`
	Note     string `json:"note,omitempty"`
}

func (*HexPayEvent) Type() string { return "pay" }
func (*HexPayEvent) Rule() string { return "P-11" }
func (e *HexPayEvent) Line() string {
	var s string
	switch {
	case e.Note != "" && e.BP == 0 && !e.Paid:
		s = fmt.Sprintf("%s: %s", e.Army, e.Note)
	case e.Paid:
		s = fmt.Sprintf("%s: consumption %d BP paid, treasury %d BP", e.Army, e.BP, e.Treasury)
	default:
		s = fmt.Sprintf("%s: consumption %d BP unpaid (treasury %d BP)", e.Army, e.BP, e.Treasury)
	}
	if e.Note != "" && !(e.BP == 0 && !e.Paid) {
		s += "; " + e.Note
	}
	return fmt.Sprintf("%s, morale %+d", s, e.Morale)
}

// HexTreasuryEvent: a kingdom's week of upkeep is settled: its treasury before and after, what it
// spent on its armies and, at a kingdom turn's end, its income (P-11).
type HexTreasuryEvent struct {
	indent
	Day      int    `json:"day"`
	Week     int    `json:"week,omitempty"`
	Side     string `json:"side,omitempty"`
	Before   int    `json:"before"`
	Income   int    `json:"income,omitempty"`
	Spent    int    `json:"spent"`
	Treasury int    `json:"treasury"`
}

func (*HexTreasuryEvent) Type() string { return "treasury" }
func (*HexTreasuryEvent) Rule() string { return "P-11" }
func (e *HexTreasuryEvent) Line() string {
	in := ""
	if e.Income > 0 {
		in = fmt.Sprintf(" + %d income", e.Income)
	}
	return fmt.Sprintf("week %d: kingdom %s treasury %d BP%s - %d upkeep = %d BP", e.Week, e.Side, e.Before, in, e.Spent, e.Treasury)
}

// HexOrderEvent: an order is carried out, or cannot be (Note says why): a split, a combination, an
// army put in reserve or made active (Optional Mass Combat Rules).
type HexOrderEvent struct {
	indent
	Day    int      `json:"day"`
	Kind   string   `json:"kind,omitempty"`
	Armies []string `json:"armies,omitempty"`
	Into   []string `json:"into,omitempty"`
	Hex    string   `json:"hex,omitempty"`
	Note   string   `json:"note,omitempty"`
	// Buy, sell, transfer: the resources, and the BP paid (buy) or refunded (sell) (P-66).
	Resources []string `json:"resources,omitempty"`
	BP        int      `json:"bp,omitempty"`
	// HP is the hp each army of Into is formed with (split, combine carried out: the parent's
	// share of full hp, Splitting an Army / Combining Armies), in Into's order; a replay takes an
	// army made by an order onto the field with it.
	HP []int `json:"hp,omitempty"`
}

func (*HexOrderEvent) Type() string { return "order" }
func (*HexOrderEvent) Rule() string { return "" }
func (e *HexOrderEvent) Line() string {
	at := ""
	if e.Hex != "" {
		at = " at " + e.Hex
	}
	var s string
	switch e.Kind {
	case "split":
		s = fmt.Sprintf("%s splits into %s%s (Splitting an Army)", strings.Join(e.Armies, ""), strings.Join(e.Into, " and "), at)
	case "combine":
		s = fmt.Sprintf("%s combine into %s%s (Combining Armies)", strings.Join(e.Armies, " and "), strings.Join(e.Into, ""), at)
	case "reserve":
		s = fmt.Sprintf("%s goes into reserve%s (Reserve Army)", strings.Join(e.Armies, ""), at)
	case "buy":
		s = fmt.Sprintf("%s buys %s%s (P-66, Army Resources)", strings.Join(e.Armies, ""), strings.Join(e.Resources, " and "), at)
	case "sell":
		s = fmt.Sprintf("%s sells %s%s (P-66)", strings.Join(e.Armies, ""), strings.Join(e.Resources, " and "), at)
	case "transfer":
		s = fmt.Sprintf("%s hands %s to %s%s (P-66)", e.Armies[0], strings.Join(e.Resources, " and "), strings.Join(e.Armies[1:], ""), at)
	case "reform":
		s = fmt.Sprintf("%s reforms%s (Reforming an Army)", strings.Join(e.Armies, ""), at)
	default:
		s = fmt.Sprintf("%s leaves the reserve%s", strings.Join(e.Armies, ""), at)
	}
	if e.Note != "" {
		s += ": " + e.Note
	}
	return s
}

// HexDiseaseEvent: at a day's end a diseased army's penalty grows by 1 and its kingdom makes the
// Stability check to cure it (status "worsens" or "cured": roll, mod the kingdom's Stability, DC its
// Control DC); or a cured army's penalty falls by 1 ("recovers"). Penalty is the OM and DV penalty
// after the change (Special Abilities, Disease; hexdisease.go).
type HexDiseaseEvent struct {
	indent
	Day     int    `json:"day"`
	Army    string `json:"army,omitempty"`
	Status  string `json:"status,omitempty"`
	Penalty int    `json:"penalty"`
	Roll    int    `json:"roll,omitempty"`
	Mod     int    `json:"mod,omitempty"`
	DC      int    `json:"dc,omitempty"`
}

func (*HexDiseaseEvent) Type() string { return "disease" }

// WriteText writes the line as wide as the run's tables at most (runner.TableWidth, issue 24): a cured
// army's line, with its whole Stability check, runs past 120 columns.
func (e *HexDiseaseEvent) WriteText(w *bytes.Buffer) error {
	w.WriteString(runner.FitLine(e.Line(), runner.TableWidth))
	w.WriteByte('\n')
	return nil
}
func (*HexDiseaseEvent) Rule() string { return "" }
func (e *HexDiseaseEvent) Line() string {
	if e.Status == "recovers" && e.Penalty == 0 {
		return fmt.Sprintf("%s recovers from its disease: the penalty is gone (disease)", e.Army)
	}
	if e.Status == "recovers" {
		return fmt.Sprintf("%s recovers from its disease: OM and DV -%d (disease)", e.Army, e.Penalty)
	}
	res := "not cured"
	if e.Status == "cured" {
		res = "cured: the penalty falls by 1 a day from tomorrow"
	}
	return fmt.Sprintf("%s's disease worsens: OM and DV -%d; Stability check d20 %d %+d -%d = %d vs DC %d: %s (disease)",
		e.Army, e.Penalty, e.Roll, e.Mod, e.Penalty, e.Roll+e.Mod-e.Penalty, e.DC, res)
}

// HexObjectiveEvent: an objective is met and ends the run; Reason is the objective's id.
type HexObjectiveEvent struct {
	Day     int    `json:"day"`
	Outcome string `json:"outcome,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Note    string `json:"note,omitempty"` // the objective's say
}

func (*HexObjectiveEvent) Type() string { return "objective" }
func (*HexObjectiveEvent) Rule() string { return "" }
func (e *HexObjectiveEvent) Line() string {
	l := fmt.Sprintf("objective %s met: %s", e.Reason, e.Outcome)
	if e.Note != "" {
		l += " (" + e.Note + ")"
	}
	return l
}

// HexEndEvent: the run ends. The transcript shows every army's state and the kingdoms.
type HexEndEvent struct {
	Day     int    `json:"day"`
	Outcome string `json:"outcome,omitempty"`
	Reason  string `json:"reason,omitempty"`
	run     *hexRun
	fog     *HexFog // --play SIDE: the table lists the armies as the side knows them (hexfog.go)
}

func (*HexEndEvent) Type() string { return "end" }
func (*HexEndEvent) Rule() string { return "" }
func (e *HexEndEvent) Line() string {
	return fmt.Sprintf("%s on day %d (%s)", e.Outcome, e.Day, e.Reason)
}
func (e *HexEndEvent) WriteText(w *bytes.Buffer) error {
	fmt.Fprintf(w, "\n%s\n", e.Line())
	if e.run == nil {
		return nil
	}
	return e.run.endTable(w, e.fog)
}

// hexEventDocs document the hex day loop's events for the JSON Lines schema.
var hexEventDocs = []runner.EventDoc{
	{Event: &HexStartEvent{}, Doc: "an army at the start of the run: its hex, hp, Morale and side"},
	{Event: &HexDayEvent{}, Doc: "a day begins"},
	{Event: &HexMoveEvent{}, Doc: "an army moves one hex along its route (P-12, P-13); note: on its way into a difficult hex (P-6), or it holds off its route (P-62)"},
	{Event: &HexBattleEvent{}, Doc: "a battle begins where hostile armies meet, with every army in the hex (P-14)"},
	{Event: &HexLogEvent{}, Doc: "an entry of the battle's log (P-15..P-56): see logEntry"},
	{Event: &HexAftermathEvent{}, Doc: "an army after a battle: status, hp, Morale, Loyalty checks and what they earned (P-57..P-61)"},
	{Event: &HexLearnEvent{}, Doc: "what a victor learnt after a battle, asked once the aftermath table is shown: a tactic, its commander's boon (P-61)"},
	{Event: &HexKingdomEvent{}, Doc: "a kingdom loses Economy, Loyalty and Stability for an army destroyed (P-57)"},
	{Event: &HexRansomEvent{}, Doc: "a kingdom pays the ransom of its destroyed army's captured commander, the army's consumption in BP, to the captors (P-58); paid absent: its treasury was short"},
	{Event: &HexPlacedEvent{}, Doc: "a withdrawn or routed army goes to an adjacent hex (P-62) or surrenders (P-55)"},
	{Event: &HexRecoverEvent{}, Doc: "an army that neither moved nor fought heals; roll: the Loyalty d20 (P-64); hourly: fast healing's or regeneration's hp an hour, for the day (P-1)"},
	{Event: &HexUpkeepEvent{}, Doc: "at the end of a kingdom turn a routed army makes a Loyalty check (P-59)"},
	{Event: &HexPayEvent{}, Doc: "an army's consumption for the week (in reserve: the kingdom turn), paid from its kingdom's treasury or not (Morale -2 until paid), its Morale for want of a commander, or its disbanding (P-7, P-11, P-66)"},
	{Event: &HexTreasuryEvent{}, Doc: "a kingdom's week of upkeep: its treasury before and after, what it spent, its income at a kingdom turn's end (P-11)"},
	{Event: &HexOrderEvent{}, Doc: "an order carried out, or not (note): split, combine (hp: each new army's, in into's order), reserve, activate (Optional Mass Combat Rules); buy, sell, transfer resources (resources, bp: paid or refunded; P-66)"},
	{Event: &HexDiseaseEvent{}, Doc: "a diseased army's penalty to OM and DV grows by 1 at a day's end and its kingdom's Stability check (roll, mod, dc) cures it or not; a cured army's penalty falls by 1 (Special Abilities, Disease)"},
	{Event: &HexObjectiveEvent{}, Doc: "an objective is met and ends the run (reason: its id, note: its say)"},
	{Event: &HexEndEvent{}, Doc: "the run ends: outcome success or failure, and why"},
}
