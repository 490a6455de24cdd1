package main

// The engines sortie plays, each registered with runner.Register by its package (one line each):
// runner.Run picks one by the plan's rules.
import (
	_ "github.com/sortie-rpg/sortie/runner/karzoral"
	_ "github.com/sortie-rpg/sortie/runner/pathfinder"
)
