// Package graph draws what a compiled plan says, for people: the field with its blocks or hexes
// at their coordinates (terrain, bases, trails, one-way passages, hidden boxes, events and
// objectives) and each army's route with the day of each step from the forecast; and a
// campaign's scenario unlock graph.
//
// A picture is first a Scene (shapes and text in pixels, scene.go), written as SVG (svg.go) or
// PNG (png.go, rasterised with github.com/fogleman/gg and the Go fonts, so the same plan gives the
// same bytes on every machine). Fields are laid out by their own coordinates; a campaign's graph
// is laid out in layers, left to right, as Graphviz's dot would (campaign_layout.go, in Go: no
// WASM runtime, nothing done at start-up, no cache on disk), and then drawn the same way. Dot
// and Mermaid text (text.go) describe the same pictures for other tools: the dot of a field pins
// every node (neato -n), Mermaid renders on GitHub.
//
// Nothing here prints; every function returns bytes or a Scene.
package graph
