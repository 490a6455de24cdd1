package main

import (
	"strings"
	"testing"
)

// TestGMWithOtherViewRefused (K-23): --gm is --view gm, so --gm with --view party (or all) asks
// for two views at once; it is a usage error (exit 2, nothing on stdout), not a silent gm view.
// --gm with --view gm agrees and runs.
func TestGMWithOtherViewRefused(t *testing.T) {
	for _, view := range []string{"party", "all"} {
		code, out, errs := run(t, "", "run", "--policy", "first", "--gm", "--view", view, field01)
		if code != 2 || out != "" || !strings.Contains(errs, "--gm and --view "+view) {
			t.Errorf("--gm --view %s: exit %d, stdout %q, stderr %q; want exit 2 and a refusal", view, code, out, errs)
		}
	}
	code, out, _ := run(t, "", "run", "--policy", "first", "--gm", "--view", "gm", field01)
	if code == 2 || !strings.Contains(out, "boggardWarband: holding at gate") {
		t.Errorf("--gm --view gm: exit %d, want the gm transcript:\n%s", code, out)
	}
}
