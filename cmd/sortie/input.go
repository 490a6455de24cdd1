package main

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

// maxInput bounds a plan or a save read through the gate (compiler/safeio), in bytes, whatever
// the budget: an 8 GB sparse file named as one is refused by its size before a byte is read
// (issue 28).
const maxInput = 256 << 20

// inputPerMemory is how many bytes of --max-memory one byte of a plan or save may cost: decoding
// and running a plan holds about 7.5 times its size (the 18.7 MB plan of a 200x200 field, the
// largest a 4 MiB scenario file compiles to, ran at 140 MB resident), so a plan may be an eighth
// of the budget: 64 MiB under the default 512 MiB.
const inputPerMemory = 8

// inputBound is the bound of a plan or a save under the command's budget, in bytes: an eighth of
// --max-memory, at most maxInput (issue 28: a plan read past the budget would hold more memory
// than the user allowed, outside the evaluator that enforces it).
func (e *env) inputBound() int64 {
	if e.budget.Memory <= 0 {
		return maxInput
	}
	return min(maxInput, e.budget.Memory/inputPerMemory)
}

// maxBaseline bounds a baseline (vet --baseline), in bytes: the bound of a scenario file (4 MiB,
// L004), as for the other files vet reads (issue 28, B4: a 100 MB baseline under the 256 MiB of
// maxInput held 723 MB resident, past --max-memory). A baseline lists the distinct findings of
// the files vetted, some 150 bytes each: 4 MiB holds over 25,000 of them.
const maxBaseline = compiler.MaxFileSize

// readInput reads a plan or a save named on the command line under inputBound; a file over it
// is refused (L004) with the way out: a larger --max-memory.
func (e *env) readInput(name string) ([]byte, error) {
	data, err := safeio.ReadNamed(name, e.inputBound())
	if err != nil && safeio.CodeOf(err) == safeio.CodeTooBig && e.inputBound() < maxInput {
		return nil, fmt.Errorf("%w (a plan or a save may be an eighth of --max-memory, %s: give a larger --max-memory)", err, compiler.FormatBytes(e.budget.Memory))
	}
	return data, err
}
