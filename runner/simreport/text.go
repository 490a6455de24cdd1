package simreport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/words"

	show "github.com/sortie-rpg/sortie/compiler/esc"
	"github.com/sortie-rpg/sortie/runner"
)

// histWidth is the longest bar of a terminal histogram, in characters.
const histWidth = 40

// WriteText writes r as the terminal reads it: the outcome rates with their 95% intervals and
// causes, when the runs ended with a histogram, the measures, the coverage with what no run
// covered, and the checks. No colour, no trailing spaces.
func WriteText(w io.Writer, r *Report) error {
	r = show.Strings(r) // strangers' ids, titles, causes and checks: one line each (a copy)
	var b bytes.Buffer
	title := r.ID
	if r.Title != "" {
		title += ": " + r.Title
	}
	fmt.Fprintf(&b, "simulate %s %s (%s)\n", r.Kind, title, r.Rules)
	fmt.Fprintf(&b, "%s, policy %s, seeds %d..%d\n", words.Count(r.Runs, "run"), r.Policy, r.Seed, r.LastSeed)

	b.WriteString("\noutcomes\n")
	var rows [][]string
	for _, o := range r.Outcomes {
		rows = append(rows, []string{o.Outcome, strconv.Itoa(o.Runs), pct(o.Rate), pct(o.Low) + " - " + pct(o.High)})
		for _, c := range o.Causes {
			rows = append(rows, []string{"- " + c.Cause, strconv.Itoa(c.Runs), pct(c.Rate), ""})
		}
	}
	if err := runner.RenderTable(&b, []string{"outcome / cause", "runs", "rate", "95% interval"}, rows); err != nil {
		return err
	}

	fmt.Fprintf(&b, "\n%s to the end: %s\n", r.DayUnit, summaryLine(r.Days))
	writeHistogram(&b, r.DaysHist)

	if len(r.Measures) > 0 {
		b.WriteString("\nat the end of the runs\n")
		rows = rows[:0]
		for _, m := range r.Measures {
			rows = append(rows, []string{scoped(m.Scope, m.Name+" "+m.Who), strconv.Itoa(m.N), strconv.Itoa(m.Min),
				strconv.Itoa(m.Median), strconv.Itoa(m.P90), strconv.Itoa(m.Max), fmt.Sprintf("%.1f", m.Mean)})
		}
		if err := runner.RenderTable(&b, []string{"value", "runs", "min", "median", "p90", "max", "mean"}, rows); err != nil {
			return err
		}
	}

	writeFought(&b, r.Heat)

	b.WriteString("\ncoverage (runs in which each happened)\n")
	for _, c := range r.Coverage {
		fmt.Fprintf(&b, "%s: %d of %d covered\n", scoped(c.Scope, heading(c.Kind)), c.Covered, c.Total)
		var never, none, parts []string
		for _, e := range c.Entities {
			switch {
			case e.Runs > 0:
				parts = append(parts, fmt.Sprintf("%s %s", e.ID, pct(e.Rate)))
			case e.Optional || c.Optional:
				none = append(none, e.ID) // a non-event: a fact, not a gap
			default:
				never = append(never, e.ID)
			}
		}
		if len(parts) > 0 {
			wrap(&b, "  ", parts)
		}
		if len(never) > 0 {
			never[0] = "never: " + never[0]
			wrap(&b, "  ", never)
		}
		if len(none) > 0 {
			none[0] = "in no run: " + none[0]
			wrap(&b, "  ", none)
		}
	}
	for _, e := range r.Errors {
		fmt.Fprintf(&b, "\nerror in %s (first seed %d): %s\n", words.Count(e.Runs, "run"), e.FirstSeed, e.Error)
	}
	if len(r.Checks) > 0 {
		b.WriteString("\nchecks\n")
		for _, c := range r.Checks {
			status := "ok  "
			if !c.OK {
				status = "FAIL"
			}
			line := fmt.Sprintf("%s %s: %s, want %s", status, c.Name, c.Got, c.Want)
			if c.Pos != "" {
				line = c.Pos + ": " + line
			}
			if !c.OK && c.Seed != nil {
				line += fmt.Sprintf(" (smallest failing seed %d", *c.Seed)
				if c.Replay != "" {
					line += ", replay " + c.Replay
				}
				line += ")"
			}
			b.WriteString(line + "\n")
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// WriteJSON writes v (a Report, or the checks) as indented JSON, HTML characters not escaped.
// Hidden characters of names (a bidi override, a zero-width space: esc.Hidden) are written as
// \uXXXX escapes.
func WriteJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(show.JSON(buf.Bytes()))
	return err
}

func summaryLine(s Summary) string {
	if s.N == 0 {
		return "no runs"
	}
	return fmt.Sprintf("min %d, median %d, p90 %d, max %d, mean %.2f", s.Min, s.Median, s.P90, s.Max, s.Mean)
}

// writeHistogram draws one row per value: the value, a bar of '#' scaled to the largest count,
// the runs.
func writeHistogram(b *bytes.Buffer, bars []Bar) {
	top, wide := 0, 1
	label := func(x Bar) string {
		if x.To > x.Value {
			return fmt.Sprintf("%d-%d", x.Value, x.To)
		}
		return strconv.Itoa(x.Value)
	}
	for _, x := range bars {
		top = max(top, x.Runs)
		wide = max(wide, len(label(x)))
	}
	for _, x := range bars {
		n := 0
		if top > 0 {
			n = (x.Runs*histWidth + top - 1) / top
		}
		fmt.Fprintf(b, "  %*s | %-*s %d\n", wide, label(x), histWidth, strings.Repeat("#", n), x.Runs)
	}
}

// wrap writes parts separated by ", " in lines of at most 100 characters after indent.
func wrap(b *bytes.Buffer, indent string, parts []string) {
	line := indent
	for i, p := range parts {
		sep := ""
		if i < len(parts)-1 {
			sep = ","
		}
		if len(line) > len(indent) && len(line)+len(p)+len(sep)+1 > 100 {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = indent
		}
		line += p + sep + " "
	}
	b.WriteString(strings.TrimRight(line, " ") + "\n")
}

func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

func scoped(scope, s string) string {
	if scope == "" {
		return s
	}
	return scope + ": " + s
}

// kindWords are the headings of the kinds that are not nouns: what happened to a unit, in words
// ("broke", not "brokens").
var kindWords = map[string]string{"broken": "broke", "deserted": "deserted"}

// kindNotes say what a kind's rate counts where its name alone leaves it open: an army's fate is
// how it ended, an action anything it did or suffered at least once (routed 13% of runs, while
// only 4% ended routed: the others were destroyed after, P-60).
var kindNotes = map[string]string{"fate": "how it ended", "action": "at least once in a run"}

// heading is a kind's heading: its plural and, where the name leaves it open, what it counts.
func heading(kind string) string {
	if n, ok := kindNotes[kind]; ok {
		return plural(kind) + " (" + n + ")"
	}
	return plural(kind)
}

// plural names a kind's entities as a heading: "blocks", "objectives", "broke".
func plural(kind string) string {
	if w, ok := kindWords[kind]; ok {
		return w
	}
	switch {
	case strings.HasSuffix(kind, "y"):
		return kind[:len(kind)-1] + "ies"
	case strings.HasSuffix(kind, "s"), strings.HasSuffix(kind, "x"):
		return kind + "es"
	}
	return kind + "s"
}

// writeFought writes, for each heat map with battles on it (a Pathfinder hex map, P-14), where
// they were fought: each cell that saw one with its battles and their share, in map order.
func writeFought(b *bytes.Buffer, heat []Heat) {
	for _, h := range heat {
		if h.Battles == 0 {
			continue
		}
		cells := "blocks"
		if h.Grid == "hex" {
			cells = "hexes"
		}
		fmt.Fprintf(b, "\n%s (%d battles, all runs)\n", scoped(h.Scope, "battles by "+strings.TrimSuffix(cells, "es")), h.Battles)
		var parts []string
		for _, c := range h.Cells {
			if c.Fought > 0 {
				parts = append(parts, fmt.Sprintf("%s %d (%s)", c.ID, c.Fought, pct(float64(c.Fought)/float64(h.Battles))))
			}
		}
		b.WriteString("  " + strings.Join(parts, ", ") + "\n")
	}
}
