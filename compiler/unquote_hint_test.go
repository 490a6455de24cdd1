package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A string where a bool or a number is wanted says what to write (issue 27: `commander: "yes"`
// had no hint), in the words compiler/fix turns into a quick fix.
func TestUnquoteHint(t *testing.T) {
	src, err := os.ReadFile("../scenarios/karzoral/field01/field01.cue")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), `dark: true}`, `dark: "yes"}`, 1)
	text = strings.Replace(text, "once: true", `once: "off"`, 1)
	abs, _ := filepath.Abs("../scenarios/karzoral/field01/field01.cue")
	list, err := Vet([]string{abs}, Options{Overlay: map[string][]byte{abs: []byte(text)}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{`want a bool, got string "yes"`: "write true (a bool is not quoted)",
		`want a bool, got string "off"`: "write false (a bool is not quoted)"}
	for _, d := range list {
		for m, h := range want {
			if d.Code == "S002" && strings.Contains(d.Message, m) {
				if d.Hint != h {
					t.Errorf("%s: hint %q, want %q", d, d.Hint, h)
				}
				delete(want, m)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("no S002 for %v in %v", want, list)
	}
	clash, err := Vet([]string{"../testdata/compiler/want/S002_clash_schema.cue"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range clash {
		if strings.Contains(d.Message, `battlefield.height: wrong type: want an int, got string "8"`) {
			found = true
			if d.Hint != "write 8 (a number is not quoted)" {
				t.Errorf("%s: hint %q", d, d.Hint)
			}
		}
		if strings.Contains(d.Message, `got string "lots"`) && d.Hint != "" {
			t.Errorf("%s: a hint for a string that is no number: %q", d, d.Hint)
		}
	}
	if !found {
		t.Errorf("no S002 on height in %v", clash)
	}
}
