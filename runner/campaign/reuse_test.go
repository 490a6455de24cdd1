package campaign

import (
	"encoding/json"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// A State reused by the next run (Options.Reuse, as a simulation's worker does) ends exactly as a
// fresh one: the ledger, rows, PCs, unlocks and named dead of 30 random campaigns, each played
// after another seed's run into the same State and Runners, are byte-identical in JSON to the same
// seed played fresh (issue 29: reset, not rebuild, must leave nothing of the earlier run).
func TestReusedStateEndsAsFresh(t *testing.T) {
	c := bundled(t)
	pl := &Runners{}
	var last *State
	for seed := uint64(1); seed <= 30; seed++ {
		d, _ := runner.NewPolicy("random", seed)
		res, err := Run(c, Options{Seed: seed, Decider: d, Player: pl, Reuse: last})
		if err != nil {
			t.Fatal(err)
		}
		if last != nil && res.State != last {
			t.Fatalf("seed %d: Options.Reuse was not the Result's State", seed)
		}
		got, _ := json.Marshal(res.State)
		fd, _ := runner.NewPolicy("random", seed)
		fresh, err := Run(c, Options{Seed: seed, Decider: fd})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(fresh.State)
		if string(got) != string(want) || res.End != fresh.End {
			t.Fatalf("seed %d: the reused State differs from a fresh run's:\n got %.400s\nwant %.400s", seed, got, want)
		}
		last = res.State
	}
}

// A random campaign played by a simulation's worker (Runners and State kept between runs) makes
// no allocation per sortie (issue 29: it made about 12, 2,400 a campaign of ~190 sorties):
// fewer allocations in a whole campaign than it plays sorties.
func TestRandomCampaignAllocatesNothingPerSortie(t *testing.T) {
	c := bundled(t)
	pl := &Runners{}
	d, _ := runner.NewPolicy("random", 7)
	first, err := Run(c, Options{Seed: 7, Decider: d, Player: pl})
	if err != nil {
		t.Fatal(err)
	}
	last, sorties := first.State, len(first.State.Rows)
	allocs := testing.AllocsPerRun(5, func() {
		d, _ := runner.NewPolicy("random", 7)
		res, err := Run(c, Options{Seed: 7, Decider: d, Player: pl, Reuse: last})
		if err != nil {
			t.Fatal(err)
		}
		last = res.State
	})
	if sorties < 100 || allocs >= float64(sorties) {
		t.Errorf("a random campaign of %d sorties made %.0f allocations; want fewer than one per sortie", sorties, allocs)
	}
	t.Logf("%d sorties, %.0f allocations", sorties, allocs)
}
