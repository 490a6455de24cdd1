//go:build !linux

package compiler

import "os/exec"

// detach: without Pdeathsig, an evaluator ends when its input closes (sortie's end closes it)
// and KillEvaluators ends it on a signal.
func detach(cmd *exec.Cmd) {}

// killGroup: no process group of its own; the process itself is killed by kill.
func killGroup(pid int) {}
