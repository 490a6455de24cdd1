package runner

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Prompt is a Decider that asks a person: it writes each question with the numbered legal choices
// to out and reads the answer, a number or a name (or an unambiguous prefix of one), from in. An
// answer it cannot use is explained and the question asked again. At end of input it returns an
// error wrapping ErrNoInput. With table dice it is also a Roller that asks for every die.
type Prompt struct {
	in        *bufio.Reader
	out       io.Writer
	tableDice bool
	auto      bool   // "auto" was typed: Optional requests of that turn go to the engine
	autoTurn  string // the turn (Day and Block) auto was typed in
}

// NewPrompt returns a Prompt reading answers from in and writing questions to out. With tableDice,
// every die is asked for as well ("roll 1d6:"), instead of being rolled by the generator.
func NewPrompt(in io.Reader, out io.Writer, tableDice bool) Decider {
	return &Prompt{in: bufio.NewReader(in), out: out, tableDice: tableDice}
}

// readLine reads one line without its end; io.EOF only when nothing was left.
func (p *Prompt) readLine() (string, error) {
	line, err := p.in.ReadString('\n')
	if err != nil {
		if errors.Is(err, io.EOF) && line != "" {
			err = nil
		} else {
			return "", err
		}
	}
	return strings.TrimSpace(line), nil
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

// Decide asks r at the prompt (Decider). An Optional request (a clash battle's moves, targets
// ...) may be left to the engine: an empty line takes its answer (shown), "auto" every optional
// answer of the same turn (the same Day and Block).
func (p *Prompt) Decide(r *Request) (Answer, error) {
	turn := strconv.Itoa(r.Day) + " " + r.Block
	if p.auto && (!r.Optional || turn != p.autoTurn) {
		p.auto = false
	}
	if p.auto {
		return Answer{Default: true}, nil
	}
	var b strings.Builder
	b.WriteString(r.Prompt())
	b.WriteByte('\n')
	if br, ok := r.View.(Briefer); ok && r.Kind == KindMove {
		if s := br.Brief(); s != "" {
			b.WriteString("  (" + s + ")\n")
		}
	}
	if r.Optional && len(r.Choices) > 12 {
		// Many squares or targets: their names, answered by name.
		b.WriteString("  ")
		b.WriteString(r.Legal())
		fmt.Fprintf(&b, "\n  (enter: %s; auto: the engine decides the rest of this turn)\n> ", r.Choices[r.Default].Name)
		return p.read(r, b.String())
	}
	for i, c := range r.Choices {
		if r.Kind == KindPick {
			fmt.Fprintf(&b, "  %s", c.Name) // answered by the face (see matchChoice)
		} else {
			fmt.Fprintf(&b, "  %d) %s", i+1, c.Name)
		}
		if c.Note != "" {
			if r.Kind == KindMove {
				fmt.Fprintf(&b, " -> %s", c.Note)
			} else {
				fmt.Fprintf(&b, " (%s)", c.Note)
			}
		}
		b.WriteByte('\n')
	}
	if r.Optional {
		fmt.Fprintf(&b, "  (enter: %s; auto: the engine decides the rest of this turn)\n", r.Choices[r.Default].Name)
	}
	b.WriteString("> ")
	return p.read(r, b.String())
}

// read writes question q and reads answers until one fits r.
func (p *Prompt) read(r *Request, q string) (Answer, error) {
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
		}
		i, why := matchChoice(r, line)
		if why == "" {
			return Answer{Choice: i}, nil
		}
		hint := fmt.Sprintf("answer with a number 1..%d or a name (%s)", len(r.Choices), r.Legal())
		if r.Kind == KindPick {
			hint = fmt.Sprintf("answer with the face to keep (%s)", r.Legal())
		}
		if _, err := fmt.Fprintf(p.out, "%s; %s\n> ", why, hint); err != nil {
			return Answer{}, err
		}
	}
}

// matchChoice finds the choice a person typed: its number, its name, or a prefix of exactly one name.
func matchChoice(r *Request, line string) (int, string) {
	s := strings.ToLower(line)
	if s == "" {
		return 0, "no answer"
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
	found := -1
	for i, c := range r.Choices {
		if strings.HasPrefix(c.Name, s) {
			if found >= 0 {
				return 0, fmt.Sprintf("%q could be %s or %s", line, r.Choices[found].Name, c.Name)
			}
			found = i
		}
	}
	if found >= 0 {
		return found, ""
	}
	return 0, fmt.Sprintf("%q is not a choice", line)
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
		if _, err := fmt.Fprintf(p.out, "%q is not a face of 1d%d; type a number 1..%d\nroll 1d%d: ", line, r.Sides, r.Sides, r.Sides); err != nil {
			return 0, false, err
		}
	}
}
