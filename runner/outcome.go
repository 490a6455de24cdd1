package runner

// Outcomes of a run (Ending.Outcome; the "outcome" of an engine's end event).
const (
	Success = "success"
	Failure = "failure"
	Stopped = "stopped" // a decider error (script mismatch, end of input) stopped the run
)
