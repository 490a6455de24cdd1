package main

import (
	"github.com/sortie-rpg/sortie/compiler"
	"github.com/sortie-rpg/sortie/compiler/diag"
	"github.com/sortie-rpg/sortie/compiler/graph"
	pfarmy "github.com/sortie-rpg/sortie/compiler/plan/pfarmy"
	"github.com/sortie-rpg/sortie/compiler/plandiff"
	"github.com/sortie-rpg/sortie/runner/expect"
	replaypage "github.com/sortie-rpg/sortie/runner/replay"
)

// The battle files' engines as the commands reach them (issue 20: every command goes through the
// registry). The registry's entry of a battle file names its engine (compiler.Offer.Engine); the
// compiler imports no engine, so what the commands do with the compiled battle of each engine is
// here, one entry per engine, instead of a test of which of Compiled.Battle and Compiled.Clash is
// set in each command. TestOneRegistry fails on a battle entry whose engine has none.

// battleEngine is what sortie's commands do with a battle file one engine fights, compiled to u
// (compiler.Compiled, kind "battle").
type battleEngine struct {
	// subject is the battle at path as simulate's subject; rules are Part P's switches (a
	// Pathfinder battle's; a clash battle sets its options in the file).
	subject func(path string, u *compiler.Compiled, rules pfarmy.Options) (*simSubject, error)
	// draw is sortie graph's picture of it (its entry's Graph).
	draw func(u *compiler.Compiled) *graph.Scene
	// known is what its tests: and expect: may name (sides and "no winner", armies, objectives),
	// DayUnit left to the entry's Unit.
	known func(u *compiler.Compiled) expect.Known
	// test fights one of its tests: with the test's script (a file inside its folder).
	test func(u *compiler.Compiled, script string, t *expect.Test) (*expect.Run, diag.List, error)
	// entities are the changes of its entities between two versions (sortie diff).
	entities func(old, new *simSubject, oldDecl, newDecl map[string]diag.Pos) []plandiff.EntityChange
	// replay is the replay page's input (sortie replay --plan).
	replay func(u *compiler.Compiled) replaypage.Input
}

// battleEngines are the engines of battle files by name (compiler.Offer.Engine).
var battleEngines = map[string]battleEngine{
	"pathfinder": {
		subject: func(path string, u *compiler.Compiled, rules pfarmy.Options) (*simSubject, error) {
			return pfBattleSubject(path, u.Battle, rules)
		},
		draw:  func(u *compiler.Compiled) *graph.Scene { return graph.Battle(u.Battle) },
		known: func(u *compiler.Compiled) expect.Known { return knownOfPFBattle(u.Battle) },
		test: func(u *compiler.Compiled, script string, t *expect.Test) (*expect.Run, diag.List, error) {
			return playPFBattleTest(u.Battle, script, t)
		},
		entities: func(o, n *simSubject, od, nd map[string]diag.Pos) []plandiff.EntityChange {
			return plandiff.BattleEntities(o.battle, n.battle, od, nd)
		},
		replay: func(u *compiler.Compiled) replaypage.Input { return replaypage.Input{Battle: u.Battle} },
	},
	"clash": {
		subject: func(path string, u *compiler.Compiled, _ pfarmy.Options) (*simSubject, error) {
			return clashSubject(path, u.Clash)
		},
		draw:  func(u *compiler.Compiled) *graph.Scene { return graph.Clash(u.Clash) },
		known: func(u *compiler.Compiled) expect.Known { return knownOfClash(u.Clash) },
		test: func(u *compiler.Compiled, script string, t *expect.Test) (*expect.Run, diag.List, error) {
			return playClashTest(u.Clash, script, t)
		},
		entities: func(o, n *simSubject, od, nd map[string]diag.Pos) []plandiff.EntityChange {
			return plandiff.ClashEntities(o.clash, n.clash, od, nd)
		},
		replay: func(u *compiler.Compiled) replaypage.Input { return replaypage.Input{Clash: u.Clash} },
	},
}

// battleEngineOf returns the engine of the battle file u compiled to, and its registry entry; ok
// false when u is not a battle file sortie has an engine for.
func battleEngineOf(u *compiler.Compiled) (be battleEngine, o *offer, ok bool) {
	if u == nil {
		return battleEngine{}, nil, false
	}
	if o = offerOfUnit(u); o == nil || o.Kind != "battle" {
		return battleEngine{}, nil, false
	}
	be, ok = battleEngines[o.Engine]
	return be, o, ok
}
