package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/sortie-rpg/sortie/runner"
	replaypage "github.com/sortie-rpg/sortie/runner/replay"
	"github.com/sortie-rpg/sortie/runner/simreport"
)

// longestWatch is a Watch that finds a simulation's longest run: the most days (phases, rounds),
// the smallest run index among those, so that the same simulation names the same run whatever
// the order its workers finish in. longest reads it after the simulation (-1: no run).
func longestWatch() (w runner.Watch, longest func() int) {
	var mu sync.Mutex
	run, day := -1, -1
	w.Match = func(r runner.RunView) bool {
		mu.Lock()
		defer mu.Unlock()
		if r.Day() > day || r.Day() == day && r.Run() < run {
			run, day = r.Run(), r.Day()
		}
		return false
	}
	return w, func() int {
		mu.Lock()
		defer mu.Unlock()
		return run
	}
}

// watchPage plays run i of the simulation o again (runner.Replay: the same seed and policy,
// so the same run) into a replay page written beside the HTML report at report, and returns the
// report's entry for it (ok false, nothing written, for a subject with nothing to draw).
// o.Policy must be fresh (a policy that learned nothing yet). Exit-coded errors.
func watchPage(sub *simSubject, path, report string, o runner.SimOptions, i int, why, tag string) (simreport.Watched, bool, error) {
	in := replaypage.Input{Plan: sub.plan, Campaign: sub.campaign, Clash: sub.clash, Battle: sub.battle}
	if in.Plan == nil && in.Campaign == nil && in.Clash == nil && in.Battle == nil {
		return simreport.Watched{}, false, nil
	}
	rec := replaypage.NewRecorder()
	o.Watch, o.Progress = nil, nil
	if _, err := runner.Replay(sub.subject, o, i, rec, nil); err != nil && rec.Len() == 0 {
		return simreport.Watched{}, false, failf(exitUsage, "replay of run %d: %v", i, err)
	}
	base := strings.TrimSuffix(filepath.Base(report), filepath.Ext(report))
	name := fmt.Sprintf("%s-%s-run%d.html", base, tag, i)
	if err := writeReplayPage(filepath.Join(filepath.Dir(report), name), rec.Input(in), replayOptions(append(sub.files, path)...)); err != nil {
		return simreport.Watched{}, false, err
	}
	return simreport.Watched{Why: why, Run: i, Seed: runner.RunSeed(o.Seed, i), Page: name}, true, nil
}
