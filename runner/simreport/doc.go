// Package simreport turns a simulation's tally (runner.Simulate) into the report `sortie
// simulate` prints: outcome rates with 95% Wilson intervals and their causes, when the runs ended
// (min, median, p90, max, a histogram), the values at the end (army strengths, XP per PC) as
// distributions, the coverage of the subject's entities with those no run covered, and the heat
// maps of where the party and the armies stood. It writes the report as text, as JSON and as one
// self-contained HTML page (heat maps and histograms as hand-written SVG, no script, no network).
//
// # Imports
//
// runner (the core) only: the report knows no engine; an engine names its entities and their
// kinds (runner.Entity), and the caller says how a declaration key reads as file:line.
package simreport
