package runner

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mitchellh/go-wordwrap"
)

// Prompt is a Decider that asks a person: it writes each question with the numbered legal choices
// and the suggestion Enter takes to out, and reads the answer from in (matchChoice: a number, a
// name in any case, or a unique prefix of one). "?"/"help" and the View's words ("map",
// "status", "units": Shower) print without using the decision up. An answer it cannot use is
// explained and the question asked again. At end of input it returns an error wrapping
// ErrNoInput. With table dice it is also a Roller that asks for every die.
type Prompt struct {
	in        *bufio.Reader
	out       io.Writer
	tableDice bool
	suggest   Decider // the policy whose answer Enter takes (nil: the request's Default)
	auto      bool    // "auto" was typed: Optional requests of that turn go to the engine
	autoTurn  string  // the turn (Day and Block) auto was typed in
	opening   string  // PromptConfig.Opening, until the first question shows it
	width     func() int
}

// PromptConfig configures NewPromptWith.
type PromptConfig struct {
	// TableDice asks for every die as well ("roll 1d6:"), instead of rolling it.
	TableDice bool
	// Suggest is the policy whose answer the prompt shows and Enter takes, for requests that do
	// not carry the engine's own (Optional ones, and a clash battle's, whose Default is its
	// policy's answer). nil: the request's Default (the first choice when it has none).
	Suggest Decider
	// Opening is what the first question shows above itself, when its View is a Shower that
	// knows the word: "briefing" (a new run), "recap" (a resumed one), "" for nothing.
	Opening string
	// Width is the terminal's width in columns now, asked at every question (a terminal may be
	// resized); nil or 0: no limit. The question, its choices and what the View says about it
	// (Narrower) are fitted to it.
	Width func() int
}

// NewPrompt returns a Prompt reading answers from in and writing questions to out. With tableDice,
// every die is asked for as well ("roll 1d6:"), instead of being rolled by the generator.
func NewPrompt(in io.Reader, out io.Writer, tableDice bool) Decider {
	return NewPromptWith(in, out, PromptConfig{TableDice: tableDice})
}

// NewPromptWith returns a Prompt configured by c (see PromptConfig).
func NewPromptWith(in io.Reader, out io.Writer, c PromptConfig) *Prompt {
	return &Prompt{in: bufio.NewReader(in), out: TerminalWriter(out), tableDice: c.TableDice, suggest: c.Suggest, opening: c.Opening, width: c.Width}
}

// cols is the terminal's width now (PromptConfig.Width), 0 for no limit.
func (p *Prompt) cols() int {
	if p.width == nil {
		return 0
	}
	return max(0, p.width())
}

// suggestion is the index of the choice Enter takes: the engine's own answer when the request
// carries one (Optional, or a clash battle's round, where Default is always its policy's), else
// the Suggest policy's, else Default.
func (p *Prompt) suggestion(r *Request) int {
	d := r.Default
	if d < 0 || d >= len(r.Choices) {
		d = 0
	}
	if r.Optional || r.Phase == PhaseRound || p.suggest == nil {
		return d
	}
	a, err := p.suggest.Decide(r)
	if err != nil || a.Default || a.Choice < 0 || a.Choice >= len(r.Choices) {
		return d
	}
	return a.Choice
}

// MaxAnswer bounds a line typed at a prompt, in bytes with its end: a longer line is read
// through to its end in pieces of the reader's buffer (4 KiB), never held whole, and refused
// with a message; the question waits for the next line (issue 23, B1: 20 MB piped to a prompt
// was held, then echoed back in full).
const MaxAnswer = 4096

// readLine reads one line without its end; io.EOF only when nothing was left. A line over
// MaxAnswer is refused (a message on p.out) and the next line read in its place.
func (p *Prompt) readLine() (string, error) {
	for {
		var buf []byte
		long := false
		for {
			chunk, err := p.in.ReadSlice('\n')
			if !long && len(buf)+len(chunk) > MaxAnswer {
				long, buf = true, nil
			}
			if !long {
				buf = append(buf, chunk...)
			}
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			if err != nil {
				if errors.Is(err, io.EOF) && (len(buf) > 0 || long) {
					break
				}
				return "", err
			}
			break
		}
		if !long {
			return strings.TrimSpace(string(buf)), nil
		}
		if _, err := fmt.Fprintf(p.out, "that answer is too long (over %d bytes): refused; answer again\n> ", MaxAnswer); err != nil {
			return "", err
		}
	}
}

func (p *Prompt) inputErr(r *Request, err error) error {
	if errors.Is(err, io.EOF) {
		// End of input (Ctrl-D) leaves the cursor after "> ": what is printed next (the map at
		// the end of the run, a save message) starts on a line of its own.
		io.WriteString(p.out, "\n")
		return fmt.Errorf("%s: %w", r.Where(), ErrNoInput)
	}
	return fmt.Errorf("%s: reading the answer: %w", r.Where(), err)
}

// Briefer is implemented by an engine's view of what the players know (Request.View): Brief says
// it in a line, which the prompt shows above a move question ("" for nothing to say).
type Briefer interface {
	Brief() string
}

// Abouter is implemented by a Request's View that can say more about a question than its one
// line: the monsters of a battle, the light left at night. About returns lines, each indented
// and ending in a newline, or "".
type Abouter interface {
	About(r *Request) string
}

// Narrower is implemented by a Request's View whose About can fit a terminal: AboutIn is About
// with no line wider than width columns (sentences wrapped, a map drawn in bands of whole columns:
// never a map's row broken by the terminal).
type Narrower interface {
	AboutIn(r *Request, width int) string
}

// WrapLines wraps each line of s (indented two spaces, ending in a newline) that is wider than
// width columns at its words (go-wordwrap), each continuation indented four spaces; width 0
// leaves s as it is.
func WrapLines(s string, width int) string {
	if width <= 0 || s == "" {
		return s
	}
	var w strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		body := strings.TrimSuffix(l, "\n")
		if len(body) <= width {
			w.WriteString(l)
			continue
		}
		lead := len(body) - len(strings.TrimLeft(body, " "))
		parts := strings.Split(wordwrap.WrapString(body[lead:], uint(max(8, width-lead-2))), "\n")
		for i, p := range parts {
			if i > 0 {
				w.WriteString(strings.Repeat(" ", lead+2))
			} else {
				w.WriteString(body[:lead])
			}
			w.WriteString(p)
			if i < len(parts)-1 || strings.HasSuffix(l, "\n") {
				w.WriteByte('\n')
			}
		}
	}
	return w.String()
}

// Decide asks r at the prompt (Decider). Enter takes the suggestion the prompt shows. An
// Optional request (a clash battle's moves, targets ...) may be left to the engine: Enter takes
// its answer, "auto" every optional answer of the same turn (the same Day and Block).
func (p *Prompt) Decide(r *Request) (Answer, error) {
	turn := strconv.Itoa(r.Day) + " " + r.Block
	if p.auto && (!r.Optional || turn != p.autoTurn) {
		p.auto = false
	}
	if p.auto {
		return Answer{Default: true}, nil
	}
	r = shownRequest(r) // strangers' strings one line each; the same indexes answer
	sug := p.suggestion(r)
	width := p.cols()
	var b strings.Builder
	if p.opening != "" {
		if sh, ok := r.View.(Shower); ok {
			b.WriteString(WrapLines(sh.Show(p.opening), width)) // the terminal's width, as the question
			b.WriteByte('\n')
			p.opening = ""
		}
	}
	b.WriteString(WrapLines(r.Prompt()+"\n", width))
	if br, ok := r.View.(Briefer); ok && r.Kind == KindMove {
		if s := br.Brief(); s != "" {
			b.WriteString(WrapLines("  ("+s+")\n", width))
		}
	}
	mapped := false // the squares are labelled on a map
	if ab, ok := r.View.(Abouter); ok {
		s := ""
		if nb, ok := r.View.(Narrower); ok && width > 0 {
			s = nb.AboutIn(r, width)
		} else {
			s = WrapLines(ab.About(r), width) // sentences: an About that draws a map is a Narrower
		}
		if s != "" {
			b.WriteString(s)
			mapped = r.Kind == KindTo || r.Kind == KindArea
		}
	}
	switch {
	case mapped:
		// The squares are numbered on the map; the other answers (flee) are listed.
		for i, c := range r.Choices {
			if !strings.Contains(c.Name, ",") {
				fmt.Fprintf(&b, "  %d) %s\n", i+1, c.Name)
			}
		}
	case r.Optional && len(r.Choices) > 12:
		// Many squares or targets: numbered, several to a line (the numbers a move's map shows).
		writeCompact(&b, r, width)
	default:
		var c strings.Builder
		writeChoices(&c, r)
		b.WriteString(WrapLines(c.String(), width))
	}
	b.WriteString(WrapLines(enterLine(r, sug), width))
	b.WriteString("> ")
	return p.read(r, b.String(), sug, mapped)
}

// writeChoices lists r's choices, each with the number that answers it: its position, or for a
// pick the face itself (K-37), so that the number shown is always the number to type.
func writeChoices(b *strings.Builder, r *Request) {
	for i, c := range r.Choices {
		if r.Kind == KindPick {
			fmt.Fprintf(b, "  %d) keep the %s", c.Value, c.Name)
		} else {
			fmt.Fprintf(b, "  %d) %s", i+1, c.Name)
		}
		if c.Note != "" {
			if r.Kind == KindMove {
				fmt.Fprintf(b, " -> %s", c.Note)
			} else {
				fmt.Fprintf(b, " (%s)", c.Note)
			}
		}
		b.WriteByte('\n')
	}
}

// writeCompact lists many choices numbered, several to a line of at most 100 characters (or the
// terminal's width, when narrower and not 0).
func writeCompact(b *strings.Builder, r *Request, width int) {
	limit := 100
	if width > 0 {
		limit = min(limit, width)
	}
	n := 2
	b.WriteString("  ")
	for i, c := range r.Choices {
		item := strconv.Itoa(i+1) + ") " + c.Name
		if n > 2 && n+2+len(item) > limit {
			b.WriteString("\n  ")
			n = 2
		} else if n > 2 {
			b.WriteString("  ")
			n += 2
		}
		b.WriteString(item)
		n += len(item)
	}
	b.WriteByte('\n')
}

// autoSpan is what auto leaves to the engine: a clash battle's turn, or the phase of a day (a
// Karzoral or hex run's optional questions of the same day and place).
func autoSpan(r *Request) string {
	if r.Phase == PhaseRound {
		return "turn"
	}
	return "phase"
}

// enterLine is the line under the choices: what Enter takes, "auto" for an Optional request or a
// clash turn's first question (which auto answers with the suggestion), "?".
func enterLine(r *Request, sug int) string {
	if len(r.Choices) == 0 {
		return ""
	}
	if r.Optional {
		return fmt.Sprintf("  [Enter: %s; auto: the engine decides the rest of this %s; ?: help]\n", r.Choices[sug].Name, autoSpan(r))
	}
	if r.Phase == PhaseRound {
		return fmt.Sprintf("  [Enter: %s; auto: %s, then the engine decides the rest of this turn; ?: help]\n", r.Choices[sug].Name, r.Choices[sug].Name)
	}
	return fmt.Sprintf("  [Enter: %s; ?: help]\n", r.Choices[sug].Name)
}

// read writes question q and reads answers until one fits r; sug is what Enter takes; mapped:
// r's squares are labelled on a map (a clash move), so a wrong answer is told to give a label or
// x,y, and a square that is not among them is out of reach (review B5).
func (p *Prompt) read(r *Request, q string, sug int, mapped bool) (Answer, error) {
	if _, err := io.WriteString(p.out, q); err != nil {
		return Answer{}, err
	}
	for {
		line, err := p.readLine()
		if err != nil {
			return Answer{}, p.inputErr(r, err)
		}
		if r.Optional {
			switch strings.ToLower(line) {
			case "":
				return Answer{Default: true}, nil
			case "auto":
				p.auto, p.autoTurn = true, strconv.Itoa(r.Day)+" "+r.Block
				return Answer{Default: true}, nil
			}
		} else if line == "" && len(r.Choices) > 0 {
			return Answer{Choice: sug}, nil
		} else if strings.EqualFold(line, "auto") && r.Phase == PhaseRound && len(r.Choices) > 0 {
			// A clash turn's first question (its action) must be answered: auto answers it with
			// the suggestion and leaves the rest of the turn to the engine (issue 23: "auto" at the
			// action prompt was "not a choice").
			p.auto, p.autoTurn = true, strconv.Itoa(r.Day)+" "+r.Block
			return Answer{Choice: sug}, nil
		}
		if w, ok := word(r, line); ok {
			text := help(r, sug)
			if w != "help" {
				text = r.View.(Shower).Show(w)
				if text == "" {
					text = "  (nothing to show)\n"
				}
			}
			if _, err := io.WriteString(p.out, WrapLines(text, p.cols())+"> "); err != nil {
				return Answer{}, err
			}
			continue
		}
		i, why := matchChoice(r, line)
		if why == "" {
			return Answer{Choice: i}, nil
		}
		hint := fmt.Sprintf("answer with a number 1..%d or a name (%s)", len(r.Choices), r.Legal())
		if mapped {
			why, hint = mapHint(r, line, why)
		}
		if r.Kind == KindPick {
			hint = fmt.Sprintf("answer with the face to keep (%s)", r.Legal())
		}
		// Wrapped at the terminal's width like the question (a refusal listing the names ran past
		// 100 columns, broken mid-word by the terminal).
		if _, err := io.WriteString(p.out, WrapLines(fmt.Sprintf("%s; %s; ? for help\n", why, hint), p.cols())+"> "); err != nil {
			return Answer{}, err
		}
	}
}

// Roll asks for a die typed at the table (Roller); without table dice it leaves the die to the
// generator.
func (p *Prompt) Roll(r *Request) (int, bool, error) {
	if !p.tableDice {
		return 0, false, nil
	}
	if _, err := fmt.Fprintf(p.out, "%s: roll 1d%d: ", r.Where(), r.Sides); err != nil {
		return 0, false, err
	}
	for {
		line, err := p.readLine()
		if err != nil {
			return 0, false, p.inputErr(r, err)
		}
		n, err := strconv.Atoi(line)
		if err == nil && n >= 1 && n <= r.Sides {
			return n, true, nil
		}
		if _, err := fmt.Fprintf(p.out, "%s is not a face of 1d%d; type a number 1..%d\nroll 1d%d: ", echo(line), r.Sides, r.Sides, r.Sides); err != nil {
			return 0, false, err
		}
	}
}

// mapHint is the reply to an answer a move question on a map (U-3) cannot use: a square given as
// x,y that is not a choice is "out of reach"; the hint names the map's labels, x,y, and the
// answers that are not squares (flee). why is matchChoice's reason, kept for any other answer.
func mapHint(r *Request, line, why string) (string, string) {
	if x, y, ok := strings.Cut(strings.TrimSpace(line), ","); ok {
		if _, ex := strconv.Atoi(strings.TrimSpace(x)); ex == nil {
			if _, ey := strconv.Atoi(strings.TrimSpace(y)); ey == nil {
				why = fmt.Sprintf("%s,%s is out of reach", strings.TrimSpace(x), strings.TrimSpace(y))
			}
		}
	}
	var others []string
	for _, c := range r.Choices {
		if !strings.Contains(c.Name, ",") {
			others = append(others, c.Name)
		}
	}
	hint := "answer with a label on the map or x,y"
	if len(others) > 0 {
		hint += " (or " + strings.Join(others, ", ") + ")"
	}
	return why, hint
}
