package main

import "github.com/sortie-rpg/sortie/runner/pathfinder"

func pathfinderDefaults() pathfinder.Options { return pathfinder.Options{} }
