package main

import (
	"strings"
	"testing"
)

// TestVetClash: sortie vet on clash battle files: the bundled ones are clean (exit 0, nothing
// printed, --strict too); bad input of every kind the schema meets gets its code at
// file:line:col and exit 1; sortie explain pages the new codes; compile points at sortie battle.
func TestVetClash(t *testing.T) {
	chdirRoot(t)
	if code, out, errs := run(t, "", "vet", "--strict", "./scenarios/clash/..."); code != 0 || out != "" || errs != "" {
		t.Errorf("bundled battles: exit %d\n%s%s", code, out, errs)
	}
	code, out, _ := run(t, "", "vet", "./testdata/compiler/want/U012_clash_setup.cue")
	if code != 1 {
		t.Errorf("U012_clash_setup: exit %d, want 1", code)
	}
	for _, want := range []string{
		`./testdata/compiler/want/U012_clash_setup.cue:25:55: U012: unknown creature "gaurd"`,
		`./testdata/compiler/want/U012_clash_setup.cue:27:15: U012: unit gobs: no side "raider"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("vet output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = run(t, "", "vet", "./testdata/compiler/want/U001_clash_grid.cue")
	if code != 1 || !strings.Contains(out, "./testdata/compiler/want/U001_clash_grid.cue:34:9: U001: unit pikes stand 3: [10, 3] is off the 10x6 battlefield") {
		t.Errorf("U001_clash_grid: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, "", "vet", "./testdata/compiler/want/S002_clash_schema.cue")
	if code != 1 || !strings.Contains(out, "./testdata/compiler/want/S002_clash_schema.cue:8:34: S002: battlefield.height: wrong type: want an int, got string \"8\"") {
		t.Errorf("S002_clash_schema: exit %d\n%s", code, out)
	}
	if code, out, _ := run(t, "", "explain", "U005"); code != 0 || !strings.Contains(out, "U-15") || !strings.Contains(out, "Fix:") {
		t.Errorf("explain U005: exit %d\n%s", code, out)
	}
	if code, _, errs := run(t, "", "compile", "./scenarios/clash/bridge"); code != exitUsage || !strings.Contains(errs, "sortie battle") {
		t.Errorf("compile a clash battle: exit %d\n%s", code, errs)
	}
}
