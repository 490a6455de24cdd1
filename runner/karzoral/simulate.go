package karzoral

import (
	"github.com/sortie-rpg/sortie/compiler/plan"
	"github.com/sortie-rpg/sortie/runner"
)

// What the Karzoral engine contributes to `sortie simulate` (runner.Simulator): a Runner per
// worker, reused run after run, and the entities of a plan a run may cover. What each run covers
// comes from its events (observe.go).

// Prepare implements runner.Simulator: one Runner, its checks and lookups made once.
func (engine) Prepare(p *plan.Plan) (runner.Trial, error) {
	r, err := New(p)
	if err != nil {
		return nil, err
	}
	return &trial{r: r}, nil
}

// Coverable implements runner.Simulator (Coverable).
func (engine) Coverable(p *plan.Plan) []runner.Entity { return Coverable(p, "") }

type trial struct {
	r    *Runner
	opts Options
}

func (t *trial) Play(seed uint64, dec runner.Decider, sink runner.Sink) (*runner.Ending, error) {
	t.opts.Options = runner.Options{Seed: seed, Decider: dec, Sink: sink}
	res, err := t.r.Run(t.opts)
	if res == nil {
		return nil, err
	}
	return &res.Ending, err
}

// Entity kinds a Karzoral run covers (runner.Entity.Kind).
const (
	CoverBlock     = "block"     // the party entered the block (or started there)
	CoverPassage   = "passage"   // the party moved from one block to the next: "from -> to"
	CoverBox       = "box"       // a hidden box was revealed (K-31)
	CoverEvent     = "event"     // a scenario event fired (K-33)
	CoverObjective = "objective" // an objective was reached (K-60)
	CoverEncounter = "encounter" // the party fought the encounter (K-33, K-39, K-72)
	CoverEpisode   = "episode"   // an episode face was told (K-38): "1".."6"
	CoverTraversal = "traversal" // a traversal area was completed (K-47)
)

// Coverable lists the entities of p a run may cover, in a stable order: blocks (source order),
// passages (from each block, north, east, south, west, where it may be entered), boxes, events,
// objectives, encounters, the six episodes and the traversal areas. scope is the campaign's
// scenario id ("" for a lone scenario).
func Coverable(p *plan.Plan, scope string) []runner.Entity {
	var out []runner.Entity
	add := func(kind, id, name, decl string) *runner.Entity {
		out = append(out, runner.Entity{Scope: scope, Kind: kind, ID: id, Name: name, Decl: decl})
		return &out[len(out)-1]
	}
	blocks := p.Field.Blocks
	for i := range blocks {
		b := &blocks[i]
		e := add(CoverBlock, b.ID, b.Name, "field.blocks."+b.ID)
		at := b.At
		e.At, e.Grid = &at, "square"
	}
	for i := range blocks {
		b := &blocks[i]
		for _, d := range plan.Dirs {
			if x := b.Exits[d]; x.To >= 0 && x.Open {
				add(CoverPassage, PassageID(b.ID, blocks[x.To].ID), "", "field.blocks."+blocks[x.To].ID)
			}
		}
	}
	for _, bx := range p.Field.Boxes {
		decl := ""
		if len(bx.Blocks) > 0 {
			decl = "field.blocks." + blocks[bx.Blocks[0]].ID
		}
		add(CoverBox, bx.Name, "", decl)
	}
	for _, e := range p.Events {
		add(CoverEvent, e.ID, "", "events."+e.ID)
	}
	for _, o := range p.Objectives {
		add(CoverObjective, o.ID, o.Outcome, "objectives."+o.ID)
	}
	for _, e := range p.Encounters {
		add(CoverEncounter, e.ID, e.Title, "encounters."+e.ID)
	}
	for f := 1; f <= len(p.Episodes); f++ {
		add(CoverEpisode, faceName(f), p.Episodes[f-1].Say, "episodes")
	}
	for _, t := range p.Traversals {
		add(CoverTraversal, t.ID, t.Name, "traversals."+t.ID)
	}
	return out
}

// PassageID names the passage from block from to block to.
func PassageID(from, to string) string { return from + " -> " + to }
