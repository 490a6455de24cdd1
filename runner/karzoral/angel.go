package karzoral

import "github.com/sortie-rpg/sortie/runner"

// The Angel Order as the players' decision (K-23).

// angelOrderChoices answer whether the angel uses the aerial survey now: no (the Default) or yes.
var angelOrderChoices = [2]runner.Choice{{Name: "no", Value: 0}, {Name: "yes", Value: 1}}

// angelOrder offers the players the Angel Order aerial survey (【〆航天俯瞰】, K-23) in the start
// phase, right after the armies moved, while the scenario's allowance (Rules.AngelOrders) lasts.
//
// Decided from the seed: 「【友軍】【蛮族軍】ともに、離れた場所にいるＰＣがその存在、及び移動を知るには、
// 魔動天使がエンジェルオーダー【〆航天俯瞰】を使用しなければなりません」. The angel is a PC (K-1), so using
// its order is the players' decision, not the GM's or an episode's; the sentence closes the army
// movement step, so the order is offered there, when it can show the day's moves. How often the
// angel may use it belongs to the angel's rules, outside this spec: the scenario says how many
// (options: angelOrders, 0 by Default: never offered, so scenarios written before keep their
// runs). The angel must be able to act (HP above 0); a party listing no PCs has no angel to ask.
// The request is KindAnswer, cause "angel order", Optional with the Default "no", so a script
// without the entry is unchanged; "yes" runs the survey (seen by all) and spends one use.
func (s *state) angelOrder() error {
	if s.k.rules.AngelOrders <= s.k.orders || !s.angelAwake() {
		return nil
	}
	req := &s.req
	*req = runner.Request{Kind: runner.KindAnswer, Day: s.day, Phase: s.phase, Choices: angelOrderChoices[:],
		Block: s.p.Field.Blocks[s.party].ID, Title: "the Angel Order aerial survey (K-23)", Cause: "angel order", Optional: true}
	c, err := s.decide(req)
	if err != nil || c < 0 || angelOrderChoices[c].Value == 0 {
		return err
	}
	s.k.orders++
	return s.survey(-1, "survey")
}

// angelAwake reports whether the party has an angel able to act (K-1, K-102).
func (s *state) angelAwake() bool {
	for i, pc := range s.p.Party.PCs {
		if pc.Angel && s.k.pcs[i].hp > 0 {
			return true
		}
	}
	return false
}
