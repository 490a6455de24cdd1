package karzoral

// The events of the campaign rules' add-ons (PCs, checks, support damage, burdens, escape, light,
// traversal, XP). Each starts with "rule" and ends with "text", its readable line; the fields in
// between are left out when zero and always come in this order: id, army, other, block, source,
// result, roll, dice, face, modifier, total, tn, damage, before, after, count, left, xp.

// Note is the head of an add-on event: where it happened and the rule it reports.
type Note struct {
	At
	RuleID string `json:"rule"`
}

// Rule returns the rule the event reports.
func (n *Note) Rule() string { return n.RuleID }

// noteLine is an add-on's line: its text and its rule.
func noteLine(n *Note, text string) string { return text + " (" + n.RuleID + ")" }

// CheckEvent: a PC's check, 2d6 + modifier against a target number (K-5: a double 1 fumbles, a
// double 6 always succeeds); for danger sense (K-71), War Leader (K-79), escape (K-94).
type CheckEvent struct {
	Note
	PC       string `json:"id,omitempty"`
	Cause    string `json:"source,omitempty"` // what the check is for
	Result   string `json:"result,omitempty"` // "success" | "failure" | "fumble" | "critical"
	Dice     [2]int `json:"dice,omitzero"`
	Modifier int    `json:"modifier,omitempty"`
	Total    int    `json:"total,omitempty"`
	TN       int    `json:"tn,omitempty"`
	Text     string `json:"text"`
}

func (*CheckEvent) Type() string   { return "check" }
func (e *CheckEvent) Line() string { return noteLine(&e.Note, e.Text) }

// GroupEvent: a group check's result (K-4), e.g. danger sense, mode any (K-71).
type GroupEvent struct {
	Note
	Cause     string `json:"source,omitempty"`
	Result    string `json:"result,omitempty"` // "success" | "failure"
	Of        int    `json:"total,omitempty"`  // checks made
	TN        int    `json:"tn,omitempty"`
	Successes int    `json:"count,omitempty"`
	Text      string `json:"text"`
}

func (*GroupEvent) Type() string   { return "group" }
func (e *GroupEvent) Line() string { return noteLine(&e.Note, e.Text) }

// SupportEvent: a support damage instance (K-73..K-76): a friendly army's at a monster (K-75), an
// enemy army's at a party member (K-76, the target drawn with a die among Among), or lost.
type SupportEvent struct {
	Note
	Target string `json:"id,omitempty"`
	Army   string `json:"army,omitempty"`
	Victim string `json:"other,omitempty"`  // who takes it (a protector, K-90)
	Side   string `json:"source,omitempty"` // "friendly" | "enemy"
	Roll   string `json:"roll,omitempty"`   // the power roll (K-103)
	Die    int    `json:"face,omitempty"`   // the target die
	Damage int    `json:"damage,omitempty"`
	After  int    `json:"after,omitempty"` // the victim's HP after
	Among  int    `json:"count,omitempty"` // eligible targets
	Text   string `json:"text"`
}

func (*SupportEvent) Type() string   { return "support" }
func (e *SupportEvent) Line() string { return noteLine(&e.Note, e.Text) }

// CancelEvent: a friendly army cancels an enemy instance for 10 strength (K-77).
type CancelEvent struct {
	Note
	Target string `json:"id,omitempty"`
	Army   string `json:"army,omitempty"`
	Die    int    `json:"face,omitempty"`
	Before int    `json:"before,omitempty"`
	After  int    `json:"after,omitempty"`
	Among  int    `json:"count,omitempty"`
	Text   string `json:"text"`
}

func (*CancelEvent) Type() string   { return "cancel" }
func (e *CancelEvent) Line() string { return noteLine(&e.Note, e.Text) }

// ProtectEvent: a PC protects a burden this round (K-89).
type ProtectEvent struct {
	Note
	Burden    string `json:"id,omitempty"`
	Protector string `json:"other,omitempty"`
	Text      string `json:"text"`
}

func (*ProtectEvent) Type() string   { return "protect" }
func (e *ProtectEvent) Line() string { return noteLine(&e.Note, e.Text) }

// RoundEvent: a detailed battle round begins (K-73).
type RoundEvent struct {
	Note
	Round int    `json:"count,omitempty"`
	Text  string `json:"text"`
}

func (*RoundEvent) Type() string   { return "round" }
func (e *RoundEvent) Line() string { return noteLine(&e.Note, e.Text) }

// HPEvent: a PC's or burden's HP changes: fainted, dead (K-88), collapsed (K-95), recovered
// (K-40), lost (K-97).
type HPEvent struct {
	Note
	Who    string `json:"id,omitempty"`
	Result string `json:"result,omitempty"`
	After  int    `json:"after,omitempty"`
	Text   string `json:"text"`
}

func (*HPEvent) Type() string   { return "hp" }
func (e *HPEvent) Line() string { return noteLine(&e.Note, e.Text) }

// EscapeEvent: the escape after fleeing (K-93..K-97): burdens carried, the TN, pursuit damage.
type EscapeEvent struct {
	Note
	PC     string `json:"id,omitempty"`
	Burden string `json:"other,omitempty"` // carried
	Roll   string `json:"roll,omitempty"`  // pursuit damage (K-95)
	Dice   [2]int `json:"dice,omitzero"`   // the TN dice (K-94)
	TN     int    `json:"tn,omitempty"`
	Damage int    `json:"damage,omitempty"`
	After  int    `json:"after,omitempty"`
	Text   string `json:"text"`
}

func (*EscapeEvent) Type() string   { return "escape" }
func (e *EscapeEvent) Line() string { return noteLine(&e.Note, e.Text) }

// LightEvent: hours of light burnt (K-57, K-58) and what is left; unlit: -4 on checks (K-59).
type LightEvent struct {
	Note
	Result  string `json:"result,omitempty"` // "lit" | "unlit"
	Oil     int    `json:"total,omitempty"`  // flasks left
	Hours   int    `json:"count,omitempty"`  // burnt
	Torches int    `json:"left,omitempty"`   // left
	Text    string `json:"text"`
}

func (*LightEvent) Type() string   { return "light" }
func (e *LightEvent) Line() string { return noteLine(&e.Note, e.Text) }

// SleepEvent: the sleep-deprivation penalty begins ("on", Modifier) or ends ("off") (K-41).
type SleepEvent struct {
	Note
	Result   string `json:"result,omitempty"`
	Modifier int    `json:"modifier,omitempty"`
	Text     string `json:"text"`
}

func (*SleepEvent) Type() string   { return "sleep" }
func (e *SleepEvent) Line() string { return noteLine(&e.Note, e.Text) }

// TraversalEvent: a step of traversal mode (K-43..K-50): start, face, stop, interrupt, complete,
// leave, retrace, uncheck; Progress before and after.
type TraversalEvent struct {
	Note
	Area      string `json:"id,omitempty"`
	Step      string `json:"source,omitempty"`
	Dice      [2]int `json:"dice,omitzero"`
	Face      int    `json:"face,omitempty"`
	Change    int    `json:"modifier,omitempty"` // the face's progress
	Threshold int    `json:"total,omitempty"`    // at the start (K-47)
	Before    int    `json:"before,omitempty"`
	After     int    `json:"after,omitempty"`
	Text      string `json:"text"`
}

func (*TraversalEvent) Type() string   { return "traversal" }
func (e *TraversalEvent) Line() string { return noteLine(&e.Note, e.Text) }

// XPEvent: experience: monster XP (K-62), a PC's growth point (K-61) or failure XP (K-66).
type XPEvent struct {
	Note
	Who    string `json:"id,omitempty"`     // the PC, or the encounter (K-62)
	Point  string `json:"source,omitempty"` // "midpoint" | "clear" | "failure"
	Total  int    `json:"total,omitempty"`
	Gained int    `json:"xp,omitempty"`
	Text   string `json:"text"`
}

func (*XPEvent) Type() string   { return "xp" }
func (e *XPEvent) Line() string { return noteLine(&e.Note, e.Text) }

// BaseEvent: at a base mid-scenario the party buys an item from the price list (K-12).
type BaseEvent struct {
	Note
	Block   string `json:"block,omitempty"`
	Rations int    `json:"rations,omitempty"` // bought
	Torches int    `json:"torches,omitempty"`
	Oil     int    `json:"oil,omitempty"` // flasks of lantern oil
	Text    string `json:"text"`
}

func (*BaseEvent) Type() string   { return "base" }
func (e *BaseEvent) Line() string { return noteLine(&e.Note, e.Text) }

// LootEvent: the party loots an encounter it beat, or leaves it (K-98).
type LootEvent struct {
	Note
	Encounter string `json:"id,omitempty"`
	Money     int    `json:"count,omitempty"` // gamels
	Text      string `json:"text"`
}

func (*LootEvent) Type() string   { return "loot" }
func (e *LootEvent) Line() string { return noteLine(&e.Note, e.Text) }

// GrowthEvent: an ability growth, two dice and the face kept (K-64).
type GrowthEvent struct {
	Note
	PC   string `json:"id,omitempty"`
	Dice [2]int `json:"dice,omitzero"`
	Face int    `json:"face,omitempty"`
	Text string `json:"text"`
}

func (*GrowthEvent) Type() string   { return "growth" }
func (e *GrowthEvent) Line() string { return noteLine(&e.Note, e.Text) }

// InsightEvent: a War Leader learns a unit's morale and training (K-79).
type InsightEvent struct {
	Note
	PC   string `json:"id,omitempty"`
	Army string `json:"army,omitempty"`
	Text string `json:"text"`
}

func (*InsightEvent) Type() string   { return "insight" }
func (e *InsightEvent) Line() string { return noteLine(&e.Note, e.Text) }

// RoutEvent: the leaders of a low-morale unit fell; the rest flee: a victory (K-80).
type RoutEvent struct {
	Note
	Text string `json:"text"`
}

func (*RoutEvent) Type() string   { return "rout" }
func (e *RoutEvent) Line() string { return noteLine(&e.Note, e.Text) }

// DefeatEvent: the party is wiped (K-100); what follows (K-101, K-102).
type DefeatEvent struct {
	Note
	Base     string `json:"block,omitempty"` // the nearest base
	Distance int    `json:"count,omitempty"` // blocks to it
	Text     string `json:"text"`
}

func (*DefeatEvent) Type() string   { return "defeat" }
func (e *DefeatEvent) Line() string { return noteLine(&e.Note, e.Text) }
