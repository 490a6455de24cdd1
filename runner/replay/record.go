package replay

import (
	"bytes"

	"github.com/sortie-rpg/sortie/runner"
)

// Recorder is a runner.Sink that keeps every event of a run, of every audience, as the replay
// page needs it: its JSON Lines record (runner.NewJSONLSink) and its transcript text
// (runner.NewTextSink: a table or a map whole). Input makes the page's input of them.
type Recorder struct {
	lines [][]byte
	text  []string
	jb    bytes.Buffer
	tb    bytes.Buffer
	j, t  runner.Sink
}

// NewRecorder returns an empty Recorder.
func NewRecorder() *Recorder {
	r := &Recorder{}
	r.j = runner.NewJSONLSink(&r.jb)
	r.t = runner.NewTextSink(&r.tb)
	return r
}

// Write keeps e. Errors: e cannot be encoded (a programming error in its engine).
func (r *Recorder) Write(e runner.Event) error {
	r.jb.Reset()
	r.tb.Reset()
	if err := r.j.Write(e); err != nil {
		return err
	}
	if err := r.t.Write(e); err != nil {
		return err
	}
	r.lines = append(r.lines, bytes.Clone(bytes.TrimRight(r.jb.Bytes(), "\n")))
	r.text = append(r.text, r.tb.String())
	return nil
}

// Len is the number of events kept.
func (r *Recorder) Len() int { return len(r.lines) }

// Input is the page's input: the events kept, their text, and what was played (one of the
// three set, as Input says).
func (r *Recorder) Input(in Input) Input {
	in.Events, in.Text = r.lines, r.text
	return in
}

// Tee returns a Sink that writes every event to both a and b, in that order; a nil or disabled
// one (runner.Enabled) is left out.
func Tee(a, b runner.Sink) runner.Sink {
	switch {
	case !runner.Enabled(a):
		return b
	case !runner.Enabled(b):
		return a
	}
	return tee{a, b}
}

type tee struct{ a, b runner.Sink }

func (t tee) Write(e runner.Event) error {
	if err := t.a.Write(e); err != nil {
		return err
	}
	return t.b.Write(e)
}
