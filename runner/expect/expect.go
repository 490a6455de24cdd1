package expect

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/sortie-rpg/sortie/compiler/diag"
)

// Expect is a decoded #Expect: each field with where it is written. Nil or empty fields expect
// nothing.
type Expect struct {
	Pos        diag.Pos // the expectation as a whole (the test entry)
	Outcome    *Str
	Day        *NumAt
	Reason     *Str
	Party      *Str
	Rations    *NumAt
	Armies     []Named // by army id, in source order
	XP         []Named // by PC name
	Objectives []Str
	Events     []Named
}

// Str is a string and where it is written.
type Str struct {
	V   string
	Pos diag.Pos
}

// NumAt is an expected number and where it is written.
type NumAt struct {
	Num
	Pos diag.Pos
	// Word is how a run's length is named where it is written: for a battle "round" (When
	// Armies Clash) or "phase" (Pathfinder); "" for day: and for other numbers.
	Word string
}

// DayWords are the names a run's length may be written with: days (a scenario, a campaign),
// rounds (a clash battle, U-28), phases (a Pathfinder battle, P-15).
var DayWords = []string{"day", "round", "phase"}

// dayWord is the word of a run's length n was written with ("day" when n is nil).
func dayWord(n *NumAt) string {
	if n == nil || n.Word == "" {
		return "day"
	}
	return n.Word
}

// Named is an expected number of a named thing (an army, a PC, an event).
type Named struct {
	Name string
	Num  Num
	Pos  diag.Pos
}

// Run is a finished run as the expectations read it; any engine fills it (see the adapter in
// cmd/sortie). Maps are by id or name.
type Run struct {
	Outcome    string         // "success" | "failure" | "stopped"
	Day        int            // the day it ended
	Reason     string         // why it ended
	Party      string         // the party's block at the end ("" for Pathfinder)
	Rations    int            // rations left
	Armies     map[string]int // strength (Karzoral; 0 when destroyed) or hp (Pathfinder)
	XP         map[string]int // XP gained by each PC, by name
	Objectives []string       // objectives reached, in the order reached
	Events     map[string]int // times each event fired (absent: never)
	// Winner is a battle's winning side, or "no winner" ("" for a scenario's run); Day then counts
	// Unit: "round" (a clash battle) or "phase" (a Pathfinder battle).
	Winner, Unit string
}

// Known is what a plan defines, for Validate: ids of armies, objectives, events and blocks, and
// the PCs' names. A nil slice is not checked (the engine has no such thing).
type Known struct {
	Armies, Objectives, Events, Blocks, PCs []string
	// NoRations: the engine keeps no rations (Pathfinder), so expecting some is a Q002.
	NoRations bool
	// DayUnit is what a run's length counts: "day", "round" (a clash battle) or "phase" (a
	// Pathfinder battle); "" is not checked. "day" is also taken for a battle's rounds or phases.
	DayUnit string
	// Reasons are the lines a test's run may end with (its reason), each number in them written
	// as -1 (a clash battle's result lines, clash.ResultLines): a test's reason: that no line of
	// them can hold is a Q002 (reasonCan; a balance check's reason reads another line, the
	// observer's cause, and is not checked); nil: not checked.
	Reasons []string
	// Winners are the outcomes a balance check's winner: may name: a battle's side names and "no
	// winner"; nil: the subject is not a battle (winner: is a Q002).
	Winners []string
}

// Validate reports Q002 for every name the expectation gives that k does not know.
func (e *Expect) Validate(k Known) diag.List {
	var list diag.List
	if e.Day != nil {
		list = append(list, checkDayWord(e.Day, k)...)
		list = append(list, checkLength(e.Day, k)...)
	}
	subject := "scenario" // what the test is of, as its Q002 names it
	if k.Winners != nil {
		subject = "battle"
	}
	check := func(what string, known []string, name string, pos diag.Pos) {
		if known == nil {
			if name != "" {
				list.Add(diag.Errorf(pos, CodeBadTest, "this %s has no %s to expect", subject, what))
			}
			return
		}
		for _, n := range known {
			if n == name {
				return
			}
		}
		d := diag.Errorf(pos, CodeBadTest, "no %s %q in the %s", what, name, subject)
		d.Hint = diag.DidYouMean(name, known)
		list.Add(d)
	}
	for _, a := range e.Armies {
		check("army", k.Armies, a.Name, a.Pos)
	}
	for _, o := range e.Objectives {
		check("objective", k.Objectives, o.V, o.Pos)
	}
	for _, ev := range e.Events {
		check("event", k.Events, ev.Name, ev.Pos)
	}
	for _, x := range e.XP {
		check("PC", k.PCs, x.Name, x.Pos)
	}
	if e.Party != nil {
		check("block", k.Blocks, e.Party.V, e.Party.Pos)
	}
	if e.Rations != nil && k.NoRations {
		list.Add(diag.Errorf(e.Rations.Pos, CodeBadTest, "this %s keeps no rations to expect", subject))
	}
	list.Sort()
	return list
}

// Check compares a finished run with the expectation and returns a Q001 diagnostic, at the
// field, for each expectation the run does not meet; nil when it meets them all.
func (e *Expect) Check(r *Run) diag.List {
	var list diag.List
	fail := func(pos diag.Pos, format string, args ...any) {
		list.Add(diag.Errorf(pos, CodeUnmet, format, args...))
	}
	if e.Outcome != nil && r.Outcome != e.Outcome.V {
		fail(e.Outcome.Pos, "outcome: the run ended in %s on day %d (%s), the test wants %s", r.Outcome, r.Day, r.Reason, e.Outcome.V)
	}
	if e.Day != nil && !e.Day.Match(r.Day) {
		fail(e.Day.Pos, "%s: the run ended on %s %d, the test wants %s", dayWord(e.Day), dayWord(e.Day), r.Day, e.Day.Num)
	}
	if e.Reason != nil && !strings.Contains(r.Reason, e.Reason.V) {
		fail(e.Reason.Pos, "reason: the run ended because of %q, the test wants %q", r.Reason, e.Reason.V)
	}
	if e.Party != nil && r.Party != e.Party.V {
		fail(e.Party.Pos, "party: the party ended in block %s, the test wants %s", r.Party, e.Party.V)
	}
	if e.Rations != nil && !e.Rations.Match(r.Rations) {
		fail(e.Rations.Pos, "rations: %d left, the test wants %s", r.Rations, e.Rations.Num)
	}
	for _, a := range e.Armies {
		v, ok := r.Armies[a.Name]
		if !ok || !a.Num.Match(v) {
			fail(a.Pos, "armies.%s: strength %d at the end, the test wants %s", a.Name, v, a.Num)
		}
	}
	for _, x := range e.XP {
		if v := r.XP[x.Name]; !x.Num.Match(v) {
			fail(x.Pos, "xp.%s: %d XP gained, the test wants %s", x.Name, v, x.Num)
		}
	}
	for _, o := range e.Objectives {
		found := false
		for _, got := range r.Objectives {
			found = found || got == o.V
		}
		if !found {
			reached := "none"
			if len(r.Objectives) > 0 {
				reached = strings.Join(r.Objectives, ", ")
			}
			fail(o.Pos, "objectives: %s was not reached (reached: %s)", o.V, reached)
		}
	}
	for _, ev := range e.Events {
		if v := r.Events[ev.Name]; !ev.Num.Match(v) {
			fail(ev.Pos, "events.%s: fired %s, the test wants %s", ev.Name, times(v), ev.Num)
		}
	}
	return list
}

func times(n int) string {
	switch n {
	case 0:
		return "never"
	case 1:
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// Summary renders the run's observable results in the vocabulary (for reports), keys sorted: "success
// on day 7, mercenaries 15"; a battle's "winner Stolen Lands after phase 3, militia 10".
func (r *Run) Summary() string {
	unit := r.Unit
	if unit == "" {
		unit = "day"
	}
	parts := []string{fmt.Sprintf("%s on %s %d", r.Outcome, unit, r.Day)}
	if r.Winner != "" {
		parts[0] = fmt.Sprintf("winner %s after %s %d", r.Winner, unit, r.Day)
	}
	var ids []string
	for id := range r.Armies {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		parts = append(parts, fmt.Sprintf("%s %d", id, r.Armies[id]))
	}
	return strings.Join(parts, ", ")
}

// checkLength reports (Q002) a run's length no run can end on: a negative one, or for a clash
// battle one below round 1 (U-71, U-75: a battle ends at the end of a round).
func checkLength(n *NumAt, k Known) diag.List {
	min, why := 0, "a run's length is never negative"
	if k.DayUnit == "round" {
		min, why = 1, "a clash battle ends at the end of a round, round 1 or later (U-71, U-75)"
	}
	if n.Num.CanBe(min) {
		return nil
	}
	return diag.List{diag.Errorf(n.Pos, CodeBadTest, "%s: %s can never match: %s", dayWord(n), n.Num, why)}
}

// reDigits finds a number in a reason.
var reDigits = regexp.MustCompile(`-?[0-9]+`)

// reasonCan reports whether some line of lines (numbers written as -1) can hold want: want with
// each number in it read as any number is in one of them.
func reasonCan(want string, lines []string) bool {
	w := reDigits.ReplaceAllString(want, "#")
	for _, l := range lines {
		if strings.Contains(reDigits.ReplaceAllString(l, "#"), w) {
			return true
		}
	}
	return false
}

// reasonExample is a line of lines with numbers in it: the second (a clash battle's first
// victory, U-73: a lead of 1 or 2), 10 - 8.
func reasonExample(lines []string) string {
	l := lines[min(1, len(lines)-1)]
	return strings.Replace(strings.Replace(l, "-1", "10", 1), "-1", "8", 1)
}

// checkDayWord reports (Q002) a run's length written with a word the subject does not count in
// (k.DayUnit, the registry's compiler.Offer Unit): day: or phase: for a clash battle (rounds,
// U-28), day: or round: for a Pathfinder battle (phases, P-15), round: or phase: for a scenario
// (days). A battle's length written as day: was taken before the words were given (issue 20):
// it is refused now with the word to write, as the other words are. "" in k is not checked.
func checkDayWord(n *NumAt, k Known) diag.List {
	w := dayWord(n)
	if k.DayUnit == "" || w == k.DayUnit {
		return nil
	}
	what := map[string]string{"day": "a scenario's run counts days", "round": "a clash battle counts rounds", "phase": "a Pathfinder battle counts phases"}[k.DayUnit]
	return diag.List{diag.Errorf(n.Pos, CodeBadTest, "%s: %s: write %s:", w, what, k.DayUnit)}
}

// Validate is Expect.Validate for a test, with its winner: a battle file's test names the side
// that must win (or "no winner") where a scenario's names an outcome (Q002 for either written for
// the other subject, and for a winner that is no side of the battle).
func (t *Test) Validate(k Known) diag.List {
	list := t.Expect.Validate(k)
	if r := t.Expect.Reason; r != nil && len(k.Reasons) > 0 && !reasonCan(r.V, k.Reasons) {
		list.Add(diag.Errorf(r.Pos, CodeBadTest, "reason: %q is in no line this battle can end with, such as %q", r.V, reasonExample(k.Reasons)))
	}
	switch {
	case t.Winner != nil && k.Winners == nil:
		list.Add(diag.Errorf(t.Winner.Pos, CodeBadTest, "winner: only a battle has a winning side; use outcome: \"success\" or \"failure\""))
	case t.Winner != nil && !slices.Contains(k.Winners, t.Winner.V):
		list.Add(diag.Errorf(t.Winner.Pos, CodeBadTest, "winner %q is no side of this battle (want %s)", t.Winner.V, quoteList(k.Winners)))
	}
	if o := t.Expect.Outcome; o != nil && k.Winners != nil {
		list.Add(diag.Errorf(o.Pos, CodeBadTest, "outcome: a battle ends with a winning side, not in success or failure; write winner: (%s)", quoteList(k.Winners)))
	}
	list.Sort()
	return list
}

// Check is Expect.Check for a test, with its winner (Q001 at winner: when another side won).
func (t *Test) Check(r *Run) diag.List {
	list := t.Expect.Check(r)
	if t.Winner != nil && r.Winner != t.Winner.V {
		list.Add(diag.Errorf(t.Winner.Pos, CodeUnmet, "winner: %s after %s %d, the test wants %s", r.Winner, r.Unit, r.Day, t.Winner.V))
	}
	list.Sort()
	return list
}
