package clash

import (
	"fmt"

	"github.com/sortie-rpg/sortie/compiler"
)

// vpFigures puts the victory points of each objective beside it, as an inlay hint before its
// label, with the balance of its side (U-65: 10 VP win; U-70: a side's objectives should offer
// at least 5 chances totalling more than 10 VP): what it gives ("8 VP (3 chances)", "3 VP",
// "1 VP a round": a Protection objective, U-68, or a custom one scored every round), then its
// side's whole ("garrison: 8 VP (3 chances) + 1 VP a round"). The counts are those of the U010
// check (objectiveVP). An objective that cannot be read (its findings say why) has no figure,
// and its side's whole is left out of the others'.
func (p *clashPass) vpFigures(syms *compiler.Symbols) {
	type whole struct {
		chances, total, perRound int
		bad                      bool
	}
	sides := map[int]*whole{}
	own := map[*clashObjective]string{}
	for _, o := range p.b.Objectives {
		if o.side < 0 || o.side >= len(p.b.Sides) {
			continue
		}
		w := sides[o.side]
		if w == nil {
			w = &whole{}
			sides[o.side] = w
		}
		c, t, unbounded, ok := p.objectiveVP(o, o.side)
		round := 0
		switch {
		case ok && unbounded && o.Protect.Set:
			round = 1 // U-68: 1 VP per objective per round
		case ok && unbounded && o.VP.OK && o.VP.V > 0:
			round = o.VP.V
		case ok && unbounded:
			ok = false
		}
		if !ok {
			w.bad = true
			continue
		}
		w.chances, w.total, w.perRound = w.chances+c, w.total+t, w.perRound+round
		own[o] = vpText(c, t, round)
	}
	for _, o := range p.b.Objectives {
		s, ok := own[o]
		sym := syms.Lookup(compiler.KindObjective, o.ID)
		if !ok || sym == nil || o.Pos.Line < 1 {
			continue
		}
		if w := sides[o.side]; !w.bad {
			s += " · " + p.b.Sides[o.side].ID + ": " + vpText(w.chances, w.total, w.perRound)
		}
		sym.Figures = append(sym.Figures, compiler.Figure{Pos: o.Pos, Label: s})
	}
}

// vpText renders VP: "8 VP (3 chances)", "3 VP", "1 VP a round", "8 VP (3 chances) + 1 VP a round".
func vpText(chances, total, perRound int) string {
	var s string
	switch {
	case chances == 1:
		s = fmt.Sprintf("%d VP", total)
	case chances > 1:
		s = fmt.Sprintf("%d VP (%d chances)", total, chances)
	}
	if perRound > 0 {
		if s != "" {
			s += " + "
		}
		s += fmt.Sprintf("%d VP a round", perRound)
	}
	return s
}
