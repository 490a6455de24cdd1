package clash

import (
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
)

// repoRoot is the repository's root (the bundled scenarios and testdata are under it).
func repoRoot(t testing.TB) string {
	t.Helper()
	abs, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// vet vets paths relative to the repository's root.
func vet(t *testing.T, paths ...string) diag.List {
	t.Helper()
	list, err := compiler.Vet(paths, compiler.Options{WorkDir: repoRoot(t)})
	if err != nil {
		t.Fatalf("Vet(%v): %v", paths, err)
	}
	return list
}

// analyzeT analyzes paths, relative to the repository's root unless opts says otherwise.
func analyzeT(t *testing.T, paths []string, opts compiler.Options) *compiler.Analysis {
	t.Helper()
	if opts.WorkDir == "" {
		opts.WorkDir = filepath.Join("..", "..")
	}
	a, err := compiler.Analyze(paths, opts)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
