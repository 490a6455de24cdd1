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
	// Ctrl-C (or a polite kill) during an interactive run with --save writes the save first: every
	// answer given so far is kept (see onInterrupt); then the temporary file of any write in
	// flight is removed (safeio.Abort). Exit 130 as a shell reports SIGINT.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		compiler.KillEvaluators() // no evaluator outlives an interrupted command
		if msg := onInterrupt(); msg != "" {
			fmt.Fprintln(os.Stderr, "\n"+msg)
		}
		safeio.Abort() // no temporary file of a write in flight outlives the process
		os.Exit(130)
	}()
	code := Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	compiler.Shutdown() // wait for the evaluator processes (their time is the command's)
	os.Exit(code)
}
