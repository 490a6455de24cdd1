package runner

import (
	"strings"
	"testing"
)

// TestPromptRefusesLongAnswer (issue 23, B1): a line over MaxAnswer is refused with a message,
// not held or echoed, and the next line answers; a wrong answer under the bound is quoted back
// cut to maxEcho runes. The output stays small whatever the size of the input.
func TestPromptRefusesLongAnswer(t *testing.T) {
	long := strings.Repeat("a", 5_000_000)
	wrong := strings.Repeat("z", 3000)
	var out strings.Builder
	p := NewPrompt(strings.NewReader(long+"\n"+wrong+"\nwest\n"), &out, false)
	r := &Request{Kind: KindMove, Day: 1, Choices: []Choice{{Name: "east"}, {Name: "west"}}}
	a, err := p.Decide(r)
	if err != nil || a.Choice != 1 {
		t.Fatalf("answer %+v, err %v\n%s", a, err, out.String())
	}
	o := out.String()
	if !strings.Contains(o, "that answer is too long (over 4096 bytes): refused") {
		t.Errorf("no refusal of the long line:\n%s", o)
	}
	if !strings.Contains(o, `"`+strings.Repeat("z", maxEcho)+`"... is not a choice`) {
		t.Errorf("the wrong answer is not quoted cut to %d runes:\n%s", maxEcho, o)
	}
	if len(o) > 2000 || strings.Contains(o, strings.Repeat("a", 100)) || strings.Contains(o, strings.Repeat("z", maxEcho+1)) {
		t.Errorf("the input is echoed: %d bytes of output", len(o))
	}
}

// TestPromptLongAnswerThenEnd (issue 23, B1): a long last line with no end refuses it and ends
// the input as a short one would: ErrNoInput, not a hang or a panic.
func TestPromptLongAnswerThenEnd(t *testing.T) {
	var out strings.Builder
	p := NewPrompt(strings.NewReader(strings.Repeat("b", 100_000)), &out, false)
	r := &Request{Kind: KindMove, Day: 1, Choices: []Choice{{Name: "east"}, {Name: "west"}}}
	if _, err := p.Decide(r); err == nil || !strings.Contains(err.Error(), "no more input") {
		t.Fatalf("err %v", err)
	}
	if !strings.Contains(out.String(), "too long") || len(out.String()) > 2000 {
		t.Errorf("output %d bytes:\n%s", len(out.String()), out.String())
	}
}
