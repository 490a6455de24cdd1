// Command gen writes a generated scenario corpus (see package corpus):
//
//	go run ./compiler/internal/corpus/gen -n 500 -format json -o DIR
//	go run ./compiler/internal/corpus/gen -field 160 -o FILE.yaml   (one scenario, a 160x160 field)
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/sortie-rpg/sortie/compiler/internal/corpus"
)

func main() {
	n := flag.Int("n", 500, "number of scenarios")
	format := flag.String("format", "json", "json (DIR/sNNN.json) or cue (DIR/sNNN/scenario.cue)")
	out := flag.String("o", "", "output directory (with -field: the output file, .yaml or .json)")
	field := flag.Int("field", 0, "write one scenario with an `N`xN field instead of a corpus")
	bare := flag.Bool("bare", false, "with -field: blocks without terrain (a smaller file)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: gen [-n N] [-format json|cue] -o DIR | gen -field N -o FILE.yaml")
		os.Exit(2)
	}
	var err error
	switch {
	case *field > 0:
		err = corpus.WriteField(*out, *field, *bare)
	case *format == "json":
		err = corpus.WriteJSON(*out, *n)
	case *format == "cue":
		err = corpus.WriteCUE(*out, *n)
	default:
		err = fmt.Errorf("unknown -format %q", *format)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
