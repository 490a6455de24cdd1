package campaign

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/karzoral"
)

// emitter writes the campaign's records: text lines starting with "* " between the scenarios'
// transcripts, or JSON Lines records whose type starts with "campaign." (keys sorted).
type emitter struct {
	w       io.Writer
	jsonl   bool
	printed int // ledger entries already written
	buf     bytes.Buffer
}

func newEmitter(w io.Writer, format string) *emitter {
	if w == nil {
		w = io.Discard
	}
	return &emitter{w: w, jsonl: format == "jsonl"}
}

func (e *emitter) scenarioSink(checkpoint func() error) karzoral.Sink {
	var inner karzoral.Sink
	if e.jsonl {
		inner = karzoral.NewJSONLSink(e.w)
	} else {
		inner = karzoral.NewTextSink(e.w)
	}
	return &checkpointSink{inner: inner, checkpoint: checkpoint}
}

// checkpointSink calls checkpoint after every day end record is written.
type checkpointSink struct {
	inner      karzoral.Sink
	checkpoint func() error
}

func (c *checkpointSink) Write(r *karzoral.Record) error {
	if err := c.inner.Write(r); err != nil {
		return err
	}
	if r.Type == karzoral.TypeDayEnd {
		return c.checkpoint()
	}
	return nil
}

func (e *emitter) flush() error {
	_, err := e.w.Write(e.buf.Bytes())
	e.buf.Reset()
	return err
}

func (e *emitter) record(typ string, fields map[string]any) error {
	m := map[string]any{"type": "campaign." + typ}
	for k, v := range fields {
		m[k] = v
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	e.buf.Write(b)
	e.buf.WriteByte('\n')
	return e.flush()
}

func (e *emitter) textf(format string, args ...any) {
	fmt.Fprintf(&e.buf, format, args...)
}

func (e *emitter) start(c *plan.Campaign, s *State, seed uint64) error {
	if e.jsonl {
		e.printed = len(s.Ledger)
		return e.record("start", map[string]any{"id": c.ID, "title": c.Title, "seed": seed, "pcs": s.PCs, "purse": s.Purse})
	}
	e.textf("campaign %s: %s (seed %d)\n", c.ID, c.Title, seed)
	var pcs []string
	for _, pc := range s.PCs {
		what := fmt.Sprintf("level %d, %d xp", pc.Level, pc.XP)
		if pc.Angel {
			what = "the angel, " + what
		}
		pcs = append(pcs, fmt.Sprintf("%s (%s)", pc.Name, what))
	}
	e.textf("party: %s\n", strings.Join(pcs, ", "))
	e.textf("purse: %d gamels (K-12)\n", s.Purse)
	e.printed = len(s.Ledger)
	return e.flush()
}

func (e *emitter) line(typ, text string, fields map[string]any) error {
	if e.jsonl {
		if fields == nil {
			fields = map[string]any{}
		}
		fields["text"] = text
		return e.record(typ, fields)
	}
	e.textf("* %s\n", text)
	return e.flush()
}

// entry writes the ledger entries added since the last write, after text.
func (e *emitter) entry(s *State, text string) error {
	if e.jsonl {
		for _, en := range s.Ledger[e.printed:] {
			if err := e.record("ledger", map[string]any{"entry": en, "text": text}); err != nil {
				return err
			}
		}
		e.printed = len(s.Ledger)
		return nil
	}
	e.textf("* %s\n", text)
	e.ledgerText(s, "    ")
	return e.flush()
}

func (e *emitter) ledgerText(s *State, indent string) {
	for _, en := range s.Ledger[e.printed:] {
		e.textf("%sledger: %s\n", indent, entryText(en))
	}
	e.printed = len(s.Ledger)
}

func entryText(en Entry) string {
	what := en.Kind
	if en.PC != "" {
		what += " " + en.PC
	}
	if en.Item != "" {
		what += " " + en.Item
	}
	if en.Gross != 0 {
		what += " of " + itoa(en.Gross)
	}
	var parts []string
	switch {
	case en.Amount != 0:
		parts = append(parts, fmt.Sprintf("%+d gamels, purse %d", en.Amount, en.Purse))
	case en.DebtChange == 0 || en.Kind == "resurrection":
		parts = append(parts, fmt.Sprintf("0 gamels, purse %d", en.Purse))
	}
	if en.DebtChange != 0 {
		parts = append(parts, fmt.Sprintf("debt %+d", en.DebtChange))
	}
	return fmt.Sprintf("%s: %s (%s)", what, strings.Join(parts, ", "), en.Rule)
}

func (e *emitter) sortie(so *Sortie, prologue bool) error {
	sc := so.Scenario
	if e.jsonl {
		return e.record("sortie", map[string]any{"scenario": sc.ID, "attempt": so.Attempt, "prologue": prologue,
			"midpointRetained": so.Midpoint, "namedDead": so.NamedDead, "benefit": so.Benefit})
	}
	what := "sortie"
	if prologue {
		what = "prologue (K-8)"
	}
	e.textf("\n#### %s: %s, %s (attempt %d) ####\n", what, sc.ID, sc.Plan.Scenario.Title, so.Attempt)
	if so.Midpoint {
		e.textf("* the midpoint reached by an earlier attempt is retained (K-67): the retry resumes there and its XP is not granted again; the rest is the initial setup with fresh armies (K-68)\n")
	}
	if len(so.NamedDead) > 0 {
		e.textf("* named monsters that stay dead: %s (K-67)\n", strings.Join(so.NamedDead, ", "))
	}
	return e.flush()
}

func (e *emitter) unlocks(s *State, from int, list []int, rule string) error {
	var ids []string
	for _, i := range list {
		ids = append(ids, s.c.Scenarios[i].ID)
	}
	return e.line("unlock", fmt.Sprintf("selectable now: %s (%s)", strings.Join(ids, ", "), rule), map[string]any{"scenarios": ids})
}

func (e *emitter) growth(c *plan.Campaign, s *State, i int, rep *Report, unlocked []int) error {
	sc := &c.Scenarios[i]
	var unl []string
	for _, u := range unlocked {
		unl = append(unl, c.Scenarios[u].ID)
	}
	base := ""
	if rep.Outcome == runner.Success && sc.Base >= 0 {
		base = c.Bases[sc.Base].ID
	}
	if e.jsonl {
		fresh := s.Ledger[e.printed:]
		e.printed = len(s.Ledger)
		return e.record("growth", map[string]any{"scenario": sc.ID, "attempt": s.Attempts[i], "outcome": rep.Outcome, "day": rep.Day,
			"reason": rep.Reason, "xp": rep.XP, "xpNote": rep.XPNote, "named": rep.Named, "dead": rep.Dead, "pcs": s.PCs,
			"purse": s.Purse, "ledger": fresh, "base": base, "unlocked": unl,
			"midpointRetained": s.Midpoint[i]})
	}
	e.textf("\n* growth after %s (attempt %d): %s on day %d", sc.ID, s.Attempts[i], rep.Outcome, rep.Day)
	if rep.Reason != "" {
		e.textf(" (%s)", rep.Reason)
	}
	e.textf("\n")
	if len(rep.XP) > 0 {
		var tot []string
		for _, pc := range s.PCs {
			tot = append(tot, fmt.Sprintf("%s %d", pc.ID, pc.XP))
		}
		gain := "+" + itoa(rep.XP[0]) + " each"
		for _, x := range rep.XP {
			if x != rep.XP[0] {
				var each []string
				for k, x := range rep.XP {
					each = append(each, fmt.Sprintf("%s +%d", s.PCs[k].ID, x))
				}
				gain = strings.Join(each, ", ")
				break
			}
		}
		e.textf("    xp: %s, %s; now %s\n", gain, rep.XPNote, strings.Join(tot, ", "))
	}
	if len(rep.Named) > 0 {
		e.textf("    named monsters defeated, never to reappear: %s (K-67)\n", strings.Join(rep.Named, ", "))
	}
	if len(rep.Dead) > 0 {
		e.textf("    dead: %s (K-100; the angel revives by itself, K-102)\n", strings.Join(rep.Dead, ", "))
	}
	e.ledgerText(s, "    ")
	if base != "" {
		e.textf("    base secured: %s, %s (K-10)\n", base, c.Bases[sc.Base].Name)
	}
	if len(unl) > 0 {
		e.textf("    unlocked: %s (K-10)\n", strings.Join(unl, ", "))
	}
	if rep.Outcome == runner.Success {
		var bens []string
		for _, b := range sc.Benefits {
			bens = append(bens, c.Benefits[b].ID)
		}
		if len(bens) > 0 {
			e.textf("    mercenary benefits offered from now on: %s (K-11)\n", strings.Join(bens, ", "))
		}
	}
	if rep.Outcome == runner.Failure {
		if s.Midpoint[i] {
			e.textf("    back to selection; the midpoint is retained for a retry (K-66, K-67)\n")
		} else {
			e.textf("    back to selection; a retry starts over with fresh armies (K-66, K-68)\n")
		}
	}
	return e.flush()
}

func (e *emitter) summary(s *State, end string, err error) error {
	why := map[string]string{EndFinal: "the final scenario is cleared (K-7)", EndNoMore: "no scenario is left to select", EndStopped: "stopped", EndLimit: "the sortie limit was reached"}[end]
	if e.jsonl {
		return e.record("end", map[string]any{"end": end, "text": why, "rows": s.Rows, "pcs": s.PCs, "purse": s.Purse,
			"partyDebt": s.PartyDebt, "bases": s.basesSecured(), "unlockOrder": s.Unlocks, "namedDead": s.NamedDead})
	}
	e.textf("\n#### campaign %s: %s ####\n", end, why)
	var rows [][]string
	for _, r := range s.Rows {
		rows = append(rows, []string{r.Scenario, itoa(r.Attempt), r.Outcome, itoa(r.Days), itoa(r.XP), itoa(r.Money), strings.Join(r.Bases, " ")})
	}
	if err := runner.RenderTable(&e.buf, []string{"scenario", "attempt", "outcome", "days", "xp each", "purse", "bases"}, rows); err != nil {
		return err
	}
	rows = rows[:0]
	for _, pc := range s.PCs {
		st := "alive"
		if pc.Dead {
			st = "dead"
		}
		if pc.Angel {
			st += ", angel"
		}
		rows = append(rows, []string{pc.ID, itoa(pc.Level), itoa(pc.XP), itoa(pc.Debt), st})
	}
	if err := runner.RenderTable(&e.buf, []string{"pc", "level", "xp", "debt", "state"}, rows); err != nil {
		return err
	}
	e.textf("purse %d gamels; unlock order: %s; named monsters dead: %s\n", s.Purse, strings.Join(s.Unlocks, ", "), strings.Join(s.NamedDead, ", "))
	return e.flush()
}
