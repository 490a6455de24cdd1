package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// RulesName is the plan.Meta.Rules value this engine plays.
const RulesName = "karzoral"

func init() {
	runner.Register(engine{})
	runner.RegisterEvents(RulesName, eventDocs...)
}

// engine is the Karzoral engine as runner.Run sees it: a run with the plan's rule options and no
// campaign carry.
type engine struct{}

func (engine) Rules() string { return RulesName }

// Check is validate: what New refuses (runner.Checker).
func (engine) Check(p *plan.Plan) error { return validate(p) }

func (engine) Run(p *plan.Plan, o runner.Options) (runner.Result, error) {
	res, err := Run(p, Options{Options: o})
	if res == nil {
		return nil, err
	}
	return res, err
}

// eventDocs document the day loop's events for the JSON Lines schema.
var eventDocs = []runner.EventDoc{
	{Event: &RunEvent{}, Doc: "the run begins: the scenario, the seed, the party's start block, members and rations, the day limit, the plan's source hash"},
	{Event: &DayEvent{}, Doc: "a day begins (K-19 (1))"},
	{Event: &FoodEvent{}, Doc: "the party eats one ration per member, what there is (K-20)"},
	{Event: &FoodShortageEvent{}, Doc: "a member goes unfed (K-20; no built-in penalty)"},
	{Event: &ArmyMoveEvent{}, Doc: "an army moves along its route, or holds at its end (K-22), or moves with the party (K-28)"},
	{Event: &StrengthBattleEvent{}, Doc: "two opposing armies in a block both lose the smaller strength (K-24)"},
	{Event: &ArmyRemovedEvent{}, Doc: "an army leaves the field: cause strength (K-24), battle (K-99) or event"},
	{Event: &ArmySpawnedEvent{}, Doc: "an event places an army at the first block of its route; result already: it was on the field"},
	{Event: &StrengthEvent{}, Doc: "an event or a cancellation (K-77) changes an army's strength; result ignored: it is not on the field"},
	{Event: &FiredEvent{}, Doc: "a scenario event fires, on entering a block or on a day (K-33)"},
	{Event: &SayEvent{}, Doc: "a scenario text is read out by an event, an episode, an objective or a traversal area"},
	{Event: &FlagEvent{}, Doc: "a flag is set or cleared"},
	{Event: &PartyMoveEvent{}, Doc: "the party moves to an adjacent block (K-28)"},
	{Event: &StayEvent{}, Doc: "the party stays in its block (K-28)"},
	{Event: &BounceEvent{}, Doc: "the party cannot enter a block from this side and stays; the block is revealed (K-31, K-32)"},
	{Event: &RevealEvent{}, Doc: "a hidden box is revealed (K-31)"},
	{Event: &BattleEvent{}, Doc: "the party fights an encounter: won, fled, defeated, routed, or gone when its monsters died earlier (K-33, K-39, K-67)"},
	{Event: &ResumeEvent{}, Doc: "a retry resumes at the midpoint an earlier attempt cleared: the day, the party's block and rations; fresh armies (K-67, K-68)"},
	{Event: &ObjectiveEvent{}, Doc: "an objective is reached (K-60), or retained from an earlier attempt (source retained, K-67)"},
	{Event: &CampRollEvent{}, Doc: "the camp phase's two dice (K-37)"},
	{Event: &PickEvent{}, Doc: "the face kept; checked: it was already checked (K-37, K-39)"},
	{Event: &EpisodeEvent{}, Doc: "an unchecked face plays its episode (K-38)"},
	{Event: &NightRaidEvent{}, Doc: "a checked face brings the night raid (K-39)"},
	{Event: &QuietNightEvent{}, Doc: "a checked face in a scenario without a night raid (K-39)"},
	{Event: &EpisodesResetEvent{}, Doc: "all six episode faces are unchecked after a night raid (K-39)"},
	{Event: &NightEvent{}, Doc: "the party rests (K-40) or makes a forced march (K-41)"},
	{Event: &FallbackEvent{}, Doc: "the script ended (X003); the fallback decider takes over"},
	{Event: &DayEndEvent{}, Doc: "the day ends: the party's block, its rations and every army (block null when off the field); for the GM"},
	{Event: &ViewEvent{}, Doc: "the day ends as the players know it: the party, its rations and the armies seen, where and when last seen (block null: seen leaving the field) (K-23)"},
	{Event: &SightingEvent{}, Doc: "the players learn where armies stand: the angel's aerial survey or a scenario's report (K-23)"},
	{Event: &EndEvent{}, Doc: "the run ends: outcome success, failure or stopped, the reason, the last snapshot, the objectives reached and the events fired; for the GM"},
	{Event: &PartyEndEvent{}, Doc: "the run ends as the players know it: the outcome, the party, the armies seen where and when last seen, the objectives reached and the events fired (K-23)"},
	{Event: &CheckEvent{}, Doc: "a PC's check, 2d6 + modifier against a TN (K-5; rule K-71, K-79, K-94, an event's check K-4), or an earlier result that stands (K-51)"},
	{Event: &GroupEvent{}, Doc: "a group check's result (K-4), e.g. danger sense (K-71), an event's check, who won the initiative"},
	{Event: &SupportEvent{}, Doc: "a support damage instance: friendly (K-75) or enemy (K-76), or lost"},
	{Event: &CancelEvent{}, Doc: "a friendly army cancels an enemy instance for 10 strength (K-77)"},
	{Event: &ProtectEvent{}, Doc: "a PC protects a burden this round (K-89)"},
	{Event: &RoundEvent{}, Doc: "a detailed battle round begins (K-73)"},
	{Event: &HPEvent{}, Doc: "a PC's or burden's HP changes: fainted, dead (K-88), collapsed (K-95), recovered (K-40), lost (K-97), hurt by a failed check (K-4)"},
	{Event: &EscapeEvent{}, Doc: "the escape: burdens carried, the TN, pursuit damage (K-93..K-97)"},
	{Event: &LightEvent{}, Doc: "hours of light burnt and what is left (K-57, K-58); unlit: -4 on checks (K-59)"},
	{Event: &SleepEvent{}, Doc: "the sleep-deprivation penalty begins or ends (K-41)"},
	{Event: &TraversalEvent{}, Doc: "a step of traversal mode: start, face, stop, interrupt, complete, leave, retrace, uncheck (K-43..K-50)"},
	{Event: &XPEvent{}, Doc: "experience: monster XP (K-62), a growth point (K-61), failure XP (K-66)"},
	{Event: &GrowthEvent{}, Doc: "an ability growth: two dice, the face kept (K-64)"},
	{Event: &InsightEvent{}, Doc: "a War Leader learns a unit's morale and training (K-79)"},
	{Event: &RoutEvent{}, Doc: "the leaders of a low-morale unit fell; the rest flee: a victory (K-80), or the stayers fight on (K-81)"},
	{Event: &BaseEvent{}, Doc: "at a base mid-scenario the party buys rations and light back up to what it set out with (K-12)"},
	{Event: &LootEvent{}, Doc: "the party loots an encounter it beat, or leaves the loot for a 10-minute action (K-98)"},
	{Event: &DefeatEvent{}, Doc: "the party is wiped and what follows (K-100..K-102)"},
}
