package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// A replay script reproduces its run byte for byte, also under a policy that learns across runs
// (explore: run 150 decides from what the 128 runs of the first two generations taught it): the
// simulation's own transcript of the run, as the players see it (K-23: sortie run's default view),
// equals `sortie run --script REPLAY --seed N`.
func TestReplayScriptByteForByte(t *testing.T) {
	field01 := repo(t, "scenarios", "karzoral", "field01")
	e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	sub, err := loadSubject(e, field01)
	if err != nil {
		t.Fatal(err)
	}
	for _, policy := range []string{"explore", "goal", "random"} {
		pol, err := sub.policy(policy)
		if err != nil {
			t.Fatal(err)
		}
		o := runner.SimOptions{Runs: 200, Seed: 11, Policy: pol}
		const run = 150
		var transcript bytes.Buffer
		var rec *runner.Recorder
		end, err := runner.Replay(sub.subject, o, run, runner.ViewSink(runner.NewTextSink(&transcript), runner.AudienceParty), func(d runner.Decider) runner.Decider {
			rec = runner.NewRecorder(d)
			return rec
		})
		if err != nil && rec == nil {
			t.Fatal(err)
		}
		script := filepath.Join(t.TempDir(), "replay.yaml")
		if err := os.WriteFile(script, rec.Script("replay"), 0o644); err != nil {
			t.Fatal(err)
		}
		seed := strconv.FormatUint(runner.RunSeed(11, run), 10)
		_, out, errs := runMain("run", field01, "--seed", seed, "--script", script)
		if out != transcript.String() {
			t.Errorf("%s: sortie run --script differs from the simulated run:\n%s\n--- simulated:\n%s", policy, out, transcript.String())
		}
		if bytes.Contains([]byte(errs), []byte("X00")) {
			t.Errorf("%s: %s", policy, errs)
		}
		// The replay is the simulation's run 150: it ended the same way, on the same day.
		sim := o
		sim.Policy, _ = sub.policy(policy)
		sim.Watch = []runner.Watch{{Match: func(r runner.RunView) bool {
			return r.Run() == run && r.Outcome() == end.Outcome && r.Day() == end.Day && r.Cause() == end.Reason
		}}}
		if tl, err := runner.Simulate(sub.subject, sim); err != nil || tl.Watched[0].Runs != 1 {
			t.Errorf("%s: run %d of the simulation did not end as its replay (%+v): %v", policy, run, end, err)
		}
		// Replayed twice, it is the same.
		var again bytes.Buffer
		fresh, _ := sub.policy(policy)
		o.Policy = fresh
		runner.Replay(sub.subject, o, run, runner.ViewSink(runner.NewTextSink(&again), runner.AudienceParty), nil)
		if again.String() != transcript.String() {
			t.Errorf("%s: two replays of run %d differ", policy, run)
		}
	}
}

// The same for a When Armies Clash battle under random play: the replay script names whose
// decision each entry is ({unit: ogres, action: dash}), and `sortie battle --script REPLAY --seed
// N` prints the simulated battle byte for byte.
func TestReplayScriptClash(t *testing.T) {
	bridge := repo(t, "scenarios", "clash", "bridge")
	e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	sub, err := loadSubject(e, bridge)
	if err != nil {
		t.Fatal(err)
	}
	pol, err := sub.policy("random")
	if err != nil {
		t.Fatal(err)
	}
	const run = 23
	var transcript bytes.Buffer
	var rec *runner.Recorder
	if _, err := runner.Replay(sub.subject, runner.SimOptions{Runs: 30, Seed: 1, Policy: pol}, run, runner.NewTextSink(&transcript),
		func(d runner.Decider) runner.Decider { rec = runner.NewRecorder(d); return rec }); err != nil {
		t.Fatal(err)
	}
	if rec.Len() == 0 {
		t.Fatal("no decision recorded")
	}
	script := filepath.Join(t.TempDir(), "replay.yaml")
	if err := os.WriteFile(script, rec.Script("replay"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMain("battle", bridge, "--seed", strconv.FormatUint(runner.RunSeed(1, run), 10), "--script", script)
	if code != 0 || out != transcript.String() {
		t.Errorf("exit %d %s; sortie battle --script differs from the simulated battle:\n%s\n--- simulated:\n%s", code, errs, out, transcript.String())
	}
}
