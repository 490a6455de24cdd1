package karzoral

import (
	"fmt"

	"github.com/sortie-rpg/sortie/runner"
)

// initiativeChoices answer who acts first in a detailed battle: the party (the Default) or the
// monsters; each note says what the answer does (issue 23 review D6).
var initiativeChoices = [2]runner.Choice{
	{Name: "party", Value: 0, Note: "the party won the initiative check: it acts first; each round its support damage comes first, K-75"},
	{Name: "monsters", Value: 1, Note: "the monsters won it: they act first; each round their support damage comes first, K-76"}}

// initiative asks, once at the start of a detailed battle against encounter enc, which side won
// the initiative check (先制判定, SW2 core; the PC combat itself is played at the table, K-69). It
// decides the order of the two sides' support damage in every round of the battle (K-75, K-76): the
// seed puts the party's 「ＰＣ全員の手番が終了した後」 and the monsters' 「魔物すべての手番が終了した後」,
// so the side that acts first has its support resolved first. The request is KindAnswer, cause
// "initiative", Optional: a decider that leaves it (a script without an initiative entry) gets the
// Default, the party first; a night raid's failed danger sense does not change it (K-71: not an
// ambush, 「自動的に先手を取られることはなく」). The answer sets s.k.monstersFirst; when the
// monsters act first a GroupEvent says so (seen by all), the party's Default writes nothing.
func (s *state) initiative(enc int) error {
	e := &s.p.Encounters[enc]
	req := &s.req
	*req = runner.Request{Kind: runner.KindAnswer, Day: s.day, Phase: s.phase, Choices: initiativeChoices[:],
		Block: s.p.Field.Blocks[s.party].ID, Encounter: e.ID, Title: e.Title, Cause: "initiative", Optional: true}
	c, err := s.decide(req)
	if err != nil {
		return err
	}
	s.k.monstersFirst = c >= 0 && initiativeChoices[c].Value == 1
	if !s.k.monstersFirst || !s.on {
		return nil
	}
	r := &GroupEvent{Note: s.note("K-76"), Text: fmt.Sprintf("the monsters of %s act first (initiative): each round their support damage comes before the party's", e.ID)}
	r.Cause, r.Result = "initiative", "monsters"
	return s.send(r)
}
