package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBalanceDefaultPolicyIsSimulates (issue 20 review: a battle's check with no policy: played
// random, 41.5%, where sortie simulate played the commanders, 58-60%): a check without policy:
// plays sortie simulate's default for the file (the registry's Default: "default" for a battle
// file), and a failing check's line names the policy it played. The init clash battle's
// wardensFavoured check, policy: "default" removed, with its band made to fail ("0.99..1": the
// template's wardens win about 60%), fails naming "(policy default)", and with the band as the
// template has it ("0.50..0.70", which random play misses) passes.
func TestBalanceDefaultPolicyIsSimulates(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ford")
	if code, _, errb := run(t, "", "init", dir, "--rules", "clash"); code != 0 {
		t.Fatal(errb)
	}
	f := filepath.Join(dir, "battle.cue")
	src, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	const check = `{name: "wardensFavoured", policy: "default", winner: "The wardens", rate: "0.50..0.70"},`
	if !strings.Contains(string(src), check) {
		t.Fatalf("the template has no %s", check)
	}
	for _, c := range []struct {
		rate string
		code int
		want string
	}{
		{"0.50..0.70", 0, ""},
		{"0.99..1", 1, "Q005: wardensFavoured (policy default): "},
	} {
		edited := strings.Replace(string(src), check, `{name: "wardensFavoured", winner: "The wardens", rate: "`+c.rate+`"},`, 1)
		if err := os.WriteFile(f, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errb := run(t, "", "simulate", "--check", dir, "--replay-dir", t.TempDir())
		if code != c.code || !strings.Contains(errb, c.want) {
			t.Errorf("rate %s without policy: exit %d, want %d and %q:\n%s%s", c.rate, code, c.code, c.want, out, errb)
		}
	}
}
