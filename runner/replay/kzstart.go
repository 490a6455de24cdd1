package replay

// kzStartLabel is the label of the step a Karzoral run or resume event begins.
var kzStartLabel = map[string]string{"run": "the start", "resume": "the retry resumes at its midpoint (K-67)"}

// start folds a run or resume event (typ) into the state: the party is where the run says it
// starts, with the rations it says, not at the plan's base (K-67: a campaign's retry resumes at
// its retained midpoint, on the block and with the rations the midpoint left it). A run event
// gives party and rations (and the players' picture starts empty, K-23); a resume event gives
// block and rations. A block the plan does not have leaves the party where it was.
func (s *kzState) start(typ string, party, block *string, rations *int) {
	if typ == "run" {
		s.known, block = map[string]*kzArmy{}, party
	}
	if b := s.block(block); b >= 0 {
		s.party = b
	}
	if rations != nil {
		s.ration = *rations
	}
}
