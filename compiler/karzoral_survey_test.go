package compiler

import (
	"os"
	"path/filepath"
	"testing"
)

// K-23: the scenario's options: surveyStrength switches the seed's 「その存在、及び移動」 (a survey
// or reveal tells where an army is, not its strength) to telling the strength too; left out, the
// plan keeps the Default (false); angelOrders (the Angel Order as the players' decision) lowers
// with it. A value that is not a bool is a schema error at the field.
func TestSurveyStrengthOptionK23(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata/compiler/ok/mini.cue"))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"on.cue":  string(src) + "options: {surveyStrength: true, angelOrders: 2}\n",
		"off.cue": string(src) + "options: maxRounds: 3\n",
		"bad.cue": string(src) + "options: surveyStrength: \"yes\"\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		file string
		want bool
	}{{"on.cue", true}, {"off.cue", false}} {
		p, list, err := Compile([]string{filepath.Join(dir, c.file)}, Options{WorkDir: dir})
		if err != nil || p == nil || len(list) != 0 {
			t.Fatalf("%s: %v %v", c.file, list, err)
		}
		if p.Options == nil || p.Options.SurveyStrength != c.want || (p.Options.AngelOrders == 2) != c.want {
			t.Errorf("%s: options %+v, want SurveyStrength %v", c.file, p.Options, c.want)
		}
	}
	list, err := Vet([]string{filepath.Join(dir, "bad.cue")}, Options{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	// The option is the file's last line (25), its value at column 26.
	if len(list) != 1 || list[0].Code != "S002" || list[0].Pos.Line != 25 || list[0].Pos.Column != 26 {
		t.Errorf("a string for surveyStrength: %v", list)
	}
}
