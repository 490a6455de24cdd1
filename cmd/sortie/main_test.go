package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets testscript run sortie in-process as the "sortie" command.
func TestMain(m *testing.M) {
	// The tests that run sortie in this process use no vet cache (TestVetCache its own), and
	// the scripts one in their work directory: never the user's (issue 17).
	if os.Getenv("SORTIE_CACHE") == "" {
		os.Setenv("SORTIE_CACHE", "off")
	}
	testscript.Main(m, map[string]func(){
		// main itself: its SIGINT/SIGTERM handler (safeio.Abort) is part of what is tested.
		"sortie": main,
	})
}

// TestScripts runs the txtar scripts in testdata/script. Set SORTIE_UPDATE=1 to rewrite the
// expected files of `cmp` commands (then read the diff before committing it).
func TestScripts(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join(root, "testdata", "script"),
		UpdateScripts: os.Getenv("SORTIE_UPDATE") == "1",
		Setup: func(env *testscript.Env) error {
			env.Setenv("ROOT", root)
			env.Setenv("SORTIE_CACHE", filepath.Join(env.WorkDir, ".sortie-cache"))
			env.Setenv("FIELD01", filepath.Join(root, "scenarios", "karzoral", "field01"))
			env.Setenv("PF", filepath.Join(root, "scenarios", "pathfinder"))
			return nil
		},
	})
}
