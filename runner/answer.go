package runner

import (
	"fmt"
	"strconv"
	"strings"
)

// The one matcher of what a person types at any prompt (issue 23): every kind of request, every
// rule system. A line is, in this order:
//   - empty: the suggestion (Prompt answers it before matchChoice);
//   - a number: the choice of that number as the prompt lists it (1..n), or for a pick the face
//     itself (K-37: a script's {pick: 4}), the number the pick prompt shows, also as its label
//     reads ("keep the 4", in any case);
//   - a name: exactly, then ignoring case, spaces, hyphens, underscores and apostrophes
//     ("Bram", "bram", "BRAM"; "Defensive Wall", "defensive-wall"; "6, 3" for "6,3");
//   - a prefix of exactly one name, compared the same way ("br" for "Bram").
// A second choice with the same prefix makes the line ambiguous; the reply names two of them.

// matchChoice finds the choice a person typed (see above). It returns the choice's index, or a
// reason the line is not one ("" when it is).
func matchChoice(r *Request, line string) (int, string) {
	s := strings.TrimSpace(line)
	if s == "" {
		return 0, "no answer"
	}
	if r.Kind == KindPick {
		s = pickLabel(s)
	}
	if n, err := strconv.Atoi(s); err == nil {
		// A pick is answered by the face itself, as in a script ({pick: 4}), never by position.
		if r.Kind == KindPick {
			for i, c := range r.Choices {
				if c.Value == n {
					return i, ""
				}
			}
			return 0, fmt.Sprintf("%d is not one of the faces rolled", n)
		}
		if n >= 1 && n <= len(r.Choices) {
			return n - 1, ""
		}
		return 0, fmt.Sprintf("%d is not a choice", n)
	}
	if i := r.Find(s); i >= 0 {
		return i, ""
	}
	if i := r.FindFold(s); i >= 0 {
		return i, ""
	}
	f := foldName(s)
	if f == "" {
		return 0, fmt.Sprintf("%s is not a choice", echo(line))
	}
	// The first letters as typed (in any case) first: "fireb" is fireball, not also fire-bolt,
	// which it begins only once the hyphen is folded away ("firebolt").
	found, other := prefixOf(r, strings.ToLower(s), strings.ToLower)
	if found < 0 || other >= 0 {
		found, other = prefixOf(r, f, foldName)
	}
	if other >= 0 {
		return 0, fmt.Sprintf("%s could be %s or %s", echo(line), r.Choices[found].Name, r.Choices[other].Name)
	}
	if found >= 0 {
		// A prefix of a word the prompt answers itself too ("st": stay or status) is not taken
		// as the choice: a choice is not taken back, so a person who meant the word must not lose
		// the decision to it (issue 23 review D2: "st" made the party stay, "h" hid the mage).
		if w := prefixWord(r, s); w != "" {
			return 0, fmt.Sprintf("%s could be %s or %s: type more of it", echo(line), r.Choices[found].Name, w)
		}
		return found, ""
	}
	return 0, fmt.Sprintf("%s is not a choice", echo(line))
}

// prefixOf finds the choices of r whose name, as norm makes it, begins with s: found is the first
// (-1: none) and other a second (-1: found is the only one).
func prefixOf(r *Request, s string, norm func(string) string) (found, other int) {
	found, other = -1, -1
	for i, c := range r.Choices {
		if strings.HasPrefix(norm(c.Name), s) {
			if found >= 0 {
				return found, i
			}
			found = i
		}
	}
	return found, other
}

// promptWords are the words the prompt answers itself at r rather than as a choice: help and
// the View's Shows (map, status, units).
func promptWords(r *Request) []string {
	ws := []string{"help"}
	if sh, ok := r.View.(Shower); ok {
		ws = append(ws, sh.Shows()...)
	}
	return ws
}

// prefixWord is the first of r's prompt words that line (not empty) begins, in any case, or "".
func prefixWord(r *Request, line string) string {
	l := strings.ToLower(strings.TrimSpace(line))
	if l == "" {
		return ""
	}
	for _, w := range promptWords(r) {
		if strings.HasPrefix(w, l) {
			return w
		}
	}
	return ""
}

// pickLabel is a pick's answer without the label's words the prompt writes before the face
// ("4) keep the 4", writeChoices), in any case: "keep the 4", "Keep The 4", "KEEP 4" are "4"
// (issue 23 review: the label as shown was refused).
func pickLabel(s string) string {
	for _, w := range []string{"keep the ", "keep "} {
		if len(s) > len(w) && strings.EqualFold(s[:len(w)], w) {
			return strings.TrimSpace(s[len(w):])
		}
	}
	return s
}

// maxEcho is how many runes of an answer a reply quotes back (issue 23, B1).
const maxEcho = 40

// echo is line quoted (%q) for a reply, cut to its first maxEcho runes and marked "..." when
// longer: an answer of a megabyte is refused in a line, not echoed back in full (issue 23, B1).
func echo(line string) string {
	if r := []rune(line); len(r) > maxEcho {
		return fmt.Sprintf("%q...", string(r[:maxEcho]))
	}
	return fmt.Sprintf("%q", line)
}

// Shower is implemented by a Request's View when the prompt can show more of the situation on
// demand: Shows lists the words ("map", "status", "units"), Show returns the text of one ("" for
// nothing to show). Typing one of the words prints it and asks the question again: the decision
// is not used up.
type Shower interface {
	Shows() []string
	Show(what string) string
}

// word reports whether line is a word the prompt answers itself (help, ?, or one of the View's
// Shows) rather than a choice: a choice named exactly like the word wins. The first letters of
// one word are that word ("stat", "m") when no choice begins with them: showing the map costs
// nothing, so a word is matched as a choice is (issue 23: "by unique prefix everywhere"); when a
// choice begins with them too, matchChoice calls the line ambiguous.
func word(r *Request, line string) (string, bool) {
	w := strings.ToLower(strings.TrimSpace(line))
	if w == "" || r.Find(w) >= 0 || r.FindFold(w) >= 0 {
		return "", false
	}
	if w == "?" {
		return "help", true
	}
	ws := promptWords(r)
	for _, s := range ws {
		if w == s {
			return s, true
		}
	}
	if f := foldName(w); f == "" || r.Kind == KindPick {
		return "", false
	} else {
		for _, c := range r.Choices {
			if strings.HasPrefix(foldName(c.Name), f) {
				return "", false
			}
		}
	}
	found := ""
	for _, s := range ws {
		if strings.HasPrefix(s, w) {
			if found != "" {
				return "", false // "s" of status and something else: not a word, nor a choice
			}
			found = s
		}
	}
	return found, found != ""
}

// help says what can be typed at r's prompt; suggestion is the index Enter takes.
func help(r *Request, suggestion int) string {
	var b strings.Builder
	b.WriteString("  you can type:\n")
	if r.Kind == KindPick {
		// By face, not by position (issue 23 review): the answer is a die's face (K-37), the number
		// on the die the players look at, as a script's {pick: 5} is; a position 1..2 would read
		// as a face ("1") the dice did not show.
		fmt.Fprintf(&b, "    a face rolled (%s): the face the party keeps (the numbers are the dice's faces, K-37,\n", r.Legal())
		b.WriteString("    not positions: type what the die shows, as a script's {pick: FACE} does)\n")
	} else {
		fmt.Fprintf(&b, "    a number 1..%d: the choice of that number\n", len(r.Choices))
		b.WriteString("    a name, in any case, or the first letters of one name: ")
		if len(r.Choices) > 12 {
			b.WriteString(r.Choices[0].Name + ", " + r.Choices[1].Name + ", ...")
		} else {
			b.WriteString(r.Legal())
		}
		b.WriteByte('\n')
	}
	if suggestion >= 0 && suggestion < len(r.Choices) {
		fmt.Fprintf(&b, "    Enter: %s (the suggestion)\n", r.Choices[suggestion].Name)
	}
	if r.Optional {
		b.WriteString("    auto: the engine decides the rest of this " + autoSpan(r) + "\n")
	} else if r.Phase == PhaseRound {
		// A clash turn's first question must be answered: auto answers it with the suggestion.
		if suggestion >= 0 && suggestion < len(r.Choices) {
			fmt.Fprintf(&b, "    auto: %s, then the engine decides the rest of this turn\n", r.Choices[suggestion].Name)
		}
	}
	if sh, ok := r.View.(Shower); ok {
		for _, s := range sh.Shows() {
			what := showWhat[s]
			if sa, ok := sh.(ShowSayer); ok && sa.ShowWhat(s) != "" {
				what = sa.ShowWhat(s)
			}
			fmt.Fprintf(&b, "    %s: %s\n", s, what)
		}
	}
	b.WriteString("    ? or help: this list\n")
	if r.Kind != KindPick {
		b.WriteString("  a word here may be cut short (stat, m) where no choice begins the same way\n")
	}
	if r.Kind == KindTactic || r.Kind == KindBoon {
		// A Pathfinder tactic or boon: what it does is a page of its own (issue 24's walkthrough:
		// the choices are names a newcomer may not know).
		b.WriteString("  what a tactic or boon does: sortie explain NAME (in another terminal)\n")
	}
	return b.String()
}

// ShowSayer is a Shower that says in a few words what its word prints (the ? list), where the
// words of a battle differ from a run's; "" leaves it to showWhat.
type ShowSayer interface {
	ShowWhat(word string) string
}

// showWhat says in a few words what each Shower word prints in a run (Karzoral).
var showWhat = map[string]string{
	"briefing": "the briefing of the start of the run again",
	"map":      "the map as you know it (the question stays open)",
	"status":   "where things stand: day or round, party, supplies, objectives",
	"units":    "the table of the units and solos (clash) or armies (Pathfinder) now",
}
