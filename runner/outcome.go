package runner

// Outcomes of a run (Result.Outcome, the Result of a TypeEnd record).
const (
	Success = "success"
	Failure = "failure"
	Stopped = "stopped" // a decider error (script mismatch, end of input) stopped the run
)
