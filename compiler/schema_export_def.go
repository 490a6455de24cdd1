package compiler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"cuelang.org/go/cue/cuecontext"
	"cuelang.org/go/encoding/jsonschema"
)

// SchemaDefinitions are the top-level definitions of the files sortie vets, for SchemaJSONDef:
// scenarios (Karzoral), campaigns, Pathfinder scenarios and battles, clash battles.
var SchemaDefinitions = []string{"#Scenario", "#Campaign", "#PFScenario", "#PFBattle", "#ClashBattle"}

// SchemaJSONDef returns one definition of the embedded schema (one of SchemaDefinitions) as JSON
// Schema (draft 2020-12), indented, keys sorted. As in SchemaJSON, every schema that CUE generates
// as a $ref beside properties or additionalProperties of its own (an embedding such as
// #PFBattleArmy: {#PFArmy, ...}) is flattened into one object (flattenEmbeds), in the definition
// itself and in its $defs: a closed schema beside a $ref would refuse every property of the $ref.
func SchemaJSONDef(name string) ([]byte, error) {
	if !slices.Contains(SchemaDefinitions, name) {
		return nil, fmt.Errorf("unknown definition %q: use one of %s", name, strings.Join(SchemaDefinitions, ", "))
	}
	ctx := cuecontext.New()
	def, err := compileDef(ctx, name)
	if err != nil {
		return nil, err
	}
	expr, err := jsonschema.Generate(def, nil)
	if err != nil {
		return nil, fmt.Errorf("jsonschema: %v", err)
	}
	v := ctx.BuildExpr(expr)
	if err := v.Err(); err != nil {
		return nil, fmt.Errorf("jsonschema: %v", err)
	}
	raw, err := v.MarshalJSON()
	if err != nil {
		return nil, fmt.Errorf("jsonschema: %v", err)
	}
	if raw, err = flattenDoc(raw); err != nil {
		return nil, fmt.Errorf("jsonschema: %v", err)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// flattenDoc runs flattenEmbeds over a generated JSON Schema document: its $defs and its top-level
// schema (held for the while under the key "", which no $ref names). It returns the document
// with its keys sorted, or an error if raw is not a JSON object.
func flattenDoc(raw []byte) ([]byte, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	defs := map[string]json.RawMessage{}
	d, hasDefs := doc["$defs"]
	if hasDefs {
		if err := json.Unmarshal(d, &defs); err != nil {
			return nil, err
		}
	}
	delete(doc, "$defs")
	top, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	defs[""] = top
	if err := flattenEmbeds(defs); err != nil {
		return nil, err
	}
	doc = nil
	if err := json.Unmarshal(defs[""], &doc); err != nil {
		return nil, err
	}
	delete(defs, "")
	if hasDefs {
		if doc["$defs"], err = json.Marshal(defs); err != nil {
			return nil, err
		}
	}
	return json.Marshal(doc)
}

// DefinitionOf names the definition (one of SchemaDefinitions) a file of the given top-level kind
// and rules follows, by documentKinds: an entry naming both, else the kind's entry for any rules,
// else "#Scenario" (a file that names no kind is a Karzoral scenario, the schema's default).
func DefinitionOf(kind, rules string) string {
	def := "#Scenario"
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
