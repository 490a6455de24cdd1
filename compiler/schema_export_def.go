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
// Schema, like SchemaJSON does #Scenario.
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
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}
