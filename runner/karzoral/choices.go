package karzoral

// The choices of the day loop's decisions: their values, and the tables a Request is built from
// without allocating (their names are runner.Vocabulary's).

import (
	"strconv"

	"github.com/sortie-rpg/sortie/runner"
)

// Stay is the Choice.Value of the "stay" move.
const Stay = -1

// Battle results, the Choice.Value of a KindBattle choice.
const (
	Won      = 0 // the encounter is beaten; an army is removed (K-99)
	Fled     = 1 // the party escapes and stays in its block (K-94..K-96)
	Defeated = 2 // the party is defeated: the scenario fails (K-100)
	Routed   = 3 // K-80: the leaders of a low-morale unit fell; the rest flee: a victory
	Fight    = 4 // one more detailed round (support damage, protection), then the question again
)

// Night choices, the Choice.Value of a KindNight choice.
const (
	Rest  = 0 // K-40
	March = 1 // forced march, K-41
)

// Traverse choices, the Choice.Value of a KindTraverse choice.
const (
	TravContinue = 0 // K-45 (3): pick another face
	TravStop     = 1 // K-46: stop voluntarily; the day ends with a rest (K-48)
	TravLeave    = 2 // K-50: leave early, per the area's exit policy
)

// Static choice tables, so building a Request does not allocate.
var (
	// The notes say in a few words what each answer does (the prompt shows them, issue 23).
	battleChoices = [5]runner.Choice{{Name: "won", Value: Won, Note: "the party beat it"},
		{Name: "fled", Value: Fled, Note: "the party escaped and stays in its block, K-94"},
		{Name: "defeated", Value: Defeated, Note: "the party lost: the scenario fails, K-100"},
		{Name: "routed", Value: Routed, Note: "its leaders fell and the rest fled: a victory, K-80"},
		{Name: "fight", Value: Fight, Note: "play one more round in detail: support, protection"}}
	yesNo        = [2]runner.Choice{{Name: "no", Value: 0}, {Name: "yes", Value: 1}}
	noYes        = [2]runner.Choice{{Name: "yes", Value: 1}, {Name: "no", Value: 0}}
	nightChoices = [2]runner.Choice{{Name: "rest", Value: Rest, Note: "sleep; the day ends, K-40"},
		{Name: "march", Value: March, Note: "move once more by night, burning light; no sleep, K-41"}}
	traverseChoices = [3]runner.Choice{{Name: "continue", Value: TravContinue, Note: "pick another face, K-45"},
		{Name: "stop", Value: TravStop, Note: "stop here; the day ends with a rest, K-46"},
		{Name: "leave", Value: TravLeave, Note: "leave the area early, K-50"}}
	faceNames = [...]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"}
	moveNames = [5]string{"north", "east", "south", "west", "stay"}
)

func faceName(f int) string {
	if f >= 0 && f < len(faceNames) {
		return faceNames[f]
	}
	return strconv.Itoa(f)
}
