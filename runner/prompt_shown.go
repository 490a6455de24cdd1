package runner

import "github.com/sortie-rpg/sortie/compiler/esc"

// shownRequest is r as the prompt shows it: each of its strings that came from a file (a block,
// an army, a title, a terrain, a choice's name and note) escaped to one line (esc.Text), so that
// a stranger's newline or terminal escape in a scenario never starts a forged line or drives the
// terminal at a question (the trust boundary; TerminalWriter escapes the controls but keeps a
// newline, which a name must not hold). It is r itself when nothing needs escaping; otherwise a
// copy, with its own Choices, that answers by the same indexes. The View's texts are the
// engine's to escape.
func shownRequest(r *Request) *Request {
	if clean(r) {
		return r
	}
	c := *r
	for _, f := range []*string{&c.Block, &c.Terrain, &c.Army, &c.ArmyKind, &c.Other, &c.Side, &c.Encounter, &c.Title, &c.Cause} {
		*f = esc.Text(*f)
	}
	c.Choices = make([]Choice, len(r.Choices))
	for i, ch := range r.Choices {
		ch.Name, ch.Note = esc.Text(ch.Name), esc.Text(ch.Note)
		c.Choices[i] = ch
	}
	return &c
}

// clean reports whether none of r's strings needs escaping.
func clean(r *Request) bool {
	for _, s := range []string{r.Block, r.Terrain, r.Army, r.ArmyKind, r.Other, r.Side, r.Encounter, r.Title, r.Cause} {
		if esc.Text(s) != s {
			return false
		}
	}
	for i := range r.Choices {
		if esc.Text(r.Choices[i].Name) != r.Choices[i].Name || esc.Text(r.Choices[i].Note) != r.Choices[i].Note {
			return false
		}
	}
	return true
}
