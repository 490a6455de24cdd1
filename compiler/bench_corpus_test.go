package compiler

import (
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/internal/corpus"
)

// BenchmarkVetCorpus vets a generated corpus of 500 scenarios (package corpus), written once per
// benchmark into a temporary directory, as CUE packages and as JSON files; .ci/bench-vet.sh puts
// the same corpus beside `cue vet` with the exported schema.
func BenchmarkVetCorpus(b *testing.B) {
	for _, format := range []string{"cue", "json"} {
		b.Run(format, func(b *testing.B) {
			dir := b.TempDir()
			var err error
			if format == "cue" {
				err = corpus.WriteCUE(dir, 500)
			} else {
				err = corpus.WriteJSON(dir, 500)
			}
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				list, err := Vet([]string{filepath.Join(dir, "...")}, Options{WorkDir: dir})
				if err != nil || len(list) != 0 {
					b.Fatalf("Vet: %v, %d findings (first: %v)", err, len(list), first(list))
				}
			}
		})
	}
}

func first[T any](s []T) any {
	if len(s) == 0 {
		return nil
	}
	return s[0]
}
