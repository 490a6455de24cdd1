package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"github.com/sortie-rpg/sortie/compiler/safeio"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// A save file (`--save FILE`, `sortie resume FILE`) is JSON. A run is deterministic given its plan,
// seed and decisions, so the save does not snapshot the runner: it records what is needed to play
// the run again silently up to the save point (the plan's hash, the seed, the script and its hash,
// the policy, and every decision answered at the terminal) plus what the replay must meet there
// (decisions made, output bytes written, checkpoints passed, the dice generator's state). Resuming
// replays to that point, checks all four, and continues, writing only the output after it: the
// output of the first run up to the save followed by the resumed output is byte for byte the output
// of a straight run.
//
// Sum is a SHA-256 over the file with Sum empty: a corrupted or truncated save is refused. Key
// is an HMAC-SHA256 under the user's own key (savekey.go), over the file with Sum and Key empty:
// a save without this user's Key is a stranger's, and resume confines what it names.
type saveFile struct {
	Format   string `json:"format"`   // "sortie-save"
	Version  int    `json:"version"`  // 1
	Command  string `json:"command"`  // "run" | "campaign"
	Path     string `json:"path"`     // the scenario, plan.json or campaign, absolute
	PlanHash string `json:"planHash"` // run: sha256 of the encoded plan; campaign: its SourceHash
	Seed     uint64 `json:"seed"`
	Output   string `json:"output"`         // text | jsonl
	View     string `json:"view,omitempty"` // --view: party | gm | all; "" the output's default

	Script     string `json:"script,omitempty"` // absolute
	ScriptHash string `json:"scriptHash,omitempty"`
	Policy     string `json:"policy,omitempty"`
	Prompt     bool   `json:"prompt,omitempty"` // decisions came from the terminal
	TableDice  bool   `json:"tableDice,omitempty"`
	Play       string `json:"play,omitempty"` // --play SIDE: the side the terminal answered for (the side's id); Decisions are its answers alone

	// The save point.
	At        string   `json:"at"`        // "checkpoint" (a day end or campaign step) | "decision" (end of input, Ctrl-C) | "end" (the run ended)
	Steps     int      `json:"steps"`     // checkpoints passed
	Position  int      `json:"position"`  // decisions answered (script position)
	Offset    int64    `json:"offset"`    // output bytes written
	Dice      []byte   `json:"dice"`      // dice.Seeded MarshalBinary at the save point
	Decisions []string `json:"decisions"` // prompt runs: "d:NAME" answers and, with table dice, "r:FACE" dice, in order

	Key string `json:"key,omitempty"` // "hmac-sha256:<hex>"; absent when no key could be made
	Sum string `json:"sum"`
}

const (
	saveFormat  = "sortie-save"
	saveVersion = 1
)

// encodeSave encodes sv signed with this user's key, made on first use (savekey.go); when no
// key can be made (no config folder) the save is written unsigned, and resumes only as a
// stranger's save would.
func encodeSave(sv *saveFile) ([]byte, error) {
	key, _ := saveKey(true)
	return encodeSaveWith(sv, key)
}

// encodeSaveWith encodes sv signed with key (nil: unsigned).
func encodeSaveWith(sv *saveFile, key []byte) ([]byte, error) {
	sv.Format, sv.Version, sv.Sum, sv.Key = saveFormat, saveVersion, "", ""
	if key != nil {
		mac, err := saveMAC(sv, key)
		if err != nil {
			return nil, err
		}
		sv.Key = mac
	}
	body, err := json.Marshal(sv)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	sv.Sum = "sha256:" + hex.EncodeToString(sum[:])
	out, err := json.MarshalIndent(sv, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// decodeSave reads a save and checks its format and checksum. Every error says what is wrong.
func decodeSave(data []byte) (*saveFile, error) {
	var sv saveFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sv); err != nil {
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return nil, errors.New("the save is truncated (it ends in the middle of its JSON)")
		}
		return nil, fmt.Errorf("the save is not a valid save file: %w", err)
	}
	if dec.More() {
		return nil, errors.New("the save has data after its JSON value")
	}
	if sv.Format != saveFormat {
		return nil, fmt.Errorf("not a sortie save (format %q, want %q)", sv.Format, saveFormat)
	}
	if sv.Version != saveVersion {
		return nil, fmt.Errorf("save version %d is not supported (want %d)", sv.Version, saveVersion)
	}
	want := sv.Sum
	check := sv
	check.Sum = ""
	body, err := json.Marshal(&check)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(body)
	if want != "sha256:"+hex.EncodeToString(sum[:]) {
		return nil, errors.New("the save is corrupted (its checksum does not match its content)")
	}
	switch {
	case sv.Command != "run" && sv.Command != "campaign":
		return nil, fmt.Errorf("the save names an unknown command %q", sv.Command)
	case sv.Output != "text" && sv.Output != "jsonl":
		return nil, fmt.Errorf("the save names an unknown output format %q", sv.Output)
	case sv.View != "" && sv.View != "party" && sv.View != "gm" && sv.View != "all":
		return nil, fmt.Errorf("the save names an unknown view %q", sv.View)
	case sv.At != "checkpoint" && sv.At != "decision" && sv.At != "end":
		return nil, fmt.Errorf("the save names an unknown save point %q", sv.At)
	// A run of a script that went on at the terminal logs only the terminal's answers, and a
	// --play run only the player's (the computer's are made again).
	case sv.Steps < 0 || sv.Position < 0 || sv.Offset < 0 || sv.Position > len(sv.Decisions) && sv.Prompt && sv.Script == "" && sv.Play == "":
		return nil, errors.New("the save's counters are out of range")
	}
	if err := dice.NewSeeded(0).UnmarshalBinary(sv.Dice); err != nil {
		return nil, fmt.Errorf("the save's dice state is unreadable: %v", err)
	}
	return &sv, nil
}

// hashFile returns "sha256:<hex>" of a script file's content (read as runner.ReadScript reads
// it: a pipe or a device is refused, never read).
func hashFile(path string) (string, error) {
	data, err := runner.ReadScript(path)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:]), nil
}

// errHalted stops a run after --halt-after checkpoints (a test hook that acts like a kill between
// days: nothing is written after the save).
var errHalted = errors.New("halted after the save (--halt-after)")

// errReplay is a resume whose replay does not meet the save point.
type errReplay struct{ msg string }

func (e *errReplay) Error() string { return e.msg }

// session is the save/resume machinery around one run: it counts the output (and skips what a
// resumed run already wrote), records the decisions, and saves at every checkpoint.
type session struct {
	mu   sync.Mutex
	out  *countWriter
	rec  *recorder
	dice *dice.Seeded

	base     saveFile  // static fields of the save
	savePath string    // "" when not saving
	from     *saveFile // the save being resumed, until the replay meets it
	steps    int
	halt     int // --halt-after: stop after this many checkpoints (0: never)
	saved    bool
	// met is called once when the replay of from has met its save point (nil: nothing): what a
	// resumed run says of itself waits for it, so that a save refused by the replay (a tampered
	// one) prints nothing of a run (issue 23 review B7).
	met func()
}

// metLocked ends the replay (s.mu held): the output is written again from here, and met says
// that the run resumed.
func (s *session) metLocked() {
	s.from = nil
	s.out.skip = 0
	if err := s.out.release(); err != nil {
		s.out.err = err
	}
	if s.met != nil {
		s.met()
		s.met = nil
	}
}

func newSession(w io.Writer, seed uint64) *session {
	return &session{out: &countWriter{w: w}, dice: dice.NewSeeded(seed)}
}

// checkpoint is called at every day end and campaign step, after the records are written.
func (s *session) checkpoint() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.steps++
	if f := s.from; f != nil {
		if f.At == "checkpoint" && s.steps == f.Steps {
			if err := s.meet(f); err != nil {
				return err
			}
			s.metLocked()
			return s.haltCheck()
		}
		if s.steps > f.Steps && f.At == "checkpoint" {
			return &errReplay{"the replay passed the save point without meeting it"}
		}
		return nil
	}
	if s.savePath != "" {
		if err := s.writeLocked("checkpoint", s.out.n); err != nil {
			return err
		}
	}
	return s.haltCheck()
}

func (s *session) haltCheck() error {
	if s.halt > 0 && s.steps >= s.halt {
		s.out.w = io.Discard
		return errHalted
	}
	return nil
}

// meet checks that the replay is where the save says it was.
func (s *session) meet(f *saveFile) error {
	st, err := s.dice.MarshalBinary()
	if err != nil {
		return err
	}
	switch {
	case s.rec.n != f.Position:
		return &errReplay{fmt.Sprintf("the replay made %d decisions where the save made %d", s.rec.n, f.Position)}
	case s.out.n != f.Offset:
		return &errReplay{fmt.Sprintf("the replay wrote %d bytes where the save wrote %d", s.out.n, f.Offset)}
	case !bytes.Equal(st, f.Dice):
		return &errReplay{"the dice generator is not in the saved state after the replay"}
	}
	return nil
}

// caughtUp is called by the replay decider when its recorded decisions are used up (a "decision"
// save): the next question is the first one not answered before.
func (s *session) caughtUp() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.from
	if f == nil || f.At != "decision" {
		return nil
	}
	if err := s.meet(f); err != nil {
		return err
	}
	s.metLocked()
	return nil
}

// caughtUpAtQuestion is caughtUp for a resumed script run whose fallback takes over: the save was
// written when the question the script could not answer was asked (before the run says that the
// fallback takes over), so the replay meets it at that question's offset.
func (s *session) caughtUpAtQuestion() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.from
	if f == nil || f.At != "decision" {
		return nil
	}
	n := s.out.n
	s.out.n = s.rec.askedAt
	err := s.meet(f)
	s.out.n = n
	if err != nil {
		return err
	}
	s.metLocked()
	return nil
}

// writeLocked writes the save file (s.mu held).
func (s *session) writeLocked(at string, offset int64) error {
	sv := s.base
	sv.At, sv.Steps, sv.Position, sv.Offset = at, s.steps, s.rec.n, offset
	sv.Decisions = append([]string{}, s.rec.log...)
	st, err := s.dice.MarshalBinary()
	if err != nil {
		return err
	}
	if at == "decision" && s.rec.askedDice != nil {
		// The generator as the open question found it: a Pathfinder battle plays on to its
		// end after a failed answer (its Chooser cannot fail), rolling as it goes, before the
		// error stops the run; the replay meets the save at the question.
		st = s.rec.askedDice
	}
	sv.Dice = st
	data, err := encodeSave(&sv)
	if err != nil {
		return err
	}
	if err := safeio.WriteFile(s.savePath, data, saveOpts(s.base.Path, s.base.Script)); err != nil {
		return fmt.Errorf("writing the save: %v", err)
	}
	s.saved = true
	return nil
}

// saveOpts are the rules of a --save file: a save or a new file, never the scenario, plan or
// campaign played (path) nor the script ("" when none).
func saveOpts(path, script string) safeio.Options {
	return safeio.Options{Flag: "--save", Sources: append(inputSources(path), script), Kind: "a sortie save",
		IsKind: func(data []byte) bool { _, err := decodeSave(data); return err == nil }}
}

// saveAtDecision writes a "decision" save: every answer so far, the output up to the question
// left unanswered (end of input, Ctrl-C). Safe to call from a signal handler's goroutine.
func (s *session) saveAtDecision() (wrote bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.savePath == "" || s.from != nil || !s.rec.asking {
		return false, nil
	}
	return true, s.writeLocked("decision", s.rec.askedAt)
}

// ended is called when the run ended (success, failure, the campaign's end): a resumed run must
// have met its save point by then; a save records that there is nothing left to resume.
func (s *session) ended() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.from != nil {
		return &errReplay{"the replay ended before it reached the save point"}
	}
	if s.savePath == "" || s.halt > 0 && s.steps >= s.halt {
		return nil
	}
	return s.writeLocked("end", s.out.n)
}

// countWriter counts the bytes written and drops the first skip of them. While hold is set (a
// resume's replay, until it meets its save point) what passes skip is held, not written: a save
// whose replay is refused (a forged offset) prints nothing of the run; release writes it.
type countWriter struct {
	w    io.Writer
	n    int64
	skip int64
	hold bool
	held []byte
	err  error // release's, returned by the next Write
}

// release writes what was held and stops holding.
func (c *countWriter) release() error {
	c.hold = false
	held := c.held
	c.held = nil
	if len(held) == 0 {
		return nil
	}
	_, err := c.w.Write(held)
	return err
}

func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	start := c.n
	c.n += int64(len(p))
	if c.n <= c.skip {
		return len(p), nil
	}
	if start < c.skip {
		p = p[c.skip-start:]
	}
	if c.hold {
		c.held = append(c.held, p...)
		return int(c.n - start), nil
	}
	if _, err := c.w.Write(p); err != nil {
		return 0, err
	}
	return int(c.n - start), nil
}

// recorder wraps the run's decider: it counts the decisions, logs them for a prompt run (the
// replay of a resumed run needs them), and notes where the output stood when a question was asked.
type recorder struct {
	s       *session
	inner   runner.Decider
	logging bool
	rolls   bool // log die faces too (table dice: every die is asked at the prompt)
	n       int
	log     []string
	asking  bool  // a question is being asked (its answer not yet given)
	askedAt int64 // output bytes when it was asked
	// askedDice is the dice generator's state when it was asked (dice.Seeded MarshalBinary).
	askedDice []byte
}

func (r *recorder) Decide(q *runner.Request) (runner.Answer, error) {
	st, err := r.s.dice.MarshalBinary()
	if err != nil {
		return runner.Answer{}, err
	}
	r.s.mu.Lock()
	r.asking, r.askedAt, r.askedDice = true, r.s.out.n, st
	r.s.mu.Unlock()
	return r.decideWith(r.inner, q, r.logging)
}

// decideWith asks inner and counts the answer (and logs it with logging): the recorder's own
// decider, or a resumed run's fallback at the terminal.
func (r *recorder) decideWith(inner runner.Decider, q *runner.Request, logging bool) (runner.Answer, error) {
	a, err := inner.Decide(q)
	if err != nil {
		return a, err
	}
	r.s.mu.Lock()
	r.asking = false
	r.n++
	if logging && a.Choice >= 0 && a.Choice < len(q.Choices) {
		r.log = append(r.log, "d:"+q.Choices[a.Choice].Name)
	}
	r.s.mu.Unlock()
	return a, nil
}

func (r *recorder) Roll(q *runner.Request) (int, bool, error) {
	ro, ok := r.inner.(runner.Roller)
	if !ok {
		return 0, false, nil
	}
	f, ok, err := ro.Roll(q)
	if err == nil && r.logging && r.rolls {
		r.s.mu.Lock()
		if ok {
			r.log = append(r.log, "r:"+strconv.Itoa(f))
		} else {
			r.log = append(r.log, "r:-")
		}
		r.s.mu.Unlock()
	}
	return f, ok, err
}

// replay answers from a prompt run's recorded decisions, then hands over to the live decider.
type replay struct {
	s    *session
	log  []string
	i    int
	live runner.Decider
}

func (p *replay) next(kind string, q *runner.Request) (string, bool, error) {
	if p.i >= len(p.log) {
		return "", false, nil
	}
	e := p.log[p.i]
	k, v, _ := strings.Cut(e, ":")
	if kind == "r" && k != "r" {
		// Dice are logged only with table dice; without, the generator rolled this die.
		return "-", true, nil
	}
	if k != kind {
		return "", false, &errReplay{fmt.Sprintf("the save does not replay: entry %d is %q but the run asks for a %s (%s)", p.i+1, e, q.Kind, q.Where())}
	}
	p.i++
	return v, true, nil
}

func (p *replay) Decide(q *runner.Request) (runner.Answer, error) {
	name, ok, err := p.next("d", q)
	if err != nil {
		return runner.Answer{}, err
	}
	if !ok {
		if err := p.s.caughtUp(); err != nil {
			return runner.Answer{}, err
		}
		return p.live.Decide(q)
	}
	if i := q.Find(name); i >= 0 {
		return runner.Answer{Choice: i}, nil
	}
	return runner.Answer{}, &errReplay{fmt.Sprintf("the save does not replay: %q is not a legal answer at %s (legal: %s)", name, q.Where(), q.Legal())}
}

func (p *replay) Roll(q *runner.Request) (int, bool, error) {
	v, ok, err := p.next("r", q)
	if err != nil {
		return 0, false, err
	}
	if !ok {
		if ro, isRoller := p.live.(runner.Roller); isRoller {
			return ro.Roll(q)
		}
		return 0, false, nil
	}
	if v == "-" {
		return 0, false, nil
	}
	f, err := strconv.Atoi(v)
	if err != nil {
		return 0, false, &errReplay{fmt.Sprintf("the save does not replay: bad die entry %q", v)}
	}
	return f, true, nil
}

// interrupt is the session a Ctrl-C saves (set while an interactive run with --save runs).
var (
	interruptMu         sync.Mutex
	interrupt           *session
	interruptAtDecision bool
)

func setInterrupt(s *session, atDecision bool) {
	interruptMu.Lock()
	interrupt, interruptAtDecision = s, atDecision
	interruptMu.Unlock()
}

// onInterrupt saves the interrupted run, if any, and returns the message to print ("" if none).
func onInterrupt() string {
	interruptMu.Lock()
	s, atDecision := interrupt, interruptAtDecision
	interruptMu.Unlock()
	if s == nil || s.savePath == "" {
		return ""
	}
	if !atDecision {
		// A scripted or policy run is interrupted mid-day: the save holds the last day end.
		return lastDayEnd(s)
	}
	wrote, err := s.saveAtDecision()
	if err != nil {
		return "sortie: interrupted; the save failed: " + err.Error()
	}
	if !wrote {
		// Between two questions (an answer being played): the save holds the last day end, if any.
		return lastDayEnd(s)
	}
	return "sortie: interrupted; saved to " + s.savePath + " (continue with: sortie resume " + s.savePath + ")"
}

// lastDayEnd is the interrupt's message when the save on disk is the last day end's (or there is
// none yet): a resume prints again what came after that day.
func lastDayEnd(s *session) string {
	s.mu.Lock()
	saved := s.saved
	s.mu.Unlock()
	if !saved {
		return "sortie: interrupted before the first day ended; nothing was saved"
	}
	return "sortie: interrupted; " + s.savePath + " holds the last day end (continue with: sortie resume " + s.savePath + "; it prints again what this run printed after that day)"
}
