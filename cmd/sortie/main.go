// Command sortie vets, compiles and runs tabletop-RPG campaign scenarios written in CUE (YAML and
// JSON too). Run `sortie help` for the commands.
package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/sortie-rpg/sortie/compiler"
	_ "github.com/sortie-rpg/sortie/compiler/all" // every rule system, and the evaluators (compiler.ServeEvaluator)
	"github.com/sortie-rpg/sortie/compiler/safeio"
)

func main() {
	// Ctrl-C (or a polite kill, a closed terminal, Ctrl-\) during an interactive run with --save
	// writes the save first: every answer given so far is kept (see onInterrupt); then the
	// temporary file or folder of any write in flight is removed (safeio.Abort). Exit 128+n as a
	// shell reports signal n (130 for SIGINT, 129 SIGHUP, 131 SIGQUIT, 134 SIGABRT, 143 SIGTERM).
	// Every signal whose default ends the process and that a process may catch is handled so
	// (issue 28, B3 and the second trial's B2): their default ended sortie with diff --git's
	// copies of a stranger's files and a writer's temporary file left behind, and SIGQUIT,
	// SIGABRT, SIGTRAP and SIGSYS printed a goroutine dump; sortie never prints a stack trace to
	// its user (STYLE). The Go runtime already catches and ignores the others (USR1, ALRM ...);
	// SIGPIPE is left to it (sortie | head ends quietly), and so are the faults a signal reports
	// synchronously (they are bugs, and cannot be caught).
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT,
		syscall.SIGABRT, syscall.SIGTRAP, syscall.SIGSYS, syscall.SIGILL, syscall.SIGSTKFLT)
	go func() {
		s := <-sig
		compiler.KillEvaluators() // no evaluator outlives an interrupted command
		if msg := onInterrupt(); msg != "" {
			fmt.Fprintln(os.Stderr, "\n"+msg)
		}
		safeio.Abort() // no temporary file of a write in flight outlives the process
		n := 2
		if sn, ok := s.(syscall.Signal); ok {
			n = int(sn)
		}
		os.Exit(128 + n)
	}()
	code := Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	compiler.Shutdown() // wait for the evaluator processes (their time is the command's)
	os.Exit(code)
}
