package compiler

import (
	"fmt"
	"time"
)

// Budget bounds the evaluation of one scenario (or campaign file) of untrusted input. CUE is a
// language: a few hundred bytes can ask for a list of a hundred million elements or a
// computation that never ends, and no CUE construct can be stopped from the inside (the
// evaluator has no cancellation). So every evaluation runs in an evaluator process of its own
// (sandbox.go): the evaluator watches its own processor time and memory and stops when either
// runs out, and sortie kills it after a wall-clock deadline too. A scenario over its budget is
// reported with L011 (time) or L012 (memory) at the construct most likely to blame, and the
// other scenarios are vetted as usual. Real scenarios use a few percent of the defaults.
type Budget struct {
	// CPU is the processor time one evaluation may use (user and system, all threads); 0 means
	// DefaultCPU. The wall-clock deadline is wallDeadline(CPU).
	CPU time.Duration
	// Memory is the memory one evaluation may hold, in bytes; 0 means DefaultMemory. It bounds
	// the evaluator process: what its Go runtime holds from the system (heap with its garbage,
	// stacks, the runtime's own), checked by the evaluator every 2 ms (evaluator.go, watch), and
	// its resident set size, read by sortie from /proc every 10 ms and allowed minMemory more
	// (the binary's code and what is not Go's); the first to pass ends the evaluation with L012.
	// It is not an address-space limit (RLIMIT_AS): Go reserves address space it never uses. One
	// allocation the evaluator cannot interrupt may pass it for the 10 ms until sortie's next look.
	Memory int64
}

// The default budget: a 160x160 field (25,600 blocks, a 1.2 MB YAML file) takes about 2 s and
// 250 MB; the bundled scenarios take under 50 ms and 40 MB each.
const (
	DefaultCPU    = 10 * time.Second
	DefaultMemory = 512 << 20 // 512 MiB
)

// MaxCPU is the largest processor-time budget (a day): past it the wall-clock deadline
// (wallDeadline) would overflow a time.Duration and end every evaluation at once (--max-cpu
// 9223372036s gave "did not end within -2562047h").
const MaxCPU = 24 * time.Hour

// minMemory is the smallest memory budget: the evaluator process itself needs about this much.
const minMemory = 32 << 20

func (b Budget) withDefaults() Budget {
	if b.CPU <= 0 {
		b.CPU = DefaultCPU
	}
	if b.Memory <= 0 {
		b.Memory = DefaultMemory
	}
	return b
}

// Check reports a budget that cannot work: a processor-time budget over MaxCPU, a memory budget
// under 32 MiB.
func (b Budget) Check() error {
	if b.CPU > MaxCPU {
		return fmt.Errorf("processor-time budget %v is over the most sortie allows, %v", b.CPU, MaxCPU)
	}
	if b.Memory > 0 && b.Memory < minMemory {
		return fmt.Errorf("memory budget %s is below the %s an evaluator needs", FormatBytes(b.Memory), FormatBytes(minMemory))
	}
	return nil
}

// wallDeadline is how long sortie waits for an evaluation before killing the evaluator: the CPU
// budget three times over plus ten seconds, for a loaded machine; it ends evaluations that wait
// instead of computing.
func wallDeadline(cpu time.Duration) time.Duration {
	return 3*min(cpu, MaxCPU) + 10*time.Second // clamped: 3 x a huge budget overflows
}

// FormatBytes renders a size in bytes as "512 MiB", "1 GiB" or "123 bytes".
func FormatBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
