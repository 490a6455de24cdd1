package compiler

import (
	"testing"
	"time"
)

// TestMaxCPUBounded: a processor-time budget past a day is refused (3 x 9223372036s overflowed
// the wall-clock deadline to -2562047h, and every evaluation ended at once as L011), and the
// deadline of any budget sortie takes is positive: 3 x 24h + 10s at most.
func TestMaxCPUBounded(t *testing.T) {
	if err := (Budget{CPU: MaxCPU + time.Second}).Check(); err == nil {
		t.Error("a budget of a day and a second: no error")
	}
	if err := (Budget{CPU: MaxCPU}).Check(); err != nil {
		t.Errorf("a budget of a day: %v", err)
	}
	for _, cpu := range []time.Duration{time.Second, MaxCPU, 9223372036 * time.Second} {
		if d := wallDeadline(cpu); d <= 0 || d > 3*24*time.Hour+10*time.Second {
			t.Errorf("wallDeadline(%v) = %v", cpu, d)
		}
	}
}
