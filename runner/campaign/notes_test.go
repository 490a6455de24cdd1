package campaign

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/sortie-rpg/sortie/runner"
)

// noteSpy answers as the random policy does and records the notes of the campaign's selection
// (K-9, K-10) and retry (K-67) decisions; blindSpy makes it a NoteReader that reads none.
type noteSpy struct {
	pol    runner.Decider
	titles map[string]string // scenario id -> title, to work each retry note out
	seen   []string          // every note of a selection or retry choice, in order
}

func (d *noteSpy) Decide(r *runner.Request) (runner.Answer, error) {
	switch r.Kind {
	case runner.KindSelect:
		for _, c := range r.Choices {
			d.seen = append(d.seen, c.Note)
		}
	case runner.KindRetry:
		d.seen = append(d.seen, r.Choices[0].Note, r.Choices[1].Note)
	}
	return d.pol.Decide(r)
}

type blindSpy struct{ *noteSpy }

func (blindSpy) ReadsNotes() bool { return false }

// TestCampaignNotesOnlyForReadersK9K67: a random campaign builds the selection's "Title (retry N)"
// notes (K-9, K-10) and the retry's midpoint note (K-67) only for a decider that reads notes
// (runner.ReadsNotes, issue 29). A decider that says it reads none gets the bare titles and no
// midpoint note, and answers exactly as before: the same sorties, rows and transcript.
func TestCampaignNotesOnlyForReadersK9K67(t *testing.T) {
	c := bundled(t)
	titles := map[string]string{}
	for _, sc := range c.Scenarios {
		titles[sc.ID] = sc.Plan.Scenario.Title
	}
	play := func(blind bool) (*noteSpy, string, []Row) {
		pol, err := runner.NewPolicy("random", 7)
		if err != nil {
			t.Fatal(err)
		}
		spy := &noteSpy{pol: pol, titles: titles}
		var d runner.Decider = spy
		if blind {
			d = blindSpy{spy}
		}
		var out bytes.Buffer
		res, err := Run(c, Options{Seed: 7, Decider: d, Sink: runner.NewTextSink(&out)})
		if err != nil {
			t.Fatal(err)
		}
		return spy, out.String(), res.State.Rows
	}
	reader, readText, readRows := play(false)
	blind, blindText, blindRows := play(true)
	if readText != blindText {
		t.Fatal("the transcript depends on whether the decider reads notes")
	}
	if fmt.Sprint(readRows) != fmt.Sprint(blindRows) || len(readRows) < 20 {
		t.Fatalf("rows differ or too few sorties to retry (%d)", len(readRows))
	}
	retried, midpoint := 0, 0
	for _, n := range reader.seen {
		if title, _, ok := strings.Cut(n, " (retry "); ok {
			retried++
			if !slices.Contains(slices.Collect(maps.Values(reader.titles)), title) {
				t.Fatalf("retry note %q names no scenario's title", n)
			}
		}
		if strings.HasPrefix(n, "day ") && strings.HasSuffix(n, "fresh armies (K-68)") {
			midpoint++
		}
	}
	if retried == 0 {
		t.Fatal("the reader was shown no retry note")
	}
	for _, n := range blind.seen {
		if strings.Contains(n, " (retry ") || strings.HasPrefix(n, "day ") {
			t.Fatalf("a decider that reads no notes was given %q", n)
		}
	}
	t.Logf("%d sorties; %d retry notes and %d midpoint notes built for the reader, none for the blind", len(readRows), retried, midpoint)
}
