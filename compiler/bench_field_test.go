package compiler

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/sortie-rpg/sortie/compiler/internal/corpus"
)

// BenchmarkVetField vets one YAML scenario with an n x n field (n = 20, 40, 80, 160: 400 to
// 25,600 blocks), the size sweep of .ci/bench-vet.sh: vet must stay linear in the scenario's size.
func BenchmarkVetField(b *testing.B) {
	for _, n := range []int{20, 40, 80, 160} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir := b.TempDir()
			name := filepath.Join(dir, "field.yaml")
			if err := corpus.WriteField(name, n, false); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				list, err := Vet([]string{name}, Options{WorkDir: dir})
				if err != nil || list.HasErrors() {
					b.Fatalf("Vet: %v, %d findings (first: %v)", err, len(list), first(list))
				}
			}
		})
	}
}
