// Command jsonvet is the schema-only floor .ci/bench-vet.sh measures sortie against: a plain Go
// JSON Schema validator (github.com/santhosh-tekuri/jsonschema/v6) that compiles the schema once
// and validates each file named, as `sortie schema --format jsonschema` exports it.
//
//	go run ./compiler/internal/jsonvet SCHEMA.json FILE.json...
//
// It prints one line per file the schema refuses and exits 1 when there is one, 2 on usage or
// I/O errors.
package main

import (
	"fmt"
	"os"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	if len(args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: jsonvet SCHEMA.json FILE.json...")
		return 2
	}
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "jsonvet:", err)
		return 2
	}
	code := 0
	for _, name := range args[1:] {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "jsonvet:", err)
			return 2
		}
		doc, err := jsonschema.UnmarshalJSON(f)
		f.Close()
		if err != nil {
			fmt.Printf("%s: %v\n", name, err)
			code = 1
			continue
		}
		if err := sch.Validate(doc); err != nil {
			fmt.Printf("%s: %v\n", name, err)
			code = 1
		}
	}
	return code
}
