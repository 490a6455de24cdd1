package compiler

import "testing"

// The obvious defaults of missing required fields (schema_default.go), by hand from
// schema/scenario.cue and rules.go: a Karzoral scenario's rules is "karzoral" (the fallback
// system, one of #Scenario.rules' values); title (a string), a nested rules, and a field the
// schema does not have have none.
func TestMissingDefault(t *testing.T) {
	rows := []struct {
		parent, name string
		def          string // the schema definition whose field it is
		want         string // "": no default
	}{
		{"", "rules", "#Scenario", `"karzoral"`},
		{"", "title", "#Scenario", ""},
		{"", "id", "#Scenario", ""},
		{"days", "limit", "#Scenario", ""},
		{"party", "rules", "#Scenario", ""},
	}
	for _, r := range rows {
		schemaCache.mu.Lock()
		path := []string{r.name}
		if r.parent != "" {
			path = []string{r.parent, r.name}
		}
		_, n := schemaNodeAt(r.def, path)
		if n == nil && r.parent == "" {
			schemaCache.mu.Unlock()
			t.Fatalf("%s: no schema node", r.name)
		}
		var got fieldDefault
		ok := false
		if n != nil {
			got, ok = missingDefault(r.parent, r.name, n.v)
		}
		schemaCache.mu.Unlock()
		if ok != (r.want != "") || got.value != r.want {
			t.Errorf("%s.%s: default %q (%v), want %q", r.parent, r.name, got.value, ok, r.want)
		}
	}
	if fallbackRules() != "karzoral" {
		t.Errorf("fallback rules %q, want karzoral (rules.go)", fallbackRules())
	}
}

// TestSchemaPackageName: --package takes what CUE's parser takes in a package clause; a keyword
// (for, if, let, in, true, null, func) printed "package for", a schema no CUE tool reads.
func TestSchemaPackageName(t *testing.T) {
	for _, name := range []string{"schema", "battle", "_x", "a_b", "in2"} {
		if _, err := SchemaCUE(name); err != nil {
			t.Errorf("%q: %v", name, err)
		}
	}
	for _, name := range []string{"for", "if", "let", "in", "true", "null", "func", "#x", "a b", "1a", "a-b"} {
		if _, err := SchemaCUE(name); err == nil {
			t.Errorf("%q: taken", name)
		}
	}
}
