package compiler

import (
	"os/exec"
	"syscall"
)

// detach makes an evaluator die with sortie (issue 28): it gets a process group of its own
// (killGroup ends the group, whatever the evaluator started), and the kernel kills it when
// sortie's process ends, however it ends, SIGKILL included (Pdeathsig).
func detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills an evaluator's process group.
func killGroup(pid int) { syscall.Kill(-pid, syscall.SIGKILL) }
