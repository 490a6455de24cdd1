package clashrules

// Options selects how Part U's ambiguities are resolved. Each field is the named switch of one
// `Default:` line of RULES.md Part U; the zero value of every field is the Default, so Options{}
// is the default rule set. Numbers read 0 as their Default (SkirmisherSpread 0 means 2).
type Options struct {
	Distance           Metric           // U-2: how "within N squares" is measured. Default Manhattan.
	SpeedScale         SpeedScale       // U-3: feet per square for speeds. Default 5 ft (30 ft -> 6).
	StandHP            StandHP          // U-6: a stand's hp. Default one creature's.
	SkirmisherSpread   int              // U-8: a skirmisher stand is isolated beyond this many squares; 0 means 2.
	SoloSpread         int              // U-11, U-15: an unattached solo is isolated beyond this; 0 means 2.
	LeaveEndsCommand   YesNo            // U-13: leaving its stand ends a commander's command. Default yes.
	Incite             InciteTurn       // U-14: which unit turn Incite's advantage covers. Default the next.
	PrepareSolos       YesNo            // U-14: Prepare's advantage also covers the unit's joined solos. Default yes.
	Integrity          IntegrityRule    // U-17: isolation is legal (Default) or a move may not end isolated.
	Road               RoadRule         // U-20: the road's extra square. Default once per turn, cost 1.
	ForestCoverSaves   NoYes            // U-21: forest cover also gives +2 to Dexterity saves. Default no.
	ForestCoverSolos   NoYes            // U-21: forest cover also covers solos. Default no.
	ClimbDifficult     ClimbRule        // U-23: climbing into difficult terrain. Default (1 + rise) x 2.
	InitiativeEvent    InitiativeRule   // U-26: rolled once (Default) or every round.
	SolosLock          NoYes            // U-30: enemy solos also lock stands. Default no.
	EnemySquares       EnemySquares     // U-31: entering enemies' squares. Default never.
	AlliedSolos        AlliedSolos      // U-31: unattached allied solos' squares. Default pass through.
	Reach              ReachRule        // U-36: a reach stand's bonus attack. Default one, adjacent target.
	RangeOrigin        RangeOrigin      // U-37: where ranges are measured from. Default the attacker's space.
	LongRange          LongRangeRule    // U-37: long range with disadvantage (Default) or none.
	SoloSpellVsStand   SoloSpellTarget  // U-42: a stand hit by a solo's 5+-target spell. Default one target.
	Cone               ConeRule         // U-45: row widths. Default row k is k wide.
	Line               LineRule         // U-47: lines may bend (Default) or run straight.
	Aid                AidRule          // U-48: Aid's advantage covers every melee roll that turn (Default).
	DashSlowed         DashRule         // U-49: an Aid/Defend regiment dashing: full speed (Default) or double.
	WeaponsHitJoined   NoYes            // U-52: weapon attacks on a stand also hit its joined solos. Default no.
	Overflow           OverflowRule     // U-56: one hop (Default), chain, or none.
	OverflowChooser    Chooser56        // U-56: who picks the stand overflow goes to. Default the attacker.
	HealCasualty       HealRule         // U-57: a casualty healed above 0 survives (Default).
	EndOrder           EndOrder         // U-59: death saves before morale (Default).
	MoraleThreshold    MoraleThreshold  // U-62: half or more (Default, the seed) or more than half lost.
	MoraleRepeat       MoraleRepeat     // U-62: check every end of round (Default) or once.
	MoraleSave         MoraleSave       // U-62: d20 + the Wisdom modifier (Default) or + the save bonus.
	Rally              RallyRule        // U-64: rallying uses the commander's bonus action (Default).
	Attrition          AttritionRule    // U-66: a unit counts when eliminated (Default) or broken too.
	ObjectiveAC        int              // U-67: AC of a resource square against ranged attacks; 0 means 10.
	ProtectionVP       int              // U-68: VP per Protection objective per round; 0 means 1.
	Tie                TieRule          // U-74: one more round then a draw (Default).
	Annihilation       AnnihilationRule // U-75: a side with nothing left ends the battle (Default).
	MaxRounds          int              // U-75: the battle ends after this round; 0 means 50.
	Isolation          IsolationRule    // U-81: isolation evaluated at every attack (Default) or at ends of turn.
	SingleStand        SingleStandRule  // U-81: a unit of one stand is never isolated (Default).
	RegimentsSplitMove NoYes            // U-82: regiments may act then move. Default no.
	SolosSplitMove     YesNo            // U-82: unattached solos may split movement. Default yes.
	CoreActions        CoreActions      // U-84: who may take Dodge (core actions). Default solos only.
}

// NoYes is a switch whose Default is no.
type NoYes uint8

// NoYes choices.
const (
	No NoYes = iota
	Yes
)

// YesNo is a switch whose Default is yes.
type YesNo uint8

// YesNo choices.
const (
	YesNoOn YesNo = iota
	YesNoOff
)

// On reports whether the switch is on (yes).
func (v YesNo) On() bool { return v == YesNoOn }

// On reports whether the switch is on (yes).
func (v NoYes) On() bool { return v == Yes }

// Metric is the U-2 option.
type Metric uint8

// U-2 choices.
const (
	Manhattan Metric = iota // orthogonal steps: a diagonal neighbour is 2 away (Default)
	Chebyshev               // a diagonal neighbour is 1 away (the English "1 square away")
)

// SpeedScale is the U-3 option.
type SpeedScale uint8

// U-3 choices.
const (
	Speed5ft  SpeedScale = iota // speed ÷ 5 squares, as written (Default)
	Speed20ft                   // speed ÷ 20, like ranges (at least 1)
)

// StandHP is the U-6 option.
type StandHP uint8

// U-6 choices.
const (
	StandHPOne StandHP = iota // one creature's hp (Default)
	StandHPTen                // ten creatures' hp
)

// InciteTurn is the U-14 option.
type InciteTurn uint8

// U-14 choices.
const (
	InciteNext    InciteTurn = iota // the unit's following turn (Default)
	InciteCurrent                   // the rest of the current turn
)

// IntegrityRule is the U-17 option.
type IntegrityRule uint8

// U-17 choices.
const (
	IntegrityLegal    IntegrityRule = iota // ending isolated is legal (Default)
	IntegrityRequired                      // a stand may not end a move isolated if it did not start so
)

// RoadRule is the U-20 option.
type RoadRule uint8

// U-20 choices.
const (
	RoadOnce RoadRule = iota // once per turn, into a square costing exactly 1 (Default)
	RoadNone                 // no road bonus
)

// ClimbRule is the U-23 option.
type ClimbRule uint8

// U-23 choices.
const (
	ClimbDouble ClimbRule = iota // (1 + rise) x 2 into a higher difficult square (Default)
	ClimbAdd                     // 2 + rise: difficult and rise added
)

// InitiativeRule is the U-26 option.
type InitiativeRule uint8

// U-26 choices.
const (
	InitiativeOnce       InitiativeRule = iota // rolled at the start with setup membership (Default)
	InitiativeEveryRound                       // rolled again at the start of every round
)

// EnemySquares is a U-31 option.
type EnemySquares uint8

// U-31 choices.
const (
	EnemyNever          EnemySquares = iota // no stand or solo enters an enemy's square (Default)
	EnemySizeDifference                     // may pass through (not end in) one two sizes apart (5e)
)

// AlliedSolos is a U-31 option.
type AlliedSolos uint8

// U-31 choices.
const (
	AlliedSolosPass  AlliedSolos = iota // pass through an unattached allied solo, not end there (Default)
	AlliedSolosBlock                    // they block
)

// ReachRule is the U-36 option.
type ReachRule uint8

// U-36 choices.
const (
	ReachAdjacent ReachRule = iota // one extra reach-weapon attack against an adjacent target (Default)
	ReachNone                      // no bonus attack
)

// RangeOrigin is a U-37 option.
type RangeOrigin uint8

// U-37 choices.
const (
	RangeEdge   RangeOrigin = iota // from the attacker's space: max(1, floor((ft + 10) / 20)) squares (Default)
	RangeCenter                    // from its square's centre: max(1, floor(ft / 20))
)

// LongRangeRule is a U-37 option.
type LongRangeRule uint8

// U-37 choices.
const (
	LongRangeDisadvantage LongRangeRule = iota // long range allowed with disadvantage (Default)
	LongRangeNone                              // normal range only
)

// SoloSpellTarget is the U-42 option.
type SoloSpellTarget uint8

// U-42 choices.
const (
	SoloSpellOne  SoloSpellTarget = iota // a stand is one of the spell's targets (Default)
	SoloSpellFive                        // a stand takes up five of them
)

// ConeRule is the U-45 option.
type ConeRule uint8

// U-45 choices.
const (
	ConeRows ConeRule = iota // row k is k squares wide (Default)
	ConeWide                 // row k is 2k - 1 wide
)

// LineRule is the U-47 option.
type LineRule uint8

// U-47 choices.
const (
	LineBends    LineRule = iota // each square adjoins the previous, one step farther (Default)
	LineStraight                 // straight from the caster's side
)

// AidRule is the U-48 option.
type AidRule uint8

// U-48 choices.
const (
	AidAllRolls AidRule = iota // advantage on every melee roll of the helped stand that turn (Default)
	AidOneRoll                 // on its first melee roll only
)

// DashRule is the U-49 option.
type DashRule uint8

// U-49 choices.
const (
	DashFull   DashRule = iota // full speed in all (Default)
	DashDouble                 // twice the full speed
)

// OverflowRule is a U-56 option.
type OverflowRule uint8

// U-56 choices.
const (
	OverflowOneHop OverflowRule = iota // to one adjacent identical stand; the rest is lost (Default)
	OverflowChain                      // on from stand to stand while damage is left
	OverflowNone                       // excess damage is lost
)

// Chooser56 is a U-56 option.
type Chooser56 uint8

// U-56 choices.
const (
	OverflowAttacker Chooser56 = iota // the attacking side picks the stand (Default)
	OverflowDefender                  // the defending side does
)

// HealRule is the U-57 option.
type HealRule uint8

// U-57 choices.
const (
	HealSurvives HealRule = iota // healing above 0 clears the casualty mark (Default)
	HealRemoved                  // a casualty is removed whatever healing it gets
)

// EndOrder is the U-59 option.
type EndOrder uint8

// U-59 choices.
const (
	SavesThenMorale EndOrder = iota // casualties, death saves, morale, Protection VP, end (Default)
	MoraleThenSaves                 // casualties, morale, death saves, Protection VP, end
)

// MoraleThreshold is a U-62 option.
type MoraleThreshold uint8

// U-62 choices.
const (
	MoraleHalf         MoraleThreshold = iota // half or more of the starting stands lost (Default, the seed)
	MoraleMoreThanHalf                        // more than half (the English original)
)

// MoraleRepeat is a U-62 option.
type MoraleRepeat uint8

// U-62 choices.
const (
	MoraleEveryRound MoraleRepeat = iota // every end of round while unbroken past the threshold (Default)
	MoraleOnce                           // once per unit
)

// MoraleSave is a U-62 option.
type MoraleSave uint8

// U-62 choices.
const (
	MoraleModifier  MoraleSave = iota // d20 + the Wisdom modifier (Default)
	MoraleSaveBonus                   // d20 + the Wisdom save bonus (proficiency)
)

// RallyRule is the U-64 option.
type RallyRule uint8

// U-64 choices.
const (
	RallyBonusAction RallyRule = iota // the attempt is the commander's bonus action (Default)
	RallyFree                         // it costs nothing
)

// AttritionRule is the U-66 option.
type AttritionRule uint8

// U-66 choices.
const (
	AttritionEliminated AttritionRule = iota // when no stand of the unit is left (Default)
	AttritionBroken                          // also when it breaks (scored once)
)

// TieRule is the U-74 option.
type TieRule uint8

// U-74 choices.
const (
	TieExtraRound   TieRule = iota // one more round, then a draw if still tied (Default)
	TieDraw                        // a draw at once
	TieUntilDecided                // more rounds until the tie breaks (MaxRounds still ends it)
)

// AnnihilationRule is the U-75 option.
type AnnihilationRule uint8

// U-75 choices.
const (
	AnnihilationEnd      AnnihilationRule = iota // a side with nothing left, or no scoring left, ends the battle (Default)
	AnnihilationContinue                         // play on to 10 VP or MaxRounds
)

// IsolationRule is a U-81 option.
type IsolationRule uint8

// U-81 choices.
const (
	IsolationEveryAttack IsolationRule = iota // evaluated at every attack and every end of turn (Default)
	IsolationEndOfTurn                        // evaluated at ends of turn only
)

// SingleStandRule is a U-81 option.
type SingleStandRule uint8

// U-81 choices.
const (
	SingleNeverIsolated SingleStandRule = iota // a unit's only stand is never isolated (Default)
	SingleIsolated                             // it always is
)

// CoreActions is the U-84 option.
type CoreActions uint8

// U-84 choices.
const (
	CoreSolos CoreActions = iota // solos may also Dodge (Default)
	CoreNone                     // nobody
	CoreAll                      // units may Dodge too
)

// SkirmisherSpreadOrDefault is the skirmishers' spread in squares (U-8): the option, or 2.
func (o *Options) SkirmisherSpreadOrDefault() int { return orDefault(o.SkirmisherSpread, 2) }

// SoloSpreadOrDefault is how far an unattached solo may stand in squares (U-11, U-15): the option, or 2.
func (o *Options) SoloSpreadOrDefault() int { return orDefault(o.SoloSpread, 2) }

// ObjectiveACOrDefault is a resource square's AC against ranged attacks (U-67): the option, or 10.
func (o *Options) ObjectiveACOrDefault() int { return orDefault(o.ObjectiveAC, 10) }

// ProtectionVPOrDefault is the VP a protected objective is worth (U-68): the option, or 1.
func (o *Options) ProtectionVPOrDefault() int { return orDefault(o.ProtectionVP, 1) }

// MaxRoundsOrDefault is the round limit (U-75): the option, or 50.
func (o *Options) MaxRoundsOrDefault() int { return orDefault(o.MaxRounds, 50) }

// orDefault is v when it is set (positive), else the Default d.
func orDefault(v, d int) int {
	if v <= 0 {
		return d
	}
	return v
}
