package compiler

import (
	"fmt"
	"strconv"

	"cuelang.org/go/cue"
	"go.yaml.in/yaml/v3"
)

// L014, a plain YAML number with a leading zero (03), says what to write by what the schema
// wants at the value's path, so that its fix (compiler/fix) gives a value that vets clean:
//
//	the schema accepts          hint                                       fixes
//	a string and the number     write "03" for an id, or 3 for a number    both, the string first
//	  (or says nothing there)
//	a string only               write "03" (a string is wanted here)       the string
//	the number only             write 3 (a number is wanted here)          the number
//	neither, one value only     write 1 (the only value allowed here)      that value (version: 01
//	  (a constant, int & 1)                                                 with version: int & 1)
//	neither                     here the schema wants "friendly" | "enemy"  none
//
// "Accepts" is CUE's verdict on the schema value unified with the candidate (a pattern, bounds
// and an enum count), the file's definition chosen by its top-level kind and rules.

// leadZero is what an L014 finding needs to word its hint: the value as written and its path.
type leadZero struct {
	value string
	path  []string // labels and "[i]" indices from the file's root
}

// leadZeroHint returns the message's ending and the hint of L014 for the value s (a plain
// number with a leading zero) at path of a file of definition def ("" when the file's kind is
// unknown: both readings are offered).
func leadZeroHint(def string, path []string, s string) (ending, hint string) {
	num := trimZeros(s)
	bothEnding, bothHint := "quote it", fmt.Sprintf(`write %q for an id, or %s for a number`, s, num)
	if def == "" {
		return bothEnding, bothHint
	}
	schemaCache.mu.Lock()
	defer schemaCache.mu.Unlock()
	_, n := schemaNodeAt(def, path)
	if n == nil {
		return bothEnding, bothHint
	}
	str, isNum := accepts(n.v, strconv.Quote(s)), accepts(n.v, num)
	switch {
	case str && isNum:
		return bothEnding, bothHint
	case str:
		return "quote it", fmt.Sprintf(`write %q (a string is wanted here)`, s)
	case isNum:
		return "write the number", fmt.Sprintf("write %s (a number is wanted here)", num)
	}
	if vals, ok := enumValues(n.v); ok && len(vals) == 1 && vals[0].Kind()&(cue.IntKind|cue.FloatKind) != 0 {
		return "write the number", fmt.Sprintf("write %v (the only value allowed here)", vals[0])
	}
	return "neither reading fits here", "here the schema wants " + describe(n.v)
}

// accepts reports whether the schema value v admits the CUE literal lit (concrete, no error).
// The caller holds schemaCache.mu.
func accepts(v cue.Value, lit string) bool {
	x := schemaCache.ctx.CompileString(lit)
	if x.Err() != nil {
		return false
	}
	return v.Unify(x).Validate(cue.Concrete(true)) == nil
}

// definitionOf names the schema definition of a YAML document by its top-level kind and rules
// (documentKinds), "" when root is not a mapping or names no kind the schema defines.
func definitionOf(root *yaml.Node) string {
	if root == nil || root.Kind != yaml.MappingNode {
		return ""
	}
	var kind, rules string
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if v.Kind != yaml.ScalarNode {
			continue
		}
		switch k.Value {
		case "kind":
			kind = v.Value
		case "rules":
			rules = v.Value
		}
	}
	def := ""
	for _, dk := range documentKinds {
		if dk.kind != kind {
			continue
		}
		if dk.rules == rules {
			return dk.def
		}
		if dk.rules == "" {
			def = dk.def
		}
	}
	return def
}
