package karzoral

var objectivesCheck = &Check{
	Name: "objectives",
	Doc: `scenarios without a success objective
Without an objective of outcome "success" a scenario can only be lost (K-16, K-60).`,
	Codes: []string{codeNoSuccess},
	Run:   runObjectives,
}

func runObjectives(p *Pass) error {
	for _, o := range p.Scenario.Objectives {
		if o.Outcome.V == "success" {
			return nil
		}
		if o.Outcome.Set && !o.Outcome.OK || o.Outcome.OK && o.Outcome.V != "midpoint" && o.Outcome.V != "failure" {
			return nil // an invalid outcome (S002, S004): perhaps a misspelt "success"
		}
	}
	p.Report(p.Diag(p.Scenario.ObjectivesPos, codeNoSuccess, "no objective has outcome \"success\": the scenario cannot be won").
		WithHint(`add an objective, e.g. win: {when: enter: "gate", outcome: "success"}`))
	return nil
}
