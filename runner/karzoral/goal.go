package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
	"github.com/sortie-rpg/sortie/runner/dice"
)

// Goal is the goal policy (`--policy goal`) for Karzoral plans: it walks toward the open
// objectives and rests when it has fought. It decides on what the players know (K-23): the
// Request and the players' view on it (Request.View, a *PlayerView): the map as they know it
// (K-30: every block's place; a hidden box's terrain and one-way entries only once it is known,
// K-31, K-32: a passage not known is taken to be open), the blocks the party stood in, and the
// scenario's briefing (its objectives: the blocks their conditions name, and the blocks where the
// events, or the traversal areas whose completion, set the flags they need, as a briefing or a
// rider tells the party). It never reads the engine's state: where an army is, a hidden box's
// terrain, a flag. A Request without a view (a hand-made one) is read against the map as known
// before play (boxes hidden) and the decider's own memory of the blocks the party stood in.
//
//   - move: the step that brings the party nearest to an open target (a target block the party
//     has not stood in yet; the success objectives' blocks stay targets to the end), ties to a
//     block not yet visited, then at random;
//   - night: rest after a day with a battle (hurt), when the next target is near, or when the
//     light left is short of the march's (K-57, K-58: it would be unlit, K-59), else march;
//   - battle: won (or routed) - the party fights to win; the camp's pick: an unchecked face
//     (no night raid) when there is one;
//   - the campaign: the first scenario offered, the first benefit, then sortie;
//   - everything else: the first choice (the engine's default).
type Goal struct {
	p       *plan.Plan
	index   map[string]int // block id -> index
	targets []int          // target blocks, in the objectives' order
	final   map[int]bool   // the success objectives' blocks: targets to the end
	dist    map[int][]int  // target -> distance of every block to it (moves) on the map as known before play, -1: unreachable
	boxes   []int          // the blocks of hidden boxes (K-30): the map the players know grows as they learn them
}

// NewGoal prepares the goal policy for p: its targets and the distances to them.
func NewGoal(p *plan.Plan) *Goal {
	g := &Goal{p: p, index: map[string]int{}, final: map[int]bool{}, dist: map[int][]int{}}
	for i, b := range p.Field.Blocks {
		g.index[b.ID] = i
		if b.Box >= 0 {
			g.boxes = append(g.boxes, i)
		}
	}
	setters := map[int][]int{} // flag -> blocks of the events (and traversal areas) that set it
	for _, e := range p.Events {
		if e.On.Kind != plan.OnEnter {
			continue
		}
		for _, a := range e.Do {
			if a.Op == plan.ActSet {
				setters[a.Flag] = append(setters[a.Flag], e.On.Block)
			}
		}
	}
	for _, t := range p.Traversals {
		for _, a := range t.Complete {
			if a.Op == plan.ActSet && len(t.Blocks) > 0 {
				setters[a.Flag] = append(setters[a.Flag], t.Blocks...) // K-47: completing the area
			}
		}
	}
	seen := map[int]bool{}
	add := func(b int, final bool) {
		if final {
			g.final[b] = true
		}
		if !seen[b] {
			seen[b] = true
			g.targets = append(g.targets, b)
		}
	}
	for _, o := range p.Objectives {
		if o.Outcome == "failure" {
			continue
		}
		var walk func(c *plan.Cond, neg bool)
		walk = func(c *plan.Cond, neg bool) {
			switch c.Op {
			case plan.CondAt:
				if !neg {
					add(c.Block, o.Outcome == runner.Success)
				}
			case plan.CondFlag:
				if !neg {
					for _, b := range setters[c.Flag] {
						add(b, false)
					}
				}
			case plan.CondNot:
				walk(&c.Args[0], !neg)
			case plan.CondAll, plan.CondAny:
				for i := range c.Args {
					walk(&c.Args[i], neg)
				}
			}
		}
		walk(&o.When, false)
	}
	// Before play the players know every block but the hidden boxes' (K-30).
	open := func(from int, d plan.Dir) bool {
		ex := p.Field.Blocks[from].Exits[d]
		return p.Field.Blocks[ex.To].Box >= 0 || ex.Open
	}
	for _, t := range g.targets {
		g.dist[t] = g.distances(t, open)
	}
	return g
}

// distances is the number of moves from every block to block t (breadth-first backwards over
// the passages open(from, dir) says may be taken), -1 where t cannot be reached.
func (g *Goal) distances(t int, open func(from int, d plan.Dir) bool) []int {
	blocks := g.p.Field.Blocks
	d := make([]int, len(blocks))
	for i := range d {
		d[i] = -1
	}
	d[t] = 0
	queue := []int{t}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, dir := range plan.Dirs {
			// A block n enters b when n's exit toward b may be taken.
			n := blocks[b].Exits[dir].To
			if n < 0 || d[n] >= 0 {
				continue
			}
			if back := dir.Opposite(); blocks[n].Exits[back].To == b && open(n, back) {
				d[n] = d[b] + 1
				queue = append(queue, n)
			}
		}
	}
	return d
}

// learn brings the run's distances up to the players' map (K-23): when they have learnt a hidden
// box since the last decision (K-31, K-32: it was entered, or a move into it failed), the
// distances are computed again over the passages as they now know them.
func (r *goalRun) learn(v *PlayerView) {
	known := 0
	for _, b := range r.g.boxes {
		if v.Block(b).Known {
			known++
		}
	}
	if known == r.known {
		return
	}
	r.known = known
	open := func(from int, d plan.Dir) bool {
		_, ok, _ := v.Exit(from, d) // not known: taken to be open
		return ok
	}
	r.dist = make(map[int][]int, len(r.g.targets))
	for _, t := range r.g.targets {
		r.dist[t] = r.g.distances(t, open)
	}
}

// Decider implements runner.PolicyMaker.
func (g *Goal) Decider(run int, seed uint64) (runner.Decider, error) {
	return &goalRun{g: g, rng: dice.NewSeeded(seed ^ 0x676f616c), visited: map[int]bool{}, dist: g.dist}, nil
}

type goalRun struct {
	g       *Goal
	rng     *dice.Seeded
	visited map[int]bool  // without a view: the blocks the party stood in at a decision
	view    *PlayerView   // the players' view of the decision being made (nil: none)
	dist    map[int][]int // target -> distances on the map as the players know it (Goal.dist until they learn a box)
	known   int           // the hidden boxes' blocks known when dist was computed
	fought  int           // the day of the last battle
}

// stood reports whether the party has stood in block b (the players' view, else the decider's
// memory).
func (r *goalRun) stood(b int) bool {
	if r.view != nil {
		return r.view.Visited(b)
	}
	return r.visited[b]
}

// mayStep reports whether the players may take the passage from block id in direction d: on the
// map as they know it, a passage not known is open (K-32).
func (r *goalRun) mayStep(id string, d plan.Dir) bool {
	from, ok := r.g.index[id]
	if !ok || d < 0 || int(d) >= len(plan.Dirs) {
		return false
	}
	if r.view != nil {
		_, open, _ := r.view.Exit(from, d)
		return open
	}
	ex := r.g.p.Field.Blocks[from].Exits[d]
	return ex.To >= 0 && (r.g.p.Field.Blocks[ex.To].Box >= 0 || ex.Open)
}

// near returns the distance from block b to the nearest open target (-1: none reachable).
func (r *goalRun) near(b int) int {
	best := -1
	for _, t := range r.g.targets {
		if r.stood(t) && !r.g.final[t] {
			continue
		}
		if d := r.dist[t][b]; d >= 0 && (best < 0 || d < best) {
			best = d
		}
	}
	return best
}

func (r *goalRun) Decide(q *runner.Request) (runner.Answer, error) {
	r.view, _ = q.View.(*PlayerView)
	if r.view != nil {
		r.learn(r.view)
	} else if b, ok := r.g.index[q.Block]; ok && q.Kind != runner.KindSelect && q.Kind != runner.KindBenefit && q.Kind != runner.KindPrepare {
		r.visited[b] = true
	}
	if q.Cause == "shop" {
		return runner.Answer{Default: true}, nil // K-12: the engine's Default buys back toward the starting stock
	}
	switch q.Kind {
	case runner.KindMove:
		best, bestD := []int(nil), -1
		for i, c := range q.Choices {
			// The block a move leads to, from the field's grid (the choice names it only when the
			// players know it, K-31).
			to, ok := r.g.index[q.Block]
			if c.Value != Stay && ok {
				to = r.g.p.Field.Blocks[to].Exits[c.Value].To
				ok = to >= 0
			}
			if !ok {
				continue
			}
			d := r.near(to)
			if c.Value != Stay && !r.mayStep(q.Block, plan.Dir(c.Value)) {
				d = -1 // K-32: the players know this side is closed (a move that failed, a known box)
			}
			if d < 0 {
				d = 1 << 20 // no target from there
			}
			d *= 2
			if r.stood(to) {
				d++ // a fresh block wins a tie
			}
			switch {
			case len(best) == 0 || d < bestD:
				best, bestD = append(best[:0], i), d
			case d == bestD:
				best = append(best, i)
			}
		}
		if len(best) > 0 {
			return runner.Answer{Choice: best[r.rng.Roll(len(best))-1]}, nil
		}
	case runner.KindNight:
		b := r.g.index[q.Block]
		// Review P3: with too little light for the march (K-57, K-58) it would be unlit: -4 on
		// every check without darkvision (K-59), the sleep penalty on top (K-41), while a rest needs
		// no light at all (K-57: only a march and a dark place do). So rest: the prompt's Enter,
		// which takes this answer, never walks the party into the dark unknowingly.
		short := false
		if r.view != nil {
			_, short = r.view.MarchLight()
		}
		if short || r.fought == q.Day || r.near(b) <= 1 {
			return r.pick(q, "rest"), nil
		}
		return r.pick(q, "march"), nil
	case runner.KindBattle:
		r.fought = q.Day
		if a := r.pick(q, "won"); q.Choices[a.Choice].Name == "won" {
			return a, nil
		}
		return r.pick(q, "routed"), nil
	case runner.KindPick:
		for i, c := range q.Choices {
			if c.Note != "checked" {
				return runner.Answer{Choice: i}, nil
			}
		}
	case runner.KindBenefit:
		return runner.Answer{}, nil // the first benefit offered ("none" is last)
	case runner.KindPrepare:
		return r.pick(q, "sortie"), nil
	}
	if q.Optional {
		return runner.Answer{Default: true}, nil // the engine's Default (K-97's even spread ...)
	}
	return runner.Answer{}, nil
}

// pick answers the choice called name, or the first choice when there is none.
func (r *goalRun) pick(q *runner.Request, name string) runner.Answer {
	if i := q.Find(name); i >= 0 {
		return runner.Answer{Choice: i}
	}
	return runner.Answer{}
}
