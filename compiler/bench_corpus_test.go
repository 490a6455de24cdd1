package compiler

import (
	"path/filepath"
	"strconv"
	"testing"
	"time"

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

// BenchmarkVetCorpusCache vets the 500 JSON scenarios with a result cache on disk, as sortie vet
// does: cold (an empty cache each time: every result computed and kept) and warm (the cache of
// the run before, nothing changed). Issue 29 compares both with the figures before the stat
// manifest. The files are made older than the racy window first, as a corpus at rest is.
func BenchmarkVetCorpusCache(b *testing.B) {
	dir := b.TempDir()
	if err := corpus.WriteJSON(dir, 500); err != nil {
		b.Fatal(err)
	}
	time.Sleep(2100 * time.Millisecond)
	vet := func(c Cache) {
		list, err := Vet([]string{filepath.Join(dir, "...")}, Options{WorkDir: dir, Cache: c})
		if err != nil || len(list) != 0 {
			b.Fatalf("Vet: %v, %d findings (first: %v)", err, len(list), first(list))
		}
	}
	open := func(d string) Cache {
		c, err := OpenDirCache(d)
		if err != nil {
			b.Fatal(err)
		}
		return c
	}
	b.Run("cold", func(b *testing.B) {
		caches := b.TempDir()
		i := 0
		t0 := cpuTime()
		for b.Loop() {
			i++
			vet(open(filepath.Join(caches, strconv.Itoa(i))))
		}
		b.ReportMetric(float64((cpuTime()-t0).Microseconds())/float64(b.N), "cpu-us/op")
	})
	b.Run("warm", func(b *testing.B) {
		d := filepath.Join(b.TempDir(), "c")
		vet(open(d))
		t0 := cpuTime()
		for b.Loop() {
			vet(open(d))
		}
		b.ReportMetric(float64((cpuTime()-t0).Microseconds())/float64(b.N), "cpu-us/op")
	})
}

func first[T any](s []T) any {
	if len(s) == 0 {
		return nil
	}
	return s[0]
}
