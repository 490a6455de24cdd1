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
	// The saves' signing key (savekey.go) is made in a config folder of the tests' own, never
	// the user's, and removed with it. Not when this binary runs as "sortie" (testscript's
	// commands, the signal tests): that one has its caller's.
	config := ""
	if filepath.Base(os.Args[0]) != "sortie" {
		var err error
		if config, err = os.MkdirTemp("", "sortie-test-config-"); err != nil {
			panic(err)
		}
		os.Setenv("XDG_CONFIG_HOME", config)
	}
	testscript.Main(cleanup{m, config}, map[string]func(){
		// main itself: its signal handler (INT, TERM, HUP, QUIT) (safeio.Abort) is part of what is tested.
		"sortie": main,
	})
}

// cleanup runs the tests, then removes what they shared: the tests' config folder and the built
// binary (sortieBinary).
type cleanup struct {
	m      *testing.M
	config string
}

func (c cleanup) Run() int {
	defer removeBinary()
	code := c.m.Run()
	if c.config != "" {
		os.RemoveAll(c.config)
	}
	return code
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
			env.Setenv("XDG_CONFIG_HOME", filepath.Join(env.WorkDir, ".config"))
			env.Setenv("FIELD01", filepath.Join(root, "scenarios", "karzoral", "field01"))
			env.Setenv("PF", filepath.Join(root, "scenarios", "pathfinder"))
			return nil
		},
	})
}
