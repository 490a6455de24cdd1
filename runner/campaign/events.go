package campaign

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/sortie-rpg/sortie/runner"
)

// The campaign's events, between the scenarios' own (one stream: runner.Sink). Their JSON fields
// are in name order; in a text transcript each is a line starting with "* " or a block.

// star is the margin of a campaign line in a transcript; and, like every campaign event, the
// audience of the record: everyone (runner.AudienceAll; K-23 hides nothing at the campaign level).
type star struct {
	Seen runner.Audience `json:"audience"`
}

// Margin implements runner.Margined.
func (star) Margin() string { return "* " }

// StartEvent: the campaign begins: the PCs and the purse (K-1, K-12).
type StartEvent struct {
	Seen  runner.Audience `json:"audience"` // always "all"
	ID    string          `json:"id"`
	PCs   []PC            `json:"pcs"`
	Purse int             `json:"purse"`
	Seed  uint64          `json:"seed"`
	Title string          `json:"title"`
}

func (*StartEvent) Type() string { return "campaign.start" }
func (*StartEvent) Rule() string { return "K-12" }
func (e *StartEvent) Line() string {
	return fmt.Sprintf("campaign %s: %s (seed %d)", e.ID, e.Title, e.Seed)
}
func (e *StartEvent) WriteText(w *bytes.Buffer) error {
	var pcs []string
	for _, pc := range e.PCs {
		what := fmt.Sprintf("level %d, %d xp", pc.Level, pc.XP)
		if pc.Angel {
			what = "the angel, " + what
		}
		pcs = append(pcs, fmt.Sprintf("%s (%s)", pc.Name, what))
	}
	fmt.Fprintf(w, "%s\nparty: %s\npurse: %d gamels (K-12)\n", e.Line(), strings.Join(pcs, ", "), e.Purse)
	return nil
}

// FallbackEvent: the script ended; the policy takes over for the rest of the campaign.
type FallbackEvent struct {
	star
	Text string `json:"text"`
}

func (*FallbackEvent) Type() string   { return "campaign.fallback" }
func (*FallbackEvent) Rule() string   { return "" }
func (e *FallbackEvent) Line() string { return e.Text }

// SelectEvent: the party selects the next scenario among the unlocked ones (K-9, K-10).
type SelectEvent struct {
	star
	Scenario string `json:"scenario"`
	Text     string `json:"text"`
}

func (*SelectEvent) Type() string   { return "campaign.select" }
func (*SelectEvent) Rule() string   { return "K-10" }
func (e *SelectEvent) Line() string { return e.Text }

// BenefitEvent: the mercenary benefit of this sortie, "" for none (K-11).
type BenefitEvent struct {
	star
	Benefit string `json:"benefit"`
	Text    string `json:"text"`
}

func (*BenefitEvent) Type() string   { return "campaign.benefit" }
func (*BenefitEvent) Rule() string   { return "K-11" }
func (e *BenefitEvent) Line() string { return e.Text }

// LedgerEvent: an entry of the money ledger made by a preparation step (K-12..K-14); Text says
// what the step was. A step that makes two entries (a resurrection and its borrowing) writes two.
type LedgerEvent struct {
	Seen  runner.Audience `json:"audience"` // always "all"
	Entry Entry           `json:"entry"`
	Text  string          `json:"text"`
	first bool            // the first entry of the step: the transcript shows the step's line before it
}

func (*LedgerEvent) Type() string   { return "campaign.ledger" }
func (e *LedgerEvent) Rule() string { return e.Entry.Rule }
func (e *LedgerEvent) Line() string { return "ledger: " + entryText(e.Entry) }
func (e *LedgerEvent) WriteText(w *bytes.Buffer) error {
	if e.first {
		fmt.Fprintf(w, "* %s\n", e.Text)
	}
	fmt.Fprintf(w, "    %s\n", e.Line())
	return nil
}

// RetryEvent: the players take or decline the option to resume at the retained midpoint (K-67).
type RetryEvent struct {
	star
	Choice   string `json:"choice"` // "midpoint" | "start"
	Scenario string `json:"scenario"`
	Text     string `json:"text"`
}

func (*RetryEvent) Type() string   { return "campaign.retry" }
func (*RetryEvent) Rule() string   { return "K-67" }
func (e *RetryEvent) Line() string { return e.Text }

// SortieEvent: a sortie begins (K-16), or the prologue (K-8); what it carries from earlier
// attempts (K-67).
type SortieEvent struct {
	Seen             runner.Audience `json:"audience"` // always "all"
	Attempt          int             `json:"attempt"`
	Benefit          string          `json:"benefit"`
	MidpointRetained bool            `json:"midpointRetained"`
	NamedDead        []string        `json:"namedDead"`
	Prologue         bool            `json:"prologue"`
	Resume           bool            `json:"resume,omitempty"` // the retry resumes at the retained midpoint (K-67)
	Scenario         string          `json:"scenario"`
	// ScenarioTitle is shown, not encoded: exported so that the text sink's esc.Strings escapes it.
	ScenarioTitle string `json:"-"`
}

func (*SortieEvent) Type() string { return "campaign.sortie" }
func (e *SortieEvent) Rule() string {
	if e.Prologue {
		return "K-8"
	}
	return "K-16"
}
func (e *SortieEvent) Line() string {
	what := "sortie"
	if e.Prologue {
		what = "prologue (K-8)"
	}
	return fmt.Sprintf("#### %s: %s, %s (attempt %d) ####", what, e.Scenario, e.ScenarioTitle, e.Attempt)
}
func (e *SortieEvent) WriteText(w *bytes.Buffer) error {
	fmt.Fprintf(w, "\n%s\n", e.Line())
	switch {
	case e.MidpointRetained && e.Resume:
		w.WriteString("* the midpoint reached by an earlier attempt is retained (K-67): the retry resumes there, its XP is not granted again, and fresh armies take the field (K-68)\n")
	case e.MidpointRetained:
		w.WriteString("* the midpoint reached by an earlier attempt is retained (K-67): the party starts over from the beginning; its XP is not granted again\n")
	}
	if len(e.NamedDead) > 0 {
		fmt.Fprintf(w, "* named monsters that stay dead: %s (K-67)\n", strings.Join(e.NamedDead, ", "))
	}
	return nil
}

// UnlockEvent: scenarios become selectable (K-9 at the start, K-10 after a clear).
type UnlockEvent struct {
	star
	Scenarios []string `json:"scenarios"`
	Text      string   `json:"text"`
	rule      string
}

func (*UnlockEvent) Type() string   { return "campaign.unlock" }
func (e *UnlockEvent) Rule() string { return e.rule }
func (e *UnlockEvent) Line() string { return e.Text }

// GrowthEvent: a sortie is settled: XP (K-60, K-61, K-66), named monsters (K-67), the dead
// (K-100), the ledger (K-14, K-16), the base secured and the scenarios unlocked (K-10).
type GrowthEvent struct {
	Seen             runner.Audience `json:"audience"`  // always "all"
	Abilities        []AbilityRoll   `json:"abilities"` // the ability growths rolled (K-64), in order
	Attempt          int             `json:"attempt"`
	Base             string          `json:"base"`
	Day              int             `json:"day"`
	Dead             []string        `json:"dead"`
	Ledger           []Entry         `json:"ledger"`
	MidpointRetained bool            `json:"midpointRetained"`
	Named            []string        `json:"named"`
	Outcome          string          `json:"outcome"`
	PCs              []PC            `json:"pcs"`
	Purse            int             `json:"purse"`
	Reason           string          `json:"reason"`
	Scenario         string          `json:"scenario"`
	Unlocked         []string        `json:"unlocked"`
	XP               []int           `json:"xp"`
	XPNote           string          `json:"xpNote"`
	// Shown in the text, not encoded; exported so that the text sink's esc.Strings escapes them
	// (a stranger's string in an unexported field was printed raw, issue 28).
	BaseName string   `json:"-"` // the base's name
	Benefits []string `json:"-"` // mercenary benefits offered from now on (a clear, K-11)
}

// TextFromJSON marks WriteText as readable from the event's JSON alone (a replay page of a
// recorded campaign writes the growth block again: XP, ability growths, the dead, the ledger,
// base and unlocks); only BaseName and Benefits, not recorded, are then left out.
func (*GrowthEvent) TextFromJSON() {}

func (*GrowthEvent) Type() string { return "campaign.growth" }
func (*GrowthEvent) Rule() string { return "K-60" }
func (e *GrowthEvent) Line() string {
	l := fmt.Sprintf("growth after %s (attempt %d): %s on day %d", e.Scenario, e.Attempt, e.Outcome, e.Day)
	if e.Reason != "" {
		l += " (" + e.Reason + ")"
	}
	return l
}
func (e *GrowthEvent) WriteText(w *bytes.Buffer) error {
	fmt.Fprintf(w, "\n* %s\n", e.Line())
	if len(e.XP) > 0 {
		var tot []string
		for _, pc := range e.PCs {
			tot = append(tot, fmt.Sprintf("%s %d", pc.Shown(), pc.XP))
		}
		gain := "+" + itoa(e.XP[0]) + " each"
		for _, x := range e.XP {
			if x != e.XP[0] {
				var each []string
				for k, x := range e.XP {
					each = append(each, fmt.Sprintf("%s +%d", e.PCs[k].Shown(), x))
				}
				gain = strings.Join(each, ", ")
				break
			}
		}
		fmt.Fprintf(w, "    xp: %s, %s; now %s\n", gain, e.XPNote, strings.Join(tot, ", "))
	}
	for _, a := range e.Abilities {
		fmt.Fprintf(w, "    ability growth: %s (K-64, K-3)\n", abilityText(a))
	}
	if len(e.Named) > 0 {
		fmt.Fprintf(w, "    named monsters defeated, never to reappear: %s (K-67)\n", strings.Join(e.Named, ", "))
	}
	if len(e.Dead) > 0 {
		dead := make([]string, len(e.Dead))
		for i, id := range e.Dead {
			dead[i] = shownName(e.PCs, id)
		}
		fmt.Fprintf(w, "    dead: %s (K-100; the angel revives by itself, K-102)\n", strings.Join(dead, ", "))
	}
	for _, en := range e.Ledger {
		fmt.Fprintf(w, "    ledger: %s\n", entryText(en))
	}
	switch {
	case e.Base != "" && e.BaseName != "":
		fmt.Fprintf(w, "    base secured: %s, %s (K-10)\n", e.Base, e.BaseName)
	case e.Base != "": // decoded from JSON Lines (TextFromJSON): the name is not recorded
		fmt.Fprintf(w, "    base secured: %s (K-10)\n", e.Base)
	}
	if len(e.Unlocked) > 0 {
		fmt.Fprintf(w, "    unlocked: %s (K-10)\n", strings.Join(e.Unlocked, ", "))
	}
	if e.Outcome == runner.Success && len(e.Benefits) > 0 {
		fmt.Fprintf(w, "    mercenary benefits offered from now on: %s (K-11)\n", strings.Join(e.Benefits, ", "))
	}
	if e.Outcome == runner.Failure {
		if e.MidpointRetained {
			w.WriteString("    back to selection; the midpoint is retained for a retry (K-66, K-67)\n")
		} else {
			w.WriteString("    back to selection; a retry starts over with fresh armies (K-66, K-68)\n")
		}
	}
	return nil
}

// EndEvent: the campaign ends: how (final, nomore, stopped, limit), a row per sortie, the PCs, the
// purse and debts, the bases secured, the unlock order and the named monsters dead.
type EndEvent struct {
	Seen        runner.Audience `json:"audience"` // always "all"
	Bases       []string        `json:"bases"`
	End         string          `json:"end"`
	NamedDead   []string        `json:"namedDead"`
	PartyDebt   int             `json:"partyDebt"`
	PCs         []PC            `json:"pcs"`
	Purse       int             `json:"purse"`
	Rows        []Row           `json:"rows"`
	Text        string          `json:"text"`
	UnlockOrder []string        `json:"unlockOrder"`
}

func (*EndEvent) Type() string   { return "campaign.end" }
func (*EndEvent) Rule() string   { return "K-7" }
func (e *EndEvent) Line() string { return fmt.Sprintf("#### campaign %s: %s ####", e.End, e.Text) }
func (e *EndEvent) WriteText(w *bytes.Buffer) error {
	fmt.Fprintf(w, "\n%s\n", e.Line())
	var rows [][]string
	for _, r := range e.Rows {
		rows = append(rows, []string{r.Scenario, itoa(r.Attempt), r.Outcome, itoa(r.Days), itoa(r.XP), itoa(r.Money), strings.Join(r.Bases, " ")})
	}
	if err := runner.RenderTable(w, []string{"scenario", "attempt", "outcome", "days", "xp each", "purse", "bases"}, rows); err != nil {
		return err
	}
	rows = rows[:0]
	for _, pc := range e.PCs {
		st := "alive"
		if pc.Dead {
			st = "dead"
		}
		if pc.Angel {
			st += ", angel"
		}
		rows = append(rows, []string{pc.Shown(), itoa(pc.Level), itoa(pc.XP), itoa(pc.Debt), growthText(pc.Growth), st})
	}
	if err := runner.RenderTable(w, []string{"pc", "level", "xp", "debt", "ability growth (K-64)", "state"}, rows); err != nil {
		return err
	}
	fmt.Fprintf(w, "purse %d gamels; unlock order: %s; named monsters dead: %s\n", e.Purse, joinOrNone(e.UnlockOrder), joinOrNone(e.NamedDead))
	return nil
}

// joinOrNone joins ids with ", ", or gives "none" for an empty list (so a line never ends in
// "named monsters dead: ").
func joinOrNone(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

func init() {
	runner.RegisterEvents("campaign",
		runner.EventDoc{Event: &StartEvent{}, Doc: "the campaign begins: its PCs, the purse and the seed (K-1, K-12)"},
		runner.EventDoc{Event: &FallbackEvent{}, Doc: "the script ended; the policy decides the rest of the campaign"},
		runner.EventDoc{Event: &SelectEvent{}, Doc: "the party selects the next scenario among the unlocked ones (K-9, K-10)"},
		runner.EventDoc{Event: &BenefitEvent{}, Doc: "the mercenary benefit of this sortie, \"\" for none (K-11)"},
		runner.EventDoc{Event: &LedgerEvent{}, Doc: "a money ledger entry made while preparing a sortie: purchase, treatment, resurrection, borrowing (K-12..K-14)"},
		runner.EventDoc{Event: &RetryEvent{}, Doc: "the players resume a retry at the retained midpoint or start over (K-67)"},
		runner.EventDoc{Event: &SortieEvent{}, Doc: "a sortie (K-16) or the prologue (K-8) begins, with what earlier attempts left (K-67); the scenario's own events follow"},
		runner.EventDoc{Event: &UnlockEvent{}, Doc: "scenarios become selectable (K-9, K-10)"},
		runner.EventDoc{Event: &GrowthEvent{}, Doc: "a sortie is settled: XP (K-60, K-61, K-66), ability growths (K-64), named monsters (K-67), the dead (K-100), the ledger (K-14, K-16), base and unlocks (K-10)"},
		runner.EventDoc{Event: &EndEvent{}, Doc: "the campaign ends: final (K-7), nomore, stopped or limit, with a row per sortie and the final state"},
	)
}
