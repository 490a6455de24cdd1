// Package replay builds the replay page of one run: a self-contained HTML page (no network, no
// font or script from elsewhere; it works from file://) on which an author or a GM watches a
// dry run step by step instead of reading its transcript.
//
// The page holds the map drawn as SVG in the engine's geometry (Karzoral blocks with terrain,
// trails, one-way passages and boxes; Pathfinder hexes; When Armies Clash squares with terrain
// and elevation), a timeline of steps (a Karzoral day and phase, a Pathfinder day and battle
// phase, a clash round and turn) with play, pause, step and the arrow keys, the transcript lines
// of the current step, a chart over the steps (army strengths and rations; army hp; VP and
// stands; an army off the field has no point there, never a stand-in number) and a view switch: the players' view shows only what the party knew at that step
// (K-23: events for all and for the party, the armies where last seen, boxes unopened), the GM
// view everything (events for all and for the GM).
//
// Build reads the run's JSON Lines events (as `--format jsonl` writes them, every audience) and
// the compiled plan; it works out each step's marks for both views in Go (karzoral.go, hex.go,
// clash.go), so the viewer script (viewer.js, embedded) only draws what it is given. The data
// is embedded as JSON in a <script type="application/json"> element, with <, > and & written
// as \u003c, \u003e and \u0026 (encoding/json), so that no stranger's string ("</script>") can
// end the element; the script shows strings with textContent only.
package replay
